// The pane's operations on the real parts: the session's client, refresh, the workbook layer and the stores.
// Each concern has its own module; this puts them together.
import type { ExcelRun } from "../../excel/run";
import type { Session } from "../../session";
import { actionOperations } from "./actionOperations";
import { connectionOperations } from "./connectionOperations";
import { dataOperations } from "./dataOperations";
import { tableOperations } from "./tableOperations";
import type { PaneOperations } from "./types";

export function paneOperations(
  run: ExcelRun,
  session: Session,
  hooks: {
    afterRefreshAll?: () => Promise<void> | void;
    setStartupBehavior?: (loadOnOpen: boolean) => Promise<void>;
  } = {},
): PaneOperations {
  const { afterRefreshAll, setStartupBehavior } = hooks;
  // Built for each operation: the client is the session's current one.
  const deps = () => session.refreshDeps({ run, afterRefreshAll });

  return {
    ...dataOperations(run, deps),
    ...tableOperations(run, deps, setStartupBehavior),
    ...actionOperations(run, session),
    ...connectionOperations(session),
  };
}
