// Table proxies: collections (workbook-wide, per sheet, or a range's getTables) and tables; their rows and columns
// are table-rows.ts's and table-columns.ts's.
import { Rect, contains, intersects } from "./addresses";
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, itemNotFound } from "./errors";
import { sameName } from "./names";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { HostRange, checkSameContext, resolveRangeArg } from "./range";
import { HostAutoFilter, clearFilter, evaluateFilter } from "./filter";
import { checkWritable } from "./protection";
import {
  addTable,
  bodyRect,
  convertToRange,
  deleteTable,
  headerNames,
  headerRect,
  renameTable,
  resizeTable,
  setShowHeaders,
  tablesOn,
} from "./tables";
import { HostTableColumnCollection } from "./table-columns";
import { HostTableRowCollection } from "./table-rows";
import { HostTableSort } from "./table-sort";
import { setShowTotals, totalRect } from "./total-row";
import type { WorkbookModel } from "./workbook-model";
import { proxyClass } from "./proxy-registry";
import type { SheetModel, TableModel } from "./model-types";

interface TableScope {
  sheet: SheetModel | null;
  /** Range.getTables (ExcelApi 1.9): the tables overlapping this rect of the sheet, or fully inside it. */
  within?: { rect: Rect; fully: boolean };
}

export class HostTableCollection extends HostCollection<HostTable, TableModel, TableScope> {
  protected readonly _scalarProperties = ["count"] as const;
  protected readonly _itemProperties = ["id", "name", "showHeaders", "showTotals", "style"] as const;

  /** @param sheet the owning sheet, or undefined for workbook.tables; `within` for a range's getTables */
  constructor(
    ctx: HostRequestContext,
    path: string,
    sheet?: () => SheetModel,
    within?: () => { rect: Rect; fully: boolean },
  ) {
    super(ctx, path, () => ({ sheet: sheet ? sheet() : null, within: within?.() }), false, false);
  }

  private get _model(): WorkbookModel {
    return this.context.engine.model;
  }

  protected _models(scope: TableScope): TableModel[] {
    const all = scope.sheet ? tablesOn(this._model, scope.sheet) : this._model.tables;
    const w = scope.within;
    return w ? all.filter((t) => (w.fully ? contains(w.rect, t.rect) : intersects(w.rect, t.rect))) : all;
  }

  protected _itemProxy(t: TableModel): HostTable {
    return new HostTable(this.context, `workbook.tables.getItem(${JSON.stringify(t.id)})`, () => t);
  }

  get count(): number {
    return this._get("count");
  }

  add(address: HostRange | string, hasHeaders: boolean): HostTable {
    checkSameContext(this.context, address);
    let created: TableModel | null = null;
    const label = address instanceof HostRange ? address._path : JSON.stringify(address);
    this._call("add", [label, hasHeaders], (scope) => {
      const model = this._model;
      const base = scope.sheet ?? model.activeSheet;
      const target = resolveRangeArg(this.context, address, base);
      if (scope.sheet && target.sheet !== scope.sheet) throw invalidArgument("The address is not on this worksheet.");
      checkWritable(target.sheet, "structure");
      created = addTable(model, target.sheet, target.rect, !!hasHeaders);
    });
    return new HostTable(this.context, `${this._path}.add(${label})`, () => {
      if (!created) throw itemNotFound("The table was not added.");
      return created;
    });
  }

  private _find(scope: TableScope, key: string): TableModel | null {
    return this._models(scope).find((t) => t.id === key || sameName(t.name, key)) ?? null;
  }

  getItem(key: string): HostTable {
    return new HostTable(this.context, `${this._path}.getItem(${JSON.stringify(key)})`, () => {
      const t = this._find(this._scope(), key);
      if (!t) throw itemNotFound(`The table "${key}" does not exist.`);
      return t;
    });
  }

  getItemOrNullObject(key: string): HostTable {
    return new HostTable(
      this.context,
      `${this._path}.getItemOrNullObject(${JSON.stringify(key)})`,
      () => this._find(this._scope(), key),
      true,
    );
  }

  getItemAt(index: number): HostTable {
    return new HostTable(this.context, `${this._path}.getItemAt(${index})`, () => {
      const t = this._models(this._scope())[index];
      if (!t) throw itemNotFound(`There is no table at index ${index}.`);
      return t;
    });
  }

  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (scope) => this._models(scope).length);
  }

  private _scope(): TableScope {
    return this._target()!;
  }
}

export class HostTable extends HostObject<TableModel> {
  protected readonly _scalarProperties = [
    "id",
    "name",
    "showHeaders",
    "showTotals",
    "style",
    "showBandedRows",
    "showFilterButton",
  ] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => TableModel | null, nullable = false) {
    super(ctx, path, resolve, nullable, true);
  }

  private get _model(): WorkbookModel {
    return this.context.engine.model;
  }

  protected override _alive(t: TableModel): boolean {
    return !t.deleted;
  }

  protected _read(t: TableModel, name: string, io: SyncIO): unknown {
    switch (name) {
      case "id":
        return this._counted(io, t.id);
      case "name":
        return this._counted(io, t.name);
      case "showHeaders":
        return this._counted(io, t.showHeaders);
      case "showTotals":
        return this._counted(io, t.showTotals);
      case "style":
        return this._counted(io, t.style);
      case "showBandedRows":
        return this._counted(io, true);
      case "showFilterButton":
        return this._counted(io, t.filter.enabled);
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
    this._set("name", v, (t) => {
      checkWritable(t.sheet, "structure");
      renameTable(this._model, t, v);
    });
  }
  get showHeaders(): boolean {
    return this._get("showHeaders");
  }
  set showHeaders(v: boolean) {
    this._set("showHeaders", v, (t) => {
      checkWritable(t.sheet, "structure");
      setShowHeaders(this._model, t, !!v);
    });
  }
  get showTotals(): boolean {
    return this._get("showTotals");
  }
  set showTotals(v: boolean) {
    this._set("showTotals", v, (t) => {
      checkWritable(t.sheet, "structure");
      setShowTotals(this._model, t, !!v, headerNames(t));
    });
  }
  get style(): string {
    return this._get("style");
  }
  set style(v: string) {
    this._set("style", v, (t) => {
      if (typeof v !== "string") throw invalidArgument("A table style is a string.");
      checkWritable(t.sheet, "structure");
      t.style = v;
    });
  }
  get showBandedRows(): boolean {
    return this._get("showBandedRows");
  }
  get showFilterButton(): boolean {
    return this._get("showFilterButton");
  }

  private _need(): TableModel {
    const t = this._target();
    if (!t) throw itemNotFound(`${this._path} is a null object.`);
    return t;
  }

  get worksheet() {
    const HostWorksheet = proxyClass("HostWorksheet");
    return this._nav(
      "worksheet",
      () => new HostWorksheet(this.context, `${this._path}.worksheet`, () => this._need().sheet),
    );
  }

  /** ExcelApi 1.9. */
  get autoFilter(): HostAutoFilter {
    return this._nav(
      "autoFilter",
      () => new HostAutoFilter(this.context, `${this._path}.autoFilter`, () => this._need()),
    );
  }

  /** ExcelApi 1.2: the table's sort (table-sort.ts). */
  get sort(): HostTableSort {
    return this._nav("sort", () => new HostTableSort(this.context, `${this._path}.sort`, () => this._need()));
  }

  /** ExcelApi 1.2: clears every column's criteria and shows the rows they hid. */
  clearFilters(): void {
    this._call("clearFilters", [], (t) => {
      checkWritable(t.sheet, "autoFilter");
      clearFilter(t);
    });
  }

  /** ExcelApi 1.2: evaluates the criteria again over the current values. */
  reapplyFilters(): void {
    this._call("reapplyFilters", [], (t) => {
      checkWritable(t.sheet, "autoFilter");
      evaluateFilter(t);
    });
  }

  get rows(): HostTableRowCollection {
    return this._nav("rows", () => new HostTableRowCollection(this.context, `${this._path}.rows`, () => this._need()));
  }

  get columns(): HostTableColumnCollection {
    return this._nav(
      "columns",
      () => new HostTableColumnCollection(this.context, `${this._path}.columns`, () => this._need()),
    );
  }

  getRange(): HostRange {
    return new HostRange(this.context, `${this._path}.getRange()`, () => {
      const t = this._need();
      return { sheet: t.sheet, rect: t.rect };
    });
  }

  getHeaderRowRange(): HostRange {
    return new HostRange(this.context, `${this._path}.getHeaderRowRange()`, () => {
      const t = this._need();
      const h = headerRect(t);
      if (!h) throw itemNotFound(`Table "${t.name}" does not show its header row.`);
      return { sheet: t.sheet, rect: h };
    });
  }

  /** The body; for a table with no data rows, Excel's single empty insert row. */
  getDataBodyRange(): HostRange {
    return new HostRange(this.context, `${this._path}.getDataBodyRange()`, () => {
      const t = this._need();
      return { sheet: t.sheet, rect: bodyRect(t) };
    });
  }

  getTotalRowRange(): HostRange {
    return new HostRange(this.context, `${this._path}.getTotalRowRange()`, () => {
      const t = this._need();
      const r = totalRect(t);
      if (!r) throw itemNotFound(`Table "${t.name}" does not show its Total Row.`);
      return { sheet: t.sheet, rect: r };
    });
  }

  resize(newRange: HostRange | string): void {
    checkSameContext(this.context, newRange);
    this._call("resize", [newRange instanceof HostRange ? newRange._path : newRange], (t, io) => {
      const r = resolveRangeArg(this.context, newRange, t.sheet);
      checkWritable(t.sheet, "structure");
      io.wroteIn(t.sheet, t.rect);
      resizeTable(this._model, t, r.sheet, r.rect);
    });
  }

  delete(): void {
    this._call("delete", [], (t) => {
      checkWritable(t.sheet, "structure");
      deleteTable(this._model, t);
    });
  }

  convertToRange(): HostRange {
    let rect: { sheet: SheetModel; rect: import("./addresses").Rect } | null = null;
    this._call("convertToRange", [], (t) => {
      checkWritable(t.sheet, "structure");
      rect = { sheet: t.sheet, rect: t.rect };
      convertToRange(this._model, t);
    });
    return new HostRange(this.context, `${this._path}.convertToRange()`, () => {
      if (!rect) throw itemNotFound("The table was not converted.");
      return rect;
    });
  }
}
