// src/sync owns the sync's database side: one interface (engine.ts) written once by a base (engineBase.ts: the
// transaction, the run log) over each engine's folder of the same parts (duckdb/, postgres/), typed tables, window
// rewrites in one transaction, the run log. It may import src/core and src/api only.
// The sales-data command (src/cli) takes what it needs from here; tests also reach the modules themselves.
export { DEFAULT_DATABASE, openDatabase, type DatabaseTarget } from "./database";
export {
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
export { SyncError } from "./errors";
export { exitCodeOf, syncAll } from "./syncAll";
export { parseQueryOption, parseSyncFile, type SyncFile, type ServicePaths } from "./syncFile";
export type { SyncProgress, TableSyncResult } from "./syncTable";
export type { RewriteResult, RewriteStage, WindowRewrite } from "./rewrite";
