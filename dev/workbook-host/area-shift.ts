// Where a block of cells goes when cells are inserted (Range.insert), the rule Excel applies to everything tied
// to cells: a reference in a formula, a merged area, a spill. Cells shift along one axis ("rows" for Down,
// "columns" for Right) inside the band of the inserted cells (their columns for Down, their rows for Right).
import { MAX_COLUMNS, MAX_ROWS, Rect } from "./addresses";

export type Axis = "rows" | "columns";

/** Views a rect along the shift axis: "along" is the direction cells move, "across" the band. */
export function along(axis: Axis, r: Rect) {
  return axis === "rows" ? { lo: r.r0, hi: r.r1, xlo: r.c0, xhi: r.c1 } : { lo: r.c0, hi: r.c1, xlo: r.r0, xhi: r.r1 };
}

export function withAlong(axis: Axis, r: Rect, lo: number, hi: number): Rect {
  return axis === "rows" ? { ...r, r0: lo, r1: hi } : { ...r, c0: lo, c1: hi };
}

/** Whether any cell of `area` is among the cells an insert at `inserted` moves (its band, at or after it). */
export function touchedByInsert(area: Rect, inserted: Rect, axis: Axis): boolean {
  const a = along(axis, area);
  const i = along(axis, inserted);
  return a.xhi >= i.xlo && a.xlo <= i.xhi && a.hi >= i.lo;
}

/**
 * Where `area` is after cells are inserted at `inserted`:
 * - the same rect (the very object) when none of its cells move: outside the band, or before the insertion;
 * - "split" when the band covers only some of its columns (rows, for Right): part of it would move, part not;
 * - moved down (right) by the inserted size when it starts at or after the insertion;
 * - grown by that size when the insertion falls inside it;
 * - "off" when that takes it past the sheet's last row (column).
 * (ClosedXML documents the same rule for references: "shift if an insertion doesn't split one rectangle into two".)
 */
export function afterInsert(area: Rect, inserted: Rect, axis: Axis): Rect | "split" | "off" {
  if (!touchedByInsert(area, inserted, axis)) return area;
  const a = along(axis, area);
  const i = along(axis, inserted);
  if (i.xlo > a.xlo || i.xhi < a.xhi) return "split";
  const size = i.hi - i.lo + 1;
  const lo = a.lo >= i.lo ? a.lo + size : a.lo;
  const hi = a.hi + size;
  if (hi >= (axis === "rows" ? MAX_ROWS : MAX_COLUMNS)) return "off";
  return withAlong(axis, area, lo, hi);
}
