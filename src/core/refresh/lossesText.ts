// The losses in the user's words (losses.ts finds them): the rows a refresh removes or would remove, by date
// (days next to each other as one range with its rows) and, where the surface names them, by key; why a refresh
// is held; rows that repeated a service row; figures sent empty. Pure.
import { addDays, addPeriods, compareDays, type IsoDate, type DateRange } from "../dates";
import type { Timeframe } from "../query/metrics";
import { dayWordsOf, metricIn, plural, type DaysOf } from "../words";
import { holdReason } from "./holdReason";
import type { BlankedFigures, PeriodCount, WindowComparison } from "./windowFold";

/** How many ranges a sentence lists before "and N more". */
const LISTED = 8;

/** The last day of the period that starts on `period`. */
const lastDay = (period: IsoDate, timeframe: Timeframe): IsoDate =>
  timeframe === "daily" ? period : addDays(addPeriods(period, timeframe, 1), -1);

/** Periods (first days, any order) joined into runs of consecutive periods, each with its rows. */
export function periodRuns(
  periods: readonly PeriodCount[],
  timeframe: Timeframe,
): { range: DateRange; rows: number }[] {
  const runs: { range: DateRange; rows: number }[] = [];
  for (const p of [...periods].sort((a, b) => compareDays(a.period, b.period))) {
    const last = runs[runs.length - 1];
    const to = lastDay(p.period, timeframe);
    if (last && p.period <= addDays(last.range.to, 1)) {
      if (to > last.range.to) last.range.to = to;
      last.rows += p.rows;
    } else runs.push({ range: { from: p.period, to }, rows: p.rows });
  }
  return runs;
}

function listed(items: readonly string[]): string {
  if (items.length <= LISTED) return items.join(", ");
  return `${items.slice(0, LISTED).join(", ")} and ${items.length - LISTED} more`;
}

/** "northmart 2026-11-16" -> { who: "northmart ", period: "2026-11-16" }. */
function splitGroup(group: string): { who: string; period: IsoDate } {
  const at = group.lastIndexOf(" ");
  return { who: at < 0 ? "" : group.slice(0, at + 1), period: group.slice(at + 1) };
}

const UNIT = { daily: "day", weekly: "week", monthly: "month" } as const;

/**
 * The whole periods in words: "that day" / "those weeks" when they are every period with rows removed (the
 * counts just named them); else their ranges, per retailer in a table of several ("freshway 16-22 Nov").
 */
function wholeText(c: Pick<WindowComparison, "periods" | "wholePeriods">, timeframe: Timeframe, days?: DaysOf): string {
  const groups = c.wholePeriods.map(splitGroup);
  if (groups.every((g) => g.who === "") && groups.length === c.periods.length)
    return groups.length === 1 ? `that ${UNIT[timeframe]}` : `those ${UNIT[timeframe]}s`;
  const byWho = new Map<string, PeriodCount[]>();
  for (const g of groups) byWho.set(g.who, [...(byWho.get(g.who) ?? []), { period: g.period, rows: 0 }]);
  const items = [...byWho].flatMap(([who, ps]) =>
    periodRuns(ps, timeframe).map((r) => who + dayWordsOf(days).compact(r.range)),
  );
  return listed(items);
}

export const REFRESH_ANYWAY = "Nothing was written; refresh anyway from the pane to accept it.";

/** The losses in words, in parts: the pane shows `said` and offers its Refresh anyway button for `anyway`. */
export interface LossesWords {
  /** What was (or would be) removed; held: why, and that the table was left as it was. */
  said: string;
  /** Held: the sentence that points to the pane's Refresh anyway (in the pane, the button stands for it). */
  anyway?: string;
}

/** The words in one text (the ribbon's, refresh on open's, Refresh all's summary). */
export const lossesSentences = (w: LossesWords): string => (w.anyway ? `${w.said} ${w.anyway}` : w.said);

/**
 * The losses in the user's words, dates as ranges with their rows. Written: "The service no longer sends 4
 * stored rows (18-19 Nov: 4); they were removed from the table." Held: what would be removed, why it was held
 * ("nothing at all for that day", "it would write only 48 rows"), and that the table was left as it was, then
 * (`anyway`) "Nothing was written; refresh anyway from the pane to accept it." `beyond`: the refresh was asked
 * with "Refresh anyway" for less than this (it says so).
 */
export function lossesText(
  c: Pick<WindowComparison, "removed" | "undated" | "replaced" | "added" | "periods" | "wholePeriods">,
  held: boolean,
  timeframe: Timeframe,
  days?: DaysOf,
  beyond = false,
  /**
   * The removed rows by key ("100002, 16-22 Nov; ... and 9 more"), where the surface names them (the workbook),
   * once removed: a held line names the dates (a whole day would be every key of it).
   */
  named?: string,
): LossesWords {
  const counts = periodRuns(c.periods, timeframe).map((r) => `${dayWordsOf(days).compact(r.range)}: ${r.rows}`);
  const items =
    listed(counts) + (c.undated > 0 ? `${counts.length ? ", " : ""}${plural(c.undated, "row")} without a date` : "");
  const what = `The service no longer sends ${plural(c.removed, "stored row")} (${items})`;
  if (!held) {
    const which = named ? `: ${named}` : "";
    return { said: `${what}; ${c.removed === 1 ? "it was" : "they were"} removed from the table${which}.` };
  }
  const reason = holdReason(c);
  const why: string[] = [];
  if (reason?.whole) why.push(`nothing at all for ${wholeText(c, timeframe, days)}`);
  if (reason?.tooMany) why.push(`it would write only ${plural(c.replaced + c.added, "row")}`);
  const more = beyond ? " That is more than you accepted with Refresh anyway." : "";
  return {
    said: `${what}: ${why.join(", and ")}.${more} The table was left as it was.`,
    anyway: REFRESH_ANYWAY,
  };
}

/**
 * Stored rows that repeated the key of a row the service sends (typed into the table with a service row's key), in
 * words: "1 stored row repeated a row the service sends (100002, 16-22 Nov); the table keeps that row once, with the
 * service's figures." `named`: the rows by key; else their periods.
 */
export function repeatedText(
  periods: readonly PeriodCount[],
  timeframe: Timeframe,
  days?: DaysOf,
  named?: string,
): string {
  const rows = periods.reduce((n, p) => n + p.rows, 0);
  const which =
    named ?? listed(periodRuns(periods, timeframe).map((r) => `${dayWordsOf(days).compact(r.range)}: ${r.rows}`));
  const verb = rows === 1 ? "repeated a row" : "repeated rows";
  return `${plural(rows, "stored row")} ${verb} the service sends (${which}); the table keeps each such row once, with the service's figures.`;
}

/**
 * Stored figures the answer sent empty, in words: "The service sent no value where the table had figures:
 * revenue in 3 rows (18-19 Nov); units in 1 row (19 Nov). Those cells are empty now."
 */
export function blankedText(blanked: readonly BlankedFigures[], timeframe: Timeframe, days?: DaysOf): string {
  const parts = blanked.map((b) => {
    const runs = periodRuns(
      b.periods.map((period) => ({ period, rows: 0 })),
      timeframe,
    ).map((r) => dayWordsOf(days).compact(r.range));
    return `${metricIn(days, b.metric)} in ${plural(b.rows, "row")} (${listed(runs)})`;
  });
  return `The service sent no value where the table had figures: ${parts.join("; ")}. Those cells are empty now.`;
}
