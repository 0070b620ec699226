// Runtime copies of the few Excel enums the add-in and its tests use. Under Node (and in the preview page) there is
// no global `Excel`; the host itself only compares strings, so both `Excel.X.y` and "y" forms work.
export const ExcelEnums = {
  DeleteShiftDirection: { up: "Up", left: "Left" },
  InsertShiftDirection: { down: "Down", right: "Right" },
  SheetVisibility: { visible: "Visible", hidden: "Hidden", veryHidden: "VeryHidden" },
  CalculationMode: { automatic: "Automatic", automaticExceptTables: "AutomaticExceptTables", manual: "Manual" },
  CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
  ClearApplyTo: {
    all: "All",
    formats: "Formats",
    contents: "Contents",
    hyperlinks: "Hyperlinks",
    removeHyperlinks: "RemoveHyperlinks",
    resetContents: "ResetContents",
  },
  ConditionalFormatType: {
    custom: "Custom",
    dataBar: "DataBar",
    colorScale: "ColorScale",
    iconSet: "IconSet",
    topBottom: "TopBottom",
    presetCriteria: "PresetCriteria",
    containsText: "ContainsText",
    cellValue: "CellValue",
  },
  ConditionalTextOperator: {
    invalid: "Invalid",
    contains: "Contains",
    notContains: "NotContains",
    beginsWith: "BeginsWith",
    endsWith: "EndsWith",
  },
  ErrorCodes: {
    invalidArgument: "InvalidArgument",
    invalidOperation: "InvalidOperation",
    itemNotFound: "ItemNotFound",
    itemAlreadyExists: "ItemAlreadyExists",
    insertDeleteConflict: "InsertDeleteConflict",
    generalException: "GeneralException",
    responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
  },
} as const;

/**
 * For code under test that reads `Excel.DeleteShiftDirection.up` etc. at runtime: defines a global
 * `Excel` holding these enums (and `run`, if given) when none exists. Returns an undo function.
 */
export function installExcelGlobal(
  run?: (batch: (ctx: Excel.RequestContext) => Promise<unknown>) => Promise<unknown>,
): () => void {
  const g = globalThis as Record<string, unknown>;
  if (g.Excel !== undefined) return () => undefined;
  g.Excel = { ...ExcelEnums, ...(run ? { run } : {}) };
  return () => void delete g.Excel;
}
