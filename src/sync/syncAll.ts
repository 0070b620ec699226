// A sync file's queries side by side: every read through one request pool (src/api/pool.ts), each table written
// in its own transaction and one table at a time (design note 10: read side by side, write one at a time), in the
// writer's turn Refresh all uses (src/core/turns.ts oneAtATime). Not readThenWrite itself: a first sync
// writes its table while it is still reading it, chunk by chunk, where readThenWrite writes whole answers.
import type { SalesClient } from "../api/client";
import { RequestPool } from "../api/pool";
import { oneAtATime } from "../core/turns";
import type { IsoDate } from "../core/dates";
import type { SyncEngine } from "./engine";
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

/** Syncs every entry; the results in the entries' order (a failure is a result, never thrown). */
export async function syncAll(entries: readonly SyncEntry[], o: SyncAllOptions): Promise<TableSyncResult[]> {
  const pool = new RequestPool();
  const turn = oneAtATime();
  const reader = { client: o.client, pool };
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
      }),
    ),
  );
}

/** The exit code of a run: 1 when a table failed, else 2 when one was held, else 0. */
export function exitCodeOf(results: readonly Pick<TableSyncResult, "outcome">[]): 0 | 1 | 2 {
  if (results.some((r) => r.outcome === "failed")) return 1;
  return results.some((r) => r.outcome === "held") ? 2 : 0;
}
