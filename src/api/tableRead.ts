// A query's answer as one table, for one retailer or several: what the pane's Get data writes, what refresh
// lays over the table's window and what SALES.SKU / SALES.STORE spill, so the three cannot differ.
import type { DayCells } from "../core/dates";
import { requestsOf, type DataRequest, type Query } from "../core/query/query";
import { tableContents } from "../core/refresh/tableLayout";
import { tabulate, type Tabulated } from "../core/answer/tabulate";
import { TabulateStream } from "../core/answer/tabulateStream";
import { nextTurn } from "../core/schedule/pace";
import type { ReadOptions, RetailerDataResult, SalesClient } from "./client";
import type { SizedOptions } from "./sizedRead";
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
  if (query.retailers.length === 1) {
    const result = await client.getData(requestsOf(query)[0], opts);
    return {
      table: inPeriodOrder(tabulate(result, result.query, dayCells), dayCells, result.periodField),
      periodField: result.periodField,
      query: result.query,
      retailers: [result.query.retailer],
      omittedMetrics: result.omittedMetrics,
      warnings: result.warnings,
    };
  }
  return retailersAnswer(await client.getDataForRetailers(query, opts), dayCells);
}

/** Several retailers' answers merged into one table in period order, with what each left out (tabulateRetailers). */
function retailersAnswer(results: RetailerDataResult[], dayCells: DayCells): TableAnswer {
  const first = results[0];
  const table = tabulateRetailers(results, first.query, dayCells);
  // A retailer without rows has no period field of its own (the client's fallback): another's tells it.
  const periodField = (results.find((r) => r.rows.length > 0) ?? first).periodField;
  return {
    table: inPeriodOrder(table, dayCells, periodField),
    periodField,
    query: first.query,
    retailers: results.map((r) => r.retailer),
    omittedMetrics: [...new Set(results.flatMap((r) => r.omittedMetrics))],
    perRetailer: table.retailers,
    // A warning every retailer shares is said once.
    warnings: [...new Set(results.flatMap((r) => r.warnings))],
  };
}

/** A tabulated answer's rows as a table's contents hold them (tableContents: in period order). */
const inPeriodOrder = (t: Tabulated, dayCells: DayCells, periodField: string): Tabulated => ({
  ...t,
  values: tableContents(t, dayCells, periodField).values,
});

/**
 * fetchTable for the pane's Get data and the functions: the query read in chunks sized by its first answer
 * (client.readSized: with `maxRows`, an AnswerTooLarge once the answer is known not to fit, after its first chunk at
 * the latest), and tabulated a slice at a time, the event loop given a turn between slices (a large brand's day is
 * 575,000 rows: tabulated at once, it held the pane's thread for a second).
 */
export async function fetchTableSized(
  client: SalesClient,
  query: Query,
  dayCells: DayCells,
  opts: SizedOptions = {},
): Promise<TableAnswer> {
  // One retailer's rows become cells as they come (a large brand's day is 575,000 rows: held as parsed rows and
  // as cells, both at once, they were a few hundred megabytes); several retailers' are merged from their rows.
  let stream: TabulateStream | undefined;
  const collect = query.retailers.length === 1 ? () => (stream = new TabulateStream(query, dayCells)) : undefined;
  const results = await client.readSized(query, { ...opts, collect });
  const first = results[0];
  if (stream) {
    await nextTurn();
    const tabulated = stream.end(first.fields, first.omittedMetrics, first.query);
    await nextTurn();
    return {
      table: inPeriodOrder(tabulated, dayCells, first.periodField),
      periodField: first.periodField,
      query: first.query,
      retailers: [first.retailer],
      omittedMetrics: first.omittedMetrics,
      warnings: first.warnings,
    };
  }
  return retailersAnswer(results, dayCells);
}
