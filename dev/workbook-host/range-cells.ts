// What a range's cells hold, read and written: HostRange's base (range.ts adds what a range leads to and what it
// does to the sheet's shape). values, formulas (also R1C1 and local), number formats, text, value types, the
// address and size, rows and columns hidden; writes follow Excel's data-entry rules (cells.ts), reach hidden rows
// and grow a table they touch (expansion.ts); clear(applyTo) takes contents, formats and the rules over the cells.
import { MAX_COLUMNS, MAX_ROWS, Rect, cellCount, columnCount, formatAddress, rowCount } from "./addresses";
import type { ReadableCellProperty } from "./cells";
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument } from "./errors";
import { HostObject } from "./proxy-base";
import { expandAfterWrite } from "./expansion";
import { clearConditionalFormats, clearValidation } from "./cell-rules";
import { fromR1C1, toR1C1 } from "./r1c1";
import { checkWritable } from "./protection";
import { hasSpill } from "./spills";
import { afterCellsWritten } from "./tables";
import type { WorkbookModel } from "./workbook-model";
import type { RangeTarget } from "./model-types";

const CELL_PROPS: Record<string, ReadableCellProperty> = {
  values: "values",
  formulas: "formulas",
  formulasLocal: "formulas",
  numberFormat: "numberFormat",
  numberFormatLocal: "numberFormat",
  text: "text",
  valueTypes: "valueTypes",
};

type ClearApplyTo = "All" | "Formats" | "Contents" | "Hyperlinks" | "RemoveHyperlinks" | "ResetContents";

/** A range's cells; every range proxy is a HostRange (range.ts), which adds navigation and the sheet-shaping actions. */
export abstract class HostRangeCells extends HostObject<RangeTarget> {
  protected readonly _scalarProperties = [
    "address",
    "addressLocal",
    "cellCount",
    "columnCount",
    "columnIndex",
    "formulas",
    "formulasLocal",
    "formulasR1C1",
    "hasSpill",
    "isEntireColumn",
    "isEntireRow",
    "numberFormat",
    "numberFormatLocal",
    "rowCount",
    "rowHidden",
    "rowIndex",
    "columnHidden",
    "text",
    "valueTypes",
    "values",
  ] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => RangeTarget | null, nullable = false) {
    super(ctx, path, resolve, nullable, false);
  }

  protected override _alive(t: RangeTarget): boolean {
    return !t.sheet.deleted;
  }

  protected get _model(): WorkbookModel {
    return this.context.engine.model;
  }

  protected _read(t: RangeTarget, name: string, io: SyncIO): unknown {
    if (name === "formulasR1C1") {
      io.readCells(cellCount(t.rect));
      const { values } = t.sheet.grid.readMeasured(t.rect, "formulas");
      const out = values.map((row, i) => row.map((f, j) => toR1C1(f, t.rect.r0 + i, t.rect.c0 + j)));
      io.addResponse(JSON.stringify(out).length);
      return out;
    }
    const cellProp = CELL_PROPS[name];
    if (cellProp) {
      io.readCells(cellCount(t.rect));
      const { values, bytes } = t.sheet.grid.readMeasured(t.rect, cellProp);
      io.addResponse(bytes);
      return values;
    }
    const r = t.rect;
    switch (name) {
      case "address":
      case "addressLocal":
        return this._counted(io, formatAddress(t.sheet.name, r));
      case "rowCount":
        return this._counted(io, rowCount(r));
      case "columnCount":
        return this._counted(io, columnCount(r));
      case "rowIndex":
        return this._counted(io, r.r0);
      case "columnIndex":
        return this._counted(io, r.c0);
      case "cellCount":
        return this._counted(io, cellCount(r));
      case "isEntireRow":
        return this._counted(io, r.c0 === 0 && r.c1 === MAX_COLUMNS - 1);
      case "isEntireColumn":
        return this._counted(io, r.r0 === 0 && r.r1 === MAX_ROWS - 1);
      case "rowHidden":
        return this._counted(io, rowHidden(t));
      case "columnHidden":
        return this._counted(io, columnHidden(t));
      case "hasSpill":
        return this._counted(io, hasSpill(t.sheet, r));
    }
    return this._unknown(name);
  }

  // ---- loadable properties ----
  get address(): string {
    return this._get("address");
  }
  get addressLocal(): string {
    return this._get("addressLocal");
  }
  get rowCount(): number {
    return this._get("rowCount");
  }
  get columnCount(): number {
    return this._get("columnCount");
  }
  get rowIndex(): number {
    return this._get("rowIndex");
  }
  get columnIndex(): number {
    return this._get("columnIndex");
  }
  get cellCount(): number {
    return this._get("cellCount");
  }
  get isEntireRow(): boolean {
    return this._get("isEntireRow");
  }
  get isEntireColumn(): boolean {
    return this._get("isEntireColumn");
  }
  get text(): string[][] {
    return this._get("text");
  }
  get valueTypes(): Excel.RangeValueType[][] {
    return this._get("valueTypes");
  }
  /** ExcelApi 1.12: true when every cell is in a spill range, false when none is, null when some are. */
  get hasSpill(): boolean {
    return this._get("hasSpill");
  }

  get values(): any[][] {
    return this._get("values");
  }
  set values(v: any[][]) {
    this._setCells("values", v);
  }
  get formulas(): any[][] {
    return this._get("formulas");
  }
  set formulas(v: any[][]) {
    this._setCells("formulas", v);
  }
  get formulasLocal(): any[][] {
    return this._get("formulasLocal");
  }
  set formulasLocal(v: any[][]) {
    this._setCells("formulasLocal", v);
  }
  /** ExcelApi 1.2: formulas in R1C1 notation, relative to each cell (see r1c1.ts). */
  get formulasR1C1(): any[][] {
    return this._get("formulasR1C1");
  }
  set formulasR1C1(v: any[][]) {
    this._setCells("formulasR1C1", v);
  }
  get numberFormat(): any[][] {
    return this._get("numberFormat");
  }
  set numberFormat(v: any[][]) {
    this._setCells("numberFormat", v);
  }
  get numberFormatLocal(): any[][] {
    return this._get("numberFormatLocal");
  }
  set numberFormatLocal(v: any[][]) {
    this._setCells("numberFormatLocal", v);
  }

  /**
   * ExcelApi 1.2. Reads true when every row of the range is hidden (by hand or by a filter), false when none is,
   * null when some are (as Excel documents). Setting it hides or shows the whole rows; showing also shows rows
   * a filter hid.
   */
  get rowHidden(): boolean {
    return this._get("rowHidden");
  }
  set rowHidden(v: boolean) {
    this._set("rowHidden", v, (t) => {
      checkWritable(t.sheet, "formatRows");
      for (let r = t.rect.r0; r <= t.rect.r1; r++) {
        if (v) t.sheet.hiddenRows.add(r);
        else {
          t.sheet.hiddenRows.delete(r);
          t.sheet.filteredRows.delete(r);
        }
      }
    });
  }

  /**
   * ExcelApi 1.2. Reads true when every column of the range is hidden, false when none is, null when some are.
   * Setting it hides or shows the whole columns (column attributes: they move only with whole columns).
   */
  get columnHidden(): boolean {
    return this._get("columnHidden");
  }
  set columnHidden(v: boolean) {
    this._set("columnHidden", v, (t) => {
      checkWritable(t.sheet, "formatColumns");
      for (let c = t.rect.c0; c <= t.rect.c1; c++) {
        if (v) t.sheet.hiddenColumns.add(c);
        else t.sheet.hiddenColumns.delete(c);
      }
    });
  }

  /** Writes reach every cell of the range, hidden rows included (as a Range write does in Excel). */
  private _setCells(name: string, v: unknown): void {
    const model = this._model;
    // In steps: a block of 20,000 rows is applied a slice at a time, the page given turns between (context.ts).
    this._set(name, v, function* (t, io) {
      if (name.startsWith("numberFormat")) {
        checkWritable(t.sheet, "formatCells");
        io.wroteCells(yield* t.sheet.grid.numberFormatSteps(t.rect, v));
      } else {
        checkWritable(t.sheet, "contents");
        const input = name === "formulasR1C1" ? a1Input(v, t.rect) : v;
        io.wroteValues(yield* t.sheet.grid.entrySteps(t.rect, input));
        expandAfterWrite(model, t.sheet, t.rect);
      }
      io.wroteIn(t.sheet, t.rect);
      afterCellsWritten(model, t.sheet, t.rect);
    });
  }

  clear(applyTo?: Excel.ClearApplyTo | ClearApplyTo): void {
    const how = (applyTo ?? "All") as string;
    this._call("clear", [how], (t, io) => {
      checkWritable(t.sheet, how === "Formats" ? "formatCells" : "contents");
      if (how === "All" || how === "Formats" || how === "Contents") t.sheet.grid.clear(t.rect, how);
      else if (how === "ResetContents") t.sheet.grid.clear(t.rect, "Contents");
      else if (how !== "Hyperlinks" && how !== "RemoveHyperlinks")
        throw invalidArgument(`Unknown clear option "${how}".`);
      // Clear All takes validation and conditional formats too, Clear Formats the conditional formats (cell-rules.ts).
      if (how === "All") clearValidation(t.sheet, t.rect);
      if (how === "All" || how === "Formats") clearConditionalFormats(t.sheet, t.rect);
      io.wroteIn(t.sheet, t.rect);
      afterCellsWritten(this._model, t.sheet, t.rect);
    });
  }
}

/** true: every column of the range hidden; false: none; null: some. */
function columnHidden({ sheet, rect }: RangeTarget): boolean | null {
  let hidden = 0;
  for (const c of sheet.hiddenColumns) if (c >= rect.c0 && c <= rect.c1) hidden++;
  return hidden === 0 ? false : hidden === columnCount(rect) ? true : null;
}

/** true: every row of the range hidden; false: none; null: some. Counts through the (small) sets of hidden rows. */
function rowHidden({ sheet, rect }: RangeTarget): boolean | null {
  let hidden = 0;
  for (const r of sheet.hiddenRows) if (r >= rect.r0 && r <= rect.r1) hidden++;
  for (const r of sheet.filteredRows) if (r >= rect.r0 && r <= rect.r1 && !sheet.hiddenRows.has(r)) hidden++;
  return hidden === 0 ? false : hidden === rowCount(rect) ? true : null;
}

/** What a formulasR1C1 write stores: each R1C1 formula as the A1 formula of its cell (a single value fills the range). */
function a1Input(v: unknown, rect: Rect): unknown {
  if (!Array.isArray(v)) {
    if (typeof v !== "string" || !v.startsWith("=")) return v;
    return Array.from({ length: rowCount(rect) }, (_, i) =>
      Array.from({ length: columnCount(rect) }, (_, j) => fromR1C1(v, rect.r0 + i, rect.c0 + j)),
    );
  }
  return v.map((row: unknown, i) =>
    Array.isArray(row) ? row.map((x: unknown, j) => fromR1C1(x, rect.r0 + i, rect.c0 + j)) : row,
  );
}
