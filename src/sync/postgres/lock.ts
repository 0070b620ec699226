// PostgreSQL's table lock: one rewrite per table at a time across every process, a session-level advisory lock on
// the table's name, taken on the rewrite's own connection before BEGIN and let go after COMMIT has been confirmed.
import type { TableLock } from "../engineBase";
import { SyncLockedError } from "../errors";
import { shownName } from "../sqlNames";

/** The advisory lock's key for a table: one sync per table at a time, whichever process runs it. */
const lockKey = (table: string) => `sales-data sync: ${table}`;
const LOCK_ID = "hashtextextended($1, 0)";
const LOCK_NOT_AVAILABLE = "55P03";

/** The lock of the tables of the database `label` names: waits up to the wait given for another sync to finish. */
export function postgresLock(label: string): TableLock {
  return async (session, table, waitMs) => {
    const busy = () =>
      new SyncLockedError(
        `Another sync is writing the table ${shownName(table)} in ${label}; this one ` +
          `${waitMs > 0 ? `waited ${Math.round(waitMs / 1000)} s and ` : ""}stopped. Nothing was changed.`,
      );
    const unlock = async () => void (await session.all(`SELECT pg_advisory_unlock(${LOCK_ID})`, [lockKey(table)]));
    if (waitMs <= 0) {
      const [{ ok }] = await session.all(`SELECT pg_try_advisory_lock(${LOCK_ID}) AS ok`, [lockKey(table)]);
      if (!ok) throw busy();
      return unlock;
    }
    await session.exec(`SET lock_timeout = ${Math.ceil(waitMs)}`);
    try {
      await session.all(`SELECT pg_advisory_lock(${LOCK_ID})`, [lockKey(table)]);
    } catch (error) {
      throw (error as { code?: string }).code === LOCK_NOT_AVAILABLE ? busy() : error;
    } finally {
      await session.exec("RESET lock_timeout");
    }
    return unlock;
  };
}
