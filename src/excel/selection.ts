// Small moves in the workbook on the user's behalf: go to a table, write a formula at the selection.
import { WorkbookError } from "./errors";
import type { ExcelRun } from "./excelRun";

export async function goToTable(run: ExcelRun, tableName: string): Promise<void> {
  await run(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(tableName);
    await context.sync();
    if (table.isNullObject)
      throw new WorkbookError("not-found", `The table "${tableName}" is no longer in this workbook.`);
    table.worksheet.activate();
    table.getRange().select();
    await context.sync();
  });
}

/** Writes a formula into the top-left cell of the selection; returns that cell's address. */
export async function writeFormulaAtSelection(run: ExcelRun, formula: string): Promise<string> {
  return run(async (context) => {
    const cell = context.workbook.getSelectedRange().getCell(0, 0);
    cell.load("address,formulas");
    await context.sync();
    if (cell.formulas[0][0] !== "") {
      throw new WorkbookError(
        "no-room",
        `${cell.address} is not empty. Select an empty cell for the formula; nothing was overwritten.`,
      );
    }
    cell.formulas = [[formula]];
    await context.sync();
    return cell.address;
  });
}
