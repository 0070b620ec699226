// What the pane's buttons do, behind interfaces, so the components stay about presentation.
import type { DateRange } from "../../core/dates";
import type { Query } from "../../core/query/query";
import type { RefreshApproval } from "../../core/refresh/unitChange";
import type { RefreshOutcome, RefreshProgress } from "../../refresh";
import type { ConnectionSettings, RefreshAllReport } from "../../session";
import type { DestinationChoice } from "../queryBuilder/queryForm";
import type { TrendOperations } from "./trendOperations";
import { type RetailerSummary } from "../../core/answer/retailersTable";

export interface PullSummary {
  tableName: string;
  sheet: string;
  /** Data rows written (the header not counted). */
  rows: number;
  /** The days the table covers (coveredRange: its periods inside the days asked), when it has rows. */
  covered?: DateRange;
  omittedMetrics: string[];
  /** Several retailers: each one's rows in the table and the metrics it omitted (empty in its rows). */
  retailers?: RetailerSummary[];
  warnings: string[];
  /** False when cancelled part way: the table holds the rows written so far. */
  complete: boolean;
}

/** How "Get data" writes its table. */
interface GetDataOptions {
  rolling: boolean;
  destination: DestinationChoice;
  signal: AbortSignal;
  /** While the service is read: rows read so far and, once the first chunk is in, the rows projected in all. */
  onRead?(rowsRead: number, rowsProjected: number | undefined): void;
  onProgress(rowsWritten: number, rowsTotal: number): void;
}

/** The query builder's buttons. */
export interface Operations {
  getData(query: Query, opts: GetDataOptions): Promise<PullSummary>;
  insertFormula(formula: string): Promise<string>;
}

export interface ManagedRow {
  tableName: string;
  sheet: string;
  summary: string;
  lastRefreshedAt: string;
  rows: number;
  /** The days the last refresh re-read; absent for a table only got (never refreshed). */
  window?: { from: string; to: string };
  /** Dates the table has no rows for (found by refresh; kept until a refresh gets rows for them). */
  gaps?: { from: string; to: string }[];
  /** Days read while still provisional that can no longer be re-read (the card says so). */
  provisional?: { from: string; to: string }[];
  /** A saved query that cannot be refreshed (damaged, or its table deleted): what is wrong; the other fields are then empty. */
  problem?: string;
}

export interface RefreshLine {
  tableName: string;
  ok: boolean;
  /** "rewrote ...: 40 rows replaced, 10 added, 0 removed; revenue, 16-23 Nov: ..." or the error message. */
  text: string;
  /**
   * The refresh was held: it would have removed stored rows (more than it replaces and adds, or whole periods),
   * or a metric's figures changed unit at the source, so nothing was written. `text` says what; the pane offers
   * "Refresh anyway", which passes this as `anyway`: it writes only when the refresh then removes nothing beyond
   * these losses and changes no unit but these.
   */
  refreshAnyway?: RefreshApproval;
  /** Metrics whose columns the user deleted from the table: the pane offers "Stop asking for units". */
  stopAsking?: string[];
}

/** How the pane runs Refresh all: Cancel, and "12 of 20 written, 6 reading" as tables are read and written. */
interface RefreshAllOptions {
  signal?: AbortSignal;
  onProgress?: (progress: RefreshProgress) => void;
}

/** The tables this workbook manages. */
export interface TableOperations {
  listManaged(): Promise<ManagedRow[]>;
  /**
   * `anyway`: "Refresh anyway", write even though the refresh removes stored rows or a metric's figures changed
   * unit (they are still reported): what a held line showed (its `refreshAnyway`; held again when the refresh
   * would now remove more, or change another unit), or `true` for any.
   */
  refresh(tableName: string, signal?: AbortSignal, opts?: { anyway?: boolean | RefreshApproval }): Promise<RefreshLine>;
  /** Refreshes every table; its report is kept as the last Refresh all's (source "pane"). */
  refreshAll(opts?: RefreshAllOptions): Promise<RefreshLine[]>;
  /** A table's latest refresh outcome in this session, from any refresh (the pane's, the ribbon's, on open). */
  latestOutcome(tableName: string): RefreshOutcome | undefined;
  /** The last Refresh all's report, wherever it ran (the ribbon, on open, the pane). */
  lastRefreshAll(): RefreshAllReport | undefined;
  /** Called after a refresh is recorded (a table's outcome, a Refresh all's report, a dismissal); returns the unsubscribe. */
  onRefreshRecorded(listener: () => void): () => void;
  /** The user closed the report's notice: it is not shown again (a newer report is). */
  dismissRefreshAll(report: RefreshAllReport): void;
  goTo(tableName: string): Promise<void>;
  stopManaging(tableName: string): Promise<void>;
  /**
   * "Stop asking for units": the table's saved query no longer asks for `metrics` (whose columns the user
   * deleted), so the question and the table agree again. Returns the line that says so.
   */
  stopAsking(tableName: string, metrics: readonly string[]): Promise<RefreshLine>;
  /**
   * "Copy for sync": the table's saved query as an entry of a sync file (JSON; what `sales-data sync` takes), so
   * the database gets the table the dropdowns built. Undefined when the table is no longer managed.
   */
  syncEntryOf(tableName: string): Promise<string | undefined>;
  /** The saved query of a table, for "Edit". */
  queryOf(tableName: string): Promise<{ query: Query; rolling: boolean } | undefined>;
  /** "Refresh when this workbook opens" (saved in the workbook; off by default). */
  getRefreshOnOpen(): Promise<boolean>;
  setRefreshOnOpen(on: boolean): Promise<void>;
}

/** This week's actions, pulled into the Actions table. */
export interface ActionOperations {
  /** `note`: something the user should know beyond the rows written (a damaged Actions record was replaced). */
  pullActions(retailers: string[]): Promise<{ tableName: string; rows: number; pulledAt: string; note?: string }>;
  lastActionsPull(): Promise<string | undefined>;
}

/** What "Test connection" found; the status line shows it. */
export type ConnectionOutcome =
  | { kind: "connected" }
  | { kind: "rejected"; message: string }
  | { kind: "unreachable"; message: string }
  | { kind: "error"; message: string };

/** The user's connection: tested before it is saved, kept per user and device. */
export interface ConnectionOperations {
  /** The connection saved on this device (it arrives after the first render: storage is asynchronous). */
  savedConnection(): ConnectionSettings | null;
  /** Why the connection saved on this device could not be used (a damaged record), if it could not. */
  savedConnectionProblem(): string | undefined;
  /** Called whenever the saved connection changes (loaded, saved, key forgotten); returns the unsubscribe. */
  onConnectionChange(listener: (settings: ConnectionSettings | null) => void): () => void;
  /**
   * Tests the settings and saves them once the service accepts the key. A rejected key, or an address that
   * cannot be reached, never replaces a working connection; an unreachable one is kept only when no key is
   * saved yet.
   */
  testConnection(settings: ConnectionSettings): Promise<ConnectionOutcome>;
  /** "Forget key": removes the key, keeps the URL and paths. */
  forgetKey(): Promise<void>;
}

/** Everything the pane can do. */
export type PaneOperations = Operations & TableOperations & TrendOperations & ActionOperations & ConnectionOperations;
