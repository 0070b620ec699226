// Ribbon commands: they run in the shared runtime, so they work without the pane being open. Owns the
// manifest's <FunctionName>s; may import src/refresh, src/session and src/core (Excel only through them).
import { errorText } from "../core/errorText";
import { refreshAllTables } from "../refresh";
import { NO_KEY_MESSAGE, type Session, type WorkbookTarget } from "../session";

/** What a ribbon Refresh all did. */
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

/**
 * Home > Sales Data > Refresh all: every managed table, then the SALES formulas. Without a key, or when
 * anything failed, it opens the pane (where Office supports that). The summary goes to the console and is the
 * returned value; the pane does not show it yet (issue 13).
 */
export async function ribbonRefreshAll(
  session: Session,
  workbook: WorkbookTarget,
  event?: Office.AddinCommands.Event,
): Promise<RibbonRefreshSummary> {
  try {
    await session.ready();
    if (!session.hasKey()) {
      return await report({ message: `Sales Data: nothing was refreshed. ${NO_KEY_MESSAGE}`, failed: 0, ok: false });
    }
    const summary = await refreshAllTables(session.refreshDeps(workbook));
    return await report({
      message: `Sales Data: ${summary.message}`,
      failed: summary.failed,
      ok: summary.failed === 0,
    });
  } catch (err) {
    const why = errorText(err, { other: (m) => m });
    return await report({ message: `Sales Data: Refresh all failed. ${why}`.trim(), failed: 0, ok: false });
  } finally {
    event?.completed();
  }
}

/** Writes the summary to the console, and opens the pane when something needs the user. */
async function report(outcome: Omit<RibbonRefreshSummary, "at">): Promise<RibbonRefreshSummary> {
  const summary: RibbonRefreshSummary = { at: new Date().toISOString(), ...outcome };
  if (summary.ok) console.info(summary.message);
  else console.warn(summary.message);
  if (!summary.ok) await showPane();
  return summary;
}

/** Opens the task pane where the host supports it (SharedRuntime 1.1). */
async function showPane(): Promise<void> {
  try {
    if (typeof Office !== "undefined" && typeof Office.addin?.showAsTaskpane === "function") {
      await Office.addin.showAsTaskpane();
    }
  } catch (err) {
    console.warn("Sales Data: could not open the pane.", errorText(err, { other: (m) => m }));
  }
}

/** Registers the commands named in manifest.xml (`<FunctionName>`). */
export function registerCommands(session: Session, workbook: WorkbookTarget): void {
  Office.actions.associate("refreshAll", (event: Office.AddinCommands.Event) =>
    ribbonRefreshAll(session, workbook, event),
  );
}
