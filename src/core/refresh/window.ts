// Refresh, decided: which window of a stored table is re-read (and the day of the last read it starts from),
// how the service's answer is laid onto the stored header, whether it is written, and how its rows are counted.
// Pure; the workbook and the network are elsewhere (src/refresh wires them, src/excel writes). See
// docs/refresh.md for the same rules in a finance user's words.
import {
  addDays,
  addPeriods,
  dayOfTimestamp,
  daysBetween,
  excelSerial,
  fromExcelSerial,
  periodStart,
  type IsoDate,
} from "../dates";
import { STORE_DAILY_RETENTION_DAYS, type Level, type Timeframe } from "../metrics";
import type { Query } from "../query/query";
import type { Cell, Column, ColumnKind } from "../answer/tabulate";
import { sameHeader } from "./userColumns";

/** Served on day T, the days T-1 .. T-7 may still be revised (spec: "the previous 4 to 7 days"). */
const REVISION_DAYS = 7;

export interface WindowInput {
  /** The service's today. */
  today: IsoDate;
  level: Level;
  timeframe: Timeframe;
  /** The query's dates. `to` is ignored for a rolling ("Up to today") query. */
  from: IsoDate;
  to: IsoDate;
  rolling: boolean;
  /**
   * The service's today when the table was last read (pulled or refreshed). The days that were still
   * provisional then (lastRead-7 .. lastRead-1) may have changed since, so the window reaches back to them.
   * Unknown: today is assumed.
   */
  lastRead?: IsoDate;
  /**
   * Period values (Excel serials) of the stored rows, in table order: all of them, or a tail that reaches back
   * to a row before `anchorOf(...)` (see readPeriodTail). Non-numbers (blank rows) are ignored.
   */
  storedPeriods: readonly unknown[];
}

export type RefreshWindow =
  | {
      kind: "window";
      /** The dates asked of the service. */
      from: IsoDate;
      to: IsoDate;
      /** First day of the window: every stored row whose period is on or after it is replaced. */
      start: IsoDate;
      /** `start` as an Excel serial (what the period column holds). */
      cutoff: number;
    }
  | { kind: "nothing"; reason: string; start: IsoDate; to: IsoDate };

/**
 * The oldest day that may differ from what the table holds: 7 days before the last read (or today). The rule the
 * window starts from; a rule of this module's interface, tested on its own (test/refresh/core.property.test.ts).
 * @public
 */
export function anchorOf(today: IsoDate, lastRead?: IsoDate): IsoDate {
  const read = lastRead && daysBetween(lastRead, today) >= 0 ? lastRead : today;
  return addDays(read, -REVISION_DAYS);
}

/** The first day after the period that starts on `start`. */
export function periodEnd(start: IsoDate, timeframe: Timeframe): IsoDate {
  return addPeriods(start, timeframe, 1);
}

/**
 * The stored row period (serial) whose period contains `day`, searching the sorted periods from the end.
 * Null when no stored row covers that day (an empty table, a gap, or a table that starts later).
 */
export function storedPeriodContaining(periods: readonly unknown[], day: IsoDate, timeframe: Timeframe): number | null {
  const target = excelSerial(day);
  for (let i = periods.length - 1; i >= 0; i--) {
    const p = periods[i];
    if (typeof p !== "number") continue;
    if (p > target) continue;
    const end = excelSerial(periodEnd(fromExcelSerial(p), timeframe));
    return target < end ? p : null;
  }
  return null;
}

const later = (a: IsoDate, b: IsoDate): IsoDate => (daysBetween(a, b) > 0 ? b : a);

/**
 * The first day of the period after the table's last (latest) stored row; null when it has none.
 * A rule of this module's interface, tested on its own (test/refresh/core.property.test.ts).
 * @public
 */
export function periodAfterLast(periods: readonly unknown[], timeframe: Timeframe): IsoDate | null {
  let last = -Infinity;
  for (const p of periods) if (typeof p === "number" && p > last) last = p;
  return Number.isFinite(last) ? periodEnd(fromExcelSerial(last), timeframe) : null;
}

/**
 * The window a refresh re-reads.
 *
 * - anchor = (the last read, or today) - 7 days: the oldest day the service may have revised since.
 * - start = the first day of the stored period that contains the anchor (daily: the anchor itself), so a
 *   weekly or monthly row is only ever replaced by a whole-period total. No stored row contains it (empty
 *   table, a gap): the calendar's period start (weeks from Monday, months from the 1st).
 * - never after the period that follows the table's last row: a table that ends before the anchor (the
 *   service had nothing for its last days when it was read) is read again from where it ends, so what it
 *   lacks is asked for again. (A Get data stopped part way needs no help here: its record's last read is put
 *   back to the last period written + 7 days, lastReadAfterPull, so the anchor already reaches that period.)
 * - store-level daily: never before today - 14 (the service's retention); older rows are the only copy.
 * - the dates asked: from max(start, query from) to today (rolling) or the query's `to`; a fixed query that
 *   ends before the window has nothing to refresh.
 */
export function refreshWindow(input: WindowInput): RefreshWindow {
  const { today, timeframe } = input;
  const anchor = anchorOf(today, input.lastRead);
  let start: IsoDate;
  if (timeframe === "daily") {
    start = anchor;
  } else {
    // No stored row contains the anchor: the calendar's period start.
    const stored = storedPeriodContaining(input.storedPeriods, anchor, timeframe);
    start = stored !== null ? fromExcelSerial(stored) : periodStart(anchor, timeframe);
  }
  const resume = periodAfterLast(input.storedPeriods, timeframe);
  if (resume !== null && daysBetween(resume, start) > 0) start = resume;
  if (input.level === "store" && timeframe === "daily") {
    const earliest = addDays(today, -STORE_DAILY_RETENTION_DAYS);
    if (daysBetween(start, earliest) > 0) start = earliest;
  }
  // The service has nothing after its today: a query whose dates run past it is read up to it.
  const to = input.rolling || daysBetween(today, input.to) > 0 ? today : input.to;
  // A daily table that starts inside the window: no stored row is older than `from`.
  if (timeframe === "daily" && daysBetween(start, input.from) > 0) start = input.from;
  const from = later(start, input.from);
  if (daysBetween(anchor, to) < 0 || daysBetween(from, to) < 0) {
    return {
      kind: "nothing",
      start,
      to,
      reason:
        `This table's dates end on ${to}; the service has not revised anything up to that day since the table ` +
        "was last read, so its figures are final and there is nothing to refresh.",
    };
  }
  return { kind: "window", from, to, start, cutoff: excelSerial(start) };
}

/** Which window a refresh re-reads, given the stored table: refreshWindow in the add-in. */
export type WindowRule = (input: WindowInput) => RefreshWindow;

/**
 * The window rule's input for a saved query, the service's today, the day of the last read and the stored periods.
 */
export function windowInputOf(
  saved: { query: Pick<Query, "level" | "timeframe" | "from" | "to">; rolling: boolean },
  today: IsoDate,
  lastRead: IsoDate,
  storedPeriods: readonly unknown[],
): WindowInput {
  const { level, timeframe, from, to } = saved.query;
  return { today, level, timeframe, from, to, rolling: saved.rolling, lastRead, storedPeriods };
}

/** How far back (an Excel serial) a tail read reaches: far enough to find the stored period containing the anchor and a row before the window. */
export const tailReach = (today: IsoDate, lastRead: IsoDate): number => excelSerial(anchorOf(today, lastRead)) - 40;

/** What a saved table's record tells about its last read. */
export interface ReadRecord {
  /** The service's today when the table was last read. */
  lastRead?: IsoDate;
  /** When it was last refreshed (ISO timestamp); records written before `lastRead` existed have only this. */
  lastRefreshedAt?: string;
}

/** The day of the last read: the record's `lastRead`, else the date of `lastRefreshedAt` (not after today), else today. */
export function lastReadOf(record: ReadRecord, today: IsoDate): IsoDate {
  if (record.lastRead) return record.lastRead;
  const d = dayOfTimestamp(record.lastRefreshedAt ?? "");
  return d && d <= today ? d : today;
}

/** A first pull as written: the table's rows (in period order) and how many of them reached the sheet. */
export interface WrittenPull {
  values: readonly (readonly Cell[])[];
  /** Index of the period column; -1 when there is none. */
  periodIndex: number;
  /** Rows written (whole rows, from the first). */
  written: number;
  complete: boolean;
}

/**
 * The day of the last read a pull records: today. A pull stopped part way (cancelled, or Excel failed between
 * blocks) holds whole rows up to some period: then the last read is put back to that period + 7 days (when
 * earlier than today), so the next refresh's window reaches back to the last period written and completes the
 * table.
 */
export function lastReadAfterPull(today: IsoDate, pull: WrittenPull): IsoDate {
  if (pull.complete || pull.periodIndex < 0 || pull.written <= 0) return today;
  const last = pull.values[pull.written - 1][pull.periodIndex];
  if (typeof last !== "number") return today;
  const resume = addDays(fromExcelSerial(last), REVISION_DAYS);
  return resume < today ? resume : today;
}

/**
 * Stable sort of rows by their period (Excel serials), non-numeric periods last; already-sorted input is returned as is.
 * A rule of this module's interface, tested on its own (test/refresh/core.property.test.ts).
 * @public
 */
export function sortByPeriod<R extends readonly Cell[]>(rows: readonly R[], periodIndex: number): R[] {
  const key = (r: R): number => {
    const v = r[periodIndex];
    return typeof v === "number" ? v : Infinity;
  };
  let sorted = true;
  for (let i = 1; i < rows.length && sorted; i++) sorted = key(rows[i - 1]) <= key(rows[i]);
  if (sorted) return rows as R[];
  return rows
    .map((r, i) => ({ r, i, k: key(r) }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map((x) => x.r);
}

export interface TableShape {
  columns: Column[];
  values: Cell[][];
}

/** Index of the period column: by name, else the first date column. -1 when there is none. */
export function periodIndexOf(columns: readonly Column[], periodColumn?: string): number {
  if (periodColumn) {
    const i = columns.findIndex((c) => c.name === periodColumn);
    if (i >= 0) return i;
  }
  return columns.findIndex((c) => c.kind === "date");
}

/** What a table holds, as written on first pull and on every refresh: tabulated rows in period order. */
export function tableContents(data: TableShape, periodColumn?: string): TableShape {
  const p = periodIndexOf(data.columns, periodColumn);
  return p < 0 ? data : { columns: data.columns, values: sortByPeriod(data.values, p) };
}

export interface HeaderMapping extends TableShape {
  /** Stored columns the service did not send this time: their cells in the window are left empty. */
  missing: string[];
  /** Columns the service sent that the stored table does not have: left out (the table's columns never change). */
  extra: string[];
}

/**
 * Lays fresh data onto the stored table's header (Excel keeps header names unique case-insensitively).
 * `storedKinds` (from the stored cells' formats) is used for columns the fresh data lacks.
 */
export function mapToHeader(
  header: readonly string[],
  fresh: TableShape,
  storedKinds: readonly (ColumnKind | undefined)[] = [],
): HeaderMapping {
  const used = new Set<number>();
  const sources = header.map((h) => {
    let i = fresh.columns.findIndex((c, j) => !used.has(j) && c.name === h);
    if (i < 0) i = fresh.columns.findIndex((c, j) => !used.has(j) && sameHeader(c.name, h));
    if (i >= 0) used.add(i);
    return i;
  });
  const columns: Column[] = header.map((name, k) => ({
    name,
    kind: sources[k] >= 0 ? fresh.columns[sources[k]].kind : (storedKinds[k] ?? "decimal"),
  }));
  const values = fresh.values.map((row) => sources.map((s) => (s >= 0 ? row[s] : null)));
  return {
    columns,
    values,
    missing: header.filter((_, k) => sources[k] < 0),
    extra: fresh.columns.filter((_, j) => !used.has(j)).map((c) => c.name),
  };
}

/** Fresh rows that belong in the window (period on or after the cut-off), in period order, and how many were left out. */
export function windowRows(
  fresh: TableShape,
  periodIndex: number,
  cutoff: number,
): { values: Cell[][]; early: number } {
  const sorted = periodIndex < 0 ? fresh.values : sortByPeriod(fresh.values, periodIndex);
  if (periodIndex < 0) return { values: sorted, early: 0 };
  const values = sorted.filter((r) => !(typeof r[periodIndex] === "number" && (r[periodIndex] as number) < cutoff));
  return { values, early: sorted.length - values.length };
}

/** Number formats back to column kinds (for stored columns the service no longer sends). */
export function kindOfFormat(format: string | undefined, formats: Record<ColumnKind, string>): ColumnKind | undefined {
  if (!format) return undefined;
  const hit = (Object.keys(formats) as ColumnKind[]).find((k) => formats[k] === format);
  return hit;
}

/** Rows before the cut: every row up to the last one whose period is a number below `cutoff` (rows are in period order). */
export function keptCount(periods: readonly unknown[], cutoff: number): number {
  for (let i = periods.length - 1; i >= 0; i--) {
    const v = periods[i];
    if (typeof v === "number" && v < cutoff) return i + 1;
  }
  return 0;
}

/** The period (first day) of the last stored row before the cut-off (rows in period order); null when there is none. */
export function lastKeptPeriod(periods: readonly unknown[], cutoff: number): IsoDate | null {
  const k = keptCount(periods, cutoff);
  const p = periods[k - 1];
  return k > 0 && typeof p === "number" ? fromExcelSerial(p) : null;
}

/** The tail of a stored table's period column, as src/excel's readPeriodTail reads it: body rows offset .. count-1. */
export interface StoredTail {
  /** Body rows of the table. */
  count: number;
  /** Index (in the body) of the first period in `periods`. */
  offset: number;
  periods: readonly unknown[];
}

/** Stored rows from the cut-off on (those a refresh replaces). A table holding only one blank row has none. */
function storedRowsInWindow(tail: StoredTail, cutoff: number): number {
  const kept = tail.offset + keptCount(tail.periods, cutoff);
  const blankOnly = tail.count === 1 && kept === 0 && tail.periods.every((v) => v === "" || v === null);
  return blankOnly ? 0 : tail.count - kept;
}

/** What a refresh does with the service's answer for its window. */
export type AnswerPlan =
  /** Replace the stored rows from the cut-off on with the answer's rows. */
  | { kind: "write" }
  /** The service returned nothing for a window that holds `storedRows` rows: they are kept, nothing is written. */
  | { kind: "keep"; storedRows: number };

/** Nothing is deleted on an empty answer: an answer with no rows for a window that holds stored rows is not written. */
export function planForAnswer(tail: StoredTail, cutoff: number, freshRows: number): AnswerPlan {
  const storedRows = storedRowsInWindow(tail, cutoff);
  return freshRows === 0 && storedRows > 0 ? { kind: "keep", storedRows } : { kind: "write" };
}

/**
 * A table of several retailers: the retailers the answer has no rows for where the table holds rows of theirs
 * from the cut-off on. Each retailer is kept as a table of its own would be (planForAnswer): an empty answer
 * does not delete its rows, so the refresh writes nothing. `retailers` are the stored rows' retailer cells,
 * beside `tail.periods`; `answered` each retailer's rows in the answer.
 */
export function retailersLeftEmpty(
  tail: StoredTail & { retailers: readonly unknown[] },
  cutoff: number,
  answered: readonly { retailer: string; rows: number }[],
): { retailer: string; storedRows: number }[] {
  const stored = new Map<string, number>();
  for (let i = keptCount(tail.periods, cutoff); i < tail.retailers.length; i++) {
    const r = String(tail.retailers[i] ?? "");
    stored.set(r, (stored.get(r) ?? 0) + 1);
  }
  return answered
    .filter((a) => a.rows === 0 && (stored.get(a.retailer) ?? 0) > 0)
    .map((a) => ({ retailer: a.retailer, storedRows: stored.get(a.retailer)! }));
}

/** What replaceTail (src/excel) reports: stored rows taken out of the window, fresh rows written, rows before it. */
export interface TailChange {
  removed: number;
  added: number;
  kept: number;
}

/** A refresh's rows, as the outcome tells them. */
export interface RowCounts {
  /** Stored rows of the window whose place a fresh row took. */
  rowsReplaced: number;
  /** Fresh rows beyond the stored rows of the window. */
  rowsAdded: number;
  /** Stored rows of the window left over (the service no longer returns them). */
  rowsRemoved: number;
  /** Rows of the table after the refresh. */
  rows: number;
}

export function rowCounts(change: TailChange): RowCounts {
  const replaced = Math.min(change.removed, change.added);
  return {
    rowsReplaced: replaced,
    rowsAdded: change.added - replaced,
    rowsRemoved: change.removed - replaced,
    rows: Math.max(change.kept + change.added, 0),
  };
}
