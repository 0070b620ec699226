// The base both engines stand on: the sync's engine interface (engine.ts) written once, over the parts an engine
// folder gives (src/sync/duckdb/, src/sync/postgres/: its dialect, its session, its lock, its connect). The base owns
// the rewrite's sequence (connect, lock, BEGIN, create or check the table; on any failure ROLLBACK and let go), its
// writer (writer.ts: the steps, COMMIT confirmed, ROLLBACK) and every hand-off to the run log (runLog.ts). A third
// engine is one more folder of the same four parts.
import {
  DEFAULT_LOCK_WAIT_MS,
  type LockOptions,
  type RecordedRevision,
  type RecordedRun,
  type StoredPeriod,
  type SyncedTable,
  type SyncEngine,
  type SyncRun,
  type SyncTableSpec,
  type WindowWriter,
} from "./engine";
import { checkSpec } from "./sqlNames";
import { insertRun, listSynced, periodsOf, readRevisions, readRuns } from "./runLog";
import type { Dialect, EngineSession, SqlSession } from "./sql";
import { ensureTable } from "./tables";
import { columnNames } from "./tableShape";
import { TransactionWriter } from "./writer";

/**
 * Takes a table's lock (one sync per table at a time) for a rewrite on `session`, waiting up to `waitMs` for another
 * sync to let it go (SyncLockedError, in the engine's words, when it does not); what lets it go.
 */
export type TableLock = (session: SqlSession, table: string, waitMs: number) => Promise<() => Promise<void>>;

/** What an engine folder gives the base (its connect.ts puts them together). */
export interface EngineParts {
  readonly kind: SyncEngine["kind"];
  /** The database in words for messages: never a password. */
  readonly label: string;
  readonly dialect: Dialect;
  /** A connection of its own: for a rewrite (which holds it to the end) or one read of the run log. */
  connect(): Promise<EngineSession>;
  lock: TableLock;
  /** A failure of the engine's in words (a SyncError); the error as it is when there is nothing to add. */
  problem(error: unknown): unknown;
  /** Lets go of the database (the file, the pool); every session has been released. */
  close(): Promise<void>;
}

/** Lets the lock go, then the session (a session whose lock could not be let go is not used again). */
async function letGo(session: EngineSession, unlock: (() => Promise<void>) | undefined): Promise<void> {
  let broken = false;
  try {
    await unlock?.();
  } catch {
    broken = true;
  }
  await session.release(broken);
}

export class SqlEngine implements SyncEngine {
  readonly kind: SyncEngine["kind"];
  readonly label: string;
  readonly maxNameBytes: number;
  readonly foldsCase: boolean;
  private closed = false;

  constructor(private readonly parts: EngineParts) {
    this.kind = parts.kind;
    this.label = parts.label;
    this.maxNameBytes = parts.dialect.maxNameBytes;
    this.foldsCase = parts.dialect.foldsCase;
  }

  async begin(spec: SyncTableSpec, options: LockOptions = {}): Promise<WindowWriter> {
    checkSpec(spec, this.maxNameBytes);
    const { dialect, label } = this.parts;
    const session = await this.parts.connect();
    let unlock: (() => Promise<void>) | undefined;
    try {
      unlock = await this.parts.lock(session, spec.table, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
      await session.exec("BEGIN");
      const shape = await ensureTable(session, dialect, spec, label);
      const release = () => letGo(session, unlock);
      return new TransactionWriter(spec, { session, dialect, where: label, release }, shape);
    } catch (error) {
      await session.exec("ROLLBACK").catch(() => undefined);
      await letGo(session, unlock);
      throw this.parts.problem(error);
    }
  }

  recordRun(run: SyncRun): Promise<number> {
    return this.onItsOwn((s) => insertRun(s, run));
  }

  storedPeriods(table: string): Promise<StoredPeriod[] | null> {
    return this.onItsOwn((s) => periodsOf(s, this.parts.dialect, table));
  }

  storedColumns(table: string): Promise<string[] | null> {
    return this.onItsOwn((s) => columnNames(s, this.parts.dialect, table));
  }

  list(): Promise<SyncedTable[]> {
    return this.onItsOwn((s) => listSynced(s, this.parts.dialect));
  }

  runs(options?: { table?: string; limit?: number }): Promise<RecordedRun[]> {
    return this.onItsOwn((s) => readRuns(s, this.parts.dialect, options));
  }

  revisions(run: number): Promise<RecordedRevision[]> {
    return this.onItsOwn((s) => readRevisions(s, run));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.parts.close();
  }

  /** One piece of work outside a rewrite (the run log's), on a connection of its own. */
  private async onItsOwn<T>(work: (session: SqlSession) => Promise<T>): Promise<T> {
    const session = await this.parts.connect();
    try {
      return await work(session);
    } finally {
      await session.release();
    }
  }
}
