// Refresh of one table, as its steps (refreshSteps.ts): read the table's tail and work out the window, fetch and check
// the answer (readForRefresh.ts); plan and write: the stored window's cells, the plan, one safe rewrite of the tail
// and the saved record (writeForRefresh.ts); then the pivots on the table, and the outcome assembled once from what
// the steps returned (refreshOutcome.ts). The decisions are src/core/refresh's; this module runs the steps.
import { refreshPivotsOn } from "../excel/pivots";
import { calculationIsManual } from "../excel/workbookState";
import type { RefreshDeps, RefreshOptions, RefreshableTable } from "./refreshDeps";
import { pivotsFailedWarning, type RefreshOutcome } from "./outcomes";
import { readForRefresh } from "./readForRefresh";
import { refreshOutcome, statusOf, type AfterSteps } from "./refreshOutcome";
import { serialized } from "./queue";
import type { RefreshSteps } from "./refreshSteps";
import { writeForRefresh } from "./writeForRefresh";

/** Refreshes one saved table. Never throws: failures come back as an outcome with `error`. */
export function refreshTable(
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: RefreshOptions = {},
): Promise<RefreshOutcome> {
  return serialized(() => refreshOne(deps, managed, opts, { pivots: true, calculation: true }));
}

/** How a caller in its turn of the queue refreshes a table. */
interface InTurnOptions extends RefreshOptions {
  /** False: the pivots on the table are left to the caller (Refresh all refreshes them once, after every table). */
  pivots?: boolean;
}

/**
 * refreshTable without queueing, for callers already in their turn of the queue.
 * A seam: two people refreshing one workbook each have their own queue, which one process can only play by
 * stepping the refreshes itself (the co-authoring tests and bench, dev/bench/coauthorCases.ts).
 * @public
 */
export function refreshTableInTurn(
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: InTurnOptions,
): Promise<RefreshOutcome> {
  return refreshOne(deps, managed, opts, { pivots: opts.pivots !== false, calculation: false });
}

/** The steps of one table: its read, then its write (writeInTurn). */
async function refreshOne(
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: RefreshOptions,
  then: { pivots: boolean; calculation: boolean },
): Promise<RefreshOutcome> {
  return writeInTurn(deps, await readForRefresh(deps, managed, opts), opts, then);
}

/**
 * Step 3 after the read (the caller's turn of the queue, Refresh all's one write at a time), then (refreshed)
 * the pivots on the table and, for a table refreshed alone, whether the workbook calculates manually; the
 * outcome is told to `onTableDone` and returned.
 */
export async function writeInTurn(
  deps: RefreshDeps,
  read: RefreshSteps,
  opts: RefreshOptions,
  then: { pivots: boolean; calculation: boolean },
): Promise<RefreshOutcome> {
  const steps = await writeForRefresh(deps, read, opts);
  const managed = steps.record;
  const done = statusOf(steps) === "refreshed";
  const pivots = done && then.pivots ? await pivotsOn(deps, (steps.table ?? managed).tableName) : undefined;
  const manual = done && then.calculation && (await calculationIsManual(deps.run).catch(() => false));
  const outcome = refreshOutcome(steps, { pivots, manualCalculation: manual });
  deps.onTableDone?.(outcome);
  return outcome;
}

/** Pivot tables on the table, refreshed after its write; a failure there is a warning (the data is written). */
async function pivotsOn(deps: RefreshDeps, tableName: string): Promise<AfterSteps["pivots"]> {
  try {
    return { count: await refreshPivotsOn(deps.run, [tableName]) };
  } catch (err) {
    return { count: 0, warning: pivotsFailedWarning(err) };
  }
}
