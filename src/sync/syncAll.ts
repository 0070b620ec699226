// A sync file's queries side by side: every read through one request pool (src/api/pool.ts), each table written
// in its own transaction and one table at a time (design note 10: read side by side, write one at a time).
// The one place to swap for the shared "reads through one pool, then a serialized writer" helper (issue 24).
import type { SalesClient } from "../api/client";
import { RequestPool } from "../api/pool";
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

/** Runs `write`s one at a time, in the order they ask. */
function serialWriter(): <T>(write: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (write) => {
    const mine = last.then(write, write);
    last = mine.catch(() => undefined);
    return mine;
  };
}

/** Syncs every entry; the results in the entries' order (a failure is a result, never thrown). */
export async function syncAll(entries: readonly SyncEntry[], o: SyncAllOptions): Promise<TableSyncResult[]> {
  const pool = new RequestPool();
  const turn = serialWriter();
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
