// What a refresh tells the user about its window: columns the answer added or left out, rows it labelled before
// the window, an empty answer where the table holds rows, missing dates, and the refusals that write nothing.
// Pure words, for the plan (plan.ts) and the answer's layout (answerLayout.ts); any surface shows them as they are.
import { addPeriods, type DateRange, type IsoDate } from "../dates";
import { STORE_DAILY_RETENTION_DAYS, type Timeframe } from "../query/metrics";
import { dayIn, dayWordsOf, metricsIn, plural, rangeIn, type DayWords, type DaysOf } from "../words";
import { RETAILER_COLUMN } from "../answer/retailersTable";
import type { Gap } from "./gaps";

// Each builder's `days` is its surface's words (days and metric names); without them it says the service's own
// (YYYY-MM-DD, unit_ros), as the command does.

export const extraColumnsWarning = (extra: readonly string[], days?: DayWords): string =>
  `The service now also sends ${metricsIn(days, extra)}; the table keeps its columns, so ${extra.length === 1 ? "it was" : "they were"} left out. Get the data again to include ${extra.length === 1 ? "it" : "them"}.`;

export const missingColumnsWarning = (missing: readonly string[], start: IsoDate, days?: DayWords): string =>
  `The service did not send ${metricsIn(days, missing)} this time: ${missing.length === 1 ? "that column is" : "those columns are"} empty from ${dayIn(days, start)} on.`;

export const earlyRowsWarning = (early: number, start: IsoDate, days?: DayWords): string =>
  `${plural(early, "row")} the service labelled before ${dayIn(days, start)} ${early === 1 ? "was" : "were"} left out (the stored rows cover ${early === 1 ? "it" : "them"}).`;

export const keptRowsWarning = (from: IsoDate, to: IsoDate, storedRows: number, days?: DayWords): string =>
  `The service returned no rows for ${rangeIn(days, { from, to })}, where the table has ${plural(storedRows, "row")}. ${storedRows === 1 ? "It was" : "They were"} kept, not deleted. Check the retailer's connection in the service, then refresh again.`;

/** A table of several retailers: some retailers' answers were empty where the table holds their rows. */
export const keptRetailerRowsWarning = (
  from: IsoDate,
  to: IsoDate,
  retailers: readonly { retailer: string; storedRows: number }[],
  days?: DayWords,
): string =>
  `The service returned no rows for ${retailers.map((r) => `${r.retailer} (the table has ${r.storedRows} of its rows there)`).join(", ")} for ${rangeIn(days, { from, to })}. The table was kept as it was, nothing deleted. Check ${retailers.length === 1 ? "that retailer's connection" : "those retailers' connections"} in the service, then refresh again.`;

/** "those days are" / "that week is" ...: the periods of a missing range. */
function periodWords(gap: DateRange, timeframe: string): string {
  const tf: Timeframe = timeframe === "weekly" || timeframe === "monthly" ? timeframe : "daily";
  const many = addPeriods(gap.from, tf, 1) <= gap.to;
  const unit = tf === "weekly" ? "week" : tf === "monthly" ? "month" : "day";
  return many ? `those ${unit}s are` : `that ${unit} is`;
}

/**
 * A missing range in words. `today` leaves out the year of dates in the current year. Store-level daily data
 * before the first day asked: "The service no longer has store-level daily data for 8 Oct to 2 Nov (it keeps
 * 14 days); those days are missing from the table."
 */
export function gapWarning(gap: Gap, level: string, timeframe: string, days: DaysOf): string {
  const when = dayWordsOf(days).range(gap);
  const what = periodWords(gap, timeframe);
  if (gap.reason === "no-rows") return `The service returned no rows for ${when}; ${what} missing from the table.`;
  if (level === "store" && timeframe === "daily")
    return `The service no longer has store-level daily data for ${when} (it keeps ${STORE_DAILY_RETENTION_DAYS} days); ${what} missing from the table.`;
  return `Refresh did not ask the service for ${when}; ${what} missing from the table.`;
}

/** Missing ranges found by an earlier refresh and still open. */
export const stillMissingWarning = (gaps: readonly DateRange[], days: DaysOf): string =>
  `Still missing from the table: ${gaps.map((g) => dayWordsOf(days).range(g)).join("; ")}.`;

/** The service returned nothing for a window where the table had no rows either. */
export const noRowsWarning = (from: IsoDate, to: IsoDate, days?: DayWords): string =>
  `The service returned no rows for ${rangeIn(days, { from, to })}; nothing was written. Refresh again later: the next refresh asks for these dates again.`;

/** Refused (nothing written): the answer has no period field, so its rows cannot be placed by date. */
export const noPeriodText = (field: string, win: { from: IsoDate; to: IsoDate }, days?: DayWords): string =>
  `The service's answer for ${rangeIn(days, win)} has no ${field}, so its rows could not be placed by date. Nothing was written.`;

/** Refused (nothing written): a table of several retailers without its retailer column. */
export const noRetailerColumnText = (tableName: string): string =>
  `The table "${tableName}" has no ${RETAILER_COLUMN} column, so refresh cannot tell whose rows are whose. Nothing was written; get the data again as a new table.`;

/** The table grew where Excel cannot change a conditional format's areas (below ExcelApi 1.17). */
export const formatsNotCarriedWarning = (columns: readonly string[], rows: number): string =>
  `The conditional formats of ${columns.map((c) => `"${c}"`).join(", ")} were not extended to the ${rows === 1 ? "new row" : `${rows.toLocaleString("en-US")} new rows`}: this version of Excel cannot change where a conditional format applies. Extend them in Home > Conditional Formatting > Manage Rules.`;
