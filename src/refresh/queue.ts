// One operation on the workbook's Sales Data tables at a time: the turns (src/core/schedule/turns.ts) Get data, Refresh and
// Refresh all share.
import { Turns } from "../core/schedule/turns";
/**
 * The pane's Get data and Refresh, Refresh all (pane and ribbon) and the on-open refresh all run in the shared
 * runtime's one instance of this module; each reads a table (or the saved records) and writes it back over
 * several syncs, so two at once could write a table twice. Only the exported entry points of src/refresh
 * queue; what they call inside is unqueued (no deadlock when Refresh all refreshes each table). The saved
 * records have their own queue (updateManagedTables).
 */
const workbookWrites = new Turns();

export function serialized<T>(op: () => Promise<T>): Promise<T> {
  return workbookWrites.run(op);
}
