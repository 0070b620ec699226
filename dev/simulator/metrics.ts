// The service's metrics: every name, those of each level, those never served daily (spec, Limits 1), and a
// retailer's metrics lists as /list/metrics returns them.
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

export const SKU_LEVEL_METRICS: readonly Metric[] = [
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
];
export const STORE_LEVEL_METRICS: readonly Metric[] = [
  "revenue",
  "units",
  "average_price",
  "stock",
  "wastage",
  "lost_sales",
];
/** Spec, Limits 1: never served at timeframe=daily, for any retailer. */
export const NEVER_DAILY: readonly Metric[] = [
  "unit_ros",
  "value_ros",
  "ranged_stores",
  "stores_selling",
  "stores_with_stock",
];

export function isMetric(name: string): name is Metric {
  return (METRICS as readonly string[]).includes(name);
}

export interface MetricsRecord {
  retailer: string;
  sku_metrics: Metric[] | null;
  store_metrics: Metric[] | null;
  sku_metrics_daily: Metric[] | null;
  store_metrics_daily: Metric[] | null;
}
