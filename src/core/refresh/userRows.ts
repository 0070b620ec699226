// Rows of the user's inside a refresh's window (a finance user's adjustment, SKU ADJ, typed into the week of 16
// Nov): a stored row whose key the add-in never wrote (writtenKeys.ts) is the user's. It is kept, in its period
// after the service's rows of that period, named in the summary, and never counted as a loss or a revision. A row
// whose key the service sends is the service's and is replaced, whoever typed it. Pure.
import { addDays, addPeriods, compareDays, isIsoDate, type IsoDate } from "../dates";
import type { Timeframe } from "../query/metrics";
import { dayWordsOf, plural, type DaysOf } from "../words";
import { rowKey } from "./userColumns";
import { decodeHashes, hashSum, keyHash, type WrittenKeys, type WrittenPeriod } from "./writtenKeys";

export interface UserRowsInput {
  /** What the add-in wrote; null: a table written before the record existed (every stored row is the add-in's). */
  record: WrittenKeys | null;
  /** The stored window's rows: each row's key cells, the period's day first (userColumns.ts keyCellsOf). */
  stored: readonly (readonly unknown[])[];
  /** The answer's rows: each row's key cells, as `stored`. */
  fresh: readonly (readonly unknown[])[];
}

/** Whether a period's record says the add-in wrote `hash` there. */
type Written = (hash: number) => boolean;

/**
 * How a period's record tells the add-in's keys among the `stored` keys of that period (distinct): an exact set
 * by membership; a digest (count and sum) when the stored keys are exactly those written (none is the user's), or
 * those and one more whose hash is the difference (that one is); otherwise every key is taken as the add-in's.
 */
function writtenIn(entry: WrittenPeriod, stored: ReadonlySet<string>): Written {
  if (entry.keys !== undefined) {
    const hashes = decodeHashes(entry.keys);
    if (!hashes) return () => true; // damaged: the add-in's (the safe side)
    const set = new Set(hashes);
    return (h) => set.has(h);
  }
  const hashes = [...stored].map(keyHash);
  if (entry.sum === undefined || hashes.length !== entry.rows + 1) return () => true;
  const extra = (hashSum(hashes) - entry.sum + 0x100000000) % 0x100000000;
  const matches = hashes.filter((h) => h === extra).length;
  return matches === 1 ? (h) => h !== extra : () => true;
}

/**
 * The stored rows of the window that are the user's (indexes, ascending): keyed rows in a period the record
 * covers whose key it does not hold and the answer does not have. A row with the key of a service row is the
 * service's (and replaced); a row without a date is not a user row here (the window's rows without a date go, as
 * they always have, and are counted).
 */
export function userRowsOf({ record, stored, fresh }: UserRowsInput): number[] {
  if (!record) return [];
  const entries = new Map(record.periods.map((p) => [p.period, p]));
  const sent = new Set(fresh.flatMap((cells) => rowKey(cells) ?? []));
  const byPeriod = new Map<IsoDate, { i: number; key: string }[]>();
  stored.forEach((cells, i) => {
    const key = rowKey(cells);
    const p = cells[0] as IsoDate;
    if (key === null || p < record.from) return;
    byPeriod.set(p, [...(byPeriod.get(p) ?? []), { i, key }]);
  });
  const users: number[] = [];
  for (const [p, rows] of byPeriod) {
    const entry = entries.get(p);
    const written: Written = entry ? writtenIn(entry, new Set(rows.map((r) => r.key))) : () => false;
    for (const r of rows) if (!sent.has(r.key) && !written(keyHash(r.key))) users.push(r.i);
  }
  return users.sort((a, b) => a - b);
}

/** A kept row: its index in the stored window and its place in the window written. */
export interface KeptRow {
  row: number;
  at: number;
}

/**
 * Where the user's rows go in the window written: each in its period, after the service's rows of that period (in
 * a period the service sends nothing for, between the periods around it), the user's rows of one period in their
 * stored order. `freshPeriods`: the answer's rows' periods, in order (period order); `periods`: the user rows'.
 */
export function placeUserRows(
  freshPeriods: readonly unknown[],
  users: readonly { row: number; period: IsoDate }[],
): KeptRow[] {
  const ordered = [...users].sort((a, b) => compareDays(a.period, b.period) || a.row - b.row);
  return ordered.map((u, k) => {
    let before = 0;
    for (const p of freshPeriods) if (isIsoDate(p) && p <= u.period) before++;
    return { row: u.row, at: before + k };
  });
}

/** How many keys a sentence names before "and N more". */
const NAMED = 5;

const lastDay = (period: IsoDate, timeframe: Timeframe): IsoDate =>
  timeframe === "daily" ? period : addDays(addPeriods(period, timeframe, 1), -1);

/**
 * A row by its key, for the user: its codes (retailer, SKU, store) then its period, "ADJ, 16-22 Nov" ("northmart /
 * 100002 / 12, 16 Nov" with a retailer and a store).
 */
function rowKeyText(cells: readonly unknown[], timeframe: Timeframe, days?: DaysOf): string {
  const period = cells[0] as IsoDate;
  const codes = cells.slice(1).flatMap((v) => (v === null || v === undefined || v === "" ? [] : [String(v)]));
  const when = dayWordsOf(days).compact({ from: period, to: lastDay(period, timeframe) });
  return codes.length > 0 ? `${codes.join(" / ")}, ${when}` : when;
}

/** Up to five rows by key, "; " between them, then "and N more". */
export function keysText(rows: readonly (readonly unknown[])[], timeframe: Timeframe, days?: DaysOf): string {
  const named = rows.slice(0, NAMED).map((cells) => rowKeyText(cells, timeframe, days));
  return named.join("; ") + (rows.length > NAMED ? ` and ${rows.length - NAMED} more` : "");
}

/** The user's rows kept, in words: "kept your row ADJ, 16-22 Nov" ("kept your 2 rows ADJ, 16-22 Nov; ..."). */
export function userRowsText(rows: readonly (readonly unknown[])[], timeframe: Timeframe, days?: DaysOf): string {
  const what = rows.length === 1 ? "your row" : `your ${plural(rows.length, "row")}`;
  return `kept ${what} ${keysText(rows, timeframe, days)}`;
}
