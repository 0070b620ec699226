// A query's answer as one table, for one retailer or several: what the pane's Get data writes, what refresh
// lays over the table's window and what SALES.SKU / SALES.STORE spill, so the three cannot differ.
import type { DayCells } from "../core/dates";
import { requestsOf, type DataRequest, type Query } from "../core/query/query";
import { tableContents } from "../core/refresh/tableLayout";
import { tabulate, type Tabulated } from "../core/answer/tabulate";
import type { ReadOptions, SalesClient } from "./client";
import { tabulateRetailers, type RetailerSummary } from "../core/answer/retailersTable";

export interface TableAnswer {
  /**
   * The rows as table cells in period order (stably: the service's order within a period, or with several
   * retailers their given order); with several retailers, a `retailer` column right after the period.
   */
  table: Tabulated;
  /** The period's field in the service's rows (the period column's header). */
  periodField: string;
  /** The request as sent (the first retailer's, when several: all share level, timeframe, metrics and dates). */
  query: DataRequest;
  /** The retailers read, in the order given (one for a single-retailer query). */
  retailers: string[];
  /** Metrics asked for that a retailer left out (any of them, when several). */
  omittedMetrics: string[];
  /** Several retailers: each one's rows and omitted metrics, for the summary. Undefined for one retailer. */
  perRetailer?: RetailerSummary[];
  warnings: string[];
}

/**
 * Reads the query for its retailer, or its retailers (one request per retailer and chunk, through the client's
 * one bounded pool, or `opts.pool`, a run's; the first failure fails the whole read, naming its retailer), and tabulates the answer in
 * period order: a table's contents as Get data writes them and refresh keeps them (`tableContents`), each day
 * as the surface's cells hold it (`dayCells`: Excel's serials for the pane, the functions and refresh).
 */
export async function fetchTable(
  client: SalesClient,
  query: Query,
  dayCells: DayCells,
  opts: ReadOptions = {},
): Promise<TableAnswer> {
  const inPeriodOrder = (t: Tabulated, periodField: string): Tabulated => ({
    ...t,
    values: tableContents(t, dayCells, periodField).values,
  });
  if (query.retailers.length === 1) {
    const result = await client.getData(requestsOf(query)[0], opts);
    return {
      table: inPeriodOrder(tabulate(result, result.query, dayCells), result.periodField),
      periodField: result.periodField,
      query: result.query,
      retailers: [result.query.retailer],
      omittedMetrics: result.omittedMetrics,
      warnings: result.warnings,
    };
  }
  const results = await client.getDataForRetailers(query, opts);
  const first = results[0];
  const table = tabulateRetailers(results, first.query, dayCells);
  // A retailer without rows has no period field of its own (the client's fallback): another's tells it.
  const periodField = (results.find((r) => r.rows.length > 0) ?? first).periodField;
  return {
    table: inPeriodOrder(table, periodField),
    periodField,
    query: first.query,
    retailers: results.map((r) => r.retailer),
    omittedMetrics: [...new Set(results.flatMap((r) => r.omittedMetrics))],
    perRetailer: table.retailers,
    // A warning every retailer shares is said once.
    warnings: [...new Set(results.flatMap((r) => r.warnings))],
  };
}
