// PostgreSQL behind the sync's engine interface: a team's server, one rewrite per table at a time across every
// process (an advisory lock on the table's name, held from before BEGIN until COMMIT has been confirmed).
import pg, { type PoolClient } from "pg";
import {
  DEFAULT_LOCK_WAIT_MS,
  type LockOptions,
  type SyncEngine,
  type SyncRun,
  type SyncTableSpec,
  type WindowWriter,
} from "../engine";
import { SyncError, SyncLockedError } from "../errors";
import { checkSpec, quoteName, shownName } from "../names";
import { insertRun, listSynced, logTablesSql, periodsOf, readRevisions, readRuns } from "../runLog";
import { ensureTable, type Dialect } from "../tables";
import { columnNames, type TableLayout } from "../tableShape";
import { TransactionWriter } from "../writer";
import { loadWithCopy, PG_TYPES, pgSession, streamPg } from "./session";

const POSTGRES: Dialect = {
  name: "PostgreSQL",
  types: { date: "DATE", text: "TEXT", bigint: "BIGINT", double: "DOUBLE PRECISION" },
  schemaTypes: { date: "date", text: "text", bigint: "bigint", double: "double precision" },
  foldsCase: false,
  epochMs: (column) => `(extract(epoch FROM ${column}) * 1000)::BIGINT`,
  // NAMEDATALEN - 1: PostgreSQL cuts longer names without an error.
  maxNameBytes: 63,
  temporary: (name) => `pg_temp.${quoteName(name)}`,
  overriding: "OVERRIDING SYSTEM VALUE",
};

/** The advisory lock's key for a table: one sync per table at a time, whichever process runs it. */
const lockKey = (table: string) => `sales-data sync: ${table}`;
const LOCK_ID = "hashtextextended($1, 0)";
const LOCK_NOT_AVAILABLE = "55P03";

/** A PostgreSQL failure in words: what could not be reached or was refused, never a password. */
function postgresProblem(error: unknown, label: string): SyncError {
  const e = error as { code?: string; message?: string };
  const said = e?.message ?? String(error);
  if (e?.code === "ECONNREFUSED")
    return new SyncError(
      `Cannot reach ${label} (connection refused): check that the server runs and the database address.`,
    );
  if (e?.code === "ENOTFOUND") return new SyncError(`Cannot reach ${label}: its host name is not known.`);
  if (e?.code === "28P01" || e?.code === "28000")
    return new SyncError(
      `${label} refused the login (${said}). Check the user, and the password in PGPASSWORD or ~/.pgpass.`,
    );
  if (e?.code === "3D000") return new SyncError(`${label} does not exist (${said}).`);
  return error instanceof SyncError ? error : new SyncError(`${label}: ${said}`);
}

class PostgresEngine implements SyncEngine {
  readonly kind = "postgres";
  readonly maxNameBytes = POSTGRES.maxNameBytes;
  readonly foldsCase = POSTGRES.foldsCase;

  constructor(
    private readonly pool: pg.Pool,
    readonly label: string,
  ) {}

  async begin(spec: SyncTableSpec, options: LockOptions = {}): Promise<WindowWriter> {
    checkSpec(spec, this.maxNameBytes);
    const client = await this.pool.connect().catch((e: unknown) => Promise.reject(postgresProblem(e, this.label)));
    let locked = false;
    try {
      await this.lock(client, spec.table, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
      locked = true;
      await client.query("BEGIN");
      const shape = await ensureTable(pgSession(client), POSTGRES, spec, this.label);
      return this.writer(spec, client, shape);
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      await this.release(client, spec.table, locked);
      throw error instanceof SyncError ? error : postgresProblem(error, this.label);
    }
  }

  /** Takes the table's session-level advisory lock, waiting up to `waitMs` for another sync to finish with it. */
  private async lock(client: PoolClient, table: string, waitMs: number): Promise<void> {
    const busy = () =>
      new SyncLockedError(
        `Another sync is writing the table ${shownName(table)} in ${this.label}; this one ` +
          `${waitMs > 0 ? `waited ${Math.round(waitMs / 1000)} s and ` : ""}stopped. Nothing was changed.`,
      );
    if (waitMs <= 0) {
      const { rows } = await client.query(`SELECT pg_try_advisory_lock(${LOCK_ID}) AS ok`, [lockKey(table)]);
      if (!rows[0].ok) throw busy();
      return;
    }
    await client.query(`SET lock_timeout = ${Math.ceil(waitMs)}`);
    try {
      await client.query(`SELECT pg_advisory_lock(${LOCK_ID})`, [lockKey(table)]);
    } catch (error) {
      throw (error as { code?: string }).code === LOCK_NOT_AVAILABLE ? busy() : error;
    } finally {
      await client.query("RESET lock_timeout");
    }
  }

  /** Lets the lock go and returns the connection; a connection that cannot unlock is closed (which unlocks). */
  private async release(client: PoolClient, table: string, locked: boolean): Promise<void> {
    try {
      if (locked) await client.query(`SELECT pg_advisory_unlock(${LOCK_ID})`, [lockKey(table)]);
      client.release();
    } catch (error) {
      client.release(error instanceof Error ? error : true);
    }
  }

  private writer(spec: SyncTableSpec, client: PoolClient, shape: TableLayout): WindowWriter {
    return new TransactionWriter(
      spec,
      {
        session: pgSession(client),
        dialect: POSTGRES,
        where: this.label,
        stream: (sql, params, size) => streamPg(client, sql, params, size),
        bulkLoad: (s, chunks, temporary) => loadWithCopy(client, s, chunks, temporary),
        end: async (commit) => void (await client.query(commit ? "COMMIT" : "ROLLBACK")),
        release: () => this.release(client, spec.table, true),
      },
      shape,
    );
  }

  private async withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch((e: unknown) => Promise.reject(postgresProblem(e, this.label)));
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  recordRun(run: SyncRun): Promise<number> {
    return this.withClient((c) => insertRun(pgSession(c), run));
  }

  storedPeriods(table: string) {
    return this.withClient((c) => periodsOf(pgSession(c), POSTGRES, table));
  }

  storedColumns(table: string) {
    return this.withClient((c) => columnNames(pgSession(c), POSTGRES, table));
  }

  list() {
    return this.withClient((c) => listSynced(pgSession(c), POSTGRES));
  }

  runs(options?: { table?: string; limit?: number }) {
    return this.withClient((c) => readRuns(pgSession(c), POSTGRES, options));
  }

  revisions(run: number) {
    return this.withClient((c) => readRevisions(pgSession(c), run));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Connects to the server at `url` and creates the log tables when missing; `label` names it in messages. Loaded
 * only when an address needs it, by openDatabase's require (src/sync/database.ts), which knip does not follow.
 * @public
 */
export async function openPostgres(url: string, label: string): Promise<SyncEngine> {
  const pool = new pg.Pool({ connectionString: url, types: PG_TYPES, max: 4 });
  // An idle connection the server drops must not crash the process: the next query reports it.
  pool.on("error", () => undefined);
  const engine = new PostgresEngine(pool, label);
  try {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      // Two syncs starting at once would otherwise race to create the same tables.
      await client.query(`SELECT pg_advisory_xact_lock(${LOCK_ID})`, ["sales-data sync: setup"]);
      for (const sql of logTablesSql(POSTGRES, "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"))
        await client.query(sql);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw postgresProblem(error, label);
  }
  return engine;
}
