// src/sync owns the sync's database side: each engine (DuckDB, PostgreSQL) an adapter behind one interface
// (engine.ts), typed tables, window rewrites in one transaction, the run log. It may import src/core and src/api only.
export { DEFAULT_DATABASE, openDatabase, parseDatabase, type DatabaseTarget } from "./database";
export {
  DEFAULT_LOCK_WAIT_MS,
  type LockOptions,
  type RecordedRevision,
  type RecordedRun,
  type SyncCell,
  type SyncColumn,
  type SyncColumnType,
  type SyncEngine,
  type SyncedTable,
  type SyncOutcome,
  type SyncRevision,
  type SyncRow,
  type SyncRowChunks,
  type SyncRun,
  type SyncTableSpec,
  type WindowWriter,
} from "./engine";
export { SyncError, SyncLockedError } from "./errors";
export { fitName, quoteName, REVISIONS_TABLE, RUNS_TABLE } from "./names";
export { REWRITE_STAGES, rewriteWindow, type RewriteResult, type RewriteStage, type WindowRewrite } from "./rewrite";
