// The cell grid of one worksheet and Excel's "data entry" rules for what a written value becomes.
import { MAX_COLUMNS, MAX_ROWS, Rect, columnCount, rowCount } from "./addresses";
import { invalidArgument, hostError } from "./errors";

export type Scalar = number | string | boolean;

export interface Cell {
  /** What `values` reads. For a formula cell: the formula text (the host has no formula engine). */
  value: Scalar;
  formula?: string;
  /** Number format; absent means "General". */
  format?: string;
  /** Text entered with a leading apostrophe (Excel's PrefixCharacter); the apostrophe is not part of the value. */
  quotePrefix?: boolean;
}

export const GENERAL = "General";
const TEXT_FORMAT = "@";

const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d*)?(?:[eE][+-]?\d+)?%?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Excel's serial date (1900 system) for a calendar date, or null if the date does not exist. */
export function dateSerial(y: number, m: number, d: number): number | null {
  const t = Date.UTC(y, m - 1, d);
  const dt = new Date(t);
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d || y < 1900) return null;
  // 25569 = serial of 1970-01-01 (includes Excel's fictitious 1900-02-29).
  const serial = t / 86_400_000 + 25_569;
  return serial < 61 ? serial - 1 : serial;
}

/**
 * What Excel stores when a value is written to `values` / `formulas` (the same rules as typing into the cell):
 * - null/undefined: leave the cell unchanged (Excel ignores null in a 2D array);
 * - "" clears the contents; a cell formatted as Text ("@") stores any string literally;
 * - a leading apostrophe is consumed: the rest is stored as text (quotePrefix);
 * - "=..." is a formula; "+x", "-x", "@x" that are not numbers are formula entries too (stored as "=" + text);
 * - numeric text ("12", "1,234.5", "1e3", "50%") becomes a number, "TRUE"/"FALSE" a boolean,
 *   an ISO date "yyyy-mm-dd" a date serial (with format "yyyy-mm-dd" if the cell was General).
 */
export function enterValue(input: unknown, current: Cell | undefined): Cell | null | undefined {
  if (input === null || input === undefined) return undefined; // unchanged
  const format = current?.format;
  const keep = (c: Cell): Cell => (format !== undefined && c.format === undefined ? { ...c, format } : c);
  if (typeof input === "number") {
    if (!Number.isFinite(input)) throw invalidArgument("Numbers written to a range must be finite.");
    return keep({ value: input === 0 ? 0 : input });
  }
  if (typeof input === "boolean") return keep({ value: input });
  if (typeof input !== "string") throw invalidArgument(`Unsupported cell value of type ${typeof input}.`);
  if (input === "") return format === undefined ? null : { value: "", format };
  if (input.length > 32_767) throw invalidArgument("A cell can hold at most 32,767 characters.");
  if (format === TEXT_FORMAT) return { value: input, format };
  if (input.startsWith("'")) return keep({ value: input.slice(1), quotePrefix: true });
  if (input.startsWith("=")) return keep({ value: input, formula: input });
  const t = input.trim();
  if (t !== "" && NUMBER.test(t) && /\d/.test(t)) {
    const pct = t.endsWith("%");
    const n = Number(t.replace(/,/g, "").replace(/%$/, ""));
    if (Number.isFinite(n)) {
      const c: Cell = { value: pct ? n / 100 : n };
      if (pct && (format === undefined || format === GENERAL)) c.format = "0%";
      return keep(c);
    }
  }
  if (/^[+\-@]/.test(input)) return keep({ value: "=" + input, formula: "=" + input });
  const upper = t.toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") return keep({ value: upper === "TRUE" });
  const iso = ISO_DATE.exec(t);
  if (iso) {
    const serial = dateSerial(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (serial !== null) {
      return { value: serial, format: format === undefined || format === GENERAL ? "yyyy-mm-dd" : format };
    }
  }
  return keep({ value: input });
}

function isBlankCell(c: Cell): boolean {
  return c.value === "" && c.formula === undefined;
}

/** Accepts a 2D array matching the rect exactly, or a single scalar that fills it (as Excel does). */
export function cellInputAt(input: unknown, rect: Rect): (r: number, c: number) => unknown {
  if (!Array.isArray(input)) {
    if (input !== null && typeof input === "object") throw invalidArgument("Expected a 2D array or a single value.");
    return () => input;
  }
  const rows = rowCount(rect),
    cols = columnCount(rect);
  if (input.length !== rows || input.some((row) => !Array.isArray(row) || row.length !== cols)) {
    const got = `${input.length}x${Array.isArray(input[0]) ? input[0].length : "?"}`;
    throw invalidArgument(
      `The number of rows or columns in the input array doesn't match the size or dimensions of the range (range is ${rows}x${cols}, input is ${got}).`,
    );
  }
  return (r, c) => (input[r] as unknown[])[c];
}

export type ReadableCellProperty = "values" | "formulas" | "numberFormat" | "text" | "valueTypes";

export class Grid {
  private rows = new Map<number, Map<number, Cell>>();

  get(r: number, c: number): Cell | undefined {
    return this.rows.get(r)?.get(c);
  }

  put(r: number, c: number, cell: Cell | null): void {
    const keep = cell && (!isBlankCell(cell) || (cell.format !== undefined && cell.format !== GENERAL));
    if (keep) {
      let row = this.rows.get(r);
      if (!row) this.rows.set(r, (row = new Map()));
      row.set(c, cell);
    } else {
      const row = this.rows.get(r);
      if (row) {
        row.delete(c);
        if (row.size === 0) this.rows.delete(r);
      }
    }
  }

  /** Every stored cell (row-major within each row, rows in insertion order). */
  *entries(): Generator<[number, number, Cell]> {
    for (const [r, row] of this.rows) for (const [c, cell] of row) yield [r, c, cell];
  }

  /** Stored cells inside rect, without visiting the empty ones. */
  *entriesIn(rect: Rect): Generator<[number, number, Cell]> {
    const tall = rowCount(rect) > this.rows.size;
    if (tall) {
      for (const [r, row] of this.rows) {
        if (r < rect.r0 || r > rect.r1) continue;
        for (const [c, cell] of row) if (c >= rect.c0 && c <= rect.c1) yield [r, c, cell];
      }
    } else {
      for (let r = rect.r0; r <= rect.r1; r++) {
        const row = this.rows.get(r);
        if (!row) continue;
        for (const [c, cell] of row) if (c >= rect.c0 && c <= rect.c1) yield [r, c, cell];
      }
    }
  }

  read(rect: Rect, prop: ReadableCellProperty): unknown[][] {
    const rows = rowCount(rect),
      cols = columnCount(rect);
    const empty = emptyReading(prop);
    const out: unknown[][] = new Array(rows);
    for (let i = 0; i < rows; i++) out[i] = new Array(cols).fill(empty);
    for (const [r, c, cell] of this.entriesIn(rect)) out[r - rect.r0][c - rect.c0] = readCell(cell, prop);
    return out;
  }

  /** Bytes of the JSON that `read(rect, prop)` would produce, without building it. */
  readSize(rect: Rect, prop: ReadableCellProperty): number {
    const rows = rowCount(rect),
      cols = columnCount(rect);
    const emptyLen = JSON.stringify(emptyReading(prop)).length;
    let size = 2 + (rows - 1) + rows * (2 + (cols - 1)) + rows * cols * emptyLen;
    for (const [, , cell] of this.entriesIn(rect)) size += JSON.stringify(readCell(cell, prop)).length - emptyLen;
    return size;
  }

  /** Writes values or formulas; returns the number of cells written. */
  writeEntries(rect: Rect, input: unknown): number {
    const at = cellInputAt(input, rect);
    for (let r = rect.r0; r <= rect.r1; r++) {
      for (let c = rect.c0; c <= rect.c1; c++) {
        const next = enterValue(at(r - rect.r0, c - rect.c0), this.get(r, c));
        if (next !== undefined) this.put(r, c, next);
      }
    }
    return rowCount(rect) * columnCount(rect);
  }

  writeNumberFormat(rect: Rect, input: unknown): number {
    const at = cellInputAt(input, rect);
    for (let r = rect.r0; r <= rect.r1; r++) {
      for (let c = rect.c0; c <= rect.c1; c++) {
        const f = at(r - rect.r0, c - rect.c0);
        if (f === null || f === undefined) continue;
        if (typeof f !== "string") throw invalidArgument("A number format must be a string.");
        const cur = this.get(r, c) ?? { value: "" };
        const { format: _old, ...rest } = cur;
        this.put(r, c, f === "" || f === GENERAL ? rest : { ...rest, format: f });
      }
    }
    return rowCount(rect) * columnCount(rect);
  }

  clear(rect: Rect, applyTo: "All" | "Formats" | "Contents"): void {
    for (const [r, c, cell] of [...this.entriesIn(rect)]) {
      if (applyTo === "All") this.put(r, c, null);
      else if (applyTo === "Contents")
        this.put(r, c, cell.format !== undefined ? { value: "", format: cell.format } : null);
      else {
        const { format: _f, ...rest } = cell;
        this.put(r, c, rest);
      }
    }
  }

  /** Smallest rect holding every non-blank cell (or formatted cell unless valuesOnly); null if none. */
  usedRect(valuesOnly: boolean): Rect | null {
    let r0 = Infinity,
      c0 = Infinity,
      r1 = -1,
      c1 = -1;
    for (const [r, c, cell] of this.entries()) {
      if (valuesOnly && isBlankCell(cell)) continue;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
      if (c < c0) c0 = c;
      if (c > c1) c1 = c;
    }
    return r1 < 0 ? null : { r0, c0, r1, c1 };
  }

  /**
   * Moves the cells of a band by `delta` along an axis: rows (for Up/Down, within columns c0..c1)
   * or columns (for Left/Right, within rows r0..r1). Cells at or beyond `from` move; cells that would
   * land before `from + delta` (when deleting) were removed by the caller first.
   */
  shift(axis: "rows" | "columns", band: { lo: number; hi: number }, from: number, delta: number): void {
    const limit = axis === "rows" ? MAX_ROWS : MAX_COLUMNS;
    const moving: [number, number, Cell][] = [];
    for (const [r, c, cell] of this.entries()) {
      const along = axis === "rows" ? r : c;
      const across = axis === "rows" ? c : r;
      if (along >= from && across >= band.lo && across <= band.hi) moving.push([r, c, cell]);
    }
    for (const [r, c] of moving) this.put(r, c, null);
    for (const [r, c, cell] of moving) {
      const nr = axis === "rows" ? r + delta : r;
      const nc = axis === "columns" ? c + delta : c;
      if ((axis === "rows" ? nr : nc) >= limit) {
        throw hostError(
          "NonBlankCellOffSheet",
          "Microsoft Excel can't insert new cells because it would push non-empty cells off the end of the worksheet.",
        );
      }
      this.put(nr, nc, cell);
    }
  }

  /** True when shifting would push a non-blank cell off the sheet. */
  wouldPushOffSheet(axis: "rows" | "columns", band: { lo: number; hi: number }, delta: number): boolean {
    const limit = axis === "rows" ? MAX_ROWS : MAX_COLUMNS;
    for (const [r, c] of this.entries()) {
      const along = axis === "rows" ? r : c;
      const across = axis === "rows" ? c : r;
      if (across >= band.lo && across <= band.hi && along + delta >= limit) return true;
    }
    return false;
  }
}

function emptyReading(prop: ReadableCellProperty): unknown {
  if (prop === "numberFormat") return GENERAL;
  if (prop === "valueTypes") return "Empty";
  return "";
}

function readCell(cell: Cell, prop: ReadableCellProperty): unknown {
  switch (prop) {
    case "values":
      return cell.value;
    case "formulas":
      // Excel returns a quote-prefixed text without its apostrophe (office-js issue #6687).
      return cell.formula ?? cell.value;
    case "numberFormat":
      return cell.format ?? GENERAL;
    case "text":
      return typeof cell.value === "boolean" ? (cell.value ? "TRUE" : "FALSE") : String(cell.value);
    case "valueTypes":
      if (isBlankCell(cell)) return "Empty";
      return typeof cell.value === "number" ? "Double" : typeof cell.value === "boolean" ? "Boolean" : "String";
  }
}
