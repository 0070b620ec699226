// Refresh all (pane, ribbon) and the refresh when the workbook opens: every saved table, one after the other,
// in one turn of the queue; then the SALES formulas' recalculation.
import { refreshPivotsOfTables } from "../excel/pivots";
import { readManagedTables, type DamagedTableRecord } from "../excel/queryStore";
import { getRefreshOnOpen } from "../excel/refreshSettings";
import { calculationIsManual } from "../excel/workbookState";
import type { RefreshDeps, RefreshOptions, RefreshableTable } from "./deps";
import {
  CANCELLED_BEFORE_TABLE,
  MANUAL_CALCULATION_NOTE,
  outcomeBase,
  pivotsFailedWarning,
  recalcFailedNote,
  summarize,
  type RefreshOutcome,
  type RefreshSummary,
} from "./outcomes";
import { serialized } from "./queue";
import { cancelled } from "./steps";
import { refreshTableInTurn } from "./table";

let running: Promise<RefreshSummary> | null = null;

/**
 * Refreshes every saved table of the workbook, one after the other. A table that fails does not stop the
 * others. `opts.onProgress` hears of each table before it starts; `opts.signal` cancels between tables (the
 * table being written finishes as its own refresh does on a cancel; the ones not started are "cancelled").
 * Then `afterRefreshAll` (the SALES functions' cache and recalculation). A second call while one is running
 * gets the same promise, without its own options (the ribbon button pressed twice).
 */
export function refreshAllTables(deps: RefreshDeps, opts: RefreshOptions = {}): Promise<RefreshSummary> {
  running ??= serialized(() => refreshEach(deps, opts)).finally(() => (running = null));
  return running;
}

async function refreshEach(deps: RefreshDeps, opts: RefreshOptions): Promise<RefreshSummary> {
  const saved = await readManagedTables(deps.run);
  const tables: RefreshableTable[] = saved.tables;
  // A damaged saved query cannot be refreshed: it fails with its words, and the others go on.
  const outcomes: RefreshOutcome[] = saved.damaged.map(damagedOutcome);
  outcomes.forEach((o) => deps.onTableDone?.(o));
  for (const [i, t] of tables.entries()) {
    if (cancelled(opts.signal)) {
      const o = { ...outcomeBase(t), status: "cancelled" as const, error: CANCELLED_BEFORE_TABLE };
      outcomes.push(o);
      deps.onTableDone?.(o);
      continue;
    }
    opts.onProgress?.({ index: i + 1, total: tables.length, tableName: t.tableName });
    outcomes.push(await refreshTableInTurn(deps, t, { ...opts, pivots: false }));
  }
  const withPivots = await refreshPivotsOnce(deps, outcomes);
  const notes: string[] = [];
  const wrote = outcomes.some((o) => o.status === "refreshed");
  if (wrote && (await calculationIsManual(deps.run).catch(() => false))) notes.push(MANUAL_CALCULATION_NOTE);
  if (deps.afterRefreshAll) {
    try {
      await deps.afterRefreshAll();
    } catch (err) {
      notes.push(recalcFailedNote(err));
    }
  }
  return summarize(withPivots, notes);
}

/**
 * The pivot tables on the tables refreshed, each refreshed once after every table was written (below ExcelApi
 * 1.15 every pivot of the workbook, once, not once per table). Where Excel tells their sources each table's
 * outcome counts its own; below 1.15 the workbook's count goes on the last table refreshed, so it is said once.
 * A failure is a warning there too (the data is written). Returns the outcomes with their pivots.
 */
async function refreshPivotsOnce(deps: RefreshDeps, outcomes: readonly RefreshOutcome[]): Promise<RefreshOutcome[]> {
  const done = outcomes.filter((o) => o.status === "refreshed");
  if (done.length === 0) return [...outcomes];
  const last = done[done.length - 1];
  const onLast = (f: (o: RefreshOutcome) => RefreshOutcome) => outcomes.map((o) => (o === last ? f(o) : o));
  try {
    const { count, byTable } = await refreshPivotsOfTables(
      deps.run,
      done.map((o) => o.tableName),
    );
    if (byTable)
      return outcomes.map((o) =>
        o.status === "refreshed" ? { ...o, pivotsRefreshed: byTable.get(o.tableName.toLowerCase()) ?? 0 } : o,
      );
    return count > 0 ? onLast((o) => ({ ...o, pivotsRefreshed: count, pivotsOfWorkbook: true })) : [...outcomes];
  } catch (err) {
    return onLast((o) => ({ ...o, warnings: [...o.warnings, pivotsFailedWarning(err, done.length)] }));
  }
}

function damagedOutcome(d: DamagedTableRecord): RefreshOutcome {
  const base = outcomeBase({ tableName: d.tableName ?? "(a saved query without a table name)", sheet: "", rows: 0 });
  return { ...base, status: "failed", error: d.message };
}

/** Called by the shared runtime when the workbook opens: refreshes all when the workbook asks for it. */
export async function refreshOnOpen(deps: RefreshDeps): Promise<RefreshSummary | null> {
  if (!(await getRefreshOnOpen(deps.run))) return null;
  return refreshAllTables(deps);
}
