// The one backward read of a table's period column, from the last row up, in blocks: refresh places its
// window by row position, so it reads only the tail it needs and refuses a table no longer in date order.
import { WorkbookError } from "../errors";
import type { OpenTable } from "./openTable";
import { READ_BLOCK_CELLS } from "./windowRead";

export interface PeriodScan {
  /** Body index of the first value read. */
  offset: number;
  /** Period values of body rows offset .. count-1. */
  values: unknown[];
}

const isBelow = (v: unknown, limit: number): boolean => typeof v === "number" && v < limit;

/**
 * Reads the period column (index `pc`) back from the last row until a block holds a number below `below`, or
 * to the table's start. The row just above each block is read with it, so a window that starts on a block's
 * first row is placed without reading the block before. Refuses rows out of date order (in the words of
 * `tableName`, as the caller named it).
 */
export async function scanPeriodsBack(
  context: Excel.RequestContext,
  open: OpenTable,
  tableName: string,
  pc: number,
  below: number,
): Promise<PeriodScan> {
  const col = open.left + pc;
  const header = open.headers[pc];
  const blocks: unknown[][] = [];
  let end = open.count;
  let after = Infinity; // the smallest period below the block read last (in table order: the next values)
  while (end > 0) {
    const start = Math.max(0, end - READ_BLOCK_CELLS);
    const part = open.sheet.getRangeByIndexes(open.bodyTop + start, col, end - start, 1);
    const above = start > 0 ? open.sheet.getRangeByIndexes(open.bodyTop + start - 1, col, 1, 1) : undefined;
    part.load("values");
    above?.load("values");
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block per sync (payload limit), and most scans stop after the first
    await context.sync();
    const values = part.values.map((r) => r[0] as unknown);
    const prev: unknown = above ? above.values[0][0] : "";
    checkDateOrder([prev, ...values, Number.isFinite(after) ? after : ""], tableName, header);
    blocks.unshift(values);
    if (values.some((v) => isBelow(v, below))) return { offset: start, values: blocks.flat() };
    if (isBelow(prev, below)) return { offset: start - 1, values: [prev, ...blocks.flat()] };
    for (const v of values) if (typeof v === "number") after = Math.min(after, v);
    end = start;
  }
  return { offset: 0, values: blocks.flat() };
}

/** Index (in the body) of the first row whose period is on or after `cutoff`, from a scan below it. */
export function firstRowAtOrAfter(scan: PeriodScan, cutoff: number): number {
  for (let i = scan.values.length - 1; i >= 0; i--) if (isBelow(scan.values[i], cutoff)) return scan.offset + i + 1;
  return scan.offset;
}

/**
 * Refresh places its window by position, so the period column must still be in date order (oldest first).
 * Checks that the numbers of `values` (in table order) never decrease; blanks (e.g. rows left empty by an
 * interrupted refresh) are skipped. A user's sort (newest first, by revenue, ...) breaks it: refused.
 */
function checkDateOrder(values: readonly unknown[], tableName: string, periodHeader: string): void {
  let last = -Infinity;
  for (const v of values) {
    if (typeof v !== "number") continue;
    if (v < last) throw outOfOrder(tableName, periodHeader);
    last = v;
  }
}

export function outOfOrder(tableName: string, periodHeader: string): WorkbookError {
  return new WorkbookError(
    "changed",
    `The rows of "${tableName}" are no longer in date order (the table was sorted or rows were moved), so refresh cannot tell which rows to replace. ` +
      `Sort "${tableName}" by ${periodHeader} oldest to newest, then refresh. Nothing was written.`,
  );
}
