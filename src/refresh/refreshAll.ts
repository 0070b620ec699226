// Refresh all (pane, ribbon) and the refresh when the workbook opens: every saved table read side by side through
// one request pool, each written as soon as its answer is ready, one table at a time, all in one turn of the
// queue; then the pivots once and the SALES formulas' recalculation.
import { readThenWrite, type ItemOutcome } from "../api/readThenWrite";
import { refreshPivotsOfTables } from "../excel/pivots";
import { readManagedTables, type DamagedTableRecord } from "../excel/queryStore";
import { getRefreshOnOpen } from "../excel/refreshSettings";
import type { ExcelRun } from "../excel/excelRun";
import { calculationIsManual } from "../excel/workbookState";
import type { RefreshDeps, RefreshOptions, RefreshableTable } from "./refreshDeps";
import {
  CANCELLED_BEFORE_TABLE,
  MANUAL_CALCULATION_NOTE,
  outcomeBase,
  pivotsFailedWarning,
  recalcFailedNote,
  refreshErrorText,
  summarize,
  type RefreshOutcome,
  type RefreshSummary,
} from "./outcomes";
import { serialized } from "./queue";
import { readForRefresh } from "./readForRefresh";
import { writeInTurn } from "./refreshTable";

let running: Promise<RefreshSummary> | null = null;

/**
 * Refreshes every saved table of the workbook: their reads side by side through one request pool (at most 6
 * requests in flight, slowed by a 429), each table written as soon as its answer is ready, one at a time, each
 * write whole before the next begins. A table that fails does not stop the others; the outcomes come in the
 * workbook's table order. `opts.onProgress` hears how many tables are read and written; `opts.signal` cancels:
 * reads not started are not sent, a table being written finishes, the others are left as they were
 * ("cancelled"). Then the pivots once and `afterRefreshAll` (the SALES functions' cache and recalculation). A
 * second call while one is running gets the same promise, without its own options (the ribbon pressed twice).
 */
export function refreshAllTables(deps: RefreshDeps, opts: RefreshOptions = {}): Promise<RefreshSummary> {
  running ??= serialized(() => refreshEach(deps, opts)).finally(() => (running = null));
  return running;
}

async function refreshEach(deps: RefreshDeps, opts: RefreshOptions): Promise<RefreshSummary> {
  const saved = await readManagedTables(deps.run);
  // A damaged saved query cannot be refreshed: it fails with its words, and the others go on.
  const damaged: RefreshOutcome[] = saved.damaged.map(damagedOutcome);
  damaged.forEach((o) => deps.onTableDone?.(o));
  const outcomes = [...damaged, ...(await readAndWrite(deps, saved.tables, opts))];
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
  return summarize(withPivots, notes, deps.days);
}

/**
 * Every table's steps 1 and 2 side by side (the workbook reads of step 1 between two writes, never during one),
 * step 3 in turn as each answer is ready (readThenWrite). Outcomes in the tables' order.
 */
async function readAndWrite(
  deps: RefreshDeps,
  tables: readonly RefreshableTable[],
  opts: RefreshOptions,
): Promise<RefreshOutcome[]> {
  const { signal, onProgress } = opts;
  const counts = { written: 0, failed: 0 };
  const ends: ItemOutcome<RefreshOutcome>[] = await readThenWrite(
    tables,
    {
      read: (table, { pool, signal: stop, exclusive }) =>
        readForRefresh({ ...deps, run: between(deps.run, exclusive) }, table, { signal: stop, pool }),
      write: async (steps, _table, stop) => {
        const o = await writeInTurn(deps, steps, { ...opts, signal: stop }, { pivots: false, calculation: false });
        if (o.status === "failed") counts.failed++;
        else if (o.status !== "cancelled") counts.written++;
        return o;
      },
    },
    {
      signal,
      onProgress: ({ total, reading, ended }) => {
        if (!onProgress) return;
        const tableName = ended === undefined ? undefined : tables[ended].tableName;
        onProgress({ total, reading, ...counts, ...(tableName ? { tableName } : {}) });
      },
    },
  );
  return ends.map((end, i) => {
    const o = outcomeOf(end, tables[i]);
    if (end.status !== "written") deps.onTableDone?.(o);
    return o;
  });
}

/** The table's outcome: its write's, or why it has none (not started after a cancel; an unexpected failure). */
function outcomeOf(end: ItemOutcome<RefreshOutcome>, table: RefreshableTable): RefreshOutcome {
  if (end.status === "written") return end.value;
  if (end.status === "not-started")
    return { ...outcomeBase(table), status: "cancelled", error: CANCELLED_BEFORE_TABLE };
  return { ...outcomeBase(table), status: "failed", error: refreshErrorText(end.reason) };
}

/** The workbook as a table's read sees it: each of its batches between two tables' writes, never inside one. */
const between =
  (run: ExcelRun, exclusive: <T>(work: () => Promise<T>) => Promise<T>): ExcelRun =>
  (batch) =>
    exclusive(() => run(batch));

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
