// Excel keeps formulas pointing at the same cells when cells are inserted: a reference to cells that moved is
// rewritten to where they are now (=B45 becomes =B48), one whose range the insertion falls inside grows
// (=SUM(C2:C45) with rows inserted at row 40 becomes =SUM(C2:C48)), one the insertion would split (only some of
// its columns move) stays as written, and one pushed past the sheet's end becomes #REF!. Formulas in every cell
// of every sheet and defined names are rewritten; the cells holding them move with the grid as any cell does, and
// their A1 text names the cells they point at, so where the formula itself sits changes nothing.
// Handled: cell references with or without $ and a sheet prefix, and ranges of two of them (A1:B2). Kept as
// written: structured references ([@revenue], Sales[units]: they follow their table by name), whole columns and
// rows (A:A, 1:1), references inside string literals. Not modelled: deleting cells (references are not adjusted).
import type { Cell } from "./cells";
import { MAX_COLUMNS, MAX_ROWS, Rect, columnIndex, columnLetters } from "./addresses";
import { afterInsert, type Axis } from "./area-shift";
import { rewriteRefs, type RefBounds } from "./r1c1";
import type { WorkbookModel } from "./workbook-model";
import type { SheetModel } from "./model-types";

const CELL = "(\\$?)([A-Za-z]{1,3})(\\$?)([0-9]{1,7})";
/** An optional sheet prefix (quoted or plain), a cell, and an optional second cell of a range. */
const REF = new RegExp(
  `^(?:('(?:[^']|'')+'|[A-Za-z_\\\\\\u00C0-\\uFFFF][A-Za-z0-9_.\\u00C0-\\uFFFF]*)!)?${CELL}(?::${CELL})?`,
);
/**
 * What may not come before a reference (a name's character) or follow it (more of a name, a call, a sheet
 * separator, a structured reference); names may hold letters beyond ASCII.
 */
const BOUNDS: RefBounds = {
  nameChar: /[A-Za-z0-9_.\\\u00C0-\uFFFF]/,
  notAfter: /[A-Za-z0-9_(.![\u00C0-\uFFFF]/,
};

interface Inserted {
  sheet: SheetModel;
  rect: Rect;
  axis: Axis;
}

/** Rewrites the references of every formula in the workbook after cells were inserted at `rect` on `sheet`. */
export function shiftReferences(wb: WorkbookModel, sheet: SheetModel, rect: Rect, axis: Axis): void {
  const ins: Inserted = { sheet, rect, axis };
  for (const s of wb.sheets) {
    const rewritten: [number, number, Cell][] = [];
    for (const [r, c, cell] of s.grid.entries()) {
      if (cell.formula === undefined) continue;
      const formula = rewrite(wb, cell.formula, s, ins);
      // A new cell, never a change in place: a cell may be shared by several places (Grid.writeEntries).
      if (formula !== cell.formula) rewritten.push([r, c, { ...cell, formula }]);
    }
    for (const [r, c, cell] of rewritten) s.grid.put(r, c, cell);
  }
  for (const n of wb.names) n.formula = rewrite(wb, n.formula, null, ins);
}

/** The formula with its references to the moved cells rewritten; `home` is the sheet of an unqualified reference. */
function rewrite(wb: WorkbookModel, formula: string, home: SheetModel | null, ins: Inserted): string {
  if (!formula.startsWith("=")) return formula;
  return rewriteRefs(formula, REF, (m) => moved(wb, m, home, ins), BOUNDS);
}

/** One reference, rewritten when the cells it names moved. */
function moved(wb: WorkbookModel, m: RegExpExecArray, home: SheetModel | null, ins: Inserted): string {
  const [text, quoted] = m;
  const name = quoted?.startsWith("'") ? quoted.slice(1, -1).replace(/''/g, "'") : quoted;
  const target = name === undefined ? home : wb.findSheet(name);
  if (target !== ins.sheet) return text;
  const a = { abs: [m[2] === "$", m[4] === "$"], c: columnIndex(m[3]), r: Number(m[5]) - 1 };
  const b = m[7] === undefined ? a : { abs: [m[6] === "$", m[8] === "$"], c: columnIndex(m[7]), r: Number(m[9]) - 1 };
  if ([a, b].some((p) => p.c >= MAX_COLUMNS || p.r >= MAX_ROWS || p.r < 0)) return text;
  const rect = { r0: Math.min(a.r, b.r), c0: Math.min(a.c, b.c), r1: Math.max(a.r, b.r), c1: Math.max(a.c, b.c) };
  const after = afterInsert(rect, ins.rect, ins.axis);
  if (after === rect || after === "split") return text;
  if (after === "off") return "#REF!";
  const prefix = quoted === undefined ? "" : `${quoted}!`;
  const cell = (p: typeof a, r: number, c: number) =>
    `${p.abs[0] ? "$" : ""}${columnLetters(c)}${p.abs[1] ? "$" : ""}${r + 1}`;
  // The corners keep their own $ marks: the first names the top-left cell, the second the bottom-right.
  const first = cell(a, after.r0, after.c0);
  return m[7] === undefined ? prefix + first : `${prefix}${first}:${cell(b, after.r1, after.c1)}`;
}
