// A table column's number format, given to the rows the table grows into. Excel keeps a format for a table
// column's data area (OOXML's tableColumn dataDxfId, ECMA-376 Part 4 §3.5.1.3: "which format to apply to the data
// area of this column. This formatting shall also apply to cells on the insert row"), so rows added to the table
// take it. The host reads that format off the cells: a column whose data cells all hold one number format (other
// than General) has it; a column whose cells differ has none, and its new rows keep what their cells had (the
// narrower reading: nothing is extended from a row above alone). Applied when the body grows by Table.resize,
// TableRowCollection.add, AutoExpansion over values written or typed below it; not by Range.insert inside it.
import type { Rect } from "./addresses";
import type { SheetModel } from "./model-types";

/** The number format of each column of `body` (by sheet column) whose cells all share one, other than General. */
export type ColumnFormats = Map<number, string>;

export function columnFormats(sheet: SheetModel, body: Rect): ColumnFormats {
  const out: ColumnFormats = new Map();
  for (let c = body.c0; c <= body.c1; c++) {
    const first = sheet.grid.get(body.r0, c)?.format;
    if (first === undefined) continue;
    let same = true;
    for (let r = body.r0 + 1; r <= body.r1 && same; r++) same = sheet.grid.get(r, c)?.format === first;
    if (same) out.set(c, first);
  }
  return out;
}

/** Gives rows r0 .. r1 each column's format (the cells keep their values; Excel's format of the data area wins). */
export function extendFormats(sheet: SheetModel, formats: ColumnFormats, r0: number, r1: number): void {
  for (const [c, format] of formats) {
    for (let r = r0; r <= r1; r++) {
      const cell = sheet.grid.get(r, c);
      if (cell === undefined) sheet.grid.put(r, c, { value: "", formula: undefined, format, quotePrefix: undefined });
      else cell.format = format;
    }
  }
}
