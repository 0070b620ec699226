// Arguments of the SALES functions as Excel hands them over (text, numbers, booleans, date serials, 2D ranges,
// empty cells, omitted optionals) parsed into a Query (query.ts, the edge every query passes), then checked by
// the shared validation, so a formula can never send what the pane would refuse. Every error names the ARGUMENT
// and says what is allowed.
import { UserError } from "../errorText";
import { daysBetween, type IsoDate } from "../dates";
import { dayWords } from "../words";
import { FILTERS, LEVELS, TIMEFRAMES, type Level, type Metric, type Timeframe } from "./metrics";
import { validateForRetailers } from "./retailers";
import { parseQuery, requestsOf, type DataRequest, type Issue, type Query, type QueryField } from "./query";
import { retailerList, splitMetrics } from "./queryFields";
import { DATE_FORMS, parseDateValue } from "./relativeDates";
import { validateRequest } from "./validate";

/** A bad argument: Excel shows it as #VALUE! with this message. */
export class ArgumentError extends UserError {
  override readonly name = "ArgumentError";
  constructor(
    /** The argument's name as declared in the function (e.g. "from", "metrics", "headers"). */
    readonly argument: string,
    message: string,
  ) {
    super(message);
  }
}

/** The message with the argument named first, unless it already starts with it ("From must be ..."). */
export function argumentMessage(argument: string, message: string): string {
  const lead = message.slice(0, argument.length + 1).toLowerCase();
  return lead === `${argument.toLowerCase()} ` ? message : `${argument}: ${message}`;
}

function fail(argument: string, message: string): never {
  throw new ArgumentError(argument, argumentMessage(argument, message));
}

/** Omitted, null, "" or only spaces: the argument was not given. */
function isEmptyArg(raw: unknown): boolean {
  if (raw === undefined || raw === null) return true;
  if (typeof raw === "string") return raw.trim() === "";
  if (Array.isArray(raw)) return flattenArg(raw).length === 0;
  return false;
}

/** A scalar, a 1D list or a 2D range flattened row by row; empty cells (null, "", spaces) are left out. */
function flattenArg(raw: unknown): unknown[] {
  const out: unknown[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (!(v === undefined || v === null || (typeof v === "string" && v.trim() === ""))) out.push(v);
  };
  walk(raw);
  return out;
}

function describe(raw: unknown): string {
  if (typeof raw === "string") return `"${raw}"`;
  if (typeof raw === "boolean") return raw ? "TRUE" : "FALSE";
  if (Array.isArray(raw)) return "a range of several cells";
  return String(raw);
}

/** A single value from a scalar or a one-cell range. */
function single(argument: string, raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  const cells = flattenArg(raw);
  if (cells.length > 1) fail(argument, `give one value, not a range of ${cells.length} cells.`);
  return cells[0];
}

/** Text argument (numbers become their digits, e.g. a SKU code typed as a number). Empty: `fallback`. */
function textArg(argument: string, raw: unknown, fallback?: string): string | undefined {
  const v = single(argument, raw);
  if (isEmptyArg(v)) return fallback;
  if (typeof v === "string") return v.trim();
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return fail(argument, `expected text, not ${describe(v)}.`);
}

/** A required text argument. */
function requiredTextArg(argument: string, raw: unknown, what: string): string {
  const v = textArg(argument, raw);
  if (v === undefined) fail(argument, `is missing. Give ${what}.`);
  return v;
}

/** One of a fixed set of words, case-insensitive; empty gives `fallback`. */
function choiceArg<T extends string>(argument: string, raw: unknown, allowed: readonly T[], fallback: T): T {
  const v = textArg(argument, raw);
  if (v === undefined) return fallback;
  const hit = allowed.find((a) => a.toLowerCase() === v.toLowerCase());
  if (!hit) fail(argument, `must be ${orList(allowed.map((a) => `"${a}"`))}, not ${describe(v)}.`);
  return hit;
}

function orList(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/**
 * TRUE/FALSE, 1/0 (any non-zero number is TRUE, as in Excel), "TRUE"/"FALSE", "yes"/"no", "1"/"0"; empty: `fallback`.
 */
function booleanArg(argument: string, raw: unknown, fallback: boolean): boolean {
  const v = single(argument, raw);
  if (isEmptyArg(v)) return fallback;
  if (typeof v === "boolean") return v;
  if (typeof v === "number" && Number.isFinite(v)) return v !== 0;
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    if (t === "true" || t === "yes" || t === "1") return true;
    if (t === "false" || t === "no" || t === "0") return false;
  }
  return fail(argument, `must be TRUE or FALSE (or 1 / 0), not ${describe(v)}.`);
}

/** A date in any accepted form (see relativeDates.ts), required. */
function dateArg(argument: string, raw: unknown, today: IsoDate): IsoDate {
  const v = single(argument, raw);
  if (isEmptyArg(v)) fail(argument, `is missing. Give ${DATE_FORMS}.`);
  const parsed = parseDateValue(v, today);
  if (!parsed.ok) fail(argument, `${parsed.reason}. Give ${DATE_FORMS}.`);
  return parsed.date;
}

/**
 * Metric names from "revenue,units", "Revenue, Units" or a range of cells (each may hold a list); de-duplicated.
 */
function metricsArg(argument: string, raw: unknown): string[] {
  const cells = flattenArg(raw);
  const texts = cells.map((c) => {
    if (typeof c !== "string") fail(argument, `expected metric names, not ${describe(c)}.`);
    return c;
  });
  return splitMetrics(texts);
}

// ---- whole function calls ----

export interface TableArgs {
  retailer: unknown;
  metrics: unknown;
  from: unknown;
  to: unknown;
  timeframe?: unknown;
  comparison?: unknown;
  filter?: unknown;
  viewby?: unknown;
  headers?: unknown;
}

export interface TableCall {
  /** What to read (src/api fetchTable): the checked query, its retailers in the order given. */
  query: Query;
  /** The checked request of each retailer, in the order given (one for one retailer); they differ only in retailer. */
  queries: DataRequest[];
  headers: boolean;
  warnings: string[];
}

/**
 * The retailers of SALES.SKU / SALES.STORE: one ("northmart"), a comma list ("northmart, freshway") or a range
 * (read row by row, empty cells ignored, a cell may itself hold a list), in the order given. Names are trimmed;
 * their case is kept (the service's identifiers). Duplicates and "all" among others are left for the checks.
 */
function retailersArg(argument: string, raw: unknown): string[] {
  const texts = flattenArg(raw).map((c) => {
    if (typeof c === "string") return c;
    if (typeof c === "number" && Number.isFinite(c)) return String(c);
    return fail(argument, `expected retailer names, not ${describe(c)}.`);
  });
  return retailerList(texts);
}

/** SALES.SKU / SALES.STORE arguments to a checked query, for one retailer or several. Throws ArgumentError. */
export function parseTableArgs(level: Level, args: TableArgs, today: IsoDate): TableCall {
  const input = {
    level,
    retailers: retailersArg("retailer", args.retailer),
    metrics: metricsArg("metrics", args.metrics),
    from: dateArg("from", args.from, today),
    to: dateArg("to", args.to, today),
    timeframe: textArg("timeframe", args.timeframe, "weekly") ?? "weekly",
    comparison: textArg("comparison", args.comparison),
    filter: textArg("filter", args.filter),
    viewby: textArg("viewby", args.viewby),
  };
  const headers = booleanArg("headers", args.headers, true);
  // Days in messages as the functions say them, "28 Nov 2026" (Excel shows them with no locale of the pane's).
  const parsed = parseQuery(input, { day: dayWords });
  if (!parsed.ok) throw issuesError(parsed.errors);
  // The query for each retailer (their metrics lists are the client's to check, once it has read them).
  const v = validateForRetailers(parsed.query, { today, metricsLists: new Map(), day: dayWords });
  if (!v.ok) throw issuesError(v.errors);
  return {
    // What is read: the metrics as validation left them (never-daily ones out, said in the warnings).
    query: { ...parsed.query, metrics: v.queries[0].metrics },
    queries: v.queries,
    headers,
    warnings: [...new Set(v.warnings.flat())],
  };
}

export interface ValueArgs {
  retailer: unknown;
  metric: unknown;
  sku: unknown;
  date: unknown;
  timeframe?: unknown;
}

export interface ValueCall {
  retailer: string;
  metric: Metric;
  sku: string;
  date: IsoDate;
  timeframe: Timeframe;
}

const VALUE_FIELDS: Partial<Record<QueryField, string>> = { metrics: "metric", from: "date", to: "date" };

/** SALES.VALUE arguments, checked as a one-day SKU query. Throws ArgumentError. */
export function parseValueArgs(args: ValueArgs, today: IsoDate): ValueCall {
  const retailer = textArg("retailer", args.retailer) ?? "";
  const several = retailerList(retailer);
  if (several.length > 1)
    fail(
      "retailer",
      `SALES.VALUE reads one retailer per cell, not ${several.length} (${several.join(", ")}). ` +
        `Use SALES.SKU for several retailers in one table.`,
    );
  const metrics = metricsArg("metric", args.metric);
  if (metrics.length === 0) fail("metric", `is missing. Give one metric name, e.g. "revenue".`);
  if (metrics.length > 1) fail("metric", `give one metric name, not ${metrics.length} (${metrics.join(", ")}).`);
  const sku = requiredTextArg("sku", args.sku, "a SKU code (see SALES.FILTERS(retailer))");
  const date = dateArg("date", args.date, today);
  const parsed = parseQuery(
    {
      level: "sku",
      retailers: retailer,
      metrics,
      from: date,
      to: date,
      timeframe: textArg("timeframe", args.timeframe, "weekly") ?? "weekly",
    },
    { day: dayWords },
  );
  if (!parsed.ok) throw issuesError(parsed.errors, VALUE_FIELDS);
  // A date after today may still fall in a period that has begun (this week, this month): it is checked here as
  // today, and the batch says what its period lacks once read (a group that starts after today is refused there).
  const request = requestsOf(parsed.query)[0];
  const asked = daysBetween(today, date) > 0 ? { ...request, from: today, to: today } : request;
  const v = validateRequest(asked, { today, day: dayWords });
  if (!v.ok) throw issuesError(v.errors, VALUE_FIELDS);
  return { retailer: v.query.retailer, metric: v.query.metrics[0], sku, date, timeframe: v.query.timeframe };
}

/** SALES.METRICS's optional level and timeframe. */
export function parseMetricsListArgs(level: unknown, timeframe: unknown): { level: Level; timeframe: Timeframe } {
  return {
    level: choiceArg("level", level, LEVELS, "sku"),
    timeframe: choiceArg("timeframe", timeframe, TIMEFRAMES, "weekly"),
  };
}

/** The fields of the filters record SALES.FILTERS can list. */
export const FILTER_FIELDS = ["sku", "skuProductName", ...FILTERS.filter((f) => f !== "sku")] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export function parseFilterField(field: unknown): FilterField {
  return choiceArg("field", field, FILTER_FIELDS, "sku");
}

/** A list function's retailer: required, and not "all" (lists are per retailer). */
export function listRetailerArg(raw: unknown): string {
  const r = requiredTextArg("retailer", raw, "one of the retailers your key can read (see SALES.RETAILERS())");
  if (r.toLowerCase() === "all")
    fail("retailer", `lists are per retailer: "all" (Sales Summary) is valid only for SKU data. Give one retailer.`);
  return r;
}

/** The first issue's argument, with every message about that argument. */
function issuesError(
  issues: readonly Pick<Issue, "field" | "message">[],
  fieldNames: Partial<Record<QueryField, string>> = {},
): ArgumentError {
  const argument = fieldNames[issues[0].field] ?? issues[0].field;
  const related = issues.filter((e) => (fieldNames[e.field] ?? e.field) === argument).map((e) => e.message);
  return new ArgumentError(argument, argumentMessage(argument, related.join(" ")));
}
