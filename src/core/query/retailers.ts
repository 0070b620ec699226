// Several retailers in one table: the query validated for each retailer, purely. The list itself (none twice,
// "all" alone) is the schema's (query.ts). Their answers are merged into one table by retailersTable.ts.
import type { IsoDate } from "../dates";
import type { MetricsAvailability } from "../metrics";
import { requestsOf, type DataRequest, type Issue, type Query } from "./query";
import { validateRequest } from "./validate";

export type RetailersValidation =
  { ok: true; queries: DataRequest[]; warnings: string[][] } | { ok: false; errors: Issue[]; warnings: string[][] };

/**
 * The query checked for every retailer with its own metrics list (when known). Every retailer's problems are
 * collected; a problem shared by all retailers (the store-level 14-day limit) is said once, one that only some
 * have is said with their names. Each retailer's warnings are in `warnings`, in the query's order.
 */
export function validateForRetailers(
  query: Query,
  ctx: { today: IsoDate; metricsLists: ReadonlyMap<string, MetricsAvailability[] | undefined> },
): RetailersValidation {
  const names = query.retailers;
  const results = requestsOf(query).map((request) =>
    validateRequest(request, { today: ctx.today, metricsList: ctx.metricsLists.get(request.retailer) }),
  );
  const warnings = results.map((r) => r.warnings.map((w) => w.message));
  const byMessage = new Map<string, { issue: Issue; retailers: string[] }>();
  results.forEach((r, i) => {
    if (r.ok) return;
    for (const e of r.errors) {
      const entry = byMessage.get(e.message) ?? { issue: e, retailers: [] };
      entry.retailers.push(names[i]);
      byMessage.set(e.message, entry);
    }
  });
  if (byMessage.size > 0) {
    const errors = [...byMessage].map(([message, { issue, retailers: who }]) => ({
      ...issue,
      message:
        who.length === names.length || who.every((r) => message.includes(r))
          ? message
          : `${who.join(", ")}: ${message}`,
    }));
    return { ok: false, errors, warnings };
  }
  return { ok: true, queries: results.flatMap((r) => (r.ok ? [r.query] : [])), warnings };
}
