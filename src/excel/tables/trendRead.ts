// Reading what a managed table's trend is made of (src/core/refresh/trend.ts): the period column and one metric column
// of the table's last rows, in one sync per table without knowing its row count first. The columns are found
// as refresh finds them: by TableColumn.id (renamed or moved, still found), by header for a record without ids.
import type { DayCells } from "../../core/dates";
import { EXCEL_DAY_CELLS } from "../excelDays";
import { sameHeader } from "../../core/refresh/userColumns";
import { WorkbookError } from "../errors";
import type { ExcelRun } from "../excelRun";
import type { TableRef } from "../tableIdentity";
import { findTable } from "./openTable";

/**
 * The most rows a trend reads: 13 weeks of ~1,500 SKUs or stores, two columns, 40,000 cells (a fraction of a
 * sync's share, and quick to add up). A taller table's earlier rows are not read.
 */
const TREND_ROWS = 20_000;

/** A table column: its TableColumn.id, or its header (a record saved before ids were kept). */
export type ColumnKey = number | string;

export interface TrendColumns {
  period: ColumnKey;
  metric: ColumnKey;
}

/** The last rows of the two columns, in table order. */
export interface TrendCells {
  periods: unknown[];
  /** How the table holds its days: Excel's serials. */
  dayCells: DayCells;
  values: unknown[];
  /** Body rows of the table (an empty table shows Excel's one blank row). */
  count: number;
  /** The table has more rows than were read: its earlier rows are not in `periods`. */
  cut: boolean;
  /** The period cell of the table's first body row (a cut read: whether the table holds other periods). */
  firstPeriod?: unknown;
}

/**
 * The body rows max(first, last - n + 1) .. last of a one-column body range. Shifted down by n, the n rows
 * below the body's last row meet the shifted body exactly there; shifted back up, the range never reaches
 * above the grid's top (a table with fewer than n rows above its last row would make getRowsAbove(n) do so).
 * Only a table ending within n rows of the grid's bottom makes it fail (see trendCells).
 */
function lastRows(body: Excel.Range, n: number): Excel.Range {
  return body.getOffsetRange(n, 0).getIntersection(body.getLastRow().getRowsBelow(n)).getOffsetRange(-n, 0);
}

const keyWords = (key: ColumnKey): string => (typeof key === "number" ? `column with id ${key}` : `column "${key}"`);

/**
 * The period and metric cells of the table's last `limit` rows (TREND_ROWS), in one sync. The table is found
 * by its Table.id when the ref has one (renames followed), by name otherwise; undefined when it is gone. A
 * column that is gone is refused (WorkbookError "changed"). When that one sync fails, two more say why or, for
 * a table at the grid's bottom, read the rows by position.
 */
export async function trendCells(
  run: ExcelRun,
  ref: TableRef,
  columns: TrendColumns,
  limit = TREND_ROWS,
): Promise<TrendCells | undefined> {
  return run(async (context) => {
    const table = context.workbook.tables.getItem(ref.tableId ?? ref.tableName);
    const periodBody = table.columns.getItem(columns.period).getDataBodyRange();
    const metricBody = table.columns.getItem(columns.metric).getDataBodyRange();
    periodBody.load("rowCount");
    const first = periodBody.getCell(0, 0).load("values");
    const periods = lastRows(periodBody, limit).load("values");
    const values = lastRows(metricBody, limit).load("values");
    try {
      await context.sync();
    } catch {
      return readByPosition(context, ref, columns, limit);
    }
    return cellsOf(periods.values, values.values, periodBody.rowCount, limit, first.values[0][0]);
  });
}

const cellsOf = (
  periods: unknown[][],
  values: unknown[][],
  count: number,
  limit: number,
  firstPeriod: unknown,
): TrendCells => ({
  periods: periods.map((r) => r[0]),
  dayCells: EXCEL_DAY_CELLS,
  values: values.map((r) => r[0]),
  count,
  cut: count > limit,
  firstPeriod,
});

/** The slow way, after the one sync failed: open the table (what is missing is said), then read by position. */
async function readByPosition(
  context: Excel.RequestContext,
  ref: TableRef,
  columns: TrendColumns,
  limit: number,
): Promise<TrendCells | undefined> {
  const open = await findTable(context, ref.tableId ?? ref.tableName, { columns: true });
  if (!open) return undefined;
  const index = (key: ColumnKey): number => {
    const i =
      typeof key === "number"
        ? open.columnRefs.findIndex((c) => c.id === key)
        : open.headers.findIndex((h) => sameHeader(h, key));
    if (i < 0) throw new WorkbookError("changed", `The table "${open.name}" has no ${keyWords(key)} any more.`);
    return i;
  };
  const [pc, mc] = [index(columns.period), index(columns.metric)];
  const n = Math.min(open.count, limit);
  if (n === 0) return cellsOf([], [], 0, limit, undefined);
  const from = open.bodyTop + open.count - n;
  const first = open.sheet.getCell(open.bodyTop, open.left + pc).load("values");
  const periods = open.sheet.getRangeByIndexes(from, open.left + pc, n, 1).load("values");
  const values = open.sheet.getRangeByIndexes(from, open.left + mc, n, 1).load("values");
  await context.sync();
  return cellsOf(periods.values, values.values, open.count, limit, first.values[0][0]);
}
