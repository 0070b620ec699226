// Several retailers in one table: the query validated for each retailer, purely. The list itself (none twice,
// "all" alone) is the schema's (query.ts). Their answers are merged into one table by retailersTable.ts.
import type { IsoDate } from "../dates";
import type { MetricsAvailability } from "./metrics";
import type { DayText } from "../words";
import { requestsOf, type DataRequest, type Issue, type MetricText, type Query } from "./query";
import { serviceRules, validateRequest } from "./validate";

export type RetailersValidation =
  { ok: true; queries: DataRequest[]; warnings: string[][] } | { ok: false; errors: Issue[]; warnings: string[][] };

interface RetailersContext {
  today: IsoDate;
  metricsLists: ReadonlyMap<string, MetricsAvailability[] | undefined>;
  /** How messages write a day (the surface's style); default YYYY-MM-DD. */
  day?: DayText;
  /** How messages name a metric (the pane: its plain name); default the service's name. */
  metric?: MetricText;
}

/**
 * The query checked for every retailer with its own metrics list (when known). Every retailer's problems are
 * collected; a problem shared by all retailers (the store-level 14-day limit) is said once, one that only some
 * have is said with their names. Each retailer's warnings are in `warnings`, in the query's order.
 */
export function validateForRetailers(query: Query, ctx: RetailersContext): RetailersValidation {
  const results = requestsOf(query).map((request) =>
    validateRequest(request, {
      today: ctx.today,
      metricsList: ctx.metricsLists.get(request.retailer),
      day: ctx.day,
      metric: ctx.metric,
    }),
  );
  const warnings = results.map((r) => r.warnings.map((w) => w.message));
  const errors = byRetailer(
    query.retailers,
    results.map((r) => (r.ok ? [] : r.errors)),
  );
  if (errors.length > 0) return { ok: false, errors, warnings };
  return { ok: true, queries: results.flatMap((r) => (r.ok ? [r.query] : [])), warnings };
}

/**
 * What the service's rules say about a query the parser refused, on the fields it read right (`fields` of its
 * parse), for each retailer when they were read: the pane shows them beside the parser's problems, so that every
 * control's problem is said at once.
 */
export function serviceIssuesOf(fields: Partial<Query>, ctx: RetailersContext): Issue[] {
  const { retailers = [], ...rest } = fields;
  const found = (retailers.length ? retailers : [undefined]).map(
    (retailer) =>
      serviceRules(
        { ...rest, retailer },
        {
          today: ctx.today,
          metricsList: retailer === undefined ? undefined : ctx.metricsLists.get(retailer),
          day: ctx.day,
          metric: ctx.metric,
        },
      ).errors,
  );
  return byRetailer(retailers.length ? retailers : [""], found);
}

/** Each retailer's problems, a problem all of them have said once, one only some have said with their names. */
function byRetailer(names: readonly string[], problems: readonly Issue[][]): Issue[] {
  const byMessage = new Map<string, { issue: Issue; retailers: string[] }>();
  problems.forEach((issues, i) => {
    for (const e of issues) {
      const entry = byMessage.get(e.message) ?? { issue: e, retailers: [] };
      entry.retailers.push(names[i]);
      byMessage.set(e.message, entry);
    }
  });
  return [...byMessage].map(([message, { issue, retailers: who }]) => ({
    ...issue,
    message:
      who.length === names.length || who.every((r) => message.includes(r)) ? message : `${who.join(", ")}: ${message}`,
  }));
}
