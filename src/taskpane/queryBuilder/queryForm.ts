// The query builder's state as plain data, and what it means as a service query (pure, testable).
import {
  TIMEFRAMES,
  type Comparison,
  type Filter,
  type Level,
  type MetricsAvailability,
  type Timeframe,
} from "../../core/metrics";
import { rollingEnd } from "../../core/presets";
import { retailerList, type DataQuery } from "../../core/query";
import { validateDataQuery, type IssueCode, type QueryField } from "../../core/validate";

export type DestinationChoice = "new-sheet" | "selection";

export interface QueryForm {
  level: Level;
  retailer: string;
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
    retailer: "",
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

export function toDataQuery(form: QueryForm, today: string): DataQuery {
  const q: DataQuery = {
    level: form.level,
    retailer: form.retailer,
    timeframe: form.timeframe,
    metrics: form.metrics,
    from: form.from,
    to: form.rolling ? rollingEnd(today) : form.to,
  };
  if (form.comparison) q.comparison = form.comparison;
  // The spec needs `filter` set for `viewby`; "sku" is the service's default, so it is sent only then.
  if (form.filter !== "sku" || form.viewby) q.filter = form.filter;
  if (form.viewby) q.viewby = form.viewby;
  return q;
}

export function fromDataQuery(q: DataQuery, rolling: boolean, destination: DestinationChoice = "new-sheet"): QueryForm {
  const metrics = Array.isArray(q.metrics) ? q.metrics : String(q.metrics).split(",").filter(Boolean);
  return {
    level: q.level === "store" ? "store" : "sku",
    retailer: retailerList(q.retailer).join(","),
    timeframe: ((TIMEFRAMES as readonly string[]).includes(String(q.timeframe)) ? q.timeframe : "weekly") as Timeframe,
    metrics,
    from: q.from,
    to: q.to,
    rolling,
    comparison: (q.comparison ?? "") as QueryForm["comparison"],
    filter: (q.filter ?? "sku") as Filter,
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

/** The shared validation, per control. */
export function checkForm(
  form: QueryForm,
  today: string,
  metricsList?: MetricsAvailability[],
): { errors: FieldErrors; warnings: string[] } {
  const v = validateDataQuery(toDataQuery(form, today), { today, metricsList });
  const errors: FieldErrors = {};
  if (!v.ok)
    for (const e of v.errors) {
      const before = errors[e.field];
      errors[e.field] = before
        ? { message: `${before.message} ${e.message}`, codes: [...before.codes, e.code] }
        : { message: e.message, codes: [e.code] };
    }
  return { errors, warnings: v.warnings.map((w) => w.message) };
}
