// Every rule of the service spec that can be checked before sending, with messages that name the
// argument and what is allowed. Used by the client, the pane and the SALES functions alike.
import { addDays, daysBetween, parseIsoDate, type IsoDate } from "../dates";
import {
  COMPARISONS,
  FILTERS,
  LEVEL_METRICS,
  LEVELS,
  METRICS,
  NEVER_DAILY,
  STORE_DAILY_RETENTION_DAYS,
  TIMEFRAMES,
  isMetric,
  servedMetrics,
  type Comparison,
  type Filter,
  type Level,
  type Metric,
  type MetricsAvailability,
  type Timeframe,
} from "../metrics";
import { retailerList, type DataQuery, type NormalizedQuery } from "./query";

export type QueryField = keyof DataQuery;

/** What kind of problem an issue is, so callers decide what to show without reading the message. */
export type IssueCode =
  /** A required value is empty: Retailer, Metrics. */
  | "missing"
  /** A value outside the allowed ones: a level, timeframe, comparison, filter or metric name, a metric at the
   * wrong level, "all" at store level. */
  | "not-allowed"
  /** Not in the form asked for: a date that is not a real YYYY-MM-DD day, metric names not separated by commas. */
  | "format"
  /** Dates out of bounds: To before From, a store-level daily From before the 14-day limit. */
  | "range"
  /** A value that needs another one: View by without a Filter. */
  | "requires"
  /** Asked for, but not served: a timeframe or metrics the retailer does not publish, metrics never served daily. */
  | "not-served";

export interface Issue {
  field: QueryField;
  code: IssueCode;
  message: string;
}

export type Validation =
  { ok: true; query: NormalizedQuery; warnings: Issue[] } | { ok: false; errors: Issue[]; warnings: Issue[] };

export interface ValidationContext {
  /** The service's today (the clock the 14-day store retention is counted from). */
  today: IsoDate;
  /** The retailer's metrics list when known: unservable combinations are refused before sending. */
  metricsList?: MetricsAvailability[];
}

const LEVEL_LABEL: Record<Level, string> = { sku: "SKU level", store: "store level" };

function oneOf<T extends string>(values: readonly T[], raw: unknown): T | undefined {
  if (typeof raw !== "string") return undefined;
  const v = raw.trim().toLowerCase();
  return (values as readonly string[]).includes(v) ? (v as T) : undefined;
}

function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "");
}

function quoteList(values: readonly string[]): string {
  return values.join(", ");
}

/** "Revenue, Units" / ["revenue", "units,stock"] -> ["revenue", "units", "stock"]: trimmed, lower-case, unique. */
export function splitMetrics(raw: string[] | string): string[] {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((item) => String(item ?? "").split(","));
  const names = parts.map((p) => p.trim().toLowerCase()).filter((p) => p !== "");
  return [...new Set(names)];
}

/** The earliest day a store-level daily request may ask for, given the service's today. */
export function earliestStoreDailyDate(today: IsoDate): IsoDate {
  return addDays(today, -STORE_DAILY_RETENTION_DAYS);
}

type Fail = (field: QueryField, code: IssueCode, message: string) => void;

export function validateDataQuery(input: DataQuery, ctx: ValidationContext): Validation {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const fail: Fail = (field, code, message) => errors.push({ field, code, message });

  const level = oneOf(LEVELS, input.level);
  if (!level) fail("level", "not-allowed", `Level must be "sku" or "store", not "${String(input.level ?? "")}".`);

  const timeframe = oneOf(TIMEFRAMES, input.timeframe);
  if (!timeframe)
    fail(
      "timeframe",
      "not-allowed",
      `Timeframe must be one of ${quoteList(TIMEFRAMES)}, not "${String(input.timeframe ?? "")}".`,
    );

  const named = retailerList(input.retailer);
  const retailer = named.length === 1 ? named[0] : "";
  if (named.length > 1) {
    fail(
      "retailer",
      "not-allowed",
      `One retailer is read here, not ${named.length} (${named.join(", ")}). Give one retailer.`,
    );
  } else if (!retailer)
    fail("retailer", "missing", "Retailer is missing. Choose one of the retailers your key can read.");
  else if (retailer.toLowerCase() === "all" && level === "store") {
    fail(
      "retailer",
      "not-allowed",
      `"all" (Sales Summary) exists at SKU level only. Choose one retailer for store-level data.`,
    );
  }
  const isAll = retailer.toLowerCase() === "all";

  const comparison = isBlank(input.comparison) ? undefined : oneOf(COMPARISONS, input.comparison);
  if (!isBlank(input.comparison) && !comparison) {
    fail(
      "comparison",
      "not-allowed",
      `Comparison must be "period", "year" or empty, not "${String(input.comparison)}".`,
    );
  }

  const filter = isBlank(input.filter) ? undefined : oneOf(FILTERS, input.filter);
  if (!isBlank(input.filter) && !filter) {
    fail("filter", "not-allowed", `Filter must be one of ${quoteList(FILTERS)}, not "${String(input.filter)}".`);
  }

  const viewby = isBlank(input.viewby) ? undefined : String(input.viewby);
  if (viewby !== undefined && !filter) {
    fail(
      "viewby",
      "requires",
      `View by needs a filter: set Filter to "sku" to pick one SKU, or to filter1..filter5 for a filter name.`,
    );
  }

  const metrics = validateMetrics(input.metrics, level, timeframe, fail, warnings);
  const dates = validateDates(input, level, timeframe, ctx.today, fail);

  // What the retailer publishes, when known, decides what can be asked at all.
  const record = !isAll && level && timeframe ? ctx.metricsList?.find((r) => r.retailer === retailer) : undefined;
  if (record && level && timeframe) checkServed(record, { retailer, level, timeframe, metrics }, fail, warnings);

  if (errors.length > 0 || !level || !timeframe || !dates) return { ok: false, errors, warnings };
  const query: NormalizedQuery = { level, retailer, timeframe, metrics, from: dates.from, to: dates.to };
  if (comparison) query.comparison = comparison as Comparison;
  if (filter) query.filter = filter as Filter;
  if (viewby !== undefined) query.viewby = viewby;
  return { ok: true, query, warnings };
}

/** The query against the retailer's metrics list: a timeframe it has no data for, metrics it does not serve. */
function checkServed(
  record: MetricsAvailability,
  q: { retailer: string; level: Level; timeframe: Timeframe; metrics: Metric[] },
  fail: Fail,
  warnings: Issue[],
): void {
  const { retailer, level, timeframe, metrics } = q;
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
      `${retailer} serves none of ${quoteList(metrics)} at ${LEVEL_LABEL[level]}, ${timeframe}. It serves: ${quoteList(list) || "nothing"}.`,
    );
  } else if (omitted.length > 0) {
    warnings.push({
      field: "metrics",
      code: "not-served",
      message: `${retailer} does not serve ${quoteList(omitted)} at ${LEVEL_LABEL[level]}, ${timeframe}: the service will leave ${omitted.length === 1 ? "it" : "them"} out.`,
    });
  }
}

function validateMetrics(
  raw: DataQuery["metrics"],
  level: Level | undefined,
  timeframe: Timeframe | undefined,
  fail: Fail,
  warnings: Issue[],
): Metric[] {
  const names = splitMetrics(raw ?? "");
  if (names.length === 0) {
    fail(
      "metrics",
      "missing",
      `Metrics is empty. Give one or more of: ${quoteList(level ? LEVEL_METRICS[level] : METRICS)}.`,
    );
    return [];
  }
  const unknown = names.filter((n) => !isMetric(n));
  if (unknown.length > 0) {
    const badForm = unknown.some((n) => /[^a-z_]/.test(n));
    fail(
      "metrics",
      badForm ? "format" : "not-allowed",
      `${unknown.map((n) => `"${n}"`).join(", ")} ${unknown.length === 1 ? "is not a metric" : "are not metrics"}.` +
        (badForm ? " Separate names with commas only." : "") +
        ` Allowed${level ? ` at ${LEVEL_LABEL[level]}` : ""}: ${quoteList(level ? LEVEL_METRICS[level] : METRICS)}.`,
    );
    return [];
  }
  let metrics = names as Metric[];
  if (level) {
    const wrongLevel = metrics.filter((m) => !LEVEL_METRICS[level].includes(m));
    if (wrongLevel.length > 0) {
      fail(
        "metrics",
        "not-allowed",
        `${quoteList(wrongLevel)} ${wrongLevel.length === 1 ? "is" : "are"} not available at ${LEVEL_LABEL[level]}. Allowed: ${quoteList(LEVEL_METRICS[level])}.`,
      );
      return [];
    }
  }
  if (timeframe === "daily") {
    const dropped = metrics.filter((m) => NEVER_DAILY.includes(m));
    if (dropped.length > 0) {
      metrics = metrics.filter((m) => !NEVER_DAILY.includes(m));
      if (metrics.length === 0) {
        fail(
          "metrics",
          "not-served",
          `${quoteList(dropped)} ${dropped.length === 1 ? "is" : "are"} never available daily. Choose weekly or monthly, or other metrics.`,
        );
        return [];
      }
      warnings.push({
        field: "metrics",
        code: "not-served",
        message: `Left out ${quoteList(dropped)}: never available daily.`,
      });
    }
  }
  return metrics;
}

function validateDates(
  input: DataQuery,
  level: Level | undefined,
  timeframe: Timeframe | undefined,
  today: IsoDate,
  fail: Fail,
): { from: IsoDate; to: IsoDate } | undefined {
  const from = typeof input.from === "string" ? input.from.trim() : "";
  const to = typeof input.to === "string" ? input.to.trim() : "";
  const fromOk = parseIsoDate(from) !== null;
  const toOk = parseIsoDate(to) !== null;
  if (!fromOk) fail("from", "format", `From must be a real date as YYYY-MM-DD, not "${String(input.from ?? "")}".`);
  if (!toOk) fail("to", "format", `To must be a real date as YYYY-MM-DD, not "${String(input.to ?? "")}".`);
  if (!fromOk || !toOk) return undefined;
  if (daysBetween(from, to) < 0) {
    fail("to", "range", `To (${to}) is before From (${from}). Swap them or pick a later To.`);
    return undefined;
  }
  if (level === "store" && timeframe === "daily") {
    const earliest = earliestStoreDailyDate(today);
    if (daysBetween(earliest, from) < 0) {
      fail(
        "from",
        "range",
        `Store-level daily data is kept for ${STORE_DAILY_RETENTION_DAYS} days only: the earliest From is ${earliest}. Use weekly store data for older dates.`,
      );
      return undefined;
    }
  }
  return { from, to };
}
