// The name a query's table gets: the pane's Get data names its Excel table this way, and the sync its database
// table, so the table a user built by dropdowns and the one a sync writes are called alike.
import type { Query } from "./query";

const CELL_LIKE = /^([A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[RrCc])$/;

/** A valid Excel table name from free text: letters, digits and underscores, not like a cell reference. */
export function tableNameBase(text: string): string {
  let name = text
    .normalize("NFKD")
    .replace(/[^\w]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/_+/g, "_");
  if (!/^[A-Za-z_]/.test(name)) name = `Sales_${name}`;
  if (CELL_LIKE.test(name)) name = `${name}_`;
  return name.slice(0, 200) || "Sales";
}

/** "Sales northmart freshway SKU weekly": the title of a query's table, before it is made a name. */
export function tableTitleOf(query: Pick<Query, "retailers" | "level" | "timeframe">): string {
  const level = query.level === "store" ? "Store" : "SKU";
  return `Sales ${query.retailers.join(" ")} ${level} ${query.timeframe}`;
}

/**
 * A sync's table when its entry names none: the title and what else tells one query from another (its metrics,
 * comparison, filter and View by), so two queries never default to one table. "Sales_northmart_SKU_weekly_revenue_units".
 */
export function syncTableNameOf(
  query: Pick<Query, "retailers" | "level" | "timeframe" | "metrics" | "comparison" | "filter" | "viewby">,
): string {
  const parts = [tableTitleOf(query), ...query.metrics];
  if (query.comparison) parts.push("vs", query.comparison);
  if (query.viewby !== undefined) parts.push("by", query.filter ?? "sku", query.viewby);
  else if (query.filter !== undefined && query.filter !== "sku") parts.push("by", query.filter);
  return tableNameBase(parts.join(" "));
}
