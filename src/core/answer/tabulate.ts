// Rows to cells: the one shape the pane, the functions and refresh all write into Excel.
import { dayOfTimestamp, excelSerial } from "../dates";
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

export function tabulate(result: TabulateInput, query: Pick<DataRequest, "metrics" | "comparison">): Tabulated {
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
  for (const key of KEY_COLUMNS) {
    if (!present.has(key)) continue;
    const textual = key.endsWith("name") || rows.some((r) => typeof r[key] === "string");
    add(key, textual ? "text" : "code");
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

  const serials = new Map<string, number | null>();
  const toSerial = (v: unknown): Cell => {
    if (typeof v !== "string") return v === undefined ? null : (v as Cell);
    let s = serials.get(v);
    if (s === undefined) {
      const day = dayOfTimestamp(v);
      s = day ? excelSerial(day) : null;
      serials.set(v, s);
    }
    return s ?? v;
  };

  const width = fields.length;
  const kinds = columns.map((c) => c.kind);
  const values: Cell[][] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const out: Cell[] = new Array(width);
    for (let c = 0; c < width; c++) {
      const v = r[fields[c]];
      const kind = kinds[c];
      if (kind === "date") out[c] = toSerial(v);
      else if (kind === "percent") out[c] = typeof v === "number" ? v / COMPARISON_SCALE : ((v ?? null) as Cell);
      else out[c] = v === undefined ? null : (v as Cell);
    }
    values[i] = out;
  }
  return { columns, headers: columns.map((c) => c.name), values };
}

function firstValue(rows: readonly Record<string, unknown>[], key: string): unknown {
  for (const r of rows) if (r[key] !== null && r[key] !== undefined) return r[key];
  return undefined;
}
