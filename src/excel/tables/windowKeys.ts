// Reading the stored window's rows before a refresh writes anything: their key cells (period, retailer, SKU or
// filter value, store) and metric cells, so refresh can tell which stored rows the answer no longer has and
// which stored figures it sends empty (src/core/refresh/losses.ts decides). Its own run, one sync to open the table and
// one per block of rows.
import type { ServiceColumn } from "../../core/refresh/userColumns";
import type { WrittenKeys } from "../../core/refresh/writtenKeys";
import { WorkbookError } from "../errors";
import { queueWrittenRead } from "../writtenStore";
import type { ExcelRun } from "../excelRun";
import { columnOf } from "./readTable";
import { openTable, tableGone } from "./openTable";
import { readRowsInBlocks } from "./windowRead";

export interface WindowCellsRequest {
  /** Body index of the first row read (at or after the cut-off, or a narrow window's settled rows before it); to the end. */
  from: number;
  /** The service fields whose cells are read, in the order of each row's cells. */
  fields: readonly string[];
  /** The service columns by TableColumn.id (a renamed or moved column is still found); absent: by header. */
  service?: readonly ServiceColumn[];
  /** The table's id: its record of what the add-in wrote (writtenStore.ts) is read in the same sync as the table. */
  recordOf?: string;
}

export interface WindowCells {
  /** Body rows of the table now. */
  count: number;
  /** Body rows from .. count-1: each row's cells of `fields`, in order. */
  rows: unknown[][];
  /** The record of what the add-in wrote (asked with `recordOf`): null when there is none. */
  written?: WrittenKeys | null;
}

/**
 * The cells of `fields` in body rows `from` to the end, read in row blocks of at most READ_BLOCK_CELLS cells
 * (one sync each, after the sync that opens the table). A field with no column is refused (nothing is written).
 */
export async function readWindowCells(run: ExcelRun, tableName: string, req: WindowCellsRequest): Promise<WindowCells> {
  return run(async (context) => {
    const record = req.recordOf === undefined ? undefined : queueWrittenRead(context, req.recordOf);
    const open = await openTable(context, tableName, tableGone(tableName), { columns: true });
    const written = record ? { written: record() } : {};
    const cols = req.fields.map((field) => {
      const c = columnOf(field, open.headers, open.columnRefs, req.service);
      if (c < 0)
        throw new WorkbookError(
          "changed",
          `The table "${tableName}" has no column for ${field}, so refresh cannot tell which rows it would replace. Nothing was written.`,
        );
      return c;
    });
    const n = Math.max(0, open.count - req.from);
    if (n === 0 || cols.length === 0)
      return { count: open.count, rows: Array.from({ length: n }, () => []), ...written };
    return { count: open.count, rows: await readRowsInBlocks(context, open, req.from, n, cols), ...written };
  });
}
