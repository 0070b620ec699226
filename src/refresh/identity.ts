// A saved query follows its table. Before a refresh each record is matched to its table by Table.id (by name
// for records saved before ids were kept), and a rename of the table or of its sheet is written into the record,
// so the pane shows the current names and formulas on the table keep working.
import { updateManagedTables } from "../excel/queryStore";
import type { ExcelRun } from "../excel/excelRun";
import { identifyTables, type TableIdentity } from "../excel/tableIdentity";
import type { RefreshableTable } from "./refreshDeps";

export interface FollowedTable {
  /** The record, under the table's current names and id (as saved). */
  table: RefreshableTable;
  /** null: the table is no longer in the workbook. */
  identity: TableIdentity | null;
}

// Only a rename is saved at once; an older record's id is saved with its next refresh (a refused one writes nothing).
const moved = (t: RefreshableTable, id: TableIdentity) => id.name !== t.tableName || id.sheet !== t.sheet;

/** Finds each record's table and saves renames into the records (one update for all). */
export async function followTables(run: ExcelRun, tables: readonly RefreshableTable[]): Promise<FollowedTable[]> {
  const ids = await identifyTables(run, tables);
  const followed = tables.map((t, i) => {
    const id = ids[i];
    return { table: id ? { ...t, tableName: id.name, sheet: id.sheet, tableId: id.id } : t, identity: id };
  });
  const renamed = new Map(
    tables.flatMap((t, i) => (ids[i] && moved(t, ids[i]) ? [[t.tableName, followed[i].table]] : [])),
  );
  if (renamed.size > 0) {
    await updateManagedTables(run, (records) =>
      records.map((r) => {
        const now = renamed.get(r.tableName);
        return now ? { ...r, tableName: now.tableName, sheet: now.sheet, tableId: now.tableId } : r;
      }),
    );
  }
  return followed;
}

/** Words for a record whose table was deleted: the record is kept until the user decides. */
export const tableDeletedText = (tableName: string): string =>
  `The table "${tableName}" is no longer in this workbook (it was deleted or its cells were cleared). Its saved query is kept: choose Stop managing in the pane, or get the data again.`;
