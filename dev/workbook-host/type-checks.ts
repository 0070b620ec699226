// Compile-time checks that the host's proxies match @types/office-js where they claim to.
// Nothing here runs; `tsc --noEmit` fails if a signature drifts. What is checked:
//  1. scalar properties: the host class is assignable to Pick<Excel.X, those properties> (same types);
//  2. methods: every argument list Excel's typings accept is accepted by the host method
//     (for overloads, TypeScript's Parameters<> sees the last overload: the string-literal form);
//  3. methods returning proxies return the host class standing for the Excel class named in the typings.
// The conditional formats' checks are conditional-type-checks.ts's.
// Not checked: members the host does not implement (calling one is a compile error in host-only code but
// not in code typed against Excel.*, where it fails at runtime with "is not a function").
import type { HostAutoFilter, HostFilter } from "./filter";
import type { HostPivotLayout, HostPivotTable, HostPivotTableCollection } from "./pivot";
import type {
  HostDataPivotHierarchy,
  HostDataPivotHierarchyCollection,
  HostPivotHierarchy,
  HostPivotHierarchyCollection,
  HostRowColumnPivotHierarchy,
  HostRowColumnPivotHierarchyCollection,
} from "./pivot-hierarchies";
import type { HostWorksheetProtection } from "./protection";
import type { HostRange } from "./range";
import type { HostRangeFormat } from "./range-format";
import type { HostDataValidation } from "./validation";
import type { HostRangeAreas } from "./range-areas";
import type { HostClientResult } from "./proxy-base";
import type { HostTable, HostTableCollection } from "./table";
import type { HostTableRow, HostTableRowCollection } from "./table-rows";
import type { HostTableColumn, HostTableColumnCollection } from "./table-columns";
import type { HostTableSort } from "./table-sort";
import type { HostApplication, HostExcelRequestContext, HostWorkbook } from "./workbook";
import type { HostCustomXmlPart, HostCustomXmlPartCollection } from "./custom-xml-parts";
import type { HostNamedItem, HostNamedItemCollection } from "./named-items";
import type { HostSetting, HostSettingCollection } from "./settings";
import type { HostWorksheet, HostWorksheetCollection, HostWorksheetFreezePanes } from "./worksheet";

export type Assert<T extends true> = T;
export type Props<H, E, K extends keyof E> = H extends Pick<E, K> ? true : false;
/** Host method H accepts whatever Excel method E accepts. */
type Accepts<E, H> = E extends (...a: infer EA) => unknown
  ? H extends (...a: infer HA) => unknown
    ? EA extends HA
      ? true
      : false
    : false
  : false;
/** Method m of host class HC accepts Excel's arguments and returns the host stand-in R. */
export type Method<EC, HC, M extends keyof EC & keyof HC, R> =
  Accepts<EC[M], HC[M]> extends true ? (HC[M] extends (...a: never[]) => R ? true : false) : false;

export type Checks = [
  Assert<
    Props<
      HostRange,
      Excel.Range,
      | "address"
      | "addressLocal"
      | "values"
      | "formulas"
      | "formulasLocal"
      | "formulasR1C1"
      | "numberFormat"
      | "numberFormatLocal"
      | "text"
      | "valueTypes"
      | "rowCount"
      | "columnCount"
      | "rowIndex"
      | "columnIndex"
      | "cellCount"
      | "isEntireRow"
      | "isEntireColumn"
      | "rowHidden"
      | "columnHidden"
      | "hasSpill"
    >
  >,
  Assert<Props<HostRangeFormat, Excel.RangeFormat, "columnWidth">>,
  Assert<Props<HostDataValidation, Excel.DataValidation, "type" | "rule" | "ignoreBlanks" | "prompt" | "errorAlert">>,
  Assert<Method<Excel.DataValidation, HostDataValidation, "clear", void>>,
  Assert<Method<Excel.Range, HostRange, "merge", void>>,
  Assert<Method<Excel.Range, HostRange, "unmerge", void>>,
  Assert<Method<Excel.Range, HostRange, "getMergedAreasOrNullObject", HostRangeAreas>>,
  Assert<Method<Excel.Range, HostRange, "getSpillingToRangeOrNullObject", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getSpillParentOrNullObject", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getTables", HostTableCollection>>,
  Assert<Props<HostRangeAreas, Excel.RangeAreas, "address" | "addressLocal" | "areaCount" | "cellCount">>,
  Assert<Method<Excel.Range, HostRange, "getCell", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getRow", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getColumn", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getLastRow", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getLastColumn", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getEntireRow", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getEntireColumn", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getResizedRange", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getOffsetRange", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getRowsAbove", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getRowsBelow", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getColumnsBefore", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getColumnsAfter", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getUsedRange", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "getUsedRangeOrNullObject", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "insert", HostRange>>,
  Assert<Method<Excel.Range, HostRange, "delete", void>>,
  Assert<Method<Excel.Range, HostRange, "clear", void>>,
  Assert<Method<Excel.Range, HostRange, "select", void>>,
  Assert<Method<Excel.RangeFormat, HostRangeFormat, "autofitColumns", void>>,
  Assert<Method<Excel.RangeFormat, HostRangeFormat, "autofitRows", void>>,

  Assert<
    Props<HostWorksheet, Excel.Worksheet, "id" | "name" | "position" | "visibility" | "tabColor" | "showGridlines">
  >,
  Assert<Method<Excel.Worksheet, HostWorksheet, "getRange", HostRange>>,
  Assert<Method<Excel.Worksheet, HostWorksheet, "getRangeByIndexes", HostRange>>,
  Assert<Method<Excel.Worksheet, HostWorksheet, "getCell", HostRange>>,
  Assert<Method<Excel.Worksheet, HostWorksheet, "getUsedRange", HostRange>>,
  Assert<Method<Excel.Worksheet, HostWorksheet, "getUsedRangeOrNullObject", HostRange>>,
  Assert<Method<Excel.Worksheet, HostWorksheet, "activate", void>>,
  Assert<Method<Excel.Worksheet, HostWorksheet, "delete", void>>,
  Assert<Method<Excel.WorksheetFreezePanes, HostWorksheetFreezePanes, "freezeRows", void>>,
  Assert<Method<Excel.WorksheetFreezePanes, HostWorksheetFreezePanes, "freezeColumns", void>>,
  Assert<Method<Excel.WorksheetFreezePanes, HostWorksheetFreezePanes, "unfreeze", void>>,
  Assert<Method<Excel.WorksheetCollection, HostWorksheetCollection, "add", HostWorksheet>>,
  Assert<Method<Excel.WorksheetCollection, HostWorksheetCollection, "getItem", HostWorksheet>>,
  Assert<Method<Excel.WorksheetCollection, HostWorksheetCollection, "getItemOrNullObject", HostWorksheet>>,
  Assert<Method<Excel.WorksheetCollection, HostWorksheetCollection, "getActiveWorksheet", HostWorksheet>>,
  Assert<Method<Excel.WorksheetCollection, HostWorksheetCollection, "getFirst", HostWorksheet>>,
  Assert<Method<Excel.WorksheetCollection, HostWorksheetCollection, "getCount", HostClientResult<number>>>,

  Assert<
    Props<
      HostTable,
      Excel.Table,
      "id" | "name" | "showHeaders" | "showTotals" | "style" | "showBandedRows" | "showFilterButton"
    >
  >,
  Assert<Method<Excel.Table, HostTable, "getRange", HostRange>>,
  Assert<Method<Excel.Table, HostTable, "getHeaderRowRange", HostRange>>,
  Assert<Method<Excel.Table, HostTable, "getDataBodyRange", HostRange>>,
  Assert<Method<Excel.Table, HostTable, "getTotalRowRange", HostRange>>,
  Assert<Method<Excel.Table, HostTable, "delete", void>>,
  Assert<Method<Excel.Table, HostTable, "convertToRange", HostRange>>,
  Assert<Props<HostTableCollection, Excel.TableCollection, "count">>,
  Assert<Method<Excel.TableCollection, HostTableCollection, "getItem", HostTable>>,
  Assert<Method<Excel.TableCollection, HostTableCollection, "getItemOrNullObject", HostTable>>,
  Assert<Method<Excel.TableCollection, HostTableCollection, "getItemAt", HostTable>>,
  Assert<Method<Excel.TableCollection, HostTableCollection, "getCount", HostClientResult<number>>>,
  Assert<Props<HostTableRowCollection, Excel.TableRowCollection, "count">>,
  Assert<Method<Excel.TableRowCollection, HostTableRowCollection, "getItemAt", HostTableRow>>,
  Assert<Method<Excel.TableRowCollection, HostTableRowCollection, "deleteRowsAt", void>>,
  Assert<Method<Excel.TableRowCollection, HostTableRowCollection, "getCount", HostClientResult<number>>>,
  Assert<Props<HostTableRow, Excel.TableRow, "index" | "values">>,
  Assert<Method<Excel.TableRow, HostTableRow, "delete", void>>,
  Assert<Method<Excel.TableRow, HostTableRow, "getRange", HostRange>>,
  Assert<Props<HostTableColumnCollection, Excel.TableColumnCollection, "count">>,
  Assert<Method<Excel.TableColumnCollection, HostTableColumnCollection, "getItemAt", HostTableColumn>>,
  Assert<Props<HostTableColumn, Excel.TableColumn, "id" | "index" | "name" | "values">>,
  Assert<Method<Excel.TableColumn, HostTableColumn, "getDataBodyRange", HostRange>>,
  Assert<Method<Excel.TableColumn, HostTableColumn, "getHeaderRowRange", HostRange>>,
  Assert<Method<Excel.TableColumn, HostTableColumn, "getTotalRowRange", HostRange>>,
  Assert<Method<Excel.TableColumn, HostTableColumn, "delete", void>>,

  // Table.sort (ExcelApi 1.2).
  Assert<Props<HostTableSort, Excel.TableSort, "fields" | "matchCase" | "method">>,
  Assert<Method<Excel.TableSort, HostTableSort, "apply", void>>,
  Assert<Method<Excel.TableSort, HostTableSort, "clear", void>>,
  Assert<Method<Excel.TableSort, HostTableSort, "reapply", void>>,

  // Columns, AutoFilter, protection (ExcelApi 1.1 to 1.14; see the proxies for each member's set).
  Assert<Method<Excel.TableColumnCollection, HostTableColumnCollection, "add", HostTableColumn>>,
  Assert<Method<Excel.Table, HostTable, "clearFilters", void>>,
  Assert<Method<Excel.Table, HostTable, "reapplyFilters", void>>,
  Assert<Props<HostAutoFilter, Excel.AutoFilter, "enabled" | "isDataFiltered" | "criteria">>,
  Assert<Method<Excel.AutoFilter, HostAutoFilter, "clearCriteria", void>>,
  Assert<Method<Excel.AutoFilter, HostAutoFilter, "clearColumnCriteria", void>>,
  Assert<Method<Excel.AutoFilter, HostAutoFilter, "reapply", void>>,
  Assert<Method<Excel.AutoFilter, HostAutoFilter, "remove", void>>,
  Assert<Method<Excel.AutoFilter, HostAutoFilter, "getRange", HostRange>>,
  Assert<Method<Excel.AutoFilter, HostAutoFilter, "getRangeOrNullObject", HostRange>>,
  Assert<Props<HostFilter, Excel.Filter, "criteria">>,
  Assert<Method<Excel.Filter, HostFilter, "apply", void>>,
  Assert<Method<Excel.Filter, HostFilter, "applyValuesFilter", void>>,
  Assert<Method<Excel.Filter, HostFilter, "applyCustomFilter", void>>,
  Assert<Method<Excel.Filter, HostFilter, "clear", void>>,
  Assert<Props<HostWorksheetProtection, Excel.WorksheetProtection, "protected" | "options" | "isPasswordProtected">>,
  Assert<Method<Excel.WorksheetProtection, HostWorksheetProtection, "protect", void>>,
  Assert<Method<Excel.WorksheetProtection, HostWorksheetProtection, "unprotect", void>>,

  // PivotTables (ExcelApi 1.3, 1.8, 1.15). add() and hierarchies' add/remove take proxies: not checked.
  Assert<Method<Excel.PivotTableCollection, HostPivotTableCollection, "getItem", HostPivotTable>>,
  Assert<Method<Excel.PivotTableCollection, HostPivotTableCollection, "getItemOrNullObject", HostPivotTable>>,
  Assert<Method<Excel.PivotTableCollection, HostPivotTableCollection, "getCount", HostClientResult<number>>>,
  Assert<Method<Excel.PivotTableCollection, HostPivotTableCollection, "refreshAll", void>>,
  Assert<Props<HostPivotTable, Excel.PivotTable, "id" | "name">>,
  Assert<Method<Excel.PivotTable, HostPivotTable, "refresh", void>>,
  Assert<Method<Excel.PivotTable, HostPivotTable, "delete", void>>,
  Assert<Method<Excel.PivotTable, HostPivotTable, "getDataSourceString", HostClientResult<string>>>,
  Assert<
    Method<
      Excel.PivotTable,
      HostPivotTable,
      "getDataSourceType",
      HostClientResult<Excel.DataSourceType | "Unknown" | "LocalRange" | "LocalTable">
    >
  >,
  Assert<Method<Excel.PivotHierarchyCollection, HostPivotHierarchyCollection, "getItem", HostPivotHierarchy>>,
  Assert<Method<Excel.PivotHierarchyCollection, HostPivotHierarchyCollection, "getCount", HostClientResult<number>>>,
  Assert<Props<HostPivotHierarchy, Excel.PivotHierarchy, "id" | "name">>,
  Assert<
    Method<
      Excel.RowColumnPivotHierarchyCollection,
      HostRowColumnPivotHierarchyCollection,
      "getItem",
      HostRowColumnPivotHierarchy
    >
  >,
  Assert<
    Method<
      Excel.RowColumnPivotHierarchyCollection,
      HostRowColumnPivotHierarchyCollection,
      "getCount",
      HostClientResult<number>
    >
  >,
  Assert<Props<HostRowColumnPivotHierarchy, Excel.RowColumnPivotHierarchy, "id" | "name" | "position">>,
  Assert<
    Method<Excel.DataPivotHierarchyCollection, HostDataPivotHierarchyCollection, "getItem", HostDataPivotHierarchy>
  >,
  Assert<
    Method<Excel.DataPivotHierarchyCollection, HostDataPivotHierarchyCollection, "getCount", HostClientResult<number>>
  >,
  Assert<Props<HostDataPivotHierarchy, Excel.DataPivotHierarchy, "id" | "name" | "position" | "summarizeBy">>,
  Assert<Props<HostPivotLayout, Excel.PivotLayout, "layoutType">>,
  Assert<Method<Excel.PivotLayout, HostPivotLayout, "getRange", HostRange>>,
  Assert<Method<Excel.PivotLayout, HostPivotLayout, "getDataBodyRange", HostRange>>,
  Assert<Method<Excel.PivotLayout, HostPivotLayout, "getRowLabelRange", HostRange>>,

  Assert<Props<HostApplication, Excel.Application, "calculationMode">>,
  Assert<Method<Excel.Application, HostApplication, "suspendApiCalculationUntilNextSync", void>>,
  Assert<Method<Excel.Application, HostApplication, "suspendScreenUpdatingUntilNextSync", void>>,
  Assert<Method<Excel.Application, HostApplication, "calculate", void>>,
  Assert<Method<Excel.Workbook, HostWorkbook, "getSelectedRange", HostRange>>,
  Assert<Method<Excel.Workbook, HostWorkbook, "getActiveCell", HostRange>>,
  Assert<Props<HostNamedItem, Excel.NamedItem, "name" | "formula" | "comment" | "visible">>,
  Assert<Method<Excel.NamedItemCollection, HostNamedItemCollection, "getItem", HostNamedItem>>,
  Assert<Method<Excel.NamedItemCollection, HostNamedItemCollection, "getItemOrNullObject", HostNamedItem>>,
  Assert<Method<Excel.NamedItem, HostNamedItem, "delete", void>>,
  Assert<Props<HostSetting, Excel.Setting, "key" | "value">>,
  Assert<Method<Excel.SettingCollection, HostSettingCollection, "add", HostSetting>>,
  Assert<Method<Excel.SettingCollection, HostSettingCollection, "getItem", HostSetting>>,
  Assert<Method<Excel.SettingCollection, HostSettingCollection, "getItemOrNullObject", HostSetting>>,
  Assert<Method<Excel.SettingCollection, HostSettingCollection, "getCount", HostClientResult<number>>>,
  Assert<Method<Excel.Setting, HostSetting, "delete", void>>,
  Assert<Props<HostCustomXmlPart, Excel.CustomXmlPart, "id" | "namespaceUri">>,
  Assert<Method<Excel.CustomXmlPartCollection, HostCustomXmlPartCollection, "add", HostCustomXmlPart>>,
  Assert<Method<Excel.CustomXmlPartCollection, HostCustomXmlPartCollection, "getItem", HostCustomXmlPart>>,
  Assert<Method<Excel.CustomXmlPartCollection, HostCustomXmlPartCollection, "getItemOrNullObject", HostCustomXmlPart>>,
  Assert<Method<Excel.CustomXmlPart, HostCustomXmlPart, "getXml", HostClientResult<string>>>,
  Assert<Method<Excel.CustomXmlPart, HostCustomXmlPart, "setXml", void>>,
  Assert<Method<Excel.CustomXmlPart, HostCustomXmlPart, "delete", void>>,
  Assert<HostExcelRequestContext["sync"] extends (v?: unknown) => Promise<unknown> ? true : false>,
];
