// The refresh window, decided: which days of a stored table are re-read (the anchor seven days before the last
// read, widened to a stored period's first day, the store-level daily retention), the day of the last read it
// starts from, and the last read a pull records. Pure; src/refresh reads the table's tail for it and the sync its
// stored periods. See docs/refresh.md for the same rules in a finance user's words.
import { addDays, addPeriods, dayOfTimestamp, daysBetween, periodStart, type DayCells, type IsoDate } from "../dates";
import { STORE_DAILY_RETENTION_DAYS, type Level, type Timeframe } from "../query/metrics";
import type { Query } from "../query/query";
import type { Cell } from "../answer/tabulate";

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
   * The days of the stored rows' periods, in table order: all of them, or a tail that reaches back to a row
   * before `anchorOf(...)` (see readPeriodTail). Null for a row without a day (a blank row), ignored.
   */
  storedPeriods: readonly (IsoDate | null)[];
}

export type RefreshWindow =
  | {
      kind: "window";
      /** The dates asked of the service. */
      from: IsoDate;
      to: IsoDate;
      /** First day of the window: every stored row whose period is on or after it is replaced. */
      start: IsoDate;
    }
  | { kind: "nothing"; reason: string; start: IsoDate; to: IsoDate };

/**
 * The oldest day that may differ from what the table holds: 7 days before the last read (or today). The rule the
 * window starts from.
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
 * The stored period whose days contain `day`, searching the sorted periods from the end.
 * Null when no stored row covers that day (an empty table, a gap, or a table that starts later).
 */
export function storedPeriodContaining(
  periods: readonly (IsoDate | null)[],
  day: IsoDate,
  timeframe: Timeframe,
): IsoDate | null {
  for (let i = periods.length - 1; i >= 0; i--) {
    const p = periods[i];
    if (p === null || p > day) continue;
    return day < periodEnd(p, timeframe) ? p : null;
  }
  return null;
}

const later = (a: IsoDate, b: IsoDate): IsoDate => (daysBetween(a, b) > 0 ? b : a);

/** The first day of the period after the table's last (latest) stored row; null when it has none. */
function periodAfterLast(periods: readonly (IsoDate | null)[], timeframe: Timeframe): IsoDate | null {
  let last: IsoDate | null = null;
  for (const p of periods) if (p !== null && (last === null || p > last)) last = p;
  return last === null ? null : periodEnd(last, timeframe);
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
    start = stored ?? periodStart(anchor, timeframe);
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
  return { kind: "window", from, to, start };
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
  storedPeriods: readonly (IsoDate | null)[],
): WindowInput {
  const { level, timeframe, from, to } = saved.query;
  return { today, level, timeframe, from, to, rolling: saved.rolling, lastRead, storedPeriods };
}

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
  /** How the table holds its days. */
  dayCells: DayCells;
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
  const last = pull.dayCells.dayOf(pull.values[pull.written - 1][pull.periodIndex]);
  if (last === null) return today;
  const resume = addDays(last, REVISION_DAYS);
  return resume < today ? resume : today;
}
