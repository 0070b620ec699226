// TableColumn.id (ExcelApi 1.1): "a unique key that identifies the column within the table". The host gives each
// column a number when it is made (1, 2, ... for a new table's columns, then the next unused one) and keeps it
// with the column's cells: through header renames, columns inserted or deleted beside it, table resizes and a
// user's move of the column. Ids of deleted columns are not given again (the reference is silent; OOXML's
// tableColumn ids are unique within a table). Every change of a table's columns goes through here.
import type { TableModel } from "./model-types";

/** Ids for a new table of `count` columns. */
export function newColumnIds(count: number): Pick<TableModel, "columnIds" | "nextColumnId"> {
  return { columnIds: Array.from({ length: count }, (_, i) => i + 1), nextColumnId: count + 1 };
}

function fresh(t: TableModel, count: number): number[] {
  const ids = Array.from({ length: count }, (_, i) => t.nextColumnId + i);
  t.nextColumnId += count;
  return ids;
}

/** `count` new columns at position `at` (0 = before the first). */
export function insertColumnIds(t: TableModel, at: number, count: number): void {
  t.columnIds.splice(at, 0, ...fresh(t, count));
}

/** The columns at positions at .. at + count - 1 are gone. */
export function removeColumnIds(t: TableModel, at: number, count: number): void {
  t.columnIds.splice(at, count);
}

/**
 * The table's columns now span sheet columns c0 .. c1 (a resize or a growth): columns it had keep their ids,
 * the others get new ones.
 */
export function spanColumnIds(t: TableModel, c0: number, c1: number): void {
  const old = t.rect.c0;
  const ids: number[] = [];
  for (let c = c0; c <= c1; c++) {
    const k = c - old;
    ids.push(k >= 0 && k < t.columnIds.length ? t.columnIds[k] : fresh(t, 1)[0]);
  }
  t.columnIds = ids;
}

/** The column at `from` now stands at `to` (the others between shift by one). */
export function moveColumnId(t: TableModel, from: number, to: number): void {
  const [id] = t.columnIds.splice(from, 1);
  t.columnIds.splice(to, 0, id);
}
