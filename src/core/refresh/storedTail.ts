// The stored tail of a table (the last rows of its period column, as src/excel's readPeriodTail reads them) and
// what it decides before the answer is compared: the rows kept before the window's first day, and whether an empty
// answer (or, several retailers, one retailer's empty answer) keeps the stored window as it is. Pure.
import type { DayCells, IsoDate } from "../dates";

/** Rows before the window: every row up to the last one whose period is a day before `start` (rows in period order). */
export function keptCount(tail: Pick<StoredTail, "periods" | "dayCells">, start: IsoDate): number {
  const { periods, dayCells } = tail;
  for (let i = periods.length - 1; i >= 0; i--) {
    const day = dayCells.dayOf(periods[i]);
    if (day !== null && day < start) return i + 1;
  }
  return 0;
}

/** The period (first day) of the last stored row before the window (rows in period order); null when there is none. */
export function lastKeptPeriod(tail: Pick<StoredTail, "periods" | "dayCells">, start: IsoDate): IsoDate | null {
  const k = keptCount(tail, start);
  return k > 0 ? tail.dayCells.dayOf(tail.periods[k - 1]) : null;
}

/** The tail of a stored table's period column, as src/excel's readPeriodTail reads it: body rows offset .. count-1. */
export interface StoredTail {
  /** Body rows of the table. */
  count: number;
  /** Index (in the body) of the first period in `periods`. */
  offset: number;
  /** The period cells, as the store holds them. */
  periods: readonly unknown[];
  /** How the store holds a day in a cell. */
  dayCells: DayCells;
}

/** Stored rows from the window's first day on (those a refresh replaces). A table holding only one blank row has none. */
function storedRowsInWindow(tail: StoredTail, start: IsoDate): number {
  const kept = tail.offset + keptCount(tail, start);
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
export function planForAnswer(tail: StoredTail, start: IsoDate, freshRows: number): AnswerPlan {
  const storedRows = storedRowsInWindow(tail, start);
  return freshRows === 0 && storedRows > 0 ? { kind: "keep", storedRows } : { kind: "write" };
}

/**
 * A table of several retailers: the retailers the answer has no rows for where the table holds rows of theirs
 * from the window's first day on. Each retailer is kept as a table of its own would be (planForAnswer): an empty answer
 * does not delete its rows, so the refresh writes nothing. `retailers` are the stored rows' retailer cells,
 * beside `tail.periods`; `answered` each retailer's rows in the answer.
 */
export function retailersLeftEmpty(
  tail: StoredTail & { retailers: readonly unknown[] },
  start: IsoDate,
  answered: readonly { retailer: string; rows: number }[],
): { retailer: string; storedRows: number }[] {
  const stored = new Map<string, number>();
  for (let i = keptCount(tail, start); i < tail.retailers.length; i++) {
    const r = String(tail.retailers[i] ?? "");
    stored.set(r, (stored.get(r) ?? 0) + 1);
  }
  return answered
    .filter((a) => a.rows === 0 && (stored.get(a.retailer) ?? 0) > 0)
    .map((a) => ({ retailer: a.retailer, storedRows: stored.get(a.retailer)! }));
}
