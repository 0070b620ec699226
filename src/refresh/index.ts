// src/refresh owns Get data, Refresh and Refresh all of the workbook's Sales Data tables, their queue and outcomes.
// It imports src/core, src/api (types and client) and src/excel; never Excel.* directly, never the DOM.
export type { RefreshDeps, RefreshOptions, RefreshProgress, RefreshableTable } from "./refreshDeps";
export type { RefreshLosses, RefreshOutcome, RefreshStatus, RefreshSummary, RefreshUnitChange } from "./outcomes";
export { joinNotes, pivotsLineText, rowsText } from "./outcomes";
export { refreshTable } from "./refreshTable";
export { refreshAllTables, refreshOnOpen } from "./refreshAll";
export { pullTable, type PullResult, type PullTableOptions } from "./pull";
export { followTables, tableDeletedText, type FollowedTable } from "./identity";
export { refreshAnywayOf } from "./refreshAnyway";
