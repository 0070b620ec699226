// Refresh, wired: read where the stored table's window starts, fetch and check the whole window, then rewrite
// the table's tail in one safe commit (src/excel/tables.ts replaceTail) and update the saved query record.
// The pane, the ribbon's "Refresh all" and the on-open refresh all call this module; it decides nothing itself
// (src/core/refresh.ts does) and touches Excel only through src/excel.
import type { DataResult, SalesClient } from "../api";
import { SalesApiError, isSalesApiError } from "../api/errors";
import { addDays, excelSerial, fromExcelSerial, type IsoDate } from "../core/dates";
import type { DataQuery } from "../core/query";
import {
  anchorOf,
  appendOnlyCutoff,
  keptCount,
  kindOfFormat,
  mapToHeader,
  periodEnd,
  periodIndexOf,
  refreshWindow,
  tableContents,
  windowRows,
  type RefreshWindow,
} from "../core/refresh";
import { tabulate, type Tabulated } from "../core/tabulate";
import { WorkbookError } from "../excel/errors";
import { NUMBER_FORMATS } from "../excel/formats";
import { listManagedTables, updateManagedTables, type ManagedTable } from "../excel/queryStore";
import { getRefreshOnOpen } from "../excel/refreshSettings";
import type { ExcelRun } from "../excel/run";
import {
  readPeriodTail,
  replaceTail,
  writeTable,
  type BlockLimits,
  type Destination,
  type WriteResult,
} from "../excel/tables";
import type { Level, Timeframe } from "../core/metrics";

/**
 * A saved table as refresh keeps it. `lastRead` (the service's today when the table was last read) is stored
 * with the record in the workbook settings; it decides how far back the next window reaches.
 */
/** A managed table as refresh reads it (ManagedTable carries `lastRead`). */
export type RefreshableTable = ManagedTable;

export interface RefreshDeps {
  run: ExcelRun;
  client: SalesClient;
  /** The service's today (the machine's date in the add-in; the simulator's clock in tests and benchmarks). */
  today: () => IsoDate;
  /** Wall-clock time for "last refreshed" (default: now). */
  now?: () => Date;
  /** Called after each table of Refresh all (and after refreshTable), e.g. to update the pane's list. */
  onTableDone?: (outcome: RefreshOutcome) => void;
  /** Runs once after Refresh all: clear the SALES functions' cache and recalculate (src/functions, src/excel/recalc). */
  afterRefreshAll?: () => Promise<void>;
  /** Block limits for writes (tests use small ones). */
  limits?: Partial<BlockLimits>;
}

export interface RefreshOptions {
  signal?: AbortSignal;
  /** Benchmark contrast only: add periods after the last stored one and never rewrite stored rows. */
  appendOnly?: boolean;
}

export type RefreshStatus =
  /** The window was rewritten. */
  | "refreshed"
  /** Nothing to refresh (a fixed query whose figures are final) or nothing changed. */
  | "unchanged"
  /** The service returned nothing for a window that holds rows: the rows were kept. */
  | "kept"
  | "failed"
  | "cancelled";

export interface RefreshOutcome {
  tableName: string;
  sheet: string;
  status: RefreshStatus;
  /** Stored rows in the window rewritten with the service's current figures. */
  rowsReplaced: number;
  /** New rows (new periods, or rows the service has more of now). */
  rowsAdded: number;
  /** Stored rows in the window that the service no longer returns. */
  rowsRemoved: number;
  /** Rows of the table after the refresh. */
  rows: number;
  /** The dates read from the service (absent when nothing was read). */
  window?: { from: IsoDate; to: IsoDate };
  /** Metrics the service left out this time (their cells in the window are empty). */
  omittedMetrics: string[];
  warnings: string[];
  /** For "failed" and "cancelled": what went wrong, in words for the user. */
  error?: string;
  /** When this refresh finished (ISO timestamp). */
  refreshedAt?: string;
}

export interface RefreshSummary {
  outcomes: RefreshOutcome[];
  refreshed: number;
  failed: number;
  /** One line for a notification: "3 tables refreshed, 1 failed." */
  message: string;
}

const cancelled = (signal?: AbortSignal) => !!signal?.aborted;

function outcomeBase(t: RefreshableTable): RefreshOutcome {
  return {
    tableName: t.tableName,
    sheet: t.sheet,
    status: "unchanged",
    rowsReplaced: 0,
    rowsAdded: 0,
    rowsRemoved: 0,
    rows: t.rows,
    omittedMetrics: [],
    warnings: [],
  };
}

function messageOf(err: unknown): string {
  if (isSalesApiError(err) || err instanceof WorkbookError) return err.message;
  const e = err as { code?: string; message?: string };
  if (e && typeof e.message === "string") {
    return `Excel could not finish the refresh${e.code ? ` (${e.code})` : ""}: ${e.message} The table holds either its old or its new recent rows; refresh again to complete it.`;
  }
  return String(err);
}

function isCancel(err: unknown): boolean {
  return (
    (isSalesApiError(err) && err.kind === "cancelled") || (err instanceof WorkbookError && err.kind === "cancelled")
  );
}

/** The day the last read happened, as far as the record tells (older records: the date of lastRefreshedAt). */
function lastReadOf(t: RefreshableTable, today: IsoDate): IsoDate {
  if (t.lastRead) return t.lastRead;
  const d = /^\d{4}-\d{2}-\d{2}/.exec(t.lastRefreshedAt ?? "")?.[0];
  return d && d <= today ? d : today;
}

async function saveRecord(run: ExcelRun, tableName: string, change: (t: RefreshableTable) => RefreshableTable) {
  await updateManagedTables(run, (tables) =>
    tables.map((t) => (t.tableName === tableName ? change(t as RefreshableTable) : t)),
  );
}

/**
 * One operation on the workbook's Sales Data tables at a time. The pane's Get data and Refresh, Refresh all
 * (pane and ribbon) and the on-open refresh all run in the shared runtime's one instance of this module; each
 * reads a table (or the saved records) and writes it back over several syncs, so two at once could write a
 * table twice. Only the exported entry points queue; what they call inside is unqueued (no deadlock when
 * Refresh all refreshes each table). The saved records have their own queue (updateManagedTables).
 */
let queueTail: Promise<unknown> = Promise.resolve();

function serialized<T>(op: () => Promise<T>): Promise<T> {
  const result = queueTail.then(op, op);
  queueTail = result.catch(() => undefined);
  return result;
}

/** Refreshes one saved table. Never throws: failures come back as an outcome with `error`. */
export function refreshTable(
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: RefreshOptions = {},
): Promise<RefreshOutcome> {
  return serialized(() => refreshTableNow(deps, managed, opts));
}

async function refreshTableNow(
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: RefreshOptions,
): Promise<RefreshOutcome> {
  const out = outcomeBase(managed);
  try {
    await refreshInto(out, deps, managed, opts);
  } catch (err) {
    out.status = isCancel(err) || cancelled(opts.signal) ? "cancelled" : "failed";
    out.error = out.status === "cancelled" ? "Refresh was cancelled; the table was not changed." : messageOf(err);
  }
  deps.onTableDone?.(out);
  return out;
}

async function refreshInto(
  out: RefreshOutcome,
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: RefreshOptions,
): Promise<void> {
  const today = deps.today();
  const q = managed.query;
  const level = String(q.level).trim().toLowerCase() as Level;
  const timeframe = String(q.timeframe).trim().toLowerCase() as Timeframe;
  const lastRead = lastReadOf(managed, today);
  const anchor = anchorOf(today, lastRead);
  // Read back far enough to find the stored period containing the anchor and a row before the window.
  const tail = await readPeriodTail(deps.run, managed.tableName, managed.periodColumn, excelSerial(anchor) - 40);
  out.sheet = tail.sheet;
  out.rows = tail.count;

  let win: RefreshWindow;
  if (opts.appendOnly) {
    const cutoff = appendOnlyCutoff(tail.periods as never[]);
    const from = Number.isFinite(cutoff) ? periodEnd(fromExcelSerial(cutoff - 1), timeframe) : q.from;
    const to = managed.rolling ? today : q.to;
    win =
      from > to
        ? { kind: "nothing", reason: "No new periods yet.", start: from, to }
        : { kind: "window", from, to, start: from, cutoff: excelSerial(from), anchor, startFrom: "calendar" };
  } else {
    win = refreshWindow({
      today,
      level,
      timeframe,
      from: q.from,
      to: q.to,
      rolling: managed.rolling,
      lastRead,
      storedPeriods: tail.periods as never[],
    });
  }
  if (win.kind === "nothing") {
    out.warnings.push(win.reason);
    return;
  }
  out.window = { from: win.from, to: win.to };

  // 1. Fetch and check the whole window before the sheet is touched.
  const query: DataQuery = { ...q, from: win.from, to: win.to };
  const result: DataResult = await deps.client.getData(query, { signal: opts.signal });
  out.omittedMetrics = result.omittedMetrics;
  out.warnings.push(...result.warnings);
  const fresh: Tabulated = tabulate(result, result.query);
  const kinds = tail.formats.map((f) => kindOfFormat(f, NUMBER_FORMATS));
  const mapped = mapToHeader(tail.headers, fresh, kinds);
  const pi = periodIndexOf(mapped.columns, tail.periodColumn);
  if (mapped.extra.length > 0)
    out.warnings.push(
      `The service now also sends ${mapped.extra.join(", ")}; the table keeps its columns, so ${mapped.extra.length === 1 ? "it was" : "they were"} left out. Get the data again to include ${mapped.extra.length === 1 ? "it" : "them"}.`,
    );
  if (mapped.missing.length > 0 && fresh.values.length > 0)
    out.warnings.push(
      `The service did not send ${mapped.missing.join(", ")} this time: ${mapped.missing.length === 1 ? "that column is" : "those columns are"} empty from ${win.start} on.`,
    );
  const { values, early } = windowRows(mapped, pi, win.cutoff);
  if (early > 0)
    out.warnings.push(
      `${early} row(s) the service labelled before ${win.start} were left out (the stored rows cover them).`,
    );

  const kept = tail.offset + keptCount(tail.periods as never[], win.cutoff);
  const inWindow = tail.count - kept;
  const storedHasRows = !(tail.count === 1 && kept === 0 && tail.periods.every((v) => v === "" || v === null));
  if (values.length === 0 && inWindow > 0 && storedHasRows) {
    out.status = "kept";
    out.warnings.push(
      `The service returned no rows for ${win.from} to ${win.to}, where the table has ${inWindow} row(s). They were kept, not deleted. Check the retailer's connection in the service, then refresh again.`,
    );
    return;
  }
  if (cancelled(opts.signal)) throw new WorkbookError("cancelled", "Refresh was cancelled; the table was not changed.");

  // 2. One safe rewrite of the window.
  const res = await replaceTail(deps.run, managed.tableName, {
    periodColumn: tail.periodColumn,
    cutoff: win.cutoff,
    data: { columns: mapped.columns, values },
    signal: opts.signal,
    limits: deps.limits,
  });
  const replaced = Math.min(res.removed, res.added);
  out.status = "refreshed";
  out.rowsReplaced = replaced;
  out.rowsAdded = res.added - replaced;
  out.rowsRemoved = res.removed - replaced;
  out.rows = Math.max(res.kept + res.added, 0);
  out.refreshedAt = (deps.now?.() ?? new Date()).toISOString();

  // 3. The record: when, which window, and the day of this read (the next window reaches back to it).
  const refreshedAt = out.refreshedAt;
  await saveRecord(deps.run, managed.tableName, (t) => ({
    ...t,
    lastRefreshedAt: refreshedAt,
    rows: out.rows,
    periodColumn: tail.periodColumn,
    lastWindow: { from: win.from, to: win.to },
    lastRead: opts.appendOnly ? t.lastRead : today,
  }));
}

let running: Promise<RefreshSummary> | null = null;

/**
 * Refreshes every saved table of the workbook, one after the other. A table that fails does not stop the
 * others. Then `afterRefreshAll` (the SALES functions' cache and recalculation). A second call while one is
 * running gets the same promise (the ribbon button pressed twice).
 */
export function refreshAll(deps: RefreshDeps, opts: RefreshOptions = {}): Promise<RefreshSummary> {
  running ??= serialized(() => doRefreshAll(deps, opts)).finally(() => (running = null));
  return running;
}

async function doRefreshAll(deps: RefreshDeps, opts: RefreshOptions): Promise<RefreshSummary> {
  const tables = (await listManagedTables(deps.run)) as RefreshableTable[];
  const outcomes: RefreshOutcome[] = [];
  for (const t of tables) {
    if (cancelled(opts.signal)) {
      const o = {
        ...outcomeBase(t),
        status: "cancelled" as const,
        error: "Refresh all was cancelled before this table.",
      };
      outcomes.push(o);
      deps.onTableDone?.(o);
      continue;
    }
    outcomes.push(await refreshTableNow(deps, t, opts));
  }
  const extra: string[] = [];
  if (deps.afterRefreshAll) {
    try {
      await deps.afterRefreshAll();
    } catch (err) {
      extra.push(`The SALES formulas were not recalculated: ${messageOf(err)}`);
    }
  }
  return summarize(outcomes, extra);
}

export function summarize(outcomes: RefreshOutcome[], notes: string[] = []): RefreshSummary {
  const failed = outcomes.filter((o) => o.status === "failed").length;
  const refreshed = outcomes.filter((o) => o.status === "refreshed" || o.status === "unchanged").length;
  const kept = outcomes.filter((o) => o.status === "kept").length;
  const stopped = outcomes.filter((o) => o.status === "cancelled").length;
  const parts = [
    outcomes.length === 0
      ? "No Sales Data tables in this workbook."
      : `${refreshed} of ${outcomes.length} table${outcomes.length === 1 ? "" : "s"} refreshed`,
  ];
  if (kept) parts.push(`${kept} kept (the service returned nothing)`);
  if (failed) parts.push(`${failed} failed`);
  if (stopped) parts.push(`${stopped} cancelled`);
  return { outcomes, refreshed, failed, message: parts.join(", ") + "." + (notes.length ? " " + notes.join(" ") : "") };
}

/** Called by the shared runtime when the workbook opens: refreshes all when the workbook asks for it. */
export async function refreshOnOpen(deps: RefreshDeps): Promise<RefreshSummary | null> {
  if (!(await getRefreshOnOpen(deps.run))) return null;
  return refreshAll(deps);
}

export interface PullOptions {
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
  warnings: string[];
}

/**
 * The pane's "Get data": fetches the query, writes it as a new table in period order (the same definition of
 * a table's contents refresh keeps) and saves the query record so the table can be refreshed.
 */
export function pullTable(deps: RefreshDeps, query: DataQuery, opts: PullOptions): Promise<PullResult> {
  return serialized(() => pullTableNow(deps, query, opts));
}

async function pullTableNow(deps: RefreshDeps, query: DataQuery, opts: PullOptions): Promise<PullResult> {
  const today = deps.today();
  const result = await deps.client.getData(query, { signal: opts.signal });
  const data = tableContents(tabulate(result, result.query), result.periodField);
  if (data.values.length === 0) {
    // A table without rows has no date column to refresh from: refuse before anything is written.
    const q = result.query;
    throw new SalesApiError(
      "not-found",
      `The service has no rows for ${q.retailer}, ${q.level}, ${q.timeframe}, ${q.from} to ${q.to}. Nothing was written; check the dates and View by.`,
    );
  }
  const name = opts.name ?? `Sales ${result.query.retailer} ${result.query.level} ${result.query.timeframe}`;
  const write = await writeTable(deps.run, data, {
    name,
    destination: opts.destination,
    signal: opts.signal,
    onProgress: opts.onProgress,
    limits: deps.limits,
    select: opts.select,
  });
  const pi = periodIndexOf(data.columns, result.periodField);
  // A pull cancelled (or failed) between blocks holds whole rows up to some period: the next refresh reaches
  // back to it.
  let lastRead = today;
  if (!write.complete && pi >= 0 && write.rows > 0) {
    const last = data.values[write.rows - 1][pi];
    if (typeof last === "number") {
      const resume = addDays(fromExcelSerial(last), 7);
      if (resume < lastRead) lastRead = resume;
    }
  }
  const now = (deps.now?.() ?? new Date()).toISOString();
  const table: RefreshableTable = {
    tableName: write.tableName,
    sheet: write.sheet,
    query: { ...query },
    rolling: opts.rolling,
    createdAt: now,
    lastRefreshedAt: now,
    rows: write.rows,
    periodColumn: pi >= 0 ? data.columns[pi].name : undefined,
    lastWindow: { from: result.query.from, to: result.query.to },
    lastRead,
  };
  await updateManagedTables(deps.run, (tables) => [...tables.filter((t) => t.tableName !== table.tableName), table]);
  const warnings = [...result.warnings];
  if (write.error !== undefined)
    warnings.push(
      `Wrote ${write.rows.toLocaleString("en-US")} of ${data.values.length.toLocaleString("en-US")} rows before Excel failed (${write.error}). Refresh the table to complete it.`,
    );
  return { write, table, omittedMetrics: result.omittedMetrics, warnings };
}

export { refreshWindow, tableContents } from "../core/refresh";
