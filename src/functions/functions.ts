/* The SALES.* custom functions. Spilled tables are `any[][]`: the metadata generator maps only `any` to
 * mixed text/number cells.
 * Excel reads their names, descriptions and argument help from the JSDoc
 * below (custom-functions-metadata-plugin turns it into functions.json and fails the build on bad JSDoc).
 * Keep the syntax plain: the metadata generator parses this file with an older TypeScript. */

import { notYetAvailable } from "./availability";

/**
 * Sales data at SKU level as a table that spills: one row per period and SKU (or product filter).
 * @customfunction SKU
 * @param retailer Retailer identifier, as listed by SALES.RETAILERS(); "all" for the Sales Summary across retailers.
 * @param metrics Metric names, e.g. "revenue,units", or a range of cells holding them.
 * @param from First day: a date, a date cell, "YYYY-MM-DD", or "today", "-7d", "-4w", "-12m".
 * @param to Last day, in the same forms as from.
 * @param [timeframe] "daily", "weekly" (the default) or "monthly".
 * @param [comparison] "period" (vs previous period) or "year" (vs same period last year); empty for none.
 * @param [filter] "sku" (the default) or "filter1" to "filter5": group rows by SKU or by a product filter.
 * @param [viewby] One SKU code or filter name to restrict the rows to (case sensitive).
 * @param [headers] TRUE (the default) to include a header row.
 * @returns The data table.
 */
export function sku(
  retailer: string,
  metrics: string[][],
  from: string | number,
  to: string | number,
  timeframe?: string,
  comparison?: string,
  filter?: string,
  viewby?: string,
  headers?: boolean,
): Promise<any[][]> {
  return notYetAvailable("SALES.SKU", [retailer, metrics, from, to, timeframe, comparison, filter, viewby, headers]);
}

/**
 * Sales data at store level as a table that spills: one row per period, SKU and store.
 * @customfunction STORE
 * @param retailer Retailer identifier, as listed by SALES.RETAILERS() ("all" is not valid at store level).
 * @param metrics Metric names, e.g. "revenue,stock", or a range of cells holding them.
 * @param from First day: a date, a date cell, "YYYY-MM-DD", or "today", "-7d", "-4w", "-12m".
 * @param to Last day, in the same forms as from.
 * @param [timeframe] "daily", "weekly" (the default) or "monthly". Daily store data covers the last 14 days only.
 * @param [comparison] "period" (vs previous period) or "year" (vs same period last year); empty for none.
 * @param [filter] "sku" (the default) or "filter1" to "filter5".
 * @param [viewby] One SKU code or filter name to restrict the rows to (case sensitive).
 * @param [headers] TRUE (the default) to include a header row.
 * @returns The data table.
 */
export function store(
  retailer: string,
  metrics: string[][],
  from: string | number,
  to: string | number,
  timeframe?: string,
  comparison?: string,
  filter?: string,
  viewby?: string,
  headers?: boolean,
): Promise<any[][]> {
  return notYetAvailable("SALES.STORE", [retailer, metrics, from, to, timeframe, comparison, filter, viewby, headers]);
}

/**
 * One number: a metric for one SKU in the period that contains a date.
 * @customfunction VALUE
 * @param retailer Retailer identifier, or "all".
 * @param metric One metric name, e.g. "revenue".
 * @param sku SKU code.
 * @param date Any day of the period wanted: a date, a date cell, "YYYY-MM-DD", or a relative form such as "-7d".
 * @param [timeframe] "daily", "weekly" (the default) or "monthly".
 * @returns The metric's value.
 */
export function value(
  retailer: string,
  metric: string,
  sku: string | number,
  date: string | number,
  timeframe?: string,
): Promise<number> {
  return notYetAvailable("SALES.VALUE", [retailer, metric, sku, date, timeframe]);
}

/**
 * The retailers your API key can read, including "all".
 * @customfunction RETAILERS
 * @returns One retailer per row.
 */
export function retailers(): Promise<string[][]> {
  return notYetAvailable("SALES.RETAILERS", []);
}

/**
 * The metrics a retailer serves at a level and timeframe.
 * @customfunction METRICS
 * @param retailer Retailer identifier (not "all").
 * @param [level] "sku" (the default) or "store".
 * @param [timeframe] "daily", "weekly" (the default) or "monthly".
 * @returns One metric per row.
 */
export function metrics(retailer: string, level?: string, timeframe?: string): Promise<string[][]> {
  return notYetAvailable("SALES.METRICS", [retailer, level, timeframe]);
}

/**
 * Your SKU codes, SKU product names or the names of one of your product filters for a retailer.
 * @customfunction FILTERS
 * @param retailer Retailer identifier (not "all").
 * @param [field] "sku" (the default), "skuProductName", or "filter1" to "filter5".
 * @returns One entry per row.
 */
export function filters(retailer: string, field?: string): Promise<string[][]> {
  return notYetAvailable("SALES.FILTERS", [retailer, field]);
}

/**
 * This week's actions, insights and alerts for a retailer, as a table that spills.
 * @customfunction ACTIONS
 * @param retailer Retailer identifier (not "all").
 * @returns The actions table with a header row.
 */
export function actions(retailer: string): Promise<any[][]> {
  return notYetAvailable("SALES.ACTIONS", [retailer]);
}
