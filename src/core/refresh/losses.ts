// Losses at refresh (issue 15; design note 8: "a refresh never removes stored rows without saying so"): the
// stored rows of the window compared with the service's answer for it, row by row by key, before anything is
// written. Which stored rows the answer no longer has (and their dates), which stored rows have no date (they go
// too), which periods it has nothing for, which stored figures it sends empty; whether the refresh is held
// (nothing written, the user asked) or within what the user accepted with "Refresh anyway"; the words are lossesText.ts's. Pure;
// src/excel reads the stored window, src/refresh decides with this and writes. See docs/refresh.md, "Losses at
// refresh".
import { compareDays, type IsoDate } from "../dates";
import { holdReason } from "./holdReason";
import { rowKey } from "./userColumns";

/** One side of the window: each row's key cells and metric cells. */
export interface WindowSide {
  /**
   * Each row's key cells (src/core/refresh/userColumns.ts keyColumns, keyCellsOf): the period's day first, then the
   * retailer (a table of several), the SKU or filter value, the store. A row whose period is not a day has no key
   * (a blank row, or a row whose date was cleared or typed as text).
   */
  keys: readonly (readonly unknown[])[];
  /** Each row's metric cells, in the order of `metrics` (may be shorter than `keys`: missing cells are empty). */
  metrics: readonly (readonly unknown[])[];
  /** Each row's other service cells (names, codes, comparison %), compared only to tell a row that is as before. */
  others?: readonly (readonly unknown[])[];
}

export interface WindowAnswer {
  /** The stored rows of the window (period on or after the cut-off: the rows a refresh rewrites), in table order. */
  stored: WindowSide;
  /** The answer's rows for the window, as they would be written. */
  fresh: WindowSide;
  /** The metrics' names (the service's fields), in the order of the metric cells. */
  metrics: readonly string[];
  /** Index, in the key cells, of the retailer: a table of several retailers (whole periods are per retailer). */
  retailerAt?: number;
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
  /** The removed rows with a date (indexes in `stored`, table order): what the words name by key. */
  removedRows: number[];
  /**
   * Stored rows repeating the key of a row the answer has, beyond the one it replaces (a row typed into the table
   * with the key of a service row): they are the service's, so they give way to its one row; neither replaced nor
   * removed, and said apart (repeatedText). Indexes in `stored`, table order.
   */
  repeated: number[];
  /** Rows replaced whose every cell compared (metrics, and `others` when given) is as before. */
  same: number;
}

/** What the user accepted with "Refresh anyway": the losses the held line showed. */
export interface ApprovedLosses {
  /** Stored rows shown as removed. */
  rows: number;
  /** Their periods (first days) with how many rows each. */
  periods: readonly PeriodCount[];
  /** The whole periods shown ("2026-11-16", per retailer "northmart 2026-11-16"). */
  wholePeriods: readonly string[];
  /** Rows without a date shown as removed (absent: none). */
  undated?: number;
}

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

/** The stored rows of a window and the answer's rows paired by key (rowKey). */
export interface KeyPairs {
  /** For each fresh row, the stored row of its key it replaces; undefined: a row added (or without a key). */
  storedOf: (number | undefined)[];
  /** For each fresh row, whether it has a key (a day for its period). */
  freshKeyed: boolean[];
  /** Stored rows with a key that no fresh row takes (the refresh removes them), in table order. */
  left: number[];
  /** Stored rows without a key (no day for its period), in table order. */
  unkeyed: number[];
}

/**
 * The window's rows paired by key: the k-th stored row of a key with the k-th fresh row of it (repeated keys are
 * matched in order). The one pairing of the losses rule and the unit check (src/core/refresh/unitChange.ts).
 */
export function pairByKey(stored: WindowSide, fresh: WindowSide): KeyPairs {
  const queues = new Map<string, number[]>();
  const unkeyed: number[] = [];
  stored.keys.forEach((cells, i) => {
    const k = rowKey(cells);
    if (k === null) {
      unkeyed.push(i);
      return;
    }
    const q = queues.get(k);
    if (q) q.push(i);
    else queues.set(k, [i]);
  });
  const freshKeyed: boolean[] = [];
  const storedOf = fresh.keys.map((cells) => {
    const k = rowKey(cells);
    freshKeyed.push(k !== null);
    return k === null ? undefined : queues.get(k)?.shift();
  });
  const left = [...queues.values()].flat().sort((a, b) => a - b);
  return { storedOf, freshKeyed, left, unkeyed };
}

/**
 * The stored window against the answer, by row key (pairByKey, unless given), so removed + replaced + repeated is
 * the stored rows with a key plus those without a date that hold something, and added + replaced the fresh rows.
 */
export function compareWindow(input: WindowAnswer, pairs = pairByKey(input.stored, input.fresh)): WindowComparison {
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

/**
 * The losses rule with what the user accepted: true when it holds the refresh. `allowed`: "Refresh anyway" with
 * the losses its line showed (no more is accepted), or `true` (any loss).
 */
export function heldBy(c: WindowComparison, allowed?: boolean | ApprovedLosses): boolean {
  const approved = typeof allowed === "object" ? withinApproved(c, allowed) : !!allowed;
  return holdReason(c) !== null && !approved;
}

/**
 * True when the comparison removes nothing beyond what "Refresh anyway" accepted: no more rows in all, no more
 * rows of any period than shown (none of a period not shown), no more rows without a date, and no whole period
 * that was not shown. The answer a refresh gets can differ from the one the held line was made of (the click
 * can come much later): what was not shown is not accepted.
 */
function withinApproved(c: WindowComparison, a: ApprovedLosses): boolean {
  if (c.removed > a.rows || c.undated > (a.undated ?? 0)) return false;
  const shown = new Map(a.periods.map((p) => [p.period, p.rows]));
  if (c.periods.some((p) => p.rows > (shown.get(p.period) ?? 0))) return false;
  const whole = new Set(a.wholePeriods);
  return c.wholePeriods.every((g) => whole.has(g));
}
