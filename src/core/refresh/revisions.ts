// What a refresh's revision did: for each metric, the total of the re-read window before and after, and the
// change ("revenue, 16-23 Nov: 40,666.81 to 40,807.05, +0.34%"). Pure; src/excel reads the rows taken out,
// src/refresh has the rows written.
import { isIsoDate, type IsoDate } from "../dates";
import type { Timeframe } from "../query/metrics";
import { periodEnd } from "./refreshWindow";
import type { Column } from "../answer/tabulate";
import { dayWordsOf, metricIn, type DayWords } from "../words";

/** One metric's totals over the dates compared. */
export interface MetricChange {
  metric: string;
  /** The dates compared: the window's first day to the last period both the old and the new rows hold. */
  from: IsoDate;
  to: IsoDate;
  before: number;
  after: number;
  /** after - before. */
  change: number;
  /** change / |before| x 100; null when before is 0. */
  percent: number | null;
  /** Cells counted as 0 because they were empty (or not a number), before and after. */
  blanks: { before: number; after: number };
}

/** Rows of a window: each row's period and its cells of the metrics compared. */
export interface WindowRows {
  /** Each row's period: a day, or anything else for a row without one. */
  periods: readonly unknown[];
  /** values[i][m]: row i's cell of metric m. */
  values: readonly (readonly unknown[])[];
}

/** The metric columns of a table: numbers (integer or decimal); not the period, codes, text or comparison (%) columns. */
export function metricColumns(columns: readonly Column[]): number[] {
  return columns.flatMap((c, i) => (c.kind === "integer" || c.kind === "decimal" ? [i] : []));
}

/**
 * An exact running sum (Shewchuk's algorithm, as Python's math.fsum): the partials hold the sum of every number added
 * with no rounding, so the same numbers in any order, or added in parts and joined, give the same total, rounded once.
 */
export class ExactSum {
  private readonly partials: number[] = [];

  add(value: number): void {
    const partials = this.partials;
    let x = value;
    let i = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j];
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    partials.push(x);
  }

  /** Adds another sum's numbers (its partials are exact, so the total stays exact). */
  join(other: ExactSum): void {
    for (const p of other.partials) this.add(p);
  }

  /** The total, correctly rounded. */
  get value(): number {
    return roundPartials(this.partials);
  }
}

/** The exact sum of `values`, rounded once: the same numbers in any order give the same total (ExactSum). */
export function exactSum(values: readonly number[]): number {
  const sum = new ExactSum();
  for (const v of values) sum.add(v);
  return sum.value;
}

/** The partials' sum, correctly rounded (half to even across the last two partials). */
function roundPartials(partials: readonly number[]): number {
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n];
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n];
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi;
}

export const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Whether a period (its first day) was complete when the table was last read: all its days before that day
 * (the service serves days up to the day before its today). A week or month still in progress then has grown with
 * new days since, which is not a revision.
 */
export function completeWhenRead(lastRead: IsoDate, timeframe: Timeframe): (period: IsoDate) => boolean {
  const seen = new Map<IsoDate, boolean>();
  return (p) => {
    let ok = seen.get(p);
    if (ok === undefined) seen.set(p, (ok = periodEnd(p, timeframe) <= lastRead));
    return ok;
  };
}

/**
 * One side of a window's rows as each metric's total per period, kept as rows are added (one pass, nothing held of
 * the rows): the rows of a period before `start`, or without a day, are left out; an empty or non-numeric cell counts
 * as 0 and is counted.
 */
export class MetricTotals {
  private readonly periods = new Map<IsoDate, { sums: ExactSum[]; blanks: number[] }>();

  constructor(
    private readonly metrics: number,
    private readonly start: IsoDate,
  ) {}

  private periodOf(period: IsoDate): { sums: ExactSum[]; blanks: number[] } {
    let at = this.periods.get(period);
    if (!at) {
      at = {
        sums: Array.from({ length: this.metrics }, () => new ExactSum()),
        blanks: new Array<number>(this.metrics).fill(0),
      };
      this.periods.set(period, at);
    }
    return at;
  }

  /** A row: its period (a day, or anything else for a row without one) and its cells of the metrics. */
  add(period: unknown, values: readonly unknown[] | undefined): void {
    if (!isIsoDate(period) || period < this.start) return;
    const at = this.periodOf(period);
    for (let m = 0; m < this.metrics; m++) {
      const v = values?.[m];
      if (isNumber(v)) at.sums[m].add(v);
      else at.blanks[m]++;
    }
  }

  /**
   * `rows` rows told as totals (a store's unchanged rows, summed where they are held): per metric, the sum and the
   * blanks. A metric blank in every row adds no sum, as its rows one by one would not (a sum of none is no -0 or 0).
   */
  addSums(period: IsoDate, rows: number, sums: readonly number[], blanks: readonly number[]): void {
    if (period < this.start) return;
    const at = this.periodOf(period);
    for (let m = 0; m < this.metrics; m++) {
      if (blanks[m] < rows) at.sums[m].add(sums[m]);
      at.blanks[m] += blanks[m];
    }
  }

  /** The last period held that was `complete` when last read, or null. */
  lastComplete(complete: (p: IsoDate) => boolean): IsoDate | null {
    let last: IsoDate | null = null;
    for (const p of this.periods.keys()) if ((last === null || p > last) && complete(p)) last = p;
    return last;
  }

  /** Metric m's total and blank cells over the periods up to `end`. */
  total(m: number, end: IsoDate): { sum: number; blanks: number } {
    const sum = new ExactSum();
    let blanks = 0;
    for (const [p, at] of this.periods) {
      if (p > end) continue;
      sum.join(at.sums[m]);
      blanks += at.blanks[m];
    }
    return { sum: sum.value, blanks };
  }
}

/** Rows of a window as MetricTotals from `start`. */
function totalsOf(rows: WindowRows, metrics: number, start: IsoDate): MetricTotals {
  const totals = new MetricTotals(metrics, start);
  rows.periods.forEach((p, i) => totals.add(p, rows.values[i]));
  return totals;
}

/**
 * Each metric's total before and after over the same dates: from the window's first day (`start`)
 * to the last period that both the old rows and the new rows hold and that was `complete` when the table was
 * last read (periods new to the table are rows added, not revisions; see completeWhenRead). `periods` are days;
 * rows without one (blank rows) are left out. Nothing to compare (no old rows in the window, no new ones, no
 * complete period): [].
 */
export function windowChanges(
  metrics: readonly string[],
  start: IsoDate,
  before: WindowRows,
  after: WindowRows,
  complete: (period: IsoDate) => boolean = () => true,
): MetricChange[] {
  const n = metrics.length;
  return totalsChanges(metrics, start, totalsOf(before, n, start), totalsOf(after, n, start), complete);
}

/** windowChanges on totals kept as the rows went by (MetricTotals from `start`, old rows and new). */
export function totalsChanges(
  metrics: readonly string[],
  start: IsoDate,
  before: MetricTotals,
  after: MetricTotals,
  complete: (period: IsoDate) => boolean = () => true,
): MetricChange[] {
  const lastBefore = before.lastComplete(complete);
  const lastAfter = after.lastComplete(complete);
  if (lastBefore === null || lastAfter === null) return [];
  const end = lastBefore < lastAfter ? lastBefore : lastAfter;
  return metrics.map((metric, m) => {
    const b = before.total(m, end);
    const a = after.total(m, end);
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

/** en-US, thousands separators, 2 decimals: 40666.805 -> "40,666.81"; never "-0.00". */
export function amountText(n: number): string {
  const text = n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return /^-0\.00$/.test(text) ? "0.00" : text;
}

const signed = (n: number): string => (n > 0 || amountText(n) === "0.00" ? "+" : "") + amountText(n);

/** "revenue, 16-23 Nov: " (the year of the change's last day left out); in a surface's words, its own. */
const headOf = (c: MetricChange, days: DayWords | undefined): string =>
  `${metricIn(days, c.metric)}, ${dayWordsOf(days ?? c.to).compact(c)}: `;

/** "revenue, 16-23 Nov: 40,666.81 to 40,807.05, +0.34%"; no change: "units, 16-23 Nov: 812.00, no change". */
function changeText(c: MetricChange, days: DayWords | undefined): string {
  const head = headOf(c, days);
  const blanks = c.blanks.before + c.blanks.after;
  const note = blanks ? ` (empty cells counted as 0: ${c.blanks.before} before, ${c.blanks.after} after)` : "";
  if (c.change === 0) return `${head}${amountText(c.after)}, no change${note}`;
  const delta = c.percent === null ? signed(c.change) : `${signed(c.percent)}%`;
  return `${head}${amountText(c.before)} to ${amountText(c.after)}, ${delta}${note}`;
}

/**
 * Every metric's change, "; "-separated; when no metric changed (and no cell was empty), each says so by its name
 * and dates: "revenue, 16-23 Nov: no change; units, 16-23 Nov: no change". `days`: a surface's words (the pane's:
 * "Revenue, 16/11/2026 to 22/11/2026: no change"); absent, the service's.
 */
export function changesText(changes: readonly MetricChange[], days?: DayWords): string {
  if (changes.length === 0) return "";
  const quiet = changes.every((c) => c.change === 0 && c.blanks.before + c.blanks.after === 0);
  if (quiet) return changes.map((c) => `${headOf(c, days)}no change`).join("; ");
  return changes.map((c) => changeText(c, days)).join("; ");
}
