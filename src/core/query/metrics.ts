// The service's metric vocabulary (spec: "Metric names" and the level table).

export const LEVELS = ["sku", "store"] as const;
export type Level = (typeof LEVELS)[number];

export const TIMEFRAMES = ["daily", "weekly", "monthly"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

export const COMPARISONS = ["period", "year"] as const;
export type Comparison = (typeof COMPARISONS)[number];

export const FILTERS = ["sku", "filter1", "filter2", "filter3", "filter4", "filter5"] as const;
export type Filter = (typeof FILTERS)[number];

export const METRICS = [
  "revenue",
  "units",
  "average_price",
  "availability",
  "wastage",
  "stock",
  "lost_sales",
  "unit_ros",
  "value_ros",
  "ranged_stores",
  "stores_selling",
  "stores_with_stock",
] as const;
export type Metric = (typeof METRICS)[number];

/**
 * Each metric's plain name, for the analyst reading the pane and the SALES functions' help. The service's name
 * stays what the tables' headers, the formulas and the service use.
 */
const PLAIN_NAMES: Record<Metric, string> = {
  revenue: "Revenue",
  units: "Units",
  average_price: "Average price",
  availability: "Availability",
  wastage: "Wastage",
  stock: "Stock",
  lost_sales: "Lost sales",
  unit_ros: "Unit rate of sale",
  value_ros: "Value rate of sale",
  ranged_stores: "Ranged stores",
  stores_selling: "Stores selling",
  stores_with_stock: "Stores with stock",
};

/**
 * A metric as people read it: its plain name with the service's name beside it, "Unit rate of sale (unit_ros)";
 * the plain name alone where it is the service's name but for its capital ("Revenue": revenue). A name the
 * add-in does not know (a metric the service added) is shown as the service wrote it.
 */
export function metricLabel(name: string): string {
  const plain = isMetric(name) ? PLAIN_NAMES[name] : undefined;
  if (plain === undefined) return name;
  return plain.toLowerCase() === name ? plain : `${plain} (${name})`;
}

/** Metrics each endpoint can build; what a retailer really serves comes from its metrics list. */
export const LEVEL_METRICS: Record<Level, readonly Metric[]> = {
  sku: [
    "revenue",
    "units",
    "average_price",
    "availability",
    "wastage",
    "unit_ros",
    "value_ros",
    "ranged_stores",
    "stores_selling",
    "stores_with_stock",
  ],
  store: ["revenue", "units", "average_price", "stock", "wastage", "lost_sales"],
};

/** Spec, Limits 1: never served at timeframe=daily, for any retailer. */
export const NEVER_DAILY: readonly Metric[] = [
  "unit_ros",
  "value_ros",
  "ranged_stores",
  "stores_selling",
  "stores_with_stock",
];

/** Spec, Limits 2: store-level daily data is kept for 14 days. */
export const STORE_DAILY_RETENTION_DAYS = 14;

/** A retailer's metrics list record, as far as validation needs it (the api's schema type fits it). */
export interface MetricsAvailability {
  retailer: string;
  sku_metrics: string[] | null;
  store_metrics: string[] | null;
  sku_metrics_daily: string[] | null;
  store_metrics_daily: string[] | null;
}

/** The list the service publishes for a level and timeframe, or null when it serves nothing there. */
export function servedMetrics(record: MetricsAvailability, level: Level, timeframe: Timeframe): string[] | null {
  const daily = timeframe === "daily";
  if (level === "sku") return daily ? record.sku_metrics_daily : record.sku_metrics;
  return daily ? record.store_metrics_daily : record.store_metrics;
}

const METRIC_NAMES: ReadonlySet<string> = new Set(METRICS);

/** A set lookup: row checks ask it of every field of 100,000s of rows. */
export function isMetric(name: string): name is Metric {
  return METRIC_NAMES.has(name);
}

/**
 * Metrics whose rows add up to a period's figure: amounts and counts (a week's revenue is the sum of its rows).
 * The others are rates or averages (average_price, availability, unit_ros, value_ros), where a sum means
 * nothing: a period's figure is the mean of its rows.
 */
const ADDITIVE_METRICS: readonly Metric[] = [
  "revenue",
  "units",
  "wastage",
  "stock",
  "lost_sales",
  "ranged_stores",
  "stores_selling",
  "stores_with_stock",
];

/** How a metric's rows make one figure for a period. */
export type Aggregation = "total" | "average";

/**
 * "total" for additive metrics; "average" for the rest, and for a name the add-in does not know (a mean is
 * honest for a rate or a count alike, a sum is not).
 */
export function aggregationOf(metric: string): Aggregation {
  const name = metric.trim().toLowerCase();
  return (ADDITIVE_METRICS as readonly string[]).includes(name) ? "total" : "average";
}
