// The rewrite plan of a window held in a store of any size (a database table): the store answers three questions in
// days and rows, never in a workbook's shape, and the rules run as one fold over its answer to the second, so what
// the plan holds is counts per period, metric and retailer, never the window. The same decision as a workbook's
// (foldedPlan.ts), and the same words.
import { ISO_DAY_CELLS, type DateRange, type IsoDate } from "../dates";
import type { ReadWindow } from "./answerLayout";
import { planFolded, type FoldedWrite, type PlanWhen } from "./foldedPlan";
import type { Holds } from "./holds";
import { completeWhenRead, totalsChanges, type MetricChange } from "./revisions";
import { levelFrom, type RefreshApproval } from "./unitChange";
import { LevelReader } from "./unitTally";
import { keptRetailerRowsWarning, keptRowsWarning } from "./warnings";
import { KeyOrderFeed, WindowFold, type FoldRow, type PeriodCount, type WindowPair } from "./windowFold";

/** What the plan asks of the store that holds the table. */
export interface WindowStore {
  /** The stored periods before the window's first day, in date order, with their rows. */
  before: readonly PeriodCount[];
  /**
   * The window's stored rows and the answer's, joined by the row key, in key order, chunk by chunk: each chunk is
   * folded before the next is asked for (a store may write what it learnt of one chunk before reading the next).
   */
  window(): AsyncIterable<readonly WindowPair[]>;
  /** The stored rows from a settled day up to the window's first day: a narrow window's level (few rows). */
  settled(from: IsoDate): AsyncIterable<readonly FoldRow[]>;
}

/** The question: the table's window, the answer's rows in it, and the rules' settings. */
export interface WindowQuestion {
  when: PlanWhen;
  window: ReadWindow;
  /** The metrics' names, in the order of the rows' metric cells. */
  metrics: readonly string[];
  /** A table of several retailers: the retailers read, and where the retailer is in a row's key cells. */
  retailers?: { names: readonly string[]; keyAt: number };
  /** Rows the store holds from the window's first day on, and the answer's rows for the window. */
  storedRows: number;
  freshRows: number;
  /** The open gaps the table's record keeps (none where no record keeps them). */
  gaps?: readonly DateRange[];
  anyway?: boolean | RefreshApproval;
}

export type WindowPlan =
  /** The answer is empty where the store holds rows (or, several retailers, for one of them): nothing written. */
  | { kind: "keep"; warnings: string[] }
  /** The losses rule or a unit change refuses the rewrite: nothing written, what they found reported. */
  | { kind: "refused"; holds: Holds }
  /** Written: what was decided, and each metric's total over the re-read dates before and after. */
  | (FoldedWrite & { changes: MetricChange[] });

/** The plan of a window (see the file's head): kept, refused or written. */
export async function planWindow(store: WindowStore, q: WindowQuestion): Promise<WindowPlan> {
  const { when, window: win } = q;
  if (q.freshRows === 0 && q.storedRows > 0)
    return { kind: "keep", warnings: [keptRowsWarning(win.from, win.to, q.storedRows, when.days)] };
  const complete = completeWhenRead(when.lastRead, when.timeframe);
  const fold = new WindowFold({ metrics: q.metrics, retailerAt: q.retailers?.keyAt, complete, totalsFrom: win.start });
  const feed = new KeyOrderFeed(fold);
  for await (const chunk of store.window()) for (const pair of chunk) feed.add(pair);
  const left = (q.retailers?.names ?? [])
    .filter((r) => fold.freshRows(r) === 0 && fold.storedRows(r) > 0)
    .map((r) => ({ retailer: r, storedRows: fold.storedRows(r) }));
  if (left.length > 0) return { kind: "keep", warnings: [keptRetailerRowsWarning(win.from, win.to, left, when.days)] };
  const levels = fold.narrow ? await levelsOf(store, fold, q.metrics.length) : undefined;
  const comparison = fold.comparison();
  const periods = store.before.map((p) => p.period);
  const plan = planFolded(
    {
      comparison,
      unitChanges: fold.unitChanges(levels),
      repeatedKeys: fold.repeatedKeys,
      answered: fold.answeredPeriods,
      freshRows: q.freshRows,
    },
    {
      when,
      window: win,
      gaps: q.gaps ?? [],
      lastKept: periods.at(-1) ?? null,
      storedPeriods: periods,
      dayCells: ISO_DAY_CELLS,
      anyway: q.anyway,
    },
  );
  if (plan.kind !== "write") return plan;
  return { ...plan, changes: totalsChanges(q.metrics, win.start, fold.before!, fold.after!, complete) };
}

/** A narrow window's levels: the settled rows of the keys whose few changed rows are judged by them. */
async function levelsOf(store: WindowStore, fold: WindowFold, metrics: number) {
  const keys = fold.levelKeys();
  const from = levelFrom(store.before.map((p) => p.period));
  if (keys.size === 0 || from === undefined) return undefined;
  const reader = new LevelReader(metrics, keys);
  for await (const rows of store.settled(from)) for (const row of rows) reader.add(row.keys, row.metrics);
  return reader.levels;
}
