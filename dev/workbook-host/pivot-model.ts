// PivotTables as data: a source (a table, or a range with a header row), the pivot cache (the source's
// values as of the last refresh), row fields, data fields, and the cells the pivot writes on its sheet
// (compact layout: a "Row Labels" column, one column per data field, a Grand Total row). Excel does not
// refresh a pivot when its source changes; neither does the host: only add/refresh/refreshAll read the source.
import { Rect, formatAddress, intersects } from "./addresses";
import { hostError, invalidArgument, itemAlreadyExists } from "./errors";
import { sameName } from "./names";
import { bodyRect, dataRowCount, headerNames, tablesOn } from "./tables";
import type { WorkbookModel } from "./workbook-model";
import type { Aggregation, DataField, PivotModel, PivotSource, SheetModel } from "./model-types";

const AGGREGATIONS: readonly string[] = ["Sum", "Count", "Average", "Max", "Min"];
type Scalar = string | number | boolean;

const ERROR_VALUE = /^#(VALUE!|N\/A|REF!|DIV\/0!|NAME\?|NUM!|NULL!|SPILL!|CALC!)$/;

/** The source's header names and data rows, read now; InvalidReference when the source is gone. */
export function readSource(source: PivotSource): { headers: string[]; rows: Scalar[][] } {
  if ("table" in source) {
    const t = source.table;
    if (t.deleted) throw hostError("InvalidReference", "The PivotTable's source table no longer exists.");
    const rows = dataRowCount(t) === 0 ? [] : (t.sheet.grid.read(bodyRect(t), "values") as Scalar[][]);
    return { headers: headerNames(t), rows };
  }
  if (source.sheet.deleted) throw hostError("InvalidReference", "The PivotTable's source range no longer exists.");
  // Rows past the used range are blank: not read (a whole-column source like "A:C" stays cheap).
  const used = source.sheet.grid.usedRect(true);
  const r1 = Math.max(source.rect.r0, Math.min(source.rect.r1, used ? used.r1 : source.rect.r0));
  const all = source.sheet.grid.read({ ...source.rect, r1 }, "values") as Scalar[][];
  const headers = all[0].map((h) => String(h));
  if (headers.some((h) => h === "") || new Set(headers.map((h) => h.toUpperCase())).size !== headers.length)
    throw invalidArgument(
      "The PivotTable field name is not valid: the source needs a row of unique, non-empty headers.",
    );
  return { headers, rows: all.slice(1) };
}

export function dataSourceString(p: PivotModel): string {
  if ("table" in p.source) return p.source.table.name;
  const abs = formatAddress(p.source.sheet.name, p.source.rect).replace(/([A-Z]+)([0-9]+)/g, "$$$1$$$2");
  return abs;
}

export function addPivot(
  wb: WorkbookModel,
  name: string,
  source: PivotSource,
  sheet: SheetModel,
  anchor: Rect,
): PivotModel {
  if (typeof name !== "string" || name.trim() === "") throw invalidArgument("A PivotTable needs a name.");
  if (wb.pivots.some((p) => sameName(p.name, name)))
    throw itemAlreadyExists(`A PivotTable named "${name}" already exists.`);
  const p: PivotModel = {
    id: `{${wb.newId("pivot-")}}`,
    name,
    sheet,
    anchor: { r: anchor.r0, c: anchor.c0 },
    source,
    cache: readSource(source),
    rowFields: [],
    dataFields: [],
    rendered: null,
    deleted: false,
  };
  checkRoom(wb, p, { r0: anchor.r0, c0: anchor.c0, r1: anchor.r0, c1: anchor.c0 });
  wb.pivots.push(p);
  return p;
}

/** Reads the source again; fields whose column is gone (renamed or deleted) leave the report, as in Excel. */
export function refreshPivot(wb: WorkbookModel, p: PivotModel): void {
  p.cache = readSource(p.source);
  const has = (f: string) => p.cache.headers.some((h) => sameName(h, f));
  p.rowFields = p.rowFields.filter(has);
  p.dataFields = p.dataFields.filter((d) => has(d.field));
  renderPivot(wb, p);
}

export function deletePivot(wb: WorkbookModel, p: PivotModel): void {
  if (p.rendered) p.sheet.grid.clear(p.rendered, "All");
  wb.pivots = wb.pivots.filter((x) => x !== p);
  p.deleted = true;
}

/** The column's values in the cache; InvalidArgument when the field is not in the source. */
function fieldIndex(p: PivotModel, field: string): number {
  const i = p.cache.headers.findIndex((h) => sameName(h, field));
  if (i < 0) throw invalidArgument(`The PivotTable has no field "${field}".`);
  return i;
}

export function defaultAggregation(p: PivotModel, field: string): Aggregation {
  const i = fieldIndex(p, field);
  const present = p.cache.rows.map((r) => r[i]).filter((v) => v !== "");
  return present.length > 0 && present.every((v) => typeof v === "number") ? "Sum" : "Count";
}

export function defaultDataName(p: PivotModel, field: string, fn: Aggregation, except?: DataField): string {
  const label = fn === "Average" ? "Average" : fn;
  const base = `${label} of ${p.cache.headers[fieldIndex(p, field)]}`;
  let name = base;
  for (let n = 2; p.dataFields.some((d) => d !== except && sameName(d.name, name)); n++) name = `${base}${n}`;
  return name;
}

export function checkAggregation(fn: string): Aggregation {
  if (!AGGREGATIONS.includes(fn))
    throw hostError("NotImplemented", `Summarizing by "${fn}" is not modelled by the host.`);
  return fn as Aggregation;
}

function aggregate(values: Scalar[], fn: Aggregation): Scalar {
  const error = values.find((v) => typeof v === "string" && ERROR_VALUE.test(v));
  if (error !== undefined) return error;
  if (fn === "Count") return values.filter((v) => v !== "").length;
  const nums = values.filter((v): v is number => typeof v === "number");
  if (fn === "Sum") return nums.reduce((a, b) => a + b, 0);
  if (fn === "Average") return nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : "#DIV/0!";
  if (nums.length === 0) return 0;
  return fn === "Max" ? Math.max(...nums) : Math.min(...nums);
}

/** Row items of one field: distinct (text case-insensitively), numbers first, then text, blanks last. */
function items(rows: Scalar[][], i: number): Scalar[] {
  const seen = new Map<string, Scalar>();
  for (const r of rows) {
    const v = r[i];
    const key = typeof v === "string" ? `s:${v.toUpperCase()}` : `${typeof v}:${String(v)}`;
    if (!seen.has(key)) seen.set(key, v);
  }
  const rank = (v: Scalar) => (v === "" ? 3 : typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
  return [...seen.values()].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b))),
  );
}

function sameItem(a: Scalar, b: Scalar): boolean {
  return typeof a === "string" && typeof b === "string" ? a.toUpperCase() === b.toUpperCase() : a === b;
}

/** The report's cells, row by row (compact layout). */
export function pivotLayout(p: PivotModel): Scalar[][] {
  const dataIdx = p.dataFields.map((d) => fieldIndex(p, d.field));
  const totals = (rows: Scalar[][]) =>
    p.dataFields.map((d, k) =>
      aggregate(
        rows.map((r) => r[dataIdx[k]]),
        d.summarizeBy,
      ),
    );
  if (p.rowFields.length === 0) {
    return p.dataFields.length === 0 ? [] : [p.dataFields.map((d) => d.name), totals(p.cache.rows)];
  }
  const rowIdx = p.rowFields.map((f) => fieldIndex(p, f));
  const out: Scalar[][] = [["Row Labels", ...p.dataFields.map((d) => d.name)]];
  const group = (rows: Scalar[][], depth: number) => {
    for (const item of items(rows, rowIdx[depth])) {
      const mine = rows.filter((r) => sameItem(r[rowIdx[depth]], item));
      out.push([item === "" ? "(blank)" : item, ...totals(mine)]);
      if (depth + 1 < rowIdx.length) group(mine, depth + 1);
    }
  };
  group(p.cache.rows, 0);
  out.push(["Grand Total", ...totals(p.cache.rows)]);
  return out;
}

/** Excel refuses a report that would overlap a table or another PivotTable. */
function checkRoom(wb: WorkbookModel, p: PivotModel, rect: Rect): void {
  const table = tablesOn(wb, p.sheet).find((t) => intersects(t.rect, rect));
  const other = wb.pivots.find((o) => o !== p && o.sheet === p.sheet && o.rendered && intersects(o.rendered, rect));
  if (table || other)
    throw hostError("PivotTableRangeConflict", "The attempted operation causes a conflict with a PivotTable range.");
}

/** Writes the report from the cache (not from the source), replacing what it wrote before. */
export function renderPivot(wb: WorkbookModel, p: PivotModel): void {
  const cells = pivotLayout(p);
  const rect =
    cells.length === 0
      ? null
      : { r0: p.anchor.r, c0: p.anchor.c, r1: p.anchor.r + cells.length - 1, c1: p.anchor.c + cells[0].length - 1 };
  if (rect) checkRoom(wb, p, rect);
  if (p.rendered) p.sheet.grid.clear(p.rendered, "All");
  cells.forEach((row, i) =>
    row.forEach((value, j) =>
      p.sheet.grid.put(p.anchor.r + i, p.anchor.c + j, {
        value,
        formula: undefined,
        format: undefined,
        quotePrefix: undefined,
      }),
    ),
  );
  p.rendered = rect;
}
