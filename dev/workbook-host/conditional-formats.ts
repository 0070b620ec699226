// Range.conditionalFormats (Excel.ConditionalFormatCollection, ExcelApi 1.6): the conditional formats with a cell in
// the range, in priority order, over the sheet's list (cell-rules.ts): add(type) at the top priority over the range,
// for every ConditionalFormatType; getCount, getItem(id), getItemOrNullObject(id) (ExcelApi 1.14), getItemAt, items,
// clearAll (takes the formats off the range's cells; a format left with no cell goes). A ConditionalFormat: id, type,
// priority (settable), stopIfTrue (null for a colour scale, data bar or icon set), its type's property (cellValue,
// textComparison, topBottom, preset, custom: conditional-highlights.ts; colorScale, dataBar, iconSet:
// conditional-scales.ts), each also *OrNullObject; getRange (InvalidOperation when it applies to several areas, as
// the reference says it throws), getRangeOrNullObject, getRanges (ExcelApi 1.9), setRanges and changeRuleTo* (ExcelApi
// 1.17), delete. The host draws nothing: what a format would show is not computed.
import type { Rect } from "./addresses";
import { clearConditionalFormats, conditionalFormatsIn, joinRects } from "./cell-rules";
import {
  HostCellValueConditionalFormat,
  HostCustomConditionalFormat,
  HostPresetCriteriaConditionalFormat,
  HostTextConditionalFormat,
  HostTopBottomConditionalFormat,
} from "./conditional-highlights";
import { checkRule, hasStopIfTrue, isConditionalType, newKind } from "./conditional-kinds";
import {
  HostColorScaleConditionalFormat,
  HostDataBarConditionalFormat,
  HostIconSetConditionalFormat,
} from "./conditional-scales";
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, invalidOperation, itemNotFound } from "./errors";
import type { ConditionalKind, ConditionalType, FormatTarget, RangeTarget, SheetModel } from "./model-types";
import { checkWritable } from "./protection";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { HostRange } from "./range";
import { HostRangeAreas } from "./range-areas";

/** The format with `id` wherever it is (ids are unique in the workbook). */
function findFormat(ctx: HostRequestContext, id: string): FormatTarget | null {
  for (const sheet of ctx.engine.model.sheets) {
    const cf = sheet.conditionalFormats.find((f) => f.id === id);
    if (cf) return { sheet, cf };
  }
  return null;
}

export class HostConditionalFormatCollection extends HostCollection<HostConditionalFormat, FormatTarget, RangeTarget> {
  protected readonly _scalarProperties = [] as const;
  protected readonly _itemProperties = ["id", "type", "priority", "stopIfTrue"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => RangeTarget | null) {
    super(ctx, path, resolve, false, false);
  }

  protected _models(t: RangeTarget): FormatTarget[] {
    return conditionalFormatsIn(t.sheet, t.rect).map((cf) => ({ sheet: t.sheet, cf }));
  }

  protected _itemProxy(m: FormatTarget): HostConditionalFormat {
    return this._byId(m.cf.id, false);
  }

  /** ExcelApi 1.6: a new format over the range, at the top priority (conditional-kinds.ts says what it holds). */
  add(type: Excel.ConditionalFormatType | ConditionalType): HostConditionalFormat {
    const id = this.context.engine.model.newId("cf-");
    this._call("add", [type], (t) => {
      checkWritable(t.sheet, "formatCells");
      if (!isConditionalType(type)) throw invalidArgument(`"${String(type)}" is not a conditional format type.`);
      t.sheet.conditionalFormats.unshift({
        id,
        areas: [{ ...t.rect }],
        stopIfTrue: false,
        kind: newKind(type),
        deleted: false,
      });
    });
    return this._byId(id, false);
  }

  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (t) => conditionalFormatsIn(t.sheet, t.rect).length);
  }

  getItem(id: string): HostConditionalFormat {
    return this._byId(id, false);
  }

  getItemOrNullObject(id: string): HostConditionalFormat {
    return this._byId(id, true);
  }

  getItemAt(index: number): HostConditionalFormat {
    return new HostConditionalFormat(this.context, `${this._path}.getItemAt(${index})`, () => {
      const t = this._target()!;
      const cf = conditionalFormatsIn(t.sheet, t.rect)[index];
      if (!cf) throw itemNotFound(`No conditional format at ${index}.`);
      return { sheet: t.sheet, cf };
    });
  }

  /** Takes every conditional format off the range's cells (ExcelApi 1.6). */
  clearAll(): void {
    this._call("clearAll", [], (t) => {
      checkWritable(t.sheet, "formatCells");
      clearConditionalFormats(t.sheet, t.rect);
    });
  }

  private _byId(id: string, nullable: boolean): HostConditionalFormat {
    return new HostConditionalFormat(
      this.context,
      `${this._path}.getItem(${JSON.stringify(id)})`,
      () => {
        const found = findFormat(this.context, id);
        if (found) return found;
        if (nullable) return null;
        throw itemNotFound(`The conditional format "${id}" does not exist.`);
      },
      nullable,
    );
  }
}

/** A constructor of a typed part's proxy (they all take the format's context, path and target). */
type PartClass<P> = new (
  ctx: HostRequestContext,
  path: string,
  resolve: () => FormatTarget | null,
  nullable: boolean,
) => P;

export class HostConditionalFormat extends HostObject<FormatTarget> {
  protected readonly _scalarProperties = ["id", "type", "priority", "stopIfTrue"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => FormatTarget | null, nullable = false) {
    super(ctx, path, resolve, nullable, false);
  }

  protected override _alive(t: FormatTarget): boolean {
    return !t.sheet.deleted && !t.cf.deleted;
  }

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    switch (name) {
      case "id":
        return this._counted(io, t.cf.id);
      case "type":
        return this._counted(io, t.cf.kind.type);
      case "priority":
        return this._counted(io, t.sheet.conditionalFormats.indexOf(t.cf));
      case "stopIfTrue":
        return this._counted(io, hasStopIfTrue(t.cf.kind) ? t.cf.stopIfTrue : null);
    }
    return this._unknown(name);
  }

  get id(): string {
    return this._get("id");
  }
  get type(): Excel.ConditionalFormatType | ConditionalType {
    return this._get("type");
  }
  get priority(): number {
    return this._get("priority");
  }
  /** Moves the format to that place in the sheet's list (negative: from the end), others keeping their order. */
  set priority(v: number) {
    this._set("priority", v, (t) => {
      if (!Number.isInteger(v)) throw invalidArgument("A priority is a whole number.");
      checkWritable(t.sheet, "formatCells");
      const list = t.sheet.conditionalFormats.filter((f) => f !== t.cf);
      const at = v >= 0 ? Math.min(v, list.length) : Math.max(0, list.length + 1 + v);
      list.splice(at, 0, t.cf);
      t.sheet.conditionalFormats = list;
    });
  }
  get stopIfTrue(): boolean {
    return this._get("stopIfTrue");
  }
  /** A colour scale, data bar or icon set has none: setting it there is refused (InvalidOperation). */
  set stopIfTrue(v: boolean) {
    this._set("stopIfTrue", v, (t) => {
      checkWritable(t.sheet, "formatCells");
      if (!hasStopIfTrue(t.cf.kind))
        throw invalidOperation(`A ${t.cf.kind.type} conditional format has no stopIfTrue.`);
      t.cf.stopIfTrue = !!v;
    });
  }

  get cellValue(): HostCellValueConditionalFormat {
    return this._part("cellValue", "CellValue", HostCellValueConditionalFormat, false);
  }
  get cellValueOrNullObject(): HostCellValueConditionalFormat {
    return this._part("cellValueOrNullObject", "CellValue", HostCellValueConditionalFormat, true);
  }
  get textComparison(): HostTextConditionalFormat {
    return this._part("textComparison", "ContainsText", HostTextConditionalFormat, false);
  }
  get textComparisonOrNullObject(): HostTextConditionalFormat {
    return this._part("textComparisonOrNullObject", "ContainsText", HostTextConditionalFormat, true);
  }
  get topBottom(): HostTopBottomConditionalFormat {
    return this._part("topBottom", "TopBottom", HostTopBottomConditionalFormat, false);
  }
  get topBottomOrNullObject(): HostTopBottomConditionalFormat {
    return this._part("topBottomOrNullObject", "TopBottom", HostTopBottomConditionalFormat, true);
  }
  get preset(): HostPresetCriteriaConditionalFormat {
    return this._part("preset", "PresetCriteria", HostPresetCriteriaConditionalFormat, false);
  }
  get presetOrNullObject(): HostPresetCriteriaConditionalFormat {
    return this._part("presetOrNullObject", "PresetCriteria", HostPresetCriteriaConditionalFormat, true);
  }
  get custom(): HostCustomConditionalFormat {
    return this._part("custom", "Custom", HostCustomConditionalFormat, false);
  }
  get customOrNullObject(): HostCustomConditionalFormat {
    return this._part("customOrNullObject", "Custom", HostCustomConditionalFormat, true);
  }
  get colorScale(): HostColorScaleConditionalFormat {
    return this._part("colorScale", "ColorScale", HostColorScaleConditionalFormat, false);
  }
  get colorScaleOrNullObject(): HostColorScaleConditionalFormat {
    return this._part("colorScaleOrNullObject", "ColorScale", HostColorScaleConditionalFormat, true);
  }
  get dataBar(): HostDataBarConditionalFormat {
    return this._part("dataBar", "DataBar", HostDataBarConditionalFormat, false);
  }
  get dataBarOrNullObject(): HostDataBarConditionalFormat {
    return this._part("dataBarOrNullObject", "DataBar", HostDataBarConditionalFormat, true);
  }
  get iconSet(): HostIconSetConditionalFormat {
    return this._part("iconSet", "IconSet", HostIconSetConditionalFormat, false);
  }
  get iconSetOrNullObject(): HostIconSetConditionalFormat {
    return this._part("iconSetOrNullObject", "IconSet", HostIconSetConditionalFormat, true);
  }

  /**
   * The typed part `name` for a format of `type`. On a format of another type, the plain property fails at sync
   * (InvalidOperation) and the *OrNullObject one is a null object.
   */
  private _part<P extends HostObject<FormatTarget>>(
    name: string,
    type: ConditionalType,
    Part: PartClass<P>,
    nullable: boolean,
  ): P {
    const resolve = () => {
      const t = this._target();
      if (t === null || t.cf.kind.type === type) return t;
      if (nullable) return null;
      throw invalidOperation(`The conditional format is not of type ${type}.`);
    };
    return this._nav(name, () => new Part(this.context, `${this._path}.${name}`, resolve, nullable));
  }

  /** The range it applies to; InvalidOperation when it applies to several areas (ExcelApi 1.6). */
  getRange(): HostRange {
    return new HostRange(this.context, `${this._path}.getRange()`, () => {
      const t = this._need();
      if (t.cf.areas.length !== 1) throw invalidOperation("The conditional format applies to several ranges.");
      return { sheet: t.sheet, rect: t.cf.areas[0] };
    });
  }

  getRangeOrNullObject(): HostRange {
    return new HostRange(
      this.context,
      `${this._path}.getRangeOrNullObject()`,
      () => {
        const t = this._need();
        return t.cf.areas.length === 1 ? { sheet: t.sheet, rect: t.cf.areas[0] } : null;
      },
      true,
    );
  }

  /** ExcelApi 1.9: every area it applies to. */
  getRanges(): HostRangeAreas {
    return new HostRangeAreas(this.context, `${this._path}.getRanges()`, () => {
      const t = this._need();
      return { sheet: t.sheet, rects: t.cf.areas.map((r) => ({ ...r })) };
    });
  }

  /** ExcelApi 1.17: the areas it applies to from now on (a Range, or an address of one or more areas on its sheet). */
  setRanges(ranges: HostRange | HostRangeAreas | string): void {
    const label = typeof ranges === "string" ? ranges : (ranges as { _path: string })._path;
    this._call("setRanges", [label], (t) => {
      checkWritable(t.sheet, "formatCells");
      const rects = areasOf(this.context, ranges, t.sheet);
      t.cf.areas = joinRects(rects);
    });
  }

  // ExcelApi 1.17: the format becomes one of another type, as a new one of that type (its old rule and format go).
  changeRuleToCellValue(properties: Excel.ConditionalCellValueRule): void {
    this._change("CellValue", properties);
  }
  changeRuleToContainsText(properties: Excel.ConditionalTextComparisonRule): void {
    this._change("ContainsText", properties);
  }
  changeRuleToTopBottom(properties: Excel.ConditionalTopBottomRule): void {
    this._change("TopBottom", properties);
  }
  changeRuleToPresetCriteria(properties: Excel.ConditionalPresetCriteriaRule): void {
    this._change("PresetCriteria", properties);
  }
  changeRuleToCustom(formula: string): void {
    this._change("Custom", { formula });
  }
  changeRuleToColorScale(): void {
    this._change("ColorScale");
  }
  changeRuleToDataBar(): void {
    this._change("DataBar");
  }
  changeRuleToIconSet(): void {
    this._change("IconSet");
  }

  private _change(type: ConditionalType, rule?: unknown): void {
    this._call(`changeRuleTo${type}`, rule === undefined ? [] : [rule], (t) => {
      checkWritable(t.sheet, "formatCells");
      const kind: ConditionalKind = newKind(type);
      if ("rule" in kind) (kind as { rule: unknown }).rule = checkRule(kind.type, rule);
      t.cf.kind = kind;
    });
  }

  delete(): void {
    this._call("delete", [], (t) => {
      checkWritable(t.sheet, "formatCells");
      t.cf.deleted = true;
      t.sheet.conditionalFormats = t.sheet.conditionalFormats.filter((f) => f !== t.cf);
    });
  }

  private _need(): FormatTarget {
    const t = this._target();
    if (!t) throw itemNotFound(`${this._path} is a null object.`);
    return t;
  }
}

/** The areas of a setRanges argument, on the format's own sheet. */
function areasOf(ctx: HostRequestContext, ranges: HostRange | HostRangeAreas | string, sheet: SheetModel): Rect[] {
  if (typeof ranges === "string") {
    return ranges.split(",").map((part) => {
      const r = ctx.engine.model.resolveAddress(part.trim(), sheet);
      if (r.sheet !== sheet) throw invalidArgument("A conditional format applies to cells of its own sheet.");
      return r.rect;
    });
  }
  const t = ranges._target();
  if (!t) throw itemNotFound("The range argument is a null object.");
  if (t.sheet !== sheet) throw invalidArgument("A conditional format applies to cells of its own sheet.");
  return "rects" in t ? t.rects.map((r) => ({ ...r })) : [{ ...t.rect }];
}
