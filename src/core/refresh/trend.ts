// A managed table's trend, for its card in the pane: its first metric by period over the last periods it holds,
// which of them the last refresh re-read, and the notes said about it (its title and sentence are the pane's).
// Pure; src/excel reads the rows (tables/trendRead.ts), the pane draws it (savedQueries/TrendChart.tsx).
import { isIsoDate, type DateRange, type DayCells, type IsoDate } from "../dates";
import { aggregationOf, type Aggregation, type Timeframe } from "../query/metrics";
import { periodEnd } from "./refreshWindow";
import { amountText, exactSum, isNumber } from "./revisions";
import { plural } from "../words";

/** How many periods a card shows: a quarter of weeks, a year of months. */
export const TREND_PERIODS = 13;

/** The rows read of a table: each row's period cell and its cell of the metric, in table order. */
export interface TrendRows {
  /** A day as the store holds it (`dayCells`), or whatever the table holds there (a date typed as text, a blank, an error). */
  periods: readonly unknown[];
  dayCells: DayCells;
  values: readonly unknown[];
  /** The rows are only the table's last ones: the read's bound cut the earlier rows off. */
  cut: boolean;
}

export interface TrendInput extends TrendRows {
  /** The metric's name as the service spells it (what decides total or average, and what is said). */
  metric: string;
  timeframe: Timeframe;
  /** The dates the last refresh re-read (the saved record's lastWindow); absent when it has not run. */
  window?: DateRange;
  /** Retailers in the table (a table of several: each bar is over all of them, and the title says so). */
  retailers?: number;
}

export interface TrendPoint {
  /** The period's first day, as the table holds it. */
  period: IsoDate;
  /** The period's total or average of the numeric cells; null when none of its cells is a number. */
  value: number | null;
  /** The period overlaps the dates the last refresh re-read. */
  inWindow: boolean;
  /** Rows of the period. */
  rows: number;
  /** Its cells that were empty or not a number (text, an error such as #VALUE!): left out of `value`. */
  skipped: number;
}

export interface Trend {
  metric: string;
  aggregation: Aggregation;
  timeframe: Timeframe;
  /** Up to TREND_PERIODS periods, oldest first. */
  points: TrendPoint[];
  window?: DateRange;
  /** Cells of the periods shown that were empty or not a number. */
  skipped: number;
  /** Rows read whose period cell is not a date (blank rows aside): left out. */
  undated: number;
  /** The earliest period read was left out: the bound cut the rows there, so it may be partial. */
  partialDropped: boolean;
  /** Rows read (at most the read's bound). */
  rowsRead: number;
  /** Retailers the bars are over, when more than one. */
  retailers?: number;
}

/** The day a period cell holds: a day as the store holds it, or a date written YYYY-MM-DD as text; else null. */
function periodOf(cell: unknown, dayCells: DayCells): IsoDate | null {
  const day = dayCells.dayOf(cell);
  if (day !== null) return day;
  if (typeof cell === "string" && isIsoDate(cell.trim())) return cell.trim();
  return null;
}

const isBlank = (v: unknown): boolean => v === "" || v === null || v === undefined;

/** Whether the period starting on `period` overlaps the window (both of its days included). */
function overlaps(period: IsoDate, timeframe: Timeframe, window: DateRange | undefined): boolean {
  return !!window && period <= window.to && periodEnd(period, timeframe) > window.from;
}

/** The cells of each period, keyed by its first day. */
function byPeriod(rows: TrendRows): { cells: Map<IsoDate, unknown[]>; undated: number } {
  const cells = new Map<IsoDate, unknown[]>();
  const days = new Map<unknown, IsoDate | null>(); // 20,000 rows hold a few hundred periods: each read once
  let undated = 0;
  rows.periods.forEach((p, i) => {
    let day = days.get(p);
    if (day === undefined) days.set(p, (day = periodOf(p, rows.dayCells)));
    if (day === null) {
      // A blank row (Excel's one row of an empty table, a row left empty) is no row without a date.
      if (!(isBlank(p) && isBlank(rows.values[i]))) undated++;
      return;
    }
    const list = cells.get(day);
    if (list) list.push(rows.values[i]);
    else cells.set(day, [rows.values[i]]);
  });
  return { cells, undated };
}

/**
 * The trend of the rows read: the last TREND_PERIODS periods in date order, each the total (additive metrics)
 * or the average (rates) of its numeric cells. Cells that are not numbers are counted, never taken as 0. When
 * the rows were cut by the read's bound, the earliest period read is left out: it may have lost rows.
 */
export function buildTrend(input: TrendInput): Trend {
  const aggregation = aggregationOf(input.metric);
  const { cells, undated } = byPeriod(input);
  let days = [...cells.keys()].sort();
  const partialDropped = input.cut && days.length > 0;
  if (partialDropped) days = days.slice(1);
  const points = days.slice(-TREND_PERIODS).map((period): TrendPoint => {
    const list = cells.get(period)!;
    const nums = list.filter(isNumber);
    const sum = exactSum(nums);
    const value = nums.length === 0 ? null : aggregation === "total" ? sum : sum / nums.length;
    return {
      period,
      value,
      inWindow: overlaps(period, input.timeframe, input.window),
      rows: list.length,
      skipped: list.length - nums.length,
    };
  });
  return {
    metric: input.metric,
    aggregation,
    timeframe: input.timeframe,
    points,
    window: input.window,
    skipped: points.reduce((n, p) => n + p.skipped, 0),
    undated,
    partialDropped,
    rowsRead: input.periods.length,
    ...(input.retailers && input.retailers > 1 ? { retailers: input.retailers } : {}),
  };
}

const UNIT: Record<Timeframe, string> = { daily: "day", weekly: "week", monthly: "month" };

/** "13 weeks", "1 month". */
export const periodsText = (n: number, timeframe: Timeframe): string => plural(n, UNIT[timeframe]);

/** A point's figure in words: "40,807.05", or "no number" when none of its cells was one. */
export const pointValueText = (v: number | null): string => (v === null ? "no number" : amountText(v));

/** What a reader should know beyond the bars: cells left out, a partial period dropped, rows without a date. */
export function trendNotes(t: Trend): string[] {
  const notes: string[] = [];
  if (t.skipped > 0) notes.push(`${plural(t.skipped, "cell")} empty or not a number, left out`);
  if (t.partialDropped)
    notes.push(
      `from the table's last ${plural(t.rowsRead, "row")}; the earliest ${UNIT[t.timeframe]} read is left out`,
    );
  if (t.undated > 0) notes.push(`${plural(t.undated, "row")} without a date, left out`);
  return notes;
}
