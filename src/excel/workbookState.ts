// What the workbook around a table says before a refresh writes: whether the table's sheet is protected
// (Excel refuses every write there with AccessDenied), and whether formulas wait for F9 (manual calculation).
import { WorkbookError } from "./errors";
import type { ExcelRun } from "./run";

/** Refuses, before anything is fetched, a table on a protected sheet: naming the sheet and how to unprotect it. */
export async function refuseProtectedSheet(run: ExcelRun, tableName: string): Promise<void> {
  const sheet = await run(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(tableName);
    await context.sync();
    if (table.isNullObject) return undefined; // the refresh itself says the table is gone
    const ws = table.worksheet;
    ws.load("name");
    ws.protection.load("protected");
    await context.sync();
    return ws.protection.protected ? ws.name : undefined;
  });
  if (sheet !== undefined)
    throw new WorkbookError(
      "protected",
      `The sheet "${sheet}" is protected, so "${tableName}" cannot be refreshed. Unprotect it (Review > Unprotect Sheet), refresh, then protect it again. Nothing was fetched or written.`,
    );
}

/** True when the workbook calculates only on F9 (calculation mode Manual). */
export async function calculationIsManual(run: ExcelRun): Promise<boolean> {
  return run(async (context) => {
    const app = context.workbook.application;
    app.load("calculationMode");
    await context.sync();
    return app.calculationMode === "Manual";
  });
}
