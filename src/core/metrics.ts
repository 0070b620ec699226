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

export function isMetric(name: string): name is Metric {
  return (METRICS as readonly string[]).includes(name);
}
