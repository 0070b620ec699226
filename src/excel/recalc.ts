// Refresh all's Excel side for the SALES formulas. Custom functions are not volatile, so a normal
// recalculation ("Recalculate") leaves them alone: only dirty cells are recalculated. A full calculation
// recalculates every formula of the open workbook, SALES ones included (with the function cache cleared first,
// they read the service again, batched as in any calculation).
//
// Why not find the SALES cells and recalculate only those: that means reading the formulas of every used range
// (easily millions of cells next to the add-in's own tables, over the 5 MB / 5 million cell read limits of Excel
// on the web), and rewriting a formula to dirty it would break spills and lose the user's undo history. Refresh
// all is an explicit, occasional action; one full calculation is the cheap, robust way.
import type { ExcelRun } from "./excelRun";

export async function recalculateSalesFormulas(run: ExcelRun): Promise<void> {
  await run(async (context) => {
    context.workbook.application.calculate("Full");
    await context.sync();
  });
}
