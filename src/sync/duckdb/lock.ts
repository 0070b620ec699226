// DuckDB's table lock: one rewrite per table at a time inside the process (a DuckDB file takes one writing process
// at a time, its file lock: connect.ts), taken in turns by file and table name (DuckDB matches names whatever their
// case).
import { Turns } from "../../core/schedule/turns";
import type { TableLock } from "../engineBase";
import { SyncLockedError } from "../errors";
import { shownName } from "../sqlNames";

/** Tables being rewritten in this process, by file and name. */
const rewrites = new Turns();

/** The lock of the tables of the DuckDB file at `path` (absolute); `label` names it in messages. */
export function duckDbLock(path: string, label: string): TableLock {
  return async (_session, table, waitMs) => {
    const busy = () =>
      new SyncLockedError(
        `Another sync in this process is writing the table ${shownName(table)} in ${label}; ` +
          "this one waited and stopped. Nothing was changed.",
      );
    const end = await rewrites.take(`${path}\u0000${table.toLowerCase()}`, { ms: waitMs, busy });
    return async () => end();
  };
}
