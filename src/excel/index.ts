export { officeRun, type ExcelRun } from "./run";
export { writeTable, replaceTail, readTable, type Destination, type WriteResult, type TailResult } from "./tables";
export { WorkbookError } from "./errors";
export {
  listManagedTables,
  saveManagedTable,
  forgetManagedTable,
  updateManagedTables,
  type ManagedTable,
} from "./queryStore";
