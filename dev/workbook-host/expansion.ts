// Tables growing on their own, as Excel's AutoCorrect "include new rows and columns in table" makes them:
// over values written directly below or right of them (documented for Range.values below), and over what a
// user types next to them (host.typeCell), where Excel also fills a calculated column's formula. Nothing here fills formulas
// into rows the add-in adds (rows.add, resize, writes below): see docs/workbook-host.md. Rows a table grows into take
// each column's number format (format-extension.ts).
import { Rect, intersects, parseAddress } from "./addresses";
import { enterValue } from "./cells";
import { hostError, invalidArgument } from "./errors";
import { moveColumnId, spanColumnIds } from "./column-ids";
import { extendRulesToRow } from "./cell-rules";
import { columnFormats, extendFormats } from "./format-extension";
import { checkWritable } from "./protection";
import { afterSpillCellsWritten } from "./spills";
import { bodyRect, dataRowCount, headerRect, normalizeHeaders, tablesOn } from "./tables";
import type { WorkbookModel } from "./workbook-model";
import type { SheetModel, TableModel } from "./model-types";

/** The one formula in every data cell of a table column (a calculated column), or null. */
export function calculatedFormula(t: TableModel, index: number): string | null {
  if (dataRowCount(t) === 0) return null;
  const body = bodyRect(t);
  const c = t.rect.c0 + index;
  let formula: string | null = null;
  for (let r = body.r0; r <= body.r1; r++) {
    const f = t.sheet.grid.get(r, c)?.formula;
    if (f === undefined || (formula !== null && f !== formula)) return null;
    formula = f;
  }
  return formula;
}

function inAnyTable(wb: WorkbookModel, sheet: SheetModel, rect: Rect): boolean {
  return tablesOn(wb, sheet).some((t) => intersects(t.rect, rect));
}

function rowHasData(sheet: SheetModel, r: number, c0: number, c1: number): boolean {
  for (let c = c0; c <= c1; c++) {
    const cell = sheet.grid.get(r, c);
    if (cell && (cell.value !== "" || cell.formula !== undefined)) return true;
  }
  return false;
}

function columnHasData(sheet: SheetModel, c: number, r0: number, r1: number): boolean {
  for (let r = r0; r <= r1; r++) {
    const cell = sheet.grid.get(r, c);
    if (cell && (cell.value !== "" || cell.formula !== undefined)) return true;
  }
  return false;
}

/**
 * After values or formulas were written to `rect` (Range.values/formulas): a table whose next row is the
 * write's first row, and which gets data there within its columns, grows over the written rows. Microsoft's
 * "Coauthoring in Excel add-ins" documents this for Range.values set directly below a table ("tables only
 * auto-expand when you set actual data"). The reference is silent on the column to the right; Excel's
 * AutoExpansion covers both, so the host grows the table there too (the less kind answer: a write meant to
 * stay beside a table joins it).
 */
export function expandAfterWrite(wb: WorkbookModel, sheet: SheetModel, rect: Rect): void {
  for (const t of tablesOn(wb, sheet)) {
    const lastRow = t.showTotals ? t.rect.r1 - 1 : t.rect.r1;
    let grown: Rect | null = null;
    if (!t.showTotals && rect.r0 === t.rect.r1 + 1 && rect.c1 >= t.rect.c0 && rect.c0 <= t.rect.c1) {
      if (rowHasData(sheet, rect.r0, t.rect.c0, t.rect.c1)) grown = { ...t.rect, r1: rect.r1 };
    } else if (rect.c0 === t.rect.c1 + 1 && rect.r1 >= t.rect.r0 && rect.r0 <= lastRow) {
      if (columnHasData(sheet, rect.c0, t.rect.r0, lastRow)) grown = { ...t.rect, c1: rect.c1 };
    }
    if (!grown || tablesOn(wb, sheet).some((o) => o !== t && intersects(o.rect, grown))) continue;
    const formats = grown.r1 > t.rect.r1 ? columnFormats(sheet, bodyRect(t)) : null;
    const from = t.rect.r1 + 1;
    spanColumnIds(t, grown.c0, grown.c1);
    t.rect = grown;
    t.placeholder = false;
    normalizeHeaders(t);
    if (formats) extendFormats(sheet, formats, from, grown.r1);
  }
}

/**
 * A user types `input` into one cell, as in Excel's grid (host.typeCell): the data-entry rules of `values`, then
 * AutoExpansion: a value typed in the column right of a table (header row or a data row) adds a table column
 * (named by the header typed, else ColumnN); a value typed in the row below it adds a row, into which Excel
 * fills the formulas of the table's calculated columns; a formula typed into an otherwise empty data column
 * fills the whole column (a calculated column).
 */
export function typeCell(wb: WorkbookModel, address: string, input: string | number | boolean): void {
  const p = parseAddress(address);
  const sheet = p.sheet !== undefined ? wb.findSheet(p.sheet) : wb.activeSheet;
  if (!sheet) throw hostError("ItemNotFound", `No worksheet in "${address}".`);
  const { r0: r, c0: c } = p.rect;
  if (p.rect.r1 !== r || p.rect.c1 !== c) throw invalidArgument("typeCell types into one cell.");
  checkWritable(sheet, "contents");
  const next = enterValue(input, sheet.grid.get(r, c));
  if (next !== undefined) sheet.grid.put(r, c, next);
  afterSpillCellsWritten(sheet, p.rect);
  const blank = next === null || next === undefined || (next.value === "" && next.formula === undefined);
  const here = { r0: r, c0: c, r1: r, c1: c };
  if (!blank && !inAnyTable(wb, sheet, here)) {
    for (const t of tablesOn(wb, sheet)) growToward(wb, t, r, c);
  }
  for (const t of tablesOn(wb, sheet)) {
    const h = headerRect(t);
    if (h && intersects(h, here)) normalizeHeaders(t);
    if (next?.formula !== undefined && intersects(bodyRect(t), here)) fillNewCalculatedColumn(t, c, next.formula);
  }
}

/** AutoExpansion over the typed cell (r, c) when it is just right of, or just below, table t. */
function growToward(wb: WorkbookModel, t: TableModel, r: number, c: number): void {
  const lastRow = t.showTotals ? t.rect.r1 - 1 : t.rect.r1;
  if (c === t.rect.c1 + 1 && r >= t.rect.r0 && r <= lastRow) {
    const column = { r0: t.rect.r0, r1: t.rect.r1, c0: c, c1: c };
    if (tablesOn(wb, t.sheet).some((o) => o !== t && intersects(o.rect, column))) return;
    spanColumnIds(t, t.rect.c0, c);
    t.rect = { ...t.rect, c1: c };
    normalizeHeaders(t);
  } else if (r === t.rect.r1 + 1 && !t.showTotals && c >= t.rect.c0 && c <= t.rect.c1) {
    const formulas = Array.from({ length: t.rect.c1 - t.rect.c0 + 1 }, (_, i) => calculatedFormula(t, i));
    const formats = columnFormats(t.sheet, bodyRect(t));
    const above = t.rect.r1;
    t.rect = { ...t.rect, r1: r };
    t.placeholder = false;
    extendFormats(t.sheet, formats, r, r);
    // Excel's AutoExpansion gives the typed row each column's validation and conditional formats (cell-rules.ts).
    if (above > t.rect.r0 || !t.showHeaders) extendRulesToRow(t.sheet, above, r, t.rect.c0, t.rect.c1);
    formulas.forEach((f, i) => {
      const cc = t.rect.c0 + i;
      if (f !== null && cc !== c && t.sheet.grid.get(r, cc) === undefined)
        t.sheet.grid.put(r, cc, enterValue(f, undefined)!);
    });
  }
}

/** A formula typed into a data column whose other data cells are empty becomes the column's formula. */
function fillNewCalculatedColumn(t: TableModel, c: number, formula: string): void {
  const body = bodyRect(t);
  for (let r = body.r0; r <= body.r1; r++) {
    const cell = t.sheet.grid.get(r, c);
    if (cell && (cell.value !== "" || cell.formula !== undefined) && cell.formula !== formula) return;
  }
  for (let r = body.r0; r <= body.r1; r++) t.sheet.grid.put(r, c, enterValue(formula, t.sheet.grid.get(r, c))!);
}

/**
 * A user moves a table column within its table, as dragging its header does in Excel's grid (host.moveTableColumn):
 * the column's cells (header, body, formats), its id and its filter go to position `to`; the columns between
 * shift by one. Formulas are kept as written (structured references follow the column by name).
 */
export function moveTableColumn(wb: WorkbookModel, tableName: string, from: number, to: number): void {
  const t = wb.findTable(tableName);
  if (!t) throw hostError("ItemNotFound", `No table "${tableName}".`);
  const cols = t.rect.c1 - t.rect.c0 + 1;
  for (const i of [from, to])
    if (!Number.isInteger(i) || i < 0 || i >= cols) throw invalidArgument(`No column ${i} in "${tableName}".`);
  checkWritable(t.sheet, "contents");
  for (let r = t.rect.r0; r <= t.rect.r1; r++) {
    const cells = Array.from({ length: cols }, (_, i) => t.sheet.grid.get(r, t.rect.c0 + i));
    const [moved] = cells.splice(from, 1);
    cells.splice(to, 0, moved);
    cells.forEach((cell, i) => t.sheet.grid.put(r, t.rect.c0 + i, cell ?? null));
  }
  moveColumnId(t, from, to);
  const criteria = t.filter.criteria;
  while (criteria.length < cols) criteria.push(null);
  const [c] = criteria.splice(from, 1);
  criteria.splice(to, 0, c);
}
