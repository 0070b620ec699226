// Losses at refresh (docs/architecture.md, Decision 5: a refresh never removes stored rows without saying so): the
// stored rows of the window compared with the service's answer for it, row by row by key, before anything is
// written. Which stored rows the answer no longer has (and their dates), which stored rows have no date (they go
// too), which periods it has nothing for, which stored figures it sends empty (counted by windowFold.ts); whether
// the refresh is held (nothing written, the user asked) or within what the user accepted with "Refresh anyway"; the
// words are lossesText.ts's. Pure; see docs/refresh.md, "Losses at refresh".
import { holdReason } from "./holdReason";
import { rowKey } from "./userColumns";
import type { FoldRow, PeriodCount, WindowComparison, WindowFold } from "./windowFold";

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
 * Tells a fold every row of a window held as arrays (a workbook's), in the order the rules have always read them: each
 * fresh row with the stored row of its key (pairByKey), then the stored rows no fresh row took (a repeat of a key the
 * answer has, or removed), then those without a day.
 */
export function foldSides(fold: WindowFold, input: WindowAnswer, pairs = pairByKey(input.stored, input.fresh)): void {
  const { stored, fresh } = input;
  const row = (side: WindowSide, i: number): FoldRow => ({
    keys: side.keys[i],
    metrics: side.metrics[i] ?? [],
    others: side.others?.[i],
  });
  const freshKeys = new Set<string>();
  fresh.keys.forEach((cells, j) => {
    const i = pairs.storedOf[j];
    if (pairs.freshKeyed[j]) freshKeys.add(rowKey(cells)!);
    if (i === undefined) fold.added(row(fresh, j), pairs.freshKeyed[j]);
    else fold.replaced(row(stored, i), row(fresh, j), i);
  });
  for (const i of pairs.left)
    if (freshKeys.has(rowKey(stored.keys[i])!)) fold.repeated(row(stored, i), i);
    else fold.removed(row(stored, i), i);
  for (const i of pairs.unkeyed) fold.undated(row(stored, i));
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
