// Dynamic arrays (ExcelApi 1.12: Range.hasSpill, getSpillingToRangeOrNullObject, getSpillParentOrNullObject).
// The host has no formula engine, so a spilling formula is placed with its result given (host.typeSpill, what a
// user typing =SEQUENCE(1,5) sees): the anchor cell holds the formula and reads the result's first value, the
// other cells of the spill range read the rest. As in Excel, the result needs its range empty (else the anchor
// shows #SPILL!); typing into a spilled cell blocks the spill; clearing one changes nothing. When cells are
// inserted, Excel lays the result out again from the anchor cell, wherever that moved: the host does the same
// with the same result (it cannot recompute), and a range now in the way of something gives #SPILL!.
import { MAX_COLUMNS, MAX_ROWS, Rect, intersects, parseAddress } from "./addresses";
import { afterInsert, touchedByInsert, type Axis } from "./area-shift";
import type { Cell, Scalar } from "./cells";
import { hostError, invalidArgument, invalidOperation } from "./errors";
import { checkWritable } from "./protection";
import type { WorkbookModel } from "./workbook-model";
import type { SheetModel, SpillModel } from "./model-types";

const BLOCKED = "#SPILL!";

export function spillRect(s: SpillModel): Rect {
  return { r0: s.r, c0: s.c, r1: s.r + s.values.length - 1, c1: s.c + s.values[0].length - 1 };
}

const isBlank = (cell: Cell | undefined) => cell === undefined || (cell.value === "" && cell.formula === undefined);

/** A user types a formula whose result spills (the host cannot compute it: `result` is what Excel would show). */
export function typeSpill(wb: WorkbookModel, address: string, formula: string, result: Scalar[][]): void {
  const p = parseAddress(address);
  const sheet = p.sheet !== undefined ? wb.findSheet(p.sheet) : wb.activeSheet;
  if (!sheet) throw hostError("ItemNotFound", `No worksheet in "${address}".`);
  if (p.rect.r1 !== p.rect.r0 || p.rect.c1 !== p.rect.c0) throw invalidArgument("A formula is typed into one cell.");
  if (!formula.startsWith("=")) throw invalidArgument("A spilling formula starts with =.");
  const width = result[0]?.length ?? 0;
  if (width === 0 || result.some((row) => row.length !== width)) throw invalidArgument("The result must be a grid.");
  checkWritable(sheet, "contents");
  const { r0: r, c0: c } = p.rect;
  dropSpillAt(sheet, r, c);
  const cur = sheet.grid.get(r, c);
  sheet.grid.put(r, c, { value: result[0][0], formula, format: cur?.format, quotePrefix: undefined });
  afterSpillCellsWritten(sheet, p.rect);
  layOut(wb, sheet, { r, c, values: result });
}

/** Lays a result out from its anchor: registered and shown when its range is free, else the anchor shows #SPILL!. */
function layOut(wb: WorkbookModel, sheet: SheetModel, s: SpillModel): void {
  const rect = spillRect(s);
  let free = rect.r1 < MAX_ROWS && rect.c1 < MAX_COLUMNS;
  if (free) sheet.grid.forEachIn(rect, (r, c, cell) => (free &&= (r === s.r && c === s.c) || isBlank(cell)));
  free &&= !wb.tables.some((t) => t.sheet === sheet && intersects(t.rect, rect));
  free &&= !sheet.merges.some((m) => intersects(m, rect));
  const anchor = sheet.grid.get(s.r, s.c);
  if (!anchor || anchor.formula === undefined) return;
  if (!free) {
    anchor.value = BLOCKED;
    return;
  }
  anchor.value = s.values[0][0];
  showGhosts(sheet, s, (i, j) => s.values[i][j]);
  sheet.spills.push(s);
}

/** Sets every spilled cell (not the anchor) to value(i, j), keeping each cell's number format. */
function showGhosts(sheet: SheetModel, s: SpillModel, value: (i: number, j: number) => Scalar): void {
  s.values.forEach((row, i) =>
    row.forEach((_, j) => {
      if (i === 0 && j === 0) return;
      const format = sheet.grid.get(s.r + i, s.c + j)?.format;
      sheet.grid.put(s.r + i, s.c + j, { value: value(i, j), formula: undefined, format, quotePrefix: undefined });
    }),
  );
}

function dropSpillAt(sheet: SheetModel, r: number, c: number): void {
  const s = sheet.spills.find((x) => x.r === r && x.c === c);
  if (!s) return;
  showGhosts(sheet, s, () => "");
  sheet.spills = sheet.spills.filter((x) => x !== s);
}

/** The spill whose range holds cell (r, c), if any. */
export function spillCovering(sheet: SheetModel, r: number, c: number): SpillModel | undefined {
  return sheet.spills.find((s) => {
    const x = spillRect(s);
    return r >= x.r0 && r <= x.r1 && c >= x.c0 && c <= x.c1;
  });
}

/** Range.hasSpill: true when every cell of the range is in a spill range, false when none is, null otherwise. */
export function hasSpill(sheet: SheetModel, rect: Rect): boolean | null {
  let inside = 0;
  for (const s of sheet.spills) {
    const x = spillRect(s);
    if (!intersects(x, rect)) continue;
    const rows = Math.min(x.r1, rect.r1) - Math.max(x.r0, rect.r0) + 1;
    inside += rows * (Math.min(x.c1, rect.c1) - Math.max(x.c0, rect.c0) + 1);
  }
  const all = (rect.r1 - rect.r0 + 1) * (rect.c1 - rect.c0 + 1);
  return inside === 0 ? false : inside === all ? true : null;
}

/**
 * After cells of `rect` were written: a spill whose anchor got another formula or value is gone (its other cells
 * go blank); a spilled cell that now holds something the user put there blocks its spill (#SPILL!); a spilled
 * cell cleared shows its value again.
 */
export function afterSpillCellsWritten(sheet: SheetModel, rect: Rect): void {
  for (const s of sheet.spills.filter((x) => intersects(spillRect(x), rect))) {
    const anchor = sheet.grid.get(s.r, s.c);
    if (anchor?.formula === undefined || (anchor.value !== s.values[0][0] && anchor.value !== BLOCKED)) {
      sheet.spills = sheet.spills.filter((x) => x !== s);
      showGhosts(sheet, s, (i, j) => keepWritten(sheet, s, rect, i, j));
      continue;
    }
    let blocked = false;
    s.values.forEach((row, i) =>
      row.forEach((v, j) => {
        const cell = sheet.grid.get(s.r + i, s.c + j);
        if ((i === 0 && j === 0) || cell?.value === v) return;
        if (!isBlank(cell)) blocked = true;
        else
          sheet.grid.put(s.r + i, s.c + j, {
            value: v,
            formula: undefined,
            format: cell?.format,
            quotePrefix: undefined,
          });
      }),
    );
    if (!blocked) continue;
    sheet.spills = sheet.spills.filter((x) => x !== s);
    showGhosts(sheet, s, (i, j) => keepWritten(sheet, s, rect, i, j));
    anchor.value = BLOCKED;
  }
}

/** A spilled cell's value once its spill is gone: what was just written there, else blank. */
function keepWritten(sheet: SheetModel, s: SpillModel, rect: Rect, i: number, j: number): Scalar {
  const r = s.r + i,
    c = s.c + j;
  const written = r >= rect.r0 && r <= rect.r1 && c >= rect.c0 && c <= rect.c1;
  return written ? (sheet.grid.get(r, c)?.value ?? "") : "";
}

/**
 * Cells are about to be inserted at `inserted`: the spills whose range has cells that move are taken off the grid
 * (their anchors move with the grid as any cell does). The returned function lays each out again from its anchor.
 */
export function liftSpillsForInsert(wb: WorkbookModel, sheet: SheetModel, inserted: Rect, axis: Axis): () => void {
  const touched = sheet.spills.filter((s) => touchedByInsert(spillRect(s), inserted, axis));
  const moved = touched.map((s) => {
    const at = afterInsert({ r0: s.r, c0: s.c, r1: s.r, c1: s.c }, inserted, axis);
    return typeof at === "string" ? s : { ...s, r: at.r0, c: at.c0 };
  });
  sheet.spills = sheet.spills.filter((s) => !touched.includes(s));
  for (const s of touched) showGhosts(sheet, s, () => "");
  return () => moved.forEach((s) => layOut(wb, sheet, s));
}

/** The host does not lay spills out again after cells are deleted: it refuses a deletion that would move one. */
export function refuseSpillsInDelete(sheet: SheetModel, deleted: Rect, axis: Axis): void {
  if (sheet.spills.some((s) => touchedByInsert(spillRect(s), deleted, axis)))
    throw invalidOperation("The host does not model deleting cells around a spilled range.");
}
