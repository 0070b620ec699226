// Words of a table's outcome that more than one path says: the user's columns a sync kept, a failure's reason (a
// service that kept answering 429 said as the operator meets it), and a failure's message, which says once that
// nothing was changed.
import { isSalesApiError } from "../api/errors";
import { POOL_MAX_WAIT_MS, RATE_LIMIT_RETRIES } from "../api/pool";
import { errorText } from "../core/errorText";
import { andList } from "../core/words";
import { shownName } from "./sqlNames";

/** "; kept your columns "category" and "note"" after a sync's summary, or nothing when the table has none. */
export function keptColumnsText(columns: readonly string[]): string {
  if (columns.length === 0) return "";
  return `; kept your column${columns.length > 1 ? "s" : ""} ${andList(columns.map(shownName))}`;
}

/**
 * A failure in words for the run log and the operator. A 429 the request pool sent again until its tries ran out
 * is said as such; one asking for a wait longer than a run waits keeps the client's words (the time to come back).
 */
export function failureReason(error: unknown): string {
  if (
    isSalesApiError(error) &&
    error.kind === "rate-limit" &&
    (error.retryAfter === undefined || error.retryAfter * 1000 <= POOL_MAX_WAIT_MS)
  )
    return (
      `The service kept answering 429 (too many requests): the sync sent the request ${RATE_LIMIT_RETRIES + 1} ` +
      "times, slowing down and waiting between tries, then stopped. Run the sync again later, or schedule it at a quieter hour."
    );
  return errorText(error, { other: (message) => message });
}

/** A reason that already says what became of the table (the sync's own messages do). */
const SAYS_THE_TABLE = /nothing was changed|the table is as it was|after commit/i;

/** A failed table's message: its reason, then that nothing was changed unless the reason has said so. */
export function failedMessage(table: string, reason: string): string {
  return `Failed ${shownName(table)}: ${reason}${SAYS_THE_TABLE.test(reason) ? "" : " Nothing was changed."}`;
}
