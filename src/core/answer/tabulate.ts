// Rows to cells: the one shape the pane, the functions and refresh all write into Excel (days as the store holds
// them: DayCells, Excel's serials from src/excel).
import { dayOfTimestamp, type DayCells } from "../dates";
import type { DataRequest } from "../query/query";

export type Cell = string | number | boolean | null;

/** How a column is shown: dates yyyy-mm-dd, codes as plain numbers, integers #,##0, decimals #,##0.00, percent 0.0%. */
export type ColumnKind = "date" | "code" | "text" | "integer" | "decimal" | "percent";

export interface Column {
  /** Header text: the service's field name, so structured references read like the data (Sales[revenue]). */
  name: string;
  kind: ColumnKind;
}

export interface Tabulated {
  columns: Column[];
  headers: string[];
  values: Cell[][];
}

export interface TabulateInput {
  rows: readonly Record<string, unknown>[];
  periodField: string | undefined;
  omittedMetrics?: readonly string[];
  /**
   * The fields that become columns, when already known (src/core/answer/answerCheck.ts: every field of the rows less
   * those nobody asked for); absent: every field any row has.
   */
  fields?: readonly string[];
}

/** Key columns in the order people read them. */
export const KEY_COLUMNS: readonly string[] = ["sku", "sku_product_name", "product_name", "store_id", "store_name"];
const INTEGER_METRICS = new Set(["units", "stock", "ranged_stores", "stores_selling", "stores_with_stock"]);

/**
 * The service sends a comparison as a percentage change (12.5 = +12.5%, the simulator's documented pick);
 * cells hold the fraction so Excel's 0.0% format shows it as 12.5%.
 */
export const COMPARISON_SCALE = 100;

export function tabulate(
  result: TabulateInput,
  query: Pick<DataRequest, "metrics" | "comparison">,
  dayCells: DayCells,
): Tabulated {
  const { rows, periodField } = result;
  const present = new Set<string>(result.fields);
  if (!result.fields) for (const r of rows) for (const k in r) present.add(k);

  const omitted = new Set(result.omittedMetrics ?? []);
  const columns: Column[] = [];
  const fields: string[] = [];
  const add = (field: string, kind: ColumnKind) => {
    fields.push(field);
    columns.push({ name: field, kind });
  };

  if (periodField && present.has(periodField)) add(periodField, "date");
  // A code column (SKU, store) is text when any row sends its code as text: known after the rows are read, which
  // read both kinds alike.
  const codes: number[] = [];
  for (const key of KEY_COLUMNS) {
    if (!present.has(key)) continue;
    if (!key.endsWith("name")) codes.push(fields.length);
    add(key, key.endsWith("name") ? "text" : "code");
  }
  for (const m of query.metrics) {
    if (present.has(m) || (rows.length === 0 && !omitted.has(m)))
      add(m, INTEGER_METRICS.has(m) ? "integer" : "decimal");
  }
  const placed = new Set(fields);
  for (const k of present) {
    if (placed.has(k)) continue;
    const sample = firstValue(rows, k);
    if (typeof sample === "number") add(k, query.comparison ? "percent" : "decimal");
    else add(k, "text");
  }
  const { values, textIn } = cellsOf(
    rows,
    fields,
    columns.map((c) => c.kind),
    dayCells,
  );
  for (const c of codes) if (textIn.has(c)) columns[c].kind = "text";
  return { columns, headers: columns.map((c) => c.name), values };
}

/**
 * The rows' cells in the columns of `fields`, and the columns that held text. Rows of one answer mostly share
 * their fields in order: such a row's fields are read in its own order (for...in reads them straight from the
 * object, where a field named by a variable is a slow lookup), each into its column; a row with other fields is
 * read field by field, and its fields become the order looked for.
 */
function cellsOf(
  rows: readonly Record<string, unknown>[],
  fields: readonly string[],
  kinds: readonly ColumnKind[],
  dayCells: DayCells,
) {
  const width = fields.length;
  const textIn = new Set<number>();
  let lastText: unknown;
  let lastDay: Cell = null;
  const dayCellOf = new Map<string, Cell>();
  const day = (v: string): Cell => {
    if (v === lastText) return lastDay;
    let c = dayCellOf.get(v);
    if (c === undefined) {
      const d = dayOfTimestamp(v);
      dayCellOf.set(v, (c = d ? dayCells.cellOf(d) : v));
    }
    lastText = v;
    return (lastDay = c);
  };
  const cell = (kind: ColumnKind, c: number, v: unknown): Cell => {
    if (v === undefined || v === null) return null;
    if (kind === "date") return typeof v === "string" ? day(v) : (v as Cell);
    if (kind === "percent") return typeof v === "number" ? v / COMPARISON_SCALE : (v as Cell);
    if (kind === "code" && typeof v === "string") textIn.add(c);
    return v as Cell;
  };
  let layout: string[] = [];
  /** Per field of the layout: its column (-1: none) and that column's kind. */
  let columnOf: number[] = [];
  let kindOf: ColumnKind[] = [];
  let absent = fields.map((_, c) => c); // a row with no fields has no column's value
  const values: Cell[][] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const out: Cell[] = new Array(width);
    let j = 0;
    for (const k in r) {
      if (k !== layout[j]) {
        j = -1;
        break;
      }
      const c = columnOf[j];
      if (c >= 0) out[c] = cell(kindOf[j], c, r[k]);
      j++;
    }
    if (j === layout.length) {
      for (const c of absent) out[c] = null;
    } else {
      layout = Object.keys(r);
      columnOf = layout.map((k) => fields.indexOf(k));
      kindOf = columnOf.map((c) => kinds[c]);
      absent = fields.flatMap((f, c) => (layout.includes(f) ? [] : [c]));
      for (let c = 0; c < width; c++) out[c] = cell(kinds[c], c, r[fields[c]]);
    }
    values[i] = out;
  }
  return { values, textIn };
}

function firstValue(rows: readonly Record<string, unknown>[], key: string): unknown {
  for (const r of rows) if (r[key] !== null && r[key] !== undefined) return r[key];
  return undefined;
}
