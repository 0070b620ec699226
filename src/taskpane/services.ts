// What the pane needs from its host: Excel (or the preview's in-memory workbook) and the session.
import type { ExcelRun } from "../excel/run";
import type { Session } from "../session";

export interface PaneServices {
  run: ExcelRun;
  session: Session;
  /** A development build offers the bundled simulator and its demo key in one click. */
  simulator?: { url: string; apiKey: string };
  /** After Refresh all: clear the SALES functions' cache and recalculate their formulas. */
  afterRefreshAll?: () => Promise<void> | void;
  /** Tells Office whether to load the add-in when the workbook opens (Office.addin.setStartupBehavior). */
  setStartupBehavior?: (loadOnOpen: boolean) => Promise<void>;
}
