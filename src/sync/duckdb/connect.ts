// DuckDB's connect: an embedded file (the default, nothing to install), opened once per process
// (DuckDBInstance.fromCache: two instances on one file do not see each other's writes), shared by every engine on it
// and closed when the last lets go, which releases DuckDB's file lock: one writing process at a time. Another process
// holding that lock is told in words, naming the file and the process. The engine is the base over this folder's
// parts; each rewrite and each read of the run log has a connection of its own.
import { availableParallelism } from "node:os";
import { DuckDBInstance } from "@duckdb/node-api";
import type { SyncEngine } from "../engine";
import { SqlEngine } from "../engineBase";
import { SyncError, SyncLockedError } from "../errors";
import { ensureLogTables } from "../runLog";
import { DUCKDB } from "./dialect";
import { duckDbLock } from "./lock";
import { duckDbSession } from "./session";

interface OpenFile {
  instance: Promise<DuckDBInstance>;
  users: number;
}

const files = new Map<string, OpenFile>();

/**
 * How the sync opens a DuckDB file: settings of memory only, none of what is stored or refused. DuckDB keeps the
 * row groups of a large insert in memory up to write_buffer_row_group_memory_limit (by default a fifth of its
 * memory_limit over its threads) before writing them out together, and returns what its allocator holds after a task
 * only past allocator_flush_threshold (128 MB): 4 MB each. Its buffer pool keeps every block the transaction wrote
 * until memory_limit (by default 80% of the machine's memory), so a sync's peak grew with its rows: memory_limit is
 * 32 MB a thread, at least 128 MB, and operators past it spill to the file's temporary folder (docs/sync.md, "What
 * memory a sync needs"). The sync's tables declare no key, so no index of theirs must fit in memory.
 */
const DUCKDB_SETTINGS: Readonly<Record<string, string>> = {
  write_buffer_row_group_memory_limit: "4MB",
  allocator_flush_threshold: "4MB",
  memory_limit: `${Math.max(128, 32 * availableParallelism())}MB`,
};

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
    instance = await DuckDBInstance.fromCache(path, { ...DUCKDB_SETTINGS });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/Could not set lock on file/i.test(message)) throw new SyncLockedError(duckDbLockMessage(path, message));
    throw new SyncError(`The DuckDB file ${path} could not be opened: ${message}`);
  }
  // The log tables, once per open file (two connections creating them at once would conflict).
  const session = duckDbSession(await instance.connect());
  try {
    await ensureLogTables(session, DUCKDB);
  } finally {
    await session.release();
  }
  return instance;
}

/** The process's one instance of the file at `path` (absolute), opened on first use. */
async function useDuckDbFile(path: string): Promise<DuckDBInstance> {
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
async function letGoDuckDbFile(path: string): Promise<void> {
  const file = files.get(path);
  if (!file || --file.users > 0) return;
  files.delete(path);
  (await file.instance).closeSync();
}

/**
 * The process's one instance of each file, taken and let go: how the tests and the bench read a file beside a sync,
 * as a second connection (dev/sync-engines.ts, test/sync/engines.test.ts), and how the bench's floor opens its file
 * on the sync's terms (dev/bench/syncFloor.ts).
 * A seam: DuckDB lets one process hold a file, so a test reading what a sync wrote must share its instance.
 * @public
 */
export const sharedDuckDbFiles = { use: useDuckDbFile, letGo: letGoDuckDbFile };

/**
 * Opens (or creates) the DuckDB file at an absolute path; SyncLockedError when another process holds it. Loaded
 * only when an address needs it, by openDatabase's require (src/sync/database.ts): an entry in knip.jsonc.
 */
export async function openDuckDb(path: string): Promise<SyncEngine> {
  const instance = await useDuckDbFile(path);
  const label = `the DuckDB file ${path}`;
  return new SqlEngine({
    kind: "duckdb",
    label,
    dialect: DUCKDB,
    connect: async () => duckDbSession(await instance.connect()),
    lock: duckDbLock(path, label),
    problem: (error) => error,
    close: () => letGoDuckDbFile(path),
  });
}
