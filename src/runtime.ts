// The shared runtime's composition root: the one page Excel loads for the pane, the SALES functions and the
// ribbon commands. It creates the one Session and wires every surface to it; it may import every src folder.
// Start-up order follows Office's rules: what Excel may call (SALES functions, ribbon commands) is associated
// while this script loads, before anything is awaited; what reads Office.context waits for Office.onReady.
import { registerCommands } from "./commands/commands";
import { refreshWhenWorkbookOpens } from "./commands/refreshOnOpen";
import { officeRun } from "./excel/excelRun";
import { configureFunctions, formattedNumbersSupported, refreshSalesFunctions, setFunctionsSession } from "./functions";
import { Session, officeConnectionStore, type WorkbookTarget } from "./session";
import { mountPane } from "./taskpane/mount";
import type { PaneServices } from "./taskpane/paneServices";
import { officeThemeIsDark } from "./taskpane/theme";
import { paneLocale } from "./taskpane/dateStyle";
import { dateStyle } from "./core/words";
import { paneDayWords } from "./taskpane/paneWords";

const inOffice = typeof Office !== "undefined";

// 1. The SALES functions, associated at load. functions.ts ends with the CustomFunctions.associate calls the
// metadata plugin appends, so it is evaluated right here, synchronously, where that runtime exists (in a
// browser outside Excel it does not, and the pane still renders).
if (typeof CustomFunctions !== "undefined") require("./functions/functions");

// 2. One session. Office.context (and so partitionKey) exists only once Office is ready: the store waits for it.
const officeReady: Promise<unknown> = inOffice ? Office.onReady() : Promise.resolve();
const partitionKey = officeReady.then(() => (inOffice ? Office.context?.partitionKey || undefined : undefined));
const session = new Session(officeConnectionStore(partitionKey));
setFunctionsSession(session);

const workbook: WorkbookTarget = { run: officeRun, afterRefreshAll: () => refreshSalesFunctions(officeRun) };

// 3. The ribbon's commands, associated at load too (a button pressed before its association fails).
if (inOffice && Office.actions) registerCommands(session, workbook);

const services: PaneServices = {
  ...workbook,
  session,
  simulator:
    process.env.NODE_ENV !== "production" ? { url: `${window.location.origin}/simulator`, apiKey: "demo" } : undefined,
  setStartupBehavior: (loadOnOpen) =>
    Office.addin.setStartupBehavior(loadOnOpen ? Office.StartupBehavior.load : Office.StartupBehavior.none),
};

function render(dark: boolean): void {
  const container = document.getElementById("root");
  // Dates in the pane follow Office's display language (Office.context exists once Office is ready).
  const locale = inOffice ? Office.context?.displayLanguage || undefined : undefined;
  // What the ribbon's and on-open refreshes say waits in the session for the pane: in the same date style.
  session.days = paneDayWords(dateStyle(paneLocale(locale)));
  if (container) mountPane(container, { ...services, locale }, dark);
}

// 4. What needs Office ready: the theme, requirement sets, the workbook.
if (!inOffice) {
  render(false); // opened outside Office (or office.js could not load): the pane still renders, without Excel
} else {
  void officeReady.then(() => {
    configureFunctions({ formattedNumbers: formattedNumbersSupported() });
    render(officeThemeIsDark());
    // "Refresh when this workbook opens", if the workbook asks for it and a key is saved; its report waits in
    // the session for the pane (it never throws: a failure is reported like the ribbon's).
    void refreshWhenWorkbookOpens(session, workbook);
  });
}
