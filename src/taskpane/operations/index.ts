// The pane's operations: what its buttons do, on the session, refresh and the workbook layer. The sections
// act through these only; src/excel and src/refresh are reached from here, never from a component.
export { paneOperations } from "./paneOperations";
export { connectionInputProblem } from "./connectionOperations";
export type * from "./types";
export type { TrendOperations } from "./trendOperations";
