// Excel tables: a named rectangle of cells on a sheet whose header row holds unique text names.
// The data is the sheet's cells; a table only owns geometry, so cell writes and table views agree.
import { Rect, columnCount, contains, intersects, rowCount, checkInSheet } from "./addresses";
import { cellInputAt, enterValue } from "./cells";
import { invalidArgument, invalidOperation, itemAlreadyExists } from "./errors";
import { checkDefinedName, sameName } from "./names";
import { newColumnIds, spanColumnIds } from "./column-ids";
import { refuseMergesInTable } from "./merges";
import { columnFormats, extendFormats } from "./format-extension";
import { insertCells, deleteCells, registerHeaderNormalizer } from "./shifting";
import { afterSpillCellsWritten } from "./spills";
import { checkTotalRowTarget, moveTotalRow } from "./total-row";
import { WorkbookModel } from "./workbook-model";
import type { SheetModel, TableModel } from "./model-types";

export function headerRect(t: TableModel): Rect | null {
  return t.showHeaders ? { ...t.rect, r1: t.rect.r0 } : null;
}

export function bodyRect(t: TableModel): Rect {
  return { ...t.rect, r0: t.showHeaders ? t.rect.r0 + 1 : t.rect.r0, r1: t.showTotals ? t.rect.r1 - 1 : t.rect.r1 };
}

function rowBlank(sheet: SheetModel, rect: Rect): boolean {
  for (const [, , cell] of sheet.grid.entriesIn(rect))
    if (cell.value !== "" || cell.formula !== undefined) return false;
  return true;
}

/** True while the table's only body row is Excel's empty placeholder row. */
export function isPlaceholder(t: TableModel): boolean {
  if (!t.placeholder) return false;
  const body = bodyRect(t);
  if (rowCount(body) !== 1 || !rowBlank(t.sheet, body)) {
    t.placeholder = false;
    return false;
  }
  return true;
}

export function dataRowCount(t: TableModel): number {
  return isPlaceholder(t) ? 0 : rowCount(bodyRect(t));
}

export function tablesOn(wb: WorkbookModel, sheet: SheetModel): TableModel[] {
  return wb.tables.filter((t) => t.sheet === sheet);
}

function checkNoOverlap(wb: WorkbookModel, sheet: SheetModel, rect: Rect, except?: TableModel): void {
  const other = tablesOn(wb, sheet).find((t) => t !== except && intersects(t.rect, rect));
  if (other) throw invalidOperation(`A table can't overlap another table ("${other.name}").`);
}

/** Header cells are unique, non-empty text; Excel rewrites anything else (blank -> ColumnN, dup -> Name2). */
export function normalizeHeaders(t: TableModel): void {
  const h = headerRect(t);
  if (!h) return;
  const used: string[] = [];
  for (let c = h.c0; c <= h.c1; c++) {
    const cell = t.sheet.grid.get(h.r0, c);
    let base =
      cell && cell.value !== ""
        ? String(typeof cell.value === "boolean" ? (cell.value ? "TRUE" : "FALSE") : cell.value)
        : `Column${c - h.c0 + 1}`;
    let name = base;
    for (let n = 2; used.some((u) => sameName(u, name)); n++) name = `${base}${n}`;
    used.push(name);
    base = name;
    if (!cell || cell.value !== name || cell.formula !== undefined) {
      t.sheet.grid.put(h.r0, c, { value: name, ...(cell?.format !== undefined ? { format: cell.format } : {}) });
    }
  }
}

export function headerNames(t: TableModel): string[] {
  const h = headerRect(t);
  const out: string[] = [];
  for (let c = t.rect.c0; c <= t.rect.c1; c++)
    out.push(h ? String(t.sheet.grid.get(h.r0, c)?.value ?? "") : `Column${c - t.rect.c0 + 1}`);
  return out;
}

export function addTable(wb: WorkbookModel, sheet: SheetModel, rect: Rect, hasHeaders: boolean): TableModel {
  let r = { ...rect };
  let placeholder = false;
  if (!hasHeaders) {
    // Excel inserts a header row above the data (shifting the cells below in those columns down).
    checkNoOverlap(wb, sheet, r);
    insertCells(wb, sheet, { ...r, r1: r.r0 }, "Down");
    r = { ...r, r1: r.r1 + 1 };
  } else if (rowCount(r) === 1) {
    // A header-only range gets one empty data row: Excel's "insert row".
    r = { ...r, r1: r.r1 + 1 };
    placeholder = true;
  }
  checkInSheet(r);
  checkNoOverlap(wb, sheet, r);
  refuseMergesInTable(sheet, r);
  let i = 1;
  while (wb.nameTaken(`Table${i}`)) i++;
  const t: TableModel = {
    id: wb.newId("table-"),
    name: `Table${i}`,
    sheet,
    rect: r,
    showHeaders: true,
    showTotals: false,
    style: "TableStyleMedium2",
    placeholder: placeholder && rowBlank(sheet, { ...r, r0: r.r1 }),
    filter: { enabled: true, criteria: [] },
    ...newColumnIds(columnCount(r)),
    sort: null,
    deleted: false,
  };
  wb.tables.push(t);
  normalizeHeaders(t);
  return t;
}

export function renameTable(wb: WorkbookModel, t: TableModel, name: string): void {
  checkDefinedName(name, "table");
  if (wb.nameTaken(name, t))
    throw itemAlreadyExists(`A table or name called "${name}" already exists in this workbook.`);
  t.name = name;
}

/**
 * Table.resize (ExcelApi 1.13): `rect` is the whole new table, the Total Row (when shown) as its last row. Rows the
 * body grows into get each column's format (format-extension.ts).
 */
export function resizeTable(wb: WorkbookModel, t: TableModel, sheet: SheetModel, rect: Rect): void {
  if (sheet !== t.sheet) throw invalidArgument("A table can only be resized on its own worksheet.");
  if (t.showHeaders && rect.r0 !== t.rect.r0) throw invalidArgument("The header row must stay in the same row.");
  if (!intersects(rect, t.rect)) throw invalidArgument("The new table range must overlap the current one.");
  if (rowCount(rect) < (t.showHeaders ? 2 : 1) + (t.showTotals ? 1 : 0))
    throw invalidArgument(
      t.showTotals
        ? "A table with a Total Row needs a header row, at least one data row and its Total Row."
        : "A table needs a header row and at least one data row.",
    );
  checkNoOverlap(wb, sheet, rect, t);
  refuseMergesInTable(sheet, rect);
  checkTotalRowTarget(t, rect);
  const body = bodyRect(t);
  const formats = columnFormats(sheet, body);
  moveTotalRow(t, rect);
  spanColumnIds(t, rect.c0, rect.c1);
  t.rect = { ...rect };
  t.placeholder = false;
  normalizeHeaders(t);
  const grown = bodyRect(t);
  if (grown.r1 > body.r1) extendFormats(sheet, formats, body.r1 + 1, grown.r1);
}

export function setShowHeaders(wb: WorkbookModel, t: TableModel, show: boolean): void {
  if (show === t.showHeaders) return;
  if (!show) {
    // Excel hides the header row: the table's range starts at its first data row.
    const h = headerRect(t)!;
    t.sheet.grid.clear(h, "Contents");
    t.rect = { ...t.rect, r0: t.rect.r0 + 1 };
    t.showHeaders = false;
    return;
  }
  const above = { ...t.rect, r0: t.rect.r0 - 1, r1: t.rect.r0 - 1 };
  if (
    above.r0 < 0 ||
    !rowBlank(t.sheet, above) ||
    tablesOn(wb, t.sheet).some((o) => o !== t && intersects(o.rect, above))
  ) {
    throw invalidOperation("There is no empty row above the table for its header row.");
  }
  t.rect = { ...t.rect, r0: above.r0 };
  t.showHeaders = true;
  normalizeHeaders(t);
}

export function deleteTable(wb: WorkbookModel, t: TableModel): void {
  // Table.delete() removes the table and its contents; convertToRange() keeps the cells.
  t.sheet.grid.clear(t.rect, "All");
  wb.dropTable(t);
}

export function convertToRange(wb: WorkbookModel, t: TableModel): void {
  wb.dropTable(t);
}

/** After cells are written: header cells stay unique text; a spill written over is blocked or gone (spills.ts). */
export function afterCellsWritten(wb: WorkbookModel, sheet: SheetModel, rect: Rect): void {
  afterSpillCellsWritten(sheet, rect);
  for (const t of tablesOn(wb, sheet)) {
    const h = headerRect(t);
    if (h && intersects(h, rect)) normalizeHeaders(t);
  }
}

/** TableRowCollection.add: inserts rows (shifting cells below within the table's columns) and writes values. */
export function addTableRows(
  wb: WorkbookModel,
  t: TableModel,
  index: number | null | undefined,
  values: unknown,
): number {
  const cols = columnCount(t.rect);
  let rows: unknown[][];
  if (values === undefined || values === null) rows = [new Array(cols).fill(null)];
  else if (Array.isArray(values)) {
    if (values.length === 0) throw invalidArgument("rows.add needs at least one row of values.");
    rows = values as unknown[][];
    cellInputAt(rows, { r0: 0, c0: 0, r1: rows.length - 1, c1: cols - 1 }); // shape check
  } else rows = [new Array(cols).fill(values)];
  const existing = dataRowCount(t);
  const at = index === undefined || index === null || index === -1 ? existing : index;
  if (!Number.isInteger(at) || at < 0 || at > existing) throw invalidArgument(`Row index ${index} is out of range.`);
  const body = bodyRect(t);
  const formats = columnFormats(t.sheet, body);
  let toInsert = rows.length;
  let firstRow = body.r0 + at;
  if (isPlaceholder(t)) {
    toInsert -= 1; // the first new row fills the empty insert row
    t.placeholder = false;
    firstRow = body.r0;
  }
  if (toInsert > 0) {
    // Appended rows go below the body: above the Total Row, which moves down with the cells below.
    const insertAt = isAppend(at, existing) ? body.r1 + 1 : firstRow;
    const band: Rect = { r0: insertAt, r1: insertAt + toInsert - 1, c0: t.rect.c0, c1: t.rect.c1 };
    insertCells(wb, t.sheet, band, "Down", isAppend(at, existing) ? t : undefined);
  }
  const target: Rect = { r0: firstRow, r1: firstRow + rows.length - 1, c0: t.rect.c0, c1: t.rect.c1 };
  extendFormats(t.sheet, formats, target.r0, target.r1);
  const at2 = cellInputAt(rows, target);
  for (let r = target.r0; r <= target.r1; r++) {
    for (let c = target.c0; c <= target.c1; c++) {
      const next = enterValue(at2(r - target.r0, c - target.c0), t.sheet.grid.get(r, c));
      if (next !== undefined) t.sheet.grid.put(r, c, next);
    }
  }
  return rows.length * cols;
}

/**
 * TableColumnCollection.add (ExcelApi 1.1; index null/-1 and `name` ExcelApi 1.4): inserts a column at `index`
 * (null/-1/undefined = after the last), shifting the cells right of it within the table's rows, as Excel does.
 * `values` is the whole column, header row first (Microsoft's samples pass the header as values[0][0]); a
 * single value fills the data cells. `name` wins over a header in `values`; without either: ColumnN.
 * A formula in every data row is a calculated column; nothing fills it into rows added later.
 */
export function addTableColumn(
  wb: WorkbookModel,
  t: TableModel,
  index: number | null | undefined,
  values: unknown,
  name: string | null | undefined,
): number {
  const cols = columnCount(t.rect);
  const at = index === undefined || index === null || index === -1 ? cols : index;
  if (!Number.isInteger(at) || at < 0 || at > cols) throw invalidArgument(`Column index ${index} is out of range.`);
  const c = t.rect.c0 + at;
  const column: Rect = { r0: t.rect.r0, r1: t.rect.r1, c0: c, c1: c };
  const isArray = Array.isArray(values);
  if (isArray) cellInputAt(values, column); // shape check: one value per table row
  insertCells(wb, t.sheet, column, "Right", t);
  if (t.filter.criteria.length > at) t.filter.criteria.splice(at, 0, null);
  const h = headerRect(t);
  if (isArray) t.sheet.grid.writeEntries(column, values);
  else if (values !== undefined && values !== null) t.sheet.grid.writeEntries({ ...bodyRect(t), c0: c, c1: c }, values);
  if (h && name !== undefined && name !== null) {
    const format = t.sheet.grid.get(h.r0, c)?.format;
    t.sheet.grid.put(h.r0, c, { value: String(name), formula: undefined, format, quotePrefix: undefined });
  }
  normalizeHeaders(t);
  return rowCount(t.rect);
}

function isAppend(at: number, existing: number): boolean {
  return at === existing;
}

/** Deletes data rows by index (indexes as of before the call), keeping at least the empty insert row. */
export function deleteTableRows(wb: WorkbookModel, t: TableModel, indexes: number[]): void {
  const n = dataRowCount(t);
  const unique = [...new Set(indexes)].sort((a, b) => b - a);
  for (const i of unique)
    if (!Number.isInteger(i) || i < 0 || i >= n) throw invalidArgument(`Row ${i} does not exist in table "${t.name}".`);
  if (unique.length === 0) return;
  const body = bodyRect(t);
  for (const i of unique) {
    deleteCells(wb, t.sheet, { r0: body.r0 + i, r1: body.r0 + i, c0: t.rect.c0, c1: t.rect.c1 }, "Up");
  }
}

export function tableOverlapsCheck(wb: WorkbookModel, sheet: SheetModel, rect: Rect): void {
  checkNoOverlap(wb, sheet, rect);
}

export { contains };

registerHeaderNormalizer(normalizeHeaders);
