// A table's rows (TableRowCollection, TableRow; ExcelApi 1.1, deleteRows and deleteRowsAt ExcelApiOnline 1.1): add
// (inserts, shifting the cells below within the table's columns), getItemAt, a row's index, values, range and
// delete. A TableRow is a position in the table, not its data: it does not follow a row that moves.
import { columnCount } from "./addresses";
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, itemNotFound } from "./errors";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { HostRange } from "./range";
import { checkWritable } from "./protection";
import { addTableRows, bodyRect, dataRowCount, deleteTableRows } from "./tables";
import type { WorkbookModel } from "./workbook-model";
import type { TableModel } from "./model-types";

export class HostTableRowCollection extends HostCollection<HostTableRow, RowRef, TableModel> {
  protected readonly _scalarProperties = ["count"] as const;
  protected readonly _itemProperties = ["index", "values"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => TableModel) {
    super(ctx, path, resolve, false, false);
  }

  private get _model(): WorkbookModel {
    return this.context.engine.model;
  }

  protected _models(t: TableModel): RowRef[] {
    return Array.from({ length: dataRowCount(t) }, (_, index) => ({ table: t, index }));
  }

  protected _itemProxy(ref: RowRef): HostTableRow {
    return new HostTableRow(this.context, `${this._path}.getItemAt(${ref.index})`, () => ref);
  }

  get count(): number {
    return this._get("count");
  }

  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (t) => dataRowCount(t));
  }

  /** Inserts rows (index null/-1/undefined = at the end) and returns the first of them. */
  add(
    index?: number | null,
    values?: Array<Array<boolean | string | number>> | boolean | string | number,
    alwaysInsert?: boolean,
  ): HostTableRow {
    let ref: RowRef | null = null;
    this._call("add", [index ?? null, values ?? null, alwaysInsert ?? true], (t, io) => {
      checkWritable(t.sheet, "structure");
      const before = dataRowCount(t);
      const at = index === undefined || index === null || index === -1 ? before : index;
      io.wroteValues(addTableRows(this._model, t, index, values));
      io.wroteIn(t.sheet, t.rect);
      ref = { table: t, index: at };
    });
    return new HostTableRow(this.context, `${this._path}.add(${index ?? null})`, () => {
      if (!ref) throw itemNotFound("The row was not added.");
      return ref;
    });
  }

  getItemAt(index: number): HostTableRow {
    return new HostTableRow(this.context, `${this._path}.getItemAt(${index})`, () => ({ table: this._need(), index }));
  }

  /** ExcelApiOnline 1.1. Indexes refer to the rows as they are before the call. */
  deleteRows(rows: number[] | HostTableRow[]): void {
    this._call("deleteRows", [rows.map((r) => (r instanceof HostTableRow ? r._path : r))], (t) => {
      checkWritable(t.sheet, "structure");
      const indexes = rows.map((r) => {
        if (typeof r === "number") return r;
        const ref = r._target();
        if (!ref || ref.table !== t) throw invalidArgument("The row does not belong to this table.");
        return ref.index;
      });
      deleteTableRows(this._model, t, indexes);
    });
  }

  /** ExcelApiOnline 1.1. */
  deleteRowsAt(index: number, count?: number): void {
    const n = count ?? 1;
    this._call("deleteRowsAt", [index, n], (t) => {
      if (!Number.isInteger(n) || n < 1) throw invalidArgument("count must be a positive integer.");
      checkWritable(t.sheet, "structure");
      deleteTableRows(
        this._model,
        t,
        Array.from({ length: n }, (_, i) => index + i),
      );
    });
  }

  private _need(): TableModel {
    return this._target()!;
  }
}

interface RowRef {
  table: TableModel;
  index: number;
}

/** A physical row position in a table (office-js: it does not follow its data). */
export class HostTableRow extends HostObject<RowRef> {
  protected readonly _scalarProperties = ["index", "values"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => RowRef) {
    super(ctx, path, resolve, false, false);
  }

  private _rect(ref: RowRef) {
    const { table, index } = ref;
    if (table.deleted) throw itemNotFound("The table no longer exists.");
    if (!Number.isInteger(index) || index < 0 || index >= dataRowCount(table))
      throw itemNotFound(`Table "${table.name}" has no row ${index}.`);
    const body = bodyRect(table);
    return { ...body, r0: body.r0 + index, r1: body.r0 + index };
  }

  protected _read(ref: RowRef, name: string, io: SyncIO): unknown {
    const rect = this._rect(ref);
    if (name === "index") return this._counted(io, ref.index);
    if (name === "values") {
      io.readCells(columnCount(rect));
      return this._counted(io, ref.table.sheet.grid.read(rect, "values"));
    }
    return this._unknown(name);
  }

  get index(): number {
    return this._get("index");
  }
  get values(): any[][] {
    return this._get("values");
  }
  set values(v: any[][]) {
    this._set("values", v, (ref, io) => {
      const rect = this._rect(ref);
      checkWritable(ref.table.sheet, "contents");
      io.wroteValues(ref.table.sheet.grid.writeEntries(rect, v));
      io.wroteIn(ref.table.sheet, rect);
    });
  }

  delete(): void {
    this._call("delete", [], (ref) => {
      this._rect(ref);
      checkWritable(ref.table.sheet, "structure");
      deleteTableRows(this.context.engine.model, ref.table, [ref.index]);
    });
  }

  getRange(): HostRange {
    return new HostRange(this.context, `${this._path}.getRange()`, () => {
      const ref = this._target()!;
      return { sheet: ref.table.sheet, rect: this._rect(ref) };
    });
  }
}
