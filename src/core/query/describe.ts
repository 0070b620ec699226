// How a query reads to people: the one-line summary in the saved-queries list, and the equivalent formula.
import type { Comparison } from "../metrics";
import type { Query } from "./query";

const COMPARISON_WORDS: Record<Comparison, string> = { period: "vs previous period", year: "vs same period last year" };

/** "All retailers (Sales Summary)" for "all" (a form's choice, in the list's case); several read "northmart, freshway". */
export function retailerLabel(retailers: string | readonly string[]): string {
  const names = typeof retailers === "string" ? [retailers] : retailers;
  if (names.length === 1 && names[0].toLowerCase() === "all") return "All retailers (Sales Summary)";
  return names.join(", ");
}

/** "northmart · SKU · weekly · revenue, units · 2026-01-05 to today · vs previous period" */
export function summarizeQuery(q: Query, rolling = false): string {
  const parts = [
    retailerLabel(q.retailers),
    q.level === "store" ? "Store" : "SKU",
    q.timeframe,
    q.metrics.join(", "),
    `${q.from} to ${rolling ? "today" : q.to}`,
  ];
  if (q.comparison) parts.push(COMPARISON_WORDS[q.comparison]);
  if (q.filter && q.filter !== "sku") parts.push(`by ${q.filter}`);
  if (q.viewby) parts.push(`only ${q.viewby}`);
  return parts.join(" · ");
}

/** A text argument as an Excel formula literal ("" doubles a quote). */
function lit(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The =SALES.SKU(...) / =SALES.STORE(...) formula equal to the query; a rolling query ends "today". */
export function formulaFor(q: Query, rolling = false): string {
  const fn = q.level === "store" ? "SALES.STORE" : "SALES.SKU";
  const args = [lit(q.retailers.join(",")), lit(q.metrics.join(",")), lit(q.from), lit(rolling ? "today" : q.to)];
  const optional = [q.timeframe === "weekly" ? "" : q.timeframe, q.comparison ?? "", q.filter ?? "", q.viewby ?? ""];
  // Trailing empty optionals are left out; inner ones stay as "" so positions hold.
  while (optional.length && optional[optional.length - 1] === "") optional.pop();
  return `=${fn}(${[...args, ...optional.map(lit)].join(", ")})`;
}
