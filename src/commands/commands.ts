// Ribbon commands. They run in the shared runtime, so they work without the pane being open.
import { todayIso } from "../core/dates";
import { officeRun } from "../excel/run";
import { refreshSalesFunctions } from "../functions";
import { refreshAll as refreshAllTables } from "../refresh";
import { NO_KEY_MESSAGE, type Session } from "../session";

/** What the last ribbon Refresh all did, for the pane to show. */
export interface RibbonRefreshSummary {
  /** When it finished (ISO 8601, UTC). */
  at: string;
  /** One line for the user, e.g. "Sales Data: 2 of 3 tables refreshed, 1 failed." */
  message: string;
  /** Tables that failed (0 when there was no key or the refresh as a whole could not run). */
  failed: number;
  /** False when there was no key, a table failed, or the refresh as a whole failed: the pane was opened. */
  ok: boolean;
}

let last: RibbonRefreshSummary | undefined;
const listeners = new Set<(summary: RibbonRefreshSummary) => void>();

/** The last ribbon Refresh all's summary in this runtime, if there was one. */
export function lastRibbonRefresh(): RibbonRefreshSummary | undefined {
  return last;
}

/** Calls `listener` after each ribbon Refresh all (the pane, while open). Returns the unsubscribe function. */
export function onRibbonRefresh(listener: (summary: RibbonRefreshSummary) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Tests: forget the last summary and the listeners. */
export function resetRibbonRefresh(): void {
  last = undefined;
  listeners.clear();
}

/**
 * Home > Sales Data > Refresh all: every managed table, then the SALES formulas. Without a key, or when
 * anything failed, it opens the pane (where Office supports that) so the user sees why.
 */
export async function refreshAll(session: Session, event?: Office.AddinCommands.Event): Promise<void> {
  try {
    await session.ready();
    if (!session.hasKey()) {
      await report({ message: `Sales Data: nothing was refreshed. ${NO_KEY_MESSAGE}`, failed: 0, ok: false });
      return;
    }
    const summary = await refreshAllTables({
      run: officeRun,
      client: session.client(),
      today: () => todayIso(),
      afterRefreshAll: () => refreshSalesFunctions(officeRun),
    });
    await report({ message: `Sales Data: ${summary.message}`, failed: summary.failed, ok: summary.failed === 0 });
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    await report({ message: `Sales Data: Refresh all failed. ${why}`.trim(), failed: 0, ok: false });
  } finally {
    event?.completed();
  }
}

/** Keeps the summary, tells listeners and the console, and opens the pane when something needs the user. */
async function report(outcome: Omit<RibbonRefreshSummary, "at">): Promise<void> {
  const summary: RibbonRefreshSummary = { at: new Date().toISOString(), ...outcome };
  last = summary;
  if (summary.ok) console.info(summary.message);
  else console.warn(summary.message);
  for (const listener of listeners) {
    try {
      listener(summary);
    } catch {
      // a listener's failure must not stop the command
    }
  }
  if (!summary.ok) await showPane();
}

/** Opens the task pane where the host supports it (SharedRuntime 1.1); elsewhere the summary waits in the store. */
async function showPane(): Promise<void> {
  try {
    if (typeof Office !== "undefined" && typeof Office.addin?.showAsTaskpane === "function") {
      await Office.addin.showAsTaskpane();
    }
  } catch (err) {
    console.warn("Sales Data: could not open the pane.", err);
  }
}

/** Registers the commands named in manifest.xml (`<FunctionName>`). */
export function registerCommands(session: Session): void {
  Office.actions.associate("refreshAll", (event: Office.AddinCommands.Event) => refreshAll(session, event));
}
