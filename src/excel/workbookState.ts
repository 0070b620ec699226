// What the workbook around a table means for a refresh: a protected sheet (Excel refuses every write there with
// AccessDenied; tableIdentity reads the flag), and formulas that wait for F9 (manual calculation).
import { WorkbookError } from "./errors";
import type { ExcelRun } from "./excelRun";

/** A table on a protected sheet, refused before anything is fetched: the sheet, and how to unprotect it. */
export function protectedSheetError(sheet: string, tableName: string): WorkbookError {
  return new WorkbookError(
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
