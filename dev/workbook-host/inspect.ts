// Looking at the workbook without office-js: snapshots for assertions and the preview page, and a
// scan for a string anywhere it could have been stored (to prove a secret never lands in the workbook).
import { MAX_COLUMNS, MAX_ROWS, Rect, columnLetters, formatAddress, formatRect } from "./addresses";
import type { Scalar } from "./cells";
import { kindSnapshot } from "./conditional-kinds";
import { mergedAreasIn } from "./merges";
import { dataSourceString } from "./pivot-model";
import { spillRect } from "./spills";
import { sortFields } from "./table-sort";
import { headerNames, dataRowCount } from "./tables";
import type { WorkbookModel } from "./workbook-model";

const WHOLE_SHEET: Rect = { r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLUMNS - 1 };

export interface CellSnapshot {
  address: string;
  row: number;
  column: number;
  value: Scalar;
  formula?: string;
  numberFormat?: string;
  quotePrefix?: boolean;
}

export interface SheetSnapshot {
  name: string;
  id: string;
  position: number;
  visibility: "Visible" | "Hidden" | "VeryHidden";
  frozenRows: number;
  frozenColumns: number;
  /** Worksheet.protection.protected. */
  protected: boolean;
  /** Hidden rows (by hand or by a filter), zero-based like `row` of a cell, ascending. */
  hiddenRows: number[];
  /** Used range (values and formats), e.g. "A1:C3"; null for an empty sheet. */
  usedRange: string | null;
  /** Non-empty (or formatted) cells, row by row. */
  cells: CellSnapshot[];
  /** Merged areas ("B40:D40"), top to bottom; only when the sheet has some. */
  mergedAreas?: string[];
  /** Spill ranges ("B45:F45", the anchor top-left); only when the sheet has some. */
  spills?: string[];
  /** Hidden columns, zero-based like `column` of a cell, ascending; only when the sheet has some. */
  hiddenColumns?: number[];
  /** Column widths set or autofitted, in points, by column letters ("C": 30); only when the sheet has some. */
  columnWidths?: Record<string, number>;
  /** Data validation areas ("C2:C40") with their type and rule, top to bottom; only when the sheet has some. */
  validations?: { address: string; type: string; rule: unknown }[];
  /**
   * Conditional formats in priority order: the areas they apply to ("C2:C40, E2:E9"), type, rule (a highlight's rule,
   * a colour scale's criteria, a data bar's or an icon set's settings) and, for a highlight, its format.
   */
  conditionalFormats?: { ranges: string; type: string; rule: unknown; format?: unknown }[];
}

export interface TableSnapshot {
  name: string;
  sheet: string;
  /** Whole table, e.g. "Sheet1!A1:C4". */
  address: string;
  showHeaders: boolean;
  style: string;
  headers: string[];
  /** Data rows (0 for a table whose only row is the empty insert row). */
  rowCount: number;
  /** Some column of its AutoFilter has criteria. */
  filtered: boolean;
  /** Table.showTotals: its last row is the Total Row. */
  showTotals: boolean;
  /** The sort it remembers (Table.sort.fields): column index and direction; [] when none. */
  sort: { key: number; ascending: boolean }[];
}

export interface PivotTableSnapshot {
  name: string;
  sheet: string;
  /** Cells the report occupies, e.g. "Report!B2:C6" (its top-left cell while it shows nothing). */
  address: string;
  /** getDataSourceString(): the table's name or the range's address. */
  source: string;
}

export interface WorkbookSnapshot {
  sheets: SheetSnapshot[];
  tables: TableSnapshot[];
  pivotTables: PivotTableSnapshot[];
  settings: Record<string, unknown>;
  names: { name: string; formula: string; comment: string; visible: boolean }[];
  customXmlParts: { id: string; namespaceUri: string; xml: string }[];
  activeSheet: string;
  selection: string;
  calculationMode: string;
}

export function snapshot(wb: WorkbookModel): WorkbookSnapshot {
  return {
    sheets: wb.sheets.map((s, position) => {
      const used = s.grid.usedRect(false);
      const cells = [...s.grid.entries()]
        .sort(([r1, c1], [r2, c2]) => r1 - r2 || c1 - c2)
        .map(([r, c, cell]) => {
          const snap: CellSnapshot = {
            address: formatRect({ r0: r, c0: c, r1: r, c1: c }),
            row: r,
            column: c,
            value: cell.value,
          };
          if (cell.formula !== undefined) snap.formula = cell.formula;
          if (cell.format !== undefined) snap.numberFormat = cell.format;
          if (cell.quotePrefix) snap.quotePrefix = true;
          return snap;
        });
      return {
        name: s.name,
        id: s.id,
        position,
        visibility: s.visibility,
        frozenRows: s.frozenRows,
        frozenColumns: s.frozenColumns,
        protected: s.protection !== null,
        hiddenRows: [...new Set([...s.hiddenRows, ...s.filteredRows])].sort((a, b) => a - b),
        usedRange: used ? formatRect(used) : null,
        cells,
        ...(s.merges.length ? { mergedAreas: mergedAreasIn(s, WHOLE_SHEET).map(formatRect) } : {}),
        ...(s.spills.length
          ? { spills: [...s.spills].sort((a, b) => a.r - b.r || a.c - b.c).map((x) => formatRect(spillRect(x))) }
          : {}),
        ...(s.hiddenColumns.size ? { hiddenColumns: [...s.hiddenColumns].sort((a, b) => a - b) } : {}),
        ...(s.columnWidths.size
          ? {
              columnWidths: Object.fromEntries(
                [...s.columnWidths].sort(([a], [b]) => a - b).map(([c, w]) => [columnLetters(c), w]),
              ),
            }
          : {}),
        ...(s.validations.length
          ? {
              validations: [...s.validations]
                .sort((a, b) => a.rect.r0 - b.rect.r0 || a.rect.c0 - b.rect.c0)
                .map((v) => ({ address: formatRect(v.rect), type: v.settings.type, rule: v.settings.rule })),
            }
          : {}),
        ...(s.conditionalFormats.length
          ? {
              conditionalFormats: s.conditionalFormats.map((cf) => ({
                ranges: cf.areas.map(formatRect).join(", "),
                type: cf.kind.type,
                ...kindSnapshot(cf.kind),
              })),
            }
          : {}),
      };
    }),
    tables: wb.tables.map((t) => ({
      name: t.name,
      sheet: t.sheet.name,
      address: formatAddress(t.sheet.name, t.rect),
      showHeaders: t.showHeaders,
      style: t.style,
      headers: headerNames(t),
      rowCount: dataRowCount(t),
      filtered: t.filter.criteria.some((c) => c !== null),
      showTotals: t.showTotals,
      sort: sortFields(t).map((f) => ({ key: f.key, ascending: f.ascending })),
    })),
    pivotTables: wb.pivots.map((p) => ({
      name: p.name,
      sheet: p.sheet.name,
      address: formatAddress(
        p.sheet.name,
        p.rendered ?? { r0: p.anchor.r, c0: p.anchor.c, r1: p.anchor.r, c1: p.anchor.c },
      ),
      source: dataSourceString(p),
    })),
    settings: Object.fromEntries(wb.settings.map((s) => [s.key, JSON.parse(JSON.stringify(s.value))])),
    names: wb.names.map(({ name, formula, comment, visible }) => ({ name, formula, comment, visible })),
    customXmlParts: wb.xmlParts.map(({ id, namespaceUri, xml }) => ({ id, namespaceUri, xml })),
    activeSheet: wb.activeSheet.name,
    selection: formatAddress(wb.selection.sheet.name, wb.selection.rect),
    calculationMode: wb.calculationMode,
  };
}

/** The sheet's used range (values only) as a 2D array of values, starting at A1 so positions are visible. */
export function sheetValues(wb: WorkbookModel, sheetName: string): unknown[][] {
  const s = wb.sheetOrThrow(sheetName);
  const used = s.grid.usedRect(true);
  if (!used) return [];
  const rect: Rect = { r0: 0, c0: 0, r1: used.r1, c1: used.c1 };
  return s.grid.read(rect, "values");
}

/** Every place `text` occurs (case-sensitive substring), as human-readable locations. */
export function scanFor(wb: WorkbookModel, text: string): string[] {
  const hits: string[] = [];
  const has = (v: unknown) => v !== undefined && v !== null && String(v).includes(text);
  for (const s of wb.sheets) {
    if (has(s.name)) hits.push(`sheet name "${s.name}"`);
    for (const [r, c, cell] of s.grid.entries()) {
      const where = formatAddress(s.name, { r0: r, c0: c, r1: r, c1: c });
      if (has(cell.value)) hits.push(`cell ${where} value`);
      if (cell.formula !== undefined && has(cell.formula) && !has(cell.value)) hits.push(`cell ${where} formula`);
      if (has(cell.format)) hits.push(`cell ${where} numberFormat`);
    }
  }
  for (const t of wb.tables) if (has(t.name)) hits.push(`table name "${t.name}"`);
  for (const p of wb.pivots) if (has(p.name)) hits.push(`PivotTable name "${p.name}"`);
  for (const n of wb.names) {
    if (has(n.name)) hits.push(`defined name "${n.name}"`);
    if (has(n.formula)) hits.push(`defined name "${n.name}" formula`);
    if (has(n.comment)) hits.push(`defined name "${n.name}" comment`);
  }
  for (const s of wb.settings) {
    if (has(s.key)) hits.push(`setting key "${s.key}"`);
    if (JSON.stringify(s.value).includes(text) || has(s.value)) hits.push(`setting "${s.key}" value`);
  }
  for (const p of wb.xmlParts) if (has(p.xml) || has(p.namespaceUri)) hits.push(`custom XML part ${p.id}`);
  return hits;
}
