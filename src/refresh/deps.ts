// What refresh runs on (the workbook, the service, the service's clock) and what it refreshes. Types only;
// the session builds RefreshDeps in one place.
import type { SalesClient } from "../api";
import type { IsoDate } from "../core/dates";
import type { RefreshApproval } from "../core/refresh/unitChange";
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
  /**
   * This add-in instance's id among the people with the workbook open (5 characters 0-9 a-z; in its staging
   * sheets' names, so a co-author's are left alone). Default: one per runtime. Tests of two sessions set their own.
   */
  sessionId?: string;
}

/** Where Refresh all is, told before each table: the pane shows "Refreshing 2 of 5: Sales_northmart_SKU_weekly". */
export interface RefreshProgress {
  /** 1 for the first table. */
  index: number;
  /** The tables this Refresh all refreshes (a saved query it cannot read fails at once and is not counted). */
  total: number;
  tableName: string;
}

export interface RefreshOptions {
  /** Cancel: checked between tables by Refresh all, and inside a table's refresh. */
  signal?: AbortSignal;
  /** Refresh all calls it before each table it refreshes (not for the tables a cancel skips). */
  onProgress?: (progress: RefreshProgress) => void;
  /**
   * "Refresh anyway": write even though the losses rule would hold the table (it would remove more stored rows
   * than it replaces and adds, or whole periods that held rows) or a unit change at the source would (most of a
   * metric's figures a power of ten away from the stored ones). What a held refresh showed (the pane's Refresh
   * anyway, a RefreshApproval): written only when this refresh removes nothing beyond its losses
   * (src/core/refresh/losses.ts withinApproved) and changes no unit but those it showed (src/core/refresh/unitChange.ts), else
   * held again with what it finds now. `true` (programmatic callers): any loss, any unit change. What is removed
   * or changed is still reported.
   */
  anyway?: boolean | RefreshApproval;
}
