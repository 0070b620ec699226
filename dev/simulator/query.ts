// Query parsing and validation for the list, data and actions endpoints. Everything a request
// can get wrong becomes a 400 whose detail names the parameter and what is allowed.
import { type Catalog, type Retailer } from "./catalog";
import {
  isMetric,
  METRICS,
  NEVER_DAILY,
  SKU_LEVEL_METRICS,
  STORE_LEVEL_METRICS,
  type Metric,
  type MetricsRecord,
} from "./metrics";
import { formatDay, parseDay, type Day } from "./dates";
import { badRequest } from "./errors";

export const ALL = "all";
/** Store daily data is kept this many days back from today (spec, Limits 2). */
export const STORE_DAILY_RETENTION_DAYS = 14;

export type Level = "sku" | "store";
export type Timeframe = "daily" | "weekly" | "monthly";
export type Comparison = "period" | "year";
/** 0 = by SKU code, 1..5 = filter1..filter5. */
export type FilterIndex = 0 | 1 | 2 | 3 | 4 | 5;

export interface DataQuery {
  level: Level;
  /** null for `all` (every retailer). */
  retailer: Retailer | null;
  timeframe: Timeframe;
  metrics: Metric[]; // served, in request order
  omitted: Metric[]; // requested but not servable
  from: Day;
  to: Day;
  comparison: Comparison | null;
  filter: FilterIndex;
  viewby: string | null;
}

/** The last value of a parameter wins (as with common web frameworks); "" counts as missing. */
function param(q: URLSearchParams, name: string): string | null {
  const all = q.getAll(name);
  const v = all.length ? all[all.length - 1] : null;
  return v === null || v === "" ? null : v;
}

function required(q: URLSearchParams, name: string, allowed: string): string {
  const v = param(q, name);
  if (v === null) throw badRequest(`Missing required parameter '${name}': ${allowed}.`);
  return v;
}

function oneOf<T extends string>(
  q: URLSearchParams,
  name: string,
  values: readonly T[],
  isRequired: boolean,
): T | null {
  const allowed = `one of ${values.map((v) => `'${v}'`).join(", ")}`;
  const v = isRequired ? required(q, name, allowed) : param(q, name);
  if (v === null) return null;
  if (!(values as readonly string[]).includes(v))
    throw badRequest(`Invalid value '${v}' for parameter '${name}': must be ${allowed}.`);
  return v as T;
}

export function findRetailer(catalog: Catalog, id: string): Retailer {
  const r = catalog.retailers.find((x) => x.id === id);
  if (!r) {
    const known = catalog.retailers.map((x) => x.id).join(", ");
    throw badRequest(`Unknown retailer '${id}': parameter 'retailer' must be a connected retailer (${known}).`);
  }
  return r;
}

/** A named retailer for the list and actions paths, where `all` is rejected. */
export function namedRetailer(catalog: Catalog, q: URLSearchParams, path: string): Retailer {
  const id = required(q, "retailer", "a connected retailer identifier");
  if (id === ALL)
    throw badRequest(
      `Parameter 'retailer' cannot be '${ALL}' on ${path}: '${ALL}' is valid only for /data?type=sku. Use a named retailer.`,
    );
  return findRetailer(catalog, id);
}

export type ListType = "retailers" | "metrics" | "filters";
export function listType(q: URLSearchParams): ListType {
  return oneOf(q, "type", ["retailers", "metrics", "filters"] as const, true)!;
}

export function metricsListFor(rec: MetricsRecord, level: Level, timeframe: Timeframe): Metric[] | null {
  if (level === "sku") return timeframe === "daily" ? rec.sku_metrics_daily : rec.sku_metrics;
  return timeframe === "daily" ? rec.store_metrics_daily : rec.store_metrics;
}

/**
 * What `all` serves: for each metric, every retailer that serves it at SKU level for the
 * timeframe contributes (the simulator's pick; the spec does not show it).
 */
export function allMetrics(catalog: Catalog, timeframe: Timeframe): Metric[] {
  const set = new Set<Metric>();
  for (const r of catalog.retailers) for (const m of metricsListFor(r.metrics, "sku", timeframe) ?? []) set.add(m);
  return SKU_LEVEL_METRICS.filter((m) => set.has(m));
}

function date(q: URLSearchParams, name: string): Day {
  const v = required(q, name, "a date in the format YYYY-MM-DD");
  const d = parseDay(v);
  if (d === null)
    throw badRequest(
      `Invalid date '${v}' for parameter '${name}': use the format YYYY-MM-DD with a real calendar date.`,
    );
  return d;
}

export function parseDataQuery(catalog: Catalog, q: URLSearchParams, today: Day): DataQuery {
  const level = oneOf(q, "type", ["sku", "store"] as const, true)!;
  const retailerId = required(q, "retailer", `a connected retailer identifier, or '${ALL}' with type=sku`);
  if (retailerId === ALL && level === "store") {
    throw badRequest(`Parameter 'retailer' cannot be '${ALL}' with type=store: '${ALL}' is valid only for type=sku.`);
  }
  const retailer = retailerId === ALL ? null : findRetailer(catalog, retailerId);
  const timeframe = oneOf(q, "timeframe", ["daily", "weekly", "monthly"] as const, true)!;

  // A clean list is names separated by single commas; anything else yields a token that is no
  // metric name (" units", "", "units;revenue") and so a 400, as the real service's parser would.
  const rawMetric = required(
    q,
    "metric",
    `one or more of ${METRICS.join(", ")}, separated by single commas without spaces`,
  );
  const requested: Metric[] = [];
  for (const token of rawMetric.split(",")) {
    if (!isMetric(token)) {
      throw badRequest(
        `Unknown metric '${token}' in parameter 'metric': use names from ${METRICS.join(", ")}, separated by single commas without spaces.`,
      );
    }
    if (!requested.includes(token)) requested.push(token);
  }

  const from = date(q, "datefrom");
  const to = date(q, "dateto");
  if (from > to) throw badRequest(`Parameter 'datefrom' (${formatDay(from)}) is after 'dateto' (${formatDay(to)}).`);

  const comparison = oneOf(q, "comparison", ["period", "year"] as const, false);
  const filterName = oneOf(q, "filter", ["sku", "filter1", "filter2", "filter3", "filter4", "filter5"] as const, false);
  const viewby = param(q, "viewby");
  if (viewby !== null && filterName === null) {
    throw badRequest(`Parameter 'viewby' requires 'filter' to be set to 'sku' or one of 'filter1'..'filter5'.`);
  }
  const filter = (filterName === null || filterName === "sku" ? 0 : Number(filterName.slice(6))) as FilterIndex;

  const where = `${retailerId} ${level} ${timeframe}`;
  const available =
    retailer === null ? allMetrics(catalog, timeframe) : metricsListFor(retailer.metrics, level, timeframe);
  if (available === null) {
    throw badRequest(
      `Retailer '${retailerId}' has no ${level} level ${timeframe} data (its metrics list for this combination is null).`,
    );
  }
  if (level === "store" && timeframe === "daily" && from < today - STORE_DAILY_RETENTION_DAYS) {
    throw badRequest(
      `Store level daily data is kept for ${STORE_DAILY_RETENTION_DAYS} days only: 'datefrom' must be ${formatDay(today - STORE_DAILY_RETENTION_DAYS)} or later (use weekly or monthly for older data).`,
    );
  }
  const levelMetrics = level === "sku" ? SKU_LEVEL_METRICS : STORE_LEVEL_METRICS;
  const metrics = requested.filter(
    (m) => available.includes(m) && levelMetrics.includes(m) && !(timeframe === "daily" && NEVER_DAILY.includes(m)),
  );
  const omitted = requested.filter((m) => !metrics.includes(m));
  if (metrics.length === 0) {
    throw badRequest(
      `None of the requested metrics (${requested.join(", ")}) can be served for ${where}. Available: ${available.join(", ") || "none"}.`,
    );
  }
  return { level, retailer, timeframe, metrics, omitted, from, to, comparison, filter, viewby };
}
