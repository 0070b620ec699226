// Around a new table's write: the rows Excel has room for where it would go (known before anything is read, so that a
// read too large for it stops early), and taking a table written in part away again (a cancel leaves the workbook as
// it was, never a table of some of the rows).
import { parseAddress } from "../addresses";
import type { ExcelRun } from "../excelRun";
import { MAX_ROWS } from "../excelRun";
import type { Destination, WriteResult } from "./writeTable";

/** Rows a new table has room for below its header where it would go, and where that is in words. */
export interface TableRoom {
  rows: number;
  /** "on a new sheet", "below the selected cell". */
  where: string;
}

/** The room for a new table at `destination`: a new sheet's, or the grid's below the selected (or given) cell. */
export async function roomAt(run: ExcelRun, destination: Destination): Promise<TableRoom> {
  if (destination.kind === "new-sheet") return { rows: MAX_ROWS - 1, where: "on a new sheet" };
  if (destination.kind === "at") {
    return { rows: MAX_ROWS - 1 - parseAddress(destination.address).row, where: `below ${destination.address}` };
  }
  const row = await run(async (context) => {
    const selected = context.workbook.getSelectedRange().load("rowIndex");
    await context.sync();
    return selected.rowIndex;
  });
  return { rows: Math.max(0, MAX_ROWS - 1 - row), where: "below the selected cell" };
}

/**
 * Takes away a table a write made (some of its rows, after a cancel): its sheet when the write made the sheet, else
 * the table (its cells go with it). The workbook is then as it was before the write began.
 */
export async function removeNewTable(run: ExcelRun, write: WriteResult, destination: Destination): Promise<void> {
  await run(async (context) => {
    // Table.delete() takes the table's cells with it.
    if (destination.kind === "new-sheet") context.workbook.worksheets.getItem(write.sheet).delete();
    else context.workbook.tables.getItem(write.tableName).delete();
    await context.sync();
  });
}
