// The pane's operations on the real parts: the session's client, refresh, the workbook layer and the stores.
// Each concern has its own module; this puts them together.
import type { DateStyle } from "../../core/words";
import { paneDayWords } from "../paneWords";
import type { PaneServices } from "../paneServices";
import { actionOperations } from "./actionOperations";
import { connectionOperations } from "./connectionOperations";
import { dataOperations } from "./dataOperations";
import { tableOperations } from "./tableOperations";
import { trendOperations } from "./trendOperations";
import type { PaneOperations } from "./types";

/** `style`: the pane's date style, for the lines and summaries the operations word. */
export function paneOperations(services: PaneServices, style: DateStyle): PaneOperations {
  const { run, session, setStartupBehavior } = services;
  // Built for each operation: the client is the session's current one; what refresh says, in the pane's dates.
  const deps = () => ({ ...session.refreshDeps(services), days: paneDayWords(style), count: style.count });

  return {
    ...dataOperations(run, deps),
    ...tableOperations(run, deps, { setStartupBehavior, refreshes: session.refreshes, style }),
    ...trendOperations(run),
    ...actionOperations(run, session),
    ...connectionOperations(session),
  };
}
