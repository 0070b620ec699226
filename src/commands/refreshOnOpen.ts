// "Refresh when this workbook opens": the shared runtime starts it once Office is ready. Its report goes to the
// session like the ribbon's, so the pane shows it when the user opens it (the run is over before anyone looks).
import { errorText } from "../core/errorText";
import { refreshOnOpen } from "../refresh";
import { refreshAllReport, type RefreshAllReport, type Session, type WorkbookTarget } from "../session";

/**
 * Refreshes all when the workbook asks for it and a key is saved; records and logs what happened. Returns the
 * report, or undefined when nothing ran (the setting is off, or there is no key: the pane says to enter one).
 */
export async function refreshWhenWorkbookOpens(
  session: Session,
  workbook: WorkbookTarget,
): Promise<RefreshAllReport | undefined> {
  let report: RefreshAllReport;
  try {
    await session.ready();
    if (!session.hasKey()) return undefined;
    const summary = await refreshOnOpen(session.refreshDeps(workbook));
    if (!summary) return undefined;
    report = refreshAllReport("open", summary);
  } catch (err) {
    report = refreshAllReport("open", { message: `Refresh all failed. ${errorText(err, { other: (m) => m })}` });
  }
  session.refreshes.recordRefreshAll(report);
  if (report.ok) console.info(`Sales Data: ${report.message}`);
  else console.warn(`Sales Data: ${report.message}`);
  return report;
}
