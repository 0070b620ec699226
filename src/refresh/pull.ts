// The pane's "Get data": fetch a query, write it as a new table in period order and save its record so the
// table can be refreshed.
import { SalesApiError } from "../api/errors";
import { fetchTable } from "../api/tableRead";
import type { Query } from "../core/query/query";
import { lastReadAfterPull } from "../core/refresh/refreshWindow";
import { periodIndexOf, type TableShape } from "../core/refresh/tableLayout";
import type { IsoDate } from "../core/dates";
import { recordFrom, writtenKeys, type WrittenKeys } from "../core/refresh/writtenKeys";
import { recordWithRows } from "../excel/writtenStore";
import type { Column } from "../core/answer/tabulate";
import { keyColumns, keyCellsOf, rowKey, type ServiceColumn } from "../core/refresh/userColumns";
import { saveManagedTable } from "../excel/queryStore";
import { writeTable, type Destination, type WriteResult } from "../excel/tables";
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
  const result = await fetchTable(deps.client, query, EXCEL_DAY_CELLS, { signal: opts.signal, days: deps.days });
  const data = result.table; // in period order, as refresh keeps it
  // A table without rows has no date column to refresh from: refuse before anything is written.
  if (data.values.length === 0) throw new SalesApiError("not-found", noRowsToPull(result.query, result.retailers));
  const name = opts.name ?? `Sales ${result.retailers.join(" ")} ${result.query.level} ${result.query.timeframe}`;
  const write = await writeTable(deps.run, data, {
    name,
    destination: opts.destination,
    signal: opts.signal,
    onProgress: opts.onProgress,
    limits: deps.limits,
    select: opts.select,
  });
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
  const recorded = pulledKeys(data, pi, write.rows, recordFrom(table.lastRead!, result.query.timeframe));
  await saveManagedTable(deps.run, table, recorded ? recordWithRows(write.tableId, recorded) : undefined);
  const warnings = [...result.warnings];
  if (write.error !== undefined) warnings.push(partialPullWarning(write.rows, data.values.length, write.error));
  return { write, table, omittedMetrics: result.omittedMetrics, retailers: result.perRetailer, warnings };
}

/** The record of the keys a pull wrote (its first `rows` rows) from `from` on; undefined without a period column. */
function pulledKeys(data: TableShape, pi: number, rows: number, from: IsoDate): WrittenKeys | undefined {
  if (pi < 0) return undefined;
  const keys = keyColumns(data.columns, pi);
  const written = data.values.slice(0, rows).flatMap((r) => {
    const cells = keyCellsOf(
      keys.map((k) => r[k]),
      EXCEL_DAY_CELLS,
    );
    const key = rowKey(cells);
    return key === null ? [] : [{ period: cells[0] as IsoDate, key }];
  });
  return writtenKeys(from, written);
}

/** The record of a new table's columns: each field with the id of the column written for it (headers are fields). */
const serviceColumnsOf = (columns: readonly Column[], ids: readonly number[]): ServiceColumn[] =>
  columns.map((c, i) => ({ id: ids[i], field: c.name, name: c.name }));
