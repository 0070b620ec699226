// src/core decides, purely, by concern: query/ (the query and its rules: validation, arguments, presets, saved
// records), answer/ (reading an answer: the check, tabulation), refresh/ (what a refresh keeps and reports: the
// window, losses, unit changes, revisions, gaps, user columns, the trend), and four loose files every rule shares
// (dates, metrics, words, errorText). It imports nothing from Office, the DOM, the network or any other src
// folder; each of its folders imports only those before it. This file: a data request as people and code write it
// (DataQuery) and as the service must receive it (NormalizedQuery).
import type { IsoDate } from "../dates";
import type { Comparison, Filter, Level, Metric, Timeframe } from "../metrics";

export interface DataQuery {
  level: Level | string;
  /**
   * One retailer ("northmart", or "all" for the Sales Summary), or several for one table with a `retailer`
   * column: "northmart,freshway" or ["northmart", "freshway"] (see retailerList).
   */
  retailer: string | readonly string[];
  timeframe: Timeframe | string;
  /** "revenue,units", "Revenue, Units" or ["revenue", "units"]. */
  metrics: string[] | string;
  from: IsoDate;
  to: IsoDate;
  comparison?: Comparison | string | null;
  filter?: Filter | string | null;
  viewby?: string | null;
}

export interface NormalizedQuery {
  level: Level;
  retailer: string;
  timeframe: Timeframe;
  metrics: Metric[];
  from: IsoDate;
  to: IsoDate;
  comparison?: Comparison;
  filter?: Filter;
  viewby?: string;
}

/** The query parameters of a /data request, in the service's names and formats. */
export function dataParams(q: NormalizedQuery): Record<string, string> {
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

/** A stable identity for a query (parameter order fixed), used for caches and in-flight sharing. */
export function queryKey(q: NormalizedQuery): string {
  return new URLSearchParams(Object.entries(dataParams(q)).sort(([a], [b]) => (a < b ? -1 : 1))).toString();
}

/**
 * The retailers a query names, in the order given: a comma-separated text or a list (each item may itself be
 * a comma list), trimmed, empty items left out. Duplicates and "all" among others are kept for validation
 * (src/core/query/retailers.ts retailerListProblem) to name.
 */
export function retailerList(retailer: unknown): string[] {
  const items = Array.isArray(retailer) ? (retailer as unknown[]) : [retailer];
  return items.flatMap((item) =>
    item === null || item === undefined
      ? []
      : String(item)
          .split(",")
          .map((r) => r.trim())
          .filter((r) => r !== ""),
  );
}
