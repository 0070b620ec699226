// Dates as people type them into a formula: Excel serials and date cells, "YYYY-MM-DD" text, and forms
// relative to the service's today ("today", "-7d", "-4w", "-12m", "-1y", "+3d"). Pure: the caller passes today.
import { addDays, addPeriods, dayOfNumber, isIsoDate, type IsoDate } from "../dates";

/** Excel's largest date serial (9999-12-31); 1 is 1900-01-01. */
export const MAX_EXCEL_SERIAL = 2_958_465;
/** Serials before 1900-03-01 fall in Excel's fictitious 1900-02-29 era; nobody has sales data there. */
const MIN_EXCEL_SERIAL = 61;
/**
 * Excel's serial of 1970-01-01, the day numbers' day 0. Defined here, where src/core reads a formula's date argument,
 * and used by src/excel/excelDays.ts for a table's cells (src/core may not import src/excel).
 */
export const SERIAL_OF_DAY_ZERO = 25_569;

const RELATIVE = /^(?:today)?\s*(?:([+-])\s*(\d{1,5})\s*([dwmy]))?$/;
const UNIT_DAYS_LIMIT = 36_600; // about 100 years, whatever the unit

export type DateParse = { ok: true; date: IsoDate } | { ok: false; reason: string };

/** What a date argument may be, for messages. */
export const DATE_FORMS = `a date, a date cell, "YYYY-MM-DD" text, or "today", "-7d", "-4w", "-12m", "-1y" (relative to today)`;

/**
 * Resolves a relative form against `today`, or returns null when `text` is not one.
 * "today" = today; "-7d" = 7 days before; "+3d" = 3 days after; "w" weeks (7 days), "m" calendar months
 * (clipped to the month's end: 31 March - 1m = 28/29 February), "y" = 12 months. "today-7d" reads the same
 * as "-7d". Case and spaces are ignored.
 */
function resolveRelativeDate(text: string, today: IsoDate): IsoDate | null {
  const t = text.trim().toLowerCase();
  if (t === "") return null;
  const m = RELATIVE.exec(t);
  if (!m) return null;
  if (!m[1]) return t.startsWith("today") ? today : null;
  const n = Number(m[2]) * (m[1] === "-" ? -1 : 1);
  const unit = m[3];
  const approxDays = Math.abs(n) * (unit === "d" ? 1 : unit === "w" ? 7 : unit === "m" ? 31 : 366);
  if (approxDays > UNIT_DAYS_LIMIT) return null;
  if (unit === "d") return addDays(today, n);
  if (unit === "w") return addDays(today, 7 * n);
  if (unit === "m") return addPeriods(today, "monthly", n);
  return addPeriods(today, "monthly", 12 * n);
}

/** An Excel date serial (a number, or a date cell's value) as a day; the time of day is ignored. */
function serialToDate(serial: number): IsoDate | null {
  if (!Number.isFinite(serial)) return null;
  const whole = Math.floor(serial);
  if (whole < MIN_EXCEL_SERIAL || whole > MAX_EXCEL_SERIAL) return null;
  return dayOfNumber(whole - SERIAL_OF_DAY_ZERO);
}

/** Any accepted form of a date argument, or why it is not one. Empty input is the caller's business. */
export function parseDateValue(raw: unknown, today: IsoDate): DateParse {
  if (typeof raw === "number") {
    const d = serialToDate(raw);
    return d
      ? { ok: true, date: d }
      : {
          ok: false,
          reason: `${raw} is not a date serial (Excel dates run from 61 = 1900-03-01 to ${MAX_EXCEL_SERIAL})`,
        };
  }
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return { ok: false, reason: "the date is not valid" };
    const y = raw.getFullYear();
    const iso = `${String(y).padStart(4, "0")}-${String(raw.getMonth() + 1).padStart(2, "0")}-${String(raw.getDate()).padStart(2, "0")}`;
    return { ok: true, date: iso };
  }
  if (typeof raw === "string") {
    const t = raw.trim();
    if (isIsoDate(t)) return { ok: true, date: t };
    const rel = resolveRelativeDate(t, today);
    if (rel) return { ok: true, date: rel };
    if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(t)) return { ok: false, reason: `"${t}" is not a real day as YYYY-MM-DD` };
    return { ok: false, reason: `"${t}" is not a date` };
  }
  if (typeof raw === "boolean") return { ok: false, reason: `${raw ? "TRUE" : "FALSE"} is not a date` };
  return { ok: false, reason: "it is not a date" };
}
