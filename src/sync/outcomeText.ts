// Words of a table's outcome that more than one path says: the user's columns a sync kept, a failure's reason, and a
// failure's message, which says once that nothing was changed.
import { errorText } from "../core/errorText";
import { andList } from "../core/words";
import { shownName } from "./names";

/** "; kept your columns "category" and "note"" after a sync's summary, or nothing when the table has none. */
export function keptColumnsText(columns: readonly string[]): string {
  if (columns.length === 0) return "";
  return `; kept your column${columns.length > 1 ? "s" : ""} ${andList(columns.map(shownName))}`;
}

/** A failure in words for the run log and the operator. */
export function failureReason(error: unknown): string {
  return errorText(error, { other: (message) => message });
}

/** A reason that already says what became of the table (the sync's own messages do). */
const SAYS_THE_TABLE = /nothing was changed|the table is as it was|after commit/i;

/** A failed table's message: its reason, then that nothing was changed unless the reason has said so. */
export function failedMessage(table: string, reason: string): string {
  return `Failed ${shownName(table)}: ${reason}${SAYS_THE_TABLE.test(reason) ? "" : " Nothing was changed."}`;
}
