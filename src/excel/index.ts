// src/excel is the workbook side: the only code that touches Excel.* (tables, saved queries, settings).
// It imports src/core only, never src/api, the DOM or the network, so all of it runs on the in-memory host.
export { officeRun, type ExcelRun } from "./excelRun";
export { writeTable, replaceTail, readTable, type Destination, type WriteResult, type TailResult } from "./tables";
export { WorkbookError } from "./errors";
export {
  readManagedTables,
  saveManagedTable,
  forgetManagedTable,
  updateManagedTables,
  type ManagedTable,
} from "./queryStore";
