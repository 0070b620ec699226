// One operation on the workbook's Sales Data tables at a time: the queue Get data, Refresh and Refresh all share.
/**
 * The pane's Get data and Refresh, Refresh all (pane and ribbon) and the on-open refresh all run in the shared
 * runtime's one instance of this module; each reads a table (or the saved records) and writes it back over
 * several syncs, so two at once could write a table twice. Only the exported entry points of src/refresh
 * queue; what they call inside is unqueued (no deadlock when Refresh all refreshes each table). The saved
 * records have their own queue (updateManagedTables).
 */
let queueTail: Promise<unknown> = Promise.resolve();

export function serialized<T>(op: () => Promise<T>): Promise<T> {
  const result = queueTail.then(op, op);
  queueTail = result.catch(() => undefined);
  return result;
}
