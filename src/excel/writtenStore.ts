// Where the record of what the add-in wrote into a table's recent periods lives (src/core/refresh/writtenKeys.ts
// decides what it holds): a workbook setting of its own per table, keyed by Table.id, beside the saved query
// (queryStore.ts). Its own setting because a refresh writes it in the same sync as the rows (replaceTail's commit:
// one action, no read of the saved queries first), and because it is bigger than a query and read only by refresh.
import { parseWrittenKeys, type WrittenKeys } from "../core/refresh/writtenKeys";

const PREFIX = "SalesData.written.";

/** The setting of a table's record (Table.id, which Excel keeps across renames). */
export const writtenSetting = (tableId: string): string => PREFIX + tableId;

/**
 * Queues the load of a table's record on the caller's next sync; returns it after that sync (null: none, or one
 * that cannot be read: every stored row then counts as the add-in's).
 */
export function queueWrittenRead(context: Excel.RequestContext, tableId: string): () => WrittenKeys | null {
  const setting = context.workbook.settings.getItemOrNullObject(writtenSetting(tableId));
  setting.load("value");
  // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/call-sync-after-load -- called after the caller's sync
  return () => (setting.isNullObject ? null : parseWrittenKeys(setting.value));
}

/** Queues the write of a table's record (one action: it rides in the commit with the rows). */
function queueWrittenSave(context: Excel.RequestContext, tableId: string, record: WrittenKeys): void {
  context.workbook.settings.add(writtenSetting(tableId), JSON.stringify(record));
}

/** The record's write as an action to queue in a table's commit (replaceTail's `withRows`). */
export const recordWithRows =
  (tableId: string, record: WrittenKeys) =>
  (context: Excel.RequestContext): void =>
    queueWrittenSave(context, tableId, record);
