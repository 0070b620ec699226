// Merged cells (Range.merge / unmerge, ExcelApi 1.2; Range.getMergedAreasOrNullObject, ExcelApi 1.13): a merged
// area is one cell drawn over a rectangle; only its top-left cell holds a value. Excel refuses to insert or delete
// cells that would move part of a merged area ("We can't do that to a merged cell."), and a table cannot hold one.
import { Rect, contains, formatRect, intersects } from "./addresses";
import { afterInsert, touchedByInsert, type Axis } from "./area-shift";
import { hostError, invalidOperation } from "./errors";
import type { WorkbookModel } from "./workbook-model";
import type { SheetModel } from "./model-types";

const MERGED_CELL = "We can't do that to a merged cell.";

/**
 * Range.merge(across): one merged area over the range, or one per row with `across`. The top-left cell of each
 * keeps its value, the others are cleared (Excel keeps "the upper-left value only"). A merged area fully inside
 * the range is merged into the new one; one only partly inside, or a table, is refused.
 */
export function mergeCells(wb: WorkbookModel, sheet: SheetModel, rect: Rect, across: boolean): void {
  const table = wb.tables.find((t) => t.sheet === sheet && intersects(t.rect, rect));
  if (table) throw invalidOperation(`Cells in a table can't be merged ("${table.name}").`);
  const partly = sheet.merges.find((m) => intersects(m, rect) && !contains(rect, m));
  if (partly) throw invalidOperation(`${MERGED_CELL} (${formatRect(partly)} is only partly in the range)`);
  const areas = across
    ? Array.from({ length: rect.r1 - rect.r0 + 1 }, (_, i) => ({ ...rect, r0: rect.r0 + i, r1: rect.r0 + i }))
    : [rect];
  sheet.merges = sheet.merges.filter((m) => !contains(rect, m));
  for (const a of areas) {
    if (a.r0 === a.r1 && a.c0 === a.c1) continue; // one cell: nothing to merge
    const others: [number, number][] = [];
    sheet.grid.forEachIn(a, (r, c) => {
      if (r !== a.r0 || c !== a.c0) others.push([r, c]);
    });
    for (const [r, c] of others) sheet.grid.put(r, c, null);
    sheet.merges.push(a);
  }
}

/** Range.unmerge: every merged area that overlaps the range becomes single cells again. */
export function unmergeCells(sheet: SheetModel, rect: Rect): void {
  sheet.merges = sheet.merges.filter((m) => !intersects(m, rect));
}

/** The merged areas that overlap the range, whole, top to bottom then left to right. */
export function mergedAreasIn(sheet: SheetModel, rect: Rect): Rect[] {
  return sheet.merges.filter((m) => intersects(m, rect)).sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
}

/**
 * Where every merged area goes when cells are inserted at `inserted`, checked before anything moves: one the
 * insert would split is refused, as is one it would push off the sheet. Returns a function that applies it.
 */
export function planMergesForInsert(sheet: SheetModel, inserted: Rect, axis: Axis): () => void {
  const next = sheet.merges.map((m) => {
    const after = afterInsert(m, inserted, axis);
    if (after === "split") throw invalidOperation(`${MERGED_CELL} (the insertion would move part of ${formatRect(m)})`);
    if (after === "off")
      throw hostError(
        "NonBlankCellOffSheet",
        "Excel can't insert new cells because it would push non-empty cells off the end of the worksheet.",
      );
    return after;
  });
  return () => void (sheet.merges = next);
}

/** The host does not move merged areas when cells are deleted: it refuses a deletion that would. */
export function refuseMergesInDelete(sheet: SheetModel, deleted: Rect, axis: Axis): void {
  const hit = sheet.merges.find((m) => touchedByInsert(m, deleted, axis));
  if (hit) throw invalidOperation(`${MERGED_CELL} (the host does not model deleting around ${formatRect(hit)})`);
}

/** A table may not hold merged cells (Table add and resize). */
export function refuseMergesInTable(sheet: SheetModel, rect: Rect): void {
  const hit = sheet.merges.find((m) => intersects(m, rect));
  if (hit) throw invalidOperation(`A table can't include merged cells (${formatRect(hit)}).`);
}
