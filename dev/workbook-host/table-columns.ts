// Table columns: TableColumnCollection and TableColumn (ExcelApi 1.1; see each member for its set).
import { columnCount, rowCount } from "./addresses";
import type { HostRequestContext, SyncIO } from "./context";
import { invalidOperation, itemNotFound } from "./errors";
import { HostFilter } from "./filter";
import { sameName } from "./names";
import { checkWritable } from "./protection";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { HostRange } from "./range";
import { deleteCells } from "./shifting";
import { addTableColumn, bodyRect, headerNames, headerRect } from "./tables";
import { totalRect } from "./total-row";
import type { TableModel } from "./model-types";

interface ColumnRef {
  table: TableModel;
  index: number;
}

export class HostTableColumnCollection extends HostCollection<HostTableColumn, ColumnRef, TableModel> {
  protected readonly _scalarProperties = ["count"] as const;
  protected readonly _itemProperties = ["id", "index", "name"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => TableModel) {
    super(ctx, path, resolve, false, false);
  }

  protected _models(t: TableModel): ColumnRef[] {
    return Array.from({ length: columnCount(t.rect) }, (_, index) => ({ table: t, index }));
  }

  protected _itemProxy(ref: ColumnRef): HostTableColumn {
    return new HostTableColumn(this.context, `${this._path}.getItemAt(${ref.index})`, () => ref);
  }

  get count(): number {
    return this._get("count");
  }

  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (t) => columnCount(t.rect));
  }

  /** ExcelApi 1.1 (index null/-1 and `name`: ExcelApi 1.4). See addTableColumn for what `values` holds. */
  add(
    index?: number | null,
    values?: Array<Array<boolean | string | number>> | boolean | string | number,
    name?: string,
  ): HostTableColumn {
    let ref: ColumnRef | null = null;
    this._call("add", [index ?? null, values ?? null, name ?? null], (t, io) => {
      checkWritable(t.sheet, "structure");
      const at = index === undefined || index === null || index === -1 ? columnCount(t.rect) : index;
      io.wroteValues(addTableColumn(this.context.engine.model, t, index, values, name));
      io.wroteIn(t.sheet, t.rect);
      ref = { table: t, index: at };
    });
    return new HostTableColumn(this.context, `${this._path}.add(${index ?? null})`, () => {
      if (!ref) throw itemNotFound("The column was not added.");
      return ref;
    });
  }

  getItemAt(index: number): HostTableColumn {
    return new HostTableColumn(this.context, `${this._path}.getItemAt(${index})`, () => {
      const t = this._target()!;
      if (index < 0 || index >= columnCount(t.rect)) throw itemNotFound(`No column ${index}.`);
      return { table: t, index };
    });
  }

  getItem(key: number | string): HostTableColumn {
    return this._byKey(key, false);
  }

  getItemOrNullObject(key: number | string): HostTableColumn {
    return this._byKey(key, true);
  }

  private _byKey(key: number | string, nullable: boolean): HostTableColumn {
    return new HostTableColumn(
      this.context,
      `${this._path}.getItem(${JSON.stringify(key)})`,
      () => {
        const t = this._target()!;
        const names = headerNames(t);
        // A number is the column's id (TableColumn.id), a text its name.
        const index = typeof key === "number" ? t.columnIds.indexOf(key) : names.findIndex((n) => sameName(n, key));
        if (index < 0 || index >= names.length) {
          if (nullable) return null;
          throw itemNotFound(`The column "${key}" does not exist.`);
        }
        return { table: t, index };
      },
      nullable,
    );
  }
}

export class HostTableColumn extends HostObject<ColumnRef> {
  protected readonly _scalarProperties = ["id", "index", "name"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => ColumnRef | null, nullable = false) {
    super(ctx, path, resolve, nullable, false);
  }

  protected _read(ref: ColumnRef, name: string, io: SyncIO): unknown {
    switch (name) {
      case "id":
        return this._counted(io, ref.table.columnIds[ref.index]);
      case "index":
        return this._counted(io, ref.index);
      case "name":
        return this._counted(io, headerNames(ref.table)[ref.index]);
      case "values": {
        const rect = { ...ref.table.rect, c0: ref.table.rect.c0 + ref.index, c1: ref.table.rect.c0 + ref.index };
        io.readCells(rowCount(rect));
        return this._counted(io, ref.table.sheet.grid.read(rect, "values"));
      }
    }
    return this._unknown(name);
  }

  get id(): number {
    return this._get("id");
  }
  get index(): number {
    return this._get("index");
  }
  get name(): string {
    return this._get("name");
  }
  get values(): any[][] {
    return this._get("values");
  }

  /** ExcelApi 1.2. */
  get filter(): HostFilter {
    return this._nav("filter", () => new HostFilter(this.context, `${this._path}.filter`, () => this._target()));
  }

  private _col(part: "all" | "header" | "body" | "total"): HostRange {
    return new HostRange(this.context, `${this._path}.get${part}Range()`, () => {
      const ref = this._target();
      if (!ref) throw itemNotFound("Null column.");
      const t = ref.table;
      const c = t.rect.c0 + ref.index;
      const base = { all: t.rect, body: bodyRect(t), header: headerRect(t), total: totalRect(t) }[part];
      if (!base) throw itemNotFound(`The table does not show its ${part === "total" ? "Total Row" : "header row"}.`);
      return { sheet: t.sheet, rect: { ...base, c0: c, c1: c } };
    });
  }

  /**
   * ExcelApi 1.1: deletes the column from the table (its cells in the table's rows; the cells right of it in those
   * rows shift left, as Range.delete("Left") on the column does). The last column cannot go (InvalidOperation).
   */
  delete(): void {
    this._call("delete", [], (ref) => {
      const t = ref.table;
      if (t.rect.c0 === t.rect.c1) throw invalidOperation(`Table "${t.name}" must keep at least one column.`);
      checkWritable(t.sheet, "structure");
      const c = t.rect.c0 + ref.index;
      deleteCells(this.context.engine.model, t.sheet, { ...t.rect, c0: c, c1: c }, "Left");
    });
  }

  getRange(): HostRange {
    return this._col("all");
  }
  getDataBodyRange(): HostRange {
    return this._col("body");
  }
  getHeaderRowRange(): HostRange {
    return this._col("header");
  }
  /** ExcelApi 1.1: the column's cell in the Total Row (ItemNotFound while the table has none). */
  getTotalRowRange(): HostRange {
    return this._col("total");
  }
}
