// Which table a saved query belongs to. A table keeps its Table.id (ExcelApi 1.1) across renames of itself and
// of its sheet; names do not. So a table is found by its id when the record has one, by its name otherwise.
import type { ExcelRun } from "./excelRun";

export interface TableRef {
  tableId?: string;
  tableName: string;
}

export interface TableIdentity {
  id: string;
  name: string;
  sheet: string;
  /** The sheet is protected: Excel refuses every write there (AccessDenied). */
  sheetProtected: boolean;
}

/**
 * The current identity of each table, or null when it is no longer in the workbook (a recorded id that is
 * gone means the table was deleted, even if another table now has its old name). Two syncs for any number.
 */
export async function identifyTables(run: ExcelRun, refs: readonly TableRef[]): Promise<(TableIdentity | null)[]> {
  if (refs.length === 0) return [];
  return run(async (context) => {
    const tables = refs.map((r) => context.workbook.tables.getItemOrNullObject(r.tableId ?? r.tableName));
    for (const t of tables) t.load("id,name");
    await context.sync();
    const sheets = tables.map((t) => {
      if (t.isNullObject) return null;
      const ws = t.worksheet;
      ws.load("name");
      ws.protection.load("protected");
      return ws;
    });
    await context.sync();
    return tables.map((t, i) => {
      const ws = sheets[i];
      return ws ? { id: t.id, name: t.name, sheet: ws.name, sheetProtected: ws.protection.protected } : null;
    });
  });
}
