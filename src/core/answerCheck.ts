// An answer checked against its question before anything is written (design decision 8): every period a UTC
// day inside the dates asked, one row per key, periods spaced as the timeframe says, nulls counted, and the
// columns those asked for. What breaks the contract is refused whole (nothing can be written) or left out and
// reported. Pure: the client runs it on every data answer, so the pane, refresh and the SALES functions alike
// only ever see checked answers. docs/client.md, "What the add-in checks in every answer", says it for users.
import { addPeriods, daysBetween, dayOfTimestamp, type IsoDate } from "./dates";
import { plural, rangeText } from "./gaps";
import { isMetric, type Level, type Timeframe } from "./metrics";
import type { NormalizedQuery } from "./query";

/** The question, as sent: what the rows must fit. `today` only shortens dates in the words. */
export type AnswerQuestion = Pick<
  NormalizedQuery,
  "level" | "retailer" | "timeframe" | "metrics" | "from" | "to" | "comparison" | "filter"
> & { today?: IsoDate };

export interface RawAnswer {
  rows: readonly Record<string, unknown>[];
  /** The column found to hold the period (src/api/rows.ts findPeriodField); undefined when none was. */
  periodField: string | undefined;
  /** The metrics the X-Service-Omitted-Metrics header named. */
  omittedMetrics: readonly string[];
  /**
   * A long read's requests, in order: each one's dates and how many of `rows` (consecutive) it returned. A row
   * must lie inside the dates of the request that returned it; absent: one request, the question's dates.
   */
  requests?: readonly { from: IsoDate; to: IsoDate; rows: number }[];
}

/** What a checked answer left out or found empty, for the summary. */
export interface AnswerReport {
  /** Rows dated outside the question, left out; their periods, distinct, in date order. */
  outside: { rows: number; periods: IsoDate[] };
  /** Per asked metric the answer serves: rows whose value was null or absent (written as empty cells). */
  nulls: { metric: string; rows: number }[];
  /** Asked metrics no row had, though the header did not name them (now named as omitted). */
  unsaid: string[];
  /** Columns nobody asked for, left out of the table. */
  unasked: string[];
  /**
   * With a comparison: numeric columns kept as comparison columns though their names do not name a metric asked
   * for (the spec does not show the names), so the user can check them.
   */
  assumed: string[];
}

export type AnswerRule = "period" | "keys" | "spacing";

export type AnswerCheck =
  | {
      ok: true;
      /** The rows inside the question, in the service's order. */
      rows: Record<string, unknown>[];
      /** Asked metrics the service left out: the header's and those no row had. */
      omittedMetrics: string[];
      /** Columns to leave out of the table (those nobody asked for). */
      leftOut: string[];
      /** The kept rows' fields less those left out: the table's columns (tabulate need not look for them again). */
      fields: string[];
      report: AnswerReport;
      /** The report in words, one line each (empty when there is nothing to say). */
      notices: string[];
    }
  | { ok: false; rule: AnswerRule; message: string };

/** The fields a row of each level may hold besides its period, metrics and comparisons (the spec's rows). */
const LEVEL_FIELDS: Record<Level, readonly string[]> = {
  sku: ["sku", "sku_product_name"],
  store: ["store_id", "store_name", "sku", "product_name"],
};

const NOTHING_WRITTEN = "Nothing was written.";
/** Dates named in a notice before "and N more dates". */
const MAX_DATES_SHOWN = 5;

/** Checks an answer against its question; see the file comment and docs/client.md for each rule. */
export function checkAnswer(question: AnswerQuestion, answer: RawAnswer): AnswerCheck {
  const { rows, periodField } = answer;
  const report: AnswerReport = {
    outside: { rows: 0, periods: [] },
    nulls: [],
    unsaid: [],
    unasked: [],
    assumed: [],
  };
  const omitted = [...answer.omittedMetrics];
  if (rows.length === 0)
    return { ok: true, rows: [], omittedMetrics: omitted, leftOut: [], fields: [], report, notices: [] };
  if (periodField === undefined) return refuse(question, "period", "its rows have no column of dates");

  const found = scan(question, answer, periodField);
  if ("unplaced" in found) return refuse(question, "period", found.unplaced);
  const { kept, outside, rowsOn, present, empty, twice } = found;
  report.outside = { rows: rows.length - kept.length, periods: [...outside].sort() };
  const spacing = spacingProblem([...rowsOn.keys()].sort(), question.timeframe, {
    span: daysBetween(question.from, question.to) + 1,
    fewestRows: Math.min(...rowsOn.values()),
  });
  if (spacing) return refuse(question, "spacing", `asked for ${question.timeframe} rows, it sent ${spacing}`);
  if (twice)
    return refuse(
      question,
      "keys",
      `it sent the same row twice (${keyText(twice.row, twice.day, question.filter)}), and which one is right cannot be known`,
    );

  // Columns: asked metrics no row has are omitted; fields nobody asked for are left out.
  const said = new Set(omitted);
  for (const m of question.metrics) {
    if (!present.has(m) && !said.has(m) && kept.length > 0) {
      report.unsaid.push(m);
      omitted.push(m);
    }
  }
  // Nulls of the metrics served (an omitted metric's cells are empty anyway).
  report.nulls = question.metrics.flatMap((metric, m) =>
    empty[m] > 0 && !omitted.includes(metric) ? [{ metric, rows: empty[m] }] : [],
  );
  Object.assign(report, otherColumns(present, periodField, question, kept));
  return {
    ok: true,
    rows: kept,
    omittedMetrics: omitted,
    leftOut: report.unasked,
    fields: [...present].filter((f) => !report.unasked.includes(f)),
    report,
    notices: noticesOf(report, question),
  };
}

/** What one pass over the rows found. */
interface Scan {
  /** The rows inside their request's dates: the answer's own array when all are (no copy of a large answer). */
  kept: Record<string, unknown>[];
  /** Days of the rows left out. */
  outside: Set<IsoDate>;
  /** Kept rows per day. */
  rowsOn: Map<IsoDate, number>;
  /** Fields of the kept rows, in the order first seen. */
  present: Set<string>;
  /** Per asked metric: kept rows whose value is null or absent. */
  empty: number[];
  /** The first kept row whose key an earlier kept row has. */
  twice?: { row: Record<string, unknown>; day: IsoDate };
}

/**
 * One pass (answers run to 100,000s of rows): each distinct period placed once, on its UTC day, and kept when its
 * period meets the dates of the request that returned it; each kept row's key looked up in its day's keys; fields
 * and nulls counted. `unplaced`: the first period that cannot be placed on a day, in words.
 */
function scan(question: AnswerQuestion, answer: RawAnswer, periodField: string): Scan | { unplaced: string } {
  const { rows } = answer;
  // One slot per distinct period value: a row costs one lookup. Values written differently for the same day
  // (an offset and a Z timestamp) share the day's keys.
  const slots = new Map<unknown, PeriodSlot | null>();
  const byDay = new Map<IsoDate, DayKeys>();
  const requests = answer.requests ?? [{ from: question.from, to: question.to, rows: rows.length }];
  let request = -1;
  let requestEnd = 0;
  let kept: Record<string, unknown>[] | undefined;
  const outside = new Set<IsoDate>();
  const present = new Set<string>();
  let lastFields: string[] = [];
  const metrics = question.metrics;
  const empty = metrics.map(() => 0);
  let twice: Scan["twice"];
  for (let i = 0; i < rows.length; i++) {
    while (i >= requestEnd && request < requests.length - 1) requestEnd += requests[++request].rows;
    const row = rows[i];
    const value = row[periodField];
    let slot = slots.get(value);
    if (slot === undefined) {
      const day = typeof value === "string" ? dayOfTimestamp(value) : null;
      let keys = day === null ? undefined : byDay.get(day);
      if (day !== null && keys === undefined) byDay.set(day, (keys = new Map()));
      slot = day === null ? null : { day, keys: keys!, request: -1, fits: false, rows: 0 };
      slots.set(value, slot);
    }
    if (slot === null) return { unplaced: unplaced(periodField, value, row, question.filter) };
    if (slot.request !== request) {
      slot.fits = overlaps(slot.day, { ...question, ...requests[request] });
      slot.request = request;
    }
    if (!slot.fits) {
      kept ??= rows.slice(0, i);
      outside.add(slot.day);
      continue;
    }
    if (kept) kept.push(row);
    slot.rows++;
    if (!addKey(slot.keys, row) && !twice) twice = { row, day: slot.day };
    if (!sameFields(row, lastFields)) {
      lastFields = Object.keys(row);
      for (const k of lastFields) present.add(k);
    }
    for (let m = 0; m < metrics.length; m++) {
      const v = row[metrics[m]];
      if (v === null || v === undefined) empty[m]++;
    }
  }
  const rowsOn = new Map<IsoDate, number>();
  for (const slot of slots.values())
    if (slot && slot.rows > 0) rowsOn.set(slot.day, (rowsOn.get(slot.day) ?? 0) + slot.rows);
  kept ??= rows as Record<string, unknown>[];
  return { kept, outside, rowsOn, present, empty, twice };
}

/** A distinct period value of the answer: its day, that day's keys, whether it fits `request`, kept rows. */
interface PeriodSlot {
  day: IsoDate;
  keys: DayKeys;
  request: number;
  fits: boolean;
  rows: number;
}

/** Weekly and monthly: the period that starts on `day` meets the dates asked. Daily: `day` is one of them. */
function overlaps(day: IsoDate, q: Pick<AnswerQuestion, "timeframe" | "from" | "to">): boolean {
  if (day > q.to) return false;
  if (q.timeframe === "daily") return day >= q.from;
  return addPeriods(day, q.timeframe, 1) > q.from;
}

/**
 * What the periods look like when they do not fit the timeframe, or undefined when they do. Weekly periods
 * share a weekday and monthly periods a day of the month (gaps between them are allowed: the service sends no
 * rows for a period without sales). Daily periods that all fall whole weeks (or months) apart are refused when
 * there are three or more of them, or two in a question of two weeks or more with several rows each (`span`:
 * days asked; `fewestRows`: rows of the day with fewest): fewer cannot be told from a SKU with sales on few days.
 */
export function spacingProblem(
  days: readonly IsoDate[],
  timeframe: Timeframe,
  { span = 0, fewestRows = 0 }: { span?: number; fewestRows?: number } = {},
): string | undefined {
  if (days.length < 2) return undefined;
  const gaps = days.slice(1).map((d, i) => daysBetween(days[i], d));
  const smallest = Math.min(...gaps);
  const dayOfMonth = (d: IsoDate) => d.slice(8);
  const monthly = days.every((d) => dayOfMonth(d) === dayOfMonth(days[0])) && smallest >= 28;
  const weekly = gaps.every((g) => g % 7 === 0);
  const looks = monthly
    ? "rows a month or more apart"
    : weekly
      ? smallest === 7
        ? "rows one week apart"
        : `rows ${smallest / 7} weeks apart`
      : smallest === 1
        ? "rows one day apart"
        : `rows ${smallest} days apart`;
  if (timeframe === "daily") {
    const enough = days.length >= 3 || (span >= 14 && fewestRows >= 2);
    return enough && (weekly || monthly) ? looks : undefined;
  }
  if (timeframe === "weekly") return weekly ? undefined : looks;
  return monthly ? undefined : looks;
}

/** True when the row's fields are `fields`, in order (rows of one answer mostly are: no set work for them). */
function sameFields(row: Record<string, unknown>, fields: readonly string[]): boolean {
  let i = 0;
  for (const k in row) if (k !== fields[i++]) return false;
  return i === fields.length;
}

/** A day's row keys: SKU (or filter value) to the stores seen with it (`true`: a row without a store). */
type DayKeys = Map<unknown, Set<unknown> | true>;

/** Adds the row's key (SKU or filter value, store) to its day's keys; false when the day already has it. */
function addKey(keys: DayKeys, row: Record<string, unknown>): boolean {
  const sku = code(row.sku);
  const store = code(row.store_id);
  const seen = keys.get(sku);
  if (store === undefined) {
    if (seen !== undefined) return false;
    keys.set(sku, true);
    return true;
  }
  if (seen === true) return false;
  if (seen === undefined) keys.set(sku, new Set([store]));
  else if (seen.has(store)) return false;
  else seen.add(store);
  return true;
}

/** A code as a key: a numeric text is its number (the service may send 1001 one time and "1001" the next). */
function code(v: unknown): unknown {
  return typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v;
}

/** A row's key in words: "2026-10-05, SKU 1001, store 12" (with a product filter, the filter's value). */
function keyText(row: Record<string, unknown>, day: IsoDate, filter: string | undefined): string {
  return [day, ...codesText(row, filter)].join(", ");
}

/** "SKU 1001", "store 12" (with a product filter, the filter's value in place of the SKU code). */
function codesText(row: Record<string, unknown>, filter: string | undefined): string[] {
  const what: string[] = [];
  if (row.sku !== undefined)
    what.push(filter && filter !== "sku" ? `${filter} "${String(row.sku)}"` : `SKU ${String(row.sku)}`);
  if (row.store_id !== undefined) what.push(`store ${String(row.store_id)}`);
  return what;
}

/**
 * Fields in the rows that nobody asked for: not the period, not the level's fields, not an asked metric, not a
 * comparison column. With a comparison, up to one numeric column per metric served is a comparison column (the
 * spec does not show their names): first those whose name holds a metric asked for ("revenue_vs_period_pct"),
 * then others in the order they appear (`assumed`: the user is told); the rest are left out.
 */
function otherColumns(
  present: ReadonlySet<string>,
  periodField: string,
  q: AnswerQuestion,
  rows: readonly Record<string, unknown>[],
): { unasked: string[]; assumed: string[] } {
  const expected = new Set<string>([periodField, ...LEVEL_FIELDS[q.level], ...q.metrics]);
  const others = [...present].filter((f) => !expected.has(f));
  if (!q.comparison) return { unasked: others, assumed: [] };
  const served = q.metrics.filter((m) => present.has(m));
  const numeric = others.filter((f) => !isMetric(f) && numericOrEmpty(rows, f));
  const named = numeric.filter((f) => served.some((m) => f.toLowerCase().includes(m)));
  const comparisons = [...named, ...numeric.filter((f) => !named.includes(f))].slice(0, served.length);
  return {
    unasked: others.filter((f) => !comparisons.includes(f)),
    assumed: comparisons.filter((f) => !named.includes(f)),
  };
}

function numericOrEmpty(rows: readonly Record<string, unknown>[], field: string): boolean {
  return rows.every((r) => r[field] === undefined || r[field] === null || typeof r[field] === "number");
}

/** The report in the user's words. */
export function noticesOf(report: AnswerReport, q: AnswerQuestion): string[] {
  const out: string[] = [];
  const { outside } = report;
  if (outside.rows > 0) {
    const shown = outside.periods.slice(0, MAX_DATES_SHOWN).map((d) => rangeText({ from: d, to: d }, q.today));
    const more = outside.periods.length - shown.length;
    const when = more > 0 ? `${shown.join(", ")} and ${plural(more, "more date")}` : shown.join(", ");
    // A long read is asked in parts: a row inside the question can lie outside the part that returned it.
    const where = outside.periods.every((d) => !overlaps(d, q))
      ? `outside ${rangeText({ from: q.from, to: q.to }, q.today)}`
      : `outside the dates asked in ${outside.rows === 1 ? "its" : "their"} part of the read`;
    out.push(
      `The service sent ${plural(outside.rows, "row")} ${where} (dated ${when}); ${outside.rows === 1 ? "it was" : "they were"} left out.`,
    );
  }
  if (report.unsaid.length > 0)
    out.push(
      `The service did not send ${report.unsaid.join(", ")} and did not say so; ${report.unsaid.length === 1 ? "it is" : "they are"} named as omitted.`,
    );
  if (report.unasked.length > 0)
    out.push(
      `The service also sent ${report.unasked.join(", ")}, which ${report.unasked.length === 1 ? "was" : "were"} not asked for; left out of the table.`,
    );
  if (report.assumed.length > 0)
    out.push(
      `The service also sent ${report.assumed.join(", ")}, taken for ${report.assumed.length === 1 ? "a comparison column" : "comparison columns"} (the service does not name them); check ${report.assumed.length === 1 ? "it" : "them"}.`,
    );
  if (report.nulls.length > 0)
    out.push(
      `The service sent no figure for ${report.nulls.map((n) => `${n.metric} in ${plural(n.rows, "row")}`).join(", ")}; those cells are empty.`,
    );
  return out;
}

function unplaced(field: string, value: unknown, row: Record<string, unknown>, filter: string | undefined): string {
  const shown =
    typeof value === "string" ? `"${value.length > 40 ? `${value.slice(0, 40)}...` : value}"` : String(value);
  const which = codesText(row, filter);
  return `a row${which.length ? ` (${which.join(", ")})` : ""} has ${field} ${shown}, which cannot be placed on a day`;
}

function refuse(q: AnswerQuestion, rule: AnswerRule, why: string): AnswerCheck {
  const asked = `${q.retailer}, ${q.level}, ${q.timeframe}, ${rangeText({ from: q.from, to: q.to }, q.today)}`;
  return { ok: false, rule, message: `Refused the service's answer for ${asked}: ${why}. ${NOTHING_WRITTEN}` };
}
