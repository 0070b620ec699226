// A cell and Excel's "data entry" rules for what a written value becomes (the grid of a sheet's cells is grid.ts).
import { Rect, columnCount, rowCount } from "./addresses";
import { invalidArgument } from "./errors";

// Built-ins read once: the rules below run per cell, and reading a global is slow where the global object is
// intercepted (Node's vm contexts, which Jest runs tests in: Math.abs there costs ten times a local call).
const { isFinite } = Number;
const { isArray } = Array;

export type Scalar = number | string | boolean;

export interface Cell {
  /** What `values` reads. For a formula cell: UNEVALUATED (the host has no formula engine). */
  value: Scalar;
  formula?: string;
  /** Number format; absent means "General". */
  format?: string;
  /** Text entered with a leading apostrophe (Excel's PrefixCharacter); the apostrophe is not part of the value. */
  quotePrefix?: boolean;
}

export const GENERAL = "General";
/**
 * What `values` (and `text`) read for a formula cell: the host has no formula engine, so every formula reads as
 * Excel's #VALUE! error (valueTypes "Error"). Chosen as the least kind answer: code that reads `values` and
 * writes them back replaces the user's formulas with constants, as it would in Excel, and a test sees it.
 */
export const UNEVALUATED = "#VALUE!";
export const TEXT_FORMAT = "@";

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

/** Cells are created in one shape (every field present) so the hot paths stay monomorphic. */
export function makeCell(
  value: Scalar,
  formula: string | undefined,
  format: string | undefined,
  quotePrefix: boolean | undefined,
): Cell {
  return { value, formula, format, quotePrefix };
}

/**
 * What Excel stores when a value is written to `values` / `formulas` (the same rules as typing into the cell):
 * - null/undefined: leave the cell unchanged (Excel ignores null in a 2D array);
 * - "" clears the contents; a cell formatted as Text ("@") stores any string literally;
 * - a leading apostrophe is consumed: the rest is stored as text (quotePrefix);
 * - "=..." is a formula; "+x", "-x", "@x" that are not numbers are formula entries too (stored as "=" + text);
 * - numeric text ("12", "1,234.5", "1e3", "50%") becomes a number, "TRUE"/"FALSE" a boolean,
 *   an ISO date "yyyy-mm-dd" a date serial (with format "yyyy-mm-dd" if the cell was General).
 * The cell keeps its number format unless the entry sets one.
 */
export function enterValue(input: unknown, current: Cell | undefined): Cell | null | undefined {
  if (input === null || input === undefined) return undefined; // unchanged
  const format = current === undefined ? undefined : current.format;
  if (typeof input === "number") {
    if (!isFinite(input)) throw invalidArgument("Numbers written to a range must be finite.");
    return makeCell(input === 0 ? 0 : input, undefined, format, undefined);
  }
  if (typeof input === "boolean") return makeCell(input, undefined, format, undefined);
  if (typeof input !== "string") throw invalidArgument(`Unsupported cell value of type ${typeof input}.`);
  if (input === "") return format === undefined ? null : makeCell("", undefined, format, undefined);
  if (input.length > 32_767) throw invalidArgument("A cell can hold at most 32,767 characters.");
  if (format === TEXT_FORMAT) return makeCell(input, undefined, format, undefined);
  const first = input.charCodeAt(0);
  if (first === 39 /* ' */) return makeCell(input.slice(1), undefined, format, true);
  if (first === 61 /* = */) return makeCell(UNEVALUATED, input, format, undefined);
  const t = input.trim();
  if (t !== "" && NUMBER.test(t) && /\d/.test(t)) {
    const pct = t.endsWith("%");
    const n = Number(t.replace(/,/g, "").replace(/%$/, ""));
    if (isFinite(n)) {
      const f = pct && (format === undefined || format === GENERAL) ? "0%" : format;
      return makeCell(pct ? n / 100 : n, undefined, f, undefined);
    }
  }
  if (first === 43 /* + */ || first === 45 /* - */ || first === 64 /* @ */)
    return makeCell(UNEVALUATED, "=" + input, format, undefined);
  const upper = t.toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") return makeCell(upper === "TRUE", undefined, format, undefined);
  const iso = ISO_DATE.exec(t);
  if (iso) {
    const serial = dateSerial(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (serial !== null) {
      return makeCell(serial, undefined, format === undefined || format === GENERAL ? "yyyy-mm-dd" : format, undefined);
    }
  }
  return makeCell(input, undefined, format, undefined);
}

export function isBlankCell(c: Cell): boolean {
  return c.value === "" && c.formula === undefined;
}

/** Whether the grid keeps a cell at all: it has contents, or a number format other than General. */
export function worthKeeping(c: Cell): boolean {
  return !isBlankCell(c) || (c.format !== undefined && c.format !== GENERAL);
}

/** Accepts a 2D array matching the rect exactly, or a single scalar that fills it (as Excel does). */
export function cellInputAt(input: unknown, rect: Rect): (r: number, c: number) => unknown {
  if (!checkCellInput(input, rect)) return () => input;
  return (r, c) => ((input as unknown[][])[r] as unknown[])[c];
}

/** Checks a written value against the rect; true for a 2D array, false for a scalar that fills the rect. */
export function checkCellInput(input: unknown, rect: Rect): boolean {
  if (!isArray(input)) {
    if (input !== null && typeof input === "object") throw invalidArgument("Expected a 2D array or a single value.");
    return false;
  }
  const rows = rowCount(rect),
    cols = columnCount(rect);
  let ok = input.length === rows;
  for (let i = 0; ok && i < input.length; i++) {
    const row: unknown = input[i];
    ok = isArray(row) && row.length === cols;
  }
  if (!ok) {
    const got = `${input.length}x${isArray(input[0]) ? (input[0] as unknown[]).length : "?"}`;
    throw invalidArgument(
      `The number of rows or columns in the input array doesn't match the size or dimensions of the range (range is ${rows}x${cols}, input is ${got}).`,
    );
  }
  return true;
}

/** The cell properties a range reads (Range.values, formulas, numberFormat, text, valueTypes). */
export type ReadableCellProperty = "values" | "formulas" | "numberFormat" | "text" | "valueTypes";
