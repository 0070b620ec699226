// The SQL an engine speaks, as the code both engines share drives it (tables.ts, tableShape.ts, keptValues.ts, the
// run log, and the base, engineBase.ts, with its writer): a session on one connection, and the dialect, where the
// engines' SQL differs. Each engine folder gives one of each (its session.ts and dialect.ts).
import type { RowBlock, SyncCell, SyncColumnType, SyncRow, SyncTableSpec } from "./engine";

/** A statement runner on one connection (in its transaction, when one is open); every value is bound. */
export interface SqlSession {
  /** Rows as objects: DATE as "YYYY-MM-DD", BIGINT as a number, timestamps read through Dialect.epochMs. */
  all(sql: string, params?: readonly SyncCell[]): Promise<Record<string, SyncCell>[]>;
  /** Runs a statement; the rows it changed. */
  exec(sql: string, params?: readonly SyncCell[]): Promise<number>;
}

/**
 * A connection of the engine's own, as the base holds it (through a rewrite, or one read of the run log): its
 * statements, a query's rows streamed, its bulk load, and its return.
 */
export interface EngineSession extends SqlSession {
  /** Rows of a query, converted to SyncRow, in chunks of about `size`. */
  stream(sql: string, params: readonly string[], size: number): AsyncIterable<SyncRow[]>;
  /** Rows of a query (a few thousand at most), each as its values in the query's order. */
  rows(sql: string, params?: readonly SyncCell[]): Promise<SyncRow[]>;
  /**
   * Bulk-loads checked blocks of rows into a table in the open transaction (DuckDB's appender, PostgreSQL's COPY),
   * or into a temporary table of the connection's.
   */
  bulkLoad(spec: SyncTableSpec, blocks: AsyncIterable<RowBlock>, temporary?: boolean): Promise<number>;
  /** Closes the connection or returns it to the engine's pool; `broken`: it must not be used again. */
  release(broken?: boolean): Promise<void>;
}

/** What differs between the engines' SQL (the rest is written once, for both). */
export interface Dialect {
  /** "DuckDB", "PostgreSQL": for messages. */
  name: string;
  types: Readonly<Record<SyncColumnType, string>>;
  /** How information_schema.columns spells each type. */
  schemaTypes: Readonly<Record<SyncColumnType, string>>;
  /** DuckDB matches table names whatever their case; PostgreSQL matches a quoted name exactly. */
  foldsCase: boolean;
  /** A TIMESTAMPTZ column as milliseconds since 1970 (BIGINT). */
  epochMs(column: string): string;
  maxNameBytes: number;
  /** A temporary table of the connection's, by its name (never a table of the same name in the schema). */
  temporary(name: string): string;
  /** Said in an INSERT that writes values kept from the table itself (PostgreSQL: into an identity column too). */
  overriding: string;
  /** The run log's id column after its name: an identity (PostgreSQL) or a sequence's next value (DuckDB). */
  runId: string;
  /** Run first in the transaction that creates the run log's tables (what the id needs, a lock against a race). */
  logSetup: readonly string[];
  /**
   * Tables the sync makes declare the row key as their primary key. DuckDB's keeps its index (an ART) in memory,
   * as large as the table and built at every COMMIT that adds rows, so there the sync keeps the key one row each
   * itself (docs/architecture.md, Decision 14).
   */
  declaresKey: boolean;
  /**
   * The engine joins and sorts in the sync's own process (DuckDB, embedded), so a window is joined a slice of keys
   * at a time (windowPairs.ts); PostgreSQL does so in the server, one cursor for the whole window.
   */
  joinsInChunks: boolean;
  /**
   * A later sync's swap deletes and inserts only the window's rows that differ from the staged ones, and leaves the
   * rows re-read exactly as stored in place (stagingTable.ts). PostgreSQL's primary key makes each row re-inserted an
   * index entry beside its deleted twin's; DuckDB deletes a window by marking it, and its anti-join would hold the
   * staged rows' hash table in the sync's own memory (docs/sync.md, "How a window is rewritten").
   */
  swapsChangedRows: boolean;
  /** The staging table of a rewrite is a temporary table (PostgreSQL's, on disk past temp_buffers); else a table. */
  stagesInTemporary: boolean;
  /** What tells a table's rows apart, as a value the driver reads cheaply (DuckDB's rowid, PostgreSQL's ctid as text). */
  rowId: string;
  /** A query whose one row's `id` is the run log's next id (taken before the run's row is written). */
  nextRunId: string;
}
