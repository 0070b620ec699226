// A DuckDB file opened once per process (DuckDBInstance.fromCache: two instances on one file do not see each other's
// writes), shared by every engine on it and closed when the last lets go, which releases DuckDB's file lock. Another
// process holding that lock is told in words, naming the file and the process.
import { DuckDBInstance } from "@duckdb/node-api";
import { SyncError, SyncLockedError } from "../errors";
import { logTablesSql } from "../runLog";
import { DUCKDB } from "./dialect";

interface OpenFile {
  instance: Promise<DuckDBInstance>;
  users: number;
}

const files = new Map<string, OpenFile>();

/** The file's lock is held by another process: what DuckDB says, in words a scheduler's log can act on. */
function duckDbLockMessage(path: string, engineMessage: string): string {
  const pid = /PID (\d+)/.exec(engineMessage)?.[1];
  return (
    `The DuckDB file ${path} is open in another process${pid ? ` (PID ${pid})` : ""}: another sync, or a program ` +
    "that holds it open. A DuckDB file takes one writing process at a time, so this sync did not start and nothing " +
    "was changed. Run it again when that process has finished."
  );
}

async function openInstance(path: string): Promise<DuckDBInstance> {
  let instance: DuckDBInstance;
  try {
    instance = await DuckDBInstance.fromCache(path);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/Could not set lock on file/i.test(message)) throw new SyncLockedError(duckDbLockMessage(path, message));
    throw new SyncError(`The DuckDB file ${path} could not be opened: ${message}`);
  }
  // The log tables, once per open file (two connections creating them at once would conflict).
  const connection = await instance.connect();
  try {
    await connection.run("BEGIN");
    await connection.run("CREATE SEQUENCE IF NOT EXISTS sales_sync_run_ids START 1");
    for (const sql of logTablesSql(DUCKDB, "BIGINT PRIMARY KEY DEFAULT nextval('sales_sync_run_ids')"))
      await connection.run(sql);
    await connection.run("COMMIT");
  } finally {
    connection.closeSync();
  }
  return instance;
}

/** The process's one instance of the file at `path` (absolute), opened on first use. */
export async function useDuckDbFile(path: string): Promise<DuckDBInstance> {
  let file = files.get(path);
  if (!file) {
    file = { instance: openInstance(path), users: 0 };
    files.set(path, file);
    file.instance.catch(() => files.delete(path));
  }
  file.users++;
  try {
    return await file.instance;
  } catch (error) {
    file.users--;
    throw error;
  }
}

/** Lets go of the file; the last user closes it (its connections must be closed first). */
export async function letGoDuckDbFile(path: string): Promise<void> {
  const file = files.get(path);
  if (!file || --file.users > 0) return;
  files.delete(path);
  (await file.instance).closeSync();
}
