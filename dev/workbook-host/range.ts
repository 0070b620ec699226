// The Range proxy (Excel.Range): a rectangle of cells on a sheet, re-resolved at each sync from its object path.
// Its cells' properties are range-cells.ts's; here is what a range leads to (its sheet, format, validation,
// conditional formats, the ranges derived from it, its tables, merged areas and spills) and what it does to the
// sheet's shape (merge, insert, delete, copyFrom, select).
import { MAX_COLUMNS, MAX_ROWS, Rect, checkInSheet, columnCount, intersection, rowCount } from "./addresses";
import type { HostRequestContext } from "./context";
import { HostRichApiError, hostError, invalidArgument, itemNotFound } from "./errors";
import { HostObject } from "./proxy-base";
import { conditionalFormatsIn, validationsIn } from "./cell-rules";
import { ProtectedAction, checkWritable } from "./protection";
import { mergeCells, mergedAreasIn, unmergeCells } from "./merges";
import { HostDataValidation } from "./validation";
import { deleteCells, insertCells } from "./shifting";
import { spillCovering, spillRect } from "./spills";
import { afterCellsWritten } from "./tables";
import { proxyClass } from "./proxy-registry";
import type { RangeTarget, SheetModel } from "./model-types";
import { HostRangeCells } from "./range-cells";
import { HostRangeFormat } from "./range-format";

/** A range argument (Range proxy or address string) resolved inside a sync. */
export function resolveRangeArg(ctx: HostRequestContext, arg: HostRange | string, sheet: SheetModel): RangeTarget {
  if (typeof arg === "string") return ctx.engine.model.resolveAddress(arg, sheet);
  if (!(arg instanceof HostRange)) throw invalidArgument("Expected a Range or an address.");
  const t = arg._target();
  if (!t) throw itemNotFound("The range argument is a null object.");
  return t;
}

export function checkSameContext(ctx: HostRequestContext, arg: unknown): void {
  if (arg instanceof HostObject && arg.context !== ctx) {
    throw new HostRichApiError("InvalidRequestContext", "Cannot use the object across different request contexts.");
  }
}

export class HostRange extends HostRangeCells {
  // ---- navigation ----
  get worksheet() {
    const HostWorksheet = proxyClass("HostWorksheet");
    return this._nav(
      "worksheet",
      () => new HostWorksheet(this.context, `${this._path}.worksheet`, () => this._need().sheet),
    );
  }

  get format(): HostRangeFormat {
    return this._nav("format", () => new HostRangeFormat(this.context, `${this._path}.format`, () => this._need()));
  }

  /** ExcelApi 1.8: the validation of the range's cells (validation.ts). */
  get dataValidation(): HostDataValidation {
    return this._nav(
      "dataValidation",
      () => new HostDataValidation(this.context, `${this._path}.dataValidation`, () => this._need()),
    );
  }

  /** ExcelApi 1.6: the conditional formats with a cell in the range (conditional-formats.ts). */
  get conditionalFormats() {
    const HostConditionalFormatCollection = proxyClass("HostConditionalFormatCollection");
    return this._nav(
      "conditionalFormats",
      () => new HostConditionalFormatCollection(this.context, `${this._path}.conditionalFormats`, () => this._need()),
    );
  }

  private _need(): RangeTarget {
    const t = this._target();
    if (!t) throw itemNotFound(`${this._path} is a null object.`);
    return t;
  }

  /** A range computed from this one when first used in a sync. */
  private _derive(method: string, args: unknown[], f: (t: RangeTarget) => Rect | null, nullable = false): HostRange {
    for (const a of args) checkSameContext(this.context, a);
    const label = args.map((a) => (a instanceof HostRange ? a._path : JSON.stringify(a))).join(", ");
    return new HostRange(
      this.context,
      `${this._path}.${method}(${label})`,
      () => {
        const t = this._target();
        if (t === null) {
          if (nullable) return null;
          throw itemNotFound(`${this._path} is a null object.`);
        }
        const rect = f(t);
        if (rect === null) {
          if (nullable) return null;
          throw itemNotFound(`${method}: there is no such range.`);
        }
        return { sheet: t.sheet, rect: checkInSheet(rect) };
      },
      nullable,
    );
  }

  getCell(row: number, column: number): HostRange {
    return this._derive("getCell", [row, column], ({ rect }) => ({
      r0: rect.r0 + row,
      c0: rect.c0 + column,
      r1: rect.r0 + row,
      c1: rect.c0 + column,
    }));
  }

  getRow(row: number): HostRange {
    return this._derive("getRow", [row], ({ rect }) => ({ ...rect, r0: rect.r0 + row, r1: rect.r0 + row }));
  }

  getColumn(column: number): HostRange {
    return this._derive("getColumn", [column], ({ rect }) => ({ ...rect, c0: rect.c0 + column, c1: rect.c0 + column }));
  }

  getLastRow(): HostRange {
    return this._derive("getLastRow", [], ({ rect }) => ({ ...rect, r0: rect.r1 }));
  }

  getLastColumn(): HostRange {
    return this._derive("getLastColumn", [], ({ rect }) => ({ ...rect, c0: rect.c1 }));
  }

  getEntireRow(): HostRange {
    return this._derive("getEntireRow", [], ({ rect }) => ({ ...rect, c0: 0, c1: MAX_COLUMNS - 1 }));
  }

  getEntireColumn(): HostRange {
    return this._derive("getEntireColumn", [], ({ rect }) => ({ ...rect, r0: 0, r1: MAX_ROWS - 1 }));
  }

  getResizedRange(deltaRows: number, deltaColumns: number): HostRange {
    return this._derive("getResizedRange", [deltaRows, deltaColumns], ({ rect }) => ({
      ...rect,
      r1: rect.r1 + deltaRows,
      c1: rect.c1 + deltaColumns,
    }));
  }

  getOffsetRange(rowOffset: number, columnOffset: number): HostRange {
    return this._derive("getOffsetRange", [rowOffset, columnOffset], ({ rect }) => ({
      r0: rect.r0 + rowOffset,
      r1: rect.r1 + rowOffset,
      c0: rect.c0 + columnOffset,
      c1: rect.c1 + columnOffset,
    }));
  }

  getRowsAbove(count = 1): HostRange {
    return this._derive("getRowsAbove", [count], ({ rect }) => ({ ...rect, r0: rect.r0 - count, r1: rect.r0 - 1 }));
  }

  getRowsBelow(count = 1): HostRange {
    return this._derive("getRowsBelow", [count], ({ rect }) => ({ ...rect, r0: rect.r1 + 1, r1: rect.r1 + count }));
  }

  getColumnsBefore(count = 1): HostRange {
    return this._derive("getColumnsBefore", [count], ({ rect }) => ({ ...rect, c0: rect.c0 - count, c1: rect.c0 - 1 }));
  }

  getColumnsAfter(count = 1): HostRange {
    return this._derive("getColumnsAfter", [count], ({ rect }) => ({ ...rect, c0: rect.c1 + 1, c1: rect.c1 + count }));
  }

  getIntersection(anotherRange: HostRange | string): HostRange {
    return this._derive("getIntersection", [anotherRange], (t) => this._intersect(t, anotherRange));
  }

  getIntersectionOrNullObject(anotherRange: HostRange | string): HostRange {
    return this._derive("getIntersectionOrNullObject", [anotherRange], (t) => this._intersect(t, anotherRange), true);
  }

  private _intersect(t: RangeTarget, other: HostRange | string): Rect | null {
    const o = resolveRangeArg(this.context, other, t.sheet);
    if (o.sheet !== t.sheet) throw invalidArgument("The ranges are on different worksheets.");
    return intersection(t.rect, o.rect);
  }

  getBoundingRect(anotherRange: HostRange | string): HostRange {
    return this._derive("getBoundingRect", [anotherRange], (t) => {
      const o = resolveRangeArg(this.context, anotherRange, t.sheet);
      if (o.sheet !== t.sheet) throw invalidArgument("The ranges are on different worksheets.");
      const a = t.rect,
        b = o.rect;
      return { r0: Math.min(a.r0, b.r0), c0: Math.min(a.c0, b.c0), r1: Math.max(a.r1, b.r1), c1: Math.max(a.c1, b.c1) };
    });
  }

  /** The used part of this range; ItemNotFound when it holds nothing (getUsedRangeOrNullObject: null object). */
  getUsedRange(valuesOnly?: boolean): HostRange {
    return this._derive("getUsedRange", [valuesOnly ?? false], (t) => this._used(t, valuesOnly));
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): HostRange {
    return this._derive("getUsedRangeOrNullObject", [valuesOnly ?? false], (t) => this._used(t, valuesOnly), true);
  }

  private _used(t: RangeTarget, valuesOnly?: boolean): Rect | null {
    const used = t.sheet.grid.usedRect(!!valuesOnly);
    return used ? intersection(used, t.rect) : null;
  }

  /** ExcelApi 1.12: on an anchor cell, the range its result spills over (null object otherwise). */
  getSpillingToRangeOrNullObject(): HostRange {
    return this._derive(
      "getSpillingToRangeOrNullObject",
      [],
      ({ sheet, rect }) => {
        const s = sheet.spills.find((x) => x.r === rect.r0 && x.c === rect.c0);
        return s && rect.r0 === rect.r1 && rect.c0 === rect.c1 ? spillRect(s) : null;
      },
      true,
    );
  }

  /** ExcelApi 1.12: on one cell of a spill range, its anchor cell (null object otherwise). */
  getSpillParentOrNullObject(): HostRange {
    return this._derive(
      "getSpillParentOrNullObject",
      [],
      ({ sheet, rect }) => {
        const s = rect.r0 === rect.r1 && rect.c0 === rect.c1 ? spillCovering(sheet, rect.r0, rect.c0) : undefined;
        return s ? { r0: s.r, c0: s.c, r1: s.r, c1: s.c } : null;
      },
      true,
    );
  }

  /** ExcelApi 1.13: the merged areas overlapping the range, whole (null object when there are none). */
  getMergedAreasOrNullObject() {
    const HostRangeAreas = proxyClass("HostRangeAreas");
    return new HostRangeAreas(
      this.context,
      `${this._path}.getMergedAreasOrNullObject()`,
      () => {
        const t = this._need();
        const rects = mergedAreasIn(t.sheet, t.rect);
        return rects.length ? { sheet: t.sheet, rects } : null;
      },
      true,
    );
  }

  /** ExcelApi 1.9: the tables overlapping the range, or only those fully inside it. */
  getTables(fullyContained?: boolean) {
    const HostTableCollection = proxyClass("HostTableCollection");
    return new HostTableCollection(
      this.context,
      `${this._path}.getTables(${!!fullyContained})`,
      () => this._need().sheet,
      () => ({ rect: this._need().rect, fully: !!fullyContained }),
    );
  }

  // ---- actions ----
  /** ExcelApi 1.2: see merges.ts. */
  merge(across?: boolean): void {
    this._call("merge", [!!across], (t) => {
      checkWritable(t.sheet, "formatCells");
      mergeCells(this._model, t.sheet, t.rect, !!across);
    });
  }

  unmerge(): void {
    this._call("unmerge", [], (t) => {
      checkWritable(t.sheet, "formatCells");
      unmergeCells(t.sheet, t.rect);
    });
  }

  delete(shift: Excel.DeleteShiftDirection | "Up" | "Left"): void {
    this._call("delete", [shift], (t, io) => {
      checkWritable(t.sheet, "contents"); // the deleted cells are locked: Excel refuses even with allowDeleteRows
      io.wroteIn(t.sheet, t.rect);
      deleteCells(this._model, t.sheet, t.rect, shift);
    });
  }

  insert(shift: Excel.InsertShiftDirection | "Down" | "Right"): HostRange {
    this._call("insert", [shift], (t, io) => {
      checkWritable(t.sheet, insertNeeds(t.rect));
      io.wroteIn(t.sheet, t.rect);
      insertCells(this._model, t.sheet, t.rect, shift);
    });
    return this._derive("insert", [shift], ({ rect }) => rect);
  }

  /**
   * Copies the source's cells onto this range, anchored at its top-left cell (the source's size; Excel's tiling
   * onto a larger multiple of the source is not modelled). One action: it applies whole or not at all.
   * copyType All (default): contents, number formats, text prefixes; Values: contents as constants (a formula
   * cell gives its value), keeping this range's formats; Formats: number formats only. skipBlanks leaves the
   * cells under blank source cells unchanged. The source may be on another sheet; overlapping copies read the
   * source before writing.
   */
  copyFrom(
    sourceRange: HostRange | string,
    copyType?: Excel.RangeCopyType | "All" | "Formulas" | "Values" | "Formats",
    skipBlanks?: boolean,
    transpose?: boolean,
  ): void {
    checkSameContext(this.context, sourceRange);
    const how = (copyType ?? "All") as string;
    const label = sourceRange instanceof HostRange ? sourceRange._path : sourceRange;
    this._call("copyFrom", [label, how, !!skipBlanks, !!transpose], (t, io) => {
      if (!["All", "Formulas", "Values", "Formats"].includes(how)) throw invalidArgument(`Unknown copy type "${how}".`);
      if (transpose) throw invalidArgument("copyFrom with transpose is not modelled by the host.");
      checkWritable(t.sheet, how === "Formats" ? "formatCells" : "contents");
      const src = resolveRangeArg(this.context, sourceRange, t.sheet);
      if (
        how !== "Values" &&
        (validationsIn(src.sheet, src.rect).length || conditionalFormatsIn(src.sheet, src.rect).length)
      )
        throw hostError(
          "NotImplemented",
          "Copying validation or conditional formats (copyFrom All or Formats) is not modelled by the host.",
        );
      const rows = rowCount(src.rect),
        cols = columnCount(src.rect);
      const dest = checkInSheet({ r0: t.rect.r0, c0: t.rect.c0, r1: t.rect.r0 + rows - 1, c1: t.rect.c0 + cols - 1 });
      const cells = [];
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) cells.push(src.sheet.grid.get(src.rect.r0 + r, src.rect.c0 + c));
      let i = 0;
      for (let r = dest.r0; r <= dest.r1; r++) {
        for (let c = dest.c0; c <= dest.c1; c++) {
          const from = cells[i++];
          const blank = from === undefined || (from.value === "" && from.formula === undefined);
          if (skipBlanks && blank) continue;
          const cur = t.sheet.grid.get(r, c);
          const format = how === "Values" ? cur?.format : how === "Formats" ? from?.format : from?.format;
          if (how === "Formats") {
            t.sheet.grid.put(r, c, {
              value: cur?.value ?? "",
              formula: cur?.formula,
              format,
              quotePrefix: cur?.quotePrefix,
            });
            continue;
          }
          const keepFormula = how !== "Values" && from?.formula !== undefined;
          t.sheet.grid.put(r, c, {
            value: from?.value ?? "",
            formula: keepFormula ? from?.formula : undefined,
            format,
            quotePrefix: from?.quotePrefix,
          });
        }
      }
      if (how === "Formats") io.wroteCells(rows * cols);
      else io.wroteValues(rows * cols);
      io.wroteIn(t.sheet, dest);
      afterCellsWritten(this._model, t.sheet, dest);
    });
  }

  select(): void {
    this._call("select", [], (t) => {
      this._model.activate(t.sheet);
      this._model.selection = { sheet: t.sheet, rect: t.rect };
    });
  }

  calculate(): void {
    this._call("calculate", [], () => undefined);
  }
}

/** Whole rows may be inserted into a protected sheet that allows it; any other insert shifts locked cells. */
function insertNeeds(r: Rect): ProtectedAction {
  if (r.c0 === 0 && r.c1 === MAX_COLUMNS - 1) return "insertRows";
  if (r.r0 === 0 && r.r1 === MAX_ROWS - 1) return "insertColumns";
  return "contents";
}
