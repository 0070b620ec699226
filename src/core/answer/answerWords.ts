// The answer check's words (src/core/answer/answerCheck.ts decides, this file says it): the refusals, with the question
// they answer and "Nothing was written.", and the notices of what was left out or counted. Service text in them
// (codes, filter values, names from a header) is quoted and shortened: it is shown as text, never markup.
import type { AnswerQuestion as Asked, AnswerReport } from "./answerQuestion";
import { blankKey, EXCEL_LARGEST, overlaps, type Unholdable } from "./answerRows";
import type { IsoDate } from "../dates";
import type { Filter } from "../query/metrics";
import { dayIn, dayWordsOf, metricIn, metricsIn, plural } from "../words";

/** The question's days in its surface's words: a range, or one day. */
const rangeOf = (q: Asked, from: IsoDate, to: IsoDate = from): string =>
  dayWordsOf(q.days ?? q.today).range({ from, to });

const NOTHING_WRITTEN = "Nothing was written.";
/** Dates, codes and names listed in a notice before "and N more". */
const MAX_SHOWN = 5;
/** Service text longer than this is shortened in a message. */
const MAX_TEXT = 40;

const them = (n: number) => (n === 1 ? "it was" : "they were");

/** Service text as a message quotes it: `"week 3"`, shortened past 40 characters. */
function quoted(text: string): string {
  return `"${text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}...` : text}"`;
}

/** The first five items, then "and N more" (`what`: the word for the rest, as in "and 3 more dates"). */
function someOf(items: readonly string[], what = ""): string {
  const shown = items.slice(0, MAX_SHOWN);
  const more = items.length - shown.length;
  if (more === 0) return shown.join(", ");
  return `${shown.join(", ")} and ${what ? plural(more, `more ${what}`) : `${more} more`}`;
}

/** "SKU 1001", "store 12" (with a product filter, the filter's value in place of the SKU code), less `but`. */
function codesText(row: Record<string, unknown>, filter: Filter | undefined, but?: string): string[] {
  const what: string[] = [];
  const byFilter = filter !== undefined && filter !== "sku";
  if (!blankKey(row.sku) && but !== "sku")
    what.push(byFilter ? `${filter} ${quoted(String(row.sku))}` : `SKU ${String(row.sku)}`);
  if (!blankKey(row.store_id) && but !== "store_id") what.push(`store ${String(row.store_id)}`);
  return what;
}

/**
 * A row's key in words: "2026-10-05, SKU 1001, store 12" (with a product filter, the filter's value); its day in
 * the surface's style when the question has one ("05/10/2026"), else as the service wrote it.
 */
export function keyText(row: Record<string, unknown>, day: IsoDate, q: Pick<Asked, "filter" | "days">): string {
  return [dayIn(q.days, day), ...codesText(row, q.filter)].join(", ");
}

/** "row dated 5 Oct (SKU 1001, store 12)", its keys less `but`. */
function rowText(row: Record<string, unknown>, day: IsoDate, q: Asked, but?: string): string {
  const which = codesText(row, q.filter, but);
  return `row dated ${rangeOf(q, day)}${which.length ? ` (${which.join(", ")})` : ""}`;
}

/** A row without its key: "a row dated 5 Oct (store 12) has no SKU" (with a product filter, "no filter2 value"). */
export function missingKeyText(row: Record<string, unknown>, day: IsoDate, q: Asked, missing: string[]): string {
  const sku = q.filter && q.filter !== "sku" ? `${q.filter} value` : "SKU";
  const names = missing.map((m) => (m === "sku" ? `no ${sku}` : "no store"));
  return `a ${rowText(row, day, q)} has ${names.join(" and ")}, so it cannot be placed in the table`;
}

const EXCEL_TEXT = "9.99999999999999E+307";

/** A figure Excel cannot hold: its field, its row and its value, and why. */
export function unholdableText(row: Record<string, unknown>, day: IsoDate, q: Asked, figure: Unholdable): string {
  const why =
    Math.abs(figure.value) > EXCEL_LARGEST
      ? `its numbers run from -${EXCEL_TEXT} to ${EXCEL_TEXT}`
      : "it would store 0 in its place";
  const key = figure.field === "sku" || figure.field === "store_id" ? figure.field : undefined;
  return `${metricIn(q.days, figure.field)} in the ${rowText(row, day, q, key)} is ${String(figure.value)}, which Excel cannot hold (${why})`;
}

/** A period that cannot be placed on a day, with the row's key. */
export function unplacedText(field: string, value: unknown, row: Record<string, unknown>, q: Asked): string {
  const shown = typeof value === "string" ? quoted(value) : String(value);
  const which = codesText(row, q.filter);
  return `a row${which.length ? ` (${which.join(", ")})` : ""} has ${field} ${shown}, which cannot be placed on a day`;
}

/** The whole answer refused: the question it answers, why, and that nothing was written. */
export function refusalText(q: Asked, why: string): string {
  const asked = `${q.retailer}, ${q.level}, ${q.timeframe}, ${rangeOf(q, q.from, q.to)}`;
  return `Refused the service's answer for ${asked}: ${why}. ${NOTHING_WRITTEN}`;
}

/** The report in the user's words, one line each (empty when there is nothing to say). */
export function noticesOf(report: AnswerReport, q: Asked): string[] {
  const out: string[] = [];
  const { outside, notViewBy } = report;
  if (outside.rows > 0) {
    const when = someOf(
      outside.periods.map((d) => rangeOf(q, d)),
      "date",
    );
    // A long read is asked in parts: a row inside the question can lie outside the part that returned it.
    const where = outside.periods.every((d) => !overlaps(d, q))
      ? `outside ${rangeOf(q, q.from, q.to)}`
      : `outside the dates asked in ${outside.rows === 1 ? "its" : "their"} part of the read`;
    out.push(
      `The service sent ${plural(outside.rows, "row")} ${where} (dated ${when}); ${them(outside.rows)} left out.`,
    );
  }
  if (notViewBy.rows > 0) out.push(notViewByText(notViewBy, q));
  if (report.unsaid.length > 0)
    out.push(
      `The service did not send ${metricsIn(q.days, report.unsaid)} and did not say so; ${report.unsaid.length === 1 ? "it is" : "they are"} named as omitted.`,
    );
  if (report.unknownOmitted.length > 0) {
    const one = report.unknownOmitted.length === 1;
    out.push(
      `The service named ${someOf(report.unknownOmitted.map(quoted))} among the metrics it left out, which ${one ? "is no metric; it was" : "are no metrics; they were"} ignored.`,
    );
  }
  if (report.unasked.length > 0)
    out.push(
      `The service also sent ${metricsIn(q.days, report.unasked)}, which ${report.unasked.length === 1 ? "was" : "were"} not asked for; left out of the table.`,
    );
  if (report.assumed.length > 0)
    out.push(
      `The service also sent ${report.assumed.join(", ")}, taken for ${report.assumed.length === 1 ? "a comparison column" : "comparison columns"} (the service does not name them); check ${report.assumed.length === 1 ? "it" : "them"}.`,
    );
  if (report.nulls.length > 0)
    out.push(
      `The service sent no figure for ${report.nulls.map((n) => `${metricIn(q.days, n.metric)} in ${plural(n.rows, "row")}`).join(", ")}; those cells are empty.`,
    );
  return out;
}

/**
 * "The service sent 53 rows of other SKUs than View by 1001 (1002, 1003); they were left out." With a product
 * filter: "... of other filter2 values than View by "Drinks" ("Snacks"); ...".
 */
function notViewByText(notViewBy: AnswerReport["notViewBy"], q: Asked): string {
  const { rows, values } = notViewBy;
  const byFilter = q.filter !== undefined && q.filter !== "sku";
  const one = values.length === 1;
  const what = byFilter
    ? `${one ? "another" : "other"} ${q.filter} ${one ? "value" : "values"}`
    : `${one ? "another SKU" : "other SKUs"}`;
  // The View by value is the user's own: a filter value quoted whole, a SKU code as the service reads it.
  const viewby = byFilter ? `"${q.viewby ?? ""}"` : (q.viewby ?? "").trim();
  const codes = someOf(values.map((v) => (byFilter || typeof v !== "number" ? quoted(String(v)) : String(v))));
  return `The service sent ${plural(rows, "row")} of ${what} than View by ${viewby} (${codes}); ${them(rows)} left out.`;
}
