// Refresh of one table: read where the stored table's window starts, fetch and check the whole window, then
// rewrite the table's tail in one safe commit (src/excel replaceTail) and update the saved query record. The
// decisions are src/core/refresh/window.ts's; this module fetches, calls them and writes.
import { isSalesApiError } from "../api/errors";
import { fetchTable } from "../api/tableRead";
import { excelSerial, fromExcelSerial, type IsoDate, type DateRange } from "../core/dates";
import { isCovered, missingRanges, openGaps, subtractRange } from "../core/refresh/gaps";
import { blankedText, type WindowComparison } from "../core/refresh/losses";
import {
  anchorOf,
  keptCount,
  kindOfFormat,
  lastKeptPeriod,
  lastReadOf,
  mapToHeader,
  periodIndexOf,
  planForAnswer,
  refreshWindow,
  retailersLeftEmpty,
  rowCounts,
  windowRows,
  type RefreshWindow,
  type TableShape,
  type WindowInput,
} from "../core/refresh/window";
import { completeWhenRead, metricColumns, windowChanges, type MetricChange } from "../core/refresh/revisions";
import { checkWindow, type WindowCheck } from "../core/refresh/unitChange";
import { columnLayout, keyColumns, type ServiceColumn } from "../core/refresh/userColumns";
import { WorkbookError } from "../excel/errors";
import { NUMBER_FORMATS } from "../excel/formats";
import { refreshPivotsOn } from "../excel/pivots";
import { updateManagedTables } from "../excel/queryStore";
import { calculationIsManual, protectedSheetError } from "../excel/workbookState";
import {
  readPeriodTail,
  readWindowCells,
  replaceTail,
  tableChangedText,
  type PeriodTail,
  type RowsTakenOut,
  type TailResult,
} from "../excel/tables";
import type { RefreshDeps, RefreshOptions, RefreshableTable } from "./deps";
import {
  earlyRowsWarning,
  extraColumnsWarning,
  gapWarning,
  keptRetailerRowsWarning,
  keptRowsWarning,
  MANUAL_CALCULATION_NOTE,
  missingColumnsWarning,
  pivotsFailedWarning,
  noRowsWarning,
  outcomeBase,
  refreshErrorText,
  stillMissingWarning,
  TABLE_CANCELLED,
  type RefreshOutcome,
} from "./outcomes";
import { noteHolds } from "./holds";
import { followTables, tableDeletedText } from "./identity";
import { serialized } from "./queue";
import { RETAILER_COLUMN } from "../core/answer/retailersTable";

/** Which window a refresh re-reads, given the stored table: refreshWindow (src/core/refresh/window.ts) in the add-in. */
export type WindowRule = (input: WindowInput) => RefreshWindow;

type Window = Extract<RefreshWindow, { kind: "window" }>;

export const cancelled = (signal?: AbortSignal) => !!signal?.aborted;

function isCancel(err: unknown): boolean {
  return (
    (isSalesApiError(err) && err.kind === "cancelled") || (err instanceof WorkbookError && err.kind === "cancelled")
  );
}

/** Refreshes one saved table. Never throws: failures come back as an outcome with `error`. */
export function refreshTable(
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: RefreshOptions = {},
): Promise<RefreshOutcome> {
  return serialized(async () => {
    const out = await refreshTableInTurn(deps, managed, opts);
    if (out.status === "refreshed" && (await calculationIsManual(deps.run).catch(() => false)))
      out.warnings.push(MANUAL_CALCULATION_NOTE);
    return out;
  });
}

/**
 * refreshTable over the window another rule picks (the benchmark's append-only contrast). The rule sees the
 * stored table's periods; everything else (fetch, checks, the safe rewrite, the record) is refreshTable's.
 */
export function refreshTableWithWindow(
  deps: RefreshDeps,
  managed: RefreshableTable,
  rule: WindowRule,
  opts: RefreshOptions = {},
): Promise<RefreshOutcome> {
  return serialized(() => refreshTableInTurn(deps, managed, opts, rule));
}

/** How a caller in its turn of the queue refreshes a table. */
interface InTurnOptions extends RefreshOptions {
  /** False: the pivots on the table are left to the caller (Refresh all refreshes them once, after every table). */
  pivots?: boolean;
}

/** refreshTable without queueing, for callers already in their turn of the queue (Refresh all). */
export async function refreshTableInTurn(
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: InTurnOptions,
  rule: WindowRule = refreshWindow,
): Promise<RefreshOutcome> {
  const out = outcomeBase(managed);
  try {
    const table = await currentTable(deps, managed);
    Object.assign(out, { tableName: table.tableName, sheet: table.sheet });
    const worded = await refreshInto(out, deps, table, rule, opts);
    if (out.status === "refreshed" && opts.pivots !== false) await refreshPivots(out, deps);
    // Missing dates are named until a refresh gets rows for them: those not worded just now, in one line.
    const still = worded.reduce((rest, g) => subtractRange(rest, g), out.gaps);
    if (still.length > 0) out.warnings.push(stillMissingWarning(still, deps.today()));
  } catch (err) {
    out.status = isCancel(err) || cancelled(opts.signal) ? "cancelled" : "failed";
    out.error = out.status === "cancelled" ? TABLE_CANCELLED : refreshErrorText(err);
  }
  deps.onTableDone?.(out);
  return out;
}

/**
 * The record under its table's current names (a renamed table or sheet is followed by Table.id); refuses a
 * deleted table, and a protected sheet before anything is fetched.
 */
async function currentTable(deps: RefreshDeps, managed: RefreshableTable): Promise<RefreshableTable> {
  const [{ table, identity }] = await followTables(deps.run, [managed]);
  if (!identity) throw new WorkbookError("not-found", tableDeletedText(managed.tableName));
  if (identity.sheetProtected) throw protectedSheetError(identity.sheet, identity.name);
  return table;
}

/** Pivot tables on the table, refreshed after its write; a failure there is a warning (the data is written). */
async function refreshPivots(out: RefreshOutcome, deps: RefreshDeps): Promise<void> {
  try {
    out.pivotsRefreshed = await refreshPivotsOn(deps.run, [out.tableName]);
  } catch (err) {
    out.warnings.push(pivotsFailedWarning(err));
  }
}

/** The refresh; returns the missing ranges it worded in a warning (found just now). */
async function refreshInto(
  out: RefreshOutcome,
  deps: RefreshDeps,
  managed: RefreshableTable,
  rule: WindowRule,
  opts: RefreshOptions,
): Promise<DateRange[]> {
  const today = deps.today();
  const lastRead = lastReadOf(managed, today);
  // Read back far enough to find the stored period containing the anchor and a row before the window.
  const until = excelSerial(anchorOf(today, lastRead)) - 40;
  // A table of several retailers: each row's retailer is read too, so no retailer's rows go without its answer.
  const several = managed.query.retailers.length > 1;
  const tail = await readPeriodTail(
    deps.run,
    managed.tableName,
    managed.periodColumn,
    until,
    managed.columns,
    several ? RETAILER_COLUMN : undefined,
  );
  out.sheet = tail.sheet;
  out.rows = tail.count;

  const input = windowInput(managed, today, lastRead, tail.periods);
  const win = rule(input);
  if (win.kind === "nothing") {
    out.warnings.push(win.reason);
    return [];
  }
  out.window = { from: win.from, to: win.to };

  // 1. Fetch and check the whole window before the sheet is touched.
  const { data, service, record, periodField } = await fetchWindow(out, deps, managed, tail, win, opts.signal);
  if (keptOnEmptyAnswer(out, tail, win, data, several)) return [];
  if (cancelled(opts.signal)) throw new WorkbookError("cancelled", TABLE_CANCELLED);

  // 2. The stored rows of the window against the answer, by key (src/core/refresh/losses.ts), before anything is
  // written: a refresh that would remove more than it replaces and adds, or whole periods that held rows, or
  // whose figures of a metric changed unit (src/core/refresh/unitChange.ts), is held (unless "Refresh anyway" accepted
  // them); what it removes, and stored figures it empties, are reported.
  const pi = periodIndexOf(data.columns, periodField);
  const metrics = metricColumns(data.columns);
  const complete = completeWhenRead(lastRead, input.timeframe);
  // The window's first row as the tail placed it: the rows compared are the rows replaceTail replaces (it
  // refuses, writing nothing, when the table no longer has them there).
  const expected = { cutAt: tail.offset + keptCount(tail.periods, win.cutoff), count: tail.count };
  const checked = await compareStored(deps, tail, expected.cutAt, { data, pi, metrics, service, several, complete });
  if (noteHolds(out, checked, opts.anyway, input)) {
    out.status = "kept";
    return [];
  }
  if (cancelled(opts.signal)) throw new WorkbookError("cancelled", TABLE_CANCELLED);

  // 3. One safe rewrite of the window (service columns by id; the user's kept by row key); the old window's
  // metric cells come back with it.
  const change = await replaceTail(deps.run, managed.tableName, {
    periodColumn: periodField,
    cutoff: win.cutoff,
    data,
    service,
    signal: opts.signal,
    limits: deps.limits,
    readBefore: metrics.map((m) => data.columns[m].name),
    expect: expected,
    session: deps.sessionId,
  });
  if (change.userCellsUnsure) out.warnings.push(change.userCellsUnsure);
  out.status = "refreshed";
  noteWritten(out, checked.comparison, change, input);
  out.refreshedAt = (deps.now?.() ?? new Date()).toISOString();
  out.changes = revision(change.before, data, pi, metrics, win.cutoff, complete);
  const worded = noteGaps(out, managed, input, { tail, win, data, pi });
  if (data.values.length === 0) out.warnings.push(noRowsWarning(win.from, win.to));

  await saveRecord(deps, managed, out, { win, today, periodField, record });
  return worded;
}

/** 4. The record: when, which window, the day of this read (the next window reaches back to it), open gaps. */
async function saveRecord(
  deps: RefreshDeps,
  managed: RefreshableTable,
  out: RefreshOutcome,
  read: { win: Window; today: IsoDate; periodField: string; record: ServiceColumn[] | undefined },
): Promise<void> {
  await updateManagedTables(deps.run, (tables) =>
    tables.map((t) =>
      t.tableName === managed.tableName
        ? {
            ...t,
            tableId: managed.tableId,
            lastRefreshedAt: out.refreshedAt!,
            rows: out.rows,
            periodColumn: read.periodField,
            columns: read.record ?? t.columns,
            lastWindow: { from: read.win.from, to: read.win.to },
            lastRead: read.today,
            gaps: out.gaps.length > 0 ? out.gaps : undefined,
          }
        : t,
    ),
  );
}

/**
 * An answer with no rows where the table holds rows (or, several retailers, none for a retailer that has rows
 * there) is not written: the outcome is "kept", with its warning. True when so.
 */
function keptOnEmptyAnswer(
  out: RefreshOutcome,
  tail: PeriodTail,
  win: Window,
  data: TableShape,
  several: boolean,
): boolean {
  const plan = planForAnswer(tail, win.cutoff, data.values.length);
  const leftEmpty =
    plan.kind === "write" && several ? retailersLeftEmpty(retailerTail(tail), win.cutoff, answeredRows(out, data)) : [];
  if (plan.kind === "keep") out.warnings.push(keptRowsWarning(win.from, win.to, plan.storedRows));
  else if (leftEmpty.length > 0) out.warnings.push(keptRetailerRowsWarning(win.from, win.to, leftEmpty));
  else return false;
  out.status = "kept";
  return true;
}

/**
 * What was written, by key (a row whose key vanished while another appeared is one removed and one added), the
 * table's rows after (as written), and the stored figures the answer emptied.
 */
function noteWritten(out: RefreshOutcome, c: WindowComparison, change: TailResult, input: WindowInput): void {
  Object.assign(out, {
    rowsReplaced: c.replaced,
    rowsAdded: c.added,
    rowsRemoved: c.removed,
    rows: rowCounts(change).rows,
  });
  if (c.blanked.length > 0) {
    out.blanked = c.blanked;
    out.warnings.push(blankedText(c.blanked, input.timeframe, input.today));
  }
}

/**
 * The stored rows of the window (body rows `from` to the end: from the first row at or after the cut-off, as the
 * tail placed it) against the rows the refresh would write, by key (the losses rule's comparison and the unit
 * check, on periods `complete` when last read): their key and metric cells are read first (by the service
 * columns' ids). A table whose row count changed since the tail was read is refused here; replaceTail refuses
 * one changed after this read.
 */
async function compareStored(deps: RefreshDeps, tail: PeriodTail, from: number, w: WindowSource): Promise<WindowCheck> {
  const { data, pi, metrics, service } = w;
  const keys = keyColumns(data.columns, pi);
  const fields = [...keys, ...metrics].map((c) => data.columns[c].name);
  const stored =
    keys.length > 0 && from < tail.count
      ? await readWindowCells(deps.run, tail.tableName, { from, fields, service })
      : { count: tail.count, rows: [] as unknown[][] };
  if (stored.count !== tail.count) throw new WorkbookError("changed", tableChangedText(tail.tableName));
  const retailerAt = w.several ? keys.findIndex((c) => data.columns[c].name === RETAILER_COLUMN) : -1;
  return checkWindow({
    stored: {
      keys: stored.rows.map((r) => r.slice(0, keys.length)),
      metrics: stored.rows.map((r) => r.slice(keys.length)),
    },
    fresh: {
      keys: data.values.map((r) => keys.map((c) => r[c])),
      metrics: data.values.map((r) => metrics.map((m) => r[m])),
    },
    metrics: metrics.map((m) => data.columns[m].name),
    retailerAt: retailerAt >= 0 ? retailerAt : undefined,
    complete: w.complete,
  });
}

/** What compareStored compares the stored window with: the answer's rows, and which periods were complete. */
interface WindowSource {
  data: TableShape;
  pi: number;
  metrics: readonly number[];
  service: ServiceColumn[];
  several: boolean;
  complete: (period: number) => boolean;
}

/** A several-retailer table's tail with each row's retailer; its retailer column must be there to be read. */
function retailerTail(tail: PeriodTail): PeriodTail & { retailers: unknown[] } {
  if (!tail.also)
    throw new WorkbookError(
      "changed",
      `The table "${tail.tableName}" has no ${RETAILER_COLUMN} column, so refresh cannot tell whose rows are whose. Nothing was written; get the data again as a new table.`,
    );
  return { ...tail, retailers: tail.also };
}

/** Each retailer's rows among those the refresh would write (rows dated before the window are not written). */
function answeredRows(out: RefreshOutcome, data: TableShape): { retailer: string; rows: number }[] {
  const at = data.columns.findIndex((c) => c.name === RETAILER_COLUMN);
  return (out.retailers ?? []).map(({ retailer }) => ({
    retailer,
    rows: at < 0 ? 0 : data.values.filter((r) => r[at] === retailer).length,
  }));
}

/** What the revision did to each metric: the old window's cells (from replaceTail) against the rows written. */
function revision(
  before: RowsTakenOut | undefined,
  data: TableShape,
  pi: number,
  metrics: readonly number[],
  cutoff: number,
  complete: (period: number) => boolean,
): MetricChange[] {
  if (!before || pi < 0) return [];
  const after = { periods: data.values.map((r) => r[pi]), values: data.values.map((r) => metrics.map((m) => r[m])) };
  return windowChanges(
    metrics.map((m) => data.columns[m].name),
    cutoff,
    before,
    after,
    complete,
  );
}

/**
 * The dates the table has no rows for after the rewrite (src/core/refresh/gaps.ts): the open gaps the record keeps
 * (out.gaps), and a warning for each one found now that the record did not hold. Returns those worded.
 */
function noteGaps(
  out: RefreshOutcome,
  managed: RefreshableTable,
  input: WindowInput,
  { tail, win, data, pi }: { tail: PeriodTail; win: Window; data: TableShape; pi: number },
): DateRange[] {
  if (pi < 0) return [];
  const periods = data.values.flatMap((r) => (typeof r[pi] === "number" ? [fromExcelSerial(r[pi] as number)] : []));
  const found = missingRanges({
    timeframe: input.timeframe,
    lastKept: lastKeptPeriod(tail.periods, win.cutoff),
    askedFrom: win.from,
    periods,
  });
  const previous = managed.gaps ?? [];
  out.gaps = openGaps(previous, { from: win.start, to: win.to }, found);
  const fresh = found.filter((g) => !isCovered(g, previous));
  for (const g of fresh) out.warnings.push(gapWarning(g, input.level, input.timeframe, input.today));
  return fresh;
}

/** The window rule's input: the saved query and the stored periods. */
function windowInput(
  managed: RefreshableTable,
  today: IsoDate,
  lastRead: IsoDate,
  storedPeriods: readonly unknown[],
): WindowInput {
  const q = managed.query;
  return {
    today,
    level: q.level,
    timeframe: q.timeframe,
    from: q.from,
    to: q.to,
    rolling: managed.rolling,
    lastRead,
    storedPeriods,
  };
}

/** The window's rows, one column per service field (in the table's order), and where those columns are. */
interface FetchedWindow {
  data: TableShape;
  /** The table column of each data column (by TableColumn.id): what replaceTail writes to. */
  service: ServiceColumn[];
  /**
   * What the record keeps: the service columns now (their headers may have changed); undefined when an older
   * record (no columns) got an empty answer, whose columns cannot tell the key fields from the user's.
   */
  record: ServiceColumn[] | undefined;
  /** The period's field: the name of the period column in `data`. */
  periodField: string;
}

/**
 * The service's rows for the window, checked and laid onto the table's service columns (by id; an older record
 * by header, src/core/refresh/userColumns.ts columnLayout); what was left out is warned. The user's columns are not in
 * `data`: replaceTail keeps them.
 */
async function fetchWindow(
  out: RefreshOutcome,
  deps: RefreshDeps,
  managed: RefreshableTable,
  tail: PeriodTail,
  win: Window,
  signal: AbortSignal | undefined,
): Promise<FetchedWindow> {
  const result = await fetchTable(deps.client, { ...managed.query, from: win.from, to: win.to }, { signal });
  out.omittedMetrics = result.omittedMetrics;
  if (result.perRetailer) out.retailers = result.perRetailer;
  out.warnings.push(...result.warnings);
  const fresh = result.table;
  const layout = columnLayout({
    table: tail.columns,
    recorded: managed.columns,
    fields: [...fresh.columns.map((c) => c.name), ...result.query.metrics],
    periodField: result.periodField ?? managed.periodColumn,
    periodIndex: tail.periodIndex,
  });
  const periodField = layout.fields[tail.periodIndex];
  if (periodField === null) throw new WorkbookError("changed", noPeriodText(tail.periodColumn, win));
  const at = layout.fields.flatMap((f, i) => (f === null ? [] : [i]));
  const kinds = at.map((i) => kindOfFormat(tail.formats[i], NUMBER_FORMATS));
  const mapped = mapToHeader(
    at.map((i) => layout.fields[i]!),
    fresh,
    kinds,
  );
  if (mapped.extra.length > 0) out.warnings.push(extraColumnsWarning(mapped.extra));
  if (mapped.missing.length > 0 && fresh.values.length > 0) {
    // Never a row without its period: an answer without the table's period field is not written.
    if (mapped.missing.includes(periodField)) throw new WorkbookError("changed", noPeriodText(periodField, win));
    out.warnings.push(missingColumnsWarning(mapped.missing, win.start));
  }
  const pi = periodIndexOf(mapped.columns, periodField);
  const { values, early } = windowRows(mapped, pi, win.cutoff);
  if (early > 0) out.warnings.push(earlyRowsWarning(early, win.start));
  // A layout worked out by header from zero rows lacks the key fields (tabulate leaves out what no row has):
  // saved, it would make the SKU and store columns the user's for good. Worked out again with the next rows.
  const record = managed.columns || fresh.values.length > 0 ? layout.record : undefined;
  return { data: { columns: mapped.columns, values }, service: layout.record, record, periodField };
}

const noPeriodText = (field: string, win: Window): string =>
  `The service's answer for ${win.from} to ${win.to} has no ${field}, so its rows could not be placed by date. Nothing was written.`;
