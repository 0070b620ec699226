// /preview.html: the real task pane next to an in-memory workbook, talking to the simulator. How a
// newcomer sees the add-in work without Excel, and what the browser tests drive. Its banner stands in for the
// ribbon: Refresh all runs the real command, and the pane can be closed and opened as in Excel.
import "./customFunctionsShim"; // first: functions.ts registers with CustomFunctions when it loads
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { ribbonRefreshAll } from "../../src/commands/commands";
import { ConnectionStore } from "../../src/session";
import type { ExcelRun } from "../../src/excel/excelRun";
import { refreshSalesFunctions, setFunctionsSession } from "../../src/functions";
import { Session } from "../../src/session";
import { App } from "../../src/taskpane/App";
import { createWorkbookHost } from "../workbook-host";
import { WorkbookView } from "./WorkbookView";
import { installPreviewApi } from "./previewApi";

const host = createWorkbookHost({ sheets: ["Sheet1"] });
const changes = new EventTarget();

/** host.run for the pane, plus a repaint of the grid after each of its batches. (The grid reads through
 * host.run itself: its own reads must not trigger repaints.) */
const run: ExcelRun = async (batch) => {
  try {
    return await host.run(batch);
  } finally {
    changes.dispatchEvent(new Event("change"));
  }
};

const session = new Session(new ConnectionStore(window.localStorage, "preview:"));
const simulator = { url: `${window.location.origin}/simulator`, apiKey: "demo" };
setFunctionsSession(session);
const preview = installPreviewApi(window, host, run);
/** Refresh all's part for formulas, as in Excel (src/runtime.ts): the cache cleared and the workbook recalculated,
 * then the preview's own evaluation of the formulas again (the host does not run SALES formulas). */
const afterRefreshAll = async () => {
  await refreshSalesFunctions(run);
  void preview.recalculate();
};

const services = { run, session, simulator, afterRefreshAll };
const params = new URLSearchParams(window.location.search);
/** /preview.html?theme=dark shows the pane in Office's dark theme. */
const dark = params.get("theme") === "dark";
/** /preview.html?width=320 gives the pane the width Excel gives it (px; default 360). */
const width = Number(params.get("width"));
if (Number.isInteger(width) && width >= 200 && width <= 1000)
  document.documentElement.style.setProperty("--pane-width", `${width}px`);

/** /preview.html?pane=closed starts with the pane closed (open it with the banner's "Open pane"). */
const paneAtStart = params.get("pane") !== "closed";

/**
 * The banner's stand-ins for Excel: the ribbon's Refresh all (the real command, with the session and workbook
 * the pane uses; opening the pane means showing the pane's column) and closing or opening the pane. A closed
 * pane is unmounted, so a pane opened after a run reads its report from the session, as a new pane in Excel.
 */
function Ribbon({ paneOpen, setPaneOpen }: { paneOpen: boolean; setPaneOpen: (open: boolean) => void }) {
  const refreshAll = () => void ribbonRefreshAll(session, services, undefined, { showPane: () => setPaneOpen(true) });
  return (
    <div className="ribbon" role="toolbar" aria-label="Ribbon">
      <button type="button" onClick={refreshAll}>
        Refresh all (ribbon)
      </button>
      <button type="button" onClick={() => setPaneOpen(!paneOpen)}>
        {paneOpen ? "Close pane" : "Open pane"}
      </button>
    </div>
  );
}

/**
 * The grid, read again after each batch run against the workbook. It holds the change count itself, so that only
 * it draws again: the pane does not, as in Excel (a refresh's every batch used to draw the whole pane again).
 */
function LiveWorkbookView() {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    changes.addEventListener("change", bump);
    return () => changes.removeEventListener("change", bump);
  }, []);
  return <WorkbookView run={host.run} version={version} cellErrors={preview.cellErrors} />;
}

function Preview() {
  const [paneOpen, setPaneOpen] = useState(paneAtStart);
  return (
    <div className={paneOpen ? "preview" : "preview pane-closed"}>
      <section aria-label="Workbook">
        <div className="banner">
          <span>Preview: an in-memory workbook stands in for Excel. Data comes from the simulator.</span>
          <Ribbon paneOpen={paneOpen} setPaneOpen={setPaneOpen} />
        </div>
        <LiveWorkbookView />
      </section>
      {paneOpen && (
        <aside aria-label="Sales Data pane">
          <App dark={dark} services={services} />
        </aside>
      )}
    </div>
  );
}

createRoot(document.getElementById("root")!).render(<Preview />);
