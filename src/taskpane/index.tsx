// The shared runtime's one page: it renders the pane and registers the SALES functions (the metadata
// plugin adds their CustomFunctions.associate calls to functions.ts) and the ribbon commands once Office
// is ready. Outside Office (a browser, the tests) the pane still renders.
import { createRoot } from "react-dom/client";
import { registerCommands } from "../commands/commands";
import { officeConnectionStore } from "../session";
import { officeRun } from "../excel/run";
import {
  configureFunctions,
  formattedNumbersSupported,
  refreshSalesFunctions,
  setFunctionsSession,
} from "../functions";
import { todayIso } from "../core/dates";
import { refreshOnOpen } from "../refresh";
import { Session } from "../session";
import { App } from "./App";
import type { PaneServices } from "./services";
import { officeThemeIsDark } from "./theme";

// One session for the whole shared runtime: the pane, the SALES functions and the ribbon commands.
const session = new Session(officeConnectionStore());
setFunctionsSession(session);

const services: PaneServices = {
  run: officeRun,
  session,
  simulator:
    process.env.NODE_ENV !== "production" ? { url: `${window.location.origin}/simulator`, apiKey: "demo" } : undefined,
  afterRefreshAll: () => refreshSalesFunctions(officeRun),
  setStartupBehavior: (loadOnOpen) =>
    Office.addin.setStartupBehavior(loadOnOpen ? Office.StartupBehavior.load : Office.StartupBehavior.none),
};

/** "Refresh when this workbook opens": runs once the runtime is up, if the workbook asks for it and a key is saved. */
async function refreshOnOpenIfWanted(): Promise<void> {
  await session.ready();
  if (!session.hasKey()) return;
  const summary = await refreshOnOpen({
    run: officeRun,
    client: session.client(),
    today: () => todayIso(),
    afterRefreshAll: () => refreshSalesFunctions(officeRun),
  });
  if (summary) console.info(`Sales Data: ${summary.message}`);
}

function render(dark: boolean): void {
  const container = document.getElementById("root");
  if (container) createRoot(container).render(<App dark={dark} services={services} />);
}

if (typeof Office === "undefined") {
  // Opened outside Office (or office.js could not load): the pane still renders, without Excel.
  render(false);
} else {
  void Office.onReady(async () => {
    if (Office.actions) registerCommands(session);
    configureFunctions({ formattedNumbers: formattedNumbersSupported() });
    // Bundled (eager), but evaluated only where the CustomFunctions runtime exists.
    if (typeof CustomFunctions !== "undefined") await import(/* webpackMode: "eager" */ "../functions/functions");
    render(officeThemeIsDark());
    void refreshOnOpenIfWanted().catch(() => undefined);
  });
}
