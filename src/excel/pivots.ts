// Pivot tables on the add-in's tables. Excel does not refresh a PivotTable when its source changes (Power
// Query's Refresh All does), so after a refresh the pivots built on the refreshed tables are refreshed too.
// Which table a pivot reads is known from ExcelApi 1.15 (getDataSourceString); below that every pivot of the
// workbook is refreshed, which is what Excel's own Refresh All does.
import type { ExcelRun } from "./excelRun";

/** Whether this Excel tells a pivot's source (ExcelApi 1.15); false outside Office. */
function pivotSourcesReadable(): boolean {
  try {
    return typeof Office !== "undefined" && !!Office.context?.requirements?.isSetSupported("ExcelApi", "1.15");
  } catch {
    return false;
  }
}

/** The pivot tables refreshed on some tables: how many, and how many on each table when Excel tells their sources. */
interface PivotsRefreshed {
  count: number;
  /** By table name (lower case); absent below ExcelApi 1.15, where every pivot of the workbook was refreshed. */
  byTable?: Map<string, number>;
}

/**
 * Refreshes the pivot tables whose source is one of `tableNames` (all pivots where sources cannot be read),
 * each once. Two syncs at most.
 */
export async function refreshPivotsOfTables(
  run: ExcelRun,
  tableNames: readonly string[],
  readsSource: boolean = pivotSourcesReadable(),
): Promise<PivotsRefreshed> {
  if (tableNames.length === 0) return { count: 0, byTable: new Map() };
  return run(async (context) => {
    const pivots = context.workbook.pivotTables;
    pivots.load("items/name");
    await context.sync();
    if (pivots.items.length === 0) return { count: 0, byTable: new Map() };
    if (!readsSource) {
      pivots.refreshAll();
      await context.sync();
      return { count: pivots.items.length };
    }
    const sources = pivots.items.map((p) => p.getDataSourceString());
    await context.sync();
    const wanted = new Set(tableNames.map((n) => n.toLowerCase()));
    const byTable = new Map<string, number>();
    const mine = pivots.items.filter((_, i) => {
      const source = sources[i].value.toLowerCase();
      if (!wanted.has(source)) return false;
      byTable.set(source, (byTable.get(source) ?? 0) + 1);
      return true;
    });
    for (const p of mine) p.refresh();
    if (mine.length > 0) await context.sync();
    return { count: mine.length, byTable };
  });
}

/** refreshPivotsOfTables, for how many were refreshed. */
export async function refreshPivotsOn(
  run: ExcelRun,
  tableNames: readonly string[],
  readsSource: boolean = pivotSourcesReadable(),
): Promise<number> {
  return (await refreshPivotsOfTables(run, tableNames, readsSource)).count;
}
