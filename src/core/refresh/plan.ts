// The plan of a refresh, decided before anything is written: from the answer alone, whether the table is kept
// (an empty answer where it holds rows) and which stored cells to compare; from those cells, whether the losses
// rule or a unit change holds it, and otherwise what is written and what will be said of it (rows replaced,
// added and removed, figures emptied, missing dates and the record's open gaps). After the write, what the
// revision changed. Pure, and run in one sequence by planRewrite.ts, which both the refresh (src/refresh, on a
// workbook's table) and the sync (src/sync, on a database table) call: the same rules for any store of a table's rows.
import type { DateRange, IsoDate } from "../dates";
import { RETAILER_COLUMN } from "../answer/retailersTable";
import type { ReadWindow } from "./answerLayout";
import { subtractRange } from "./gaps";
import { planFolded, type FoldedWrite, type PlanWhen } from "./foldedPlan";
import type { Holds } from "./holds";
import { completeWhenRead, metricColumns, windowChanges, type MetricChange, type WindowRows } from "./revisions";
import { checkWindow, levelFrom, narrowWindow, type RefreshApproval } from "./unitChange";
import { keyCellsOf, keyColumns, rowKey } from "./userColumns";
import { keysText, placeUserRows, userRowsOf, userRowsText, type KeptRow } from "./userRows";
import { writtenKeys, type WrittenKeys } from "./writtenKeys";
import { keptRetailerRowsWarning, keptRowsWarning, noRetailerColumnText, stillMissingWarning } from "./warnings";
import { keptCount, lastKeptPeriod, planForAnswer, retailersLeftEmpty, type StoredTail } from "./storedTail";
import type { TableShape } from "./tableLayout";
import type { DaysOf } from "../words";

/** What a refresh plans on: the window, the stored table's tail, the answer laid onto it, the record's gaps. */
export interface PlanInput {
  tableName: string;
  /** The service's today, the day of the last read, and the query's level and timeframe. */
  when: PlanWhen;
  window: ReadWindow;
  /**
   * The stored table's tail, with how the store holds a day in a cell (which the answer's rows, laid for the store,
   * and the stored rows read share); a table of several retailers: each tail row's retailer (undefined: no such column).
   */
  tail: StoredTail & { retailers?: readonly unknown[] };
  several: boolean;
  answer: PlanAnswer;
  /** A table of several retailers: the retailers read (each one's rows in the answer are counted here). */
  retailers?: readonly { retailer: string }[];
  /** The open gaps the table's record keeps. */
  gaps: readonly DateRange[];
  /**
   * What the add-in wrote into the table's recent periods (writtenKeys.ts): a stored row of the window whose key it
   * never wrote and the answer does not have is the user's, kept and named (userRows.ts), and the rows removed are
   * named by key. null: a table written before that record existed (every stored row is the add-in's; the write
   * records it). Absent: a store without rows of the user's (the database): nothing kept, nothing recorded.
   */
  written?: WrittenKeys | null;
}

/** The answer's rows for the window as the plan reads them: plain rows, the period column first among their keys. */
export interface PlanAnswer {
  /** The window's rows (columns with their kinds), in period order. */
  data: TableShape;
  /** Index of the period in `data.columns`. */
  periodIndex: number;
}

/** The stored cells the plan compares with the answer: body rows `from` to the end, the cells of `fields`. */
export interface StoredCells {
  from: number;
  fields: string[];
  /**
   * Of the rows from `from`, how many come before the window: a narrow window's last settled periods, whose
   * figures are the level its unit check also judges by (unitChange.ts narrowWindow); 0 for any other window.
   */
  settled: number;
}

/** The stored cells as read (StoredCells' fields): the window's rows and, a narrow window, the settled rows before it. */
export interface StoredRows {
  window: readonly (readonly unknown[])[];
  settled?: readonly (readonly unknown[])[];
}

/** What the stored cells decide: refused by the losses rule or a unit change, or written. */
export type StoredPlan =
  /** The losses rule or a unit change refuses the rewrite: nothing written, what they found reported. */
  { kind: "refused"; holds: Holds } | WritePlan;

/** A workbook's write: the store's decision (foldedPlan.ts) with what only a workbook keeps. */
export interface WritePlan extends FoldedWrite {
  /** The table as read: the window's first row and the body rows (the write refuses a table changed since). */
  expect: { cutAt: number; count: number };
  /** The metric columns whose old cells the write returns, for the revision. */
  readBefore: string[];
  /** The user's rows of the window, kept: each stored row's index (from the window's first row) and its place in the rows written. */
  kept: KeptRow[];
  /** The kept rows in words ("kept your row ADJ, 16-22 Nov"), absent when none. */
  userRows?: { rows: number; text: string };
  /** What the add-in writes now, to be saved with the rows (absent where nothing is recorded: the database). */
  record?: WrittenKeys;
}

/**
 * The plan from the answer alone: kept (an empty answer where the table holds rows; several retailers, an empty
 * answer for one that has rows there), refused (several retailers, no retailer column), or the stored cells to
 * compare (none: no key to compare by, or no stored row in the window).
 */
export function planFromAnswer(
  input: PlanInput,
):
  | { kind: "keep"; warnings: string[] }
  | { kind: "refused"; reason: string }
  | { kind: "compare"; cells?: StoredCells } {
  const { tail, window: win, answer } = input;
  const plan = planForAnswer(tail, win.start, answer.data.values.length);
  if (plan.kind === "keep")
    return { kind: "keep", warnings: [keptRowsWarning(win.from, win.to, plan.storedRows, input.when.days)] };
  if (input.several) {
    if (!tail.retailers) return { kind: "refused", reason: noRetailerColumnText(input.tableName) };
    const left = retailersLeftEmpty({ ...tail, retailers: tail.retailers }, win.start, answeredRows(input));
    if (left.length > 0)
      return { kind: "keep", warnings: [keptRetailerRowsWarning(win.from, win.to, left, input.when.days)] };
  }
  const { keys, metrics, others } = columnsCompared(answer);
  const from = cutAtOf(input);
  if (keys.length === 0 || from >= tail.count) return { kind: "compare" };
  const fields = [...keys, ...metrics, ...others].map((c) => answer.data.columns[c].name);
  const settled = settledRowsOf(input);
  return { kind: "compare", cells: { from: from - settled, fields, settled } };
}

/**
 * A narrow window: the tail's rows of the last settled periods before it, which the unit check reads for each key's
 * level (unitChange.ts); 0 for a wider window, or none before it.
 */
function settledRowsOf({ tail, window: win, when }: PlanInput): number {
  const kept = keptCount(tail, win.start);
  const days = tail.periods.map((p) => tail.dayCells.dayOf(p));
  const complete = completeWhenRead(when.lastRead, when.timeframe);
  if (!narrowWindow(days.slice(kept), complete, tail.retailers?.slice(kept))) return 0;
  const first = levelFrom(days.slice(0, kept));
  if (first === undefined) return 0;
  return kept - days.findIndex((p) => p !== null && p >= first);
}

/**
 * The plan from the stored cells of the window (as planFromAnswer asked: each row's key cells, then its metric
 * cells; none when it asked for none) against the answer's rows: held by the losses rule or a unit change
 * (unless `anyway` accepts what they found), else written.
 */
export function planFromStored(input: PlanInput, read: StoredRows, anyway?: boolean | RefreshApproval): StoredPlan {
  const { answer, when } = input;
  const { data } = answer;
  const { keys, metrics, others } = columnsCompared(answer);
  const retailerAt = input.several ? keys.findIndex((c) => data.columns[c].name === RETAILER_COLUMN) : -1;
  const [nk, nm] = [keys.length, metrics.length];
  const { dayCells } = input.tail;
  const side = (rows: readonly (readonly unknown[])[]): Side => ({
    keys: rows.map((r) => keyCellsOf(r.slice(0, nk), dayCells)),
    metrics: rows.map((r) => r.slice(nk, nk + nm)),
    others: rows.map((r) => r.slice(nk + nm)),
  });
  const fresh = {
    keys: data.values.map((r) =>
      keyCellsOf(
        keys.map((c) => r[c]),
        dayCells,
      ),
    ),
    metrics: data.values.map((r) => metrics.map((m) => r[m])),
    others: data.values.map((r) => others.map((o) => r[o])),
  };
  const rows = splitUsers(input, side(read.window), fresh);
  const check = checkWindow({
    stored: rows.stored,
    ...(read.settled && read.settled.length > 0 ? { settled: side(read.settled) } : {}),
    fresh,
    metrics: metrics.map((m) => data.columns[m].name),
    retailerAt: retailerAt >= 0 ? retailerAt : undefined,
    complete: completeWhenRead(when.lastRead, when.timeframe),
  });
  const pi = answer.periodIndex;
  const folded = planFolded(
    {
      ...check,
      repeatedKeys: check.comparison.repeated.map((i) => rows.stored.keys[i]),
      answered: pi < 0 ? null : data.values.flatMap((r) => dayCells.dayOf(r[pi]) ?? []),
      freshRows: data.values.length,
    },
    {
      when,
      window: input.window,
      gaps: input.gaps,
      lastKept: lastKeptPeriod(input.tail, input.window.start),
      storedPeriods: input.tail.periods,
      dayCells,
      named: rows.named,
      anyway,
    },
  );
  if (folded.kind !== "write") return folded;
  return writePlan(input, folded, rows, fresh.keys);
}

/** One side of the window: each row's key, metric and other service cells. */
interface Side {
  keys: (readonly unknown[])[];
  metrics: (readonly unknown[])[];
  others: (readonly unknown[])[];
}

/** The stored window split: the user's rows (indexes in the window) and the service's rows the rules compare. */
interface SplitRows {
  tracked: boolean;
  users: number[];
  /** The user's rows' key cells, in the order of `users`. */
  userKeys: (readonly unknown[])[];
  stored: Side;
  /** Rows of `stored` by key ("100002, 16-22 Nov; ..."), where the surface names them; undefined where it does not. */
  named: (rows: readonly number[]) => string | undefined;
}

/** The user's rows are not the service's: kept, and left out of the losses, the unit check and the revision. */
function splitUsers(input: PlanInput, window: Side, fresh: Side): SplitRows {
  const tracked = input.written !== undefined;
  const users = tracked ? userRowsOf({ record: input.written ?? null, stored: window.keys, fresh: fresh.keys }) : [];
  const mine = new Set(users);
  const theirs = window.keys.flatMap((_, i) => (mine.has(i) ? [] : [i]));
  const stored = {
    keys: theirs.map((i) => window.keys[i]),
    metrics: theirs.map((i) => window.metrics[i]),
    others: theirs.map((i) => window.others[i]),
  };
  const { timeframe, today } = input.when;
  const named = (rows: readonly number[]) =>
    tracked && rows.length > 0
      ? keysText(
          rows.map((i) => stored.keys[i]),
          timeframe,
          input.when.days ?? today,
        )
      : undefined;
  return { tracked, users, userKeys: users.map((i) => window.keys[i]), stored, named };
}

/** What a workbook writes besides the store's decision: where the user's rows go, and the record of the keys. */
function writePlan(
  input: PlanInput,
  folded: FoldedWrite,
  rows: SplitRows,
  freshKeys: readonly (readonly unknown[])[],
): WritePlan {
  const { answer, when } = input;
  const { data } = answer;
  const pi = answer.periodIndex;
  const kept = placeUserRows(
    data.values.map((r) => (pi >= 0 ? input.tail.dayCells.dayOf(r[pi]) : undefined)),
    rows.users.map((row, k) => ({ row, period: rows.userKeys[k][0] as IsoDate })),
  );
  const said = rows.users.length > 0 ? userRowsText(rows.userKeys, when.timeframe, when.days ?? when.today) : undefined;
  return {
    ...folded,
    expect: { cutAt: cutAtOf(input), count: input.tail.count },
    readBefore: metricColumns(data.columns).map((m) => data.columns[m].name),
    kept,
    ...(said ? { userRows: { rows: rows.users.length, text: said } } : {}),
    ...(rows.tracked ? { record: recordOf(input.window.start, freshKeys, rows.stored.keys) } : {}),
  };
}

/**
 * The record saved with the rows: the keys written now and the keys of the service's rows the table held in the
 * window, from the window's first period on. Saved in the same commit as the rows, so a failure between them (Excel
 * applies a batch's actions in order and does not roll back) leaves a record that names every row of the add-in's
 * whichever window the table then holds: the old one's keys or the new one's. From the window's first period (not
 * the period of today - 7, where the next refresh starts once the saved query has this read's day): the saved query
 * is written after the commit, and a failure between them leaves the next refresh starting where this one did.
 */
function recordOf(
  start: IsoDate,
  fresh: readonly (readonly unknown[])[],
  stored: readonly (readonly unknown[])[],
): WrittenKeys {
  const keyed = [...fresh, ...stored].flatMap((cells) => {
    const key = rowKey(cells);
    return key === null ? [] : [{ period: cells[0] as IsoDate, key }];
  });
  return writtenKeys(start, keyed);
}

/**
 * What the revision changed: each metric's total over the re-read dates in the old window's cells (as the write
 * took them out: `before`, cells of the plan's readBefore) and in the rows written.
 */
export function revisionOf(
  input: PlanInput,
  before: WindowRows | undefined,
  /** The user's rows kept (indexes from the window's first row): not the service's, so not revised. */
  users: readonly number[] = [],
): MetricChange[] {
  const { data, periodIndex: pi } = input.answer;
  if (!before || pi < 0) return [];
  const skip = new Set(users);
  const dayOf = (p: unknown) => input.tail.dayCells.dayOf(p);
  const old = {
    periods: before.periods.flatMap((p, i) => (skip.has(i) ? [] : [dayOf(p)])),
    values: before.values.filter((_, i) => !skip.has(i)),
  };
  const metrics = metricColumns(data.columns);
  const after = {
    periods: data.values.map((r) => dayOf(r[pi])),
    values: data.values.map((r) => metrics.map((m) => r[m])),
  };
  const complete = completeWhenRead(input.when.lastRead, input.when.timeframe);
  const names = metrics.map((m) => data.columns[m].name);
  return windowChanges(names, input.window.start, old, after, complete);
}

/**
 * Missing dates are named until a refresh gets rows for them: the open gaps not named just now (`named`), in one
 * line. Undefined when there are none.
 */
export function stillMissingOf(gaps: readonly DateRange[], named: readonly DateRange[], days: DaysOf) {
  const still = named.reduce((rest, g) => subtractRange(rest, g), [...gaps]);
  return still.length > 0 ? stillMissingWarning(still, days) : undefined;
}

/**
 * The key columns (period first) and the metric columns of the answer: what the stored window is compared by; and
 * its other columns (names, other codes, comparison %), read too so a refresh can tell rows that are all as before.
 */
function columnsCompared(answer: PlanInput["answer"]): { keys: number[]; metrics: number[]; others: number[] } {
  const keys = keyColumns(answer.data.columns, answer.periodIndex);
  const metrics = metricColumns(answer.data.columns);
  const taken = new Set([...keys, ...metrics]);
  const others = answer.data.columns.flatMap((_, i) => (taken.has(i) ? [] : [i]));
  return { keys, metrics, others };
}

/** The window's first row as the tail placed it: the rows compared are the rows the write replaces. */
const cutAtOf = ({ tail, window: win }: PlanInput): number => tail.offset + keptCount(tail, win.start);

/** Each retailer's rows among those the refresh would write (rows dated before the window are not written). */
function answeredRows({ answer, retailers }: PlanInput): { retailer: string; rows: number }[] {
  const at = answer.data.columns.findIndex((c) => c.name === RETAILER_COLUMN);
  return (retailers ?? []).map(({ retailer }) => ({
    retailer,
    rows: at < 0 ? 0 : answer.data.values.filter((r) => r[at] === retailer).length,
  }));
}
