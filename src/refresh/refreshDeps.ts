// What refresh runs on (the workbook, the service, the service's clock) and what it refreshes. Types only;
// the session builds RefreshDeps in one place.
import type { SalesClient } from "../api";
import type { IsoDate } from "../core/dates";
import type { DayWords } from "../core/words";
import type { RefreshApproval } from "../core/refresh/unitChange";
import type { ManagedTable } from "../excel/queryStore";
import type { ExcelRun } from "../excel/excelRun";
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
  /**
   * How the days and metrics in what a pull or refresh says are written (the pane's date style and plain names);
   * default: the service's words ("16-22 Nov", unit_ros).
   */
  days?: DayWords;
  /** How counts in what a pull says are written (the pane's grouping: 8,044,904); default en-US's. */
  count?: (n: number) => string;
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

/**
 * Where Refresh all is, told whenever a table's read begins or a table ends: the pane shows "12 of 20 written,
 * 6 reading". `written` and `failed` count the tables ended (written: refreshed, unchanged or kept; a cancelled
 * table is in neither).
 */
export interface RefreshProgress {
  /** The tables this Refresh all refreshes (a saved query it cannot read fails at once and is not counted). */
  total: number;
  written: number;
  failed: number;
  /** Tables whose read (requests, answer check, tabulation) has begun and not ended. */
  reading: number;
  /** The table that just ended, when one did. */
  tableName?: string;
}

export interface RefreshOptions {
  /** Cancel: Refresh all sends no more requests and writes no table not begun; a table's refresh checks it too. */
  signal?: AbortSignal;
  /** Refresh all tells it when a table's read begins and when a table ends. */
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
