// A unit change at the source (issue 21): a retailer that starts reporting revenue in pence instead of pounds
// (every figure x100), a rate as a fraction instead of a percentage (/100), or counts in thousands, sends re-read
// figures a power of ten away from the stored ones for the same rows. Refresh compares each metric's figures row
// by row, on the losses rule's pairing by key (src/core/refresh/losses.ts pairByKey), before anything is written, and
// holds the table as the losses rule does until the user refreshes anyway. Single outliers are revisions, not a
// change of unit: see unitChanges for how they are told apart. A narrow window (a one-SKU weekly table re-reads one
// settled week) is judged also against the level of the settled periods before it (issue 36). Pure; see
// docs/refresh.md, "A unit change at the source".
import {
  compareWindow,
  pairByKey,
  type ApprovedLosses,
  type KeyPairs,
  type WindowAnswer,
  type WindowComparison,
  type WindowSide,
} from "./losses";
import { REFRESH_ANYWAY, type LossesWords } from "./lossesText";
import { isNumber } from "./revisions";
import { andList, plural } from "../words";
import { isIsoDate, type IsoDate } from "../dates";

/** A metric whose figures changed by a power of ten in most rows of the same key. */
export interface UnitChange {
  /** A table of several retailers: whose figures changed (each retailer's rows are judged apart). */
  retailer?: string;
  /** The metric (the service's field). */
  metric: string;
  /** The power of ten the figures were multiplied by: 100 (pence for pounds), 1000, 0.01, ... never 1. */
  factor: number;
  /** Rows of the same key whose stored and re-read figures were compared (both non-zero numbers). */
  compared: number;
  /** Of those, the rows whose figure is `factor` times the stored one (within UNIT_TOLERANCE). */
  changed: number;
  /**
   * A narrow window: fewer than UNIT_CHANGE_MIN_ROWS rows changed, and each of them is also `factor` times its
   * key's level in the settled periods before the window (within LEVEL_TOLERANCE).
   */
  byLevel?: true;
}

/** A unit change as "Refresh anyway" accepts it: this retailer's metric by this factor, no other. */
export type ApprovedUnitChange = Pick<UnitChange, "retailer" | "metric" | "factor">;

/**
 * What "Refresh anyway" accepts: the losses its held line showed (none: 0 rows, no periods) and the unit changes
 * it showed, no more (src/core/refresh/losses.ts withinApproved; approvedUnits).
 */
export interface RefreshApproval extends ApprovedLosses {
  unitChanges?: readonly ApprovedUnitChange[];
}

/** A metric is held only when at least this many rows changed by the same power of ten... */
const UNIT_CHANGE_MIN_ROWS = 3;
/**
 * ...and those rows are more than half of the rows compared. A row's ratio counts for 10^k when it is within 25%
 * of it either way (revisions move a figure by about 1%, so a revised figure in the new unit still counts).
 */
const UNIT_TOLERANCE = 0.25;

const LOG_TOLERANCE = Math.log10(1 + UNIT_TOLERANCE);

/**
 * A narrow window's changed rows must also be 10^k times their key's level, within a factor of 3 either way: weeks
 * and months of one SKU differ by a promotion or a season, never by a factor of 10, so a figure that moved back to
 * its level (a wrong figure the retailer corrected) is a revision, and one that left it by 10^k is a unit change.
 */
const LEVEL_TOLERANCE = Math.log10(3);
/** A key's level: the median of its figures in the last LEVEL_PERIODS settled periods before the window. */
const LEVEL_PERIODS = 3;
/**
 * The settled periods are read only for a window this narrow: a group (retailer) with at most this many stored rows
 * in periods complete at the last read. The majority rule alone decides for 4 compared rows or more; the margin
 * covers rows whose figure is empty or 0.
 */
const NARROW_ROWS = 8;

/** The power of ten (k, maybe 0) that a ratio is within the tolerance of, or null (another ratio, a sign change). */
function powerOf(ratio: number): number | null {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return null;
  const exp = Math.log10(ratio);
  const k = Math.round(exp);
  return Math.abs(exp - k) <= LOG_TOLERANCE ? k : null;
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

/** Per metric: the rows compared and, per power of ten other than 0, the rows that changed by it. */
interface Tally {
  compared: number[];
  /** Per metric, per power of ten: the changed rows, as [key without its period, re-read figure]. */
  powers: Map<number, [string, number][]>[];
}

/** A row's key without its period: the same SKU (store, retailer) in another period. */
const keyBesidePeriod = (cells: readonly unknown[]): string =>
  JSON.stringify(cells.slice(1).map((v) => (v === null || v === undefined ? "" : String(v))));

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Each key's level per metric (undefined: no non-zero figure) over the settled rows given. */
function levelsOf(settled: WindowSide, metrics: number): Map<string, (number | undefined)[]> {
  const figures = new Map<string, number[][]>();
  settled.keys.forEach((cells, i) => {
    if (!isIsoDate(cells[0])) return;
    const key = keyBesidePeriod(cells);
    let per = figures.get(key);
    if (!per) figures.set(key, (per = Array.from({ length: metrics }, () => [])));
    const row = settled.metrics[i] ?? [];
    for (let m = 0; m < metrics; m++) {
      const v = row[m];
      if (isNumber(v) && v !== 0) per[m].push(v);
    }
  });
  return new Map([...figures].map(([key, per]) => [key, per.map((xs) => (xs.length > 0 ? median(xs) : undefined))]));
}

/** Whether every changed row is also 10^k times its key's level (a narrow window's second witness). */
function offLevel(
  rows: readonly [string, number][],
  k: number,
  m: number,
  levels: Map<string, (number | undefined)[]>,
) {
  return rows.every(([key, figure]) => {
    const level = levels.get(key)?.[m];
    const ratio = level === undefined ? 0 : figure / level;
    return ratio > 0 && Math.abs(Math.log10(ratio) - k) <= LEVEL_TOLERANCE;
  });
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

/**
 * The metrics whose figures changed unit between the stored window and the answer, per retailer in a table of
 * several, in the order their rows come. For each metric, over the rows of the same key (pairByKey) whose period
 * was `complete` when the table was last read (a week or month then in progress has grown since, by any
 * factor: src/core/refresh/revisions.ts completeWhenRead) and whose two figures are non-zero numbers: it changed unit by
 * 10^k (k not 0) when at least UNIT_CHANGE_MIN_ROWS of those rows, and more than half of them, have a re-read
 * figure within UNIT_TOLERANCE of 10^k times the stored one. So one row (or two) x100 is a revision, whatever
 * the table's size, and so is any share of rows that is not a majority; unless the window is narrow and `settled` is
 * given: a majority of fewer than UNIT_CHANGE_MIN_ROWS rows is a unit change when each of those rows is also 10^k
 * times its key's level (the median of its last LEVEL_PERIODS settled figures, within LEVEL_TOLERANCE), and a
 * revision otherwise. Every metric column counts, rates and averages too: each is compared with itself for the
 * same row, and average_price in pence, or availability as a fraction of 1, is as much a change of unit as
 * revenue in pence.
 */
function unitChanges(input: UnitCheckInput, pairs: KeyPairs = pairByKey(input.stored, input.fresh)): UnitChange[] {
  const { stored, fresh, metrics, retailerAt, complete = () => true, settled } = input;
  const several = retailerAt !== undefined && retailerAt >= 0;
  const groups = new Map<string, Tally>();
  pairs.storedOf.forEach((i, j) => {
    if (i === undefined || !complete(stored.keys[i][0] as IsoDate)) return;
    const who = several ? String(stored.keys[i][retailerAt] ?? "") : "";
    let tally = groups.get(who);
    if (!tally) groups.set(who, (tally = { compared: metrics.map(() => 0), powers: metrics.map(() => new Map()) }));
    const before = stored.metrics[i] ?? [];
    const after = fresh.metrics[j] ?? [];
    for (let m = 0; m < metrics.length; m++) {
      const [a, b] = [before[m], after[m]];
      if (!isNumber(a) || !isNumber(b) || a === 0 || b === 0) continue;
      tally.compared[m]++;
      const k = powerOf(b / a);
      if (k === null || k === 0) continue;
      const rows = tally.powers[m].get(k) ?? [];
      tally.powers[m].set(k, [...rows, [keyBesidePeriod(fresh.keys[j]), b]]);
    }
  });
  const levels = settled ? levelsOf(settled, metrics.length) : undefined;
  return [...groups].flatMap(([who, tally]) =>
    metrics.flatMap((metric, m) => {
      const compared = tally.compared[m];
      const none: [number, [string, number][]] = [0, []];
      const [k, rows] = [...tally.powers[m]].reduce((best, p) => (p[1].length > best[1].length ? p : best), none);
      const changed = rows.length;
      if (changed === 0 || changed * 2 <= compared) return [];
      const byLevel = changed < UNIT_CHANGE_MIN_ROWS;
      if (byLevel && !(levels && offLevel(rows, k, m, levels))) return [];
      return [
        {
          ...(several ? { retailer: who } : {}),
          metric,
          factor: 10 ** k,
          compared,
          changed,
          ...(byLevel ? { byLevel: true as const } : {}),
        },
      ];
    }),
  );
}

/** The stored window against the answer, by key, once: the losses rule's comparison and the unit changes. */
export interface WindowCheck {
  comparison: WindowComparison;
  unitChanges: UnitChange[];
}

/** compareWindow and unitChanges on one pairing of the rows. */
export function checkWindow(input: UnitCheckInput): WindowCheck {
  const pairs = pairByKey(input.stored, input.fresh);
  return { comparison: compareWindow(input, pairs), unitChanges: unitChanges(input, pairs) };
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

/** One sentence per retailer and factor: the metrics, the factor, the rows, the likely cause. */
function changeSentences(changes: readonly UnitChange[], held: boolean): string[] {
  const groups = new Map<string, UnitChange[]>();
  for (const c of changes) {
    const g = `${c.retailer ?? ""}\u0000${c.factor}`;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  return [...groups.values()].map((cs) => {
    const { retailer, factor } = cs[0];
    const metrics = cs.map((c) => c.metric);
    const rows = (c: UnitChange) => `${c.changed.toLocaleString("en-US")} of ${plural(c.compared, "row")}`;
    // A narrow window's rows are few: the level of the periods before them is the second witness, and said.
    const level = cs.some((c) => c.byLevel) ? ", and their level in the periods before" : "";
    const counts = cs.length === 1 ? rows(cs[0]) : cs.map((c) => `${c.metric} ${rows(c)}`).join(", ");
    const who = retailer === undefined ? "the retailer" : retailer;
    const [are, holds] = held ? ["are", "holds"] : ["were", "held"];
    return (
      `The service's ${andList(metrics)} figures${retailer === undefined ? "" : ` for ${retailer}`} in the re-read ` +
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
 * same in the past, that they were written, and that older rows keep the old unit.
 */
export function unitChangeText(changes: readonly UnitChange[], held: boolean, beyond = false): LossesWords {
  const said = changeSentences(changes, held).join(" ");
  if (!held)
    return {
      said: `${said} They were written; the older rows keep the old unit, so get the data again to have one unit throughout.`,
    };
  const more = beyond ? " That is not the change you accepted with Refresh anyway." : "";
  return { said: `${said}${more} The table was left as it was.`, anyway: REFRESH_ANYWAY };
}
