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

/** What a conditional format shows (ConditionalRangeFormat: the parts modelled). */
export interface RuleFormat {
  fill?: string;
  fontColor?: string;
  bold?: boolean;
}

/** A conditional format: its areas, and its type's rule and format. Priority is its place in the sheet's list. */
export interface ConditionalFormatModel {
  id: string;
  type: string;
  areas: Rect[];
  stopIfTrue: boolean;
  /** cellValue: { formula1, formula2?, operator }; custom: { formula }. */
  rule?: Record<string, unknown>;
  format: RuleFormat;
  /** colorScale: its criteria. */
  criteria?: Excel.ConditionalColorScaleCriteria;
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
