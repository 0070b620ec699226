// The cells of one worksheet (Grid): a holey array of rows, each a holey array of cells, written and read under
// Excel's rules (cells.ts) with each read's JSON size measured as it is read (a response's payload).
import { MAX_COLUMNS, MAX_ROWS, Rect, columnCount, rowCount } from "./addresses";
import {
  GENERAL,
  checkCellInput,
  isBlankCell,
  makeCell,
  worthKeeping,
  type Cell,
  type ReadableCellProperty,
} from "./cells";
import { invalidArgument, hostError } from "./errors";
import { allSteps, SharedCells, STEP_ROWS } from "./shared-cells";

// Built-ins read once: the loops below run per cell, and reading a global is slow where the global object is
// intercepted (Node's vm contexts, which Jest runs tests in: Math.abs there costs ten times a local call).
const { isFinite, isInteger } = Number;
const { abs, round, floor, min, max } = Math;
const ArrayOf = Array;
const toText = String;
const { stringify } = JSON;

/**
 * One sheet row: cells by column, a holey array made as wide as the write that made it (newRow) and cut back to its
 * last cell whenever a cell goes (remove), so a row is empty exactly when its length is 0. A large table is hundreds
 * of thousands of rows, and an array grown a cell at a time holds room for twice the cells it has.
 */
type Row = (Cell | undefined)[];

/** Rows up to this wide are made again at their new width when they grow: V8 would add half again and 16 more. */
const EXACT_WIDTH = 64;

/** Strings JSON.stringify writes as-is between quotes (no escapes): the common case, measured without stringifying. */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function digits(n: number): number {
  let d = 1;
  while (n >= 10) {
    n /= 10;
    d++;
  }
  return d;
}

/**
 * String(v).length (= JSON.stringify(v).length) for a finite number, found arithmetically: converting a
 * double to text is the slowest part of measuring a big read. The shortest round-trip form of a number in
 * [1e-6, 1e15) with k decimals is m/10^k for the smallest k where Math.round(v * 10^k) / 10^k === v (both the
 * division and parsing "m e-k" round correctly). Anything else falls back to String(v). Proven equal to
 * String(v).length by a property test (test/workbook-host/speed.test.ts).
 */
export function numberJsonLength(v: number): number {
  if (!isFinite(v)) return 4; // null
  const sign = v < 0 ? 1 : 0;
  const a = abs(v);
  if (isInteger(a)) {
    if (a < 1e15) return sign + digits(a);
  } else if (a >= 1e-6 && a < 1e15) {
    let p = 1;
    for (let k = 1; k <= 21; k++) {
      p *= 10;
      const m = round(a * p);
      if (m >= 2 ** 50) break;
      if (m / p === a) return sign + digits(floor(a)) + 1 + k;
    }
  }
  return toText(v).length;
}

/** Length of JSON.stringify(v) for a cell reading, without building the string for ordinary values. */
function jsonLength(v: unknown): number {
  switch (typeof v) {
    case "number":
      return numberJsonLength(v);
    case "boolean":
      return v ? 4 : 5;
    case "string":
      return NEEDS_ESCAPE.test(v) ? stringify(v).length : v.length + 2;
    default:
      return stringify(v)?.length ?? 0;
  }
}

/**
 * The cells of one worksheet, sparse: a map of rows, each an array indexed by column. A cell object is never
 * changed once stored (a change puts a new one), so one object may stand for equal cells (writeEntries).
 */
export class Grid {
  /** Rows by index (a holey array: only rows holding a cell exist). */
  private rows: (Row | undefined)[] = [];
  /** The lowest row a cell changed in since takeLowestChange (Infinity: none): what a scan of the grid may keep. */
  private lowestChange = Infinity;

  /** The lowest row changed since the last call (Infinity when none), and from now on none. */
  takeLowestChange(): number {
    const low = this.lowestChange;
    this.lowestChange = Infinity;
    return low;
  }

  /** A grid sharing nothing with this one (a cell holds scalars only), its holes kept (map skips them). */
  copy(): Grid {
    const out = new Grid();
    out.rows = this.rows.map((row) => row && row.map((cell) => cell && { ...cell }));
    return out;
  }

  get(r: number, c: number): Cell | undefined {
    const row = this.rows[r];
    return row === undefined ? undefined : row[c];
  }

  /** Stores a cell (null, or one not worth keeping: none there); a new row is made `width` (past `c`) wide or more. */
  put(r: number, c: number, cell: Cell | null, width = c + 1): void {
    if (r < this.lowestChange) this.lowestChange = r;
    const row = this.rows[r];
    if (cell !== null && worthKeeping(cell)) {
      if (row === undefined) this.rows[r] = this.newRow(r, c, cell, width);
      else if (c < row.length || c >= EXACT_WIDTH) row[c] = cell;
      else {
        // Grown in place, a row of a few cells would hold room for 19 more.
        const cells: Row = new ArrayOf(c + 1);
        for (let i = 0; i < row.length; i++) if (row[i] !== undefined) cells[i] = row[i];
        cells[c] = cell;
        this.rows[r] = cells;
      }
    } else if (row !== undefined) this.remove(r, row, c);
  }

  /**
   * A row holding `cell`, made as wide as `width` or the row above, whichever is wider: a table's formats come a
   * column at a time, and its rows below the first block are as wide as the rows above them.
   */
  private newRow(r: number, c: number, cell: Cell, width: number): Row {
    const above = r > 0 ? this.rows[r - 1] : undefined;
    const w = max(width, above !== undefined && above.length <= EXACT_WIDTH ? above.length : 0);
    // Past 1,024 columns V8 keeps a sparse array as a dictionary: its holes then cost nothing.
    const cells: Row = w <= 1024 ? new ArrayOf(w) : [];
    cells[c] = cell;
    return cells;
  }

  private remove(r: number, row: Row, c: number): void {
    if (row[c] === undefined) return;
    row[c] = undefined;
    while (row.length > 0 && row[row.length - 1] === undefined) row.length--;
    if (row.length === 0) {
      this.rows[r] = undefined;
      while (this.rows.length > 0 && this.rows[this.rows.length - 1] === undefined) this.rows.length--;
    }
  }

  /** Every stored cell, row by row, columns ascending within a row. */
  *entries(): Generator<[number, number, Cell]> {
    const rows = this.rows;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      if (row === undefined) continue;
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        if (cell !== undefined) yield [r, c, cell];
      }
    }
  }

  /** Calls fn for every stored cell inside rect, without visiting the empty ones. */
  forEachIn(rect: Rect, fn: (r: number, c: number, cell: Cell) => void): void {
    const visit = (r: number, row: Row) => {
      const end = min(rect.c1, row.length - 1);
      for (let c = rect.c0; c <= end; c++) {
        const cell = row[c];
        if (cell !== undefined) fn(r, c, cell);
      }
    };
    const rows = this.rows;
    const end = min(rect.r1, rows.length - 1);
    for (let r = rect.r0; r <= end; r++) {
      const row = rows[r];
      if (row !== undefined) visit(r, row);
    }
  }

  /** Stored cells inside rect, without visiting the empty ones. */
  *entriesIn(rect: Rect): Generator<[number, number, Cell]> {
    const found: [number, number, Cell][] = [];
    this.forEachIn(rect, (r, c, cell) => found.push([r, c, cell]));
    yield* found;
  }

  read(rect: Rect, prop: ReadableCellProperty): unknown[][] {
    return this.readMeasured(rect, prop).values;
  }

  /** Bytes of the JSON that `read(rect, prop)` would produce, without building it. */
  readSize(rect: Rect, prop: ReadableCellProperty): number {
    const rows = rowCount(rect),
      cols = columnCount(rect);
    const emptyLen = stringify(emptyReading(prop)).length;
    let size = 2 + (rows - 1) + rows * (2 + (cols - 1)) + rows * cols * emptyLen;
    this.forEachIn(rect, (_r, _c, cell) => (size += jsonLength(readCell(cell, prop)) - emptyLen));
    return size;
  }

  /** The reading of rect and the length of its JSON (what goes back over the wire), in one pass. */
  readMeasured(rect: Rect, prop: ReadableCellProperty): { values: unknown[][]; bytes: number } {
    const rows = rowCount(rect),
      cols = columnCount(rect);
    const empty = emptyReading(prop);
    const emptyLen = stringify(empty).length;
    let bytes = 2 + (rows - 1) + rows * (2 + (cols - 1)) + rows * cols * emptyLen;
    const out: unknown[][] = new ArrayOf(rows);
    for (let i = 0; i < rows; i++) out[i] = new ArrayOf(cols).fill(empty);
    this.forEachIn(rect, (r, c, cell) => {
      const v = readCell(cell, prop);
      out[r - rect.r0][c - rect.c0] = v;
      bytes += jsonLength(v) - emptyLen;
    });
    return { values: out, bytes };
  }

  /**
   * Writes values or formulas; returns the number of cells written. Cells are never changed in place once stored,
   * so the cells a write makes for equal entries (a day, a SKU, a store's name, a count: the same text or whole
   * number over the same format) are one object: a large table's 4 million cells were a quarter of a gigabyte.
   */
  writeEntries(rect: Rect, input: unknown): number {
    return allSteps(this.entrySteps(rect, input));
  }

  /** writeEntries a slice of rows at a time (a pause after each): a large write's steps (context.ts ActionSteps). */
  *entrySteps(rect: Rect, input: unknown): Generator<void, number> {
    const isArray = checkCellInput(input, rect);
    const shared = new SharedCells();
    for (let r = rect.r0; r <= rect.r1; r++) {
      if ((r - rect.r0) % STEP_ROWS === STEP_ROWS - 1) yield;
      const src = isArray ? ((input as unknown[][])[r - rect.r0] as unknown[]) : undefined;
      let row = this.rows[r];
      for (let c = rect.c0; c <= rect.c1; c++) {
        const v = src === undefined ? input : src[c - rect.c0];
        if (v === null || v === undefined) continue;
        const next = shared.enter(v, row === undefined ? undefined : row[c]);
        if (next === undefined) continue;
        if (next !== null && row !== undefined && row[c] !== undefined && worthKeeping(next)) {
          row[c] = next;
          if (r < this.lowestChange) this.lowestChange = r;
        } else {
          this.put(r, c, next, rect.c1 + 1);
          row = this.rows[r];
        }
      }
    }
    return rowCount(rect) * columnCount(rect);
  }

  writeNumberFormat(rect: Rect, input: unknown): number {
    return allSteps(this.numberFormatSteps(rect, input));
  }

  /** writeNumberFormat a slice of rows at a time, as entrySteps. */
  *numberFormatSteps(rect: Rect, input: unknown): Generator<void, number> {
    const isArray = checkCellInput(input, rect);
    // An empty cell with only a format is one object per format: a block's formats come before its values.
    const blanks = new Map<string, Cell>();
    const blank = (format: string) => {
      let cell = blanks.get(format);
      if (cell === undefined) blanks.set(format, (cell = makeCell("", undefined, format, undefined)));
      return cell;
    };
    for (let r = rect.r0; r <= rect.r1; r++) {
      if ((r - rect.r0) % STEP_ROWS === STEP_ROWS - 1) yield;
      const src = isArray ? ((input as unknown[][])[r - rect.r0] as unknown[]) : undefined;
      let row = this.rows[r];
      for (let c = rect.c0; c <= rect.c1; c++) {
        const f = src === undefined ? input : src[c - rect.c0];
        if (f === null || f === undefined) continue;
        if (typeof f !== "string") throw invalidArgument("A number format must be a string.");
        const format = f === "" || f === GENERAL ? undefined : f;
        const cur = row === undefined ? undefined : row[c];
        if (cur === undefined) {
          if (format !== undefined) {
            this.put(r, c, blank(format), rect.c1 + 1);
            row = this.rows[r];
          }
        } else if (cur.format !== format) {
          // A new cell, never a change in place: a cell may be shared by several places (writeEntries).
          this.put(r, c, makeCell(cur.value, cur.formula, format, cur.quotePrefix));
          row = this.rows[r];
        }
      }
    }
    return rowCount(rect) * columnCount(rect);
  }

  clear(rect: Rect, applyTo: "All" | "Formats" | "Contents"): void {
    const found: [number, number, Cell][] = [];
    this.forEachIn(rect, (r, c, cell) => found.push([r, c, cell]));
    for (const [r, c, cell] of found) {
      if (applyTo === "All") this.put(r, c, null);
      else if (applyTo === "Contents")
        this.put(r, c, cell.format !== undefined ? makeCell("", undefined, cell.format, undefined) : null);
      else this.put(r, c, makeCell(cell.value, cell.formula, undefined, cell.quotePrefix));
    }
  }

  /** Smallest rect holding every non-blank cell (or formatted cell unless valuesOnly); null if none. */
  usedRect(valuesOnly: boolean): Rect | null {
    let r0 = Infinity,
      c0 = Infinity,
      r1 = -1,
      c1 = -1;
    const rows = this.rows;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      if (row === undefined) continue;
      const cells = row;
      let lo = -1,
        hi = -1;
      for (let c = 0; c < cells.length; c++) {
        const cell = cells[c];
        if (cell === undefined || (valuesOnly && isBlankCell(cell))) continue;
        if (lo < 0) lo = c;
        hi = c;
      }
      if (lo < 0) continue;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
      if (lo < c0) c0 = lo;
      if (hi > c1) c1 = hi;
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
      return typeof cell.value === "boolean" ? (cell.value ? "TRUE" : "FALSE") : toText(cell.value);
    case "valueTypes":
      if (isBlankCell(cell)) return "Empty";
      if (cell.formula !== undefined) return "Error";
      return typeof cell.value === "number" ? "Double" : typeof cell.value === "boolean" ? "Boolean" : "String";
  }
}
