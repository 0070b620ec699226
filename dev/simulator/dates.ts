// Calendar arithmetic on whole UTC days. A `Day` is the number of days since 1970-01-01 (UTC),
// so ranges, weeks and revisions are plain integer maths and no time zone can creep in.

export type Day = number;

const MS_PER_DAY = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Strict `YYYY-MM-DD` (a real calendar date) to a Day, or null. */
export function parseDay(text: string): Day | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March: reject anything that does not round-trip.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return Math.round(ms / MS_PER_DAY);
}

export function formatDay(day: Day): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The ISO 8601 UTC timestamp the service uses for period starts. */
export function isoTimestamp(day: Day): string {
  return `${formatDay(day)}T00:00:00Z`;
}

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** 0 = Monday .. 6 = Sunday (1970-01-01 was a Thursday). */
export function weekday(day: Day): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Weeks start on Monday (the simulator's pick). */
export function weekStart(day: Day): Day {
  return day - weekday(day);
}

export function monthStart(day: Day): Day {
  const d = new Date(day * MS_PER_DAY);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / MS_PER_DAY);
}

/** First day of the month `n` months after the month containing `day` (n may be negative). */
export function addMonths(day: Day, n: number): Day {
  const d = new Date(day * MS_PER_DAY);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1) / MS_PER_DAY);
}
