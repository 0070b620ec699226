// /preview.html: the real task pane next to an in-memory workbook, talking to the simulator. How a
// newcomer sees the add-in work without Excel, and what the browser tests drive.
import "./customFunctionsShim"; // first: functions.ts registers with CustomFunctions when it loads
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { ConnectionStore, webStorage } from "../../src/session";
import type { ExcelRun } from "../../src/excel/run";
import { clearFunctionCache, setFunctionsSession } from "../../src/functions";
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

const session = new Session(new ConnectionStore(webStorage(window.localStorage), "preview:"));
const simulator = { url: `${window.location.origin}/simulator`, apiKey: "demo" };
setFunctionsSession(session);
const preview = installPreviewApi(window, host, run);
/** Refresh all's part for formulas, as the preview models it: clear the cache, evaluate the formulas again. */
const afterRefreshAll = () => {
  clearFunctionCache();
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

function Preview() {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    changes.addEventListener("change", bump);
    return () => changes.removeEventListener("change", bump);
  }, []);
  return (
    <div className="preview">
      <section aria-label="Workbook">
        <div className="banner">Preview: an in-memory workbook stands in for Excel. Data comes from the simulator.</div>
        <WorkbookView run={host.run} version={version} />
      </section>
      <aside aria-label="Sales Data pane">
        <App dark={dark} services={services} />
      </aside>
    </div>
  );
}

createRoot(document.getElementById("root")!).render(<Preview />);
