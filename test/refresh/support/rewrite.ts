// The specification of what src/excel's replaceTail must leave, for the property tests: the stored rows before
// the window's first day exactly as they were, then the fresh rows of the window in period order.
import { keptCount } from "../../../src/core/refresh/storedTail";
import { sortByPeriod } from "../../../src/core/refresh/tableLayout";
import type { Cell } from "../../../src/core/answer/tabulate";
import type { DayCells, IsoDate } from "../../../src/core/dates";

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
 * The table after a refresh: the stored rows before the window start (`start`), exactly as they were, then the
 * fresh rows of the window in period order; the period cells hold days as `dayCells` reads them.
 */
export function rewrite<R extends readonly Cell[]>(
  stored: readonly R[],
  fresh: readonly R[],
  periodIndex: number,
  start: IsoDate,
  dayCells: DayCells,
): Rewrite<R> {
  const kept = keptCount({ periods: stored.map((r) => r[periodIndex]), dayCells }, start);
  const early = (r: R) => {
    const day = dayCells.dayOf(r[periodIndex]);
    return day !== null && day < start;
  };
  const inWindow = sortByPeriod(fresh, periodIndex, dayCells).filter((r) => !early(r));
  return {
    rows: [...stored.slice(0, kept), ...inWindow],
    kept,
    removed: stored.length - kept,
    added: inWindow.length,
    early: fresh.length - inWindow.length,
  };
}
