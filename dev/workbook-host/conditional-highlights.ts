// The conditional formats that format the cells whose condition holds (ExcelApi 1.6), each a rule and a format
// (conditional-range-format.ts): CellValueConditionalFormat (rule: formula1, formula2, operator),
// TextConditionalFormat (rule: operator, text), TopBottomConditionalFormat (rule: rank, type),
// PresetCriteriaConditionalFormat (rule: criterion) and CustomConditionalFormat (rule: a ConditionalFormatRule with
// formula, formulaLocal and formulaR1C1). A rule is set whole (`x.rule = {...}`), checked against the reference's
// enums and bounds at sync (InvalidArgument otherwise), and read back as stored.
import { checkRule, kindOf, plain } from "./conditional-kinds";
import { HostConditionalRangeFormat } from "./conditional-range-format";
import type { HostRequestContext, SyncIO } from "./context";
import type { FormatTarget, HighlightKind } from "./model-types";
import { checkWritable } from "./protection";
import { HostObject } from "./proxy-base";
import { fromR1C1, toR1C1 } from "./r1c1";

type Resolve = () => FormatTarget | null;

/** A highlight's proxy: its rule (a JSON value of its type's) and its format. */
abstract class HostHighlight extends HostObject<FormatTarget> {
  protected abstract readonly _type: HighlightKind["type"];

  constructor(ctx: HostRequestContext, path: string, resolve: Resolve, nullable = false) {
    super(ctx, path, resolve, nullable, false);
  }

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    if (name === "rule" && this._scalarProperties.includes(name)) return this._counted(io, plain(this._kind(t).rule));
    return this._unknown(name);
  }

  get format(): HostConditionalRangeFormat {
    return this._nav(
      "format",
      () => new HostConditionalRangeFormat(this.context, `${this._path}.format`, () => this._target()),
    );
  }

  private _kind(t: FormatTarget): HighlightKind {
    return kindOf(t.cf, this._type) as HighlightKind;
  }

  protected _setRule(v: unknown): void {
    this._set("rule", v, (t) => {
      checkWritable(t.sheet, "formatCells");
      (this._kind(t) as { rule: unknown }).rule = checkRule(this._type, v);
    });
  }
}

export class HostCellValueConditionalFormat extends HostHighlight {
  protected readonly _type = "CellValue";
  protected readonly _scalarProperties: readonly string[] = ["rule"];
  get rule(): Excel.ConditionalCellValueRule {
    return this._get("rule");
  }
  set rule(v: Excel.ConditionalCellValueRule) {
    this._setRule(v);
  }
}

/** ConditionalFormat.textComparison: "Text that contains ..." and its kin (Contains, NotContains, BeginsWith, EndsWith). */
export class HostTextConditionalFormat extends HostHighlight {
  protected readonly _type = "ContainsText";
  protected readonly _scalarProperties: readonly string[] = ["rule"];
  get rule(): Excel.ConditionalTextComparisonRule {
    return this._get("rule");
  }
  set rule(v: Excel.ConditionalTextComparisonRule) {
    this._setRule(v);
  }
}

/** Top or bottom items or percent: rank 1 to 1000 for items, 1 to 100 for percent (the reference's bounds). */
export class HostTopBottomConditionalFormat extends HostHighlight {
  protected readonly _type = "TopBottom";
  protected readonly _scalarProperties: readonly string[] = ["rule"];
  get rule(): Excel.ConditionalTopBottomRule {
    return this._get("rule");
  }
  set rule(v: Excel.ConditionalTopBottomRule) {
    this._setRule(v);
  }
}

/** ConditionalFormat.preset: blanks, errors, dates, averages, unique or duplicate values. */
export class HostPresetCriteriaConditionalFormat extends HostHighlight {
  protected readonly _type = "PresetCriteria";
  protected readonly _scalarProperties: readonly string[] = ["rule"];
  get rule(): Excel.ConditionalPresetCriteriaRule {
    return this._get("rule");
  }
  set rule(v: Excel.ConditionalPresetCriteriaRule) {
    this._setRule(v);
  }
}

/** ConditionalFormat.custom: a formula for the format's top-left cell, and a format. */
export class HostCustomConditionalFormat extends HostHighlight {
  protected readonly _type = "Custom";
  protected readonly _scalarProperties: readonly string[] = [];
  get rule(): HostConditionalFormatRule {
    return this._nav(
      "rule",
      () => new HostConditionalFormatRule(this.context, `${this._path}.rule`, () => this._target()),
    );
  }
}

/**
 * ConditionalFormatRule: the custom formula, as written for the top-left cell of the format's first area
 * (formulaLocal the same; formulaR1C1 relative to that cell). A formula not set reads "".
 */
export class HostConditionalFormatRule extends HostObject<FormatTarget> {
  protected readonly _scalarProperties = ["formula", "formulaLocal", "formulaR1C1"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: Resolve) {
    super(ctx, path, resolve, false, false);
  }

  protected _read(t: FormatTarget, name: string, io: SyncIO): unknown {
    const formula = kindOf(t.cf, "Custom").rule.formula;
    if (name === "formula" || name === "formulaLocal") return this._counted(io, formula);
    if (name === "formulaR1C1") {
      const at = t.cf.areas[0];
      return this._counted(io, formula === "" ? "" : toR1C1(formula, at.r0, at.c0));
    }
    return this._unknown(name);
  }

  get formula(): string {
    return this._get("formula");
  }
  set formula(v: string) {
    this._setFormula("formula", v, () => v);
  }
  get formulaLocal(): string {
    return this._get("formulaLocal");
  }
  set formulaLocal(v: string) {
    this._setFormula("formulaLocal", v, () => v);
  }
  get formulaR1C1(): string {
    return this._get("formulaR1C1");
  }
  set formulaR1C1(v: string) {
    this._setFormula("formulaR1C1", v, (t) => fromR1C1(v, t.cf.areas[0].r0, t.cf.areas[0].c0));
  }

  private _setFormula(name: string, v: string, a1: (t: FormatTarget) => unknown): void {
    this._set(name, v, (t) => {
      checkWritable(t.sheet, "formatCells");
      kindOf(t.cf, "Custom").rule = checkRule("Custom", { formula: a1(t) }) as { formula: string };
    });
  }
}
