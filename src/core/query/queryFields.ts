// The query's fields that stand alone, as zod schemas: each reads what people write (any case, spaces, comma
// lists, empty for none) and says a problem in the words validation has always used, naming the field and what is
// allowed. query.ts puts them together into QuerySchema with the rules that read two fields at once.
import { z } from "zod";
import { isIsoDate } from "../dates";
import { COMPARISONS, FILTERS, LEVELS, TIMEFRAMES } from "./metrics";

/** What kind of problem an issue is, so callers decide what to show without reading the message. */
export type IssueCode =
  /** A required value is empty: Retailer, Metrics. */
  | "missing"
  /** A value outside the allowed ones: a level, timeframe, comparison, filter or metric name, a metric at the
   * wrong level, "all" at store level or beside other retailers, a retailer twice. */
  | "not-allowed"
  /** Not in the form asked for: a date that is not a real YYYY-MM-DD day, metric names not separated by commas. */
  | "format"
  /** Dates out of bounds: To before From, a store-level daily From before the 14-day limit. */
  | "range"
  /** A value that needs another one: View by without a Filter. */
  | "requires"
  /** A day after the service's today: a From there is refused (nothing can come back), a To there is said. */
  | "future"
  /** Asked for, but not served: a timeframe or metrics the retailer does not publish, metrics never served daily. */
  | "not-served"
  /** A field the query does not have (a misspelt one): named with the field it is nearest to. */
  | "unknown-field";

/** Adds a problem in the add-in's words; its kind rides on zod's issue, for parseQuery to hand on. */
export function say(ctx: z.RefinementCtx, field: string, code: IssueCode, message: string): void {
  ctx.addIssue({ code: "custom", path: [field], message, params: { code } });
}

/** A value as a message quotes it: text as it is, a number as written, a list item by item, nothing as "". */
function shown(raw: unknown): string {
  if (raw === undefined || raw === null) return "";
  if (Array.isArray(raw)) return raw.map(shown).join(",");
  // A record from a file may have no text form at all ({"toString": null}).
  return typeof raw === "object" || typeof raw === "function" ? "an object" : String(raw);
}

const isBlank = (raw: unknown): boolean =>
  raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "");

/** The texts of a text, a number or a list of them (lists may nest, as a range of cells does); else undefined. */
function texts(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return [];
  if (typeof raw === "string") return [raw];
  if (typeof raw === "number" && Number.isFinite(raw)) return [String(raw)];
  if (!Array.isArray(raw)) return undefined;
  const out: string[] = [];
  for (const item of raw as unknown[]) {
    const inner = texts(item);
    if (!inner) return undefined;
    out.push(...inner);
  }
  return out;
}

/**
 * The retailers a query names, in the order given: a comma-separated text or a list (each item may itself be
 * a comma list), trimmed, empty items left out. Duplicates and "all" among others are kept for the schema to name.
 */
export function retailerList(raw: unknown): string[] {
  return (texts(raw) ?? []).flatMap((t) =>
    t
      .split(",")
      .map((r) => r.trim())
      .filter((r) => r !== ""),
  );
}

/** "Revenue, Units" / ["revenue", "units,stock"] -> ["revenue", "units", "stock"]: trimmed, lower-case, unique. */
export function splitMetrics(raw: unknown): string[] {
  const names = (texts(raw) ?? []).flatMap((t) => t.split(",")).map((p) => p.trim().toLowerCase());
  return [...new Set(names.filter((p) => p !== ""))];
}

/** One of `values` in any case and spacing; anything else is kept as given, for the message to quote. */
function word<T extends string>(values: readonly T[]) {
  return (raw: unknown): unknown => {
    const v = typeof raw === "string" ? raw.trim().toLowerCase() : undefined;
    return v !== undefined && (values as readonly string[]).includes(v) ? v : raw;
  };
}

export const levelField = z.preprocess(
  word(LEVELS),
  z.enum(LEVELS, { error: (issue) => `Level must be "sku" or "store", not "${shown(issue.input)}".` }),
);

export const timeframeField = z.preprocess(
  word(TIMEFRAMES),
  z.enum(TIMEFRAMES, {
    error: (issue) => `Timeframe must be one of ${TIMEFRAMES.join(", ")}, not "${shown(issue.input)}".`,
  }),
);

export const comparisonField = z.preprocess(
  (raw) => (isBlank(raw) ? undefined : word(COMPARISONS)(raw)),
  z
    .enum(COMPARISONS, {
      error: (issue) => `Comparison must be "period", "year" or empty, not "${shown(issue.input)}".`,
    })
    .optional(),
);

export const filterField = z.preprocess(
  (raw) => (isBlank(raw) ? undefined : word(FILTERS)(raw)),
  z
    .enum(FILTERS, { error: (issue) => `Filter must be one of ${FILTERS.join(", ")}, not "${shown(issue.input)}".` })
    .optional(),
);

/** A filter value (a SKU code, a brand): kept as given, spaces and case included; a number is its digits; empty is none. */
export const viewbyField = z.preprocess(
  (raw) => (isBlank(raw) ? undefined : typeof raw === "number" && Number.isFinite(raw) ? String(raw) : raw),
  z
    .string({ error: (issue) => `View by must be a value of the filter (text), not "${shown(issue.input)}".` })
    .optional(),
);

/** A real day written YYYY-MM-DD (spaces around it allowed). */
export function dayField(label: "From" | "To") {
  const error = (issue: { input?: unknown }) =>
    `${label} must be a real date as YYYY-MM-DD, not "${shown(issue.input)}".`;
  return z.preprocess(
    (raw) => (typeof raw === "string" && isIsoDate(raw.trim()) ? raw.trim() : raw),
    z.string({ error }).refine(isIsoDate, { error }),
  );
}

/** What the items of a list must be: anything else is kept as given, for the message to quote. */
const namesOf = (read: (raw: unknown) => string[]) => (raw: unknown) => (texts(raw) ? read(raw) : raw);

/** Why the retailers cannot make one query (none, "all" beside others, one twice), or undefined. */
function retailersProblem(names: readonly string[]): { code: IssueCode; message: string } | undefined {
  if (names.length === 0)
    return { code: "missing", message: "Retailer is missing. Choose one of the retailers your key can read." };
  if (names.length > 1 && names.includes("all"))
    return {
      code: "not-allowed",
      message: `"all" (Sales Summary) cannot be combined with other retailers. Choose "all" alone, or only retailers.`,
    };
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const n of names) (seen.has(n.toLowerCase()) ? twice : seen).add(n.toLowerCase());
  if (twice.size === 0) return undefined;
  return {
    code: "not-allowed",
    message: `Each retailer may be listed once: ${[...twice].join(", ")} is listed more than once.`,
  };
}

const notNames = (issue: { input?: unknown }) =>
  `Retailer must be a name or a list of names, not "${shown(issue.input)}".`;

/** Retailer names, as retailerList reads them; "all" (the Sales Summary, a word of the spec) in any case is "all". */
export const retailersField = z
  .preprocess(
    namesOf((raw) => retailerList(raw).map((r) => (r.toLowerCase() === "all" ? "all" : r))),
    z.array(z.string({ error: notNames }), { error: notNames }),
  )
  .superRefine((names, ctx) => {
    const problem = retailersProblem(names);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, params: { code: problem.code } });
  });

const notMetricNames = (issue: { input?: unknown }) =>
  `Metrics must be metric names, as a comma list or a list, not "${shown(issue.input)}".`;

/** Metric names, as splitMetrics reads them; whether each is a metric at the query's level is query.ts's to say. */
export const metricNamesField = z.preprocess(
  namesOf(splitMetrics),
  z.array(z.string({ error: notMetricNames }), { error: notMetricNames }),
);
