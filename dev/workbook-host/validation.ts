// Range.dataValidation (Excel.DataValidation, ExcelApi 1.8): the validation of a range's cells, over the sheet's
// validation areas (cell-rules.ts). `type` reads the one rule every cell has, "None" when no cell has one,
// "Inconsistent" when cells have different rules and "MixedCriteria" when only some cells have one (the
// reference's words); `rule`, `ignoreBlanks`, `prompt` and `errorAlert` read that one validation's (Excel's
// defaults when none; for a mixed range the host reads an empty rule, the least it can tell). Setting `rule`
// needs cells without validation: Microsoft's data-validation sample clears first ("a good practice to clear the
// dataValidation object"), and the reference does not say what replacing one does, so the host refuses it
// (InvalidOperation) rather than guess. `valid` and getInvalidCells are not modelled (no formula engine).
import { cellCount } from "./addresses";
import { clearValidation, joinValidations, subtractRect, validationsIn } from "./cell-rules";
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, invalidOperation } from "./errors";
import { checkWritable } from "./protection";
import { HostObject } from "./proxy-base";
import type { RangeTarget, ValidationArea, ValidationSettings } from "./model-types";

/** The rule's kinds (DataValidationRule's properties) and the type each gives. */
const KINDS: Record<string, string> = {
  wholeNumber: "WholeNumber",
  decimal: "Decimal",
  list: "List",
  date: "Date",
  time: "Time",
  textLength: "TextLength",
  custom: "Custom",
};

const NO_PROMPT: Excel.DataValidationPrompt = { showPrompt: false, title: "", message: "" };
const DEFAULT_ALERT: Excel.DataValidationErrorAlert = { showAlert: true, style: "Stop", title: "", message: "" };

/** A formula operand as Excel reads it back: always a formula text ("=10", "=A1"). */
function formulaText(v: unknown): unknown {
  if (typeof v === "number") return `=${v}`;
  if (typeof v === "string" && v !== "" && !v.startsWith("=")) return `=${v}`;
  return v;
}

/** The rule as Excel keeps it: one kind, its operands as formula texts. */
function storedRule(rule: unknown): { type: string; rule: Excel.DataValidationRule } {
  if (!rule || typeof rule !== "object") throw invalidArgument("A data validation rule must be an object.");
  const kinds = Object.entries(rule as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null);
  if (kinds.length !== 1 || KINDS[kinds[0][0]] === undefined)
    throw invalidArgument("A data validation rule takes exactly one of its kinds.");
  const [kind, body] = kinds[0];
  if (!body || typeof body !== "object") throw invalidArgument(`The ${kind} rule must be an object.`);
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  if (kind === "list") {
    if (typeof copy.source !== "string" || copy.source === "") throw invalidArgument("A list rule needs a source.");
  } else if (kind === "custom") {
    if (typeof copy.formula !== "string" || copy.formula === "")
      throw invalidArgument("A custom rule needs a formula.");
  } else {
    if (copy.formula1 === undefined) throw invalidArgument(`A ${kind} rule needs formula1.`);
    copy.formula1 = formulaText(copy.formula1);
    if (copy.formula2 !== undefined) copy.formula2 = formulaText(copy.formula2);
  }
  return { type: KINDS[kind], rule: { [kind]: copy } as Excel.DataValidationRule };
}

const same = (a: ValidationSettings, b: ValidationSettings) => JSON.stringify(a) === JSON.stringify(b);

export class HostDataValidation extends HostObject<RangeTarget> {
  protected readonly _scalarProperties = ["type", "rule", "ignoreBlanks", "prompt", "errorAlert"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => RangeTarget | null) {
    super(ctx, path, resolve, false, false);
  }

  protected _read(t: RangeTarget, name: string, io: SyncIO): unknown {
    const areas = validationsIn(t.sheet, t.rect);
    const covered = areas.reduce((n, a) => n + cellCount(a.rect), 0);
    const one = areas.length > 0 && areas.every((a) => same(a.settings, areas[0].settings)) ? areas[0].settings : null;
    const whole = covered === cellCount(t.rect);
    const settings = whole ? one : null;
    switch (name) {
      case "type":
        return this._counted(
          io,
          areas.length === 0 ? "None" : !whole ? "MixedCriteria" : one ? one.type : "Inconsistent",
        );
      case "rule":
        return this._counted(io, settings ? JSON.parse(JSON.stringify(settings.rule)) : {});
      case "ignoreBlanks":
        return this._counted(io, settings ? settings.ignoreBlanks : true);
      case "prompt":
        return this._counted(io, { ...(settings ? settings.prompt : NO_PROMPT) });
      case "errorAlert":
        return this._counted(io, { ...(settings ? settings.errorAlert : DEFAULT_ALERT) });
    }
    return this._unknown(name);
  }

  get type(): Excel.DataValidationType {
    return this._get("type");
  }
  get rule(): Excel.DataValidationRule {
    return this._get("rule");
  }
  set rule(v: Excel.DataValidationRule) {
    this._set("rule", v, (t) => {
      checkWritable(t.sheet, "contents");
      const { type, rule } = storedRule(v);
      if (validationsIn(t.sheet, t.rect).length > 0)
        throw invalidOperation(
          "The range already has data validation. Clear it first (DataValidation.clear()), then set the new rule.",
        );
      const settings = { type, rule, ignoreBlanks: true, prompt: NO_PROMPT, errorAlert: DEFAULT_ALERT };
      t.sheet.validations = joinValidations([...t.sheet.validations, { rect: { ...t.rect }, settings }]);
    });
  }
  get ignoreBlanks(): boolean {
    return this._get("ignoreBlanks");
  }
  set ignoreBlanks(v: boolean) {
    this._set("ignoreBlanks", v, (t) => this._change(t, { ignoreBlanks: !!v }));
  }
  get prompt(): Excel.DataValidationPrompt {
    return this._get("prompt");
  }
  set prompt(v: Excel.DataValidationPrompt) {
    this._set("prompt", v, (t) => this._change(t, { prompt: { ...NO_PROMPT, ...checkedObject(v, "prompt") } }));
  }
  get errorAlert(): Excel.DataValidationErrorAlert {
    return this._get("errorAlert");
  }
  set errorAlert(v: Excel.DataValidationErrorAlert) {
    this._set("errorAlert", v, (t) =>
      this._change(t, { errorAlert: { ...DEFAULT_ALERT, ...checkedObject(v, "errorAlert") } }),
    );
  }

  /** Clears the data validation from the range (ExcelApi 1.8). */
  clear(): void {
    this._call("clear", [], (t) => {
      checkWritable(t.sheet, "contents");
      clearValidation(t.sheet, t.rect);
    });
  }

  /** Changes a setting of the validation of the range's cells (cells without one are left without). */
  private _change(t: RangeTarget, change: Partial<ValidationSettings>): void {
    checkWritable(t.sheet, "contents");
    const next: ValidationArea[] = [];
    for (const v of t.sheet.validations) {
      const inside = validationsIn({ ...t.sheet, validations: [v] }, t.rect)[0];
      if (!inside) {
        next.push(v);
        continue;
      }
      for (const rect of subtractRect(v.rect, t.rect)) next.push({ rect, settings: v.settings });
      next.push({ rect: inside.rect, settings: { ...v.settings, ...change } });
    }
    t.sheet.validations = joinValidations(next);
  }
}

function checkedObject<T>(v: T, what: string): T {
  if (!v || typeof v !== "object") throw invalidArgument(`The ${what} must be an object.`);
  return JSON.parse(JSON.stringify(v)) as T;
}
