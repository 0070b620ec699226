// The refresh rules' one pass over a window (docs/architecture.md, Decisions 11 and 13): the stored rows and the
// answer's, paired by key, folded into what the losses rule (losses.ts), the unit check (unitTally.ts) and the
// revision's totals (revisions.ts) decide on, as counts per period, per metric and per retailer. Nothing the size of
// the window is held, so a database feeds it a window of any size in key order, chunk by chunk, and a workbook its
// arrays (losses.ts foldSides): one set of rules for both.
import { compareDays, type IsoDate } from "../dates";
import { MetricTotals } from "./revisions";
import type { CountedRows, UnchangedRows } from "./countedRows";
import { NARROW_ROWS, UnitTally, type Levels, type UnitChange } from "./unitTally";

/** One row of one side, as the rules read it. */
export interface FoldRow {
  /**
   * Its key cells (src/core/refresh/userColumns.ts keyColumns, keyCellsOf): the period's day first, then the
   * retailer (a table of several), the SKU or filter value, the store.
   */
  keys: readonly unknown[];
  /** Its metric cells, in the order of the fold's metrics (may be shorter: missing cells are empty). */
  metrics: readonly unknown[];
  /** Its other service cells (names, codes, comparison %), compared only to tell a row that is as before. */
  others?: readonly unknown[];
}

export interface PeriodCount {
  /** The period's first day. */
  period: IsoDate;
  rows: number;
}

/** Stored figures the answer sends empty, per metric. */
export interface BlankedFigures {
  metric: string;
  /** Rows (of the same key before and after) whose figure became an empty cell. */
  rows: number;
  /** Their periods (first days), distinct, in date order. */
  periods: IsoDate[];
}

export interface WindowComparison {
  /** Stored rows whose key the answer has (the k-th stored row of a key matches the k-th fresh row of it). */
  replaced: number;
  /** Fresh rows whose key the stored window did not have (or had fewer of). */
  added: number;
  /**
   * Stored rows the refresh removes: those whose key the answer no longer has, and those without a date
   * (`undated`). Wholly empty rows (the blanks an interrupted refresh leaves) are not counted.
   */
  removed: number;
  /**
   * Of `removed`: stored rows whose date cell holds no day (cleared, or typed as text) but with something in
   * a key or metric cell. The refresh rewrites every row of the window, so they go too.
   */
  undated: number;
  /** The removed rows with a date: their periods with how many each, in date order. */
  periods: PeriodCount[];
  /**
   * Periods that held stored rows and get no fresh row at all ("2026-11-16"; a table of several retailers:
   * per retailer, "northmart 2026-11-16"), in date order.
   */
  wholePeriods: string[];
  /** Stored figures (non-empty cells) replaced by an empty cell in rows of the same key, per metric with any. */
  blanked: BlankedFigures[];
  /**
   * The removed rows with a date (indexes of the stored side, in order), where the fold keeps them (keepRemoved: a
   * surface that names them by key); empty otherwise.
   */
  removedRows: number[];
  /**
   * Stored rows repeating the key of a row the answer has, beyond the one it replaces (a row typed into the table
   * with the key of a service row): they are the service's, so they give way to its one row; neither replaced nor
   * removed, and said apart (repeatedText). Indexes of the stored side, in order.
   */
  repeated: number[];
  /** Rows replaced whose every cell compared (metrics, and `others` when given) is as before. */
  same: number;
}

export interface FoldOptions {
  /** The metrics' names (the service's fields), in the order of the metric cells. */
  metrics: readonly string[];
  /** Index, in the key cells, of the retailer: a table of several retailers (whole periods are per retailer). */
  retailerAt?: number;
  /**
   * Whether a period (its first day) was complete when the table was last read (revisions.ts completeWhenRead):
   * only those count for the unit check. Default: every period.
   */
  complete?: (period: IsoDate) => boolean;
  /** Keep the removed rows' indexes (WindowComparison.removedRows), for a surface that names them. */
  keepRemoved?: boolean;
  /** Keep each metric's totals per period on both sides from this day, for the revision (MetricTotals). */
  totalsFrom?: IsoDate;
}

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === "";

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

/** A stored row's group for the whole-period rule: its period's day, per retailer in a table of several. */
interface Group {
  period: IsoDate;
  /** The first stored row of the group, in the stored side's order. */
  at: number;
  answered: boolean;
}

/**
 * The fold: each pair told once, in any order (the order of the stored side's indexes and of first appearance is
 * what the results keep), then read. A surface tells a stored row with a key the answer has as `replaced` (with
 * its fresh row) or, beyond the first of its key, `repeated`; a stored row whose key the answer lacks `removed`;
 * a stored row without a day `undated`; a fresh row with no stored row of its key `added`.
 */
export class WindowFold {
  private replacedRows = 0;
  private addedRows = 0;
  private sameRows = 0;
  private undatedRows = 0;
  private removedCount = 0;
  private readonly removedAt: number[] = [];
  private readonly repeatedAt: number[] = [];
  /** The repeated rows' key cells, in the order told (few: rows typed in by hand). */
  private readonly repeatedCells: (readonly unknown[])[] = [];
  private readonly gone = new Map<IsoDate, number>();
  /** Per metric: period -> rows blanked. */
  private readonly blankedAt: Map<IsoDate, number>[];
  private readonly groups = new Map<string, Group>();
  private readonly answeredGroups = new Set<string>();
  /** Per retailer ("" in a table of one): stored rows, those in periods complete when last read, and fresh rows. */
  private readonly storedBy = new Map<string, number>();
  private readonly completeBy = new Map<string, number>();
  private readonly freshBy = new Map<string, number>();
  private readonly answered = new Set<IsoDate>();
  private readonly tally: UnitTally;
  private readonly complete: (period: IsoDate) => boolean;
  /** Each metric's totals per period, old rows and new (totalsFrom). */
  readonly before?: MetricTotals;
  readonly after?: MetricTotals;

  constructor(private readonly o: FoldOptions) {
    this.blankedAt = o.metrics.map(() => new Map());
    this.tally = new UnitTally(o.metrics);
    this.complete = o.complete ?? (() => true);
    if (o.totalsFrom !== undefined) {
      this.before = new MetricTotals(o.metrics.length, o.totalsFrom);
      this.after = new MetricTotals(o.metrics.length, o.totalsFrom);
    }
  }

  /** The group of a row's key cells (its day first): the day, or the retailer and the day. */
  private groupOf(keys: readonly unknown[]): string {
    const day = keys[0] as IsoDate;
    const at = this.o.retailerAt;
    if (at === undefined || at < 0) return day;
    const r = keys[at];
    return `${isEmpty(r) ? "" : String(r)} ${day}`;
  }

  /** A row's retailer in a table of several; "" in a table of one. */
  private retailerOf(keys: readonly unknown[]): string {
    const at = this.o.retailerAt;
    return at !== undefined && at >= 0 ? String(keys[at] ?? "") : "";
  }

  /** A stored row, or `counted` unchanged rows of the row's group (their totals are told apart). */
  private storedGroup(row: FoldRow, at: number, counted?: number): void {
    const rows = counted ?? 1;
    const who = this.retailerOf(row.keys);
    this.storedBy.set(who, (this.storedBy.get(who) ?? 0) + rows);
    if (this.complete(row.keys[0] as IsoDate)) this.completeBy.set(who, (this.completeBy.get(who) ?? 0) + rows);
    const g = this.groupOf(row.keys);
    const known = this.groups.get(g);
    if (!known) this.groups.set(g, { period: row.keys[0] as IsoDate, at, answered: false });
    else if (at < known.at) known.at = at;
    if (counted === undefined) this.before?.add(row.keys[0], row.metrics);
  }

  private freshGroup(row: FoldRow, counted?: number): void {
    const rows = counted ?? 1;
    const who = this.retailerOf(row.keys);
    this.freshBy.set(who, (this.freshBy.get(who) ?? 0) + rows);
    this.answered.add(row.keys[0] as IsoDate);
    this.answeredGroups.add(this.groupOf(row.keys));
    if (counted === undefined) this.after?.add(row.keys[0], row.metrics);
  }

  /** A stored row (`at`: its index) and the fresh row of its key that replaces it; `sameOthers` when told apart. */
  replaced(stored: FoldRow, fresh: FoldRow, at: number, sameOthers?: boolean): void {
    this.replacedRows++;
    this.storedGroup(stored, at);
    this.freshGroup(fresh);
    const { metrics } = this.o;
    const before = stored.metrics;
    const after = fresh.metrics;
    for (let m = 0; m < metrics.length; m++)
      if (!isEmpty(before[m]) && isEmpty(after[m])) {
        const p = stored.keys[0] as IsoDate;
        this.blankedAt[m].set(p, (this.blankedAt[m].get(p) ?? 0) + 1);
      }
    const others = sameOthers ?? sameCells(stored.others, fresh.others);
    if (others && sameCells(before, after, metrics.length)) this.sameRows++;
    if (this.complete(stored.keys[0] as IsoDate))
      this.tally.pair(this.retailerOf(stored.keys), fresh.keys, before, after);
  }

  /**
   * Rows of one period (and retailer) re-read exactly as they were, told as counts by a store that sums them where
   * it holds them (`at`: the first one's index): each is a replaced row, the same as before.
   */
  unchanged(u: UnchangedRows, at: number): void {
    const row: FoldRow = { keys: u.keys, metrics: [] };
    const period = u.keys[0] as IsoDate;
    const who = this.retailerOf(u.keys);
    this.replacedRows += u.rows;
    this.sameRows += u.rows;
    this.storedGroup(row, at, u.rows);
    this.freshGroup(row, u.rows);
    this.before?.addSums(period, u.rows, u.sums, u.blanks);
    this.after?.addSums(period, u.rows, u.sums, u.blanks);
    if (this.complete(period)) this.tally.unchanged(who, period, u.nonZero);
  }

  /** Fresh rows of a period (and retailer) the stored window has no row of, counted by their store: added rows. */
  newRows(u: CountedRows): void {
    this.addedRows += u.rows;
    this.freshGroup({ keys: u.keys, metrics: [] }, u.rows);
    this.after?.addSums(u.keys[0] as IsoDate, u.rows, u.sums, u.blanks);
  }

  /** A fresh row no stored row of its key takes; `keyed`: it has a day (rows without one count, in no period). */
  added(fresh: FoldRow, keyed = true): void {
    this.addedRows++;
    if (keyed) this.freshGroup(fresh);
  }

  /** A stored row (`at`: its index) whose key the answer no longer has: the refresh removes it. */
  removed(stored: FoldRow, at: number): void {
    this.removedCount++;
    this.storedGroup(stored, at);
    const p = stored.keys[0] as IsoDate;
    this.gone.set(p, (this.gone.get(p) ?? 0) + 1);
    if (this.o.keepRemoved) this.removedAt.push(at);
  }

  /** A stored row (`at`: its index) repeating a key whose first stored row the answer replaces. */
  repeated(stored: FoldRow, at: number): void {
    this.storedGroup(stored, at);
    this.repeatedAt.push(at);
    this.repeatedCells.push(stored.keys);
  }

  /** A stored row without a day: removed with the window, and counted when it holds something. */
  undated(stored: FoldRow): void {
    if (stored.keys.some((v) => !isEmpty(v)) || stored.metrics.some((v) => !isEmpty(v))) this.undatedRows++;
  }

  /** Stored rows told (other than undated ones) of a retailer ("" in a table of one). */
  storedRows(retailer = ""): number {
    return this.storedBy.get(retailer) ?? 0;
  }

  /** Fresh rows told with a day, of a retailer ("" in a table of one). */
  freshRows(retailer = ""): number {
    return this.freshBy.get(retailer) ?? 0;
  }

  /** The key cells of the stored rows told as repeated, in the order of comparison().repeated. */
  get repeatedKeys(): (readonly unknown[])[] {
    const order = this.repeatedAt.map((at, i) => [at, i]).sort((a, b) => a[0] - b[0]);
    return order.map(([, i]) => this.repeatedCells[i]);
  }

  /** The periods the answer has rows for (days), in the order first told. */
  get answeredPeriods(): IsoDate[] {
    return [...this.answered];
  }

  /**
   * Whether the window is narrow (unitChange.ts narrowWindow, on the rows told): some retailer has at most
   * NARROW_ROWS stored rows in periods complete when last read.
   */
  get narrow(): boolean {
    return [...this.completeBy.values()].some((n) => n <= NARROW_ROWS);
  }

  /** The stored window against the answer (WindowComparison), from everything told. */
  comparison(): WindowComparison {
    const inOrder = (m: Map<IsoDate, number>) => [...m.keys()].sort(compareDays);
    const whole = [...this.groups]
      .filter(([g]) => !this.answeredGroups.has(g))
      .sort(([, a], [, b]) => compareDays(a.period, b.period) || a.at - b.at)
      .map(([g]) => g);
    return {
      replaced: this.replacedRows,
      added: this.addedRows,
      removed: this.removedCount + this.undatedRows,
      undated: this.undatedRows,
      periods: inOrder(this.gone).map((p) => ({ period: p, rows: this.gone.get(p)! })),
      wholePeriods: whole,
      blanked: this.o.metrics.flatMap((metric, m) => {
        const at = this.blankedAt[m];
        if (at.size === 0) return [];
        const rows = [...at.values()].reduce((a, b) => a + b, 0);
        return [{ metric, rows, periods: inOrder(at) }];
      }),
      removedRows: [...this.removedAt].sort((a, b) => a - b),
      repeated: [...this.repeatedAt].sort((a, b) => a - b),
      same: this.sameRows,
    };
  }

  /** The keys whose settled level the unit check would read (a narrow window's few changed rows). */
  levelKeys(): Set<string> {
    return this.tally.levelKeys();
  }

  /** The unit changes found, with a narrow window's levels (absent: few changed rows are never a change). */
  unitChanges(levels?: Levels): UnitChange[] {
    const at = this.o.retailerAt;
    return this.tally.changes(at !== undefined && at >= 0, levels);
  }
}

/**
 * One key of a window as a database joins its stored rows with the answer's: the stored row, the fresh row, or both;
 * or, where the database counted them, a period's rows that are as before (`unchanged`) or that it held none of
 * (`added`), told after every pair.
 */
export interface WindowPair {
  unchanged?: UnchangedRows;
  added?: CountedRows;
  stored?: FoldRow;
  fresh?: FoldRow;
  /** Whether the other service cells of both are as before, where the store compared them itself. */
  sameOthers?: boolean;
  /** Which fresh row it is, where the store tells its rows apart (two of one key are then refused). */
  freshRow?: string | number;
}

/** An answer with two rows of one key: what the answer check refuses, found again where the rows are joined. */
export class RepeatedKeyError extends Error {
  constructor(readonly keys: readonly unknown[]) {
    super(`The answer has two rows of one key (${keys.map((k) => String(k)).join(", ")}).`);
  }
}

/** Two rows' key cells as rowKey tells them (userColumns.ts): codes compared as text, an empty cell as "". */
const sameKey = (a: readonly unknown[], b: readonly unknown[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && String(a[i] ?? "") !== String(b[i] ?? "")) return false;
  return true;
};

/**
 * Tells a fold a window's pairs in key order (a full outer join of the stored rows and the answer's on the row key,
 * ordered by it): each stored row's index is its place in that order. Rows of one key are next to each other there,
 * so a stored row that repeats a key the answer has (a row typed in by hand with a service row's key) comes after
 * the first and is told as repeated; two fresh rows of one key (told apart by freshRow) are refused, as the answer
 * check refuses them.
 */
export class KeyOrderFeed {
  private last: { keys: readonly unknown[]; fresh: boolean; freshRow?: string | number } | null = null;
  private at = 0;

  constructor(private readonly fold: WindowFold) {}

  add({ stored, fresh, sameOthers, freshRow, unchanged, added }: WindowPair): void {
    if (added) {
      this.fold.newRows(added); // no stored row: no index taken
      return;
    }
    if (unchanged) {
      // Counted apart from the pairs: no key of them is repeated (the store checked), so they follow no pair.
      this.fold.unchanged(unchanged, this.at);
      this.at += unchanged.rows;
      return;
    }
    const keys = (stored ?? fresh)!.keys;
    const again = this.last !== null && sameKey(this.last.keys, keys);
    if (again && fresh && this.last!.freshRow !== undefined && freshRow !== this.last!.freshRow)
      throw new RepeatedKeyError(keys);
    if (stored) {
      const at = this.at++;
      if (again && this.last!.fresh) this.fold.repeated(stored, at);
      else if (fresh) this.fold.replaced(stored, fresh, at, sameOthers);
      else this.fold.removed(stored, at);
    } else if (fresh) this.fold.added(fresh);
    this.last = { keys, fresh: !!fresh || (again && this.last!.fresh), freshRow: freshRow ?? this.last?.freshRow };
  }
}
