// RangeAreas (ExcelApi 1.9), as far as the host hands one out: Range.getMergedAreasOrNullObject (ExcelApi 1.13).
// Its address ("Sheet1!B40:D40, Sheet1!F2:G2"), areaCount, cellCount and areas (a RangeCollection) can be loaded.
import { cellCount, formatAddress } from "./addresses";
import type { HostRequestContext, SyncIO } from "./context";
import { HostCollection, HostObject } from "./proxy-base";
import { HostRange } from "./range";
import type { AreasTarget, RangeTarget, SheetModel } from "./model-types";

export class HostRangeAreas extends HostObject<AreasTarget> {
  protected readonly _scalarProperties = ["address", "addressLocal", "areaCount", "cellCount"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => AreasTarget | null, nullable = false) {
    super(ctx, path, resolve, nullable, false);
  }

  protected override _alive(t: AreasTarget): boolean {
    return !t.sheet.deleted;
  }

  protected _read(t: AreasTarget, name: string, io: SyncIO): unknown {
    switch (name) {
      case "address":
      case "addressLocal":
        return this._counted(io, t.rects.map((r) => formatAddress(t.sheet.name, r)).join(", "));
      case "areaCount":
        return this._counted(io, t.rects.length);
      case "cellCount":
        return this._counted(
          io,
          t.rects.reduce((n, r) => n + cellCount(r), 0),
        );
    }
    return this._unknown(name);
  }

  get address(): string {
    return this._get("address");
  }
  get addressLocal(): string {
    return this._get("addressLocal");
  }
  get areaCount(): number {
    return this._get("areaCount");
  }
  get cellCount(): number {
    return this._get("cellCount");
  }

  get areas(): HostRangeCollection {
    return this._nav("areas", () => new HostRangeCollection(this.context, `${this._path}.areas`, () => this._areas()));
  }

  private _areas(): AreasTarget {
    const t = this._target();
    return t ?? { sheet: null as unknown as SheetModel, rects: [] };
  }
}

/** The areas of a RangeAreas, one Range each. */
export class HostRangeCollection extends HostCollection<HostRange, RangeTarget, AreasTarget> {
  protected readonly _scalarProperties = ["count"] as const;
  protected readonly _itemProperties = ["address", "rowIndex", "columnIndex", "rowCount", "columnCount"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => AreasTarget) {
    super(ctx, path, resolve, false, false);
  }

  protected _models(t: AreasTarget): RangeTarget[] {
    return t.rects.map((rect) => ({ sheet: t.sheet, rect }));
  }

  protected _itemProxy(m: RangeTarget, index: number): HostRange {
    return new HostRange(this.context, `${this._path}.getItemAt(${index})`, () => m);
  }

  get count(): number {
    return this._get("count");
  }
}
