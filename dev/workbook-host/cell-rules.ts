// Data validation (Range.dataValidation, ExcelApi 1.8) and conditional formats (Range.conditionalFormats, ExcelApi
// 1.6) as Excel keeps them: rules over areas of a sheet (OOXML's dataValidation and conditionalFormatting, each with
// its sqref), not attributes of cells. So, as Excel does with everything tied to cells:
// - cells inserted inside an area grow it, cells inserted before it move it, an insert over part of its columns
//   splits it (the part in the band moves); deleted cells take their part of an area with them (area-shift.ts);
// - writing values or formulas, sorting rows and Range.copyFrom(..., "Values") leave the areas where they are;
// - Range.clear("All") removes both from its cells, clear("Formats") the conditional formats only (Excel's Clear
//   Formats keeps validation), DataValidation.clear() and ConditionalFormatCollection.clearAll() their own;
// - a table that grows through the API (Table.resize, TableRowCollection.add, values written below it) does not
//   extend them: the reference is silent, so the host takes the least kind answer and the add-in must carry them
//   to new rows itself. A row a person types below a table (host.typeCell) gets the rules of the row above, as
//   Excel's AutoExpansion gives it (Excel extends a table column's validation and conditional formats to it).
import { MAX_COLUMNS, MAX_ROWS, Rect, intersection, intersects } from "./addresses";
import { along, withAlong, type Axis } from "./area-shift";
import type { ConditionalFormatModel, SheetModel, ValidationArea, ValidationSettings } from "./model-types";

/** `a` less `cut`: up to four rects (above, below, left, right of the cut). */
export function subtractRect(a: Rect, cut: Rect): Rect[] {
  const i = intersection(a, cut);
  if (!i) return [a];
  const out: Rect[] = [];
  if (a.r0 < i.r0) out.push({ ...a, r1: i.r0 - 1 });
  if (i.r1 < a.r1) out.push({ ...a, r0: i.r1 + 1 });
  if (a.c0 < i.c0) out.push({ r0: i.r0, r1: i.r1, c0: a.c0, c1: i.c0 - 1 });
  if (i.c1 < a.c1) out.push({ r0: i.r0, r1: i.r1, c0: i.c1 + 1, c1: a.c1 });
  return out;
}

/** Rects joined where two share their columns and touch vertically (or rows, horizontally): B2:B10 + B11:B17 = B2:B17. */
export function joinRects(rects: readonly Rect[]): Rect[] {
  const out = rects.map((r) => ({ ...r }));
  let joined = true;
  while (joined) {
    joined = false;
    for (let i = 0; i < out.length && !joined; i++) {
      for (let j = i + 1; j < out.length && !joined; j++) {
        const a = out[i];
        const b = out[j];
        const vertical = a.c0 === b.c0 && a.c1 === b.c1 && (a.r1 + 1 === b.r0 || b.r1 + 1 === a.r0);
        const horizontal = a.r0 === b.r0 && a.r1 === b.r1 && (a.c1 + 1 === b.c0 || b.c1 + 1 === a.c0);
        if (vertical || horizontal) {
          out[i] = {
            r0: Math.min(a.r0, b.r0),
            c0: Math.min(a.c0, b.c0),
            r1: Math.max(a.r1, b.r1),
            c1: Math.max(a.c1, b.c1),
          };
          out.splice(j, 1);
          joined = true;
        }
      }
    }
  }
  return out.sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
}

/** The part of `area` inside the band [xlo, xhi] across the axis, and the parts outside it (which stay). */
function splitAcross(area: Rect, axis: Axis, xlo: number, xhi: number): { inside: Rect | null; outside: Rect[] } {
  const a = along(axis, area);
  if (a.xhi < xlo || a.xlo > xhi) return { inside: null, outside: [area] };
  const outside: Rect[] = [];
  const cross = (lo: number, hi: number): Rect =>
    axis === "rows" ? { ...area, c0: lo, c1: hi } : { ...area, r0: lo, r1: hi };
  if (a.xlo < xlo) outside.push(cross(a.xlo, xlo - 1));
  if (a.xhi > xhi) outside.push(cross(xhi + 1, a.xhi));
  return { inside: cross(Math.max(a.xlo, xlo), Math.min(a.xhi, xhi)), outside };
}

/**
 * Where an area is after cells are inserted at `inserted` (Down: rows, Right: columns) or deleted there: the part
 * outside the band stays; inside it, an insertion at or before it moves it, one inside it grows it; a deletion
 * takes its cells out and pulls what follows back. Parts pushed off the sheet go.
 */
export function shiftArea(area: Rect, rect: Rect, axis: Axis, op: "insert" | "delete"): Rect[] {
  const band = along(axis, rect);
  const { inside, outside } = splitAcross(area, axis, band.xlo, band.xhi);
  if (!inside) return outside;
  const a = along(axis, inside);
  const size = band.hi - band.lo + 1;
  const limit = (axis === "rows" ? MAX_ROWS : MAX_COLUMNS) - 1;
  let lo = a.lo;
  let hi = a.hi;
  if (op === "insert") {
    if (a.hi < band.lo) return [...outside, inside];
    if (a.lo >= band.lo) lo += size;
    hi += size;
    hi = Math.min(hi, limit);
    if (lo > limit) return outside;
  } else {
    lo = a.lo < band.lo ? a.lo : a.lo > band.hi ? a.lo - size : band.lo;
    hi = a.hi < band.lo ? a.hi : a.hi > band.hi ? a.hi - size : band.lo - 1;
    if (hi < lo) return outside;
  }
  return [...outside, withAlong(axis, inside, lo, hi)];
}

/** Cells shifted on the sheet: every validation area and conditional format moves, grows, splits or shrinks with them. */
export function shiftCellRules(sheet: SheetModel, rect: Rect, axis: Axis, op: "insert" | "delete"): void {
  sheet.validations = sheet.validations.flatMap((v) =>
    shiftArea(v.rect, rect, axis, op).map((r) => ({ rect: r, settings: v.settings })),
  );
  for (const cf of sheet.conditionalFormats)
    cf.areas = joinRects(cf.areas.flatMap((r) => shiftArea(r, rect, axis, op)));
  dropEmptyFormats(sheet);
}

/** Removes the validation of the cells of `rect`. */
export function clearValidation(sheet: SheetModel, rect: Rect): void {
  sheet.validations = sheet.validations.flatMap((v) =>
    subtractRect(v.rect, rect).map((r) => ({ rect: r, settings: v.settings })),
  );
}

/** Removes the conditional formats from the cells of `rect` (a format left with no cell goes). */
export function clearConditionalFormats(sheet: SheetModel, rect: Rect): void {
  for (const cf of sheet.conditionalFormats) cf.areas = joinRects(cf.areas.flatMap((r) => subtractRect(r, rect)));
  dropEmptyFormats(sheet);
}

function dropEmptyFormats(sheet: SheetModel): void {
  for (const cf of sheet.conditionalFormats) if (cf.areas.length === 0) cf.deleted = true;
  sheet.conditionalFormats = sheet.conditionalFormats.filter((cf) => !cf.deleted);
}

/** The validation areas overlapping `rect`, each cut to it. */
export function validationsIn(sheet: SheetModel, rect: Rect): ValidationArea[] {
  return sheet.validations.flatMap((v) => {
    const i = intersection(v.rect, rect);
    return i ? [{ rect: i, settings: v.settings }] : [];
  });
}

/** The conditional formats with a cell in `rect`, in priority order. */
export function conditionalFormatsIn(sheet: SheetModel, rect: Rect): ConditionalFormatModel[] {
  return sheet.conditionalFormats.filter((cf) => cf.areas.some((a) => intersects(a, rect)));
}

/**
 * A person typed row `row` into a table below its last body row `above` (AutoExpansion): in each column, the row
 * takes the validation of the cell above it, and every conditional format on that cell grows over it.
 */
export function extendRulesToRow(sheet: SheetModel, above: number, row: number, c0: number, c1: number): void {
  for (let c = c0; c <= c1; c++) {
    const cell = { r0: above, r1: above, c0: c, c1: c };
    const target = { r0: row, r1: row, c0: c, c1: c };
    const v = validationsIn(sheet, cell)[0];
    if (v) {
      clearValidation(sheet, target);
      sheet.validations.push({ rect: target, settings: v.settings });
    }
    for (const cf of conditionalFormatsIn(sheet, cell)) cf.areas = joinRects([...cf.areas, target]);
  }
  sheet.validations = joinValidations(sheet.validations);
}

/** Adjacent areas of equal settings joined (the sheet's list stays short as rows are added one by one). */
export function joinValidations(areas: readonly ValidationArea[]): ValidationArea[] {
  const bySettings = new Map<string, { settings: ValidationSettings; rects: Rect[] }>();
  for (const v of areas) {
    const key = JSON.stringify(v.settings);
    const group = bySettings.get(key) ?? { settings: v.settings, rects: [] };
    group.rects.push(v.rect);
    bySettings.set(key, group);
  }
  return [...bySettings.values()].flatMap(({ settings, rects }) =>
    joinRects(rects).map((rect) => ({ rect, settings })),
  );
}
