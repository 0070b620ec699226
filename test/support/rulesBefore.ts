// The refresh rules as they were before they became one fold (losses.ts, unitChange.ts and revisions.ts at
// 86dd0de, their arrays whole): the oracle the fold is held to on random windows (test/core/windowFold.property.test.ts).
// Kept word for word, so that what the rules decide cannot drift unseen.
import { compareDays, isIsoDate, type IsoDate } from "../../src/core/dates";
import { rowKey } from "../../src/core/refresh/userColumns";
import { exactSum, isNumber, type MetricChange, type WindowRows } from "../../src/core/refresh/revisions";
import { pairByKey, type KeyPairs, type WindowAnswer, type WindowSide } from "../../src/core/refresh/losses";
import type { WindowComparison } from "../../src/core/refresh/windowFold";
import type { UnitChange } from "../../src/core/refresh/unitTally";
import type { UnitCheckInput, WindowCheck } from "../../src/core/refresh/unitChange";

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === "";

/** The group a row's period belongs to for the whole-period rule: its period, per retailer in a table of several. */
function groupOf(cells: readonly unknown[], retailerAt: number | undefined): string {
  const day = cells[0] as IsoDate;
  if (retailerAt === undefined || retailerAt < 0) return day;
  const r = cells[retailerAt];
  return `${isEmpty(r) ? "" : String(r)} ${day}`;
}

/** A stored row without a key that holds something (a key or metric cell not empty): it is removed, so counted. */
const holdsSomething = (side: WindowSide, i: number): boolean =>
  side.keys[i].some((v) => !isEmpty(v)) || (side.metrics[i] ?? []).some((v) => !isEmpty(v));

/**
 * The stored window against the answer, by row key (pairByKey, unless given), so removed + replaced + repeated is
 * the stored rows with a key plus those without a date that hold something, and added + replaced the fresh rows.
 */
export function compareWindowBefore(
  input: WindowAnswer,
  pairs = pairByKey(input.stored, input.fresh),
): WindowComparison {
  const { stored, fresh, metrics, retailerAt } = input;
  const undated = pairs.unkeyed.filter((i) => holdsSomething(stored, i)).length;
  let replaced = 0;
  let added = 0;
  let same = 0;
  const blankedAt = metrics.map(() => new Map<IsoDate, number>()); // per metric: period -> rows
  const freshGroups = new Set<string>();
  const freshKeys = new Set<string>();
  fresh.keys.forEach((cells, j) => {
    if (pairs.freshKeyed[j]) {
      freshGroups.add(groupOf(cells, retailerAt));
      freshKeys.add(rowKey(cells)!);
    }
    const i = pairs.storedOf[j];
    if (i === undefined) {
      added++;
      return;
    }
    replaced++;
    const before = stored.metrics[i] ?? [];
    const after = fresh.metrics[j] ?? [];
    metrics.forEach((_, m) => {
      if (!isEmpty(before[m]) && isEmpty(after[m])) {
        const p = cells[0] as IsoDate;
        blankedAt[m].set(p, (blankedAt[m].get(p) ?? 0) + 1);
      }
    });
    if (sameCells(before, after, metrics.length) && sameCells(stored.others?.[i], fresh.others?.[j])) same++;
  });

  // The stored rows no fresh row took: a repeat of a key the answer has gives way to its row; the rest are
  // removed, by period, and the groups that get nothing at all.
  const repeated = pairs.left.filter((i) => freshKeys.has(rowKey(stored.keys[i])!));
  const gone = pairs.left.filter((i) => !freshKeys.has(rowKey(stored.keys[i])!));
  const byPeriod = new Map<IsoDate, number>();
  for (const i of gone) {
    const p = stored.keys[i][0] as IsoDate;
    byPeriod.set(p, (byPeriod.get(p) ?? 0) + 1);
  }
  const inOrder = (m: Map<IsoDate, number>) => [...m.keys()].sort();
  return {
    replaced,
    added,
    removed: gone.length + undated,
    undated,
    periods: inOrder(byPeriod).map((p) => ({ period: p, rows: byPeriod.get(p)! })),
    wholePeriods: wholePeriods(stored, freshGroups, retailerAt),
    blanked: metrics.flatMap((metric, m) => {
      const at = blankedAt[m];
      if (at.size === 0) return [];
      const rows = [...at.values()].reduce((a, b) => a + b, 0);
      return [{ metric, rows, periods: inOrder(at) }];
    }),
    removedRows: gone,
    repeated,
    same,
  };
}

/** Two rows' cells as the table holds them: empty alike, numbers equal, anything else as text (codes read back as numbers). */
function sameCells(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined, n?: number): boolean {
  const length = n ?? Math.max(a?.length ?? 0, b?.length ?? 0);
  for (let k = 0; k < length; k++) {
    const x = a?.[k];
    const y = b?.[k];
    if (isEmpty(x) && isEmpty(y)) continue;
    if (isEmpty(x) || isEmpty(y)) return false;
    if (typeof x === "number" && typeof y === "number" ? x !== y : String(x) !== String(y)) return false;
  }
  return true;
}

/** The (retailer,) periods with stored rows and no fresh row, in date order (then table order). */
function wholePeriods(stored: WindowSide, freshGroups: ReadonlySet<string>, retailerAt: number | undefined): string[] {
  const whole: { group: string; period: IsoDate; at: number }[] = [];
  const seen = new Set<string>();
  stored.keys.forEach((cells, i) => {
    if (rowKey(cells) === null) return;
    const g = groupOf(cells, retailerAt);
    if (seen.has(g)) return;
    seen.add(g);
    if (!freshGroups.has(g)) whole.push({ group: g, period: cells[0] as IsoDate, at: i });
  });
  whole.sort((a, b) => compareDays(a.period, b.period) || a.at - b.at);
  return whole.map((w) => w.group);
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
/** The power of ten (k, maybe 0) that a ratio is within the tolerance of, or null (another ratio, a sign change). */
function powerOf(ratio: number): number | null {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return null;
  const exp = Math.log10(ratio);
  const k = Math.round(exp);
  return Math.abs(exp - k) <= LOG_TOLERANCE ? k : null;
}

/** The stored window and the answer (as the losses rule compares them), and which periods count. */

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
function levelsOfBefore(settled: WindowSide, metrics: number): Map<string, (number | undefined)[]> {
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
function unitChangesBefore(
  input: UnitCheckInput,
  pairs: KeyPairs = pairByKey(input.stored, input.fresh),
): UnitChange[] {
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
  const levels = settled ? levelsOfBefore(settled, metrics.length) : undefined;
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

/** compareWindow and unitChanges on one pairing of the rows. */
export function checkWindowBefore(input: UnitCheckInput): WindowCheck {
  const pairs = pairByKey(input.stored, input.fresh);
  return { comparison: compareWindowBefore(input, pairs), unitChanges: unitChangesBefore(input, pairs) };
}

/** The last period (a day) on or after `start` that is `complete`, or null. */
function lastPeriod(periods: readonly unknown[], start: IsoDate, complete: (p: IsoDate) => boolean): IsoDate | null {
  let last: IsoDate | null = null;
  for (const p of periods) if (isIsoDate(p) && p >= start && (last === null || p > last) && complete(p)) last = p;
  return last;
}

/** A metric's total over the rows whose period is in [start, end]; empty or non-numeric cells count as 0. */
function total(rows: WindowRows, m: number, start: IsoDate, end: IsoDate): { sum: number; blanks: number } {
  const nums: number[] = [];
  let blanks = 0;
  rows.periods.forEach((p, i) => {
    if (!isIsoDate(p) || p < start || p > end) return;
    const v = rows.values[i]?.[m];
    if (isNumber(v)) nums.push(v);
    else blanks++;
  });
  return { sum: exactSum(nums), blanks };
}

/**
 * Each metric's total before and after over the same dates: from the window's first day (`start`)
 * to the last period that both the old rows and the new rows hold and that was `complete` when the table was
 * last read (periods new to the table are rows added, not revisions; see completeWhenRead). `periods` are days;
 * rows without one (blank rows) are left out. Nothing to compare (no old rows in the window, no new ones, no
 * complete period): [].
 */
export function windowChangesBefore(
  metrics: readonly string[],
  start: IsoDate,
  before: WindowRows,
  after: WindowRows,
  complete: (period: IsoDate) => boolean = () => true,
): MetricChange[] {
  const lastBefore = lastPeriod(before.periods, start, complete);
  const lastAfter = lastPeriod(after.periods, start, complete);
  if (lastBefore === null || lastAfter === null) return [];
  const end = lastBefore < lastAfter ? lastBefore : lastAfter;
  return metrics.map((metric, m) => {
    const b = total(before, m, start, end);
    const a = total(after, m, start, end);
    const change = a.sum - b.sum;
    return {
      metric,
      from: start,
      to: end,
      before: b.sum,
      after: a.sum,
      change,
      percent: b.sum === 0 ? null : (change / Math.abs(b.sum)) * 100,
      blanks: { before: b.blanks, after: a.blanks },
    };
  });
}
