// What the pane's buttons do, behind one interface, so the components stay about presentation.
import type { DataQuery } from "../core/query";
import type { DestinationChoice } from "./queryForm";

export interface PullSummary {
  tableName: string;
  sheet: string;
  rows: number;
  /** First and last period in the table (YYYY-MM-DD), when it has rows. */
  periodFrom?: string;
  periodTo?: string;
  omittedMetrics: string[];
  warnings: string[];
  /** False when cancelled part way: the table holds the rows written so far. */
  complete: boolean;
}

export interface PullOptions {
  rolling: boolean;
  destination: DestinationChoice;
  signal: AbortSignal;
  onProgress(rowsWritten: number, rowsTotal: number): void;
}

export interface Operations {
  getData(query: DataQuery, opts: PullOptions): Promise<PullSummary>;
  insertFormula(formula: string): Promise<string>;
}

export interface ManagedRow {
  tableName: string;
  sheet: string;
  summary: string;
  lastRefreshedAt: string;
  rows: number;
  window?: { from: string; to: string };
}

export interface RefreshLine {
  tableName: string;
  ok: boolean;
  /** "replaced 40 rows, added 10" or the error message. */
  text: string;
}

export interface TableOperations {
  listManaged(): Promise<ManagedRow[]>;
  refresh(tableName: string, signal?: AbortSignal): Promise<RefreshLine>;
  refreshAll(signal?: AbortSignal): Promise<RefreshLine[]>;
  goTo(tableName: string): Promise<void>;
  stopManaging(tableName: string): Promise<void>;
  /** The saved query of a table, for "Edit". */
  queryOf(tableName: string): Promise<{ query: DataQuery; rolling: boolean } | undefined>;
  pullActions(retailers: string[]): Promise<{ tableName: string; rows: number; pulledAt: string }>;
  /** "Refresh when this workbook opens" (saved in the workbook; off by default). */
  getRefreshOnOpen(): Promise<boolean>;
  setRefreshOnOpen(on: boolean): Promise<void>;
  lastActionsPull(): Promise<string | undefined>;
}
