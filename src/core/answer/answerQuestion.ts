// What the answer check is asked and what it says back, apart from the check itself (answerCheck.ts) so that its
// pass over the rows (answerScan.ts) and its words (answerWords.ts) take them without importing the check.
import type { IsoDate } from "../dates";
import type { DataRequest } from "../query/query";
import type { DayWords } from "../words";

/** The question, as sent: what the rows must fit. `today` only shortens dates in the words. */
export type AnswerQuestion = Pick<
  DataRequest,
  "level" | "retailer" | "timeframe" | "metrics" | "from" | "to" | "comparison" | "filter" | "viewby"
> & {
  today?: IsoDate;
  /**
   * How its words write days and metrics: the surface's (the pane's date style and plain names); default the
   * service's, the year of `today` left out (a key's day as YYYY-MM-DD).
   */
  days?: DayWords;
};

/** What a checked answer left out, found empty or found unknown, for the summary. */
export interface AnswerReport {
  /** Rows dated outside the question, left out; their periods, distinct, in date order. */
  outside: { rows: number; periods: IsoDate[] };
  /** Rows inside the dates whose SKU (or filter value) is not the View by value, left out; those values, distinct. */
  notViewBy: { rows: number; values: unknown[] };
  /** Per asked metric the answer serves: rows whose value was null or absent (written as empty cells). */
  nulls: { metric: string; rows: number }[];
  /** Asked metrics no row had, though the header did not name them (now named as omitted). */
  unsaid: string[];
  /** Names the omitted-metrics header gave that are no metric: said, and ignored. */
  unknownOmitted: string[];
  /** Columns nobody asked for, left out of the table. */
  unasked: string[];
  /**
   * With a comparison: numeric columns kept as comparison columns though their names do not name a metric asked
   * for (the spec does not show the names), so the user can check them.
   */
  assumed: string[];
}

export type AnswerRule = "period" | "keys" | "key-field" | "spacing" | "figure";
