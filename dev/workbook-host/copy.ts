// A copy of a whole workbook model, as opening a saved copy of the file gives: every sheet, cell, table, name,
// setting, custom XML part and PivotTable, with the same links between them (a table's sheet is the copy's
// sheet), and nothing shared with the original. Tests that start many cases from one prepared workbook copy
// it instead of building it again (host.copy()).
import { Grid } from "./grid";
import { WorkbookModel } from "./workbook-model";

/** A deep copy of `value`: prototypes, Maps, Sets, sparse arrays and shared or circular references kept. */
function deepCopy<T>(value: T, seen = new Map<object, unknown>()): T {
  if (typeof value !== "object" || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known as T;
  if (value instanceof Map) {
    const out = new Map();
    seen.set(value, out);
    for (const [k, v] of value) out.set(deepCopy(k, seen), deepCopy(v, seen));
    return out as T;
  }
  if (value instanceof Set) {
    const out = new Set();
    seen.set(value, out);
    for (const v of value) out.add(deepCopy(v, seen));
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  // Nothing outside a grid holds its cells: its own copy is the same, without a seen entry per cell.
  if (value instanceof Grid) {
    const out = value.copy();
    seen.set(value, out);
    return out as T;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    seen.set(value, out);
    // Only the indexes that exist: a grid's rows are a holey array and stay one.
    for (const k of Object.keys(value)) out[Number(k)] = deepCopy(value[Number(k)], seen);
    return out as T;
  }
  const out = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  seen.set(value, out);
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    if (typeof v === "function") throw new TypeError(`copyModel: "${k}" holds a function, which a copy cannot own`);
    out[k] = deepCopy(v, seen);
  }
  return out as T;
}

/** The workbook as a new, independent model. */
export function copyModel(model: WorkbookModel): WorkbookModel {
  return deepCopy(model);
}
