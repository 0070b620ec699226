// The trend on a managed table's card: its saved record (src/excel/queryStore), the period and first metric
// cells of its last rows (src/excel/tables/trendRead.ts, one sync), made into a trend by src/core/refresh/trend.ts.
import type { IsoDate } from "../../core/dates";
import type { Timeframe } from "../../core/query/metrics";
import { buildTrend, type Trend } from "../../core/refresh/trend";
import { findManagedTable, type ManagedTable } from "../../excel/queryStore";
import type { ExcelRun } from "../../excel/excelRun";
import { trendCells, type TrendCells, type TrendColumns } from "../../excel/tables";

/**
 * A card's trend. `onlyPeriod`: the table holds that one period and no other, too few for a trend (the card says
 * so); `whole` when every row was read, so that its one point is the period's figure (a cut read's is not, and
 * the card shows none).
 */
export interface CardTrend extends Trend {
  onlyPeriod?: { period: IsoDate; whole: boolean };
}

export interface TrendOperations {
  /**
   * The trend of a managed table's first metric; undefined when the table, its record or its columns cannot be
   * read (the list and refresh say why). Never throws: a card without a trend is still a card.
   */
  trendOf(tableName: string): Promise<CardTrend | undefined>;
}

/** What a record says the trend reads: the metric's name, the columns (by TableColumn.id, or header), the timeframe. */
interface TrendSource {
  metric: string;
  columns: TrendColumns;
  timeframe: Timeframe;
}

/**
 * The first of the query's metrics that the table holds (a retailer may have omitted the first one asked), and
 * the period column: by the ids the record keeps, by their headers for a record saved before ids were kept.
 */
function sourceOf(t: ManagedTable): TrendSource | undefined {
  const { timeframe, metrics } = t.query;
  if (!t.periodColumn) return undefined;
  if (!t.columns) {
    return metrics[0]
      ? { metric: metrics[0], columns: { period: t.periodColumn, metric: metrics[0] }, timeframe }
      : undefined;
  }
  const period = t.columns.find((c) => c.field === t.periodColumn);
  const metric = metrics.map((m) => t.columns!.find((c) => c.field.toLowerCase() === m)).find((c) => c !== undefined);
  if (!period || !metric) return undefined;
  return { metric: metric.field, columns: { period: period.id, metric: metric.id }, timeframe };
}

/**
 * The window to mark: the one the last refresh re-read. A table only got by Get data (never refreshed since:
 * its record's two times are the same) has none: its record's window is the whole query, read once.
 */
const refreshedWindow = (t: ManagedTable) => (t.lastRefreshedAt !== t.createdAt ? t.lastWindow : undefined);

/**
 * The table's one period, when the rows read hold one and the table no other: every row was read, or its first
 * row is of that period too. Undefined otherwise.
 */
function onlyPeriodOf(cells: TrendCells): IsoDate | undefined {
  let only: IsoDate | undefined;
  for (const p of new Set(cells.periods)) {
    const day = cells.dayCells.dayOf(p);
    if (day === null || (only !== undefined && day !== only)) return undefined;
    only = day;
  }
  if (only === undefined || !cells.cut) return only;
  return cells.dayCells.dayOf(cells.firstPeriod) === only ? only : undefined;
}

export function trendOperations(run: ExcelRun): TrendOperations {
  return {
    async trendOf(tableName) {
      try {
        // The pane lists tables under their current names (listManaged follows renames into the records); the
        // table itself is found by its Table.id, so a rename since then is followed too.
        const record = await findManagedTable(run, tableName); // a damaged record throws: no trend
        const source = record && sourceOf(record);
        if (!record || !source) return undefined;
        const cells = await trendCells(run, { tableId: record.tableId, tableName }, source.columns);
        if (!cells) return undefined;
        const input = {
          ...cells,
          metric: source.metric,
          timeframe: source.timeframe,
          window: refreshedWindow(record),
          retailers: record.query.retailers.length,
        };
        const only = onlyPeriodOf(cells);
        // One period only: kept, not left out as a cut read's earliest (it is the table's every period).
        return only
          ? { ...buildTrend({ ...input, cut: false }), onlyPeriod: { period: only, whole: !cells.cut } }
          : buildTrend(input);
      } catch {
        return undefined;
      }
    },
  };
}
