// What the pane needs from its host: the workbook it writes (Excel or the preview's in-memory workbook, and what
// runs after Refresh all) and the session.
import type { Session, WorkbookTarget } from "../session";

export interface PaneServices extends WorkbookTarget {
  session: Session;
  /** A development build offers the bundled simulator and its demo key in one click. */
  simulator?: { url: string; apiKey: string };
  /** The user's language for dates (Office.context.displayLanguage, read once Office is ready); else the browser's. */
  locale?: string;
  /** Tells Office whether to load the add-in when the workbook opens (Office.addin.setStartupBehavior). */
  setStartupBehavior?: (loadOnOpen: boolean) => Promise<void>;
}
