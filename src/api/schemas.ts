// The service's JSON, as zod schemas: the single source of the response types. Unknown extra fields are
// kept (loose objects), because the service may add fields and the spec leaves some names unshown.
import { z } from "zod";
import { METRICS, type Metric } from "../core/query/metrics";

const nullableList = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? null);

export const RetailersSchema = z.array(z.string());

const MetricsRecordSchema = z.looseObject({
  retailer: z.string(),
  sku_metrics: nullableList,
  store_metrics: nullableList,
  sku_metrics_daily: nullableList,
  store_metrics_daily: nullableList,
});
export const MetricsListSchema = z.array(MetricsRecordSchema);
export type MetricsRecord = z.infer<typeof MetricsRecordSchema>;

const names = z.array(z.union([z.string(), z.number().transform(String)])).default([]);
export const FiltersRecordSchema = z.looseObject({
  sku: names,
  skuProductName: names,
  filter1: names,
  filter2: names,
  filter3: names,
  filter4: names,
  filter5: names,
});
export type FiltersRecord = z.infer<typeof FiltersRecordSchema>;

const ActionRecordSchema = z.looseObject({
  client_name: z.string(),
  alert_date: z.string(),
  sku_code: z.union([z.number(), z.string()]),
  sku_description: z.string(),
  retailer: z.string(),
  store_id: z.union([z.number(), z.string()]).nullable(),
  store_description: z.string().nullable(),
  action: z.string(),
  action_description: z.string(),
});
export const ActionListSchema = z.array(ActionRecordSchema);
export type ActionRecord = z.infer<typeof ActionRecordSchema>;

export const ConnectionTestSchema = z.looseObject({ success: z.boolean() });

/** Any other column of a data row: the period (name not shown for daily/monthly), comparisons, extras. */
const cell = z.union([z.number(), z.string(), z.boolean(), z.null()]);
const metricValue = z.number().nullable().optional();
/** Every metric by name (typed, so DataRow knows them). */
const metricFields = Object.fromEntries(METRICS.map((m) => [m, metricValue])) as Record<Metric, typeof metricValue>;

// A code may be null here: the answer check (src/core/answer/answerCheck.ts) refuses a row without its key by its date.
export const DataRowSchema = z
  .object({
    sku: z.union([z.number(), z.string()]).nullable().optional(),
    sku_product_name: z.string().nullable().optional(),
    store_id: z.union([z.number(), z.string()]).nullable().optional(),
    store_name: z.string().nullable().optional(),
    product_name: z.string().nullable().optional(),
    ...metricFields,
  })
  .catchall(cell);
/** A row as the client returns it: the known keys typed, any other column a plain cell. */
export type DataRow = z.infer<typeof DataRowSchema>;
