// The workbook's own refresh preferences, kept in workbook settings beside the saved queries (never a key).
import type { ExcelRun } from "./excelRun";

const REFRESH_ON_OPEN_SETTING = "SalesData.refreshOnOpen";

/** "Refresh when this workbook opens": off unless the user turned it on for this workbook. */
export async function getRefreshOnOpen(run: ExcelRun): Promise<boolean> {
  return run(async (context) => {
    const setting = context.workbook.settings.getItemOrNullObject(REFRESH_ON_OPEN_SETTING);
    setting.load("value");
    await context.sync();
    return !setting.isNullObject && setting.value === true;
  });
}

export async function setRefreshOnOpen(run: ExcelRun, on: boolean): Promise<void> {
  await run(async (context) => {
    context.workbook.settings.add(REFRESH_ON_OPEN_SETTING, on);
    await context.sync();
  });
}
