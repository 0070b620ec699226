// Range.conditionalFormats (Excel.ConditionalFormatCollection, ExcelApi 1.6): the conditional formats with a cell
// in the range, in priority order, over the sheet's list (cell-rules.ts). Modelled: add(type) at the top priority
// over the range (CellValue, Custom and ColorScale; the other types fail with NotImplemented), getCount,
// getItem(id), getItemOrNullObject(id) (ExcelApi 1.14), getItemAt, items, clearAll (takes the formats off the
// range's cells; a format left with no cell goes). A ConditionalFormat: id, type, priority, stopIfTrue, getRange
// (InvalidOperation when it applies to several areas, as the reference says it throws), getRangeOrNullObject,
// getRanges (ExcelApi 1.9), setRanges (ExcelApi 1.17), delete; cellValue (rule, format), custom (rule.formula,
// format), colorScale (criteria). A format: fill.color, font.color, font.bold. The host draws nothing: what a
// format would show is not computed.
import type { Rect } from "./addresses";
import { clearConditionalFormats, conditionalFormatsIn, joinRects } from "./cell-rules";
import type { HostRequestContext, SyncIO } from "./context";
import { hostError, invalidArgument, invalidOperation, itemNotFound } from "./errors";
import { checkWritable } from "./protection";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { HostRange } from "./range";
import { HostRangeAreas } from "./range-areas";
import type { ConditionalFormatModel, RangeTarget, SheetModel } from "./model-types";

const TYPES = ["CellValue", "Custom", "ColorScale"];

interface FormatTarget {
  sheet: SheetModel;
  cf: ConditionalFormatModel;
}

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

  /** ExcelApi 1.6: a new format over the range, at the top priority. */
  add(type: Excel.ConditionalFormatType | string): HostConditionalFormat {
    const id = this.context.engine.model.newId("cf-");
    this._call("add", [type], (t) => {
      checkWritable(t.sheet, "formatCells");
      if (!TYPES.includes(type))
        throw hostError("NotImplemented", `Conditional formats of type "${type}" are not modelled by the host.`);
      t.sheet.conditionalFormats.unshift({
        id,
        type,
        areas: [{ ...t.rect }],
        stopIfTrue: false,
        ...(type === "ColorScale"
          ? {
              criteria: {
                minimum: { formula: null as unknown as string, type: "LowestValue", color: "#F8696B" },
                maximum: { formula: null as unknown as string, type: "HighestValue", color: "#63BE7B" },
              },
            }
          : {}),
        format: {},
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
        return this._counted(io, t.cf.type);
      case "priority":
        return this._counted(io, t.sheet.conditionalFormats.indexOf(t.cf));
      case "stopIfTrue":
        return this._counted(io, t.cf.type === "ColorScale" ? null : t.cf.stopIfTrue);
    }
    return this._unknown(name);
  }

  get id(): string {
    return this._get("id");
  }
  get type(): Excel.ConditionalFormatType {
    return this._get("type");
  }
  get priority(): number {
    return this._get("priority");
  }
  get stopIfTrue(): boolean {
    return this._get("stopIfTrue");
  }
  set stopIfTrue(v: boolean) {
    this._set("stopIfTrue", v, (t) => {
      checkWritable(t.sheet, "formatCells");
      t.cf.stopIfTrue = !!v;
    });
  }

  get cellValue(): HostCellValueConditionalFormat {
    return this._nav(
      "cellValue",
      () => new HostCellValueConditionalFormat(this.context, `${this._path}.cellValue`, () => this._of("CellValue")),
    );
  }
  get custom(): HostCustomConditionalFormat {
    return this._nav(
      "custom",
      () => new HostCustomConditionalFormat(this.context, `${this._path}.custom`, () => this._of("Custom")),
    );
  }
  get colorScale(): HostColorScaleConditionalFormat {
    return this._nav(
      "colorScale",
      () => new HostColorScaleConditionalFormat(this.context, `${this._path}.colorScale`, () => this._of("ColorScale")),
    );
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

  /** The format when it is of `type`; Excel fails reading another type's properties. */
  private _of(type: string): FormatTarget {
    const t = this._need();
    if (t.cf.type !== type) throw invalidOperation(`The conditional format is not of type ${type}.`);
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

/** ConditionalRangeFormat: fill.color, font.color and font.bold (the rest is not modelled). */
export class HostConditionalRangeFormat extends HostObject<FormatTarget> {
  protected readonly _scalarProperties = [] as const;
  constructor(ctx: HostRequestContext, path: string, resolve: () => FormatTarget) {
    super(ctx, path, resolve, false, false);
  }
  protected _read(_t: FormatTarget, name: string): unknown {
    return this._unknown(name);
  }
  get fill(): HostConditionalPart {
    return this._nav(
      "fill",
      () => new HostConditionalPart(this.context, `${this._path}.fill`, () => this._target()!, "fill"),
    );
  }
  get font(): HostConditionalPart {
    return this._nav(
      "font",
      () => new HostConditionalPart(this.context, `${this._path}.font`, () => this._target()!, "font"),
    );
  }
}

/** A format's fill (color) or font (color, bold). */
export class HostConditionalPart extends HostObject<FormatTarget> {
  protected readonly _scalarProperties = ["color"] as const;
  constructor(
    ctx: HostRequestContext,
    path: string,
    resolve: () => FormatTarget,
    private readonly part: "fill" | "font",
  ) {
    super(ctx, path, resolve, false, false);
  }
  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    if (name === "color")
      return this._counted(io, (this.part === "fill" ? t.cf.format.fill : t.cf.format.fontColor) ?? null);
    if (name === "bold" && this.part === "font") return this._counted(io, t.cf.format.bold ?? null);
    return this._unknown(name);
  }
  get color(): string {
    return this._get("color");
  }
  set color(v: string) {
    this._set("color", v, (t) => {
      checkWritable(t.sheet, "formatCells");
      if (this.part === "fill") t.cf.format.fill = String(v);
      else t.cf.format.fontColor = String(v);
    });
  }
  get bold(): boolean {
    return this._get("bold");
  }
  set bold(v: boolean) {
    this._set("bold", v, (t) => {
      if (this.part !== "font") throw invalidArgument("A fill has no bold.");
      checkWritable(t.sheet, "formatCells");
      t.cf.format.bold = !!v;
    });
  }
}

const OPERATORS = [
  "Between",
  "NotBetween",
  "EqualTo",
  "NotEqualTo",
  "GreaterThan",
  "LessThan",
  "GreaterThanOrEqual",
  "LessThanOrEqual",
];

/** CellValueConditionalFormat: rule { formula1, formula2?, operator } and format. */
export class HostCellValueConditionalFormat extends HostObject<FormatTarget> {
  protected readonly _scalarProperties = ["rule"] as const;
  constructor(ctx: HostRequestContext, path: string, resolve: () => FormatTarget) {
    super(ctx, path, resolve, false, false);
  }
  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    if (name === "rule") return this._counted(io, { ...(t.cf.rule ?? {}) });
    return this._unknown(name);
  }
  get format(): HostConditionalRangeFormat {
    return this._nav(
      "format",
      () => new HostConditionalRangeFormat(this.context, `${this._path}.format`, () => this._target()!),
    );
  }
  get rule(): Excel.ConditionalCellValueRule {
    return this._get("rule");
  }
  set rule(v: Excel.ConditionalCellValueRule) {
    this._set("rule", v, (t) => {
      checkWritable(t.sheet, "formatCells");
      if (!v || typeof v !== "object" || !OPERATORS.includes(v.operator) || v.formula1 === undefined)
        throw invalidArgument("A cell value rule needs formula1 and an operator.");
      t.cf.rule = JSON.parse(JSON.stringify(v)) as Record<string, unknown>;
    });
  }
}

/** CustomConditionalFormat: rule.formula and format. */
export class HostCustomConditionalFormat extends HostObject<FormatTarget> {
  protected readonly _scalarProperties = [] as const;
  constructor(ctx: HostRequestContext, path: string, resolve: () => FormatTarget) {
    super(ctx, path, resolve, false, false);
  }
  protected _read(_t: FormatTarget, name: string): unknown {
    return this._unknown(name);
  }
  get format(): HostConditionalRangeFormat {
    return this._nav(
      "format",
      () => new HostConditionalRangeFormat(this.context, `${this._path}.format`, () => this._target()!),
    );
  }
  get rule(): HostConditionalFormatRule {
    return this._nav(
      "rule",
      () => new HostConditionalFormatRule(this.context, `${this._path}.rule`, () => this._target()!),
    );
  }
}

/** ConditionalFormatRule: its formula. */
export class HostConditionalFormatRule extends HostObject<FormatTarget> {
  protected readonly _scalarProperties = ["formula"] as const;
  constructor(ctx: HostRequestContext, path: string, resolve: () => FormatTarget) {
    super(ctx, path, resolve, false, false);
  }
  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    if (name === "formula") return this._counted(io, (t.cf.rule?.formula as string | undefined) ?? "");
    return this._unknown(name);
  }
  get formula(): string {
    return this._get("formula");
  }
  set formula(v: string) {
    this._set("formula", v, (t) => {
      checkWritable(t.sheet, "formatCells");
      if (typeof v !== "string" || !v.startsWith("=")) throw invalidArgument("A custom rule's formula starts with =.");
      t.cf.rule = { formula: v };
    });
  }
}

/** ColorScaleConditionalFormat: criteria (minimum, midpoint, maximum) and threeColorScale. */
export class HostColorScaleConditionalFormat extends HostObject<FormatTarget> {
  protected readonly _scalarProperties = ["criteria", "threeColorScale"] as const;
  constructor(ctx: HostRequestContext, path: string, resolve: () => FormatTarget) {
    super(ctx, path, resolve, false, false);
  }
  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    if (name === "criteria") return this._counted(io, JSON.parse(JSON.stringify(t.cf.criteria ?? {})));
    if (name === "threeColorScale") return this._counted(io, !!t.cf.criteria?.midpoint);
    return this._unknown(name);
  }
  get criteria(): Excel.ConditionalColorScaleCriteria {
    return this._get("criteria");
  }
  set criteria(v: Excel.ConditionalColorScaleCriteria) {
    this._set("criteria", v, (t) => {
      checkWritable(t.sheet, "formatCells");
      if (!v || typeof v !== "object" || !v.minimum || !v.maximum)
        throw invalidArgument("A color scale needs a minimum and a maximum.");
      t.cf.criteria = JSON.parse(JSON.stringify(v)) as Excel.ConditionalColorScaleCriteria;
    });
  }
  get threeColorScale(): boolean {
    return this._get("threeColorScale");
  }
}
