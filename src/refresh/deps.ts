// What refresh runs on (the workbook, the service, the service's clock) and what it refreshes. Types only;
// the session builds RefreshDeps in one place.
import type { SalesClient } from "../api";
import type { IsoDate } from "../core/dates";
import type { ManagedTable } from "../excel/queryStore";
import type { ExcelRun } from "../excel/run";
import type { BlockLimits } from "../excel/tables";
import type { RefreshOutcome } from "./outcomes";

/**
 * A saved table as refresh reads it. `lastRead` (the service's today when the table was last read) is stored
 * with the record in the workbook settings; it decides how far back the next window reaches.
 */
export type RefreshableTable = ManagedTable;

export interface RefreshDeps {
  run: ExcelRun;
  client: SalesClient;
  /** The service's today (the machine's date in the add-in; the simulator's clock in tests and benchmarks). */
  today: () => IsoDate;
  /** Wall-clock time for "last refreshed" (default: now). */
  now?: () => Date;
  /** Called after each table of Refresh all (and after refreshTable), e.g. to update the pane's list. */
  onTableDone?: (outcome: RefreshOutcome) => void;
  /** Runs once after Refresh all: clear the SALES functions' cache and recalculate (src/functions, src/excel/recalc). */
  afterRefreshAll?: () => Promise<void>;
  /** Block limits for writes (tests use small ones). */
  limits?: Partial<BlockLimits>;
}

export interface RefreshOptions {
  signal?: AbortSignal;
}
