// Words for people, shared by every rule that speaks: a count with its unit ("3 rows"), a list ("a, b and c"), a range of dates
// ("8 Oct to 2 Nov", "16-23 Nov"), and a moment in the reader's own locale and time zone (the pane's notice of the
// last Refresh all, the time a rate-limited service asks the add-in to wait until).
import type { DateRange, IsoDate } from "./dates";

/** A count with its unit, "1 row", "1,500 rows" (the unit takes an s for any count but 1). */
export const plural = (n: number, unit: string): string => `${n.toLocaleString("en-US")} ${unit}${n === 1 ? "" : "s"}`;

/** "revenue", "revenue and units", "revenue, units and stock". */
export const andList = (items: readonly string[]): string =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const parts = (d: IsoDate) => ({ year: d.slice(0, 4), month: MONTHS[Number(d.slice(5, 7)) - 1], day: +d.slice(8, 10) });

/**
 * The words of a range: "8 Oct to 2 Nov" (`compact`: "16-23 Nov", "28 Oct-3 Nov"); one day: "8 Oct". The year
 * is left out when both ends are in the year of `reference`, shown once at the end when they share a year, on
 * each end otherwise ("29 Dec 2025 to 4 Jan 2026").
 */
export function rangeText(r: DateRange, reference?: IsoDate, compact = false): string {
  const a = parts(r.from);
  const b = parts(r.to);
  const sameYear = a.year === b.year;
  const year = sameYear && reference !== undefined && reference.slice(0, 4) === a.year ? "" : ` ${b.year}`;
  if (r.from === r.to) return `${a.day} ${a.month}${year}`;
  const end = `${b.day} ${b.month}${year}`;
  if (!sameYear) return `${a.day} ${a.month} ${a.year}${compact ? "-" : " to "}${end}`;
  if (compact) return a.month === b.month ? `${a.day}-${end}` : `${a.day} ${a.month}-${end}`;
  return `${a.day} ${a.month} to ${end}`;
}

/** The time when `at` falls on `now`'s day (the user's local day), the date and time otherwise. */
export function localTimeText(at: Date, now: Date): string {
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" })
    : at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
