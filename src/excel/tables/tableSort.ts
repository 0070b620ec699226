// Refreshing a table the user sorted (Table.sort, ExcelApi 1.2). Refresh places its window by row position, so
// the rows are first put in date order by a sort Excel applies (the period, then the key columns: the order a
// fresh pull writes), in the table's turn, before the window's cells are read and the commit's co-author guard is
// taken; the commit's last action sorts the table again as the user left it (queueSortAgain). A refresh that then
// writes nothing (held, refused, failed) sorts it back (sortBack). Whole rows move, so every prefix stays safe: a
// failure in between leaves the table in date order, with its old window or its new one.
import { filterPlan } from "../../core/refresh/userColumns";
import { WorkbookError } from "../errors";
import type { ExcelRun } from "../excelRun";
import { tableChangedText } from "./coauthor";
import { openTable, tableGone, type OpenTable, type RememberedSort } from "./openTable";
import { outOfOrder } from "./periodScan";
import { readColumnRows } from "./readTable";

/** The date-order sort of a table the user sorted: what it sorts by, and what its period column must then read. */
export interface DateOrder {
  /** The table's columns to sort by, ascending: the period, then the key columns. */
  keys: number[];
  /** The period column's index and its values in date order (readPeriodTail's of a sorted table: from its first row). */
  periodIndex: number;
  periods: readonly unknown[];
  /** The sort the user left, as read: the table is refused when it is another by now. */
  remembered: RememberedSort;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Sorts the table into date order (one sync), then checks its period column reads as expected: otherwise the
 * user's sort is put back and the refresh refused with the words of a table moved out of date order. Rows hidden do
 * not move in a sort, so a table with a filter in force first shows all its rows (`rowHidden = false`: the filter's
 * criteria stay in force, never cleared; the commit sorts again and then applies them again, or sortBack does).
 * Rows hidden by hand in a table without a filter stay hidden, and such a table may still be refused.
 */
export async function putInDateOrder(run: ExcelRun, tableName: string, order: DateOrder): Promise<void> {
  await run(async (context) => {
    const open = await openTable(context, tableName, tableGone(tableName), { sort: true, filter: true });
    if (!same(open.sort, order.remembered)) throw new WorkbookError("changed", tableChangedText(tableName));
    if (filtered(open)) open.body.rowHidden = false;
    open.table.sort.apply(order.keys.map((key) => ({ key, ascending: true })));
    await context.sync();
    const now = await readColumnRows(context, open, order.periodIndex, 0);
    if (same(now, order.periods)) return;
    queueSortAgain(open, order.remembered);
    if (filtered(open)) open.table.autoFilter.reapply();
    await context.sync();
    throw outOfOrder(tableName, open.headers[order.periodIndex]);
  });
}

/** Queues the user's sort again (the commit's last action, or sortBack's). */
export function queueSortAgain({ table }: Pick<OpenTable, "table">, sort: RememberedSort): void {
  table.sort.apply(sort.fields, sort.matchCase, sort.method as Excel.SortMethod);
}

/** A filter with criteria in force (userColumns.ts filterPlan's "reapply"). */
const filtered = (open: OpenTable): boolean => filterPlan(open.name, open.headers, open.criteria).kind === "reapply";

/**
 * Sorts the table again as the user left it, and applies its filter again (putInDateOrder showed every row), after
 * a refresh that wrote nothing; a failure here is not reported.
 */
export async function sortBack(run: ExcelRun, tableName: string, sort: RememberedSort): Promise<void> {
  await run(async (context) => {
    const open = await openTable(context, tableName, tableGone(tableName), { filter: true });
    queueSortAgain(open, sort);
    if (filtered(open)) open.table.autoFilter.reapply();
    await context.sync();
  }).catch(() => undefined);
}
