// An answer checked against its question before anything is written (design decision 8): every period a UTC
// day inside the dates asked, every row of the View by value, its key present and sent once, periods spaced as
// the timeframe says, figures Excel can hold, nulls counted, and the columns those asked for. What breaks the
// contract is refused whole (nothing can be written) or left out and reported. Pure: the client runs it on every
// data answer, so the pane, refresh and the SALES functions alike only ever see checked answers. The rules for
// one row are in answerRows.ts, the words in answerWords.ts; docs/client.md, "What the add-in checks in every
// answer", says it for users.
import {
  addKey,
  blankKey,
  excelCannotHold,
  keyCode,
  missingKeys,
  overlaps,
  sameFields,
  unholdableComparison,
  unholdableIn,
  viewByTest,
  type DayKeys,
} from "./answerRows";
import { keyText, missingKeyText, noticesOf, refusalText, unholdableText, unplacedText } from "./answerWords";
import { daysBetween, dayOfTimestamp, type IsoDate } from "../dates";
import { isMetric, type Level, type Timeframe } from "../metrics";
import type { DataRequest } from "../query/query";

/** The question, as sent: what the rows must fit. `today` only shortens dates in the words. */
export type AnswerQuestion = Pick<
  DataRequest,
  "level" | "retailer" | "timeframe" | "metrics" | "from" | "to" | "comparison" | "filter" | "viewby"
> & { today?: IsoDate };

export interface RawAnswer {
  rows: readonly Record<string, unknown>[];
  /** The column found to hold the period (src/api/rows.ts findPeriodField); undefined when none was. */
  periodField: string | undefined;
  /** The names the X-Service-Omitted-Metrics header gave (src/core/answer/omittedMetrics.ts): metrics, or not. */
  omittedMetrics: readonly string[];
  /**
   * A long read's requests, in order: each one's dates and how many of `rows` (consecutive) it returned. A row
   * must lie inside the dates of the request that returned it; absent: one request, the question's dates.
   */
  requests?: readonly { from: IsoDate; to: IsoDate; rows: number }[];
}

/** What a checked answer left out, found empty or found unknown, for the summary. */
export interface AnswerReport {
  /** Rows dated outside the question, left out; their periods, distinct, in date order. */
  outside: { rows: number; periods: IsoDate[] };
  /** Rows inside the dates whose SKU (or filter value) is not the View by value, left out; those values, distinct. */
  notViewBy: { rows: number; values: unknown[] };
  /** Per asked metric the answer serves: rows whose value was null or absent (written as empty cells). */
  nulls: { metric: string; rows: number }[];
  /** Asked metrics no row had, though the header did not name them (now named as omitted). */
  unsaid: string[];
  /** Names the omitted-metrics header gave that are no metric: said, and ignored. */
  unknownOmitted: string[];
  /** Columns nobody asked for, left out of the table. */
  unasked: string[];
  /**
   * With a comparison: numeric columns kept as comparison columns though their names do not name a metric asked
   * for (the spec does not show the names), so the user can check them.
   */
  assumed: string[];
}

export type AnswerRule = "period" | "keys" | "key-field" | "spacing" | "figure";

export type AnswerCheck =
  | {
      ok: true;
      /** The rows inside the question, in the service's order. */
      rows: Record<string, unknown>[];
      /** Asked metrics the service left out: the header's (metrics only) and those no row had. */
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

/** Checks an answer against its question; see the file comment and docs/client.md for each rule. */
export function checkAnswer(question: AnswerQuestion, answer: RawAnswer): AnswerCheck {
  const { rows, periodField } = answer;
  const report: AnswerReport = {
    outside: { rows: 0, periods: [] },
    notViewBy: { rows: 0, values: [] },
    nulls: [],
    unsaid: [],
    // A name in the header that is no metric names no column: it is said and ignored.
    unknownOmitted: answer.omittedMetrics.filter((n) => !isMetric(n)),
    unasked: [],
    assumed: [],
  };
  const omitted: string[] = answer.omittedMetrics.filter(isMetric);
  if (rows.length === 0) {
    const notices = noticesOf(report, question);
    return { ok: true, rows: [], omittedMetrics: omitted, leftOut: [], fields: [], report, notices };
  }
  if (periodField === undefined) return refuse(question, "period", "its rows have no column of dates");

  const found = scan(question, answer, periodField);
  if ("refused" in found) return refuse(question, found.refused.rule, found.refused.why);
  const { kept, outside, notViewBy, rowsOn, present, empty, twice } = found;
  report.outside = { rows: rows.length - kept.length - notViewBy.rows, periods: [...outside].sort() };
  report.notViewBy = { rows: notViewBy.rows, values: [...notViewBy.values] };
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
  const { unasked, assumed, comparisons } = otherColumns(present, periodField, question, kept);
  Object.assign(report, { unasked, assumed });
  // Comparison columns are known only now: their figures are checked in a pass of their own.
  const bad = unholdableComparison(kept, comparisons);
  if (bad) {
    const day = dayOfTimestamp(String(bad.row[periodField]))!; // a kept row's period is placed
    return refuse(question, "figure", unholdableText(bad.row, day, question, bad.figure));
  }
  return {
    ok: true,
    rows: kept,
    omittedMetrics: omitted,
    leftOut: unasked,
    fields: [...present].filter((f) => !unasked.includes(f)),
    report,
    notices: noticesOf(report, question),
  };
}

/** What one pass over the rows found. */
interface Scan {
  /** The rows inside their request's dates and of the View by value: the answer's own array when all are. */
  kept: Record<string, unknown>[];
  /** Days of the rows left out for their dates. */
  outside: Set<IsoDate>;
  /** Rows left out for their SKU (or filter value), and those values as keys (keyCode), in the order met. */
  notViewBy: { rows: number; values: Set<unknown> };
  /** Kept rows per day. */
  rowsOn: Map<IsoDate, number>;
  /** Fields of the kept rows, in the order first seen. */
  present: Set<string>;
  /** Per asked metric: kept rows whose value is null or absent. */
  empty: number[];
  /** The first kept row whose key an earlier kept row has. */
  twice?: { row: Record<string, unknown>; day: IsoDate };
}

/** The first row that refuses the whole answer: the rule, and why in words. */
type Refused = { refused: { rule: AnswerRule; why: string } };

/**
 * One pass (answers run to 100,000s of rows): each distinct period placed once, on its UTC day, and a row kept
 * when its period meets the dates of the request that returned it and its SKU (or filter value) is the View by
 * one; a kept row must have its key and figures Excel can hold, and its key is looked up in its day's keys;
 * fields and nulls counted. Refused: the first row whose period cannot be placed, or a kept row without its key
 * or with a figure Excel cannot hold.
 */
function scan(question: AnswerQuestion, answer: RawAnswer, periodField: string): Scan | Refused {
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
  const notViewBy = { rows: 0, values: new Set<unknown>() };
  const isViewBy = viewByTest(question);
  const atStores = question.level === "store";
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
    if (slot === undefined) slot = slotOf(value, slots, byDay);
    if (slot === null) return refused("period", unplacedText(periodField, value, row, question));
    if (slot.request !== request) {
      slot.fits = overlaps(slot.day, { ...question, ...requests[request] });
      slot.request = request;
    }
    if (!slot.fits) {
      kept ??= rows.slice(0, i);
      outside.add(slot.day);
      continue;
    }
    const { sku, store_id: store } = row; // read once: every rule below looks at them
    if (blankKey(sku) || (atStores && blankKey(store)))
      return refused("key-field", missingKeyText(row, slot.day, question, missingKeys(row, question.level)));
    if (isViewBy && !isViewBy(sku)) {
      kept ??= rows.slice(0, i);
      notViewBy.rows++;
      notViewBy.values.add(keyCode(sku));
      continue;
    }
    if (kept) kept.push(row);
    slot.rows++;
    if (!addKey(slot.keys, sku, store) && !twice) twice = { row, day: slot.day };
    if (!sameFields(row, lastFields)) {
      lastFields = Object.keys(row);
      for (const k of lastFields) present.add(k);
    }
    // Figures Excel cannot hold, in the loop that counts nulls: one look at each figure of 100,000s of rows.
    for (let m = 0; m < metrics.length; m++) {
      const v = row[metrics[m]];
      if (v === null || v === undefined) empty[m]++;
      else if (typeof v === "number" && excelCannotHold(v)) return unholdable(row, slot.day, question, metrics);
    }
    if ((typeof sku === "number" && excelCannotHold(sku)) || (typeof store === "number" && excelCannotHold(store)))
      return unholdable(row, slot.day, question, CODES);
  }
  const rowsOn = new Map<IsoDate, number>();
  for (const slot of slots.values())
    if (slot && slot.rows > 0) rowsOn.set(slot.day, (rowsOn.get(slot.day) ?? 0) + slot.rows);
  kept ??= rows as Record<string, unknown>[];
  return { kept, outside, notViewBy, rowsOn, present, empty, twice };
}

const refused = (rule: AnswerRule, why: string): Refused => ({ refused: { rule, why } });

/** The codes a cell holds as numbers when the service sends them so. */
const CODES = ["sku", "store_id"];

/** The refusal of a row with a figure Excel cannot hold, the first of `fields` (the row is known to have one). */
function unholdable(row: Record<string, unknown>, day: IsoDate, q: AnswerQuestion, fields: readonly string[]): Refused {
  return refused("figure", unholdableText(row, day, q, unholdableIn(row, fields)!));
}

/** A distinct period value of the answer: its day, that day's keys, whether it fits `request`, kept rows. */
interface PeriodSlot {
  day: IsoDate;
  keys: DayKeys;
  request: number;
  fits: boolean;
  rows: number;
}

/** The slot of a period value met for the first time: placed on its UTC day (null when it cannot be), kept. */
function slotOf(
  value: unknown,
  slots: Map<unknown, PeriodSlot | null>,
  byDay: Map<IsoDate, DayKeys>,
): PeriodSlot | null {
  const day = typeof value === "string" ? dayOfTimestamp(value) : null;
  let keys = day === null ? undefined : byDay.get(day);
  if (day !== null && keys === undefined) byDay.set(day, (keys = new Map()));
  const slot = day === null ? null : { day, keys: keys!, request: -1, fits: false, rows: 0 };
  slots.set(value, slot);
  return slot;
}

/**
 * What the periods look like when they do not fit the timeframe, or undefined when they do. Weekly periods
 * share a weekday and monthly periods a day of the month (gaps between them are allowed: the service sends no
 * rows for a period without sales). Daily periods that all fall whole weeks (or months) apart are refused when
 * there are three or more of them, or two in a question of two weeks or more with several rows each (`span`:
 * days asked; `fewestRows`: rows of the day with fewest): fewer cannot be told from a SKU with sales on few days.
 * A rule of this module's interface, tested on its own (test/core/answerCheck.property.test.ts).
 * @public
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
): { unasked: string[]; assumed: string[]; comparisons: string[] } {
  const expected = new Set<string>([periodField, ...LEVEL_FIELDS[q.level], ...q.metrics]);
  const others = [...present].filter((f) => !expected.has(f));
  if (!q.comparison) return { unasked: others, assumed: [], comparisons: [] };
  const served = q.metrics.filter((m) => present.has(m));
  const numeric = others.filter((f) => !isMetric(f) && numericOrEmpty(rows, f));
  const named = numeric.filter((f) => served.some((m) => f.toLowerCase().includes(m)));
  const comparisons = [...named, ...numeric.filter((f) => !named.includes(f))].slice(0, served.length);
  return {
    unasked: others.filter((f) => !comparisons.includes(f)),
    assumed: comparisons.filter((f) => !named.includes(f)),
    comparisons,
  };
}

function numericOrEmpty(rows: readonly Record<string, unknown>[], field: string): boolean {
  return rows.every((r) => r[field] === undefined || r[field] === null || typeof r[field] === "number");
}

function refuse(q: AnswerQuestion, rule: AnswerRule, why: string): AnswerCheck {
  return { ok: false, rule, message: refusalText(q, why) };
}
