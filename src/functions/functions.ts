/* The SALES.* custom functions. Excel reads their names, descriptions and argument help from the JSDoc below
 * (custom-functions-metadata-plugin turns it into functions.json and fails the build on bad JSDoc).
 * Keep the syntax plain: the metadata generator parses this file with an older TypeScript.
 * The metrics' help lists each by its plain name with the service's name beside it (metricLabel in
 * src/core/query/metrics.ts; test/functions/metadata.test.ts holds the two to one another).
 * Spilled tables are `any[][]` (the generator maps only `any` to mixed cells); dates, SKU codes and headers are
 * `any` so that serials, text, date cells and TRUE/1 all arrive; an argument that takes a range (SKU and STORE's
 * retailer and metrics) is a matrix (`string[][]`: Excel hands a single value over as a 1x1 matrix).
 * Each function hands its arguments to the engine (./functionEngine.ts), which checks them with the shared rules,
 * batches and caches requests and always settles; failures become #VALUE! or #N/A with a message. */

import { FunctionError, toExcelError } from "./errors";
import { functionsEngine } from "./sharedEngine";

function settle<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    throw err instanceof FunctionError ? toExcelError(err) : err;
  });
}

/**
 * Sales data at SKU level as a table that spills: one row per period and SKU (or product filter), with the period as a date, the SKU, its name and one column per metric.
 * @customfunction SKU
 * @param retailer Retailer identifier, as listed by SALES.RETAILERS(), or several: a range of cells or "northmart,freshway" (then a retailer column follows the period); "all" alone for the Sales Summary across retailers.
 * @param metrics Metric names, e.g. "revenue,units" or "Revenue, Units", or a range of cells holding them. At SKU level: Revenue, Units, Average price (average_price), Availability, Wastage, Unit rate of sale (unit_ros), Value rate of sale (value_ros), Ranged stores (ranged_stores), Stores selling (stores_selling), Stores with stock (stores_with_stock). Where a name is in brackets, write that one.
 * @param from First day: a date, a date cell, "YYYY-MM-DD", or relative to today: "today", "-7d", "-4w", "-12m", "-1y".
 * @param to Last day, in the same forms as from.
 * @param [timeframe] "daily", "weekly" (the default) or "monthly".
 * @param [comparison] "period" (change vs the previous period) or "year" (vs the same period last year); empty for none.
 * @param [filter] "sku" (the default) or "filter1" to "filter5": rows by SKU or by one of your product filters.
 * @param [viewby] One SKU code or filter name to restrict the rows to (case sensitive); needs filter.
 * @param [headers] TRUE (the default) to start with a header row of column names, FALSE for data only.
 * @returns The data table.
 */
export function sku(
  retailer: string[][],
  metrics: string[][],
  from: any,
  to: any,
  timeframe?: string,
  comparison?: string,
  filter?: string,
  viewby?: any,
  headers?: any,
): Promise<any[][]> {
  return settle(functionsEngine().sku({ retailer, metrics, from, to, timeframe, comparison, filter, viewby, headers }));
}

/**
 * Sales data at store level as a table that spills: one row per period, SKU and store.
 * @customfunction STORE
 * @param retailer Retailer identifier, as listed by SALES.RETAILERS(), or several: a range of cells or "northmart,freshway" (then a retailer column follows the period). "all" is not valid at store level.
 * @param metrics Metric names, e.g. "revenue,stock", or a range of cells holding them. At store level: Revenue, Units, Average price (average_price), Stock, Wastage, Lost sales (lost_sales). Where a name is in brackets, write that one.
 * @param from First day: a date, a date cell, "YYYY-MM-DD", or relative to today: "today", "-7d", "-4w", "-12m", "-1y".
 * @param to Last day, in the same forms as from.
 * @param [timeframe] "daily", "weekly" (the default) or "monthly". Daily store data covers the last 14 days only.
 * @param [comparison] "period" (change vs the previous period) or "year" (vs the same period last year); empty for none.
 * @param [filter] "sku" (the default) or "filter1" to "filter5".
 * @param [viewby] One SKU code or filter name to restrict the rows to (case sensitive); needs filter.
 * @param [headers] TRUE (the default) to start with a header row of column names, FALSE for data only.
 * @returns The data table.
 */
export function store(
  retailer: string[][],
  metrics: string[][],
  from: any,
  to: any,
  timeframe?: string,
  comparison?: string,
  filter?: string,
  viewby?: any,
  headers?: any,
): Promise<any[][]> {
  return settle(
    functionsEngine().store({ retailer, metrics, from, to, timeframe, comparison, filter, viewby, headers }),
  );
}

/**
 * One number: a metric for one SKU in the period (day, week or month) that contains a date. Cells of one calculation share one request per retailer and timeframe.
 * @customfunction VALUE
 * @param retailer One retailer identifier, or "all" (one per cell: for several retailers use SALES.SKU).
 * @param metric One metric name, e.g. "revenue": Revenue, Units, Average price (average_price), Availability, Wastage, Unit rate of sale (unit_ros), Value rate of sale (value_ros), Ranged stores (ranged_stores), Stores selling (stores_selling), Stores with stock (stores_with_stock). Where a name is in brackets, write that one.
 * @param sku SKU code (a number or text), as listed by SALES.FILTERS(retailer).
 * @param date Any day of the period wanted: a date, a date cell, "YYYY-MM-DD", or relative to today such as "-7d".
 * @param [timeframe] "daily", "weekly" (the default) or "monthly".
 * @returns The metric's value.
 */
export function value(retailer: string, metric: string, sku: any, date: any, timeframe?: string): Promise<number> {
  return settle(functionsEngine().value({ retailer, metric, sku, date, timeframe }));
}

/**
 * The retailers your API key can read, including "all" (the Sales Summary), one per row.
 * @customfunction RETAILERS
 * @returns One retailer per row.
 */
export function retailers(): Promise<string[][]> {
  return settle(functionsEngine().retailers());
}

/**
 * The metrics a retailer serves at a level and timeframe, one per row.
 * @customfunction METRICS
 * @param retailer Retailer identifier (not "all").
 * @param [level] "sku" (the default) or "store".
 * @param [timeframe] "daily", "weekly" (the default) or "monthly".
 * @returns One metric per row.
 */
export function metrics(retailer: string, level?: string, timeframe?: string): Promise<string[][]> {
  return settle(functionsEngine().metrics(retailer, level, timeframe));
}

/**
 * Your SKU codes, SKU product names or the names of one of your product filters for a retailer, one per row.
 * @customfunction FILTERS
 * @param retailer Retailer identifier (not "all").
 * @param [field] "sku" (the default), "skuProductName", or "filter1" to "filter5".
 * @returns One entry per row.
 */
export function filters(retailer: string, field?: string): Promise<string[][]> {
  return settle(functionsEngine().filters(retailer, field));
}

/**
 * This week's actions, insights and alerts for a retailer, as a table that spills with a header row.
 * @customfunction ACTIONS
 * @param retailer Retailer identifier (not "all").
 * @returns The actions table with a header row.
 */
export function actions(retailer: string): Promise<any[][]> {
  return settle(functionsEngine().actions(retailer));
}
