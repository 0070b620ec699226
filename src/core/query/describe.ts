// How a query reads to people: the one-line summary in the saved-queries list, and the equivalent formula.
import { retailerList, type DataQuery } from "./query";
import { splitMetrics } from "./validate";

const TIMEFRAME_WORD: Record<string, string> = { daily: "daily", weekly: "weekly", monthly: "monthly" };
const COMPARISON_WORDS: Record<string, string> = { period: "vs previous period", year: "vs same period last year" };

/** "All retailers (Sales Summary)" for "all"; a list of several reads "northmart, freshway". */
export function retailerLabel(retailer: DataQuery["retailer"]): string {
  const names = retailerList(retailer);
  if (names.length === 1 && names[0].toLowerCase() === "all") return "All retailers (Sales Summary)";
  return names.join(", ");
}

/** "northmart · SKU · weekly · revenue, units · 2026-01-05 to today · vs previous period" */
export function summarizeQuery(q: DataQuery, rolling = false): string {
  const parts = [
    retailerLabel(q.retailer),
    q.level === "store" ? "Store" : "SKU",
    TIMEFRAME_WORD[String(q.timeframe)] ?? String(q.timeframe),
    splitMetrics(q.metrics).join(", "),
    `${q.from} to ${rolling ? "today" : q.to}`,
  ];
  if (q.comparison) parts.push(COMPARISON_WORDS[String(q.comparison)] ?? String(q.comparison));
  if (q.filter && q.filter !== "sku") parts.push(`by ${q.filter}`);
  if (q.viewby) parts.push(`only ${q.viewby}`);
  return parts.join(" · ");
}

/** A text argument as an Excel formula literal ("" doubles a quote). */
function lit(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The =SALES.SKU(...) / =SALES.STORE(...) formula equal to the query; a rolling query ends "today". */
export function formulaFor(q: DataQuery, rolling = false): string {
  const fn = q.level === "store" ? "SALES.STORE" : "SALES.SKU";
  const args = [
    lit(retailerList(q.retailer).join(",")),
    lit(splitMetrics(q.metrics).join(",")),
    lit(q.from),
    lit(rolling ? "today" : q.to),
  ];
  const optional = [
    q.timeframe === "weekly" ? "" : String(q.timeframe),
    q.comparison ?? "",
    q.filter ?? "",
    q.viewby ?? "",
  ];
  // Trailing empty optionals are left out; inner ones stay as "" so positions hold.
  while (optional.length && optional[optional.length - 1] === "") optional.pop();
  return `=${fn}(${[...args, ...optional.map(lit)].join(", ")})`;
}
