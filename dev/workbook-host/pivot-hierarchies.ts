// A PivotTable's hierarchies (ExcelApi 1.8): hierarchies (one per source field, as of the last refresh), row
// hierarchies (add, remove, position) and data hierarchies (add, remove, name, summarizeBy: Sum, Count, Average,
// Max, Min; a name Excel made follows summarizeBy). Each change redraws the report from the pivot's cache.
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, itemNotFound } from "./errors";
import { sameName } from "./names";
import { checkAggregation, defaultAggregation, defaultDataName, renderPivot } from "./pivot-model";
import { checkWritable } from "./protection";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { checkSameContext } from "./range";
import type { DataField, PivotModel } from "./model-types";

/** The PivotTable proxy a hierarchy collection belongs to: its context and its model, resolved in the sync. */
export interface PivotHandle {
  readonly context: HostRequestContext;
  _need(): PivotModel;
}

/** A field of the pivot's source, by name. */
interface FieldRef {
  pivot: PivotModel;
  name: string;
}

/** PivotTable.hierarchies: one per source column (as of the last refresh). */
export class HostPivotHierarchyCollection extends HostCollection<HostPivotHierarchy, FieldRef, PivotModel> {
  protected readonly _scalarProperties = [] as const;
  protected readonly _itemProperties = ["id", "name"] as const;

  constructor(
    readonly pivot: PivotHandle,
    path: string,
  ) {
    super(pivot.context, path, () => pivot._need(), false, false);
  }

  protected _models(p: PivotModel): FieldRef[] {
    return p.cache.headers.map((name) => ({ pivot: p, name }));
  }

  protected _itemProxy(ref: FieldRef): HostPivotHierarchy {
    return new HostPivotHierarchy(this.context, `${this._path}.getItem(${JSON.stringify(ref.name)})`, () => ref);
  }

  private _byName(name: string, nullable: boolean): HostPivotHierarchy {
    const path = `${this._path}.getItem${nullable ? "OrNullObject" : ""}(${JSON.stringify(name)})`;
    const find = () => {
      const p = this.pivot._need();
      const header = p.cache.headers.find((h) => sameName(h, name));
      if (header === undefined && !nullable) throw itemNotFound(`The PivotTable has no field "${name}".`);
      return header === undefined ? null : { pivot: p, name: header };
    };
    return new HostPivotHierarchy(this.context, path, find, nullable);
  }

  getItem(name: string): HostPivotHierarchy {
    return this._byName(name, false);
  }
  getItemOrNullObject(name: string): HostPivotHierarchy {
    return this._byName(name, true);
  }
  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (p) => p.cache.headers.length);
  }
}

export class HostPivotHierarchy extends HostObject<FieldRef> {
  protected readonly _scalarProperties = ["id", "name"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => FieldRef | null, nullable = false) {
    super(ctx, path, resolve, nullable, true);
  }

  protected _read(ref: FieldRef, name: string, io: SyncIO): unknown {
    if (name === "id" || name === "name") return this._counted(io, ref.name);
    return this._unknown(name);
  }

  get id(): string {
    return this._get("id");
  }
  get name(): string {
    return this._get("name");
  }
}

/** The field a hierarchy argument stands for, resolved in the sync. */
function fieldOf(pivot: PivotModel, h: HostPivotHierarchy): string {
  const ref = h._target();
  if (!ref || ref.pivot !== pivot) throw invalidArgument("The hierarchy does not belong to this PivotTable.");
  return ref.name;
}

/** PivotTable.rowHierarchies (ExcelApi 1.8). */
export class HostRowColumnPivotHierarchyCollection extends HostCollection<
  HostRowColumnPivotHierarchy,
  FieldRef,
  PivotModel
> {
  protected readonly _scalarProperties = [] as const;
  protected readonly _itemProperties = ["id", "name", "position"] as const;

  constructor(
    readonly pivot: PivotHandle,
    path: string,
  ) {
    super(pivot.context, path, () => pivot._need(), false, false);
  }

  protected _models(p: PivotModel): FieldRef[] {
    return p.rowFields.map((name) => ({ pivot: p, name }));
  }

  protected _itemProxy(ref: FieldRef): HostRowColumnPivotHierarchy {
    return new HostRowColumnPivotHierarchy(
      this.context,
      `${this._path}.getItem(${JSON.stringify(ref.name)})`,
      () => ref,
    );
  }

  /** Adds the field as the innermost row level and redraws the report from the cache (not the source). */
  add(pivotHierarchy: HostPivotHierarchy): HostRowColumnPivotHierarchy {
    checkSameContext(this.context, pivotHierarchy);
    let ref: FieldRef | null = null;
    this._call("add", [pivotHierarchy._path], (p) => {
      checkWritable(p.sheet, "pivotTables");
      const field = fieldOf(p, pivotHierarchy);
      if (p.rowFields.some((f) => sameName(f, field))) throw invalidArgument(`"${field}" is already a row field.`);
      p.rowFields.push(field);
      renderPivot(this.context.engine.model, p);
      ref = { pivot: p, name: field };
    });
    return new HostRowColumnPivotHierarchy(this.context, `${this._path}.add(${pivotHierarchy._path})`, () => {
      if (!ref) throw itemNotFound("The row hierarchy was not added.");
      return ref;
    });
  }

  remove(rowColumnPivotHierarchy: HostRowColumnPivotHierarchy): void {
    checkSameContext(this.context, rowColumnPivotHierarchy);
    this._call("remove", [rowColumnPivotHierarchy._path], (p) => {
      checkWritable(p.sheet, "pivotTables");
      const ref = rowColumnPivotHierarchy._target();
      p.rowFields = p.rowFields.filter((f) => !ref || !sameName(f, ref.name));
      renderPivot(this.context.engine.model, p);
    });
  }

  private _byName(name: string, nullable: boolean): HostRowColumnPivotHierarchy {
    const path = `${this._path}.getItem${nullable ? "OrNullObject" : ""}(${JSON.stringify(name)})`;
    const find = () => {
      const p = this.pivot._need();
      const f = p.rowFields.find((x) => sameName(x, name));
      if (f === undefined && !nullable) throw itemNotFound(`"${name}" is not a row field.`);
      return f === undefined ? null : { pivot: p, name: f };
    };
    return new HostRowColumnPivotHierarchy(this.context, path, find, nullable);
  }

  getItem(name: string): HostRowColumnPivotHierarchy {
    return this._byName(name, false);
  }
  getItemOrNullObject(name: string): HostRowColumnPivotHierarchy {
    return this._byName(name, true);
  }
  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (p) => p.rowFields.length);
  }
}

export class HostRowColumnPivotHierarchy extends HostObject<FieldRef> {
  protected readonly _scalarProperties = ["id", "name", "position"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => FieldRef | null, nullable = false) {
    super(ctx, path, resolve, nullable, true);
  }

  protected _read(ref: FieldRef, name: string, io: SyncIO): unknown {
    if (name === "id" || name === "name") return this._counted(io, ref.name);
    if (name === "position") return this._counted(io, ref.pivot.rowFields.indexOf(ref.name));
    return this._unknown(name);
  }

  get id(): string {
    return this._get("id");
  }
  get name(): string {
    return this._get("name");
  }
  get position(): number {
    return this._get("position");
  }
}

interface DataRef {
  pivot: PivotModel;
  data: DataField;
}

/** PivotTable.dataHierarchies (ExcelApi 1.8). */
export class HostDataPivotHierarchyCollection extends HostCollection<HostDataPivotHierarchy, DataRef, PivotModel> {
  protected readonly _scalarProperties = [] as const;
  protected readonly _itemProperties = ["id", "name", "position", "summarizeBy"] as const;

  constructor(
    readonly pivot: PivotHandle,
    path: string,
  ) {
    super(pivot.context, path, () => pivot._need(), false, false);
  }

  protected _models(p: PivotModel): DataRef[] {
    return p.dataFields.map((data) => ({ pivot: p, data }));
  }

  protected _itemProxy(ref: DataRef): HostDataPivotHierarchy {
    return new HostDataPivotHierarchy(
      this.context,
      `${this._path}.getItem(${JSON.stringify(ref.data.name)})`,
      () => ref,
    );
  }

  /** Adds "Sum of <field>" (Count when the field holds anything but numbers, as Excel picks). */
  add(pivotHierarchy: HostPivotHierarchy): HostDataPivotHierarchy {
    checkSameContext(this.context, pivotHierarchy);
    let ref: DataRef | null = null;
    this._call("add", [pivotHierarchy._path], (p) => {
      checkWritable(p.sheet, "pivotTables");
      const wb = this.context.engine.model;
      const field = fieldOf(p, pivotHierarchy);
      const fn = defaultAggregation(p, field);
      const data: DataField = { id: wb.newId("data-"), name: defaultDataName(p, field, fn), field, summarizeBy: fn };
      p.dataFields.push(data);
      renderPivot(wb, p);
      ref = { pivot: p, data };
    });
    return new HostDataPivotHierarchy(this.context, `${this._path}.add(${pivotHierarchy._path})`, () => {
      if (!ref) throw itemNotFound("The data hierarchy was not added.");
      return ref;
    });
  }

  remove(DataPivotHierarchy: HostDataPivotHierarchy): void {
    checkSameContext(this.context, DataPivotHierarchy);
    this._call("remove", [DataPivotHierarchy._path], (p) => {
      checkWritable(p.sheet, "pivotTables");
      const ref = DataPivotHierarchy._target();
      p.dataFields = p.dataFields.filter((d) => d !== ref?.data);
      renderPivot(this.context.engine.model, p);
    });
  }

  private _byName(name: string, nullable: boolean): HostDataPivotHierarchy {
    const path = `${this._path}.getItem${nullable ? "OrNullObject" : ""}(${JSON.stringify(name)})`;
    const find = () => {
      const p = this.pivot._need();
      const data = p.dataFields.find((d) => sameName(d.name, name));
      if (data === undefined && !nullable) throw itemNotFound(`"${name}" is not a data field.`);
      return data === undefined ? null : { pivot: p, data };
    };
    return new HostDataPivotHierarchy(this.context, path, find, nullable);
  }

  getItem(name: string): HostDataPivotHierarchy {
    return this._byName(name, false);
  }
  getItemOrNullObject(name: string): HostDataPivotHierarchy {
    return this._byName(name, true);
  }
  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (p) => p.dataFields.length);
  }
}

type SummarizeBy =
  | Excel.AggregationFunction
  | "Unknown"
  | "Automatic"
  | "Sum"
  | "Count"
  | "Average"
  | "Max"
  | "Min"
  | "Product"
  | "CountNumbers"
  | "StandardDeviation"
  | "StandardDeviationP"
  | "Variance"
  | "VarianceP";

export class HostDataPivotHierarchy extends HostObject<DataRef> {
  protected readonly _scalarProperties = ["id", "name", "position", "summarizeBy"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => DataRef | null, nullable = false) {
    super(ctx, path, resolve, nullable, true);
  }

  protected override _alive(ref: DataRef): boolean {
    return !ref.pivot.deleted && ref.pivot.dataFields.includes(ref.data);
  }

  protected _read(ref: DataRef, name: string, io: SyncIO): unknown {
    switch (name) {
      case "id":
        return this._counted(io, ref.data.id);
      case "name":
        return this._counted(io, ref.data.name);
      case "position":
        return this._counted(io, ref.pivot.dataFields.indexOf(ref.data));
      case "summarizeBy":
        return this._counted(io, ref.data.summarizeBy);
    }
    return this._unknown(name);
  }

  get id(): string {
    return this._get("id");
  }
  get position(): number {
    return this._get("position");
  }
  get name(): string {
    return this._get("name");
  }
  set name(v: string) {
    this._set("name", v, (ref) => {
      checkWritable(ref.pivot.sheet, "pivotTables");
      if (typeof v !== "string" || v === "") throw invalidArgument("A data field needs a name.");
      ref.data.name = v;
      renderPivot(this.context.engine.model, ref.pivot);
    });
  }

  /** Sum, Count, Average, Max, Min; a name Excel made ("Sum of x") follows the new function. */
  get summarizeBy(): SummarizeBy {
    return this._get("summarizeBy");
  }
  set summarizeBy(v: SummarizeBy) {
    this._set("summarizeBy", v, (ref) => {
      checkWritable(ref.pivot.sheet, "pivotTables");
      const fn = checkAggregation(String(v));
      const { pivot, data } = ref;
      if (data.name === defaultDataName(pivot, data.field, data.summarizeBy, data))
        data.name = defaultDataName(pivot, data.field, fn, data);
      data.summarizeBy = fn;
      renderPivot(this.context.engine.model, pivot);
    });
  }
}
