// PivotTable proxies: workbook.pivotTables and worksheet.pivotTables (PivotTableCollection, ExcelApi 1.3;
// add ExcelApi 1.8), PivotTable (ExcelApi 1.3; hierarchies and layout ExcelApi 1.8; getDataSourceString /
// getDataSourceType ExcelApi 1.15) and PivotLayout ranges; its hierarchies are pivot-hierarchies.ts's.
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, itemAlreadyExists, itemNotFound } from "./errors";
import { sameName } from "./names";
import { addPivot, dataSourceString, deletePivot, refreshPivot } from "./pivot-model";
import { checkWritable } from "./protection";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { HostRange, checkSameContext, resolveRangeArg } from "./range";
import { HostTable } from "./table";
import type { WorkbookModel } from "./workbook-model";
import { proxyClass } from "./proxy-registry";
import {
  HostDataPivotHierarchyCollection,
  HostPivotHierarchyCollection,
  HostRowColumnPivotHierarchyCollection,
} from "./pivot-hierarchies";
import type { PivotModel, PivotSource, SheetModel } from "./model-types";

interface PivotScope {
  sheet: SheetModel | null;
}

const label = (x: unknown) => (x instanceof HostObject ? x._path : JSON.stringify(x));

export class HostPivotTableCollection extends HostCollection<HostPivotTable, PivotModel, PivotScope> {
  protected readonly _scalarProperties = [] as const;
  protected readonly _itemProperties = ["id", "name"] as const;

  /** @param sheet the owning sheet (worksheet.pivotTables), or undefined for workbook.pivotTables */
  constructor(ctx: HostRequestContext, path: string, sheet?: () => SheetModel) {
    super(ctx, path, () => ({ sheet: sheet ? sheet() : null }), false, false);
  }

  private get _wb(): WorkbookModel {
    return this.context.engine.model;
  }

  protected _models(scope: PivotScope): PivotModel[] {
    return scope.sheet ? this._wb.pivots.filter((p) => p.sheet === scope.sheet) : this._wb.pivots;
  }

  protected _itemProxy(p: PivotModel): HostPivotTable {
    return new HostPivotTable(this.context, `workbook.pivotTables.getItem(${JSON.stringify(p.name)})`, () => p);
  }

  /** ExcelApi 1.8. source: a Range, an address or a Table; destination: the report's top-left cell. */
  add(name: string, source: HostRange | string | HostTable, destination: HostRange | string): HostPivotTable {
    checkSameContext(this.context, source);
    checkSameContext(this.context, destination);
    let created: PivotModel | null = null;
    this._call("add", [name, label(source), label(destination)], (scope) => {
      const base = scope.sheet ?? this._wb.activeSheet;
      const src = this._source(source, base);
      const dest = resolveRangeArg(this.context, destination, base);
      checkWritable(dest.sheet, "structure");
      created = addPivot(this._wb, name, src, dest.sheet, dest.rect);
    });
    return new HostPivotTable(this.context, `${this._path}.add(${JSON.stringify(name)})`, () => {
      if (!created) throw itemNotFound("The PivotTable was not added.");
      return created;
    });
  }

  private _source(source: HostRange | string | HostTable, base: SheetModel): PivotSource {
    if (source instanceof HostTable) {
      const t = source._target();
      if (!t) throw invalidArgument("The source table is a null object.");
      return { table: t };
    }
    return resolveRangeArg(this.context, source, base);
  }

  private _find(name: string): PivotModel | null {
    return this._models(this._target()!).find((p) => sameName(p.name, name)) ?? null;
  }

  getItem(name: string): HostPivotTable {
    return new HostPivotTable(this.context, `${this._path}.getItem(${JSON.stringify(name)})`, () => {
      const p = this._find(name);
      if (!p) throw itemNotFound(`The PivotTable "${name}" does not exist.`);
      return p;
    });
  }

  getItemOrNullObject(name: string): HostPivotTable {
    const path = `${this._path}.getItemOrNullObject(${JSON.stringify(name)})`;
    return new HostPivotTable(this.context, path, () => this._find(name), true);
  }

  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (scope) => this._models(scope).length);
  }

  /** Refreshes every PivotTable in the collection from its source (ExcelApi 1.3). */
  refreshAll(): void {
    this._call("refreshAll", [], (scope) => {
      for (const p of this._models(scope)) {
        checkWritable(p.sheet, "structure");
        refreshPivot(this._wb, p);
      }
    });
  }
}

export class HostPivotTable extends HostObject<PivotModel> {
  protected readonly _scalarProperties = ["id", "name"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => PivotModel | null, nullable = false) {
    super(ctx, path, resolve, nullable, true);
  }

  private get _wb(): WorkbookModel {
    return this.context.engine.model;
  }

  protected override _alive(p: PivotModel): boolean {
    return !p.deleted;
  }

  protected _read(p: PivotModel, name: string, io: SyncIO): unknown {
    if (name === "id") return this._counted(io, p.id);
    if (name === "name") return this._counted(io, p.name);
    return this._unknown(name);
  }

  get id(): string {
    return this._get("id");
  }
  get name(): string {
    return this._get("name");
  }
  set name(v: string) {
    this._set("name", v, (p) => {
      if (typeof v !== "string" || v.trim() === "") throw invalidArgument("A PivotTable needs a name.");
      if (this._wb.pivots.some((o) => o !== p && sameName(o.name, v)))
        throw itemAlreadyExists(`A PivotTable named "${v}" already exists.`);
      p.name = v;
    });
  }

  _need(): PivotModel {
    const p = this._target();
    if (!p) throw itemNotFound(`${this._path} is a null object.`);
    return p;
  }

  get worksheet() {
    const HostWorksheet = proxyClass("HostWorksheet");
    return this._nav(
      "worksheet",
      () => new HostWorksheet(this.context, `${this._path}.worksheet`, () => this._need().sheet),
    );
  }
  get hierarchies(): HostPivotHierarchyCollection {
    return this._nav("hierarchies", () => new HostPivotHierarchyCollection(this, `${this._path}.hierarchies`));
  }
  get rowHierarchies(): HostRowColumnPivotHierarchyCollection {
    return this._nav(
      "rowHierarchies",
      () => new HostRowColumnPivotHierarchyCollection(this, `${this._path}.rowHierarchies`),
    );
  }
  get dataHierarchies(): HostDataPivotHierarchyCollection {
    return this._nav(
      "dataHierarchies",
      () => new HostDataPivotHierarchyCollection(this, `${this._path}.dataHierarchies`),
    );
  }
  get layout(): HostPivotLayout {
    return this._nav("layout", () => new HostPivotLayout(this.context, `${this._path}.layout`, () => this._need()));
  }

  /** Reads the source again and redraws the report (ExcelApi 1.3). */
  refresh(): void {
    this._call("refresh", [], (p) => {
      checkWritable(p.sheet, "structure");
      refreshPivot(this._wb, p);
    });
  }

  /** ExcelApi 1.8: the report's cells are cleared. */
  delete(): void {
    this._call("delete", [], (p) => {
      checkWritable(p.sheet, "structure");
      deletePivot(this._wb, p);
    });
  }

  /** ExcelApi 1.15: the table's name, or the range's address ("Data!$A$1:$C$9"). */
  getDataSourceString(): HostClientResult<string> {
    return this._callResult("getDataSourceString", [], (p) => dataSourceString(p));
  }

  /** ExcelApi 1.15. */
  getDataSourceType(): HostClientResult<Excel.DataSourceType | "Unknown" | "LocalRange" | "LocalTable"> {
    return this._callResult("getDataSourceType", [], (p) => ("table" in p.source ? "LocalTable" : "LocalRange"));
  }
}

/** PivotTable.layout (ExcelApi 1.8): the ranges of the report as drawn at the last change or refresh. */
export class HostPivotLayout extends HostObject<PivotModel> {
  protected readonly _scalarProperties = ["layoutType"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => PivotModel) {
    super(ctx, path, resolve, false, true);
  }

  protected _read(_p: PivotModel, name: string, io: SyncIO): unknown {
    if (name === "layoutType") return this._counted(io, "Compact");
    return this._unknown(name);
  }

  get layoutType(): Excel.PivotLayoutType | "Compact" | "Tabular" | "Outline" {
    return this._get("layoutType");
  }

  private _part(method: string, pick: (p: PivotModel) => { r0: number; c0: number; r1: number; c1: number }) {
    return new HostRange(this.context, `${this._path}.${method}()`, () => {
      const p = this._target()!;
      return { sheet: p.sheet, rect: pick(p) };
    });
  }

  /** The whole report; an empty PivotTable is its top-left cell. */
  getRange(): HostRange {
    return this._part(
      "getRange",
      (p) => p.rendered ?? { r0: p.anchor.r, c0: p.anchor.c, r1: p.anchor.r, c1: p.anchor.c },
    );
  }

  /** The computed values (grand totals included), below the header row and right of the row labels. */
  getDataBodyRange(): HostRange {
    return this._part("getDataBodyRange", (p) => {
      if (!p.rendered || p.dataFields.length === 0) throw itemNotFound("The PivotTable has no data hierarchies.");
      const c0 = p.rendered.c0 + (p.rowFields.length ? 1 : 0);
      return { ...p.rendered, r0: p.rendered.r0 + 1, c0 };
    });
  }

  /** The row labels below the header row, Grand Total included. */
  getRowLabelRange(): HostRange {
    return this._part("getRowLabelRange", (p) => {
      if (!p.rendered || p.rowFields.length === 0) throw itemNotFound("The PivotTable has no row hierarchies.");
      return { ...p.rendered, r0: p.rendered.r0 + 1, c1: p.rendered.c0 };
    });
  }
}
