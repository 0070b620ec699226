// Cell formats by column kind, and what makes a value safe to write into Excel.
import type { Cell, Column, ColumnKind } from "../core/answer/tabulate";

export const NUMBER_FORMATS: Record<ColumnKind, string> = {
  date: "yyyy-mm-dd",
  code: "0",
  text: "@", // Text: Excel stores what is written as it is, even "=..." (service text never becomes a formula)
  integer: "#,##0",
  decimal: "#,##0.00",
  percent: "0.0%",
};

const FORMULA_LIKE = /^[=+\-@]/;

/**
 * A cell as Excel must receive it: null becomes "" (in office-js null would mean "leave unchanged"), and
 * a formula-like string outside a Text column gets Excel's text prefix (') so it lands as text.
 */
function excelCell(value: Cell, kind: ColumnKind): string | number | boolean {
  if (value === null) return "";
  if (typeof value === "string" && kind !== "text" && FORMULA_LIKE.test(value)) return `'${value}`;
  return value;
}

export function excelRows(values: readonly Cell[][], columns: readonly Column[]): (string | number | boolean)[][] {
  const kinds = columns.map((c) => c.kind);
  return values.map((row) => row.map((v, c) => excelCell(v, kinds[c])));
}

/** Header cells are text whatever they look like. */
export function excelHeader(headers: readonly string[]): string[] {
  return headers.map((h) => (FORMULA_LIKE.test(h) ? `'${h}` : h));
}

/** An estimate of the JSON bytes one row adds to a request: what the block size is planned from. */
function bytesPerRow(rows: readonly (string | number | boolean | null)[][]): number {
  if (rows.length === 0) return 16;
  const picks = new Set([0, rows.length >> 2, rows.length >> 1, (rows.length * 3) >> 2, rows.length - 1]);
  let largest = 0;
  for (const i of picks) largest = Math.max(largest, JSON.stringify(rows[i]).length);
  // Strings with non-ASCII text take more bytes in UTF-8 than characters; leave headroom.
  return Math.ceil(largest * 1.5) + 8;
}

/** The UTF-8 bytes of a value's JSON (what it adds to a request), counted exactly. */
export function jsonBytes(value: unknown): number {
  const s = JSON.stringify(value) ?? "";
  let extra = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Two bytes up to U+07FF, three above (a surrogate pair, four bytes, counts two units of two).
    if (c >= 0x80) extra += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2;
  }
  return s.length + extra;
}

export function blockRows(
  rows: readonly (string | number | boolean | null)[][],
  columns: number,
  limits: { bytes: number; cells: number; rows: number },
): number {
  const byBytes = Math.floor(limits.bytes / bytesPerRow(rows));
  const byCells = Math.floor(limits.cells / Math.max(1, columns));
  return Math.max(1, Math.min(byBytes, byCells, limits.rows));
}
