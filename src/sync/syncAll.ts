// A sync file's queries, one table at a time (in the turn Refresh all's writes take, src/core/schedule/turns.ts oneAtATime):
// each table read and written in its own transaction while the others wait holding nothing, so a sync's memory is
// one table's chunks however many tables the file has (docs/architecture.md, Decision 10). Every request goes through
// one pool (src/api/pool.ts: a table's chunks and retailers read side by side, a 429 slows the whole run).
import type { SalesClient } from "../api/client";
import { RequestPool } from "../api/pool";
import { oneAtATime } from "../core/schedule/turns";
import type { IsoDate } from "../core/dates";
import type { SyncEngine } from "./engine";
import { SURFACE_WORDS } from "../api/surfaceWords";
import { SyncError } from "./errors";
import type { SyncEntry } from "./syncFile";
import { syncTable, type SyncProgress, type TableSyncResult } from "./syncTable";

export interface SyncAllOptions {
  engine: SyncEngine;
  client: SalesClient;
  today: IsoDate;
  anyway?: boolean;
  lockWaitMs?: number;
  onProgress?: (p: SyncProgress) => void;
}

/**
 * The key, checked with the service's connection test before any table, whether or not a table has anything due:
 * a scheduler learns of a revoked key on the day it is revoked (every table fails, exit 1).
 */
async function keyAccepted(client: SalesClient): Promise<void> {
  if (!(await client.testConnection()))
    throw new SyncError(
      `The service's connection test did not accept the API key. ${SURFACE_WORDS.command.checkKey} Nothing was changed.`,
    );
}

/** Syncs every entry; the results in the entries' order (a failure is a result, never thrown). */
export async function syncAll(entries: readonly SyncEntry[], o: SyncAllOptions): Promise<TableSyncResult[]> {
  const pool = new RequestPool();
  const turn = oneAtATime();
  const reader = { client: o.client, pool };
  const keyChecked = keyAccepted(o.client);
  keyChecked.catch(() => undefined); // each table's sync reports it
  return Promise.all(
    entries.map((entry) =>
      syncTable(entry, {
        engine: o.engine,
        reader,
        today: o.today,
        anyway: o.anyway,
        lockWaitMs: o.lockWaitMs,
        onProgress: o.onProgress,
        turn,
        keyChecked,
      }),
    ),
  );
}

/** The exit code of a run: 1 when a table failed, else 2 when one was held, else 0. */
export function exitCodeOf(results: readonly Pick<TableSyncResult, "outcome">[]): 0 | 1 | 2 {
  if (results.some((r) => r.outcome === "failed")) return 1;
  return results.some((r) => r.outcome === "held") ? 2 : 0;
}
