// The one interface every database engine of the sync implements (DuckDB, PostgreSQL): what a window rewrite needs
// and nothing else. The sync above it decides what to write; an engine only stores it, in one transaction per table.
import type { IsoDate } from "../core/dates";
import type { WindowPair } from "../core/refresh/windowFold";

/**
 * How a column is stored, as Excel's Get Data and Power BI read it: `date` the period (DATE), `text` names and
 * filter values (TEXT), `bigint` SKU and store codes (BIGINT), `double` metrics and comparisons (DOUBLE: the
 * service sends JSON numbers, which are doubles, so a DOUBLE keeps each figure exactly as sent, with no scale to
 * pick for rates such as availability or unit_ros; NUMERIC would round them to its scale).
 */
export type SyncColumnType = "date" | "text" | "bigint" | "double";

export interface SyncColumn {
  name: string;
  type: SyncColumnType;
}

/** A table as the caller names it: the engine creates it, or checks that the one it finds is this one. */
export interface SyncTableSpec {
  table: string;
  /** In the order the rows give their values. */
  columns: readonly SyncColumn[];
  /** The row key (the primary key): the period and the columns that tell one row of a period from another. */
  key: readonly string[];
  /** The period column (type `date`, part of the key); the window is every row whose period is on or after its start. */
  period: string;
}

/** A value as rows carry it: a date "YYYY-MM-DD", a text, a number (a BIGINT a safe integer), or null. */
export type SyncCell = string | number | null;
/** One row, its values in the order of SyncTableSpec.columns. */
export type SyncRow = readonly SyncCell[];
/**
 * Rows laid end to end (block.ts: a large sync's rows travel so): `length` rows of `width` values, row i's value of
 * column j is cells[i * width + j].
 */
export interface RowBlock {
  readonly width: number;
  length: number;
  cells: readonly SyncCell[];
}
/**
 * Rows in chunks: an array of chunks or a stream of them (rows are never all held at once), each chunk an array of
 * rows or a block of them laid end to end (block.ts: a large sync's rows travel so).
 */
export type SyncRowChunks = Iterable<readonly SyncRow[] | RowBlock> | AsyncIterable<readonly SyncRow[] | RowBlock>;

export type SyncOutcome = "synced" | "held" | "failed";

/** One row of `sales_sync_runs`: one run of one query into its table. */
export interface SyncRun {
  table: string;
  /** The query, as JSON (never the key). */
  query: string;
  startedAt: Date;
  endedAt: Date;
  /** The dates re-read and rewritten; null when the run failed before it had one. */
  window: { from: IsoDate; to: IsoDate } | null;
  /**
   * The service's today when the run read it: the next run's window reaches back to seven days before it (the
   * add-in's lastRead). Null when unknown.
   */
  readOn?: IsoDate | null;
  deleted: number;
  inserted: number;
  /** Figures the run changed (as many as it records in sales_revisions). */
  changed: number;
  outcome: SyncOutcome;
  /** Why it was held or failed, in words; null when synced. */
  reason: string | null;
}

export interface RecordedRun extends SyncRun {
  id: number;
}

/** One row of `sales_revisions`: a figure a run changed. */
export interface SyncRevision {
  period: IsoDate;
  /** The rest of the row key (every key column but the period), by column name. */
  key: Readonly<Record<string, string | number>>;
  metric: string;
  old: number | null;
  new: number | null;
}

export interface RecordedRevision extends SyncRevision {
  run: number;
  table: string;
}

/** What a window's rows are joined and compared by: the key (the period first), the metrics, the other service columns. */
export interface PairColumns {
  key: readonly string[];
  metrics: readonly string[];
  others: readonly SyncColumn[];
}

/** A chunk of the stored window joined with the staged rows: a pair per key, in key order (windowPairs.ts). */
export interface PairChunk {
  pairs: WindowPair[];
}

/** A period the table holds, with its rows. */
export interface StoredPeriod {
  period: IsoDate;
  rows: number;
}

/** What `list` shows of a synced table. */
export interface SyncedTable {
  table: string;
  /** Rows the table holds now (null when the table is gone). */
  rows: number | null;
  lastRun: RecordedRun;
}

/** How long a sync waits, by default, for another sync of the same table to finish. */
export const DEFAULT_LOCK_WAIT_MS = 60_000;

/** How long to wait for another sync of the same table before giving up (0: do not wait). */
export interface LockOptions {
  lockWaitMs?: number;
}

/**
 * A transaction on one table, holding its lock. A first sync inserts its rows into the table it made; a later one
 * stages the answer's rows, reads them joined with the stored window (the plan's fold, which records the figures it
 * revises), deletes the window and inserts the staged rows; then the run is recorded and committed (or rolled back).
 * Any failure ends it: roll back, and the table is as it was.
 */
export interface WindowWriter {
  readonly spec: SyncTableSpec;
  /** The user's columns the table holds besides the query's: kept, with their values for the rows they are on. */
  readonly userColumns: readonly string[];
  /** The table was made by this transaction (a first sync). */
  readonly created: boolean;
  /** Loads the answer's rows for the window from `from` into the transaction's staging table, checked; the rows. */
  stage(from: IsoDate, rows: SyncRowChunks): Promise<number>;
  /**
   * The stored window and the staged rows joined by the row key, in key order, in chunks (windowPairs.ts); `counted`:
   * the pairs that differ, then each period's unchanged rows as a count (unchangedRows.ts).
   */
  pairs(columns: PairColumns, counted?: boolean): AsyncIterable<PairChunk>;
  /** Inserts the staged rows once the window is deleted (the user's columns' values kept by key); the rows. */
  insertStaged(): Promise<number>;
  /** The id the run's row will have (its revisions are recorded under it first). */
  reserveRun(): Promise<number>;
  /** The stored rows from `from` on, every column in the spec's order, ordered by the key, in chunks. */
  readWindow(from: IsoDate, chunkRows?: number): AsyncIterable<SyncRow[]>;
  /** Deletes every row whose period is on or after `from`; the number deleted. */
  deleteWindow(from: IsoDate): Promise<number>;
  /** Bulk-inserts rows (each on or after the window deleted); the number inserted. */
  insert(rows: SyncRowChunks): Promise<number>;
  /** Writes the run's row in this transaction (under `id`, reserved, when given); its id. */
  recordRun(run: SyncRun, id?: number): Promise<number>;
  recordRevisions(run: number, revisions: Iterable<SyncRevision>): Promise<number>;
  /** Takes back the figures recorded under the run so far (a plan read again from its start). */
  forgetRevisions(run: number): Promise<void>;
  /** Commits, then confirms that the database kept what was written (SyncError when it did not). */
  commit(): Promise<void>;
  /** Rolls back; safe to call after a failure anywhere, and more than once. */
  rollback(): Promise<void>;
}

export interface SyncEngine {
  readonly kind: "duckdb" | "postgres";
  /** The database in words for messages ("the DuckDB file /data/sales.duckdb"): never a password. */
  readonly label: string;
  /** The longest table or column name the engine keeps exactly, in UTF-8 bytes. */
  readonly maxNameBytes: number;
  /** Whether it matches table and column names whatever their case (DuckDB) or exactly (PostgreSQL). */
  readonly foldsCase: boolean;
  /** Takes the table's lock (one sync per table at a time), begins, and creates the table or checks it. */
  begin(spec: SyncTableSpec, options?: LockOptions): Promise<WindowWriter>;
  /** Records a run in a transaction of its own (a run that failed, after its rollback). */
  recordRun(run: SyncRun): Promise<number>;
  /** The periods the table holds (its first column), in date order, with their rows; null: no such table. */
  storedPeriods(table: string): Promise<StoredPeriod[] | null>;
  /** The table's columns, in its order (the sync's and the user's); null: no such table. */
  storedColumns(table: string): Promise<string[] | null>;
  /** What is synced: each table with a run, its rows and its last run. */
  list(): Promise<SyncedTable[]>;
  /** The run log, newest first. */
  runs(options?: { table?: string; limit?: number }): Promise<RecordedRun[]>;
  revisions(run: number): Promise<RecordedRevision[]>;
  close(): Promise<void>;
}
