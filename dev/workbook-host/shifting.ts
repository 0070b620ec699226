// Range.insert / Range.delete with shifting, and what that does to the tables, merged areas, spills, pivot tables
// and formulas it touches. Rule (as in Excel): a shift may move whole tables or add/remove whole table rows (or
// columns); shifting only part of a table is refused with InsertDeleteConflict, part of a merged area with
// "We can't do that to a merged cell.", any cell of a pivot table report as Excel does. References to cells that
// move are rewritten (references.ts); spills are laid out again from their anchors (spills.ts).
import { MAX_COLUMNS, MAX_ROWS, Rect } from "./addresses";
import { along, touchedByInsert, withAlong, type Axis } from "./area-shift";
import { shiftCellRules } from "./cell-rules";
import { insertColumnIds, removeColumnIds } from "./column-ids";
import { hostError, insertDeleteConflict, invalidArgument, invalidOperation } from "./errors";
import { planMergesForInsert, refuseMergesInDelete } from "./merges";
import { shiftReferences } from "./references";
import { liftSpillsForInsert, refuseSpillsInDelete } from "./spills";
import type { WorkbookModel } from "./workbook-model";
import type { SheetModel, TableModel } from "./model-types";

/** Excel's words when a shift would move part of a table (InsertDeleteConflict). */
const PART_OF_TABLE =
  "This operation is not allowed. The operation is attempting to shift cells in a table on your worksheet.";

function normalizeDirection(shift: unknown, allowed: [string, string]): string {
  const s = typeof shift === "string" ? shift : "";
  const hit = allowed.find((a) => a.toLowerCase() === s.toLowerCase());
  if (!hit) throw invalidArgument(`Shift direction must be "${allowed[0]}" or "${allowed[1]}".`);
  return hit;
}

/**
 * Inserts blank cells at rect, shifting existing cells Down or Right. `growing` is a table that the
 * insertion extends (TableRowCollection.add appending below its last row).
 */
export function insertCells(
  wb: WorkbookModel,
  sheet: SheetModel,
  rect: Rect,
  shift: unknown,
  growing?: TableModel,
): void {
  const dir = normalizeDirection(shift, ["Down", "Right"]);
  const axis: Axis = dir === "Down" ? "rows" : "columns";
  const a = along(axis, rect);
  const size = a.hi - a.lo + 1;
  const moves: [TableModel, Rect][] = [];
  /** Tables that get new columns inside: where (relative to the table) and how many. */
  const grownColumns: [TableModel, number][] = [];
  for (const t of wb.tables.filter((t) => t.sheet === sheet)) {
    const ta = along(axis, t.rect);
    if (ta.xhi < a.xlo || ta.xlo > a.xhi) continue; // outside the band
    if (ta.hi < a.lo && t !== growing) continue; // before the insertion point
    const whole = a.xlo <= ta.xlo && a.xhi >= ta.xhi;
    if (!whole) throw insertDeleteConflict(`${PART_OF_TABLE} (table "${t.name}")`);
    if (t === growing || (a.lo > ta.lo && a.lo <= ta.hi)) {
      if (axis === "rows" && t.showHeaders && a.lo <= t.rect.r0)
        throw insertDeleteConflict("Cannot insert above a table's header row inside the table.");
      moves.push([t, withAlong(axis, t.rect, ta.lo, ta.hi + size)]); // rows/columns added inside the table
      if (axis === "columns") grownColumns.push([t, a.lo - ta.lo]);
    } else moves.push([t, withAlong(axis, t.rect, ta.lo + size, ta.hi + size)]); // whole table moves
  }
  const limit = axis === "rows" ? MAX_ROWS : MAX_COLUMNS;
  if (
    sheet.grid.wouldPushOffSheet(axis, { lo: a.xlo, hi: a.xhi }, size) ||
    moves.some(([, r]) => along(axis, r).hi >= limit)
  ) {
    throw hostError(
      "NonBlankCellOffSheet",
      "Excel can't insert new cells because it would push non-empty cells off the end of the worksheet.",
    );
  }
  refusePivots(wb, sheet, rect, axis);
  const moveMerges = planMergesForInsert(sheet, rect, axis);
  const respill = liftSpillsForInsert(wb, sheet, rect, axis);
  sheet.grid.shift(axis, { lo: a.xlo, hi: a.xhi }, a.lo, size);
  shiftCellRules(sheet, rect, axis, "insert");
  if (axis === "rows" && wholeRows(rect)) shiftRowAttributes(sheet, a.lo, size);
  if (axis === "columns" && wholeColumns(rect)) shiftColumnAttributes(sheet, a.lo, size);
  for (const [t, r] of moves) t.rect = r;
  for (const [t, at] of grownColumns) insertColumnIds(t, at, size);
  for (const [t] of moves) if (axis === "columns") normalizeHeadersLazy(t);
  moveMerges();
  shiftReferences(wb, sheet, rect, axis);
  respill();
}

/** Excel refuses to insert or delete cells that would move any cell of a pivot table report. */
function refusePivots(wb: WorkbookModel, sheet: SheetModel, rect: Rect, axis: Axis): void {
  for (const p of wb.pivots) {
    const cells = p.rendered ?? { r0: p.anchor.r, c0: p.anchor.c, r1: p.anchor.r, c1: p.anchor.c };
    if (p.sheet === sheet && touchedByInsert(cells, rect, axis))
      throw invalidOperation(
        "We can't make this change for the selected cells because it will affect a PivotTable. Use the field list " +
          "to change the report. If you are trying to insert or delete cells, move the PivotTable and try again.",
      );
  }
}

/** Deletes the cells of rect, shifting the cells after it Up or Left. */
export function deleteCells(wb: WorkbookModel, sheet: SheetModel, rect: Rect, shift: unknown): void {
  const dir = normalizeDirection(shift, ["Up", "Left"]);
  const axis: Axis = dir === "Up" ? "rows" : "columns";
  const a = along(axis, rect);
  const size = a.hi - a.lo + 1;
  const plan: {
    t: TableModel;
    rect: Rect | null;
    refill: boolean;
    gone?: [number, number];
    /** The Total Row's sheet row was among the rows deleted: the table no longer shows one. */
    totalsGone?: boolean;
  }[] = [];
  for (const t of wb.tables.filter((t) => t.sheet === sheet)) {
    const ta = along(axis, t.rect);
    if (ta.xhi < a.xlo || ta.xlo > a.xhi) continue;
    if (ta.hi < a.lo) continue;
    const whole = a.xlo <= ta.xlo && a.xhi >= ta.xhi;
    if (!whole) throw insertDeleteConflict(`${PART_OF_TABLE} (table "${t.name}")`);
    if (ta.lo > a.hi) {
      plan.push({ t, rect: withAlong(axis, t.rect, ta.lo - size, ta.hi - size), refill: false });
      continue;
    }
    if (a.lo <= ta.lo && a.hi >= ta.hi) {
      plan.push({ t, rect: null, refill: false }); // the whole table goes
      continue;
    }
    const headerHit = axis === "rows" && t.showHeaders && a.lo <= t.rect.r0 && a.hi >= t.rect.r0;
    if (headerHit)
      throw insertDeleteConflict(`Cannot delete the header row of table "${t.name}" without the whole table.`);
    const before = Math.max(0, Math.min(a.hi, ta.lo - 1) - a.lo + 1);
    const inside = Math.min(a.hi, ta.hi) - Math.max(a.lo, ta.lo) + 1;
    const lo = ta.lo - before;
    let hi = ta.hi - before - inside;
    const totalsGone = axis === "rows" && t.showTotals && a.hi >= ta.hi;
    const keepsTotals = axis === "rows" && t.showTotals && !totalsGone;
    const minHi = axis === "rows" ? lo + (t.showHeaders ? 1 : 0) + (keepsTotals ? 1 : 0) : lo;
    const refill = hi < minHi; // every data row deleted: Excel keeps one empty row (above the Total Row)
    if (refill) hi = minHi;
    const gone: [number, number] | undefined =
      axis === "columns" && inside > 0 ? [Math.max(a.lo, ta.lo) - ta.lo, inside] : undefined;
    plan.push({ t, rect: withAlong(axis, t.rect, lo, hi), refill, gone, totalsGone });
  }
  refusePivots(wb, sheet, rect, axis);
  refuseMergesInDelete(sheet, rect, axis);
  refuseSpillsInDelete(sheet, rect, axis);
  sheet.grid.clear(rect, "All");
  sheet.grid.shift(axis, { lo: a.xlo, hi: a.xhi }, a.hi + 1, -size);
  shiftCellRules(sheet, rect, axis, "delete");
  if (axis === "rows" && wholeRows(rect)) shiftRowAttributes(sheet, a.lo, -size);
  if (axis === "columns" && wholeColumns(rect)) shiftColumnAttributes(sheet, a.lo, -size);
  for (const p of plan) {
    if (!p.refill || p.rect === null) continue;
    // Put back one blank row (or column) inside the table, above its Total Row when it keeps one, shifting what
    // followed in its band.
    const pa = along(axis, p.rect);
    const at = axis === "rows" && p.t.showTotals && !p.totalsGone ? pa.hi - 1 : pa.hi;
    sheet.grid.shift(axis, { lo: pa.xlo, hi: pa.xhi }, at, 1);
    for (const q of plan) {
      if (q === p || !q.rect) continue;
      const qa = along(axis, q.rect);
      if (qa.lo >= at && qa.xhi >= pa.xlo && qa.xlo <= pa.xhi) q.rect = withAlong(axis, q.rect, qa.lo + 1, qa.hi + 1);
    }
    p.t.placeholder = axis === "rows";
  }
  for (const p of plan) {
    if (p.rect === null) wb.dropTable(p.t);
    else {
      p.t.rect = p.rect;
      if (p.totalsGone) p.t.showTotals = false;
      if (p.gone) removeColumnIds(p.t, p.gone[0], p.gone[1]);
      if (p.gone) p.t.filter.criteria.splice(p.gone[0], p.gone[1]); // the other columns keep their criteria
      if (p.gone && p.refill) insertColumnIds(p.t, 0, 1);
      if (axis === "columns") normalizeHeadersLazy(p.t);
    }
  }
}

function wholeRows(r: Rect): boolean {
  return r.c0 === 0 && r.c1 === MAX_COLUMNS - 1;
}

function wholeColumns(r: Rect): boolean {
  return r.r0 === 0 && r.r1 === MAX_ROWS - 1;
}

/** Hidden columns and widths are attributes of sheet columns: they move only with whole columns (as rows do). */
function shiftColumnAttributes(sheet: SheetModel, from: number, delta: number): void {
  const hidden = [...sheet.hiddenColumns].filter((c) => c >= from);
  for (const c of hidden) sheet.hiddenColumns.delete(c);
  for (const c of hidden) if (delta > 0 || c >= from - delta) sheet.hiddenColumns.add(c + delta);
  const widths = [...sheet.columnWidths].filter(([c]) => c >= from);
  for (const [c] of widths) sheet.columnWidths.delete(c);
  for (const [c, w] of widths) if (delta > 0 || c >= from - delta) sheet.columnWidths.set(c + delta, w);
}

/**
 * Hidden rows are attributes of sheet rows: they move with whole rows inserted (delta > 0) or deleted at `from`
 * (rows deleted lose theirs), and stay put when only some columns shift (as in Excel).
 */
function shiftRowAttributes(sheet: SheetModel, from: number, delta: number): void {
  for (const set of [sheet.hiddenRows, sheet.filteredRows]) {
    const moved = [...set].filter((r) => r >= from);
    for (const r of moved) set.delete(r);
    for (const r of moved) if (delta > 0 || r >= from - delta) set.add(r + delta);
  }
}

// Imported lazily to keep tables.ts <-> shifting.ts free of an import cycle at module load.
let normalizer: ((t: TableModel) => void) | null = null;
export function registerHeaderNormalizer(fn: (t: TableModel) => void): void {
  normalizer = fn;
}
function normalizeHeadersLazy(t: TableModel): void {
  normalizer?.(t);
}
