// The conditional formats that draw over every cell by its value (ExcelApi 1.6), with no format of their own:
// ColorScaleConditionalFormat (criteria: minimum, optional midpoint, maximum; threeColorScale), DataBarConditionalFormat
// (axis colour and format, bar direction, lower and upper bound rules, showDataBarOnly, and its positive and negative
// bars' formats) and IconSetConditionalFormat (style, criteria one per icon, reverseIconOrder, showIconOnly). Values are
// checked at sync against the reference's enums (InvalidArgument otherwise) and read back as stored.
import {
  checkColorScaleCriteria,
  checkDataBarRule,
  checkEnum,
  checkIconCriteria,
  checkIconStyle,
  iconCount,
  iconCriteria,
  kindOf,
  plain,
} from "./conditional-kinds";
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, invalidOperation } from "./errors";
import type { DataBarSettings, FormatTarget, IconSetSettings } from "./model-types";
import { checkWritable } from "./protection";
import { HostObject } from "./proxy-base";

type Resolve = () => FormatTarget | null;

/** A scale's proxy: it reads and sets its settings, on a sheet that allows formatting cells. */
abstract class ScalePart extends HostObject<FormatTarget> {
  constructor(ctx: HostRequestContext, path: string, resolve: Resolve, nullable = false) {
    super(ctx, path, resolve, nullable, false);
  }

  protected _change(name: string, v: unknown, apply: (t: FormatTarget) => void): void {
    this._set(name, v, (t) => {
      checkWritable(t.sheet, "formatCells");
      apply(t);
    });
  }
}

const text = (v: unknown, what: string): string => {
  if (typeof v !== "string") throw invalidArgument(`${what} is a string.`);
  return v;
};
const flag = (v: unknown, what: string): boolean => {
  if (typeof v !== "boolean") throw invalidArgument(`${what} is true or false.`);
  return v;
};

export class HostColorScaleConditionalFormat extends ScalePart {
  protected readonly _scalarProperties = ["criteria", "threeColorScale"] as const;

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    const { criteria } = kindOf(t.cf, "ColorScale");
    if (name === "criteria") return this._counted(io, plain(criteria));
    if (name === "threeColorScale") return this._counted(io, !!criteria.midpoint);
    return this._unknown(name);
  }

  get criteria(): Excel.ConditionalColorScaleCriteria {
    return this._get("criteria");
  }
  /** Set whole; a midpoint makes it a three-colour scale. */
  set criteria(v: Excel.ConditionalColorScaleCriteria) {
    this._change("criteria", v, (t) => (kindOf(t.cf, "ColorScale").criteria = checkColorScaleCriteria(v)));
  }
  get threeColorScale(): boolean {
    return this._get("threeColorScale");
  }
}

type DataBarScalar = Exclude<keyof DataBarSettings, "positiveFormat" | "negativeFormat">;

export class HostDataBarConditionalFormat extends ScalePart {
  protected readonly _scalarProperties = [
    "axisColor",
    "axisFormat",
    "barDirection",
    "lowerBoundRule",
    "showDataBarOnly",
    "upperBoundRule",
  ] as const;

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    const bar = kindOf(t.cf, "DataBar").dataBar;
    if ((this._scalarProperties as readonly string[]).includes(name))
      return this._counted(io, plain(bar[name as DataBarScalar]));
    return this._unknown(name);
  }

  private _put<K extends DataBarScalar>(name: K, v: unknown, checked: () => DataBarSettings[K]): void {
    this._change(name, v, (t) => (kindOf(t.cf, "DataBar").dataBar[name] = checked()));
  }

  get axisColor(): string {
    return this._get("axisColor");
  }
  set axisColor(v: string) {
    this._put("axisColor", v, () => text(v, "An axis color"));
  }
  get axisFormat(): Excel.ConditionalDataBarAxisFormat | "Automatic" | "None" | "CellMidPoint" {
    return this._get("axisFormat");
  }
  set axisFormat(v: Excel.ConditionalDataBarAxisFormat | "Automatic" | "None" | "CellMidPoint") {
    this._put("axisFormat", v, () => checkEnum(v, ["Automatic", "None", "CellMidPoint"], "A data bar's axis format"));
  }
  get barDirection(): Excel.ConditionalDataBarDirection | "Context" | "LeftToRight" | "RightToLeft" {
    return this._get("barDirection");
  }
  set barDirection(v: Excel.ConditionalDataBarDirection | "Context" | "LeftToRight" | "RightToLeft") {
    this._put("barDirection", v, () =>
      checkEnum(v, ["Context", "LeftToRight", "RightToLeft"], "A data bar's direction"),
    );
  }
  get lowerBoundRule(): Excel.ConditionalDataBarRule {
    return this._get("lowerBoundRule");
  }
  /** Set whole, as the reference says (`x.lowerBoundRule = {...}`). */
  set lowerBoundRule(v: Excel.ConditionalDataBarRule) {
    this._put("lowerBoundRule", v, () => checkDataBarRule(v, "lower"));
  }
  get upperBoundRule(): Excel.ConditionalDataBarRule {
    return this._get("upperBoundRule");
  }
  set upperBoundRule(v: Excel.ConditionalDataBarRule) {
    this._put("upperBoundRule", v, () => checkDataBarRule(v, "upper"));
  }
  get showDataBarOnly(): boolean {
    return this._get("showDataBarOnly");
  }
  set showDataBarOnly(v: boolean) {
    this._put("showDataBarOnly", v, () => flag(v, "showDataBarOnly"));
  }

  get positiveFormat(): HostConditionalDataBarPositiveFormat {
    return this._nav(
      "positiveFormat",
      () =>
        new HostConditionalDataBarPositiveFormat(this.context, `${this._path}.positiveFormat`, () => this._target()),
    );
  }
  get negativeFormat(): HostConditionalDataBarNegativeFormat {
    return this._nav(
      "negativeFormat",
      () =>
        new HostConditionalDataBarNegativeFormat(this.context, `${this._path}.negativeFormat`, () => this._target()),
    );
  }
}

/** A data bar's positive or negative bar: each property read and set as it stands in the settings. */
abstract class BarFormat<B extends "positiveFormat" | "negativeFormat"> extends ScalePart {
  protected abstract readonly _bar: B;

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    const bar = kindOf(t.cf, "DataBar").dataBar[this._bar] as Record<string, unknown>;
    if ((this._scalarProperties as readonly string[]).includes(name)) return this._counted(io, bar[name]);
    return this._unknown(name);
  }

  protected _put(name: keyof DataBarSettings[B] & string, v: unknown, checked: () => unknown): void {
    this._change(name, v, (t) => {
      (kindOf(t.cf, "DataBar").dataBar[this._bar] as Record<string, unknown>)[name] = checked();
    });
  }
}

export class HostConditionalDataBarPositiveFormat extends BarFormat<"positiveFormat"> {
  protected readonly _bar = "positiveFormat";
  protected readonly _scalarProperties = ["borderColor", "fillColor", "gradientFill"] as const;

  get borderColor(): string {
    return this._get("borderColor");
  }
  set borderColor(v: string) {
    this._put("borderColor", v, () => text(v, "A border color"));
  }
  get fillColor(): string {
    return this._get("fillColor");
  }
  set fillColor(v: string) {
    this._put("fillColor", v, () => text(v, "A fill color"));
  }
  get gradientFill(): boolean {
    return this._get("gradientFill");
  }
  set gradientFill(v: boolean) {
    this._put("gradientFill", v, () => flag(v, "gradientFill"));
  }
}

export class HostConditionalDataBarNegativeFormat extends BarFormat<"negativeFormat"> {
  protected readonly _bar = "negativeFormat";
  protected readonly _scalarProperties = [
    "borderColor",
    "fillColor",
    "matchPositiveBorderColor",
    "matchPositiveFillColor",
  ] as const;

  get borderColor(): string {
    return this._get("borderColor");
  }
  set borderColor(v: string) {
    this._put("borderColor", v, () => text(v, "A border color"));
  }
  get fillColor(): string {
    return this._get("fillColor");
  }
  set fillColor(v: string) {
    this._put("fillColor", v, () => text(v, "A fill color"));
  }
  get matchPositiveBorderColor(): boolean {
    return this._get("matchPositiveBorderColor");
  }
  set matchPositiveBorderColor(v: boolean) {
    this._put("matchPositiveBorderColor", v, () => flag(v, "matchPositiveBorderColor"));
  }
  get matchPositiveFillColor(): boolean {
    return this._get("matchPositiveFillColor");
  }
  set matchPositiveFillColor(v: boolean) {
    this._put("matchPositiveFillColor", v, () => flag(v, "matchPositiveFillColor"));
  }
}

type IconSetStyle = Excel.IconSetConditionalFormat["style"];

/**
 * IconSetConditionalFormat. A style with another number of icons takes that many criteria, Excel's percents (the
 * host's pick: the reference is silent; Excel's dialog does so); criteria are set whole, one per icon.
 */
export class HostIconSetConditionalFormat extends ScalePart {
  protected readonly _scalarProperties = ["criteria", "reverseIconOrder", "showIconOnly", "style"] as const;

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    const set = kindOf(t.cf, "IconSet").iconSet;
    if ((this._scalarProperties as readonly string[]).includes(name))
      return this._counted(io, plain(set[name as keyof IconSetSettings]));
    return this._unknown(name);
  }

  get style(): IconSetStyle {
    return this._get("style");
  }
  set style(v: IconSetStyle) {
    this._change("style", v, (t) => {
      const set = kindOf(t.cf, "IconSet").iconSet;
      set.style = checkIconStyle(v);
      if (set.criteria.length !== iconCount(set.style)) set.criteria = iconCriteria(iconCount(set.style));
    });
  }
  get criteria(): Excel.ConditionalIconCriterion[] {
    return this._get("criteria");
  }
  set criteria(v: Excel.ConditionalIconCriterion[]) {
    this._change("criteria", v, (t) => {
      const set = kindOf(t.cf, "IconSet").iconSet;
      const criteria = checkIconCriteria(v, set.criteria);
      if (set.reverseIconOrder && criteria.some((c) => c.customIcon))
        throw invalidOperation("An icon set with its order reversed cannot take custom icons.");
      set.criteria = criteria;
    });
  }
  get reverseIconOrder(): boolean {
    return this._get("reverseIconOrder");
  }
  /** "This cannot be set if custom icons are used" (the reference): InvalidOperation then. */
  set reverseIconOrder(v: boolean) {
    this._change("reverseIconOrder", v, (t) => {
      const set = kindOf(t.cf, "IconSet").iconSet;
      if (flag(v, "reverseIconOrder") && set.criteria.some((c) => c.customIcon))
        throw invalidOperation("An icon set with custom icons cannot reverse its icon order.");
      set.reverseIconOrder = v;
    });
  }
  get showIconOnly(): boolean {
    return this._get("showIconOnly");
  }
  set showIconOnly(v: boolean) {
    this._change("showIconOnly", v, (t) => (kindOf(t.cf, "IconSet").iconSet.showIconOnly = flag(v, "showIconOnly")));
  }
}
