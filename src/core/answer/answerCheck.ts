// An answer checked against its question before anything is written (docs/architecture.md, Decision 8): every period a
// UTC day inside the dates asked, every row of the View by value, its key present and sent once, periods spaced as the
// timeframe says, figures Excel can hold, nulls counted, and the columns those asked for. What breaks the contract is
// refused whole (nothing can be written) or left out and reported. Pure: the client runs it on every data answer, so
// the pane, refresh and the SALES functions alike only ever see checked answers. The rules for one row are in
// answerRows.ts, the words in answerWords.ts; docs/client.md, "What the add-in checks in every answer", says it for
// users.
import { AnswerScan, LEVEL_FIELDS, unholdableComparison, type RequestDates, type ScanFound } from "./answerScan";
import { keyText, noticesOf, refusalText, unholdableText } from "./answerWords";
import { daysBetween, type IsoDate } from "../dates";
import { isMetric, type Timeframe } from "../query/metrics";
import type { AnswerQuestion, AnswerReport, AnswerRule } from "./answerQuestion";

export interface RawAnswer {
  rows: readonly Record<string, unknown>[];
  /** The column found to hold the period (src/api/dataRows.ts findPeriodField); undefined when none was. */
  periodField: string | undefined;
  /** The names the X-Service-Omitted-Metrics header gave (src/core/answer/omittedMetrics.ts): metrics, or not. */
  omittedMetrics: readonly string[];
  /**
   * A long read's requests, in order: each one's dates and how many of `rows` (consecutive) it returned. A row
   * must lie inside the dates of the request that returned it; absent: one request, the question's dates.
   */
  requests?: readonly { from: IsoDate; to: IsoDate; rows: number }[];
}

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

/**
 * Checks an answer against its question; see the file comment and docs/client.md for each rule. The rows are
 * checked in one pass (answerScan.ts) over each request's rows in turn; `AnswerStream` runs the same pass over an
 * answer a batch at a time.
 */
export function checkAnswer(question: AnswerQuestion, answer: RawAnswer): AnswerCheck {
  const { rows, periodField } = answer;
  if (rows.length === 0 || periodField === undefined) {
    const v = verdict(question, undefined, answer.omittedMetrics, rows.length > 0);
    return v.ok ? { ...v, rows: [] } : v;
  }
  const scan = new AnswerScan(question, periodField);
  const requests = answer.requests ?? [{ from: question.from, to: question.to, rows: rows.length }];
  // Each request's rows in turn (the last request takes any rows the counts leave over).
  let at = 0;
  let kept: Record<string, unknown>[] | null = null;
  for (let r = 0; r < requests.length && at < rows.length && !scan.refusal; r++) {
    const end = r === requests.length - 1 ? rows.length : Math.min(rows.length, at + requests[r].rows);
    const some = scan.add(rows, requests[r], at, end);
    if (some && !kept) kept = rows.slice(0, at) as Record<string, unknown>[];
    if (kept) for (const row of some ?? rows.slice(at, end)) kept.push(row);
    at = end;
  }
  const v = verdict(question, scan, answer.omittedMetrics, true);
  return v.ok ? { ...v, rows: kept ?? (rows as Record<string, unknown>[]) } : v;
}

const NO_PERIOD = "its rows have no column of dates";

/** A refused answer: the rule it broke, and the refusal in words. */
export type AnswerRefusal = Exclude<AnswerCheck, { ok: true }>;

/** An accepted answer's verdict, without its rows (whoever fed the pass has them), or the refusal. */
export type AnswerVerdict = AnswerRefusal | Omit<Extract<AnswerCheck, { ok: true }>, "rows">;

/**
 * An answer checked as its rows arrive, a batch at a time (the sync's streamed read): the rows kept from each batch
 * (the batch itself when all are), then the same verdict as checkAnswer gives the whole answer. The period column
 * is found by the first batch with rows (findPeriodField reads an answer's first rows only).
 */
export class AnswerStream {
  private scan?: AnswerScan;
  private seen = 0;

  constructor(
    private readonly question: AnswerQuestion,
    /** The dates of the request the answer comes from (when one request holds it all). */
    readonly dates: RequestDates,
  ) {}

  /** A refusal found so far (no later row changes it: the caller may stop reading), in words. */
  get refusal(): AnswerRefusal | undefined {
    if (this.seen > 0 && !this.scan) return refuse(this.question, "period", NO_PERIOD);
    const why = this.scan?.refusal;
    return why && refuse(this.question, why.rule, why.why);
  }

  /**
   * The next rows of the answer: those kept. The first rows come with the answer's period column (undefined when
   * none was found: the answer is refused). `dates`: those of the request that returned them, when the answer is
   * read in several requests (chunks); the stream's own otherwise.
   */
  add(
    rows: readonly Record<string, unknown>[],
    periodField?: string,
    dates: RequestDates = this.dates,
  ): Record<string, unknown>[] {
    if (rows.length === 0) return [];
    const first = this.seen === 0;
    this.seen += rows.length;
    if (first && periodField !== undefined) this.scan = new AnswerScan(this.question, periodField);
    if (!this.scan) return [];
    return this.scan.add(rows, dates) ?? (rows as Record<string, unknown>[]);
  }

  /** After the last rows: the verdict on the whole answer. */
  end(omittedMetrics: readonly string[]): AnswerVerdict {
    return verdict(this.question, this.scan, omittedMetrics, this.seen > 0);
  }
}

/**
 * The verdict on what the pass over an answer found (`scan`; none when the rows had no column of dates, or there
 * were no rows): the spacing of its periods, keys sent twice, its columns, and the comparisons' figures.
 */
function verdict(
  question: AnswerQuestion,
  scan: AnswerScan | undefined,
  omittedMetrics: readonly string[],
  hadRows: boolean,
): AnswerVerdict {
  const report: AnswerReport = {
    outside: { rows: 0, periods: [] },
    notViewBy: { rows: 0, values: [] },
    nulls: [],
    unsaid: [],
    // A name in the header that is no metric names no column: it is said and ignored.
    unknownOmitted: omittedMetrics.filter((n) => !isMetric(n)),
    unasked: [],
    assumed: [],
  };
  const omitted: string[] = omittedMetrics.filter(isMetric);
  if (!hadRows)
    return { ok: true, omittedMetrics: omitted, leftOut: [], fields: [], report, notices: noticesOf(report, question) };
  if (!scan) return refuse(question, "period", NO_PERIOD);
  if (scan.refusal) return refuse(question, scan.refusal.rule, scan.refusal.why);
  const found = scan.end();
  const { outside, notViewBy, rowsOn, present, empty, twice } = found;
  report.outside = { rows: outside.rows, periods: [...outside.days].sort() };
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
      `it sent the same row twice (${keyText(twice.row, twice.day, question)}), and which one is right cannot be known`,
    );

  // Columns: asked metrics no row has are omitted; fields nobody asked for are left out.
  const said = new Set(omitted);
  for (const m of question.metrics) {
    if (!present.has(m) && !said.has(m) && found.kept > 0) {
      report.unsaid.push(m);
      omitted.push(m);
    }
  }
  // Nulls of the metrics served (an omitted metric's cells are empty anyway).
  report.nulls = question.metrics.flatMap((metric, m) =>
    empty[m] > 0 && !omitted.includes(metric) ? [{ metric, rows: empty[m] }] : [],
  );
  const { unasked, assumed, comparisons } = otherColumns(found, scan.periodField, question);
  Object.assign(report, { unasked, assumed });
  // Comparison columns are known only now: the first kept row with a figure in one Excel cannot hold refuses.
  const bad = unholdableComparison(found, comparisons);
  if (bad) return refuse(question, "figure", unholdableText(bad.row, bad.day, question, bad.figure));
  return {
    ok: true,
    omittedMetrics: omitted,
    leftOut: unasked,
    fields: [...present].filter((f) => !unasked.includes(f)),
    report,
    notices: noticesOf(report, question),
  };
}

/**
 * What the periods look like when they do not fit the timeframe, or undefined when they do. Weekly periods
 * share a weekday and monthly periods a day of the month (gaps between them are allowed: the service sends no
 * rows for a period without sales). Daily periods that all fall whole weeks (or months) apart are refused when
 * there are three or more of them, or two in a question of two weeks or more with several rows each (`span`:
 * days asked; `fewestRows`: rows of the day with fewest): fewer cannot be told from a SKU with sales on few days.
 */
function spacingProblem(
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
  found: ScanFound,
  periodField: string,
  q: AnswerQuestion,
): { unasked: string[]; assumed: string[]; comparisons: string[] } {
  const { present } = found;
  const expected = new Set<string>([periodField, ...LEVEL_FIELDS[q.level], ...q.metrics]);
  const others = [...present].filter((f) => !expected.has(f));
  if (!q.comparison) return { unasked: others, assumed: [], comparisons: [] };
  const served = q.metrics.filter((m) => present.has(m));
  const numeric = others.filter((f) => !isMetric(f) && !found.notNumeric.has(f));
  const named = numeric.filter((f) => served.some((m) => f.toLowerCase().includes(m)));
  const comparisons = [...named, ...numeric.filter((f) => !named.includes(f))].slice(0, served.length);
  return {
    unasked: others.filter((f) => !comparisons.includes(f)),
    assumed: comparisons.filter((f) => !named.includes(f)),
    comparisons,
  };
}

function refuse(q: AnswerQuestion, rule: AnswerRule, why: string): AnswerRefusal {
  return { ok: false, rule, message: refusalText(q, why) };
}
