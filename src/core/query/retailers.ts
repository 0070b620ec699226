// Several retailers in one table: the retailer list checked and the query validated for each retailer, purely.
// Their answers are merged into one table by retailersTable.ts.
import type { IsoDate } from "../dates";
import type { MetricsAvailability } from "../metrics";
import type { DataQuery, NormalizedQuery } from "./query";
import { validateDataQuery, type Issue, type QueryField } from "./validate";

export interface RetailersIssue {
  field: QueryField;
  message: string;
}

export type RetailersValidation =
  { ok: true; queries: NormalizedQuery[]; warnings: string[][] } | { ok: false; errors: RetailersIssue[] };

/**
 * The query checked for every retailer with its own metrics list (when known). Every retailer's problems are
 * collected; a problem shared by all retailers (a date, the store-level 14-day limit) is said once, one that
 * only some have is said with their names. The list itself must be non-empty, without duplicates, and `all`
 * (Sales Summary) stands alone.
 */
export function validateForRetailers(
  input: Omit<DataQuery, "retailer">,
  retailers: readonly string[],
  ctx: { today: IsoDate; metricsLists: ReadonlyMap<string, MetricsAvailability[] | undefined> },
): RetailersValidation {
  const listProblem = retailerListProblem(retailers);
  if (listProblem) return { ok: false, errors: [{ field: "retailer", message: listProblem }] };
  const names = retailers.map((r) => r.trim());
  const results = names.map((retailer) =>
    validateDataQuery({ ...input, retailer }, { today: ctx.today, metricsList: ctx.metricsLists.get(retailer) }),
  );
  const byMessage = new Map<string, { field: QueryField; retailers: string[] }>();
  results.forEach((r, i) => {
    if (r.ok) return;
    for (const e of r.errors) {
      const entry = byMessage.get(e.message) ?? { field: e.field, retailers: [] };
      entry.retailers.push(names[i]);
      byMessage.set(e.message, entry);
    }
  });
  if (byMessage.size > 0) {
    const errors = [...byMessage].map(([message, { field, retailers: who }]) => ({
      field,
      message:
        who.length === names.length || who.every((r) => message.includes(r))
          ? message
          : `${who.join(", ")}: ${message}`,
    }));
    return { ok: false, errors };
  }
  const ok = results as Extract<(typeof results)[number], { ok: true }>[];
  return {
    ok: true,
    queries: ok.map((r) => r.query),
    warnings: ok.map((r) => r.warnings.map((w: Issue) => w.message)),
  };
}

/** Why a list of retailers cannot be pulled into one table, or undefined when it can. */
export function retailerListProblem(retailers: readonly string[]): string | undefined {
  const names = retailers.map((r) => String(r ?? "").trim());
  if (names.length === 0 || names.some((n) => n === ""))
    return "Retailer is missing. Choose one or more of the retailers your key can read.";
  if (names.length > 1 && names.some((n) => n.toLowerCase() === "all"))
    return `"all" (Sales Summary) cannot be combined with other retailers. Choose "all" alone, or only retailers.`;
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const n of names) (seen.has(n.toLowerCase()) ? twice : seen).add(n.toLowerCase());
  if (twice.size > 0) return `Each retailer may be listed once: ${[...twice].join(", ")} is listed more than once.`;
  return undefined;
}
