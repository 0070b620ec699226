// ConditionalRangeFormat (ExcelApi 1.6): what a highlighting conditional format (cell value, text comparison,
// top/bottom, preset, custom) shows where its condition holds: font (bold, color, italic, strikethrough, underline;
// clear), fill (color; clear), borders (top, bottom, left, right: color and style; by side or index), numberFormat,
// and clearFormat (no format at all). What the format does not set reads null. The host draws none of it.
import { highlightOf } from "./conditional-kinds";
import { checkEnum } from "./conditional-kinds";
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, itemNotFound } from "./errors";
import type { BorderSide, FormatTarget, RuleFormat } from "./model-types";
import { checkWritable } from "./protection";
import { HostCollection, HostObject } from "./proxy-base";

type Resolve = () => FormatTarget | null;

/** A part of a format's proxy: it changes the format's RuleFormat, on a sheet that allows formatting cells. */
abstract class FormatPart extends HostObject<FormatTarget> {
  constructor(ctx: HostRequestContext, path: string, resolve: Resolve) {
    super(ctx, path, resolve, false, false);
  }

  protected _format(t: FormatTarget): RuleFormat {
    return highlightOf(t.cf).format;
  }

  /** Queues setting one of the format's properties. */
  protected _put(name: string, value: unknown, apply: (f: RuleFormat) => void): void {
    this._set(name, value, (t) => {
      checkWritable(t.sheet, "formatCells");
      apply(this._format(t));
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

export class HostConditionalRangeFormat extends FormatPart {
  protected readonly _scalarProperties = ["numberFormat"] as const;

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    if (name === "numberFormat") return this._counted(io, this._format(t).numberFormat ?? null);
    return this._unknown(name);
  }

  get numberFormat(): any {
    return this._get("numberFormat");
  }
  /** Cleared by null (the reference). */
  set numberFormat(v: any) {
    this._put("numberFormat", v, (f) => {
      if (v === null) delete f.numberFormat;
      else f.numberFormat = text(v, "A number format");
    });
  }

  get font(): HostConditionalRangeFont {
    return this._nav(
      "font",
      () => new HostConditionalRangeFont(this.context, `${this._path}.font`, () => this._target()),
    );
  }
  get fill(): HostConditionalRangeFill {
    return this._nav(
      "fill",
      () => new HostConditionalRangeFill(this.context, `${this._path}.fill`, () => this._target()),
    );
  }
  get borders(): HostConditionalRangeBorderCollection {
    return this._nav(
      "borders",
      () => new HostConditionalRangeBorderCollection(this.context, `${this._path}.borders`, () => this._target()),
    );
  }

  /** Removes every format property: the rule then formats nothing. */
  clearFormat(): void {
    this._call("clearFormat", [], (t) => {
      checkWritable(t.sheet, "formatCells");
      const f = this._format(t);
      for (const k of Object.keys(f)) delete f[k as keyof RuleFormat];
    });
  }
}

const UNDERLINES = ["None", "Single", "Double"];

export class HostConditionalRangeFont extends FormatPart {
  protected readonly _scalarProperties = ["bold", "color", "italic", "strikethrough", "underline"] as const;

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    const f = this._format(t);
    switch (name) {
      case "bold":
        return this._counted(io, f.bold ?? null);
      case "color":
        return this._counted(io, f.fontColor ?? null);
      case "italic":
        return this._counted(io, f.italic ?? null);
      case "strikethrough":
        return this._counted(io, f.strikethrough ?? null);
      case "underline":
        return this._counted(io, f.underline ?? null);
    }
    return this._unknown(name);
  }

  get bold(): boolean {
    return this._get("bold");
  }
  set bold(v: boolean) {
    this._put("bold", v, (f) => (f.bold = flag(v, "bold")));
  }
  get color(): string {
    return this._get("color");
  }
  set color(v: string) {
    this._put("color", v, (f) => (f.fontColor = text(v, "A font color")));
  }
  get italic(): boolean {
    return this._get("italic");
  }
  set italic(v: boolean) {
    this._put("italic", v, (f) => (f.italic = flag(v, "italic")));
  }
  get strikethrough(): boolean {
    return this._get("strikethrough");
  }
  set strikethrough(v: boolean) {
    this._put("strikethrough", v, (f) => (f.strikethrough = flag(v, "strikethrough")));
  }
  get underline(): Excel.ConditionalRangeFontUnderlineStyle | "None" | "Single" | "Double" {
    return this._get("underline");
  }
  set underline(v: Excel.ConditionalRangeFontUnderlineStyle | "None" | "Single" | "Double") {
    this._put("underline", v, (f) => (f.underline = checkEnum(v, UNDERLINES, "An underline")));
  }

  /** Resets the font: none of its properties is set. */
  clear(): void {
    this._call("clear", [], (t) => {
      checkWritable(t.sheet, "formatCells");
      const f = this._format(t);
      for (const k of ["bold", "fontColor", "italic", "strikethrough", "underline"] as const) delete f[k];
    });
  }
}

export class HostConditionalRangeFill extends FormatPart {
  protected readonly _scalarProperties = ["color"] as const;

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    if (name === "color") return this._counted(io, this._format(t).fill ?? null);
    return this._unknown(name);
  }

  get color(): string {
    return this._get("color");
  }
  set color(v: string) {
    this._put("color", v, (f) => (f.fill = text(v, "A fill color")));
  }

  /** Resets the fill. */
  clear(): void {
    this._call("clear", [], (t) => {
      checkWritable(t.sheet, "formatCells");
      delete this._format(t).fill;
    });
  }
}

const SIDES: readonly BorderSide[] = ["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight"];
const LINE_STYLES = ["None", "Continuous", "Dash", "DashDot", "DashDotDot", "Dot"];

interface BorderRef {
  target: FormatTarget;
  side: BorderSide;
}

/** ConditionalRangeBorderCollection: the four borders, by side ("EdgeTop", ...) or index, and top/bottom/left/right. */
export class HostConditionalRangeBorderCollection extends HostCollection<
  HostConditionalRangeBorder,
  BorderRef,
  FormatTarget
> {
  protected readonly _scalarProperties = ["count"] as const;
  protected readonly _itemProperties = ["sideIndex", "color", "style"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: Resolve) {
    super(ctx, path, resolve, false, false);
  }

  protected _models(t: FormatTarget): BorderRef[] {
    return SIDES.map((side) => ({ target: t, side }));
  }

  protected _itemProxy(ref: BorderRef): HostConditionalRangeBorder {
    return this.getItem(ref.side);
  }

  get count(): number {
    return this._get("count");
  }
  get top(): HostConditionalRangeBorder {
    return this._nav("top", () => this.getItem("EdgeTop"));
  }
  get bottom(): HostConditionalRangeBorder {
    return this._nav("bottom", () => this.getItem("EdgeBottom"));
  }
  get left(): HostConditionalRangeBorder {
    return this._nav("left", () => this.getItem("EdgeLeft"));
  }
  get right(): HostConditionalRangeBorder {
    return this._nav("right", () => this.getItem("EdgeRight"));
  }

  getItem(index: Excel.ConditionalRangeBorderIndex | BorderSide): HostConditionalRangeBorder {
    return new HostConditionalRangeBorder(this.context, `${this._path}.getItem(${JSON.stringify(index)})`, () => {
      const t = this._target();
      if (t === null) return null;
      return { target: t, side: checkEnum(index, SIDES, "A border's side") as BorderSide };
    });
  }

  getItemAt(index: number): HostConditionalRangeBorder {
    return new HostConditionalRangeBorder(this.context, `${this._path}.getItemAt(${index})`, () => {
      const t = this._target();
      if (t === null) return null;
      const side = SIDES[index];
      if (side === undefined) throw itemNotFound(`There is no border at ${index}.`);
      return { target: t, side };
    });
  }
}

/** One border of a format: its side, color and line style. */
export class HostConditionalRangeBorder extends HostObject<BorderRef> {
  protected readonly _scalarProperties = ["sideIndex", "color", "style"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => BorderRef | null) {
    super(ctx, path, resolve, false, false);
  }

  private _border(ref: BorderRef): { color?: string; style?: string } | undefined {
    return highlightOf(ref.target.cf).format.borders?.[ref.side];
  }

  protected _read(ref: BorderRef, name: string, io: SyncIO): unknown {
    switch (name) {
      case "sideIndex":
        return this._counted(io, ref.side);
      case "color":
        return this._counted(io, this._border(ref)?.color ?? null);
      case "style":
        return this._counted(io, this._border(ref)?.style ?? null);
    }
    return this._unknown(name);
  }

  get sideIndex(): Excel.ConditionalRangeBorderIndex | BorderSide {
    return this._get("sideIndex");
  }
  get color(): string {
    return this._get("color");
  }
  set color(v: string) {
    this._setBorder("color", v, () => text(v, "A border color"));
  }
  get style():
    Excel.ConditionalRangeBorderLineStyle | "None" | "Continuous" | "Dash" | "DashDot" | "DashDotDot" | "Dot" {
    return this._get("style");
  }
  set style(
    v: Excel.ConditionalRangeBorderLineStyle | "None" | "Continuous" | "Dash" | "DashDot" | "DashDotDot" | "Dot",
  ) {
    this._setBorder("style", v, () => checkEnum(v, LINE_STYLES, "A border's style"));
  }

  private _setBorder(name: "color" | "style", v: unknown, checked: () => string): void {
    this._set(name, v, (ref) => {
      checkWritable(ref.target.sheet, "formatCells");
      const format = highlightOf(ref.target.cf).format;
      const borders = (format.borders ??= {});
      borders[ref.side] = { ...borders[ref.side], [name]: checked() };
    });
  }
}
