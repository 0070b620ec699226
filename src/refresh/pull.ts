// The pane's "Get data": fetch a query, write it as a new table in period order and save its record so the
// table can be refreshed.
import { SalesApiError } from "../api/errors";
import { fetchTableSized, type TableAnswer } from "../api/tableRead";
import { pacer } from "../core/schedule/pace";
import { AnswerTooLarge, TooLargeForExcel, tooLargeText, type AnswerSize } from "../core/query/sizeAdvice";
import type { Query } from "../core/query/query";
import { lastReadAfterPull } from "../core/refresh/refreshWindow";
import { periodIndexOf } from "../core/refresh/tableLayout";
import type { IsoDate } from "../core/dates";
import { recordFrom } from "../core/refresh/writtenKeys";
import { pulledKeys } from "./pulledKeys";
import { recordWithRows } from "../excel/writtenStore";
import type { Column } from "../core/answer/tabulate";
import type { ServiceColumn } from "../core/refresh/userColumns";
import { saveManagedTable } from "../excel/queryStore";
import {
  removeNewTable,
  roomAt,
  writeTable,
  type Destination,
  type TableRoom,
  type WriteResult,
} from "../excel/tables";
import type { RefreshDeps, RefreshableTable } from "./refreshDeps";
import { noRowsToPull, partialPullWarning } from "./outcomes";
import { serialized } from "./queue";
import { type RetailerSummary } from "../core/answer/retailersTable";
import { EXCEL_DAY_CELLS } from "../excel/excelDays";

export interface PullTableOptions {
  destination: Destination;
  /** "Up to today": each refresh reads up to the service's today. */
  rolling: boolean;
  /** Free text the table name is made from (default "Sales <retailer> <level> <timeframe>"). */
  name?: string;
  signal?: AbortSignal;
  /** While the service is read: the rows read so far and, once the first chunk is in, the rows projected in all. */
  onRead?: (rowsRead: number, rowsProjected: number | undefined) => void;
  onProgress?: (rowsWritten: number, rowsTotal: number) => void;
  select?: boolean;
}

export interface PullResult {
  write: WriteResult;
  table: RefreshableTable;
  omittedMetrics: string[];
  /** Several retailers: each one's rows written and the metrics it omitted. */
  retailers?: RetailerSummary[];
  warnings: string[];
}

/**
 * Fetches the query, writes it as a new table in period order (the same definition of a table's contents
 * refresh keeps) and saves the query record so the table can be refreshed.
 */
export function pullTable(deps: RefreshDeps, query: Query, opts: PullTableOptions): Promise<PullResult> {
  return serialized(() => pullTableInTurn(deps, query, opts));
}

async function pullTableInTurn(deps: RefreshDeps, query: Query, opts: PullTableOptions): Promise<PullResult> {
  const today = deps.today();
  const room = await roomAt(deps.run, opts.destination);
  const result = await readWithin(deps, query, opts, room);
  const data = result.table; // in period order, as refresh keeps it
  // A table without rows has no date column to refresh from: refuse before anything is written.
  if (data.values.length === 0)
    throw new SalesApiError("not-found", noRowsToPull(result.query, result.retailers, deps.days));
  const name = opts.name ?? `Sales ${result.retailers.join(" ")} ${result.query.level} ${result.query.timeframe}`;
  const write = await writeTable(deps.run, data, {
    name,
    destination: opts.destination,
    signal: opts.signal,
    onProgress: opts.onProgress,
    limits: deps.limits,
    select: opts.select,
  });
  // Cancelled between blocks: the rows written go again, so the workbook is as it was (never part of a table).
  if (!write.complete && write.error === undefined) await takeBack(deps, write, opts.destination);
  try {
    return await recordPull(deps, query, opts, { result, write, today });
  } catch (err) {
    if (cancelled(err)) await takeBack(deps, write, opts.destination);
    throw err;
  }
}

/**
 * The query read in chunks, stopped as soon as its answer is known not to fit the room at the destination (after its
 * first chunk at the latest), and refused then in words that say what would fit; an answer that fits the
 * projection but not the room is refused alike once it is all read.
 */
async function readWithin(deps: RefreshDeps, query: Query, opts: PullTableOptions, room: TableRoom) {
  const refusal = (size: AnswerSize) =>
    new TooLargeForExcel(tooLargeText(query, size, room, deps.today(), deps.count ?? count), query);
  let result: TableAnswer;
  try {
    result = await fetchTableSized(deps.client, query, EXCEL_DAY_CELLS, {
      signal: opts.signal,
      days: deps.days,
      maxRows: room.rows,
      onRead: opts.onRead,
    });
  } catch (err) {
    if (err instanceof AnswerTooLarge) throw refusal(err.size);
    // Cancelled while the service was read: nothing was written, and the pane says so as after a write.
    if (cancelled(err)) throw new SalesApiError("cancelled", CANCELLED);
    throw err;
  }
  const rows = result.table.values.length;
  if (rows > room.rows) {
    const retailers = result.perRetailer ?? [{ retailer: result.retailers[0], rows }];
    const perPeriod = Math.max(
      ...periodRows(result.table.values, periodIndexOf(result.table.columns, result.periodField)),
    );
    throw refusal({
      rows,
      projected: false,
      perPeriod,
      retailers: retailers.map((r) => ({ retailer: r.retailer, rows: r.rows })),
    });
  }
  return result;
}

/** The rows of each period (by the period column's cell): the busiest tells what a shorter range would hold. */
function periodRows(values: readonly (readonly unknown[])[], pi: number): number[] {
  if (pi < 0) return [values.length];
  const by = new Map<unknown, number>();
  for (const row of values) by.set(row[pi], (by.get(row[pi]) ?? 0) + 1);
  return [...by.values()];
}

const count = (n: number): string => n.toLocaleString("en-US");

const CANCELLED = "Cancelled: nothing was written.";

const cancelled = (err: unknown): boolean => err instanceof SalesApiError && err.kind === "cancelled";

/** A table written in part (a cancel) taken away again, and the cancel said. */
async function takeBack(deps: RefreshDeps, write: WriteResult, destination: Destination): Promise<never> {
  await removeNewTable(deps.run, write, destination);
  throw new SalesApiError("cancelled", CANCELLED);
}

/** After the write: the table's saved record (its query, ids, last read) and the keys it wrote, in the workbook. */
async function recordPull(
  deps: RefreshDeps,
  query: Query,
  opts: PullTableOptions,
  { result, write, today }: { result: TableAnswer; write: WriteResult; today: IsoDate },
): Promise<PullResult> {
  const data = result.table;
  const pi = periodIndexOf(data.columns, result.periodField);
  const now = (deps.now?.() ?? new Date()).toISOString();
  const table: RefreshableTable = {
    tableName: write.tableName,
    sheet: write.sheet,
    // Its Table.id (read by writeTable), so the saved query follows the table through renames.
    tableId: write.tableId,
    // The query asked (its metrics as given: a refresh validates them again); the record stores one retailer as
    // its name and several as their list (an older add-in reads a list as damaged rather than pull one).
    query,
    rolling: opts.rolling,
    createdAt: now,
    lastRefreshedAt: now,
    rows: write.rows,
    periodColumn: pi >= 0 ? data.columns[pi].name : undefined,
    // Which table column holds which field, by TableColumn.id: refresh finds them after renames and moves.
    ...(write.columnIds ? { columns: serviceColumnsOf(data.columns, write.columnIds) } : {}),
    lastWindow: { from: result.query.from, to: result.query.to },
    // A pull stopped between blocks: the next refresh reaches back to the last period written.
    lastRead: lastReadAfterPull(today, {
      values: data.values,
      periodIndex: pi,
      dayCells: EXCEL_DAY_CELLS,
      written: write.rows,
      complete: write.complete,
    }),
  };
  // With it, what the add-in wrote into the periods the next refresh can rewrite: a row typed there later is the user's.
  const from = recordFrom(table.lastRead!, result.query.timeframe);
  const pace = pacer(opts.signal, () => new SalesApiError("cancelled", CANCELLED));
  const recorded = await pulledKeys(data, pi, write.rows, from, pace);
  await saveManagedTable(deps.run, table, recorded ? recordWithRows(write.tableId, recorded) : undefined);
  const warnings = [...result.warnings];
  if (write.error !== undefined) warnings.push(partialPullWarning(write.rows, data.values.length, write.error));
  return { write, table, omittedMetrics: result.omittedMetrics, retailers: result.perRetailer, warnings };
}

/** The record of a new table's columns: each field with the id of the column written for it (headers are fields). */
const serviceColumnsOf = (columns: readonly Column[], ids: readonly number[]): ServiceColumn[] =>
  columns.map((c, i) => ({ id: ids[i], field: c.name, name: c.name }));
