// A table the user sorted (by revenue, newest first, ...) is refreshed in date order, then sorted again as the
// user left it (src/excel/tables/tableSort.ts). What a sort into date order gives, worked out before it is
// applied: the period column (and, a table of several retailers, each row's retailer) in that order, which the
// refresh reads its window from and checks the sorted table against.

/** A cell's rank in Excel's default sort order: numbers, text, logicals, errors and anything else; blanks last. */
function rank(v: unknown): number {
  if (typeof v === "number") return 0;
  if (v === "" || v === null || v === undefined) return 4;
  if (typeof v === "string") return v.startsWith("#") ? 3 : 1;
  if (typeof v === "boolean") return 2;
  return 3;
}

const collator = new Intl.Collator("en", { sensitivity: "base" });

/** Excel's ascending order of two cells (blanks last); 0 for ties (the sort is stable). */
function compareCells(a: unknown, b: unknown): number {
  const d = rank(a) - rank(b);
  if (d !== 0) return d;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "string" && typeof b === "string") return collator.compare(a, b);
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return 0;
}

/**
 * The period column (and `also`, each row's retailer) as a stable ascending sort by period, then retailer, leaves
 * them: what the table's period column reads after its sort into date order (period, then the key columns).
 */
export function dateOrdered(
  periods: readonly unknown[],
  also?: readonly unknown[],
): { periods: unknown[]; also?: unknown[] } {
  const order = periods
    .map((_, i) => i)
    .sort((a, b) => compareCells(periods[a], periods[b]) || (also ? compareCells(also[a], also[b]) : 0) || a - b);
  return { periods: order.map((i) => periods[i]), ...(also ? { also: order.map((i) => also[i]) } : {}) };
}
