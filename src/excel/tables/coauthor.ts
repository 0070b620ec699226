// Two people refreshing one workbook (co-authoring in Excel on the web): another session's syncs, or a person
// typing, can land between any two syncs of a replacement. Its commit therefore opens with a guard: calls Excel
// refuses unless the table is exactly where, as long and as wide as it was read, each column (by TableColumn.id)
// where it was. Excel runs a batch's actions in order and stops at the first that fails, so when the table
// changed since it was read the commit stops at the guard, before any write, and the refresh is refused in words.
// What keeps the shape (a note typed in a user cell) is handled after the commit: see userCells.ts,
// queueUserRecheck, and repairUserCells below.
import { WorkbookError } from "../errors";
import { MAX_COLUMNS, MAX_ROWS } from "../excelRun";
import type { OpenTable } from "./openTable";
import type { UserWriteBlock } from "./userCells";

/**
 * The refusal of a table that changed between a refresh's read and its write (replaceTail's `expect`, the
 * commit's guard): whoever changed it, the refresh cannot tell the rows it compared from others.
 */
export const tableChangedText = (tableName: string): string =>
  `The table "${tableName}" was changed or refreshed while this refresh ran (by you, or by someone else with the ` +
  "workbook open). Nothing was written; refresh again.";

/**
 * Queues a check that `cell` is at (row, col): one offset lands on the grid's last cell and one on A1 when it
 * is; when it is below or right of it the first is forced off the grid, above or left the second, and Excel
 * throws on a range forced outside the grid (Range.getOffsetRange). Loads make the calls run where queued.
 */
function queueAt(cell: Excel.Range, row: number, col: number): void {
  cell.getOffsetRange(MAX_ROWS - 1 - row, MAX_COLUMNS - 1 - col).load("rowIndex");
  cell.getOffsetRange(-row, -col).load("rowIndex");
}

/**
 * Queues the guard (first in the commit's batch): the table's last body cell where it was (rows and width as
 * read) and each column's first body cell where it was (same top, same columns in the same order). `rows`: the
 * body rows expected (default: as read).
 */
export function queueTableGuard(open: OpenTable, rows = open.count): void {
  const { table, bodyTop, left, columns, columnRefs } = open;
  queueAt(table.getDataBodyRange().getLastRow().getLastColumn(), bodyTop + rows - 1, left + columns - 1);
  columnRefs.forEach((c, k) =>
    queueAt(table.columns.getItem(c.id).getDataBodyRange().getCell(0, 0), bodyTop, left + k),
  );
}

/**
 * A failure of the guard's calls: Excel names the call in debugInfo.errorLocation ("Range.getOffsetRange"); the
 * reference leaves the code of an offset off the grid open (the host: InvalidArgument), a column gone is
 * ItemNotFound.
 */
function fromGuard(err: unknown): boolean {
  const e = err as { code?: unknown; debugInfo?: { errorLocation?: unknown } } | null;
  const where = String(e?.debugInfo?.errorLocation ?? "");
  return (
    /getOffsetRange|columns?\.getItem|TableColumnCollection/.test(where) ||
    ["InvalidArgument", "ItemNotFound"].includes(String(e?.code))
  );
}

/** Whether the table differs now from `open` (as read), in one sync; true when it is gone. */
async function changedSince(context: Excel.RequestContext, open: OpenTable): Promise<boolean> {
  try {
    const body = open.table.getDataBodyRange().load("rowIndex,columnIndex,rowCount,columnCount");
    const cols = open.table.columns.load("items/id");
    await context.sync();
    const ids = cols.items.map((c) => c.id);
    return (
      body.rowIndex !== open.bodyTop ||
      body.columnIndex !== open.left ||
      body.rowCount !== open.count ||
      body.columnCount !== open.columns ||
      ids.some((id, k) => id !== open.columnRefs[k]?.id)
    );
  } catch {
    return true; // deleted (or its sheet) meanwhile
  }
}

/**
 * After a step of the replacement failed: when the table is no longer as read, the refusal in words
 * (tableChangedText), whatever else went wrong (a co-author's rows below the table read as cells in the way);
 * any other failure is thrown as it came. Before the commit nothing of this replacement touched the table, so
 * any failure is checked; after the commit's sync, only a failure the guard throws (the commit's own first
 * actions change the table's rows: a failure after them is no co-author's). `cleanUp` (this replacement's
 * staging sheet) is deleted with the check.
 */
export async function refuseIfChanged(
  context: Excel.RequestContext,
  open: OpenTable,
  tableName: string,
  err: unknown,
  step: { commit: boolean; cleanUp?: Excel.Worksheet },
): Promise<never> {
  step.cleanUp?.delete();
  if ((fromGuard(err) || !step.commit) && (await changedSince(context, open)))
    throw new WorkbookError("changed", tableChangedText(tableName));
  if (step.cleanUp) await context.sync().catch(() => undefined);
  throw err;
}

/** The words for user cells a co-author's change kept from being put back with their rows. */
export const userCellsUnsureText = (tableName: string, userColumns: readonly string[]): string =>
  `"${tableName}" changed again while this refresh was putting the cells of your own columns ` +
  `(${userColumns.join(", ")}) back with their rows: some may be in the wrong rows. Check them in the rows this refresh rewrote.`;

/**
 * Writes user cells again after the commit (a co-author changed some while the refresh ran: userCells.ts,
 * queueUserRecheck), in one sync opened by the guard for the table as the commit left it (`rows` body rows).
 * False when that sync failed (the guard refused it: the table changed once more): nothing was written then.
 */
export async function repairUserCells(
  context: Excel.RequestContext,
  open: OpenTable,
  rows: number,
  at: number,
  blocks: readonly UserWriteBlock[],
): Promise<boolean> {
  if (blocks.length === 0) return true;
  queueTableGuard(open, rows);
  for (const b of blocks)
    open.sheet.getRangeByIndexes(
      open.bodyTop + at + b.row,
      open.left + b.first,
      b.cells.length,
      b.cells[0].length,
    ).formulasR1C1 = b.cells;
  try {
    await context.sync();
    return true;
  } catch {
    return false;
  }
}
