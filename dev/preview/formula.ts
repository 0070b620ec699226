// The preview's formula support: `=SALES.*(...)` typed into the in-memory workbook is evaluated through the SAME
// function implementations that Excel calls (src/functions/functions.ts), and the result is a spill.
//
// Supported: one SALES function call per formula; arguments that are string literals ("text", "" for a quote),
// numbers (-1.5, 1e3), TRUE/FALSE, omitted arguments (,,), and cell references: A1, $A$1, A1:B3, Sheet1!A1,
// 'My Sheet'!A1:A3. Not supported (a clear error says so): nested functions or operators (=SALES.SKU(A1&"x",...)),
// defined names, structured references (Table1[col]), whole columns/rows (A:A), array constants ({1,2}),
// references to other workbooks, and a multi-cell range where Excel expects one value (Excel would compute
// the function once per cell; the preview does not).
import { FunctionError } from "../../src/functions/errors";
import * as functions from "../../src/functions/functions";
import type { FormattedNumber } from "../../src/functions/output";

/** Whether a SALES result cell is a FormattedNumber (Excel shows those with their format; the grid does too). */
function isFormattedNumber(v: unknown): v is FormattedNumber {
  return typeof v === "object" && v !== null && (v as FormattedNumber).type === "FormattedNumber";
}

export type FormulaArg =
  | { kind: "omitted" }
  | { kind: "literal"; value: string | number | boolean }
  | { kind: "ref"; sheet?: string; address: string };

export interface ParsedFormula {
  /** Upper-case function name without the namespace: "SKU", "VALUE", ... */
  name: SalesFunctionName;
  args: FormulaArg[];
}

export interface FormulaErrorValue {
  error: "#VALUE!" | "#N/A" | "#NAME?";
  message: string;
}

export class FormulaSyntaxError extends Error {
  override readonly name = "FormulaSyntaxError";
}

type Impl = (...args: any[]) => Promise<unknown>;

/** Every SALES function: its implementation (the one Excel calls), argument names, required count, range args. */
const FUNCTIONS = {
  SKU: {
    impl: functions.sku as Impl,
    params: ["retailer", "metrics", "from", "to", "timeframe", "comparison", "filter", "viewby", "headers"],
    required: 4,
    matrix: ["retailer", "metrics"],
  },
  STORE: {
    impl: functions.store as Impl,
    params: ["retailer", "metrics", "from", "to", "timeframe", "comparison", "filter", "viewby", "headers"],
    required: 4,
    matrix: ["retailer", "metrics"],
  },
  VALUE: {
    impl: functions.value as Impl,
    params: ["retailer", "metric", "sku", "date", "timeframe"],
    required: 4,
    matrix: [],
  },
  RETAILERS: { impl: functions.retailers as Impl, params: [], required: 0, matrix: [] },
  METRICS: { impl: functions.metrics as Impl, params: ["retailer", "level", "timeframe"], required: 1, matrix: [] },
  FILTERS: { impl: functions.filters as Impl, params: ["retailer", "field"], required: 1, matrix: [] },
  ACTIONS: { impl: functions.actions as Impl, params: ["retailer"], required: 1, matrix: [] },
} as const;

export type SalesFunctionName = keyof typeof FUNCTIONS;

const NOT_SUPPORTED = "is not supported in the preview";
const CELL = String.raw`\$?[A-Za-z]{1,3}\$?[0-9]{1,7}`;
const REF = new RegExp(String.raw`^(?:(?:'((?:[^']|'')+)'|([A-Za-z_][A-Za-z0-9_.]*))!)?(${CELL}(?::${CELL})?)`);

/** `=SALES.SKU("northmart", A1:A2, "2026-01-05", "2026-03-01")` -> { name: "SKU", args: [...] }. */
export function parseSalesFormula(text: string): ParsedFormula {
  let s = text.trim();
  if (s.startsWith("=")) s = s.slice(1).trimStart();
  const head = /^SALES\.([A-Za-z]+)\s*\(/i.exec(s);
  if (!head) {
    throw new FormulaSyntaxError(
      `Only formulas of the form =SALES.NAME(arguments) are evaluated in the preview; "${text.trim()}" ${NOT_SUPPORTED}.`,
    );
  }
  const name = head[1].toUpperCase();
  if (!(name in FUNCTIONS)) {
    throw new FormulaSyntaxError(
      `SALES.${name} is not a Sales Data function. Functions: ${Object.keys(FUNCTIONS)
        .map((n) => `SALES.${n}`)
        .join(", ")}.`,
    );
  }
  let i = head[0].length;
  const args: FormulaArg[] = [];
  const skipSpace = () => {
    while (i < s.length && /\s/.test(s[i])) i++;
  };
  const rest = () => s.slice(i);
  skipSpace();
  if (s[i] === ")") {
    i++;
  } else {
    for (;;) {
      skipSpace();
      args.push(readArg());
      skipSpace();
      const c = s[i];
      if (c === "," || c === ";") {
        i++;
        continue;
      }
      if (c === ")") {
        i++;
        break;
      }
      if (c === undefined) throw new FormulaSyntaxError(`The formula is missing its closing ")".`);
      throw new FormulaSyntaxError(
        `"${rest().slice(0, 30)}" ${NOT_SUPPORTED}: arguments must be text in quotes, numbers, TRUE/FALSE or cell references (no operators or nested functions).`,
      );
    }
  }
  skipSpace();
  if (i < s.length) throw new FormulaSyntaxError(`"${rest().slice(0, 30)}" after the function call ${NOT_SUPPORTED}.`);
  return { name: name as SalesFunctionName, args };

  function readArg(): FormulaArg {
    const c = s[i];
    if (c === "," || c === ";" || c === ")") return { kind: "omitted" };
    if (c === '"') {
      let out = "";
      i++;
      for (;;) {
        if (i >= s.length) throw new FormulaSyntaxError("A text argument is missing its closing quote.");
        if (s[i] === '"') {
          if (s[i + 1] === '"') {
            out += '"';
            i += 2;
            continue;
          }
          i++;
          return { kind: "literal", value: out };
        }
        out += s[i++];
      }
    }
    const num = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?(?![A-Za-z0-9_.:(!$])/.exec(rest());
    if (num) {
      i += num[0].length;
      return { kind: "literal", value: Number(num[0]) };
    }
    const bool = /^(TRUE|FALSE)(?![A-Za-z0-9_.(!:])/i.exec(rest());
    if (bool) {
      i += bool[0].length;
      return { kind: "literal", value: bool[1].toUpperCase() === "TRUE" };
    }
    const ref = REF.exec(rest());
    if (ref && !/^[A-Za-z0-9_.(!:[]/.test(s.slice(i + ref[0].length))) {
      i += ref[0].length;
      const sheet = ref[1] !== undefined ? ref[1].replace(/''/g, "'") : ref[2];
      return { kind: "ref", sheet, address: ref[3].replace(/\$/g, "").toUpperCase() };
    }
    const call = /^[A-Za-z_][A-Za-z0-9_.]*\([^)]*\)?/.exec(rest());
    const word = (call ?? /^[^,;)]*/.exec(rest()))?.[0].trim() ?? "";
    throw new FormulaSyntaxError(
      `The argument ${word || "here"} ${NOT_SUPPORTED}: use text in quotes, numbers, TRUE/FALSE or cell references like A1, A1:A3 or Sheet1!B2.`,
    );
  }
}

export interface EvaluateContext {
  /** The values of a range, row by row (empty cells as "" or null). */
  readRange(sheet: string, address: string): Promise<unknown[][]>;
  /** The sheet of the cell holding the formula: references without a sheet point here. */
  defaultSheet: string;
}

/**
 * Evaluates a `=SALES.*(...)` formula through the registered function implementations: the spill (a 2D array;
 * SALES.VALUE gives [[number]]), or an error value with Excel's code and the function's message.
 */
export async function evaluateSalesFormula(
  text: string,
  ctx: EvaluateContext,
): Promise<unknown[][] | FormulaErrorValue> {
  let parsed: ParsedFormula;
  try {
    parsed = parseSalesFormula(text);
  } catch (err) {
    const message = (err as Error).message;
    return { error: /is not a Sales Data function/.test(message) ? "#NAME?" : "#VALUE!", message };
  }
  const spec = FUNCTIONS[parsed.name];
  const fn = `SALES.${parsed.name}`;
  if (parsed.args.length > spec.params.length) {
    return {
      error: "#VALUE!",
      message: `${fn} takes at most ${spec.params.length} arguments, not ${parsed.args.length}.`,
    };
  }
  if (parsed.args.length < spec.required) {
    return {
      error: "#VALUE!",
      message: `${fn} needs at least ${spec.required} arguments (${spec.params.slice(0, spec.required).join(", ")}).`,
    };
  }
  const values: unknown[] = [];
  for (let k = 0; k < parsed.args.length; k++) {
    const arg = parsed.args[k];
    const param = spec.params[k];
    const matrix = (spec.matrix as readonly string[]).includes(param);
    if (arg.kind === "omitted") values.push(matrix ? [[""]] : undefined);
    else if (arg.kind === "literal") values.push(matrix ? [[arg.value]] : arg.value);
    else {
      const cells = await ctx.readRange(arg.sheet ?? ctx.defaultSheet, arg.address);
      if (matrix) values.push(cells);
      else if (cells.length === 1 && cells[0].length === 1) values.push(cells[0][0]);
      else {
        return {
          error: "#VALUE!",
          message: `${param}: a range of several cells where one value is expected ${NOT_SUPPORTED} (Excel would compute ${fn} once per cell).`,
        };
      }
    }
  }
  try {
    const result = await spec.impl(...values);
    return Array.isArray(result) ? (result as unknown[][]) : [[result]];
  } catch (err) {
    if (err instanceof FunctionError) return { error: err.code, message: err.message };
    const e = err as { code?: string; message?: string };
    // Under Office the implementations reject with CustomFunctions.Error; keep its code and message.
    if (e && typeof e.code === "string" && typeof e.message === "string") {
      return { error: e.code === "#VALUE!" || e.code === "#N/A" ? e.code : "#N/A", message: e.message };
    }
    return { error: "#N/A", message: String((err as Error)?.message ?? err) };
  }
}

export function isFormulaError(v: unknown): v is FormulaErrorValue {
  return typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as FormulaErrorValue).error === "string";
}

/**
 * A spill as cells the workbook host can hold: FormattedNumber values become their number plus the number format
 * Excel would show ("yyyy-mm-dd", "0.0%"); other cells keep "General". Text is apostrophe-prefixed so that it lands
 * as text whatever it looks like ("+Vita ...", "-12% ..."), as the workbook host's rules require. An error value
 * becomes one cell.
 */
export function spillToCells(result: unknown[][] | FormulaErrorValue): {
  values: (string | number | boolean)[][];
  numberFormat: string[][];
} {
  if (isFormulaError(result)) return { values: [[`'${result.error}`]], numberFormat: [["General"]] };
  const width = Math.max(1, ...result.map((r) => r.length));
  const values = result.map((row) =>
    Array.from({ length: width }, (_, c) => {
      const v = row[c];
      if (isFormattedNumber(v)) return v.basicValue;
      if (typeof v === "string") return v === "" ? "" : `'${v}`;
      return v === null || v === undefined ? "" : (v as number | boolean);
    }),
  );
  const numberFormat = result.map((row) =>
    Array.from({ length: width }, (_, c) => {
      const v = row[c];
      return isFormattedNumber(v) ? v.numberFormat : "General";
    }),
  );
  return { values, numberFormat };
}
