// A table's Total Row (Table.showTotals, ExcelApi 1.1): the table's last row, below the body. Its cells are
// ordinary cells a user or an add-in may write (a label, a SUBTOTAL formula per column, as the Total Row's
// drop-down writes them); the host computes none of them (formula cells read #VALUE!). What Excel does to it:
// - turned on: a row below the body joins the table, "Total" in the first column and, in the last one, a sum
//   (SUBTOTAL 109) when its data cells are numbers, else a count (SUBTOTAL 103), as Excel's Table Design > Total
//   Row does; turned off: the row leaves the table and its contents are cleared;
// - it stays last: rows added (rows.add, rows inserted inside the body) go above it; Table.resize's range
//   includes it (Table.getRange is "the entire table"), so a resize moves its cells, label and formulas alike,
//   to the new range's last row; deleting its sheet row turns it off.
// Not modelled: Excel's own memory of each column's function while the row is off (the reference is silent on
// it; the host forgets, the least kind answer); TableColumn totals settings, which the API does not have.
import { Rect, checkInSheet, intersects } from "./addresses";
import type { Cell } from "./cells";
import { invalidOperation } from "./errors";
import type { WorkbookModel } from "./workbook-model";
import type { SheetModel, TableModel } from "./model-types";

/** SUBTOTAL's function numbers for the Total Row's choices (MS-XLSB 2.5.88 ListTotalRowFunction; 10x ignores hidden rows). */
export const TOTAL_FUNCTIONS = {
  average: 101,
  countNums: 102,
  count: 103,
  max: 104,
  min: 105,
  stdDev: 107,
  sum: 109,
  var: 110,
} as const;

/** Characters that need a column name's brackets doubled in a structured reference ([[Total $]]). */
const NEEDS_DOUBLE = /[\t\n\r,:.[\]#'"{}$^&*+=\-<>/]/;

/** The structured reference to a column of the table the formula is in: [revenue], [[Total $]], [[a'[b']]]. */
export function columnReference(name: string): string {
  const escaped = name.replace(/['#[\]]/g, "'$&");
  return NEEDS_DOUBLE.test(name) ? `[[${escaped}]]` : `[${escaped}]`;
}

/** The formula the Total Row's drop-down writes for `fn` on column `name`: =SUBTOTAL(109,[revenue]). */
export function subtotalFormula(fn: number, name: string): string {
  return `=SUBTOTAL(${fn},${columnReference(name)})`;
}

export function totalRect(t: TableModel): Rect | null {
  return t.showTotals ? { ...t.rect, r0: t.rect.r1 } : null;
}

function blankRow(sheet: SheetModel, rect: Rect): boolean {
  for (const [, , cell] of sheet.grid.entriesIn(rect))
    if (cell.value !== "" || cell.formula !== undefined) return false;
  return true;
}

const cellOf = (value: string, formula: string | undefined, format: string | undefined): Cell => ({
  value,
  formula,
  format,
  quotePrefix: undefined,
});

/** Table.showTotals = show. `names` are the table's column names (headers). */
export function setShowTotals(wb: WorkbookModel, t: TableModel, show: boolean, names: readonly string[]): void {
  if (show === t.showTotals) return;
  const { sheet } = t;
  if (!show) {
    sheet.grid.clear(totalRect(t)!, "Contents");
    t.rect = { ...t.rect, r1: t.rect.r1 - 1 };
    t.showTotals = false;
    return;
  }
  const below = { ...t.rect, r0: t.rect.r1 + 1, r1: t.rect.r1 + 1 };
  checkInSheet(below);
  if (!blankRow(sheet, below) || wb.tables.some((o) => o !== t && o.sheet === sheet && intersects(o.rect, below)))
    throw invalidOperation("There is no empty row below the table for its Total Row.");
  const body = { ...t.rect, r0: t.showHeaders ? t.rect.r0 + 1 : t.rect.r0 };
  t.rect = { ...t.rect, r1: below.r1 };
  t.showTotals = true;
  const { r0: r, c0, c1 } = below;
  if (c1 > c0) sheet.grid.put(r, c0, cellOf("Total", undefined, sheet.grid.get(r, c0)?.format));
  const fn = numbersOnly(sheet, { ...body, c0: c1 }) ? TOTAL_FUNCTIONS.sum : TOTAL_FUNCTIONS.count;
  sheet.grid.put(r, c1, cellOf("#VALUE!", subtotalFormula(fn, names[c1 - c0]), sheet.grid.get(r, c1)?.format));
}

/** Whether a column's data cells hold numbers and blanks only (at least one number). */
function numbersOnly(sheet: SheetModel, column: Rect): boolean {
  let numbers = 0;
  for (const [, , cell] of sheet.grid.entriesIn(column)) {
    if (cell.formula !== undefined || (cell.value !== "" && typeof cell.value !== "number")) return false;
    if (typeof cell.value === "number") numbers++;
  }
  return numbers > 0;
}

/**
 * Where a resize to `rect` puts the Total Row: its last row. Refused (before anything changes) when that row, other
 * than where the Total Row already is, holds anything: Excel's reference is silent, and overwriting cells there would
 * lose them, so the host refuses (the least kind answer: make the row empty first).
 */
export function checkTotalRowTarget(t: TableModel, rect: Rect): void {
  if (!t.showTotals || rect.r1 === t.rect.r1) return;
  const target = { ...rect, r0: rect.r1 };
  if (!blankRow(t.sheet, target))
    throw invalidOperation(`The Total Row cannot move to row ${rect.r1 + 1}: it holds cells that are not empty.`);
}

/** Moves the Total Row's cells (label, formulas, formats) from the old last row to `rect`'s last row. */
export function moveTotalRow(t: TableModel, rect: Rect): void {
  const from = t.rect.r1;
  const to = rect.r1;
  if (!t.showTotals || from === to) return;
  const { grid } = t.sheet;
  for (let c = t.rect.c0; c <= t.rect.c1; c++) {
    const cell = grid.get(from, c);
    grid.put(from, c, null);
    if (c >= rect.c0 && c <= rect.c1) grid.put(to, c, cell ?? null);
  }
}
