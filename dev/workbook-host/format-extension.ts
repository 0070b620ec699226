// A table column's number format, given to the rows the table grows into. Excel keeps a format for a table
// column's data area (OOXML's tableColumn dataDxfId, ECMA-376 Part 4 §3.5.1.3: "which format to apply to the data
// area of this column. This formatting shall also apply to cells on the insert row"), so rows added to the table
// take it. The host reads that format off the cells: a column whose data cells all hold one number format (other
// than General) has it; a column whose cells differ has none, and its new rows keep what their cells had (the
// narrower reading: nothing is extended from a row above alone). Applied when the body grows by Table.resize,
// TableRowCollection.add, AutoExpansion over values written or typed below it; not by Range.insert inside it.
import type { Rect } from "./addresses";
import type { Grid } from "./grid";
import type { SheetModel } from "./model-types";

/** The number format of each column of `body` (by sheet column) whose cells all share one, other than General. */
export type ColumnFormats = Map<number, string>;

/** A scan's result kept for the next: the body it covered, and its columns' shared formats. */
interface Scan {
  body: Rect;
  formats: ColumnFormats;
}

/**
 * The scans of each grid since its cells last changed at or above their rows: a table that grows by a block of rows
 * at a time (a large pull, 575,000 rows in blocks of 20,000) is scanned over its new rows only, instead of over all
 * of them again for every block.
 */
const scans = new WeakMap<Grid, Scan[]>();

export function columnFormats(sheet: SheetModel, body: Rect): ColumnFormats {
  const grid = sheet.grid;
  const low = grid.takeLowestChange();
  const kept = (scans.get(grid) ?? []).filter((s) => s.body.r1 < low);
  const same = (s: Scan) => s.body.r0 === body.r0 && s.body.c0 === body.c0 && s.body.c1 === body.c1;
  const prior = kept.find((s) => same(s) && s.body.r1 <= body.r1);
  const out = prior ? extended(grid, prior, body) : scanned(grid, body);
  scans.set(grid, [...kept.filter((s) => !same(s)), { body: { ...body }, formats: out }].slice(-8));
  return new Map(out);
}

/** Each column's shared format over `body`, read cell by cell. */
function scanned(grid: Grid, body: Rect): ColumnFormats {
  const out: ColumnFormats = new Map();
  for (let c = body.c0; c <= body.c1; c++) {
    const first = grid.get(body.r0, c)?.format;
    if (first === undefined) continue;
    let same = true;
    for (let r = body.r0 + 1; r <= body.r1 && same; r++) same = grid.get(r, c)?.format === first;
    if (same) out.set(c, first);
  }
  return out;
}

/** A kept scan of the body's first rows (none of them changed since), carried on over the rows after them. */
function extended(grid: Grid, prior: Scan, body: Rect): ColumnFormats {
  const out: ColumnFormats = new Map();
  for (const [c, first] of prior.formats) {
    let same = true;
    for (let r = prior.body.r1 + 1; r <= body.r1 && same; r++) same = grid.get(r, c)?.format === first;
    if (same) out.set(c, first);
  }
  return out;
}

/** Gives rows r0 .. r1 each column's format (the cells keep their values; Excel's format of the data area wins). */
export function extendFormats(sheet: SheetModel, formats: ColumnFormats, r0: number, r1: number): void {
  for (const [c, format] of formats) {
    for (let r = r0; r <= r1; r++) {
      const cell = sheet.grid.get(r, c);
      // A new cell, never a change in place: a cell may be shared by several places (Grid.writeEntries).
      if (cell === undefined) sheet.grid.put(r, c, { value: "", formula: undefined, format, quotePrefix: undefined });
      else if (cell.format !== format)
        sheet.grid.put(r, c, { value: cell.value, formula: cell.formula, format, quotePrefix: cell.quotePrefix });
    }
  }
}
