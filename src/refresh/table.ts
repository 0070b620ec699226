// Refresh of one table: read where the stored table's window starts, fetch and check the whole window, then
// rewrite the table's tail in one safe commit (src/excel replaceTail) and update the saved query record. The
// decisions are src/core/refresh.ts's; this module fetches, calls them and writes.
import { isSalesApiError } from "../api/errors";
import { excelSerial, type IsoDate } from "../core/dates";
import type { Level, Timeframe } from "../core/metrics";
import {
  anchorOf,
  kindOfFormat,
  lastReadOf,
  mapToHeader,
  periodIndexOf,
  planForAnswer,
  refreshWindow,
  rowCounts,
  windowRows,
  type RefreshWindow,
  type TableShape,
  type WindowInput,
} from "../core/refresh";
import { tabulate } from "../core/tabulate";
import { WorkbookError } from "../excel/errors";
import { NUMBER_FORMATS } from "../excel/formats";
import { updateManagedTables } from "../excel/queryStore";
import { readPeriodTail, replaceTail, type PeriodTail } from "../excel/tables";
import type { RefreshDeps, RefreshOptions, RefreshableTable } from "./deps";
import {
  earlyRowsWarning,
  extraColumnsWarning,
  keptRowsWarning,
  missingColumnsWarning,
  outcomeBase,
  refreshErrorText,
  TABLE_CANCELLED,
  type RefreshOutcome,
} from "./outcomes";
import { serialized } from "./queue";

/** Which window a refresh re-reads, given the stored table: refreshWindow (src/core/refresh.ts) in the add-in. */
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
  return serialized(() => refreshTableInTurn(deps, managed, opts));
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

/** refreshTable without queueing, for callers already in their turn of the queue (Refresh all). */
export async function refreshTableInTurn(
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: RefreshOptions,
  rule: WindowRule = refreshWindow,
): Promise<RefreshOutcome> {
  const out = outcomeBase(managed);
  try {
    await refreshInto(out, deps, managed, rule, opts);
  } catch (err) {
    out.status = isCancel(err) || cancelled(opts.signal) ? "cancelled" : "failed";
    out.error = out.status === "cancelled" ? TABLE_CANCELLED : refreshErrorText(err);
  }
  deps.onTableDone?.(out);
  return out;
}

async function refreshInto(
  out: RefreshOutcome,
  deps: RefreshDeps,
  managed: RefreshableTable,
  rule: WindowRule,
  opts: RefreshOptions,
): Promise<void> {
  const today = deps.today();
  const lastRead = lastReadOf(managed, today);
  // Read back far enough to find the stored period containing the anchor and a row before the window.
  const until = excelSerial(anchorOf(today, lastRead)) - 40;
  const tail = await readPeriodTail(deps.run, managed.tableName, managed.periodColumn, until);
  out.sheet = tail.sheet;
  out.rows = tail.count;

  const win = rule(windowInput(managed, today, lastRead, tail.periods));
  if (win.kind === "nothing") {
    out.warnings.push(win.reason);
    return;
  }
  out.window = { from: win.from, to: win.to };

  // 1. Fetch and check the whole window before the sheet is touched.
  const data = await fetchWindow(out, deps, managed, tail, win, opts.signal);
  const plan = planForAnswer(tail, win.cutoff, data.values.length);
  if (plan.kind === "keep") {
    out.status = "kept";
    out.warnings.push(keptRowsWarning(win.from, win.to, plan.storedRows));
    return;
  }
  if (cancelled(opts.signal)) throw new WorkbookError("cancelled", TABLE_CANCELLED);

  // 2. One safe rewrite of the window.
  const change = await replaceTail(deps.run, managed.tableName, {
    periodColumn: tail.periodColumn,
    cutoff: win.cutoff,
    data,
    signal: opts.signal,
    limits: deps.limits,
  });
  out.status = "refreshed";
  Object.assign(out, rowCounts(change));
  const refreshedAt = (deps.now?.() ?? new Date()).toISOString();
  out.refreshedAt = refreshedAt;

  // 3. The record: when, which window, and the day of this read (the next window reaches back to it).
  await updateManagedTables(deps.run, (tables) =>
    tables.map((t) =>
      t.tableName === managed.tableName
        ? {
            ...t,
            lastRefreshedAt: refreshedAt,
            rows: out.rows,
            periodColumn: tail.periodColumn,
            lastWindow: { from: win.from, to: win.to },
            lastRead: today,
          }
        : t,
    ),
  );
}

/** The window rule's input: the saved query (level and timeframe as the service spells them) and the stored periods. */
function windowInput(
  managed: RefreshableTable,
  today: IsoDate,
  lastRead: IsoDate,
  storedPeriods: readonly unknown[],
): WindowInput {
  const q = managed.query;
  return {
    today,
    level: String(q.level).trim().toLowerCase() as Level,
    timeframe: String(q.timeframe).trim().toLowerCase() as Timeframe,
    from: q.from,
    to: q.to,
    rolling: managed.rolling,
    lastRead,
    storedPeriods,
  };
}

/** The service's rows for the window, checked and laid onto the stored header; what was left out is warned. */
async function fetchWindow(
  out: RefreshOutcome,
  deps: RefreshDeps,
  managed: RefreshableTable,
  tail: PeriodTail,
  win: Window,
  signal: AbortSignal | undefined,
): Promise<TableShape> {
  const result = await deps.client.getData({ ...managed.query, from: win.from, to: win.to }, { signal });
  out.omittedMetrics = result.omittedMetrics;
  out.warnings.push(...result.warnings);
  const fresh = tabulate(result, result.query);
  const kinds = tail.formats.map((f) => kindOfFormat(f, NUMBER_FORMATS));
  const mapped = mapToHeader(tail.headers, fresh, kinds);
  if (mapped.extra.length > 0) out.warnings.push(extraColumnsWarning(mapped.extra));
  if (mapped.missing.length > 0 && fresh.values.length > 0)
    out.warnings.push(missingColumnsWarning(mapped.missing, win.start));
  const pi = periodIndexOf(mapped.columns, tail.periodColumn);
  const { values, early } = windowRows(mapped, pi, win.cutoff);
  if (early > 0) out.warnings.push(earlyRowsWarning(early, win.start));
  return { columns: mapped.columns, values };
}
