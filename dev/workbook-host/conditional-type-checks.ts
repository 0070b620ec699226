// Compile-time checks of the conditional format proxies against @types/office-js, as type-checks.ts does for the
// others (scalar properties of Excel's types, methods accepting Excel's arguments and returning the host's
// stand-ins), and one more: every member of each conditional-format class of the typings is modelled, so a
// property the reference adds, or one the host misses (textComparison, say), fails `tsc`.
import type {
  HostCellValueConditionalFormat,
  HostConditionalFormatRule,
  HostCustomConditionalFormat,
  HostPresetCriteriaConditionalFormat,
  HostTextConditionalFormat,
  HostTopBottomConditionalFormat,
} from "./conditional-highlights";
import type { HostConditionalFormat, HostConditionalFormatCollection } from "./conditional-formats";
import type {
  HostConditionalRangeBorder,
  HostConditionalRangeBorderCollection,
  HostConditionalRangeFill,
  HostConditionalRangeFont,
  HostConditionalRangeFormat,
} from "./conditional-range-format";
import type {
  HostColorScaleConditionalFormat,
  HostConditionalDataBarNegativeFormat,
  HostConditionalDataBarPositiveFormat,
  HostDataBarConditionalFormat,
  HostIconSetConditionalFormat,
} from "./conditional-scales";
import type { HostClientResult } from "./proxy-base";
import type { HostRange } from "./range";
import type { HostRangeAreas } from "./range-areas";
import type { Assert, Method, Props } from "./type-checks";

/** What every office-js proxy has that the host's proxies need not (set() bulk updates are not modelled). */
type Plumbing = "context" | "set" | "toJSON" | "load" | "track" | "untrack" | "isNullObject";
/** The members of Excel class E that host class H lacks: never when H models all of them. */
type Missing<E, H> = Exclude<keyof E, keyof H | Plumbing>;
type Complete<E, H> = [Missing<E, H>] extends [never] ? true : false;

export type ConditionalChecks = [
  Assert<Complete<Excel.ConditionalFormatCollection, HostConditionalFormatCollection>>,
  Assert<Method<Excel.ConditionalFormatCollection, HostConditionalFormatCollection, "add", HostConditionalFormat>>,
  Assert<Method<Excel.ConditionalFormatCollection, HostConditionalFormatCollection, "getItem", HostConditionalFormat>>,
  Assert<
    Method<
      Excel.ConditionalFormatCollection,
      HostConditionalFormatCollection,
      "getItemOrNullObject",
      HostConditionalFormat
    >
  >,
  Assert<
    Method<Excel.ConditionalFormatCollection, HostConditionalFormatCollection, "getItemAt", HostConditionalFormat>
  >,
  Assert<
    Method<Excel.ConditionalFormatCollection, HostConditionalFormatCollection, "getCount", HostClientResult<number>>
  >,
  Assert<Method<Excel.ConditionalFormatCollection, HostConditionalFormatCollection, "clearAll", void>>,

  // ConditionalFormat: every typed property and its *OrNullObject, the ranges, changeRuleTo* (ExcelApi 1.17).
  Assert<Complete<Excel.ConditionalFormat, HostConditionalFormat>>,
  Assert<Props<HostConditionalFormat, Excel.ConditionalFormat, "id" | "type" | "priority" | "stopIfTrue">>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "getRange", HostRange>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "getRangeOrNullObject", HostRange>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "getRanges", HostRangeAreas>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "delete", void>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "changeRuleToCellValue", void>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "changeRuleToContainsText", void>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "changeRuleToTopBottom", void>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "changeRuleToPresetCriteria", void>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "changeRuleToCustom", void>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "changeRuleToColorScale", void>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "changeRuleToDataBar", void>>,
  Assert<Method<Excel.ConditionalFormat, HostConditionalFormat, "changeRuleToIconSet", void>>,

  // The highlights: a rule and a format each.
  Assert<Complete<Excel.CellValueConditionalFormat, HostCellValueConditionalFormat>>,
  Assert<Props<HostCellValueConditionalFormat, Excel.CellValueConditionalFormat, "rule">>,
  Assert<Complete<Excel.TextConditionalFormat, HostTextConditionalFormat>>,
  Assert<Props<HostTextConditionalFormat, Excel.TextConditionalFormat, "rule">>,
  Assert<Complete<Excel.TopBottomConditionalFormat, HostTopBottomConditionalFormat>>,
  Assert<Props<HostTopBottomConditionalFormat, Excel.TopBottomConditionalFormat, "rule">>,
  Assert<Complete<Excel.PresetCriteriaConditionalFormat, HostPresetCriteriaConditionalFormat>>,
  Assert<Props<HostPresetCriteriaConditionalFormat, Excel.PresetCriteriaConditionalFormat, "rule">>,
  Assert<Complete<Excel.CustomConditionalFormat, HostCustomConditionalFormat>>,
  Assert<Complete<Excel.ConditionalFormatRule, HostConditionalFormatRule>>,
  Assert<Props<HostConditionalFormatRule, Excel.ConditionalFormatRule, "formula" | "formulaLocal" | "formulaR1C1">>,

  // What a highlight shows.
  Assert<Complete<Excel.ConditionalRangeFormat, HostConditionalRangeFormat>>,
  Assert<Props<HostConditionalRangeFormat, Excel.ConditionalRangeFormat, "numberFormat">>,
  Assert<Method<Excel.ConditionalRangeFormat, HostConditionalRangeFormat, "clearFormat", void>>,
  Assert<Complete<Excel.ConditionalRangeFont, HostConditionalRangeFont>>,
  Assert<
    Props<
      HostConditionalRangeFont,
      Excel.ConditionalRangeFont,
      "bold" | "color" | "italic" | "strikethrough" | "underline"
    >
  >,
  Assert<Method<Excel.ConditionalRangeFont, HostConditionalRangeFont, "clear", void>>,
  Assert<Complete<Excel.ConditionalRangeFill, HostConditionalRangeFill>>,
  Assert<Props<HostConditionalRangeFill, Excel.ConditionalRangeFill, "color">>,
  Assert<Method<Excel.ConditionalRangeFill, HostConditionalRangeFill, "clear", void>>,
  Assert<Complete<Excel.ConditionalRangeBorderCollection, HostConditionalRangeBorderCollection>>,
  Assert<Props<HostConditionalRangeBorderCollection, Excel.ConditionalRangeBorderCollection, "count">>,
  Assert<
    Method<
      Excel.ConditionalRangeBorderCollection,
      HostConditionalRangeBorderCollection,
      "getItem",
      HostConditionalRangeBorder
    >
  >,
  Assert<
    Method<
      Excel.ConditionalRangeBorderCollection,
      HostConditionalRangeBorderCollection,
      "getItemAt",
      HostConditionalRangeBorder
    >
  >,
  Assert<Complete<Excel.ConditionalRangeBorder, HostConditionalRangeBorder>>,
  Assert<Props<HostConditionalRangeBorder, Excel.ConditionalRangeBorder, "sideIndex" | "color" | "style">>,

  // The scales: colour scale, data bar (and its bars), icon set.
  Assert<Complete<Excel.ColorScaleConditionalFormat, HostColorScaleConditionalFormat>>,
  Assert<Props<HostColorScaleConditionalFormat, Excel.ColorScaleConditionalFormat, "criteria" | "threeColorScale">>,
  Assert<Complete<Excel.DataBarConditionalFormat, HostDataBarConditionalFormat>>,
  Assert<
    Props<
      HostDataBarConditionalFormat,
      Excel.DataBarConditionalFormat,
      "axisColor" | "axisFormat" | "barDirection" | "lowerBoundRule" | "upperBoundRule" | "showDataBarOnly"
    >
  >,
  Assert<Complete<Excel.ConditionalDataBarPositiveFormat, HostConditionalDataBarPositiveFormat>>,
  Assert<
    Props<
      HostConditionalDataBarPositiveFormat,
      Excel.ConditionalDataBarPositiveFormat,
      "borderColor" | "fillColor" | "gradientFill"
    >
  >,
  Assert<Complete<Excel.ConditionalDataBarNegativeFormat, HostConditionalDataBarNegativeFormat>>,
  Assert<
    Props<
      HostConditionalDataBarNegativeFormat,
      Excel.ConditionalDataBarNegativeFormat,
      "borderColor" | "fillColor" | "matchPositiveBorderColor" | "matchPositiveFillColor"
    >
  >,
  Assert<Complete<Excel.IconSetConditionalFormat, HostIconSetConditionalFormat>>,
  Assert<
    Props<
      HostIconSetConditionalFormat,
      Excel.IconSetConditionalFormat,
      "criteria" | "reverseIconOrder" | "showIconOnly" | "style"
    >
  >,
];
