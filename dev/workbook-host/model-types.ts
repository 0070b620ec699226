// The workbook's state as plain types: what a sheet, a table, a name, a setting, a PivotTable and the rules over
// cells hold, and what a proxy stands for (a range's sheet and rectangle). No operations and no proxies: the model's
// rules (workbook-model.ts, tables.ts, cell-rules.ts, ...) and the proxies both import these, and these import
// nothing of either, so neither side imports the other back.
import type { Rect } from "./addresses";
import type { Scalar } from "./cells";
import type { Grid } from "./grid";

export type Visibility = "Visible" | "Hidden" | "VeryHidden";
export type CalculationMode = "Automatic" | "AutomaticExceptTables" | "Manual";

export interface SheetModel {
  id: string;
  name: string;
  visibility: Visibility;
  grid: Grid;
  frozenRows: number;
  frozenColumns: number;
  /** Worksheet.protection; null when the sheet is not protected. */
  protection: ProtectionState | null;
  /** Rows hidden by hand (Range.rowHidden = true), by index. Row attributes: they move only with whole rows. */
  hiddenRows: Set<number>;
  /** Rows an AutoFilter hid when it was last applied. */
  filteredRows: Set<number>;
  /** Merged areas (merges.ts). */
  merges: Rect[];
  /** Formulas whose result spills over the cells below or right of them (spills.ts). */
  spills: SpillModel[];
  /** Columns hidden (Range.columnHidden = true), by index. Column attributes: they move only with whole columns. */
  hiddenColumns: Set<number>;
  /** Column widths set or autofitted (Range.format.columnWidth, in points), by index; others are the default. */
  columnWidths: Map<number, number>;
  /** Data validation areas (cell-rules.ts), never overlapping. */
  validations: ValidationArea[];
  /** Conditional formats (cell-rules.ts), in priority order (the first is the top). */
  conditionalFormats: ConditionalFormatModel[];
  deleted: boolean;
}

export interface TableModel {
  id: string;
  name: string;
  sheet: SheetModel;
  /** Whole table range, header row included when shown. */
  rect: Rect;
  showHeaders: boolean;
  showTotals: boolean;
  style: string;
  /** The table has no data yet: its single body row is Excel's empty "insert row" (rows.count 0). */
  placeholder: boolean;
  /** The AutoFilter: on (filter buttons shown) and the criteria by column index (null: not filtered). */
  filter: { enabled: boolean; criteria: (Excel.FilterCriteria | null)[] };
  /**
   * TableColumn.id of each column, in column order: given when the column is made, kept through renames and
   * moves, never reused within the table (see column-ids.ts).
   */
  columnIds: number[];
  nextColumnId: number;
  /** Table.sort (ExcelApi 1.2): the sort last applied, by column id (table-sort.ts); null when none or cleared. */
  sort: SortState | null;
  deleted: boolean;
}

export interface NameModel {
  name: string;
  formula: string;
  comment: string;
  visible: boolean;
  deleted: boolean;
}

export interface SettingModel {
  key: string;
  value: unknown;
  deleted: boolean;
}

export interface XmlPartModel {
  id: string;
  xml: string;
  namespaceUri: string;
  deleted: boolean;
}

// ---- worksheet protection (protection.ts) ----
export type ProtectionOptions = Required<Omit<Excel.WorksheetProtectionOptions, "selectionMode">> & {
  selectionMode: string;
};

export interface ProtectionState {
  options: ProtectionOptions;
  password: string | undefined;
}

// ---- spills (spills.ts) ----
export interface SpillModel {
  /** The anchor (the formula's cell), top-left of the range. */
  r: number;
  c: number;
  /** The result, one value per cell of the spill range. */
  values: Scalar[][];
}

// ---- Table.sort (table-sort.ts) ----
export type DataOption = "Normal" | "TextAsNumber";

export interface SortState {
  fields: { columnId: number; ascending: boolean; dataOption: DataOption }[];
  matchCase: boolean;
  method: "PinYin" | "StrokeCount";
}

// ---- PivotTables (pivot-model.ts) ----
export type Aggregation = "Sum" | "Count" | "Average" | "Max" | "Min";

export interface DataField {
  id: string;
  name: string;
  field: string;
  summarizeBy: Aggregation;
}

export type PivotSource = { table: TableModel } | { sheet: SheetModel; rect: Rect };

export interface PivotModel {
  id: string;
  name: string;
  sheet: SheetModel;
  /** Top-left cell of the report. */
  anchor: { r: number; c: number };
  source: PivotSource;
  /** The source as of the last refresh: header names and data rows. */
  cache: { headers: string[]; rows: Scalar[][] };
  rowFields: string[];
  dataFields: DataField[];
  /** Cells the report occupies now (null: nothing rendered yet). */
  rendered: Rect | null;
  deleted: boolean;
}

// ---- data validation and conditional formats (cell-rules.ts) ----
/** A validation's settings: the rule (one kind), as read back, and what Excel shows around it. */
export interface ValidationSettings {
  type: string;
  rule: Excel.DataValidationRule;
  ignoreBlanks: boolean;
  prompt: Excel.DataValidationPrompt;
  errorAlert: Excel.DataValidationErrorAlert;
}

/** One area with one validation; a sheet's areas never overlap (a cell has one validation or none). */
export interface ValidationArea {
  rect: Rect;
  settings: ValidationSettings;
}

/** A side of a conditional format's borders (ConditionalRangeBorderIndex). */
export type BorderSide = "EdgeTop" | "EdgeBottom" | "EdgeLeft" | "EdgeRight";

/** What a highlighting conditional format shows when its condition holds (ConditionalRangeFormat); unset: absent. */
export interface RuleFormat {
  fill?: string;
  fontColor?: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  underline?: string;
  numberFormat?: string;
  borders?: Partial<Record<BorderSide, { color?: string; style?: string }>>;
}

/** The types that format the cells whose condition holds: each its rule (the reference's type for it) and format. */
export type HighlightKind =
  | { type: "CellValue"; rule: Excel.ConditionalCellValueRule; format: RuleFormat }
  | { type: "ContainsText"; rule: Excel.ConditionalTextComparisonRule; format: RuleFormat }
  | { type: "TopBottom"; rule: Excel.ConditionalTopBottomRule; format: RuleFormat }
  | { type: "PresetCriteria"; rule: Excel.ConditionalPresetCriteriaRule; format: RuleFormat }
  | { type: "Custom"; rule: { formula: string }; format: RuleFormat };

/** A data bar's settings (DataBarConditionalFormat), its positive and negative bars' formats included. */
export interface DataBarSettings {
  axisColor: string;
  axisFormat: string;
  barDirection: string;
  lowerBoundRule: Excel.ConditionalDataBarRule;
  upperBoundRule: Excel.ConditionalDataBarRule;
  showDataBarOnly: boolean;
  positiveFormat: { borderColor: string; fillColor: string; gradientFill: boolean };
  negativeFormat: {
    borderColor: string;
    fillColor: string;
    matchPositiveBorderColor: boolean;
    matchPositiveFillColor: boolean;
  };
}

/** An icon set's settings (IconSetConditionalFormat): one criterion per icon of its style, the lowest first. */
export interface IconSetSettings {
  style: string;
  criteria: Excel.ConditionalIconCriterion[];
  reverseIconOrder: boolean;
  showIconOnly: boolean;
}

/** What a conditional format is, by its type (ConditionalFormatType): the typed part of the reference's object. */
export type ConditionalKind =
  | HighlightKind
  | { type: "ColorScale"; criteria: Excel.ConditionalColorScaleCriteria }
  | { type: "DataBar"; dataBar: DataBarSettings }
  | { type: "IconSet"; iconSet: IconSetSettings };

export type ConditionalType = ConditionalKind["type"];

/** A conditional format: its areas and what it is. Priority is its place in the sheet's list (the first is the top). */
export interface ConditionalFormatModel {
  id: string;
  areas: Rect[];
  stopIfTrue: boolean;
  kind: ConditionalKind;
  deleted: boolean;
}

// ---- what a proxy stands for ----
/** A range proxy's cells: a rectangle of one sheet, resolved at each sync. */
export interface RangeTarget {
  sheet: SheetModel;
  rect: Rect;
}

/** A RangeAreas proxy's cells: rectangles of one sheet. */
export interface AreasTarget {
  sheet: SheetModel;
  rects: Rect[];
}

/** A conditional format proxy's format, on its sheet. */
export interface FormatTarget {
  sheet: SheetModel;
  cf: ConditionalFormatModel;
}
