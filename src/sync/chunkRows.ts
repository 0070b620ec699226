// A query's answers as rows of its database table, one chunk at a time, made as the answers stream: the client
// checks each batch of rows against its question as it is parsed (src/api/streamedRead.ts) and hands on those it
// keeps, which are laid into the chunk's block of table rows (queryTable.ts's BlockWriter) and let go. The chunk is
// given to the writer only once every answer of it has passed the check whole: a refused answer (even by its last
// row) fails the read, and its block is thrown away unwritten. The table's shape (its period column, the metrics
// sent, any other field such as a comparison) comes from the first answers that have rows, so until then a chunk's
// rows are held as the service sent them: src/sync/syncReads.ts hands the first chunks over in date order until one has
// rows, so a range whose first days are empty still gets every column. With no rows at all, the shape the client
// assumes.
import type { DataResult } from "../api/client";
import type { RoomForMore } from "../api/jsonBody";
import type { DataRow } from "../api/schemas";
import type { DateChunk } from "../core/query/chunks";
import { requestsOf } from "../core/query/query";
import type { RowBlock } from "./rowBlock";
import { BlockWriter, queryTableOf, type QueryTable } from "./queryTable";
import type { ChunkRead, SyncReader } from "./syncReads";
import type { SyncEntry } from "./syncFile";

/** One chunk's answers as a block of table rows, and what the client said of them. */
export interface ChunkRows {
  rows: RowBlock;
  warnings: string[];
  /**
   * The chunk's rows were too many to hold until its answers ended (the table's columns come from them): they told
   * the table, and the chunk must be read again for its rows.
   */
  again?: boolean;
}

/** Rows held of the first answers with rows, while their columns are not known yet; past it they are read again. */
const HELD_ROWS = 50_000;

const EMPTY: RowBlock = { width: 0, length: 0, cells: [] };

/** The table of a query from answers (their rows held whole): the period field, the metrics sent, the fields. */
function tableOf(entry: SyncEntry, results: readonly DataResult[], held: readonly DataRow[][], maxNameBytes: number) {
  const at = Math.max(
    0,
    held.findIndex((rows) => rows.length > 0),
  );
  const shape = {
    periodField: results[at].periodField,
    metrics: results[at].query.metrics,
    fields: [...new Set(results.flatMap((r) => r.fields))],
    sample: held[at]?.[0],
  };
  return queryTableOf(entry.table, entry.query, shape, maxNameBytes);
}

/**
 * Where a read's rows go as they are parsed once the table is known: each batch's block, pushed (blockQueue.ts); a
 * promise given back holds the read until the load has room (jsonBody.ts RoomForMore).
 */
export type BlockSink = (block: RowBlock) => RoomForMore;

/**
 * One retailer's answer in one chunk: its rows laid into the block as they come (and, with a sink, pushed batch by
 * batch), or held until the shape is known.
 */
class RetailerPart {
  readonly held: DataRow[][] = [];
  readonly periods = new Map<unknown, number>();
  /** Rows were let go unheld (HELD_ROWS): only the first is kept, to tell the other fields' types by. */
  dropped = false;

  constructor(
    readonly retailer: string,
    readonly writer: BlockWriter | null,
    private readonly probe: boolean,
    private readonly sink?: BlockSink,
    /** The rows the chunk's parts hold together while the table is not known, and how many they may. */
    private readonly holding: { rows: number; most: number } = { rows: 0, most: HELD_ROWS },
  ) {}

  readonly take = (rows: DataRow[], periodField: string): RoomForMore => {
    if (this.probe)
      for (const row of rows) this.periods.set(row[periodField], (this.periods.get(row[periodField]) ?? 0) + 1);
    if (!this.writer) return this.hold(rows);
    this.writer.add(rows, this.retailer);
    if (this.sink) return this.sink(this.writer.take());
  };

  get busiest(): number {
    return Math.max(0, ...this.periods.values());
  }

  private hold(rows: DataRow[]): void {
    if (this.dropped || rows.length === 0) return;
    this.holding.rows += rows.length;
    if (this.holding.rows <= this.holding.most) return void this.held.push(rows);
    const first = this.held[0]?.[0] ?? rows[0];
    this.dropped = true;
    this.held.length = 0;
    this.held.push([first]);
  }
}

export class AnswerRows {
  private shaped?: QueryTable;
  private sink?: BlockSink;
  /** The first answers, all empty, while no answer has had rows: the shape when none ever does. */
  private firstEmpty?: readonly DataResult[];

  constructor(
    private readonly entry: SyncEntry,
    private readonly maxNameBytes: number,
    private readonly reader: SyncReader,
    /** The rows of a first answer held until its end (HELD_ROWS; tests lower it). */
    private readonly heldRows = HELD_ROWS,
  ) {}

  /**
   * From now on (the table known), each batch's rows go to `sink` as they are parsed: a chunk's block is then empty,
   * and its rows are never held whole. A refused answer fails its read all the same; what was pushed of it is the
   * load's to throw away (a rollback).
   */
  streamTo(sink: BlockSink): void {
    this.sink = sink;
  }

  /** One chunk's answers (one per retailer), read as they stream, as rows of the table. */
  readonly read = async (chunk: DateChunk, probe: boolean): Promise<ChunkRead<ChunkRows>> => {
    const { entry, reader } = this;
    const requests = requestsOf({ ...entry.query, ...chunk });
    const holding = { rows: 0, most: this.heldRows };
    const parts = requests.map(
      (r) => new RetailerPart(r.retailer, this.shaped ? new BlockWriter(this.shaped) : null, probe, this.sink, holding),
    );
    // Through the run's pool: a 429 is the pool's (it halves the run's requests and waits), never retried inside one
    // request's slot. Several retailers as the add-in reads them: the first failure ends the read.
    const opts = { signal: reader.signal, pool: reader.pool };
    const results =
      requests.length === 1
        ? [await reader.client.streamData(requests[0], parts[0].take, opts)]
        : await reader.client.streamDataForRetailers(
            { ...entry.query, ...chunk },
            (i, rows, f) => parts[i].take(rows, f),
            opts,
          );
    const warnings = results.flatMap((r) => r.warnings);
    const busiest = Math.max(...parts.map((p) => p.busiest));
    if (!this.shaped) {
      const held = parts.map((p) => p.held.flat());
      if (held.every((rows) => rows.length === 0)) {
        this.firstEmpty ??= results;
        return { value: { rows: EMPTY, warnings }, busiest };
      }
      const writer = new BlockWriter((this.shaped = tableOf(entry, results, held, this.maxNameBytes)));
      if (parts.some((p) => p.dropped)) return { value: { rows: EMPTY, warnings, again: true }, busiest };
      parts.forEach((p, i) => writer.add(held[i], p.retailer));
      return this.handed(writer.take(), warnings, busiest);
    }
    return this.handed(joined(parts.map((p) => p.writer!.take())), warnings, busiest);
  };

  /** A chunk's rows: pushed to the sink when there is one (the chunk's block is then empty), else in its block. */
  private handed(rows: RowBlock, warnings: string[], busiest: number): ChunkRead<ChunkRows> {
    if (!this.sink) return { value: { rows, warnings }, busiest };
    void this.sink(rows);
    return { value: { rows: EMPTY, warnings }, busiest };
  }

  /** The table the rows fill; known once an answer has been read. */
  get table(): QueryTable {
    if (this.shaped) return this.shaped;
    if (!this.firstEmpty) throw new Error("the table of a read that gave no answers");
    return (this.shaped = tableOf(this.entry, this.firstEmpty, [], this.maxNameBytes));
  }
}

/** Blocks of one width as one (one retailer's is as it is). */
function joined(blocks: RowBlock[]): RowBlock {
  if (blocks.length === 1) return blocks[0];
  return {
    width: blocks[0].width,
    length: blocks.reduce((n, b) => n + b.length, 0),
    cells: blocks.flatMap((b) => b.cells),
  };
}
