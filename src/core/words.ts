// Words for people, shared by every rule that speaks: a count with its unit ("3 rows"), a list ("a, b and c"), the
// word a misspelt one was probably meant to be, a range of dates ("8 Oct to 2 Nov", "16-23 Nov"), a day as the SALES
// functions say it ("28 Nov 2026"), a moment in the reader's own locale and time zone (the time a rate-limited
// service asks the add-in to wait until), and the pane's one date style (dateStyle: the user's locale, for every
// date the pane shows or is typed into it).
import { isIsoDate, type DateRange, type IsoDate } from "./dates";

/** A count with its unit, "1 row", "1,500 rows" (the unit takes an s for any count but 1). */
export const plural = (n: number, unit: string): string => `${n.toLocaleString("en-US")} ${unit}${n === 1 ? "" : "s"}`;

/**
 * How a surface writes a range of the service's days in a sentence: in full ("8 Oct to 2 Nov") and compact
 * ("16-22 Nov"), and a metric's name. The pane's are its date style's and its plain names (paneDayWords in
 * src/taskpane/paneWords.ts); the command's and the logs' the service's own words.
 */
export interface DayWords {
  range(r: DateRange): string;
  compact(r: DateRange): string;
  /** A metric's name in a sentence ("Unit rate of sale (unit_ros)"); absent: the service's own ("unit_ros"). */
  metric?(name: string): string;
}

/** A text's days: a surface's words, or the service's own with the year left out in this day's year. */
export type DaysOf = DayWords | IsoDate | undefined;

/** The words for `days`: its own when given, else the service's ("16-22 Nov", the year of `days` left out). */
export function dayWordsOf(days: DaysOf): DayWords {
  if (typeof days === "object") return days;
  return { range: (r) => rangeText(r, days), compact: (r) => rangeText(r, days, true) };
}

/**
 * A range in `days`' words, or as the service writes it ("2026-11-16 to 2026-11-22") where no surface's words are
 * given (the command's messages, which its tests pin).
 */
export const rangeIn = (days: DayWords | undefined, r: DateRange): string =>
  days ? days.range(r) : `${r.from} to ${r.to}`;

/** One day in `days`' words ("16/11/2026"), or as the service writes it (2026-11-16). */
export const dayIn = (days: DayWords | undefined, day: IsoDate): string =>
  days ? days.range({ from: day, to: day }) : day;

/** A metric's name in `days`' words: the surface's, or the service's own. Any other name (a column's) as it is. */
export const metricIn = (days: DaysOf, name: string): string =>
  typeof days === "object" && days.metric ? days.metric(name) : name;

/** Names of metrics (or columns) in `days`' words, as a comma list. */
export const metricsIn = (days: DaysOf, names: readonly string[]): string =>
  names.map((n) => metricIn(days, n)).join(", ");

/** A date style's words for ranges: "16/11/2026 to 22/11/2026", compact or not. */
export const styleDays = (style: { range(r: DateRange): string }): DayWords => ({
  range: (r) => style.range(r),
  compact: (r) => style.range(r),
});

/** A sentence of ours ("The service ...") as a clause after a semicolon: its "The" in lower case. */
export const midSentence = (text: string): string => text.replace(/^The (?=[a-z])/, "the ");

/** "revenue", "revenue and units", "revenue, units and stock". */
export const andList = (items: readonly string[]): string =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/**
 * The word of `candidates` nearest to `word` (any case), and whether it is near enough to be what was meant: at
 * most one edit (a letter added, dropped, changed, or two swapped) per three letters, and never more than three.
 */
export function nearestWord(word: string, candidates: readonly string[]): { word: string; close: boolean } {
  const w = word.toLowerCase();
  let best = { word: candidates[0], distance: Infinity };
  for (const c of candidates) {
    const distance = editDistance(w, c.toLowerCase());
    if (distance < best.distance) best = { word: c, distance };
  }
  return { word: best.word, close: best.distance <= Math.min(3, Math.max(1, Math.floor(w.length / 3))) };
}

/** Edits from `a` to `b`, a swap of two letters side by side counted as one (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

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

/** Days as the service writes them, YYYY-MM-DD: what messages shared by every surface say unless told a style. */
export const isoDay: DayText = (day) => day;

/**
 * A day in words with its year, "28 Nov 2026": the one style of the SALES functions' messages, which Excel shows
 * with no locale of the pane's (the pane says days in the user's style, dateStyle.ts).
 */
export const dayWords: DayText = (day) => rangeText({ from: day, to: day });

// ---- The pane's one date style ----
// The user's (Office's display language, else the browser's), as the locale writes a
// date in numbers: 24/08/2026 in en-GB, 08/24/2026 in en-US, 24.08.2026 in de-DE. Every date the pane shows and
// every date typed into it (From, To) goes through one DateStyle. The service's days are UTC calendar days, so a
// day is formatted in UTC and never shifts with the reader's time zone; a moment (a refresh, a pull) is shown in
// the reader's own time zone. Intl.DateTimeFormat knows each locale's order and separators.

/** A day as words or figures for one surface: the pane's style, the SALES functions' "28 Nov 2026". */
export type DayText = (day: IsoDate) => string;

export interface DateStyle {
  /** The locale the style follows ("en-GB"). */
  locale: string;
  /** A service day in the locale's numeric form: "24/08/2026" (en-GB), "08/24/2026" (en-US). */
  day: DayText;
  /** Two days: "24/08/2026 to 22/11/2026"; one day alone when both ends are the same. */
  range(r: DateRange): string;
  /** A moment in the reader's time zone: "28/11/2026, 10:07". */
  moment(at: Date): string;
  /** The time alone when `at` falls on `now`'s day (the reader's), else `moment`. */
  momentNear(at: Date, now: Date): string;
  /** How a typed day is asked for: "dd/mm/yyyy", "mm/dd/yyyy", "dd.mm.yyyy". */
  pattern: string;
  /**
   * A typed day: the locale's numeric form, with any separators between day, month and a four-digit year
   * ("24/8/2026", "24-08-2026"), or YYYY-MM-DD. Null when it is not a real day in either form.
   */
  parse(text: string): IsoDate | null;
  /** A count grouped the locale's way: 8,044,904 in en-GB, 8.044.904 in de-DE. */
  count(n: number): string;
}

const DAY: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };
const PLACEHOLDER: Record<string, string> = { day: "dd", month: "mm", year: "yyyy" };

/** The locale as Intl reads it; a tag Intl refuses (or none) is the runtime's default. */
function supported(locale: string | undefined): string {
  try {
    if (locale) return Intl.getCanonicalLocales(locale)[0];
  } catch {
    // not a language tag: the default below
  }
  return new Intl.DateTimeFormat().resolvedOptions().locale;
}

const two = (n: number) => String(n).padStart(2, "0");

/** The day of `y`, `m`, `d` as YYYY-MM-DD, if it is a real one. */
function isoOf(y: string, m: string, d: string): IsoDate | null {
  if (y.length !== 4 || m.length > 2 || d.length > 2) return null;
  const iso = `${y}-${two(Number(m))}-${two(Number(d))}`;
  return isIsoDate(iso) ? iso : null;
}

/** The date style of `locale` (a BCP 47 tag such as Office's displayLanguage or navigator.language). */
export function dateStyle(locale?: string): DateStyle {
  const tag = supported(locale);
  const dayFormat = new Intl.DateTimeFormat(tag, { ...DAY, timeZone: "UTC" });
  const momentFormat = new Intl.DateTimeFormat(tag, { ...DAY, hour: "numeric", minute: "2-digit" });
  const timeFormat = new Intl.DateTimeFormat(tag, { hour: "numeric", minute: "2-digit" });
  const countFormat = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const fields = dayFormat.formatToParts(Date.UTC(2026, 7, 24));
  const order = fields.map((p) => p.type).filter((t) => t === "day" || t === "month" || t === "year");
  const pattern = fields.map((p) => PLACEHOLDER[p.type] ?? p.value).join("");

  const day: DayText = (d) => {
    const [y, m, dd] = d.split("-").map(Number);
    return dayFormat.format(Date.UTC(y, m - 1, dd));
  };

  return {
    locale: tag,
    day,
    range: (r) => (r.from === r.to ? day(r.from) : `${day(r.from)} to ${day(r.to)}`),
    moment: (at) => momentFormat.format(at),
    momentNear: (at, now) =>
      at.toDateString() === now.toDateString() ? timeFormat.format(at) : momentFormat.format(at),
    pattern,
    count: (n) => countFormat.format(n),
    parse(text) {
      const t = text.trim();
      // Digits, and between them anything but letters and digits (a separator, with spaces around it or not).
      if (!/^\d+[^\p{L}\d]+\d+[^\p{L}\d]+\d+[^\p{L}\d]*$/u.test(t)) return null;
      const groups = t.match(/\d+/g)!;
      if (groups[0].length === 4 && order[0] !== "year") return isoOf(groups[0], groups[1], groups[2]);
      const at = (type: string) => groups[order.indexOf(type as (typeof order)[number])];
      return isoOf(at("year"), at("month"), at("day"));
    },
  };
}

/** The time when `at` falls on `now`'s day (the user's local day), the date and time otherwise. */
export function localTimeText(at: Date, now: Date): string {
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" })
    : at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
