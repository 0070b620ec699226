// The tables the add-in manages: writing a new one, replacing its tail (what refresh stands on), reading it
// back. Each operation opens its table through openTable and reads periods through periodScan.
export type { BlockLimits, TableData } from "./writeBlocks";
export { writeTable, type Destination, type WriteOptions, type WriteResult } from "./writeTable";
export { replaceTail, type RowsTakenOut, type TailReplacement, type TailResult } from "./replaceTail";
export { tableChangedText } from "./coauthor";
export { readColumnEnds, readPeriodTail, readTable, tailReach, type PeriodTail, type TableContents } from "./readTable";
export { trendCells, type TrendCells, type TrendColumns } from "./trendRead";
export { readWindowCells, type WindowCells, type WindowCellsRequest } from "./windowKeys";
export { putInDateOrder, sortBack, type DateOrder } from "./tableSort";
export type { RememberedSort } from "./openTable";
export { removeNewTable, roomAt, type TableRoom } from "./newTableRoom";
