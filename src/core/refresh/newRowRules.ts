// The validation and conditional formats of the rows a refresh adds to a table: each column's from the row above,
// as Excel's AutoExpansion gives a table's new row. Written by the add-in itself: what Table.resize does to them is
// not documented (docs/workbook-host.md). Pure: areas as zero-based rectangles of the sheet.

/** A rectangle of cells: first row and column (zero-based), rows and columns. */
export interface CellArea {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

const covers = (a: CellArea, row: number, col: number): boolean =>
  row >= a.row && row < a.row + a.rows && col >= a.col && col < a.col + a.cols;

/**
 * The areas a conditional format applies to once a table grows: its areas, plus the new rows (`added`: first row
 * and count) in each of the table's columns (`columns`: first and count) where it covers the cell of the last body
 * row (`above`); null when it covers none of them there (nothing to change).
 */
export function grownAreas(
  areas: readonly CellArea[],
  above: number,
  columns: { first: number; count: number },
  added: { first: number; count: number },
): CellArea[] | null {
  const runs: CellArea[] = [];
  for (let c = columns.first; c < columns.first + columns.count; c++) {
    if (!areas.some((a) => covers(a, above, c))) continue;
    const last = runs[runs.length - 1];
    if (last && last.col + last.cols === c) last.cols++;
    else runs.push({ row: added.first, col: c, rows: added.count, cols: 1 });
  }
  return runs.length > 0 ? [...areas, ...runs] : null;
}

/** Excel's validation types that are one rule (not "None", "Inconsistent" or "MixedCriteria"): what a new row can take. */
export const isOneRule = (type: string): boolean => !["None", "Inconsistent", "MixedCriteria"].includes(type);

/** A rule as read back, without the properties Excel reads as null (it refuses them written back, as filters' criteria). */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  ) as T;
}
