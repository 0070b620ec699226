// Ribbon commands. They run in the shared runtime, so they work without the pane being open.
import { todayIso } from "../core/dates";
import { officeRun } from "../excel/run";
import { refreshSalesFunctions } from "../functions";
import { refreshAll as refreshAllTables } from "../refresh";
import type { Session } from "../session";

/** Home > Sales Data > Refresh all: every managed table, then the SALES formulas. */
export async function refreshAll(session: Session, event?: Office.AddinCommands.Event): Promise<void> {
  try {
    await session.ready();
    if (!session.hasKey()) {
      notify("Sales Data: enter your API key in the Sales Data pane to refresh.");
      return;
    }
    const summary = await refreshAllTables({
      run: officeRun,
      client: session.client(),
      today: () => todayIso(),
      afterRefreshAll: () => refreshSalesFunctions(officeRun),
    });
    notify(`Sales Data: ${summary.message}`);
  } catch (err) {
    notify(`Sales Data: Refresh all failed. ${(err as Error).message ?? ""}`.trim());
  } finally {
    event?.completed();
  }
}

/** Without the pane there is no place for a summary but the console; the pane shows it per table. */
function notify(message: string): void {
  console.info(message);
}

/** Registers the commands named in manifest.xml (`<FunctionName>`). */
export function registerCommands(session: Session): void {
  Office.actions.associate("refreshAll", (event: Office.AddinCommands.Event) => refreshAll(session, event));
}
