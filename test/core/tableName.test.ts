// The name a sync's table gets when its entry names none (src/core/query/tableName.ts syncTableNameOf): the pane's
// title and what else tells one query from another, so two queries never default to one table.
import { syncTableNameOf } from "../../src/core/query/tableName";
import { asQuery } from "../support/query";

const WEEKLY = { level: "sku", retailers: "northmart", timeframe: "weekly", from: "2026-08-03", to: "2026-11-22" };

test("the metrics, comparison, filter and View by are part of the name; the dates are not", () => {
  const name = (q: object) => syncTableNameOf(asQuery({ ...WEEKLY, metrics: "revenue", ...q }));
  expect(name({})).toBe("Sales_northmart_SKU_weekly_revenue");
  expect(name({ metrics: "revenue,units" })).toBe("Sales_northmart_SKU_weekly_revenue_units");
  expect(name({ comparison: "year" })).toBe("Sales_northmart_SKU_weekly_revenue_vs_year");
  expect(name({ filter: "sku", viewby: "100001" })).toBe("Sales_northmart_SKU_weekly_revenue_by_sku_100001");
  expect(name({ filter: "filter2" })).toBe("Sales_northmart_SKU_weekly_revenue_by_filter2");
  expect(name({ from: "2025-01-06", to: "2025-06-30" })).toBe(name({}));
  expect(
    syncTableNameOf(asQuery({ ...WEEKLY, level: "store", retailers: "northmart,freshway", metrics: "units" })),
  ).toBe("Sales_northmart_freshway_Store_weekly_units");
});
