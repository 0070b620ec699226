// PostgreSQL's connect: a team's server, reached through a pool of a few connections (each rewrite and each read of
// the run log takes one of its own); the log tables created when missing; a failure to reach the server, log in or
// find the database said in words, never with a password. The engine is the base over this folder's parts.
import pg from "pg";
import type { SyncEngine } from "../engine";
import { SqlEngine } from "../engineBase";
import { SyncError } from "../errors";
import { ensureLogTables } from "../runLog";
import { POSTGRES } from "./dialect";
import { postgresLock } from "./lock";
import { PG_TYPES, pgSession } from "./session";

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

/**
 * Connects to the server at `url` and creates the log tables when missing; `label` names it in messages. Loaded
 * only when an address needs it, by openDatabase's require (src/sync/database.ts): an entry in knip.jsonc.
 */
export async function openPostgres(url: string, label: string): Promise<SyncEngine> {
  const pool = new pg.Pool({ connectionString: url, types: PG_TYPES, max: 4 });
  // An idle connection the server drops must not crash the process: the next query reports it.
  pool.on("error", () => undefined);
  const connect = async () =>
    pgSession(await pool.connect().catch((e: unknown) => Promise.reject(postgresProblem(e, label))));
  try {
    const session = await connect();
    try {
      await ensureLogTables(session, POSTGRES);
    } finally {
      await session.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw postgresProblem(error, label);
  }
  return new SqlEngine({
    kind: "postgres",
    label,
    dialect: POSTGRES,
    connect,
    lock: postgresLock(label),
    problem: (error) => postgresProblem(error, label),
    close: () => pool.end(),
  });
}
