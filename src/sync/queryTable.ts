// A query's database table: its columns and row key from the query and the service's answer (the period, the
// retailer for a table of several, the level's codes and names, the metrics asked, any other field the answer
// brings), and the service's rows as rows of it, which the add-in's refresh rules read as they are (the period a
// day's own text, each column with its kind: planColumns), so src/core/refresh plans a sync as it plans a refresh.
import { dayOfTimestamp } from "../core/dates";
import { RETAILER_COLUMN } from "../core/answer/retailersTable";
import { COMPARISON_SCALE, KEY_COLUMNS, type Column, type ColumnKind } from "../core/answer/tabulate";
import { METRICS } from "../core/query/metrics";
import type { Query } from "../core/query/query";
import type { SyncCell, SyncColumn, SyncTableSpec } from "./engine";
import type { RowBlock } from "./rowBlock";
import { fitName } from "./sqlNames";

/** The key and name fields each level's rows carry (spec: SKU and store data rows). */
const LEVEL_FIELDS = { sku: ["sku", "sku_product_name"], store: ["sku", "product_name", "store_id", "store_name"] };
const CODES = new Set(["sku", "store_id"]);
const INTEGER_METRICS = new Set(["units", "stock", "ranged_stores", "stores_selling", "stores_with_stock"]);

/** A query's table: the spec the engine writes, and each column's kind as the refresh rules read it. */
export interface QueryTable {
  spec: SyncTableSpec;
  kinds: ColumnKind[];
  /** The service's field of each column (the retailer column has none: it is the retailer read). */
  fields: (string | null)[];
}

/** What the table is built from: the answer's period field, the metrics sent, and a row to tell other fields' types. */
export interface AnswerShape {
  periodField: string;
  metrics: readonly string[];
  fields: readonly string[];
  sample?: Readonly<Record<string, unknown>>;
}

export function queryTableOf(
  name: string,
  query: Pick<Query, "retailers" | "level" | "filter" | "comparison">,
  answer: AnswerShape,
  maxNameBytes: number,
): QueryTable {
  const columns: SyncColumn[] = [];
  const kinds: ColumnKind[] = [];
  const fields: (string | null)[] = [];
  const add = (column: string, field: string | null, type: SyncColumn["type"], kind: ColumnKind) => {
    columns.push({ name: column, type });
    kinds.push(kind);
    fields.push(field);
  };
  add(answer.periodField, answer.periodField, "date", "date");
  if (query.retailers.length > 1) add(RETAILER_COLUMN, null, "text", "text");
  // A filter1..filter5 query sends the filter's name in place of the SKU code.
  const named = query.filter !== undefined && query.filter !== "sku";
  for (const f of KEY_COLUMNS.filter((k) => LEVEL_FIELDS[query.level].includes(k))) {
    if (CODES.has(f) && !(f === "sku" && named)) add(f, f, "bigint", "code");
    else add(f, f, "text", "text");
  }
  for (const m of answer.metrics) add(m, m, "double", INTEGER_METRICS.has(m) ? "integer" : "decimal");
  const placed = new Set(fields);
  for (const f of answer.fields) {
    if (placed.has(f)) continue;
    // Other numbers are comparison columns with a comparison (a percent, left out of the revisions as the add-in
    // does), else figures; as tabulate.ts lays them.
    if (typeof answer.sample?.[f] === "number") add(f, f, "double", query.comparison ? "percent" : "decimal");
    else add(f, f, "text", "text");
  }
  const key = columns.filter((c, i) => i === 0 || c.name === RETAILER_COLUMN || CODES.has(c.name)).map((c) => c.name);
  return { spec: { table: fitName(name, maxNameBytes), columns, key, period: answer.periodField }, kinds, fields };
}

/** Every field a service row can bring as a column, and the retailer column: never the user's. */
const SERVICE_COLUMNS = new Set<string>([...METRICS, ...LEVEL_FIELDS.sku, ...LEVEL_FIELDS.store, RETAILER_COLUMN]);

/**
 * The stored table's columns (before anything is read) that another query wrote: the service's fields (a metric, a
 * level's code or name, the retailer) that this query never writes. A table of the same query has none; a user's
 * own column is never a service field's name.
 */
export function otherQueryColumns(
  query: Pick<Query, "retailers" | "level" | "metrics">,
  stored: readonly string[],
  foldsCase: boolean,
): string[] {
  const fold = (name: string) => (foldsCase ? name.toLowerCase() : name);
  const writes = new Set(
    [...query.metrics, ...LEVEL_FIELDS[query.level], ...(query.retailers.length > 1 ? [RETAILER_COLUMN] : [])].map(
      fold,
    ),
  );
  const service = new Set([...SERVICE_COLUMNS].map(fold));
  return stored.filter((c) => service.has(fold(c)) && !writes.has(fold(c)));
}

/** A service value in a column of `type`: codes sent as digits are numbers, names sent as numbers are text. */
function cellOf(v: unknown, type: SyncColumn["type"]): SyncCell {
  if (v === undefined || v === null) return null;
  if (type === "bigint" && typeof v === "string" && /^-?\d{1,15}$/.test(v)) return Number(v);
  if (type === "text" && typeof v === "number") return String(v);
  return v as SyncCell;
}

const NOTHING_READ = Symbol("nothing read");

/**
 * Answers' rows laid into one block of the table's rows as they come, batch by batch (the period its UTC day, the
 * retailer column filled). Each distinct period is read once: rows share a few periods, and reading a day per row was
 * a third of a large sync. Each distinct text is kept once: JSON.parse makes a string per row for a product or store
 * name, and rows holding those copies would keep them all until written; holding one copy lets the batch's go with
 * it.
 */
export class BlockWriter {
  private readonly days = new Map<unknown, SyncCell>();
  private readonly texts = new Map<string, string>();
  /**
   * Per column, the last value read (none yet: a value no row has) and the cell made of it: a week's rows share their
   * period and, row after row, a product's name, so the maps above are asked once for each run of them.
   */
  private readonly lastRead: unknown[];
  private readonly lastCell: SyncCell[] = [];
  private cells: SyncCell[] = [];

  constructor(private readonly t: QueryTable) {
    this.lastRead = t.spec.columns.map(() => NOTHING_READ);
  }

  /** Rows of `retailer`'s answer, after those added before. */
  add(rows: readonly Readonly<Record<string, unknown>>[], retailer: string): void {
    const { t } = this;
    const { columns } = t.spec;
    const width = columns.length;
    let at = this.cells.length;
    // A block's array made at its size: grown value by value, it is copied again and again as it grows.
    if (at === 0) this.cells = new Array<SyncCell>(rows.length * width);
    const { cells } = this;
    for (const row of rows)
      for (let i = 0; i < width; i++, at++) {
        const field = t.fields[i];
        if (field === null) {
          cells[at] = retailer;
          continue;
        }
        const v = row[field];
        // A comparison is stored as the workbook holds it: the fraction (12.5% as 0.125), not the service's 12.5.
        if (i === 0) cells[at] = v === this.lastRead[0] ? this.lastCell[0] : this.remember(0, v, this.dayOf(v));
        else if (t.kinds[i] === "percent" && typeof v === "number") cells[at] = v / COMPARISON_SCALE;
        else if (columns[i].type !== "text") cells[at] = cellOf(v, columns[i].type);
        else cells[at] = v === this.lastRead[i] ? this.lastCell[i] : this.remember(i, v, this.once(cellOf(v, "text")));
      }
  }

  /** The rows added, as one block; the writer starts afresh. */
  take(): RowBlock {
    const { cells } = this;
    this.cells = [];
    const width = this.t.spec.columns.length;
    return { width, length: cells.length / width, cells };
  }

  private remember(column: number, read: unknown, cell: SyncCell): SyncCell {
    this.lastRead[column] = read;
    return (this.lastCell[column] = cell);
  }

  private dayOf(v: unknown): SyncCell {
    let day = this.days.get(v);
    if (day === undefined)
      this.days.set(v, (day = typeof v === "string" ? (dayOfTimestamp(v) ?? v) : cellOf(v, "date")));
    return day;
  }

  private once(v: SyncCell): SyncCell {
    if (typeof v !== "string") return v;
    const kept = this.texts.get(v);
    if (kept !== undefined) return kept;
    this.texts.set(v, v);
    return v;
  }
}

/** The table's columns as the refresh rules read them. */
export const planColumns = (t: QueryTable): Column[] =>
  t.spec.columns.map((c, i) => ({ name: c.name, kind: t.kinds[i] }));
