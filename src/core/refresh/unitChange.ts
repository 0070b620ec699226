// A unit change at the source: a retailer that starts reporting revenue in pence instead of pounds (every figure
// x100), a rate as a fraction instead of a percentage (/100), or counts in thousands, sends re-read figures a power
// of ten away from the stored ones for the same rows. Refresh compares each metric's figures row by row, on the
// losses rule's pairing by key (src/core/refresh/losses.ts pairByKey), before anything is written, and holds the
// table as the losses rule does until the user refreshes anyway. Single outliers are revisions, not a change of
// unit: unitTally.ts tells them apart. A narrow window (a one-SKU weekly table re-reads one settled week) is judged
// also against the level of the settled periods before it. Pure; see docs/refresh.md, "A unit change at the source".
import { foldSides, pairByKey, type ApprovedLosses, type WindowAnswer, type WindowSide } from "./losses";
import { REFRESH_ANYWAY, periodRuns, type LossesWords } from "./lossesText";
import { andList, dayWordsOf, metricIn, plural, type DaysOf } from "../words";
import type { Timeframe } from "../query/metrics";
import type { IsoDate } from "../dates";
import { LEVEL_PERIODS, LevelReader, NARROW_ROWS, type UnitChange } from "./unitTally";
import { WindowFold, type WindowComparison } from "./windowFold";

/** A unit change as "Refresh anyway" accepts it: this retailer's metric by this factor, no other. */
export type ApprovedUnitChange = Pick<UnitChange, "retailer" | "metric" | "factor">;

/**
 * What "Refresh anyway" accepts: the losses its held line showed (none: 0 rows, no periods) and the unit changes
 * it showed, no more (src/core/refresh/losses.ts withinApproved; approvedUnits).
 */
export interface RefreshApproval extends ApprovedLosses {
  unitChanges?: readonly ApprovedUnitChange[];
}

/** The stored window and the answer (as the losses rule compares them), and which periods count. */
export interface UnitCheckInput extends WindowAnswer {
  /**
   * Whether a period (its first day) was complete when the table was last read
   * (src/core/refresh/revisions.ts completeWhenRead); only those are compared. Default: every period.
   */
  complete?: (period: IsoDate) => boolean;
  /**
   * A narrow window (narrowWindow): the stored rows of the last LEVEL_PERIODS settled periods before it, keys and
   * metric cells as `stored` has them. Absent: no level, and fewer than UNIT_CHANGE_MIN_ROWS rows are never held.
   */
  settled?: WindowSide;
}

/**
 * The first day of the settled periods a narrow window's levels are taken from: the LEVEL_PERIODS-th last of the
 * stored periods before the window (`before`: days, null for a row without one, in date order, repeats allowed);
 * undefined: none.
 */
export function levelFrom(before: readonly (IsoDate | null)[]): IsoDate | undefined {
  const distinct = [...new Set(before.filter((p): p is IsoDate => p !== null))];
  return distinct.at(-Math.min(LEVEL_PERIODS, distinct.length));
}

/**
 * Whether a window is narrow enough for its settled periods to be read (UnitCheckInput.settled): some group has
 * at most NARROW_ROWS stored rows in periods `complete` at the last read. `periods`: the stored window rows'
 * periods (days, null for a row without one); `groups`: each row's retailer in a table of several.
 */
export function narrowWindow(
  periods: readonly (IsoDate | null)[],
  complete: (period: IsoDate) => boolean,
  groups?: readonly unknown[],
): boolean {
  const counts = new Map<string, number>();
  periods.forEach((p, i) => {
    if (p === null || !complete(p)) return;
    const g = groups ? String(groups[i] ?? "") : "";
    counts.set(g, (counts.get(g) ?? 0) + 1);
  });
  return [...counts.values()].some((n) => n <= NARROW_ROWS);
}

/** The stored window against the answer, by key, once: the losses rule's comparison and the unit changes. */
export interface WindowCheck {
  comparison: WindowComparison;
  unitChanges: UnitChange[];
}

/**
 * The losses rule's comparison and the unit changes of a window held as arrays, in one fold of one pairing
 * (windowFold.ts). A metric changed unit between the stored window and the answer (per retailer in a table of
 * several, in the order their rows come) when, over the rows of the same key whose period was `complete` when the
 * table was last read (a week or month then in progress has grown since, by any factor) and whose two figures are
 * non-zero numbers, at least 3 rows, and more than half of those rows, have a re-read figure within 25% of 10^k
 * times the stored one (k not 0). So one row (or two) x100 is a revision, whatever the table's size, and so is any
 * share of rows that is not a majority; unless the window is narrow and `settled` is given: a majority of fewer
 * than 3 rows is a unit change when each of those rows is also 10^k times its key's level (the median of its last
 * 3 settled figures, within a factor of 3), and a revision otherwise. A window that kept its unit is judged again
 * period by period, by the same rule on each period's rows: a day of every SKU x1,000 is held, naming the day
 * (unitTally.ts, UnitChange.periods). Every metric column counts, rates and
 * averages too: average_price in pence, or availability as a fraction of 1, is as much a change of unit as revenue
 * in pence.
 */
export function checkWindow(input: UnitCheckInput): WindowCheck {
  const fold = new WindowFold({
    metrics: input.metrics,
    retailerAt: input.retailerAt,
    complete: input.complete,
    keepRemoved: true,
  });
  foldSides(fold, input, pairByKey(input.stored, input.fresh));
  let levels;
  if (input.settled) {
    const reader = new LevelReader(input.metrics.length, fold.levelKeys());
    input.settled.keys.forEach((cells, i) => reader.add(cells, input.settled!.metrics[i]));
    levels = reader.levels;
  }
  return { comparison: fold.comparison(), unitChanges: fold.unitChanges(levels) };
}

const sameChange = (a: ApprovedUnitChange, b: ApprovedUnitChange): boolean =>
  (a.retailer ?? "") === (b.retailer ?? "") &&
  a.metric === b.metric &&
  Math.round(Math.log10(a.factor)) === Math.round(Math.log10(b.factor));

/**
 * The unit changes that hold a refresh: those "Refresh anyway" did not accept. `allowed`: the approval of a held
 * line (the changes it showed are accepted, no other metric, retailer or factor), `true` (any), or nothing.
 */
export function unapprovedUnitChanges(
  changes: readonly UnitChange[],
  allowed?: boolean | RefreshApproval,
): UnitChange[] {
  if (allowed === true) return [];
  const shown = typeof allowed === "object" ? (allowed.unitChanges ?? []) : [];
  return changes.filter((c) => !shown.some((a) => sameChange(a, c)));
}

/** The changes as "Refresh anyway" accepts them (what the held line showed). */
export const approvedUnits = (changes: readonly UnitChange[]): ApprovedUnitChange[] =>
  changes.map(({ retailer, metric, factor }) =>
    retailer === undefined ? { metric, factor } : { retailer, metric, factor },
  );

const FRACTIONS: Record<number, string> = { 1: "a tenth of", 2: "a hundredth of", 3: "a thousandth of" };

/** "100 times", "1,000 times"; "a hundredth of", "1/10,000 of". */
function factorText(factor: number): string {
  const k = Math.round(Math.log10(factor));
  if (k > 0) return `${(10 ** k).toLocaleString("en-US")} times`;
  return FRACTIONS[-k] ?? `1/${(10 ** -k).toLocaleString("en-US")} of`;
}

/** Metrics in money, for which x100 reads as pence for pounds. */
const MONEY = new Set(["revenue", "average_price", "value_ros", "lost_sales"]);

function example(metrics: readonly string[], factor: number): string {
  if (!metrics.every((m) => MONEY.has(m))) return "";
  const k = Math.round(Math.log10(factor));
  return k === 2 ? " (pence for pounds)" : k === -2 ? " (pounds for pence)" : "";
}

/** A change's periods in the surface's words: "16 Nov", "16-17 Nov and 20 Nov". */
function periodsText(periods: readonly IsoDate[], when: ChangeDays): string {
  const runs = periodRuns(
    periods.map((period) => ({ period, rows: 0 })),
    when.timeframe,
  );
  return andList(runs.map((r) => dayWordsOf(when.days).compact(r.range)));
}

/** How a change's periods are said: the table's timeframe, and the surface's words for days. */
export interface ChangeDays {
  timeframe: Timeframe;
  days: DaysOf;
}

/** One sentence per retailer, factor and periods: the metrics, the factor, the rows, the likely cause. */
function changeSentences(changes: readonly UnitChange[], held: boolean, when: ChangeDays): string[] {
  const groups = new Map<string, UnitChange[]>();
  for (const c of changes) {
    const g = `${c.retailer ?? ""}\u0000${c.factor}\u0000${(c.periods ?? []).join(",")}`;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  return [...groups.values()].map((cs) => {
    const { retailer, factor, periods } = cs[0];
    const metrics = cs.map((c) => c.metric);
    const named = andList(metrics.map((m) => metricIn(when.days, m)));
    const rows = (c: UnitChange) => `${c.changed.toLocaleString("en-US")} of ${plural(c.compared, "row")}`;
    // A narrow window's rows are few: the level of the periods before them is the second witness, and said.
    const level = cs.some((c) => c.byLevel) ? ", and their level in the periods before" : "";
    const counts =
      cs.length === 1 ? rows(cs[0]) : cs.map((c) => `${metricIn(when.days, c.metric)} ${rows(c)}`).join(", ");
    const who = retailer === undefined ? "the retailer" : retailer;
    const [are, holds] = held ? ["are", "holds"] : ["were", "held"];
    if (periods)
      return (
        `The service's ${named} figures${retailer === undefined ? "" : ` for ${retailer}`} for ` +
        `${periodsText(periods, when)} ${are} ${factorText(factor)} what the table ${holds} for the same rows ` +
        `(${counts}), while the other re-read days kept their unit: neither a revision nor a change of unit.`
      );
    return (
      `The service's ${named} figures${retailer === undefined ? "" : ` for ${retailer}`} in the re-read ` +
      `days ${are} ${factorText(factor)} what the table ${holds} for the same rows (${counts}${level}), as if ${who} had ` +
      `changed its unit${example(metrics, factor)}.`
    );
  });
}

/**
 * The unit changes in the user's words. Held: "The service's revenue figures in the re-read days are 100 times
 * what the table holds for the same rows (48 of 52 rows), as if the retailer had changed its unit (pence for
 * pounds). The table was left as it was." then (`anyway`) the sentence that points to the pane's Refresh anyway.
 * `beyond`: the refresh was asked with "Refresh anyway" for other changes (it says so). Written (accepted): the
 * same in the past, that they were written, and that older rows keep the old unit. A change of some periods only
 * (UnitChange.periods) names them, in `when`'s words.
 */
export function unitChangeText(
  changes: readonly UnitChange[],
  held: boolean,
  when: ChangeDays,
  beyond = false,
): LossesWords {
  const said = changeSentences(changes, held, when).join(" ");
  if (!held)
    return {
      said: `${said} They were written; the older rows keep the old unit, so get the data again to have one unit throughout.`,
    };
  const more = beyond ? " That is not the change you accepted with Refresh anyway." : "";
  return { said: `${said}${more} The table was left as it was.`, anyway: REFRESH_ANYWAY };
}
