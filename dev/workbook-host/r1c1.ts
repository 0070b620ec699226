// Range.formulasR1C1 (ExcelApi 1.2): a formula's cell references in R1C1 notation, relative to the cell that holds
// it ("=C5*2" in D5 reads "=RC[-1]*2"). The host stores formulas as A1 text and converts at the boundary. Handled:
// cell references with or without $ and a sheet prefix, and ranges of them (A1:B2); string literals and
// bracketed parts (structured references such as [@revenue], R1C1's own R[1]) are left as they are. Not handled
// (kept as written): whole-column and whole-row references (A:A, 1:1).
import { MAX_COLUMNS, MAX_ROWS, columnIndex, columnLetters } from "./addresses";
import { invalidArgument } from "./errors";

const A1_REF = /^(\$?)([A-Za-z]{1,3})(\$?)([0-9]{1,7})/;
const R1C1_REF = /^[Rr](\[-?[0-9]+\]|[0-9]+)?[Cc](\[-?[0-9]+\]|[0-9]+)?/;

/** Where a reference token stands alone: not after a character of a name, not before what `notAfter` matches. */
export interface RefBounds {
  nameChar: RegExp;
  notAfter: RegExp;
}
/** Not part of a name, nor a call (SUM(...)), nor a structured reference's table name. */
const R1C1_BOUNDS: RefBounds = { nameChar: /[A-Za-z0-9_.\\]/, notAfter: /[A-Za-z0-9_([.]/ };

/**
 * The end of a string literal ("..." with "" inside), a quoted sheet name ('...' with '' inside) or a bracketed
 * part ([...], nested) starting at i.
 */
function skipLiteral(text: string, i: number): number {
  const quote = text[i];
  if (quote === '"' || quote === "'") {
    let j = i + 1;
    while (j < text.length) {
      if (text[j] === quote && text[j + 1] === quote) j += 2;
      else if (text[j] === quote) return j + 1;
      else j++;
    }
    return j;
  }
  let depth = 0;
  let j = i;
  for (; j < text.length; j++) {
    if (text[j] === "[") depth++;
    else if (text[j] === "]" && --depth === 0) return j + 1;
  }
  return j;
}

/**
 * Rewrites every reference token `pattern` matches outside literals, where it stands alone (`bounds`); also the
 * scanner of references.ts, which moves references when cells are inserted.
 */
export function rewriteRefs(
  formula: string,
  pattern: RegExp,
  convert: (m: RegExpExecArray) => string,
  bounds: RefBounds = R1C1_BOUNDS,
): string {
  let out = "";
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i];
    const m = i > 0 && bounds.nameChar.test(formula[i - 1]) ? null : pattern.exec(formula.slice(i));
    if (m && !bounds.notAfter.test(formula[i + m[0].length] ?? "")) {
      out += convert(m);
      i += m[0].length;
    } else if (ch === '"' || ch === "'" || ch === "[") {
      const end = skipLiteral(formula, i);
      out += formula.slice(i, end);
      i = end;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function part(axis: "R" | "C", absolute: boolean, target: number, base: number): string {
  if (absolute) return `${axis}${target + 1}`;
  return target === base ? axis : `${axis}[${target - base}]`;
}

/** An A1 formula held by cell (row, col) in R1C1 notation. Values that are not formulas are returned as they are. */
export function toR1C1(formula: unknown, row: number, col: number): unknown {
  if (typeof formula !== "string" || !formula.startsWith("=")) return formula;
  return rewriteRefs(formula, A1_REF, (m) => {
    const c = columnIndex(m[2]);
    const r = Number(m[4]) - 1;
    if (c >= MAX_COLUMNS || r >= MAX_ROWS || r < 0) return m[0];
    return part("R", m[3] === "$", r, row) + part("C", m[1] === "$", c, col);
  });
}

function resolve(spec: string | undefined, base: number, limit: number): { index: number; absolute: boolean } {
  if (spec === undefined) return { index: base, absolute: false };
  const relative = spec.startsWith("[");
  const index = relative ? base + Number(spec.slice(1, -1)) : Number(spec) - 1;
  if (!Number.isInteger(index) || index < 0 || index >= limit)
    throw invalidArgument(`The R1C1 reference points outside the worksheet.`);
  return { index, absolute: !relative };
}

/** An R1C1 formula written to cell (row, col), as the A1 formula the cell stores. Other input is returned as it is. */
export function fromR1C1(input: unknown, row: number, col: number): unknown {
  if (typeof input !== "string" || !input.startsWith("=")) return input;
  return rewriteRefs(input, R1C1_REF, (m) => {
    const r = resolve(m[1], row, MAX_ROWS);
    const c = resolve(m[2], col, MAX_COLUMNS);
    return `${c.absolute ? "$" : ""}${columnLetters(c.index)}${r.absolute ? "$" : ""}${r.index + 1}`;
  });
}

/**
 * A formula in column `col` moved by a sort from row `from` to row `to`: Excel treats it as copied there, so
 * relative row references shift by the distance and absolute ones stay; one pushed off the sheet becomes #REF!
 * (Microsoft KB 40401, "Errors Sorting Cells That Contain References": =A1 sorted two rows up reads =#REF!).
 */
export function formulaMovedRows(formula: string, from: number, to: number): string {
  if (from === to || !formula.startsWith("=")) return formula;
  const delta = to - from;
  return rewriteRefs(formula, A1_REF, (m) => {
    const r = Number(m[4]) - 1;
    if (m[3] === "$" || columnIndex(m[2]) >= MAX_COLUMNS || r >= MAX_ROWS || r < 0) return m[0];
    const moved = r + delta;
    return moved < 0 || moved >= MAX_ROWS ? "#REF!" : `${m[1]}${m[2]}${m[3]}${moved + 1}`;
  });
}
