// How a query reads to people: the one-line summary in the saved-queries list, the days a table of it covers, and
// the equivalent formula.
import { addDays, addPeriods, daysBetween, type DateRange, type IsoDate } from "../dates";
import type { Comparison, Timeframe } from "./metrics";
import { isoDay, type DayText } from "../words";
import type { Query } from "./query";

const COMPARISON_WORDS: Record<Comparison, string> = { period: "vs previous period", year: "vs same period last year" };

/** "All retailers (Sales Summary)" for "all" (a form's choice, in the list's case); several read "northmart, freshway". */
export function retailerLabel(retailers: string | readonly string[]): string {
  const names = typeof retailers === "string" ? [retailers] : retailers;
  if (names.length === 1 && names[0].toLowerCase() === "all") return "All retailers (Sales Summary)";
  return names.join(", ");
}

/** How a summary writes days and metrics: the surface's style (the pane's: the user's dates, plain metric names). */
export interface SummaryWords {
  day: DayText;
  metric: (name: string) => string;
}

const AS_THE_SERVICE_WRITES: SummaryWords = { day: isoDay, metric: (name) => name };

/**
 * "northmart · SKU · weekly · revenue, units · 2026-01-05 to today · vs previous period"; with the pane's words,
 * "northmart · SKU · weekly · Revenue, Unit rate of sale (unit_ros) · 05/01/2026 to today · ...".
 */
export function summarizeQuery(q: Query, rolling = false, words: SummaryWords = AS_THE_SERVICE_WRITES): string {
  const parts = [
    retailerLabel(q.retailers),
    q.level === "store" ? "Store" : "SKU",
    q.timeframe,
    q.metrics.map(words.metric).join(", "),
    `${words.day(q.from)} to ${rolling ? "today" : words.day(q.to)}`,
  ];
  if (q.comparison) parts.push(COMPARISON_WORDS[q.comparison]);
  if (q.filter && q.filter !== "sku") parts.push(`by ${q.filter}`);
  if (q.viewby) parts.push(`only ${q.viewby}`);
  return parts.join(" · ");
}

/**
 * The days a table covers, the one range said of it (Get data's summary; its card says the days asked, the same
 * when nothing is missing): from its first period's first day to its last period's last day, inside the days
 * asked. A weekly table asked for 24 Aug to 22 Nov, whose last week starts on 16 Nov, covers 24 Aug to 22 Nov, not
 * to 16 Nov; a table whose last periods have no rows yet covers less than was asked, and says so.
 */
export function coveredRange(
  periods: { first: IsoDate; last: IsoDate },
  timeframe: Timeframe,
  asked: DateRange,
): DateRange {
  const lastDay = addDays(addPeriods(periods.last, timeframe, 1), -1);
  return {
    from: daysBetween(asked.from, periods.first) > 0 ? periods.first : asked.from,
    to: daysBetween(lastDay, asked.to) > 0 ? lastDay : asked.to,
  };
}

/** A text argument as an Excel formula literal ("" doubles a quote). */
function lit(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The =SALES.SKU(...) / =SALES.STORE(...) formula equal to the query; a rolling query ends "today". */
export function formulaFor(q: Query, rolling = false): string {
  const fn = q.level === "store" ? "SALES.STORE" : "SALES.SKU";
  const args = [lit(q.retailers.join(",")), lit(q.metrics.join(",")), lit(q.from), lit(rolling ? "today" : q.to)];
  const optional = [q.timeframe === "weekly" ? "" : q.timeframe, q.comparison ?? "", q.filter ?? "", q.viewby ?? ""];
  // Trailing empty optionals are left out; inner ones stay as "" so positions hold.
  while (optional.length && optional[optional.length - 1] === "") optional.pop();
  return `=${fn}(${[...args, ...optional.map(lit)].join(", ")})`;
}
