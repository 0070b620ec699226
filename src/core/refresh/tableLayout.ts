// A table's shape: its columns and rows in period order (as written on first pull and on every refresh), the
// period column found, and the service's answer laid onto the stored header (by name, Excel's case-insensitive
// uniqueness) with the rows that fall in the window. Pure.
import { compareDays, type DayCells, type IsoDate } from "../dates";
import type { Cell, Column, ColumnKind } from "../answer/tabulate";
import { sameHeader } from "./userColumns";

/**
 * Stable sort of rows by their period (the days `dayCells` reads), periods that are not days last; already-sorted
 * input is returned as is.
 * A seam: the refresh tests' model of a rewritten table sorts the answer as the plan does
 * (test/refresh/support/rewrite.ts), and its stability is a property of its own (test/refresh/core.property.test.ts).
 * @public
 */
export function sortByPeriod<R extends readonly Cell[]>(
  rows: readonly R[],
  periodIndex: number,
  dayCells: DayCells,
): R[] {
  // "~" sorts after every "YYYY-MM-DD". Rows come in runs of one period (a large brand's day is 575,000 rows of one
  // cell): the last cell's day is kept, so the check is not a day made from a serial twice a row.
  let lastCell: unknown = undefined;
  let lastKey: IsoDate = "~";
  const key = (r: R): IsoDate => {
    const cell = r[periodIndex];
    if (cell !== lastCell || lastKey === "~") {
      lastCell = cell;
      lastKey = dayCells.dayOf(cell) ?? "~";
    }
    return lastKey;
  };
  let sorted = true;
  for (let i = 1; i < rows.length && sorted; i++) sorted = key(rows[i - 1]) <= key(rows[i]);
  if (sorted) return rows as R[];
  return rows
    .map((r, i) => ({ r, i, k: key(r) }))
    .sort((a, b) => compareDays(a.k, b.k) || a.i - b.i)
    .map((x) => x.r);
}

export interface TableShape {
  columns: Column[];
  values: Cell[][];
}

/** Index of the period column: by name, else the first date column. -1 when there is none. */
export function periodIndexOf(columns: readonly Column[], periodColumn?: string): number {
  if (periodColumn) {
    const i = columns.findIndex((c) => c.name === periodColumn);
    if (i >= 0) return i;
  }
  return columns.findIndex((c) => c.kind === "date");
}

/** What a table holds, as written on first pull and on every refresh: tabulated rows in period order. */
export function tableContents(data: TableShape, dayCells: DayCells, periodColumn?: string): TableShape {
  const p = periodIndexOf(data.columns, periodColumn);
  return p < 0 ? data : { columns: data.columns, values: sortByPeriod(data.values, p, dayCells) };
}

export interface HeaderMapping extends TableShape {
  /** Stored columns the service did not send this time: their cells in the window are left empty. */
  missing: string[];
  /** Columns the service sent that the stored table does not have: left out (the table's columns never change). */
  extra: string[];
}

/**
 * Lays fresh data onto the stored table's header (Excel keeps header names unique case-insensitively).
 * `storedKinds` (from the stored cells' formats) is used for columns the fresh data lacks.
 */
export function mapToHeader(
  header: readonly string[],
  fresh: TableShape,
  storedKinds: readonly (ColumnKind | undefined)[] = [],
): HeaderMapping {
  const used = new Set<number>();
  const sources = header.map((h) => {
    let i = fresh.columns.findIndex((c, j) => !used.has(j) && c.name === h);
    if (i < 0) i = fresh.columns.findIndex((c, j) => !used.has(j) && sameHeader(c.name, h));
    if (i >= 0) used.add(i);
    return i;
  });
  const columns: Column[] = header.map((name, k) => ({
    name,
    kind: sources[k] >= 0 ? fresh.columns[sources[k]].kind : (storedKinds[k] ?? "decimal"),
  }));
  const values = fresh.values.map((row) => sources.map((s) => (s >= 0 ? row[s] : null)));
  return {
    columns,
    values,
    missing: header.filter((_, k) => sources[k] < 0),
    extra: fresh.columns.filter((_, j) => !used.has(j)).map((c) => c.name),
  };
}

/** Fresh rows that belong in the window (period on or after its first day), in period order, and how many were left out. */
export function windowRows(
  fresh: TableShape,
  periodIndex: number,
  start: IsoDate,
  dayCells: DayCells,
): { values: Cell[][]; early: number } {
  const sorted = periodIndex < 0 ? fresh.values : sortByPeriod(fresh.values, periodIndex, dayCells);
  if (periodIndex < 0) return { values: sorted, early: 0 };
  const before = (v: Cell) => {
    const day = dayCells.dayOf(v);
    return day !== null && day < start;
  };
  const values = sorted.filter((r) => !before(r[periodIndex]));
  return { values, early: sorted.length - values.length };
}

/** Number formats back to column kinds (for stored columns the service no longer sends). */
export function kindOfFormat(format: string | undefined, formats: Record<ColumnKind, string>): ColumnKind | undefined {
  if (!format) return undefined;
  const hit = (Object.keys(formats) as ColumnKind[]).find((k) => formats[k] === format);
  return hit;
}
