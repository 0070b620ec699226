// The unit check's tally (unitChange.ts words and approves what it finds): per retailer and metric, the rows of the
// same key compared and, per power of ten, the rows whose re-read figure is that power away from the stored one. It
// keeps counts, and the first rows of each power only (a narrow window judges that few by their level), so a window
// of any size is tallied in a pass over its rows. docs/refresh.md, "A unit change at the source", has the rule.
import { compareDays, isIsoDate, type IsoDate } from "../dates";
import { isNumber } from "./revisions";

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
  /**
   * Some periods only: the window as a whole kept its unit, but in each of these periods at least
   * UNIT_CHANGE_MIN_ROWS rows, and more than half of that period's rows compared, moved by `factor` (a day of every
   * SKU x1,000). A retailer that changes its unit does so from a day on, and a revision moves a figure by about 1%,
   * so neither makes this: held as a unit change is, naming the periods. `compared` and `changed` count theirs.
   */
  periods?: IsoDate[];
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
export const LEVEL_PERIODS = 3;
/**
 * The settled periods are read only for a window this narrow: a group (retailer) with at most this many stored rows
 * in periods complete at the last read. The majority rule alone decides for 4 compared rows or more; the margin
 * covers rows whose figure is empty or 0.
 */
export const NARROW_ROWS = 8;

/** The power of ten (k, maybe 0) that a ratio is within the tolerance of, or null (another ratio, a sign change). */
function powerOf(ratio: number): number | null {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return null;
  const exp = Math.log10(ratio);
  const k = Math.round(exp);
  return Math.abs(exp - k) <= LOG_TOLERANCE ? k : null;
}

/** A row's key without its period: the same SKU (store, retailer) in another period. */
const keyBesidePeriod = (cells: readonly unknown[]): string =>
  JSON.stringify(cells.slice(1).map((v) => (v === null || v === undefined ? "" : String(v))));

/** The rows of one power of ten: how many, and the first few (a narrow window's are judged by their level). */
interface Power {
  rows: number;
  /** The first rows, as [key without its period, re-read figure]: as many as a narrow window can hold. */
  first: [string, number][];
}

/** One retailer's tally (the whole window in a table of one). */
interface GroupTally {
  compared: number[];
  /** Per metric, per power of ten other than 0, in the order first seen. */
  powers: Map<number, Power>[];
  /** The same per period (a day, its first day for weeks and months): rows compared, and rows per power. */
  periods: Map<IsoDate, { compared: number[]; powers: Map<number, number>[] }>;
}

/** Each key's level per metric (undefined: no non-zero figure), from the settled rows before a narrow window. */
export type Levels = ReadonlyMap<string, readonly (number | undefined)[]>;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/**
 * The levels of `keys` (keyBesidePeriod; all when absent) per metric over settled rows (key cells, the period a day
 * first, and metric cells), gathered as they come: only the figures of those keys are kept.
 */
export class LevelReader {
  private readonly figures = new Map<string, number[][]>();

  constructor(
    private readonly metrics: number,
    private readonly keys?: ReadonlySet<string>,
  ) {}

  add(keyCells: readonly unknown[], metricCells: readonly unknown[] | undefined): void {
    if (!isIsoDate(keyCells[0])) return;
    const key = keyBesidePeriod(keyCells);
    if (this.keys && !this.keys.has(key)) return;
    let per = this.figures.get(key);
    if (!per) this.figures.set(key, (per = Array.from({ length: this.metrics }, () => [])));
    for (let m = 0; m < this.metrics; m++) {
      const v = metricCells?.[m];
      if (isNumber(v) && v !== 0) per[m].push(v);
    }
  }

  get levels(): Levels {
    return new Map(
      [...this.figures].map(([key, per]) => [key, per.map((xs) => (xs.length > 0 ? median(xs) : undefined))]),
    );
  }
}

/** Whether every row is also 10^k times its key's level (a narrow window's second witness). */
function offLevel(rows: readonly [string, number][], k: number, m: number, levels: Levels): boolean {
  return rows.every(([key, figure]) => {
    const level = levels.get(key)?.[m];
    const ratio = level === undefined ? 0 : figure / level;
    return ratio > 0 && Math.abs(Math.log10(ratio) - k) <= LEVEL_TOLERANCE;
  });
}

/**
 * The unit check over rows of the same key, pair by pair, per group (retailer) in the order first seen. A pair
 * counts for a metric when both figures are non-zero numbers; it changed unit by 10^k (k not 0) when its ratio is
 * within UNIT_TOLERANCE of 10^k. A metric changed unit when at least UNIT_CHANGE_MIN_ROWS rows changed by one
 * power and more than half of those compared did; fewer (a narrow window's) only when each of them is also 10^k
 * times its key's level (`levels`). See unitChange.ts for the rule in full.
 */
export class UnitTally {
  private readonly groups = new Map<string, GroupTally>();

  constructor(private readonly metrics: readonly string[]) {}

  /** A group's tally and its period's (none for a row without a day), made when first told. */
  private tallyOf(group: string, period: IsoDate | null) {
    const n = this.metrics.length;
    let tally = this.groups.get(group);
    if (!tally) {
      tally = { ...emptyCounts<Power>(n), periods: new Map() };
      this.groups.set(group, tally);
    }
    let day = period === null ? undefined : tally.periods.get(period);
    if (period !== null && !day) tally.periods.set(period, (day = emptyCounts<number>(n)));
    return { tally, day };
  }

  /** A stored row's metric cells and the re-read row's of the same key, in a period complete when last read. */
  pair(group: string, freshKeys: readonly unknown[], before: readonly unknown[], after: readonly unknown[]): void {
    const n = this.metrics.length;
    const { tally, day } = this.tallyOf(group, isIsoDate(freshKeys[0]) ? freshKeys[0] : null);
    for (let m = 0; m < n; m++) {
      const [a, b] = [before[m], after[m]];
      if (!isNumber(a) || !isNumber(b) || a === 0 || b === 0) continue;
      tally.compared[m]++;
      if (day) day.compared[m]++;
      const k = powerOf(b / a);
      if (k === null || k === 0) continue;
      if (day) day.powers[m].set(k, (day.powers[m].get(k) ?? 0) + 1);
      let power = tally.powers[m].get(k);
      if (!power) tally.powers[m].set(k, (power = { rows: 0, first: [] }));
      power.rows++;
      if (power.first.length < UNIT_CHANGE_MIN_ROWS - 1) power.first.push([keyBesidePeriod(freshKeys), b]);
    }
  }

  /**
   * Rows of one period re-read as they were, told as counts: per metric, those whose figure is a non-zero number
   * (each compared, at a ratio of 1).
   */
  unchanged(group: string, period: IsoDate, nonZero: readonly number[]): void {
    const { tally, day } = this.tallyOf(group, period);
    for (let m = 0; m < this.metrics.length; m++) {
      tally.compared[m] += nonZero[m];
      day!.compared[m] += nonZero[m];
    }
  }

  /** Per group and metric: the power most rows changed by (the first seen of equals), when they are a majority. */
  private *majorities(): Generator<{ group: string; m: number; k: number; power: Power; compared: number }> {
    for (const [group, tally] of this.groups)
      for (let m = 0; m < this.metrics.length; m++) {
        let best: [number, Power] | undefined;
        for (const p of tally.powers[m]) if (!best || p[1].rows > best[1].rows) best = p;
        if (!best || best[1].rows * 2 <= tally.compared[m]) continue;
        yield { group, m, k: best[0], power: best[1], compared: tally.compared[m] };
      }
  }

  /** The keys (keyBesidePeriod) whose level a narrow window's check would read: those of too few changed rows. */
  levelKeys(): Set<string> {
    const keys = new Set<string>();
    for (const { power } of this.majorities())
      if (power.rows < UNIT_CHANGE_MIN_ROWS) for (const [key] of power.first) keys.add(key);
    return keys;
  }

  /** The unit changes found; `several`: groups are retailers (each change names its own). */
  changes(several: boolean, levels?: Levels): UnitChange[] {
    const out: UnitChange[] = [];
    const whole = new Set<string>();
    for (const { group, m, k, power, compared } of this.majorities()) {
      whole.add(`${group}\u0000${m}`);
      const byLevel = power.rows < UNIT_CHANGE_MIN_ROWS;
      if (byLevel && !(levels && offLevel(power.first, k, m, levels))) continue;
      out.push({
        ...(several ? { retailer: group } : {}),
        metric: this.metrics[m],
        factor: 10 ** k,
        compared,
        changed: power.rows,
        ...(byLevel ? { byLevel: true as const } : {}),
      });
    }
    for (const [group, tally] of this.groups)
      for (let m = 0; m < this.metrics.length; m++)
        if (!whole.has(`${group}\u0000${m}`)) out.push(...this.periodChanges(tally, m, several ? group : undefined));
    return out;
  }

  /** A metric's periods that moved by a power of ten while the window kept its unit (UnitChange.periods). */
  private periodChanges(tally: GroupTally, m: number, retailer: string | undefined): UnitChange[] {
    const byPower = new Map<number, { periods: IsoDate[]; compared: number; changed: number }>();
    for (const [period, day] of [...tally.periods].sort(([a], [b]) => compareDays(a, b)))
      for (const [k, rows] of day.powers[m]) {
        if (rows < UNIT_CHANGE_MIN_ROWS || rows * 2 <= day.compared[m]) continue;
        let p = byPower.get(k);
        if (!p) byPower.set(k, (p = { periods: [], compared: 0, changed: 0 }));
        p.periods.push(period);
        p.compared += day.compared[m];
        p.changed += rows;
      }
    return [...byPower].map(([k, p]) => ({
      ...(retailer === undefined ? {} : { retailer }),
      metric: this.metrics[m],
      factor: 10 ** k,
      compared: p.compared,
      changed: p.changed,
      periods: p.periods,
    }));
  }
}

/** Nothing compared yet, for `n` metrics. */
function emptyCounts<V>(n: number): { compared: number[]; powers: Map<number, V>[] } {
  return { compared: new Array<number>(n).fill(0), powers: Array.from({ length: n }, () => new Map<number, V>()) };
}
