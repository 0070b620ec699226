// A1 addresses <-> zero-based rectangles. Pure functions; no Excel object involved.
import { invalidArgument } from "./errors";

export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** Inclusive, zero-based rectangle of cells. */
export interface Rect {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export const rowCount = (r: Rect) => r.r1 - r.r0 + 1;
export const columnCount = (r: Rect) => r.c1 - r.c0 + 1;
export const cellCount = (r: Rect) => rowCount(r) * columnCount(r);

export function rectFromIndexes(row: number, col: number, rows: number, cols: number): Rect {
  const ints = [row, col, rows, cols].every((n) => Number.isInteger(n));
  if (!ints || row < 0 || col < 0 || rows < 1 || cols < 1) {
    throw invalidArgument(`Invalid range indexes (${row}, ${col}, ${rows}, ${cols}).`);
  }
  const rect = { r0: row, c0: col, r1: row + rows - 1, c1: col + cols - 1 };
  checkInSheet(rect);
  return rect;
}

export function checkInSheet(r: Rect): Rect {
  if (r.r0 < 0 || r.c0 < 0 || r.r1 >= MAX_ROWS || r.c1 >= MAX_COLUMNS || r.r1 < r.r0 || r.c1 < r.c0) {
    throw invalidArgument("The range is outside the worksheet's limits.");
  }
  return r;
}

/** Letters already worked out, by column: every cell of a large read or write asks again. */
const lettersOf: string[] = [];

export function columnLetters(col: number): string {
  return (lettersOf[col] ??= lettersFor(col));
}

function lettersFor(col: number): string {
  let s = "";
  let n = col + 1;
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Excel quotes a sheet name in an address unless it is a plain identifier that cannot be read as a reference. */
export function quoteSheetName(name: string): string {
  const plain = /^[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\u00C0-\uFFFF]*$/.test(name);
  const looksLikeRef =
    /^[A-Za-z]{1,3}[0-9]+$/.test(name) || /^[Rr]([0-9]*)[Cc]([0-9]*)$/.test(name) || /^[RrCc]$/.test(name);
  if (plain && !looksLikeRef) return name;
  return `'${name.replace(/'/g, "''")}'`;
}

export function formatRect(r: Rect): string {
  const wholeCols = r.r0 === 0 && r.r1 === MAX_ROWS - 1;
  const wholeRows = r.c0 === 0 && r.c1 === MAX_COLUMNS - 1;
  if (wholeCols && !wholeRows) return `${columnLetters(r.c0)}:${columnLetters(r.c1)}`;
  if (wholeRows) return `${r.r0 + 1}:${r.r1 + 1}`;
  const a = `${columnLetters(r.c0)}${r.r0 + 1}`;
  if (r.r0 === r.r1 && r.c0 === r.c1) return a;
  return `${a}:${columnLetters(r.c1)}${r.r1 + 1}`;
}

export function formatAddress(sheet: string, r: Rect): string {
  return `${quoteSheetName(sheet)}!${formatRect(r)}`;
}

export interface ParsedAddress {
  sheet?: string;
  rect: Rect;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?([0-9]{1,7})$/;
const COL = /^\$?([A-Za-z]{1,3})$/;
const ROW = /^\$?([0-9]{1,7})$/;

/** Parses "A1", "A1:C3", "A:C", "1:3", "Sheet1!A1", "'My Sheet'!A1:B2" ($ allowed). */
export function parseAddress(address: string): ParsedAddress {
  if (typeof address !== "string") throw invalidArgument("The address must be a string.");
  let rest = address.trim();
  let sheet: string | undefined;
  const bang = rest.lastIndexOf("!");
  if (bang >= 0) {
    let s = rest.slice(0, bang);
    rest = rest.slice(bang + 1);
    if (s.startsWith("'")) {
      if (!s.endsWith("'") || s.length < 2) throw invalidArgument(`Invalid address "${address}".`);
      s = s.slice(1, -1).replace(/''/g, "'");
    }
    if (!s) throw invalidArgument(`Invalid address "${address}".`);
    sheet = s;
  }
  const parts = rest.split(":");
  if (parts.length > 2 || parts.some((p) => p === "")) throw invalidArgument(`Invalid address "${address}".`);
  const [a, b = a] = parts;
  let rect: Rect | undefined;
  const ca = CELL.exec(a),
    cb = CELL.exec(b);
  if (ca && cb) {
    rect = span(Number(ca[2]) - 1, columnIndex(ca[1]), Number(cb[2]) - 1, columnIndex(cb[1]));
  } else if (parts.length === 2 && COL.test(a) && COL.test(b)) {
    rect = span(0, columnIndex(COL.exec(a)![1]), MAX_ROWS - 1, columnIndex(COL.exec(b)![1]));
  } else if (parts.length === 2 && ROW.test(a) && ROW.test(b)) {
    rect = span(Number(ROW.exec(a)![1]) - 1, 0, Number(ROW.exec(b)![1]) - 1, MAX_COLUMNS - 1);
  }
  if (!rect || rect.r0 < 0 || rect.c0 < 0) throw invalidArgument(`Invalid address "${address}".`);
  checkInSheet(rect);
  return { sheet, rect };
}

/** Excel normalises "C3:A1" to "A1:C3". */
function span(ra: number, ca: number, rb: number, cb: number): Rect {
  return { r0: Math.min(ra, rb), c0: Math.min(ca, cb), r1: Math.max(ra, rb), c1: Math.max(ca, cb) };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.r0 <= b.r1 && b.r0 <= a.r1 && a.c0 <= b.c1 && b.c0 <= a.c1;
}

export function intersection(a: Rect, b: Rect): Rect | null {
  if (!intersects(a, b)) return null;
  return { r0: Math.max(a.r0, b.r0), c0: Math.max(a.c0, b.c0), r1: Math.min(a.r1, b.r1), c1: Math.min(a.c1, b.c1) };
}

export function contains(outer: Rect, inner: Rect): boolean {
  return outer.r0 <= inner.r0 && outer.c0 <= inner.c0 && outer.r1 >= inner.r1 && outer.c1 >= inner.c1;
}
