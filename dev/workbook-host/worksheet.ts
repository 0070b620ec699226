// Worksheet proxies: the collection, one sheet, and its freeze panes.
import { MAX_COLUMNS, MAX_ROWS, parseAddress, rectFromIndexes } from "./addresses";
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, itemNotFound } from "./errors";
import { sameName } from "./names";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { HostPivotTableCollection } from "./pivot";
import { HostWorksheetProtection } from "./protection";
import { HostRange } from "./range";
import { HostTableCollection } from "./table";
import type { WorkbookModel } from "./workbook-model";
import type { SheetModel } from "./model-types";

export class HostWorksheet extends HostObject<SheetModel> {
  protected readonly _scalarProperties = ["id", "name", "position", "visibility", "tabColor", "showGridlines"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => SheetModel | null, nullable = false) {
    super(ctx, path, resolve, nullable, true);
  }

  private get _model(): WorkbookModel {
    return this.context.engine.model;
  }

  protected override _alive(s: SheetModel): boolean {
    return !s.deleted;
  }

  protected _read(s: SheetModel, name: string, io: SyncIO): unknown {
    switch (name) {
      case "id":
        return this._counted(io, s.id);
      case "name":
        return this._counted(io, s.name);
      case "position":
        return this._counted(io, this._model.sheets.indexOf(s));
      case "visibility":
        return this._counted(io, s.visibility);
      case "tabColor":
        return this._counted(io, "");
      case "showGridlines":
        return this._counted(io, true);
    }
    return this._unknown(name);
  }

  get id(): string {
    return this._get("id");
  }
  get name(): string {
    return this._get("name");
  }
  set name(v: string) {
    this._set("name", v, (s) => this._model.renameSheet(s, v));
  }
  get position(): number {
    return this._get("position");
  }
  set position(v: number) {
    this._set("position", v, (s) => this._model.moveSheet(s, v));
  }
  get visibility(): Excel.SheetVisibility | "Visible" | "Hidden" | "VeryHidden" {
    return this._get("visibility");
  }
  set visibility(v: Excel.SheetVisibility | "Visible" | "Hidden" | "VeryHidden") {
    this._set("visibility", v, (s) => this._model.setVisibility(s, v as string));
  }
  get tabColor(): string {
    return this._get("tabColor");
  }
  get showGridlines(): boolean {
    return this._get("showGridlines");
  }

  get tables(): HostTableCollection {
    return this._nav(
      "tables",
      () => new HostTableCollection(this.context, `${this._path}.tables`, () => this._sheetOrThrow()),
    );
  }

  get freezePanes(): HostWorksheetFreezePanes {
    return this._nav(
      "freezePanes",
      () => new HostWorksheetFreezePanes(this.context, `${this._path}.freezePanes`, () => this._sheetOrThrow()),
    );
  }

  /** The PivotTables on this sheet (ExcelApi 1.3). */
  get pivotTables(): HostPivotTableCollection {
    return this._nav(
      "pivotTables",
      () => new HostPivotTableCollection(this.context, `${this._path}.pivotTables`, () => this._sheetOrThrow()),
    );
  }

  /** ExcelApi 1.2. */
  get protection(): HostWorksheetProtection {
    return this._nav(
      "protection",
      () => new HostWorksheetProtection(this.context, `${this._path}.protection`, () => this._sheetOrThrow()),
    );
  }

  private _sheetOrThrow(): SheetModel {
    const s = this._target();
    if (!s) throw itemNotFound(`${this._path} is a null object.`);
    return s;
  }

  activate(): void {
    this._call("activate", [], (s) => this._model.activate(s));
  }

  delete(): void {
    this._call("delete", [], (s) => this._model.deleteSheet(s));
  }

  /** Whole sheet when no address; an address naming another sheet is refused. */
  getRange(address?: string): HostRange {
    return new HostRange(this.context, `${this._path}.getRange(${JSON.stringify(address ?? "")})`, () => {
      const sheet = this._sheetOrThrow();
      if (address === undefined || address === "")
        return { sheet, rect: { r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLUMNS - 1 } };
      const p = parseAddress(address);
      if (p.sheet !== undefined && !sameName(p.sheet, sheet.name)) {
        throw invalidArgument(`The address "${address}" is not on worksheet "${sheet.name}".`);
      }
      return { sheet, rect: p.rect };
    });
  }

  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): HostRange {
    const args = [startRow, startColumn, rowCount, columnCount].join(", ");
    return new HostRange(this.context, `${this._path}.getRangeByIndexes(${args})`, () => ({
      sheet: this._sheetOrThrow(),
      rect: rectFromIndexes(startRow, startColumn, rowCount, columnCount),
    }));
  }

  getCell(row: number, column: number): HostRange {
    return new HostRange(this.context, `${this._path}.getCell(${row}, ${column})`, () => ({
      sheet: this._sheetOrThrow(),
      rect: rectFromIndexes(row, column, 1, 1),
    }));
  }

  /** An empty sheet's used range is A1 (as in Excel); getUsedRangeOrNullObject gives a null object instead. */
  getUsedRange(valuesOnly?: boolean): HostRange {
    return new HostRange(this.context, `${this._path}.getUsedRange(${!!valuesOnly})`, () => {
      const sheet = this._sheetOrThrow();
      return { sheet, rect: sheet.grid.usedRect(!!valuesOnly) ?? { r0: 0, c0: 0, r1: 0, c1: 0 } };
    });
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): HostRange {
    return new HostRange(
      this.context,
      `${this._path}.getUsedRangeOrNullObject(${!!valuesOnly})`,
      () => {
        const sheet = this._target();
        if (!sheet) return null;
        const rect = sheet.grid.usedRect(!!valuesOnly);
        return rect ? { sheet, rect } : null;
      },
      true,
    );
  }
}

export class HostWorksheetFreezePanes extends HostObject<SheetModel> {
  protected readonly _scalarProperties = [] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => SheetModel) {
    super(ctx, path, resolve, false, true);
  }

  protected _read(_s: SheetModel, name: string): unknown {
    return this._unknown(name);
  }

  freezeRows(count?: number): void {
    this._call("freezeRows", [count ?? 1], (s) => {
      const n = count ?? 1;
      if (!Number.isInteger(n) || n < 0 || n >= MAX_ROWS) throw invalidArgument("Invalid row count.");
      s.frozenRows = n;
    });
  }

  freezeColumns(count?: number): void {
    this._call("freezeColumns", [count ?? 1], (s) => {
      const n = count ?? 1;
      if (!Number.isInteger(n) || n < 0 || n >= MAX_COLUMNS) throw invalidArgument("Invalid column count.");
      s.frozenColumns = n;
    });
  }

  unfreeze(): void {
    this._call("unfreeze", [], (s) => {
      s.frozenRows = 0;
      s.frozenColumns = 0;
    });
  }

  getLocationOrNullObject(): HostRange {
    return new HostRange(
      this.context,
      `${this._path}.getLocationOrNullObject()`,
      () => {
        const s = this._target();
        if (!s || (s.frozenRows === 0 && s.frozenColumns === 0)) return null;
        return {
          sheet: s,
          rect: {
            r0: 0,
            c0: 0,
            r1: s.frozenRows ? s.frozenRows - 1 : MAX_ROWS - 1,
            c1: s.frozenColumns ? s.frozenColumns - 1 : MAX_COLUMNS - 1,
          },
        };
      },
      true,
    );
  }
}

type WorkbookRoot = WorkbookModel;

export class HostWorksheetCollection extends HostCollection<HostWorksheet, SheetModel, WorkbookRoot> {
  protected readonly _scalarProperties = [] as const;
  protected readonly _itemProperties = ["id", "name", "position", "visibility"] as const;

  constructor(ctx: HostRequestContext, path: string) {
    super(ctx, path, () => ctx.engine.model, false, true);
  }

  protected _models(wb: WorkbookRoot): SheetModel[] {
    return wb.sheets;
  }

  protected _itemProxy(s: SheetModel): HostWorksheet {
    return new HostWorksheet(this.context, `${this._path}.getItem(${JSON.stringify(s.id)})`, () => s);
  }

  private get _model(): WorkbookModel {
    return this.context.engine.model;
  }

  private _find(key: string): SheetModel | null {
    return this._model.sheets.find((s) => s.id === key) ?? this._model.findSheet(key);
  }

  add(name?: string): HostWorksheet {
    let created: SheetModel | null = null;
    this._call("add", [name ?? null], () => (created = this._model.addSheet(name)));
    return new HostWorksheet(this.context, `${this._path}.add(${JSON.stringify(name ?? null)})`, () => {
      if (!created) throw itemNotFound("The worksheet was not added.");
      return created;
    });
  }

  getItem(key: string): HostWorksheet {
    return new HostWorksheet(this.context, `${this._path}.getItem(${JSON.stringify(key)})`, () => {
      const s = this._find(key);
      if (!s) throw itemNotFound(`The worksheet "${key}" does not exist.`);
      return s;
    });
  }

  getItemOrNullObject(key: string): HostWorksheet {
    return new HostWorksheet(
      this.context,
      `${this._path}.getItemOrNullObject(${JSON.stringify(key)})`,
      () => this._find(key),
      true,
    );
  }

  getActiveWorksheet(): HostWorksheet {
    return new HostWorksheet(this.context, `${this._path}.getActiveWorksheet()`, () => this._model.activeSheet);
  }

  getFirst(visibleOnly?: boolean): HostWorksheet {
    return new HostWorksheet(this.context, `${this._path}.getFirst()`, () => {
      const s = this._model.sheets.find((x) => !visibleOnly || x.visibility === "Visible");
      if (!s) throw itemNotFound("No worksheet.");
      return s;
    });
  }

  getCount(visibleOnly?: boolean): HostClientResult<number> {
    return this._callResult(
      "getCount",
      [!!visibleOnly],
      (wb) => wb.sheets.filter((s) => !visibleOnly || s.visibility === "Visible").length,
    );
  }
}
