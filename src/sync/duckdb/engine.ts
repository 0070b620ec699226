// DuckDB behind the sync's engine interface: an embedded file (the default, nothing to install), opened once per
// process, one writing process at a time (its file lock), one rewrite per table at a time inside the process.
import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import {
  DEFAULT_LOCK_WAIT_MS,
  type LockOptions,
  type SyncEngine,
  type SyncRun,
  type SyncTableSpec,
  type WindowWriter,
} from "../engine";
import { SyncLockedError } from "../errors";
import { Turns } from "../../core/turns";
import { checkSpec, shownName } from "../names";
import { insertRun, listSynced, periodsOf, readRevisions, readRuns } from "../runLog";
import { ensureTable } from "../tables";
import { columnNames, type TableLayout } from "../tableShape";
import { TransactionWriter } from "../writer";
import { DUCKDB } from "./dialect";
import { letGoDuckDbFile, useDuckDbFile } from "./files";
import { duckDbSession, loadWithAppender, streamDuckDb } from "./session";

/** Tables being rewritten in this process, by file and name (DuckDB matches names whatever their case). */
const rewrites = new Turns();

class DuckDbEngine implements SyncEngine {
  readonly kind = "duckdb";
  readonly label: string;
  readonly maxNameBytes = DUCKDB.maxNameBytes;
  readonly foldsCase = DUCKDB.foldsCase;
  private closed = false;

  constructor(
    private readonly path: string,
    private readonly instance: DuckDBInstance,
    private readonly main: DuckDBConnection,
  ) {
    this.label = `the DuckDB file ${path}`;
  }

  async begin(spec: SyncTableSpec, options: LockOptions = {}): Promise<WindowWriter> {
    checkSpec(spec, this.maxNameBytes);
    const busy = () =>
      new SyncLockedError(
        `Another sync in this process is writing the table ${shownName(spec.table)} in ${this.label}; ` +
          "this one waited and stopped. Nothing was changed.",
      );
    const release = await rewrites.take(`${this.path}\u0000${spec.table.toLowerCase()}`, {
      ms: options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
      busy,
    });
    let connection: DuckDBConnection | undefined;
    try {
      connection = await this.instance.connect();
      const session = duckDbSession(connection);
      await connection.run("BEGIN");
      const shape = await ensureTable(session, DUCKDB, spec, this.label);
      return this.writer(spec, connection, release, shape);
    } catch (error) {
      if (connection) await connection.run("ROLLBACK").catch(() => undefined);
      connection?.closeSync();
      release();
      throw error;
    }
  }

  private writer(
    spec: SyncTableSpec,
    connection: DuckDBConnection,
    release: () => void,
    shape: TableLayout,
  ): WindowWriter {
    return new TransactionWriter(
      spec,
      {
        session: duckDbSession(connection),
        dialect: DUCKDB,
        where: this.label,
        stream: (sql, params, size) => streamDuckDb(connection, sql, params, size),
        bulkLoad: (s, chunks, temporary) => loadWithAppender(connection, s, chunks, temporary),
        end: async (commit) => void (await connection.run(commit ? "COMMIT" : "ROLLBACK")),
        release: async () => {
          connection.closeSync();
          release();
        },
      },
      shape,
    );
  }

  recordRun(run: SyncRun): Promise<number> {
    return insertRun(duckDbSession(this.main), run);
  }

  storedPeriods(table: string) {
    return periodsOf(duckDbSession(this.main), DUCKDB, table);
  }

  storedColumns(table: string) {
    return columnNames(duckDbSession(this.main), DUCKDB, table);
  }

  list() {
    return listSynced(duckDbSession(this.main), DUCKDB);
  }

  runs(options?: { table?: string; limit?: number }) {
    return readRuns(duckDbSession(this.main), DUCKDB, options);
  }

  revisions(run: number) {
    return readRevisions(duckDbSession(this.main), run);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.main.closeSync();
    await letGoDuckDbFile(this.path);
  }
}

/**
 * Opens (or creates) the DuckDB file at an absolute path; SyncLockedError when another process holds it. Loaded
 * only when an address needs it, by openDatabase's require (src/sync/database.ts), which knip does not follow.
 * @public
 */
export async function openDuckDb(path: string): Promise<SyncEngine> {
  const instance = await useDuckDbFile(path);
  try {
    return new DuckDbEngine(path, instance, await instance.connect());
  } catch (error) {
    await letGoDuckDbFile(path);
    throw error;
  }
}
