// The specification of what src/excel's replaceTail must leave, for the property tests: the stored rows before
// the cut-off exactly as they were, then the fresh rows of the window in period order.
import { keptCount } from "../../../src/core/refresh/storedTail";
import { sortByPeriod } from "../../../src/core/refresh/tableLayout";
import type { Cell } from "../../../src/core/answer/tabulate";

export interface Rewrite<R> {
  rows: R[];
  /** Stored rows before the window, kept exactly. */
  kept: number;
  /** Stored rows in the window, replaced. */
  removed: number;
  /** Fresh rows written in the window. */
  added: number;
  /** Fresh rows labelled before the window start (left out: they would duplicate or cut a stored period). */
  early: number;
}

/**
 * The table after a refresh: the stored rows before the window start, exactly as they were, then the fresh
 * rows of the window in period order.
 */
export function rewrite<R extends readonly Cell[]>(
  stored: readonly R[],
  fresh: readonly R[],
  periodIndex: number,
  cutoff: number,
): Rewrite<R> {
  const kept = keptCount(
    stored.map((r) => r[periodIndex]),
    cutoff,
  );
  const inWindow = sortByPeriod(fresh, periodIndex).filter(
    (r) => !(typeof r[periodIndex] === "number" && (r[periodIndex] as number) < cutoff),
  );
  return {
    rows: [...stored.slice(0, kept), ...inWindow],
    kept,
    removed: stored.length - kept,
    added: inWindow.length,
    early: fresh.length - inWindow.length,
  };
}
