// The rules of the service spec that need the service: its today (the 14-day store limit, and no data after it)
// and a retailer's metrics list (what it serves), with the metrics never served daily. They check a parsed request (query.ts
// parses every query at its edge), with messages that name the field and what is allowed. Used by the client,
// the pane and the SALES functions alike.
import { addDays, daysBetween, type IsoDate } from "../dates";
import { isoDay, type DayText } from "../words";
import {
  NEVER_DAILY,
  STORE_DAILY_RETENTION_DAYS,
  TIMEFRAMES,
  servedMetrics,
  type Metric,
  type MetricsAvailability,
  type Timeframe,
} from "./metrics";
import { LEVEL_LABEL, type DataRequest, type Issue, type IssueCode, type MetricText, type QueryField } from "./query";

export type Validation =
  { ok: true; query: DataRequest; warnings: Issue[] } | { ok: false; errors: Issue[]; warnings: Issue[] };

export interface ValidationContext {
  /** The service's today (the clock the 14-day store retention is counted from). */
  today: IsoDate;
  /** The retailer's metrics list when known: unservable combinations are refused before sending. */
  metricsList?: MetricsAvailability[];
  /** How the messages write a day (the surface's style: the pane's, the functions'); default YYYY-MM-DD. */
  day?: DayText;
  /** How the messages name a metric (the pane: its plain name); default the service's name. */
  metric?: MetricText;
}

/**
 * The service has nothing after its today: said before a request is sent, in the surface's style of a day. An
 * error on a From after it (serviceRules: nothing can come back); a To after it is said by the surface that asks
 * (toAfterToday): the rows stop at today.
 */
export function afterTodayText(today: IsoDate, day: DayText = isoDay): string {
  return `The service's today is ${day(today)}: the data stops there.`;
}

function quoteList(values: readonly string[]): string {
  return values.join(", ");
}

/** Metrics (or a list's names) as a surface names them, as a comma list. */
type Names = (metrics: readonly string[]) => string;

/** The earliest day a store-level daily request may ask for, given the service's today. */
function earliestStoreDailyDate(today: IsoDate): IsoDate {
  return addDays(today, -STORE_DAILY_RETENTION_DAYS);
}

type Fail = (field: QueryField, code: IssueCode, message: string) => void;

/** Where a rule says what it found, and how it names metrics. */
interface Said {
  fail: Fail;
  warnings: Issue[];
  names: Names;
}

/** The request as it can be sent: metrics never served daily left out (with a warning), then the service's rules. */
export function validateRequest(request: DataRequest, ctx: ValidationContext): Validation {
  const { errors, warnings, metrics } = serviceRules(request, ctx);
  if (errors.length > 0) return { ok: false, errors, warnings };
  return { ok: true, query: { ...request, metrics: metrics ?? request.metrics }, warnings };
}

/**
 * The service's rules on what is known of a request, each when the fields it reads are there: all of them for a
 * parsed request; for a query the parser refused, those its fields read right allow (the pane says them beside
 * the parser's problems). `metrics`: the request's, less those never served daily.
 */
export function serviceRules(
  request: Partial<DataRequest>,
  ctx: ValidationContext,
): { errors: Issue[]; warnings: Issue[]; metrics?: Metric[] } {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const fail: Fail = (field, code, message) => errors.push({ field, code, message });
  const { level, timeframe, from, to, retailer } = request;
  const day = ctx.day ?? isoDay;
  const names: Names = (ms) => quoteList(ctx.metric ? ms.map(ctx.metric) : ms);
  const metrics =
    request.metrics && timeframe ? dailyMetrics(request.metrics, timeframe, { fail, warnings, names }) : undefined;
  if (level === "store" && timeframe === "daily" && from !== undefined && to !== undefined) {
    const earliest = earliestStoreDailyDate(ctx.today);
    if (daysBetween(earliest, from) < 0)
      fail(
        "from",
        "range",
        `Store-level daily data is kept for ${STORE_DAILY_RETENTION_DAYS} days only: the earliest From is ${day(earliest)}. Use weekly store data for older dates.`,
      );
  }
  // After the service's today there is nothing: a From there can bring nothing back.
  if (from !== undefined && daysBetween(ctx.today, from) > 0) fail("from", "future", afterTodayText(ctx.today, day));
  // What the retailer publishes, when known, decides what can be asked at all.
  const record = retailer === "all" ? undefined : ctx.metricsList?.find((r) => r.retailer === retailer);
  if (record && level && timeframe)
    checkServed(
      record,
      { retailer: record.retailer, level, timeframe, metrics: metrics ?? [] },
      { fail, warnings, names },
    );
  return { errors, warnings, metrics };
}

/**
 * A To after the service's today, when From is not (From's error says it then): the surface warns before sending
 * that the rows stop at today. The client sends such a request as it is (a rolling query's To is today itself).
 */
export function toAfterToday(
  request: Partial<Pick<DataRequest, "from" | "to">>,
  ctx: Pick<ValidationContext, "today" | "day">,
): Issue | undefined {
  const { from, to } = request;
  if (to === undefined || daysBetween(ctx.today, to) <= 0) return undefined;
  if (from !== undefined && daysBetween(ctx.today, from) > 0) return undefined;
  return { field: "to", code: "future", message: afterTodayText(ctx.today, ctx.day) };
}

/** The metrics of a daily request without those never served daily: an error when none is left. */
function dailyMetrics(asked: Metric[], timeframe: Timeframe, { fail, warnings, names }: Said): Metric[] {
  if (timeframe !== "daily") return asked;
  const dropped = asked.filter((m) => NEVER_DAILY.includes(m));
  if (dropped.length === 0) return asked;
  const metrics = asked.filter((m) => !NEVER_DAILY.includes(m));
  if (metrics.length === 0) {
    fail(
      "metrics",
      "not-served",
      `${names(dropped)} ${dropped.length === 1 ? "is" : "are"} never available daily. Choose weekly or monthly, or other metrics.`,
    );
    return [];
  }
  warnings.push({
    field: "metrics",
    code: "not-served",
    message: `Left out ${names(dropped)}: never available daily.`,
  });
  return metrics;
}

/** The request against the retailer's metrics list: a timeframe it has no data for, metrics it does not serve. */
function checkServed(
  record: MetricsAvailability,
  request: Pick<DataRequest, "retailer" | "level" | "timeframe" | "metrics">,
  { fail, warnings, names }: Said,
): void {
  const { retailer, level, timeframe, metrics } = request;
  const list = servedMetrics(record, level, timeframe);
  if (list === null) {
    const other = TIMEFRAMES.filter((t) => t !== timeframe && servedMetrics(record, level, t) !== null);
    fail(
      "timeframe",
      "not-served",
      `${retailer} has no ${timeframe} data at ${LEVEL_LABEL[level]}.` +
        (other.length ? ` Available: ${quoteList(other)}.` : ` It has no ${LEVEL_LABEL[level]} data at all.`),
    );
    return;
  }
  if (metrics.length === 0) return;
  const served = metrics.filter((m) => list.includes(m));
  const omitted = metrics.filter((m) => !list.includes(m));
  if (served.length === 0) {
    fail(
      "metrics",
      "not-served",
      `${retailer} serves none of ${names(metrics)} at ${LEVEL_LABEL[level]}, ${timeframe}. It serves: ${names(list) || "nothing"}.`,
    );
  } else if (omitted.length > 0) {
    warnings.push({
      field: "metrics",
      code: "not-served",
      message: `${retailer} does not serve ${names(omitted)} at ${LEVEL_LABEL[level]}, ${timeframe}: the service will leave ${omitted.length === 1 ? "it" : "them"} out.`,
    });
  }
}
