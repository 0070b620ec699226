// Calendar dates as the service speaks them (YYYY-MM-DD, no time zone) and as Excel stores them (serials).
// date-fns does the calendar arithmetic; dates are local-midnight Date objects only inside this module. Each
// function from its own module: date-fns's index loads every one of its hundreds (a third of a second each time
// the sales-data command starts).
import { addDays as dfAddDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { addWeeks } from "date-fns/addWeeks";
import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfWeek } from "date-fns/startOfWeek";
import type { Timeframe } from "./metrics";

/** A calendar day, "YYYY-MM-DD". */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EXCEL_EPOCH = new Date(1899, 11, 30); // Excel's day 0 in the 1900 system (after its 1900 leap-year bug)

/**
 * The day as a Date, or null when the text is not a real YYYY-MM-DD day (e.g. 2026-02-30).
 * A rule of this module's interface, tested on its own (test/core/validate.test.ts checks the days sent).
 * @public
 */
export function parseIsoDate(text: string): Date | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  // By hand rather than date-fns' parse: every row's date passes here, and parse is the slowest step of a read.
  const d = new Date(2000, 0, 1);
  d.setFullYear(year, month, day);
  // A day that is not in its month (2026-02-30) rolls over into the next: only a real day comes back as itself.
  return d.getFullYear() === year && d.getMonth() === month && d.getDate() === day ? d : null;
}

export function isIsoDate(text: unknown): text is IsoDate {
  return typeof text === "string" && parseIsoDate(text) !== null;
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
  return toIsoDate(dfAddDays(mustParse(day), n));
}

export function addPeriods(day: IsoDate, timeframe: Timeframe, n: number): IsoDate {
  const d = mustParse(day);
  if (timeframe === "daily") return toIsoDate(dfAddDays(d, n));
  if (timeframe === "weekly") return toIsoDate(addWeeks(d, n));
  return toIsoDate(addMonths(d, n));
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return differenceInCalendarDays(mustParse(to), mustParse(from));
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

/** Excel's serial number for a day (1900 date system): 2026-01-05 -> 46027. */
export function excelSerial(day: IsoDate): number {
  return differenceInCalendarDays(mustParse(day), EXCEL_EPOCH);
}

/** The day of an Excel serial number. */
export function fromExcelSerial(serial: number): IsoDate {
  return toIsoDate(dfAddDays(EXCEL_EPOCH, Math.floor(serial)));
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))?)?$/;
const MINUTES_A_DAY = 24 * 60;

/**
 * The UTC day of an ISO 8601 timestamp from the service: "2026-01-05T00:00:00Z" -> "2026-01-05", and the same
 * instant written with an offset, "2026-01-04T23:00:00-01:00", -> "2026-01-05" too. A timestamp without an offset
 * is read as UTC (the service's timestamps are UTC). Null when the text is not a real day and time.
 */
export function dayOfTimestamp(text: string): IsoDate | null {
  const m = TIMESTAMP.exec(text);
  if (!m || !parseIsoDate(m[1])) return null;
  const [, day, hh, mm, ss, , sign, oh, om] = m;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)) return null;
  if (sign === undefined) return day;
  if (Number(oh) > 23 || Number(om) > 59) return null;
  const offset = (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const shift = Math.floor((Number(hh) * 60 + Number(mm) - offset) / MINUTES_A_DAY);
  return shift === 0 ? day : addDays(day, shift);
}

/** Days `from` .. `to`, both included. */
export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}
