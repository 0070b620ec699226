// Ribbon commands: they run in the shared runtime, so they work without the pane being open. Owns the
// manifest's <FunctionName>s and the refresh when the workbook opens; may import src/refresh, src/session and
// src/core (Excel only through them).
import { errorText } from "../core/errorText";
import { refreshAllTables, type RefreshSummary } from "../refresh";
import { NO_KEY_MESSAGE, refreshAllReport, type Session, type WorkbookTarget } from "../session";

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

export interface RibbonRefreshOptions {
  /**
   * Opens the pane on the summary. Default: Office.addin.showAsTaskpane() where the host has it (SharedRuntime
   * 1.1); the preview passes its own, which shows its pane column.
   */
  showPane?: () => Promise<void> | void;
}

/**
 * Home > Sales Data > Refresh all: every managed table, then the SALES formulas. The report goes to the
 * session (the pane shows it when it opens, or at once if it is open) and the summary to the console, and is
 * returned. Without a key, or when anything failed or a table was held (losses at refresh: the user decides in the
 * pane), it opens the pane on that report. registerCommands associates it with the ribbon's button; the preview's
 * stand-in for that button calls it with its own showPane.
 * A seam: the preview's button runs it (the preview has no Office.actions to associate it with),
 * and test/commands drives it as the button would.
 * @public
 */
export async function ribbonRefreshAll(
  session: Session,
  workbook: WorkbookTarget,
  event?: Office.AddinCommands.Event,
  opts: RibbonRefreshOptions = {},
): Promise<RibbonRefreshSummary> {
  const show = opts.showPane ?? showTaskpane;
  try {
    await session.ready();
    if (!session.hasKey()) return await report(session, { message: `nothing was refreshed. ${NO_KEY_MESSAGE}` }, show);
    return await report(session, await refreshAllTables(session.refreshDeps(workbook)), show);
  } catch (err) {
    const why = errorText(err, { other: (m) => m });
    return await report(session, { message: `Refresh all failed. ${why}`.trim() }, show);
  } finally {
    event?.completed();
  }
}

/**
 * Records the run's report in the session (before the pane opens, so the pane finds it), writes the summary to
 * the console, and opens the pane when something needs the user.
 */
async function report(
  session: Session,
  result: RefreshSummary | { message: string },
  show: () => Promise<void> | void,
): Promise<RibbonRefreshSummary> {
  const recorded = refreshAllReport("ribbon", result);
  session.refreshes.recordRefreshAll(recorded);
  const failed = "failed" in result ? result.failed : 0;
  const summary: RibbonRefreshSummary = {
    at: recorded.at,
    message: `Sales Data: ${recorded.message}`,
    failed,
    ok: recorded.ok,
  };
  if (summary.ok) console.info(summary.message);
  else console.warn(summary.message);
  if (!summary.ok) await showPane(show);
  return summary;
}

/** Opens the task pane; a host that cannot (or refuses) is told in the console, and the command still completes. */
async function showPane(show: () => Promise<void> | void): Promise<void> {
  try {
    await show();
  } catch (err) {
    console.warn("Sales Data: could not open the pane.", errorText(err, { other: (m) => m }));
  }
}

/** Office's way to open the pane (SharedRuntime 1.1); nothing where the host does not have it. */
async function showTaskpane(): Promise<void> {
  if (typeof Office !== "undefined" && typeof Office.addin?.showAsTaskpane === "function") {
    await Office.addin.showAsTaskpane();
  }
}

/** Registers the commands named in manifest.xml (`<FunctionName>`). */
export function registerCommands(session: Session, workbook: WorkbookTarget): void {
  Office.actions.associate("refreshAll", (event: Office.AddinCommands.Event) =>
    ribbonRefreshAll(session, workbook, event),
  );
}
