// The pane's operations on the real parts: the session's client, refresh, the workbook layer and the stores.
// Each concern has its own module; this puts them together.
import { todayIso } from "../../core/dates";
import type { ExcelRun } from "../../excel/run";
import type { RefreshDeps } from "../../refresh";
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
  const deps = (): RefreshDeps => ({
    run,
    client: session.client(),
    today: () => todayIso(),
    afterRefreshAll: afterRefreshAll ? async () => void (await afterRefreshAll()) : undefined,
  });

  return {
    ...dataOperations(run, deps),
    ...tableOperations(run, deps, setStartupBehavior),
    ...actionOperations(run, session),
    ...connectionOperations(session),
  };
}
