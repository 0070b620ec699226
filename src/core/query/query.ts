// src/core decides, purely, by concern: query/ (the query and its rules: validation, arguments, presets, saved
// records), answer/ (reading an answer: the check, tabulation), refresh/ (what a refresh keeps and reports: the
// window, losses, unit changes, revisions, gaps, user columns, the trend), and four loose files every rule shares
// (dates, metrics, words, errorText). It imports nothing from Office, the DOM, the network or any other src
// folder; each of its folders imports only those before it. This file: the query, one zod schema (QuerySchema)
// that is the source of its type (Query) and parses it at every edge, and the one-retailer request sent
// (DataRequest).
import { z } from "zod";
import { daysBetween } from "../dates";
import { FILTERS, LEVEL_METRICS, LEVELS, METRICS, isMetric, type Level } from "./metrics";
import { isoDay, nearestWord, type DayText } from "../words";
import {
  comparisonField,
  dayField,
  filterField,
  levelField,
  metricNamesField,
  retailersField,
  say,
  timeframeField,
  viewbyField,
  type IssueCode,
} from "./queryFields";

/** The pane's controls and the SALES functions' arguments a problem can be about. */
export type QueryField =
  "level" | "retailer" | "timeframe" | "metrics" | "from" | "to" | "comparison" | "filter" | "viewby";

export type { IssueCode };

export interface Issue {
  field: QueryField;
  code: IssueCode;
  message: string;
  /** An unknown field: the key as given, and the field it was probably meant to be (when one is near enough). */
  unknown?: { key: string; meant?: string };
}

export const LEVEL_LABEL: Record<Level, string> = { sku: "SKU level", store: "store level" };

const quoteList = (values: readonly string[]): string => values.join(", ");

/** How a surface names a metric in a sentence (the pane: its plain name); the service's own name by default. */
export type MetricText = (name: string) => string;
const serviceName: MetricText = (name) => name;

/** Anything but a record is read as an empty one: every field then says what it needs. */
function asRecord(raw: unknown): object {
  return raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
}

const QueryFields = z.object({
  level: levelField,
  retailers: retailersField,
  timeframe: timeframeField,
  /** Names, checked against the level below (the words say what the level allows). */
  metrics: metricNamesField,
  from: dayField("From"),
  to: dayField("To"),
  comparison: comparisonField,
  filter: filterField,
  viewby: viewbyField,
});
type Fields = z.output<typeof QueryFields>;

/** The fields a query is written with, in the order the pane shows them (a sync file's "query" takes these). */
export const QUERY_FIELDS = Object.keys(QueryFields.shape) as readonly (keyof Fields)[];

/** A check that runs only when these fields parsed (it reads them as their types). */
const whenValid = (...fields: (keyof Fields)[]) => ({
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((i) => fields.includes(i.path?.[0] as keyof Fields)),
});

/**
 * The metric names against the level. It runs whatever the other fields said, so that every control's problem is
 * said at once: the level is read only when it is one (it holds what was given when it is not).
 */
const checkMetrics =
  (metric: MetricText) =>
  (q: Fields, ctx: z.RefinementCtx): void => {
    const level = (LEVELS as readonly unknown[]).includes(q.level) ? q.level : undefined;
    const allowed = quoteList((level ? LEVEL_METRICS[level] : METRICS).map(metric));
    if (q.metrics.length === 0)
      return say(ctx, "metrics", "missing", `Metrics is empty. Give one or more of: ${allowed}.`);
    const unknown = q.metrics.filter((n) => !isMetric(n));
    if (unknown.length > 0) {
      const badForm = unknown.some((n) => /[^a-z_]/.test(n));
      return say(
        ctx,
        "metrics",
        badForm ? "format" : "not-allowed",
        `${unknown.map((n) => `"${n}"`).join(", ")} ${unknown.length === 1 ? "is not a metric" : "are not metrics"}.` +
          (badForm ? " Separate names with commas only." : "") +
          ` Allowed${level ? ` at ${LEVEL_LABEL[level]}` : ""}: ${allowed}.`,
      );
    }
    const wrongLevel = level ? q.metrics.filter((m) => !(LEVEL_METRICS[level] as readonly string[]).includes(m)) : [];
    if (level && wrongLevel.length > 0)
      say(
        ctx,
        "metrics",
        "not-allowed",
        `${quoteList(wrongLevel.map(metric))} ${wrongLevel.length === 1 ? "is" : "are"} not available at ${LEVEL_LABEL[level]}. Allowed: ${allowed}.`,
      );
  };

/**
 * The query's schema, its messages naming days in `day`'s style and metrics by `metric` (the surface's: the pane's,
 * the functions'): the fields, then the rules that read two of them at once.
 */
function querySchema(day: DayText, metric: MetricText = serviceName) {
  return z.preprocess(
    asRecord,
    QueryFields.superRefine(checkMetrics(metric), whenValid("metrics"))
      .superRefine(
        (q, ctx) => {
          if (q.level === "store" && q.retailers[0] === "all")
            say(
              ctx,
              "retailers",
              "not-allowed",
              `"all" (Sales Summary) exists at SKU level only. Choose one retailer for store-level data.`,
            );
        },
        whenValid("level", "retailers"),
      )
      .superRefine((q, ctx) => {
        if (q.viewby !== undefined && !(FILTERS as readonly unknown[]).includes(q.filter))
          say(
            ctx,
            "viewby",
            "requires",
            `View by needs a filter: set Filter to "sku" to pick one SKU, or to filter1..filter5 for a filter name.`,
          );
      }, whenValid("viewby"))
      .superRefine(
        (q, ctx) => {
          if (daysBetween(q.from, q.to) < 0)
            say(ctx, "to", "range", `To (${day(q.to)}) is before From (${day(q.from)}). Swap them or pick a later To.`);
        },
        whenValid("from", "to"),
      )
      // Every name is a metric by now; optionals not given are left out rather than kept as undefined.
      .transform(({ metrics, comparison, filter, viewby, ...rest }) => ({
        ...rest,
        metrics: metrics.filter(isMetric),
        ...(comparison ? { comparison } : {}),
        ...(filter ? { filter } : {}),
        ...(viewby !== undefined ? { viewby } : {}),
      })),
  );
}

/**
 * A query: what to ask the service for, for one retailer or several (one table with a `retailer` column). Parsed
 * from what people and files write: any case and spacing, retailers and metrics as comma lists or lists, empty
 * optionals as none. What needs the service (its today, a retailer's metrics list) is validate.ts's.
 * Its messages write days as the service does (YYYY-MM-DD); parseQuery is its face (test/core/query.property.test.ts).
 */
const QuerySchema = querySchema(isoDay);

/** The schema of each style of day and metric name asked for so far (a surface has one style: few are ever made). */
const schemas = new Map<DayText, Map<MetricText, typeof QuerySchema>>([
  [isoDay, new Map([[serviceName, QuerySchema]])],
]);

function schemaOf(day: DayText, metric: MetricText): typeof QuerySchema {
  let ofDay = schemas.get(day);
  if (!ofDay) schemas.set(day, (ofDay = new Map()));
  let schema = ofDay.get(metric);
  if (!schema) ofDay.set(metric, (schema = querySchema(day, metric)));
  return schema;
}

/**
 * A query, parsed: the only form src/api, src/refresh, src/functions and the pane's operations take. The schema's
 * output, named as an interface so that type errors say "Query".
 */
export interface Query extends z.output<typeof QuerySchema> {}

/** One retailer's query: what one /data request asks (after validate.ts, what is sent). */
export interface DataRequest extends Omit<Query, "retailers"> {
  retailer: string;
}

/**
 * A parse: the query, or every problem in it with the fields that were read right all the same (`fields`: what
 * validate.ts can still check, so that the pane shows every control's problem at once).
 */
export type QueryParse = { ok: true; query: Query } | { ok: false; errors: Issue[]; fields: Partial<Query> };

/** The order validation has always said problems in (a SALES function names the first one's argument). */
const FIELD_ORDER: QueryField[] = [
  "level",
  "timeframe",
  "retailer",
  "comparison",
  "filter",
  "viewby",
  "metrics",
  "from",
  "to",
];

/**
 * The query in `input` (the pane's form, a SALES function's arguments, a saved record, a sync file), or every
 * problem in it, each naming its field and what is allowed; `day` writes the days a message names (default
 * YYYY-MM-DD), `metric` the metrics (default the service's names).
 */
export function parseQuery(
  input: unknown,
  { day = isoDay, metric = serviceName }: { day?: DayText; metric?: MetricText } = {},
): QueryParse {
  const schema = schemaOf(day, metric);
  const unknown = unknownFields(input);
  // A misspelt field is read as the field it was meant to be, so that its value is checked all the same (and the
  // field is not said to be missing as well): the misspelling is then the query's only problem with it.
  const read = unknown.some((e) => e.unknown?.meant) ? asMeant(input, unknown) : input;
  const parsed = schema.safeParse(read);
  if (parsed.success && unknown.length === 0) return { ok: true, query: parsed.data };
  // One message per field once (a list's items that are not text each raise the same one).
  const seen = new Set<string>();
  const errors = [...unknown, ...(parsed.success ? [] : parsed.error.issues.map(issueOf))].filter(
    (e) => !seen.has(e.field + e.message) && seen.add(e.field + e.message),
  );
  errors.sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
  return { ok: false, errors, fields: fieldsReadRight(read, errors) };
}

/**
 * The keys of `input` that are no field of a query, each an issue on the field it is nearest to, naming the one it
 * was probably meant to be (when near enough, and not given as well) and the fields a query takes. A key whose
 * value is undefined is not there (JSON has none; an object built in code may).
 */
function unknownFields(input: unknown): Issue[] {
  const raw = asRecord(input) as Record<string, unknown>;
  const known = new Set<string>(QUERY_FIELDS);
  return Object.keys(raw)
    .filter((key) => !known.has(key) && raw[key] !== undefined)
    .map((key) => {
      const near = nearestWord(key, QUERY_FIELDS);
      const meant = near.close && raw[near.word] === undefined ? near.word : undefined;
      return {
        field: (near.word === "retailers" ? "retailer" : near.word) as QueryField,
        code: "unknown-field" as const,
        message:
          `${JSON.stringify(key)} is not a field of a query.${meant ? ` Did you mean "${meant}"?` : ""} ` +
          `A query's fields: ${QUERY_FIELDS.join(", ")}.`,
        unknown: meant ? { key, meant } : { key },
      };
    });
}

/** The input with each misspelt field's value under the field it was meant to be (the first, if two meant one). */
function asMeant(input: unknown, unknown: readonly Issue[]): Record<string, unknown> {
  const raw = { ...(asRecord(input) as Record<string, unknown>) };
  for (const { unknown: u } of unknown) if (u?.meant && raw[u.meant] === undefined) raw[u.meant] = raw[u.key];
  return raw;
}

/** The fields of a refused query that parse on their own and have no problem named on them. */
function fieldsReadRight(input: unknown, errors: readonly Issue[]): Partial<Query> {
  const raw = asRecord(input) as Record<string, unknown>;
  const refused = new Set<string>(errors.map((e) => (e.field === "retailer" ? "retailers" : e.field)));
  const read = Object.entries(QueryFields.shape).flatMap(([key, schema]) => {
    const field = refused.has(key) ? undefined : schema.safeParse(raw[key]);
    return field?.success && field.data !== undefined ? [[key, field.data]] : [];
  });
  const { metrics, ...fields } = Object.fromEntries(read) as Partial<Fields>;
  // The metrics had no problem, so each is one (at the level, when there is one).
  return metrics ? { ...fields, metrics: metrics.filter(isMetric) } : fields;
}

function issueOf(issue: z.core.$ZodIssue): Issue {
  const key = String(issue.path[0]);
  const field = (key === "retailers" ? "retailer" : key) as QueryField;
  // zod's own issues: the enums' (a word outside the allowed ones), the others' (not in the form asked for).
  const own = issue.code === "custom" ? (issue.params?.code as IssueCode | undefined) : undefined;
  const isEnum = ["level", "timeframe", "comparison", "filter"].includes(field);
  return { field, code: own ?? (isEnum ? "not-allowed" : "format"), message: issue.message };
}

/** The query's request for each of its retailers, in its order. */
export function requestsOf({ retailers, ...rest }: Query): DataRequest[] {
  return retailers.map((retailer) => ({ ...rest, retailer }));
}

/** The query parameters of a /data request, in the service's names and formats. */
export function dataParams(q: DataRequest): Record<string, string> {
  const params: Record<string, string> = {
    type: q.level,
    retailer: q.retailer,
    timeframe: q.timeframe,
    metric: q.metrics.join(","),
    datefrom: q.from,
    dateto: q.to,
  };
  if (q.comparison) params.comparison = q.comparison;
  if (q.filter) params.filter = q.filter;
  if (q.viewby !== undefined) params.viewby = q.viewby;
  return params;
}

/** A stable identity for a request (parameter order fixed), used for caches and in-flight sharing. */
export function queryKey(q: DataRequest): string {
  return new URLSearchParams(Object.entries(dataParams(q)).sort(([a], [b]) => (a < b ? -1 : 1))).toString();
}
