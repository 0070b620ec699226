// A query's answers as rows of its database table, one chunk's answers at a time as they arrive, so an answer is
// let go as soon as it is rows. The table's shape (its period column, the metrics sent, any other field such as a
// comparison) comes from the first answers that have rows: src/sync/read.ts hands the first chunks over in date
// order until one has rows, so a range whose first days are empty still gets every column. With no rows at all,
// the shape the client assumes.
import type { DataResult } from "../api/client";
import type { RowBlock } from "./block";
import { queryTableOf, tableBlock, type QueryTable } from "./queryTable";
import type { SyncEntry } from "./syncFile";

/** One chunk's answers as a block of table rows, and what the client said of them. */
export interface ChunkRows {
  rows: RowBlock;
  warnings: string[];
}

/** The table of a query from answers: the period field, the metrics sent, the fields of the rows. */
function tableOf(entry: SyncEntry, results: readonly DataResult[], maxNameBytes: number): QueryTable {
  const withRows = results.find((r) => r.rows.length > 0) ?? results[0];
  const shape = {
    periodField: withRows.periodField,
    metrics: withRows.query.metrics,
    fields: [...new Set(results.flatMap((r) => r.fields))],
    sample: withRows.rows[0],
  };
  return queryTableOf(entry.table, entry.query, shape, maxNameBytes);
}

export class AnswerRows {
  private shaped?: QueryTable;
  /** The first answers, all empty, while no answer has had rows: the shape when none ever does. */
  private firstEmpty?: readonly DataResult[];

  constructor(
    private readonly entry: SyncEntry,
    private readonly maxNameBytes: number,
  ) {}

  /** One chunk's answers (one per retailer) as rows of the table. */
  readonly take = (results: DataResult[]): ChunkRows => {
    const warnings = results.flatMap((r) => r.warnings);
    if (!this.shaped && results.every((r) => r.rows.length === 0)) {
      this.firstEmpty ??= results;
      return { rows: { width: 0, length: 0, cells: [] }, warnings };
    }
    const table = (this.shaped ??= tableOf(this.entry, results, this.maxNameBytes));
    const answers = results.map((r) => ({ rows: r.rows, retailer: r.query.retailer }));
    return { rows: tableBlock(table, answers), warnings };
  };

  /** The table the rows fill; known once an answer has been taken. */
  get table(): QueryTable {
    if (this.shaped) return this.shaped;
    if (!this.firstEmpty) throw new Error("the table of a read that gave no answers");
    return (this.shaped = tableOf(this.entry, this.firstEmpty, this.maxNameBytes));
  }
}
