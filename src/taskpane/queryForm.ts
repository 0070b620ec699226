// The query builder's state as plain data, and what it means as a service query (pure, testable).
import { rollingEnd } from "../core/presets";
import type { DataQuery } from "../core/query";
import { validateDataQuery, type Issue } from "../core/validate";
import type { MetricsAvailability } from "../core/metrics";

export type DestinationChoice = "new-sheet" | "selection";

export interface QueryForm {
  level: "sku" | "store";
  retailer: string;
  timeframe: "daily" | "weekly" | "monthly";
  metrics: string[];
  from: string;
  to: string;
  /** "Up to today": the saved query rolls forward; `to` is today on every refresh. */
  rolling: boolean;
  comparison: "" | "period" | "year";
  filter: "sku" | "filter1" | "filter2" | "filter3" | "filter4" | "filter5";
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
    retailer: q.retailer,
    timeframe: (["daily", "weekly", "monthly"].includes(String(q.timeframe))
      ? q.timeframe
      : "weekly") as QueryForm["timeframe"],
    metrics,
    from: q.from,
    to: q.to,
    rolling,
    comparison: (q.comparison ?? "") as QueryForm["comparison"],
    filter: (q.filter ?? "sku") as QueryForm["filter"],
    viewby: q.viewby ?? "",
    destination,
  };
}

export type FieldErrors = Partial<Record<Issue["field"], string>>;

/** The shared validation, as messages per control. */
export function checkForm(
  form: QueryForm,
  today: string,
  metricsList?: MetricsAvailability[],
): { errors: FieldErrors; warnings: string[] } {
  const v = validateDataQuery(toDataQuery(form, today), { today, metricsList });
  const errors: FieldErrors = {};
  if (!v.ok)
    for (const e of v.errors) errors[e.field] = errors[e.field] ? `${errors[e.field]} ${e.message}` : e.message;
  return { errors, warnings: v.warnings.map((w) => w.message) };
}
