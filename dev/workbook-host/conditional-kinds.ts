// The conditional format types (ConditionalFormatType, ExcelApi 1.6) as data: what a new format of each type holds
// (ConditionalFormatCollection.add, ConditionalFormat.changeRuleTo*), the checks a rule or setting passes before it
// is stored (the reference's enums and bounds; anything else is InvalidArgument), and the typed part a proxy reads.
// Values go in and come out as JSON copies: what a later load returns is what was stored, never the caller's object.
// The reference does not say what a format reads before its rule is set: a highlight's rule reads the typings'
// "Invalid" form, a colour scale, data bar and icon set read what Excel's Home > Conditional Formatting gives a new
// one (red to green; a blue gradient bar on an automatic axis; three traffic lights at 0, 33 and 67 percent).
import { invalidArgument, invalidOperation } from "./errors";
import type {
  ConditionalFormatModel,
  ConditionalKind,
  ConditionalType,
  DataBarSettings,
  HighlightKind,
} from "./model-types";

const CONDITIONAL_TYPES: readonly ConditionalType[] = [
  "CellValue",
  "ContainsText",
  "TopBottom",
  "PresetCriteria",
  "Custom",
  "ColorScale",
  "DataBar",
  "IconSet",
];

export const isConditionalType = (t: unknown): t is ConditionalType => CONDITIONAL_TYPES.includes(t as ConditionalType);

/** A JSON copy: stored and read values never share objects with the caller. */
export const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The colour scale, data bar and icon set have no StopIfTrue: the reference says theirs reads null. */
export const hasStopIfTrue = (kind: ConditionalKind): boolean =>
  kind.type !== "ColorScale" && kind.type !== "DataBar" && kind.type !== "IconSet";

const DATA_BAR: DataBarSettings = {
  axisColor: "#000000",
  axisFormat: "Automatic",
  barDirection: "Context",
  lowerBoundRule: { type: "Automatic" },
  upperBoundRule: { type: "Automatic" },
  showDataBarOnly: false,
  positiveFormat: { borderColor: "#638EC6", fillColor: "#638EC6", gradientFill: true },
  negativeFormat: {
    borderColor: "#FF0000",
    fillColor: "#FF0000",
    matchPositiveBorderColor: false,
    matchPositiveFillColor: false,
  },
};

/** A new format of `type`, as add gives it. */
export function newKind(type: ConditionalType): ConditionalKind {
  switch (type) {
    case "CellValue":
      return { type, rule: { formula1: "", operator: "Invalid" }, format: {} };
    case "ContainsText":
      return { type, rule: { operator: "Invalid", text: "" }, format: {} };
    case "TopBottom":
      return { type, rule: { rank: 0, type: "Invalid" }, format: {} };
    case "PresetCriteria":
      return { type, rule: { criterion: "Invalid" }, format: {} };
    case "Custom":
      return { type, rule: { formula: "" }, format: {} };
    case "ColorScale":
      return {
        type,
        criteria: {
          minimum: { formula: null as unknown as string, type: "LowestValue", color: "#F8696B" },
          maximum: { formula: null as unknown as string, type: "HighestValue", color: "#63BE7B" },
        },
      };
    case "DataBar":
      return { type, dataBar: plain(DATA_BAR) };
    case "IconSet":
      return {
        type,
        iconSet: {
          style: "ThreeTrafficLights1",
          criteria: iconCriteria(3),
          reverseIconOrder: false,
          showIconOnly: false,
        },
      };
  }
}

/** The format's typed part when it is of `type`; Excel fails reading another type's properties (InvalidOperation). */
export function kindOf<T extends ConditionalType>(
  cf: ConditionalFormatModel,
  type: T,
): Extract<ConditionalKind, { type: T }> {
  if (cf.kind.type !== type) throw invalidOperation(`The conditional format is not of type ${type}.`);
  return cf.kind as Extract<ConditionalKind, { type: T }>;
}

/** The format's highlight (its rule and format), for the four types and Custom that have one. */
export function highlightOf(cf: ConditionalFormatModel): HighlightKind {
  const k = cf.kind;
  if (!("format" in k)) throw invalidOperation(`A ${k.type} conditional format has no format.`);
  return k;
}

export function checkEnum(value: unknown, allowed: readonly string[], what: string): string {
  if (typeof value !== "string" || !allowed.includes(value))
    throw invalidArgument(`${what} must be one of ${allowed.join(", ")}.`);
  return value;
}

function record(v: unknown, what: string): Record<string, unknown> {
  if (!v || typeof v !== "object" || Array.isArray(v)) throw invalidArgument(`${what} must be an object.`);
  return v as Record<string, unknown>;
}

const CELL_VALUE_OPERATORS = [
  "Between",
  "NotBetween",
  "EqualTo",
  "NotEqualTo",
  "GreaterThan",
  "LessThan",
  "GreaterThanOrEqual",
  "LessThanOrEqual",
];
const TEXT_OPERATORS = ["Contains", "NotContains", "BeginsWith", "EndsWith"];
const TOP_BOTTOM = ["TopItems", "TopPercent", "BottomItems", "BottomPercent"];
const PRESET_CRITERIA = [
  "Blanks",
  "NonBlanks",
  "Errors",
  "NonErrors",
  "Yesterday",
  "Today",
  "Tomorrow",
  "LastSevenDays",
  "LastWeek",
  "ThisWeek",
  "NextWeek",
  "LastMonth",
  "ThisMonth",
  "NextMonth",
  "AboveAverage",
  "BelowAverage",
  "EqualOrAboveAverage",
  "EqualOrBelowAverage",
  "OneStdDevAboveAverage",
  "OneStdDevBelowAverage",
  "TwoStdDevAboveAverage",
  "TwoStdDevBelowAverage",
  "ThreeStdDevAboveAverage",
  "ThreeStdDevBelowAverage",
  "UniqueValues",
  "DuplicateValues",
];

/** A highlight's rule, checked as its type's (ConditionalCellValueRule, ...TextComparisonRule, ...), then copied. */
export function checkRule(type: HighlightKind["type"], v: unknown): HighlightKind["rule"] {
  const r = record(v, `A ${type} rule`);
  switch (type) {
    case "CellValue":
      checkEnum(r.operator, CELL_VALUE_OPERATORS, "A cell value rule's operator");
      if (r.formula1 === undefined || r.formula1 === null) throw invalidArgument("A cell value rule needs formula1.");
      if (String(r.operator).includes("Between") && (r.formula2 === undefined || r.formula2 === null))
        throw invalidArgument(`A cell value rule ${String(r.operator)} needs formula2.`);
      break;
    case "ContainsText":
      checkEnum(r.operator, TEXT_OPERATORS, "A text comparison's operator");
      if (typeof r.text !== "string") throw invalidArgument("A text comparison's text must be a string.");
      break;
    case "TopBottom": {
      const kind = checkEnum(r.type, TOP_BOTTOM, "A top/bottom rule's type");
      const max = kind.endsWith("Percent") ? 100 : 1000;
      if (!Number.isInteger(r.rank) || (r.rank as number) < 1 || (r.rank as number) > max)
        throw invalidArgument(`A ${kind} rank is a whole number from 1 to ${max}.`);
      break;
    }
    case "PresetCriteria":
      checkEnum(r.criterion, PRESET_CRITERIA, "A preset rule's criterion");
      break;
    case "Custom":
      checkFormula(r.formula, "A custom rule's formula");
      break;
  }
  return plain(r) as unknown as HighlightKind["rule"];
}

function checkFormula(v: unknown, what: string): string {
  if (typeof v !== "string" || !v.startsWith("=")) throw invalidArgument(`${what} is a formula starting with =.`);
  return v;
}

const COLOR_CRITERION_TYPES = ["LowestValue", "HighestValue", "Number", "Percent", "Formula", "Percentile"];
/** Criterion types that need a number or formula beside them (the lowest and highest value need none). */
const NEEDS_FORMULA = ["Number", "Percent", "Formula", "Percentile"];

/** ConditionalColorScaleCriteria: a minimum and a maximum, a midpoint for three colours; each a type and a formula. */
export function checkColorScaleCriteria(v: unknown): Excel.ConditionalColorScaleCriteria {
  const c = record(v, "A colour scale's criteria");
  if (!c.minimum || !c.maximum) throw invalidArgument("A colour scale needs a minimum and a maximum.");
  for (const point of ["minimum", "midpoint", "maximum"] as const) {
    if (c[point] === undefined || c[point] === null) continue;
    const p = record(c[point], `A colour scale's ${point}`);
    const type = checkEnum(p.type, COLOR_CRITERION_TYPES, `A colour scale ${point}'s type`);
    if (NEEDS_FORMULA.includes(type) && (p.formula === undefined || p.formula === null || p.formula === ""))
      throw invalidArgument(`A colour scale ${point} of type ${type} needs a formula.`);
  }
  return plain(c) as unknown as Excel.ConditionalColorScaleCriteria;
}

/** ConditionalDataBarRule: the lower bound cannot be the highest value, nor the upper the lowest (Excel offers neither). */
export function checkDataBarRule(v: unknown, bound: "lower" | "upper"): Excel.ConditionalDataBarRule {
  const r = record(v, `A data bar's ${bound} bound rule`);
  const types = ["Automatic", bound === "lower" ? "LowestValue" : "HighestValue", ...NEEDS_FORMULA];
  const type = checkEnum(r.type, types, `A data bar's ${bound} bound type`);
  if (NEEDS_FORMULA.includes(type) && (typeof r.formula !== "string" || r.formula === ""))
    throw invalidArgument(`A data bar bound of type ${type} needs a formula.`);
  return plain(r) as unknown as Excel.ConditionalDataBarRule;
}

const ICON_STYLES = [
  "ThreeArrows",
  "ThreeArrowsGray",
  "ThreeFlags",
  "ThreeTrafficLights1",
  "ThreeTrafficLights2",
  "ThreeSigns",
  "ThreeSymbols",
  "ThreeSymbols2",
  "FourArrows",
  "FourArrowsGray",
  "FourRedToBlack",
  "FourRating",
  "FourTrafficLights",
  "FiveArrows",
  "FiveArrowsGray",
  "FiveRating",
  "FiveQuarters",
  "ThreeStars",
  "ThreeTriangles",
  "FiveBoxes",
];

export const checkIconStyle = (v: unknown): string => checkEnum(v, ICON_STYLES, "An icon set's style");

/** How many icons a style has (ThreeArrows: 3, FourRating: 4, FiveBoxes: 5). */
export const iconCount = (style: string): number => (style.startsWith("Five") ? 5 : style.startsWith("Four") ? 4 : 3);

/** Excel's criteria for `n` icons: percents from 0 in equal steps (0, 33, 67 for three). */
export function iconCriteria(n: number): Excel.ConditionalIconCriterion[] {
  return Array.from({ length: n }, (_, i) => ({
    formula: `=${Math.round((100 * i) / n)}`,
    operator: "GreaterThanOrEqual",
    type: "Percent",
  }));
}

/**
 * An icon set's criteria: one per icon of its style. For the first, only customIcon is taken (the reference: "for
 * the first criterion only the custom icon can be modified, while type, formula, and operator will be ignored").
 */
export function checkIconCriteria(
  v: unknown,
  current: readonly Excel.ConditionalIconCriterion[],
): Excel.ConditionalIconCriterion[] {
  if (!Array.isArray(v) || v.length !== current.length)
    throw invalidArgument(`This icon set's criteria are ${current.length}, one per icon.`);
  return v.map((raw: unknown, i) => {
    const c = record(raw ?? {}, `An icon criterion`);
    const icon = c.customIcon === undefined || c.customIcon === null ? {} : { customIcon: plain(c.customIcon) };
    if (i === 0) return { ...plain(current[0]), ...icon } as Excel.ConditionalIconCriterion;
    checkEnum(c.type, NEEDS_FORMULA, "An icon criterion's type");
    checkEnum(c.operator, ["GreaterThan", "GreaterThanOrEqual"], "An icon criterion's operator");
    if (typeof c.formula !== "string" || c.formula === "") throw invalidArgument("An icon criterion needs a formula.");
    return { formula: c.formula, operator: c.operator, type: c.type, ...icon } as Excel.ConditionalIconCriterion;
  });
}

/** A format's typed part as the snapshot shows it: the rule (or criteria, or settings) and, for highlights, the format. */
export function kindSnapshot(kind: ConditionalKind): { rule: unknown; format?: unknown } {
  switch (kind.type) {
    case "ColorScale":
      return { rule: plain(kind.criteria) };
    case "DataBar":
      return { rule: plain(kind.dataBar) };
    case "IconSet":
      return { rule: plain(kind.iconSet) };
    default:
      return { rule: plain(kind.rule), format: plain(kind.format) };
  }
}
