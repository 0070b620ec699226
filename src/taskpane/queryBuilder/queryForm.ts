// The query builder's state as plain data, and what it means as a service query (pure, testable).
import {
  LEVEL_METRICS,
  NEVER_DAILY,
  servedMetrics,
  type Comparison,
  type Filter,
  type Level,
  type MetricsAvailability,
  type Timeframe,
} from "../../core/query/metrics";
import { rollingEnd } from "../../core/query/presets";
import {
  parseQuery,
  type IssueCode,
  type MetricText,
  type Query,
  type QueryField,
  type QueryParse,
} from "../../core/query/query";
import { paneMetric } from "../paneWords";
import { serviceIssuesOf, validateForRetailers } from "../../core/query/retailers";
import { toAfterToday } from "../../core/query/validate";
import { notAChoiceText, viewByChoiceOf, type ViewByChoice } from "../../core/query/viewBy";
import { isoDay, type DateStyle, type DayText } from "../../core/words";

export type DestinationChoice = "new-sheet" | "selection";

export interface QueryForm {
  level: Level;
  /** One retailer, or several for one table with a `retailer` column, in the order picked; `all` stands alone. */
  retailers: string[];
  timeframe: Timeframe;
  metrics: string[];
  from: string;
  to: string;
  /** "Up to today": the saved query rolls forward; `to` is today on every refresh. */
  rolling: boolean;
  /** "" is no comparison. */
  comparison: "" | Comparison;
  filter: Filter;
  viewby: string;
  destination: DestinationChoice;
}

export function emptyForm(range: { from: string; to: string }): QueryForm {
  return {
    level: "sku",
    retailers: [],
    timeframe: "weekly",
    metrics: [],
    from: range.from,
    to: range.to,
    rolling: false,
    comparison: "",
    filter: "sku",
    viewby: "",
    destination: "new-sheet",
  };
}

/**
 * The form's query, parsed as every query is at its edge (query.ts), or every problem in it by control; `day`
 * writes the days its messages name (the pane's style). checkForm is its face.
 */
function toQuery(form: QueryForm, today: string, day: DayText = isoDay, metric?: MetricText): QueryParse {
  return parseQuery(
    {
      level: form.level,
      retailers: form.retailers,
      timeframe: form.timeframe,
      metrics: form.metrics,
      from: form.from,
      to: form.rolling ? rollingEnd(today) : form.to,
      comparison: form.comparison,
      // The spec needs `filter` set for `viewby`; "sku" is the service's default, so it is sent only then.
      filter: form.filter !== "sku" || form.viewby ? form.filter : undefined,
      viewby: form.viewby,
    },
    { day, ...(metric ? { metric } : {}) },
  );
}

/** The form a saved query reopens in ("Edit"): every retailer chosen, in the query's order. */
export function fromQuery(q: Query, rolling: boolean, destination: DestinationChoice = "new-sheet"): QueryForm {
  return {
    level: q.level,
    retailers: [...q.retailers],
    timeframe: q.timeframe,
    metrics: [...q.metrics],
    from: q.from,
    to: q.to,
    rolling,
    comparison: q.comparison ?? "",
    filter: q.filter ?? "sku",
    viewby: q.viewby ?? "",
    destination,
  };
}

/** One control's validation: its messages in one text, and the kinds of problem they are. */
export interface FieldError {
  message: string;
  codes: IssueCode[];
}

export type FieldErrors = Partial<Record<QueryField, FieldError>>;

/** What a control is told that does not stop Get data (metrics a retailer leaves out, a To after today). */
export type FieldWarnings = Partial<Record<QueryField, string>>;

/** Each chosen retailer's metrics list as the service gives it (`listMetrics(retailer)`), once loaded. */
export type MetricsLists = ReadonlyMap<string, MetricsAvailability[] | undefined>;

/** How the form speaks: the pane's date style (days in messages, what a date input asks for), View by's choices. */
export interface FormWords {
  style?: Pick<DateStyle, "day" | "pattern">;
  /** View by's choices for the Filter chosen, once the filters lists are in (text naming none of them is said). */
  viewBy?: readonly ViewByChoice[];
}

const LABEL: Record<QueryField, string> = {
  level: "Level",
  retailer: "Retailer",
  timeframe: "Timeframe",
  metrics: "Metrics",
  from: "From",
  to: "To",
  comparison: "Comparison",
  filter: "Filter",
  viewby: "View by",
};

/**
 * The shared validation, per control: the form parsed (query.ts), then checked for each retailer with its own
 * metrics list (validateForRetailers, as the client checks before sending; a problem only some retailers have is
 * said with their names), in the pane's words (its days, a date typed as it asks). `query` is what Get data
 * sends, when nothing is wrong. The service's warnings are all about Metrics (metrics left out); a To after the
 * service's today is said beside To.
 */
export function checkForm(
  form: QueryForm,
  today: string,
  metricsLists: MetricsLists = new Map(),
  { style, viewBy = [] }: FormWords = {},
): { errors: FieldErrors; warnings: FieldWarnings; query?: Query } {
  const day = style?.day ?? isoDay;
  // The pane's metric names (its dropdown's), where it has its words.
  const metric = style ? paneMetric : undefined;
  const errors: FieldErrors = {};
  const add = (field: QueryField, message: string, code: IssueCode) => {
    // A date typed as the pane does not read it is said in the pane's words (the parser asks for YYYY-MM-DD).
    const said =
      style && code === "format" && (field === "from" || field === "to")
        ? `Type ${LABEL[field]} as ${style.pattern}, e.g. ${style.day(today)}.`
        : message;
    const before = errors[field];
    errors[field] = before
      ? { message: `${before.message} ${said}`, codes: [...before.codes, code] }
      : { message: said, codes: [code] };
  };
  // View by: text that names no choice is said, never sent (nor replaced by a choice it starts like).
  const viewby = form.viewby.trim();
  if (viewby && viewBy.length > 0 && !viewByChoiceOf(viewby, viewBy, form.filter))
    add("viewby", notAChoiceText(viewby, form.filter), "not-allowed");
  const ctx = { today, metricsLists, day, metric };
  const parsed = toQuery(form, today, day, metric);
  const warnings: FieldWarnings = {};
  const late = toAfterToday(parsed.ok ? parsed.query : parsed.fields, { today, day });
  if (late) warnings.to = late.message;
  if (!parsed.ok) {
    // Beside the parser's problems, what the service's rules say on the controls read right: all at once.
    for (const e of [...parsed.errors, ...serviceIssuesOf(parsed.fields, ctx)]) add(e.field, e.message, e.code);
    return { errors, warnings };
  }
  const v = validateForRetailers(parsed.query, ctx);
  // A warning several retailers share (a metric never served daily) is said once.
  const left = [...new Set(v.warnings.flat())];
  if (left.length) warnings.metrics = left.join(" ");
  if (!v.ok) for (const e of v.errors) add(e.field, e.message, e.code);
  if (!v.ok || Object.keys(errors).length > 0) return { errors, warnings };
  return { errors, warnings, query: parsed.query };
}

/** The controls in the order the form shows them. */
const FORM_ORDER: QueryField[] = [
  "level",
  "retailer",
  "timeframe",
  "metrics",
  "from",
  "to",
  "comparison",
  "filter",
  "viewby",
];

/** What Get data asks for when a control is empty ("missing"). */
const CHOOSE: Partial<Record<QueryField, string>> = {
  retailer: "choose a retailer",
  metrics: "choose one or more metrics",
};

/**
 * The message beside each control: a problem once the user touched that control (changed it); a warning always
 * (it is about a value the form holds, and does not stop Get data). Nothing is said of a control before then:
 * switching Level says nothing of an empty Metrics.
 */
function shownMessages(
  check: { errors: FieldErrors; warnings: FieldWarnings },
  touched: ReadonlySet<QueryField>,
): Partial<Record<QueryField, { intent: "error" | "warning"; text: string }>> {
  const shown: Partial<Record<QueryField, { intent: "error" | "warning"; text: string }>> = {};
  for (const field of FORM_ORDER) {
    const error = check.errors[field];
    const warning = check.warnings[field];
    if (error && touched.has(field)) shown[field] = { intent: "error", text: error.message };
    else if (warning) shown[field] = { intent: "warning", text: warning };
  }
  return shown;
}

/**
 * Why Get data cannot run yet, in one line; undefined when it can. Each problem is said once: a control's own
 * message beside it when it was touched (the line names the control), else here (an empty control by what to
 * choose, any other problem in its own words).
 */
function notReadyText(errors: FieldErrors, touched: ReadonlySet<QueryField>, connected: boolean): string | undefined {
  if (!connected) return "Connect first (Connection, above): the lists come from the service.";
  const parts = FORM_ORDER.flatMap((field) => {
    const error = errors[field];
    if (!error) return [];
    if (touched.has(field)) return [`fix ${LABEL[field]}`];
    if (error.codes.every((c) => c === "missing")) return [CHOOSE[field] ?? `fill in ${LABEL[field]}`];
    return [`${LABEL[field]}: ${error.message.replace(/\.$/, "")}`];
  });
  return parts.length ? `To get data, ${parts.join("; ")}.` : undefined;
}

/** What the form says of a check: the message beside each control, and Get data's line (undefined: it can run). */
export interface FormMessages {
  shown: Partial<Record<QueryField, { intent: "error" | "warning"; text: string }>>;
  notReady?: string;
}

/**
 * What the form says, given what the user touched: shownMessages and notReadyText, which say each problem once
 * between them (where a problem is said depends on the controls touched: test/taskpane/queryForm.test.ts).
 */
export function formMessages(
  check: { errors: FieldErrors; warnings: FieldWarnings },
  touched: ReadonlySet<QueryField>,
  connected: boolean,
): FormMessages {
  return { shown: shownMessages(check, touched), notReady: notReadyText(check.errors, touched, connected) };
}

/**
 * The Retailer dropdown's next choice after the user toggled `toggled` (Fluent's `selectedOptions` is the list
 * with it added at the end or taken out). `all` (Sales Summary) adds retailers up, so it cannot be compared with
 * others: picking it clears the others, and picking a retailer clears it.
 */
export function nextRetailers(selected: readonly string[], toggled: string | undefined): string[] {
  const isAll = (r: string) => r.toLowerCase() === "all";
  if (toggled === undefined || !selected.includes(toggled)) return [...selected];
  return isAll(toggled) ? [toggled] : selected.filter((r) => !isAll(r));
}

/** Each chosen retailer with its record from its own metrics list (undefined until loaded, and for `all`). */
export interface RetailerRecord {
  retailer: string;
  record?: MetricsAvailability;
}

export function retailerRecords(retailers: readonly string[], metricsLists: MetricsLists): RetailerRecord[] {
  return retailers.map((retailer) => ({
    retailer,
    record: metricsLists.get(retailer)?.find((r) => r.retailer === retailer),
  }));
}

/**
 * What Metrics offers: every metric any chosen retailer serves at the level and timeframe (first retailer's
 * order, then what the others add). A metric only some serve may be asked for: it is empty in the others' rows.
 * For `all`, or while a retailer's list is not known yet, the level's full list. `notServedBy` names, per
 * metric, the chosen retailers that leave it out.
 */
export function metricChoices(
  form: Pick<QueryForm, "level" | "timeframe">,
  records: readonly RetailerRecord[],
): { metrics: string[]; notServedBy: Map<string, string[]> } {
  const levelList = LEVEL_METRICS[form.level].filter((m) => form.timeframe !== "daily" || !NEVER_DAILY.includes(m));
  const notServedBy = new Map<string, string[]>();
  const isAll = records.some((r) => r.retailer.toLowerCase() === "all");
  if (isAll || records.length === 0 || records.some((r) => !r.record)) return { metrics: levelList, notServedBy };
  const served = records.map((r) => ({
    retailer: r.retailer,
    list: servedMetrics(r.record!, form.level, form.timeframe) ?? [],
  }));
  const metrics = [...new Set(served.flatMap((s) => s.list))];
  if (served.length > 1)
    for (const m of metrics) {
      const without = served.filter((s) => !s.list.includes(m)).map((s) => s.retailer);
      if (without.length) notServedBy.set(m, without);
    }
  return { metrics, notServedBy };
}

/**
 * The chosen retailers that do not serve a timeframe at the level. The client refuses a query one of its retailers
 * cannot serve (validateForRetailers), so the timeframe is unavailable when any of them is named here.
 */
export function timeframeNotServedBy(level: Level, timeframe: Timeframe, records: readonly RetailerRecord[]): string[] {
  return records.filter((r) => r.record && servedMetrics(r.record, level, timeframe) === null).map((r) => r.retailer);
}
