// The sync's failures in words for the person at the terminal (or the scheduler's log): what happened, what to do.
import { UserError } from "../core/errorText";

/** A failure of the sync whose message is already user text (never the API key, never a database password). */
export class SyncError extends UserError {
  override name = "SyncError";
}

/** Another sync holds the table (or the DuckDB file): nothing was changed. */
export class SyncLockedError extends SyncError {
  override name = "SyncLockedError";
}
