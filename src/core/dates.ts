// Calendar dates as the service speaks them (YYYY-MM-DD, no time zone), and how a store holds them in its cells
// (DayCells: a database as the same text; Excel's serials are src/excel's, excelDays.ts).
// date-fns does the calendar arithmetic; dates are local-midnight Date objects only inside this module. Each
// function from its own module: date-fns's index loads every one of its hundreds (a third of a second each time
// the sales-data command starts).
import { addDays as dfAddDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { addWeeks } from "date-fns/addWeeks";
import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfWeek } from "date-fns/startOfWeek";
import type { Timeframe } from "./query/metrics";

/** A calendar day, "YYYY-MM-DD". */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EPOCH = new Date(1970, 0, 1); // day 0 of the day numbers day arithmetic goes through

/**
 * `convert`, remembering its answers: every row's day passes through here, and a table holds few distinct days
 * (a year of SKU rows: 365), so each is converted once. Forgets all when full, to stay small.
 */
function remembered<K, V>(convert: (key: K) => V, limit = 10_000): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    if (known.size >= limit) known.clear();
    const value = convert(key);
    known.set(key, value);
    return value;
  };
}

/** The day as a Date, or null when the text is not a real YYYY-MM-DD day (e.g. 2026-02-30). */
function parseIsoDate(text: string): Date | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  // By hand rather than date-fns' parse, the slowest step of a read before days were remembered (numberOf).
  const d = new Date(2000, 0, 1);
  d.setFullYear(year, month, day);
  // A day that is not in its month (2026-02-30) rolls over into the next: only a real day comes back as itself.
  return d.getFullYear() === year && d.getMonth() === month && d.getDate() === day ? d : null;
}

/** The day's number (days since 1970-01-01), or null when the text is not a real YYYY-MM-DD day. Day arithmetic goes through it. */
const numberOf = remembered((text: string): number | null => {
  const d = parseIsoDate(text);
  return d && differenceInCalendarDays(d, EPOCH);
});

/** The day of a whole day number (remembered as numberOf is). */
const dayOfWhole = remembered((n: number): IsoDate => toIsoDate(dfAddDays(EPOCH, n)));

export function isIsoDate(text: unknown): text is IsoDate {
  return typeof text === "string" && numberOf(text) !== null;
}

function toIsoDate(d: Date): IsoDate {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(d.getFullYear()).padStart(4, "0")}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

function mustParse(day: IsoDate): Date {
  const d = parseIsoDate(day);
  if (!d) throw new RangeError(`"${day}" is not a date in the form YYYY-MM-DD`);
  return d;
}

export function addDays(day: IsoDate, n: number): IsoDate {
  return dayOfWhole(dayNumber(day) + n);
}

export function addPeriods(day: IsoDate, timeframe: Timeframe, n: number): IsoDate {
  if (timeframe === "daily") return addDays(day, n);
  const d = mustParse(day);
  if (timeframe === "weekly") return toIsoDate(addWeeks(d, n));
  return toIsoDate(addMonths(d, n));
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** The first day of the period that contains `day`. Weeks start on Monday (the add-in's assumption, see README). */
export function periodStart(day: IsoDate, timeframe: Timeframe): IsoDate {
  const d = mustParse(day);
  if (timeframe === "daily") return day;
  if (timeframe === "weekly") return toIsoDate(startOfWeek(d, { weekStartsOn: 1 }));
  return toIsoDate(startOfMonth(d));
}

/**
 * Today on the service's calendar: the UTC date (the service's timestamps are UTC). Using the local date
 * would, west of UTC in the evening, count the 14-day store retention from a day the service has left.
 */
export function todayIso(now: Date = new Date()): IsoDate {
  return now.toISOString().slice(0, 10);
}

/** The day's number: days since 1970-01-01 (2026-01-05 -> 20458), as DuckDB counts them too. */
export function dayNumber(day: IsoDate): number {
  const n = numberOf(day);
  if (n === null) throw new RangeError(`"${day}" is not a date in the form YYYY-MM-DD`);
  return n;
}

/** The day of a day number (a fraction of a day is dropped). */
export function dayOfNumber(n: number): IsoDate {
  return dayOfWhole(Math.floor(n));
}

/**
 * How a store holds a day in a cell, for the rules that read its rows (src/core/refresh): the day a cell holds
 * (null: a blank, a text, anything that is not a day there) and the cell a day is held as. A database holds the
 * day's own text (ISO_DAY_CELLS); Excel a serial number (src/excel/excelDays.ts).
 */
export interface DayCells {
  dayOf(cell: unknown): IsoDate | null;
  cellOf(day: IsoDate): string | number;
}

/** Days held as their own "YYYY-MM-DD" text (the database's rows, the service's answers). */
export const ISO_DAY_CELLS: DayCells = {
  dayOf: (cell) => (isIsoDate(cell) ? cell : null),
  cellOf: (day) => day,
};

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))?)?$/;
const MINUTES_A_DAY = 24 * 60;

/**
 * The UTC day of an ISO 8601 timestamp from the service: "2026-01-05T00:00:00Z" -> "2026-01-05", and the same
 * instant written with an offset, "2026-01-04T23:00:00-01:00", -> "2026-01-05" too. A timestamp without an offset
 * is read as UTC (the service's timestamps are UTC). Null when the text is not a real day and time.
 */
export const dayOfTimestamp = remembered((text: string): IsoDate | null => {
  const m = TIMESTAMP.exec(text);
  if (!m || numberOf(m[1]) === null) return null;
  const [, day, hh, mm, ss, , sign, oh, om] = m;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)) return null;
  if (sign === undefined) return day;
  if (Number(oh) > 23 || Number(om) > 59) return null;
  const offset = (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const shift = Math.floor((Number(hh) * 60 + Number(mm) - offset) / MINUTES_A_DAY);
  return shift === 0 ? day : addDays(day, shift);
});

/** Two days in calendar order, for a sort: negative, zero or positive ("YYYY-MM-DD" sorts as text does). */
export const compareDays = (a: IsoDate, b: IsoDate): number => (a < b ? -1 : a > b ? 1 : 0);

/** Days `from` .. `to`, both included. */
export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}
