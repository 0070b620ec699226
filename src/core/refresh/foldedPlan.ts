// What a window's rewrite plan decides once its rows are folded (windowFold.ts), the same for every store: held by the
// losses rule or a unit change (holds.ts), or written, with what will be said of it (the provisional days it can no
// longer re-read, stored rows that repeated a key, figures emptied, dates newly missing, an empty answer) and the
// dates the table then has no rows for. plan.ts adds what only a workbook keeps (the user's rows, the record of the
// keys written); planWindow.ts gives it a database's window.
import type { DateRange, DayCells, IsoDate } from "../dates";
import type { DayWords } from "../words";
import type { Level, Timeframe } from "../query/metrics";
import type { ReadWindow } from "./answerLayout";
import { isCovered, missingRanges, openGaps } from "./gaps";
import { holdsOf, type Holds } from "./holds";
import { blankedText, repeatedText } from "./lossesText";
import { provisionalLeft, provisionalText } from "./provisional";
import type { RefreshApproval } from "./unitChange";
import type { UnitChange } from "./unitTally";
import { gapWarning, noRowsWarning } from "./warnings";
import type { BlankedFigures, WindowComparison } from "./windowFold";

/** When a plan is made: the service's today, the day of the last read, the query's level and timeframe, the words' days. */
export interface PlanWhen {
  today: IsoDate;
  lastRead: IsoDate;
  level: Level;
  timeframe: Timeframe;
  days?: DayWords;
}

/** What the fold found in the window. */
export interface FoldedWindow {
  comparison: WindowComparison;
  unitChanges: UnitChange[];
  /** The key cells of the stored rows that repeat a key the answer has (comparison.repeated's, in its order). */
  repeatedKeys: readonly (readonly unknown[])[];
  /** The days the answer has rows for; null when its rows have no period (the record's gaps stay as they are). */
  answered: readonly IsoDate[] | null;
  /** The answer's rows for the window. */
  freshRows: number;
}

/** What the decision is made by, besides the fold: the store's days, the record's gaps, what the user accepted. */
export interface FoldedRules {
  when: PlanWhen;
  window: ReadWindow;
  /** The open gaps the table's record keeps (none where no record keeps them). */
  gaps: readonly DateRange[];
  /** The period (first day) of the last stored row before the window; null when there is none. */
  lastKept: IsoDate | null;
  /** The stored rows' period cells (the window's provisional days are among them), read through `dayCells`. */
  storedPeriods: readonly unknown[];
  dayCells: DayCells;
  /** Stored rows (indexes of the fold's stored side) by key in words, where the surface names them. */
  named?: (rows: readonly number[]) => string | undefined;
  /** What the user accepted of what the losses rule and the unit check found ("Refresh anyway", --anyway). */
  anyway?: boolean | RefreshApproval;
}

/** A window written: what the rules found and accepted, and what will be said once written. */
export interface FoldedWrite {
  kind: "write";
  /** What the rules found and accepted (rows removed, a unit change "Refresh anyway" accepted). */
  holds: Holds;
  /** The stored window against the answer, by key: the rows replaced, added and removed. */
  comparison: WindowComparison;
  /** Stored figures the answer empties (absent when none). */
  blanked?: BlankedFigures[];
  /** The dates the table has no rows for once written (what its record keeps), and those found just now. */
  gaps: DateRange[];
  newGaps: DateRange[];
  /** Stored days read while still provisional that the window no longer reaches (provisional.ts); said once. */
  provisional?: DateRange;
  /** What will be said once written: figures emptied, dates newly missing, an empty answer. */
  warnings: string[];
}

export type FoldedPlan =
  /** The losses rule or a unit change refuses the rewrite: nothing written, what they found reported. */
  { kind: "refused"; holds: Holds } | FoldedWrite;

/** Held, or written with what will be said of it (see the file's head). */
export function planFolded(w: FoldedWindow, r: FoldedRules): FoldedPlan {
  const { when } = r;
  const c = w.comparison;
  const holds = holdsOf(w, r.anyway, when, r.named?.(c.removedRows));
  if (holds.held) return { kind: "refused", holds };
  const days = when.days ?? when.today;
  const { gaps, newGaps } = gapsAfter(w, r);
  const provisional = provisionalLeft({
    lastRead: when.lastRead,
    start: r.window.start,
    storedPeriods: r.storedPeriods,
    dayCells: r.dayCells,
  });
  const warnings = [
    ...(provisional ? [provisionalText(provisional, days)] : []),
    ...(w.repeatedKeys.length > 0 ? [repeatedOf(w.repeatedKeys, when, r.named?.(c.repeated))] : []),
    ...(c.blanked.length > 0 ? [blankedText(c.blanked, when.timeframe, days)] : []),
    ...newGaps.map((g) => gapWarning(g, when.level, when.timeframe, days)),
    ...(w.freshRows === 0 ? [noRowsWarning(r.window.from, r.window.to, when.days)] : []),
  ];
  return {
    kind: "write",
    holds,
    comparison: c,
    ...(c.blanked.length > 0 ? { blanked: c.blanked } : {}),
    gaps,
    newGaps,
    ...(provisional ? { provisional } : {}),
    warnings,
  };
}

/** Rows that repeated a service row's key, in words, their periods counted. */
function repeatedOf(rows: readonly (readonly unknown[])[], when: PlanWhen, named?: string): string {
  const byPeriod = new Map<IsoDate, number>();
  for (const cells of rows) byPeriod.set(cells[0] as IsoDate, (byPeriod.get(cells[0] as IsoDate) ?? 0) + 1);
  const periods = [...byPeriod.keys()].sort().map((period) => ({ period, rows: byPeriod.get(period)! }));
  return repeatedText(periods, when.timeframe, when.days ?? when.today, named);
}

/**
 * The dates the table has no rows for once written (gaps.ts): the record's open gaps less the days re-read,
 * with those found now; and those found now that the record did not hold (each is named in a warning).
 */
function gapsAfter(w: FoldedWindow, { window: win, when, gaps: previous, lastKept }: FoldedRules) {
  if (w.answered === null) return { gaps: [...previous], newGaps: [] };
  const found = missingRanges({ timeframe: when.timeframe, lastKept, askedFrom: win.from, periods: w.answered });
  return {
    gaps: openGaps(previous, { from: win.start, to: win.to }, found),
    newGaps: found.filter((g) => !isCovered(g, previous)),
  };
}
