// The pane's operations on the real parts: the session's client, refresh, the workbook layer and the stores.
// Each concern has its own module; this puts them together.
import type { PaneServices } from "../services";
import { actionOperations } from "./actionOperations";
import { connectionOperations } from "./connectionOperations";
import { dataOperations } from "./dataOperations";
import { tableOperations } from "./tableOperations";
import { trendOperations } from "./trendOperations";
import type { PaneOperations } from "./types";

export function paneOperations(services: PaneServices): PaneOperations {
  const { run, session, setStartupBehavior } = services;
  // Built for each operation: the client is the session's current one.
  const deps = () => session.refreshDeps(services);

  return {
    ...dataOperations(run, deps),
    ...tableOperations(run, deps, { setStartupBehavior, refreshes: session.refreshes }),
    ...trendOperations(run),
    ...actionOperations(run, session),
    ...connectionOperations(session),
  };
}
