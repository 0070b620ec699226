// Past the edge only the parsed query goes: pullTable, refreshTable, the client (getData, getDataForRetailers) and
// fetchTable take a Query (or one retailer's DataRequest), so a query as people write it (a retailer text, an
// unknown level, metrics as text) does not type-check there. `npm run typecheck` checks this file: each expected
// error below fails the check as soon as the line under it type-checks. The calls are never run (the function
// holding them is not called); the test below shows the edge parser reads the same loose query, so what refuses it
// here is the type and nothing else.
import { fetchTable, type SalesClient } from "../src/api";
import { parseQuery, requestsOf, type Query } from "../src/core/query/query";
import { pullTable, refreshTable, type RefreshDeps, type RefreshableTable } from "../src/refresh";
import { EXCEL_DAY_CELLS } from "../src/excel/excelDays";

/** A query as a person writes it: one retailer as text, any case, metrics as a comma list. */
const LOOSE = {
  level: "SKU",
  retailers: "northmart",
  timeframe: "Weekly",
  metrics: "revenue,units",
  from: "2026-09-07",
  to: "2026-11-01",
};

/** The calls a loose query must not reach; never run (only type-checked: hence the leading underscore). */
function _pastTheEdge(deps: RefreshDeps, client: SalesClient, parsed: Query, record: RefreshableTable): void {
  const opts = { destination: { kind: "new-sheet" as const }, rolling: false };
  // @ts-expect-error the loose form as a whole
  void pullTable(deps, LOOSE, opts);
  // @ts-expect-error a retailer text where the list of retailers goes
  void pullTable(deps, { ...parsed, retailers: "northmart" }, opts);
  // @ts-expect-error the retailer as the saved record writes it ("retailer", one name)
  void pullTable(deps, { ...parsed, retailer: "northmart" }, opts);
  // @ts-expect-error an unknown level
  void pullTable(deps, { ...parsed, level: "region" }, opts);
  // @ts-expect-error a level in another case (the parser reads it; past the edge it is not a Level)
  void pullTable(deps, { ...parsed, level: "SKU" }, opts);
  // @ts-expect-error metrics as text
  void pullTable(deps, { ...parsed, metrics: "revenue,units" }, opts);
  // @ts-expect-error a name that is no metric
  void pullTable(deps, { ...parsed, metrics: ["revenue", "unitz"] }, opts);
  // @ts-expect-error a timeframe that is none
  void pullTable(deps, { ...parsed, timeframe: "fortnightly" }, opts);
  // @ts-expect-error a comparison that is none
  void pullTable(deps, { ...parsed, comparison: "month" }, opts);
  // @ts-expect-error a saved record with a loose query
  void refreshTable(deps, { ...record, query: LOOSE });

  const [request] = requestsOf(parsed);
  // @ts-expect-error the client's one-retailer request, loose
  void client.getData({ ...LOOSE, retailer: "northmart" });
  // @ts-expect-error several retailers in a one-retailer request
  void client.getData({ ...request, retailer: ["northmart", "freshway"] });
  // @ts-expect-error metrics as text in a request
  void client.getData({ ...request, metrics: "revenue" });
  // @ts-expect-error the retailers beside the query, as the loose client took them
  void client.getDataForRetailers(parsed, ["northmart", "freshway"]);
  // @ts-expect-error the loose form
  void client.getDataForRetailers(LOOSE);
  // @ts-expect-error fetchTable too
  void fetchTable(client, LOOSE, EXCEL_DAY_CELLS);

  // What does type-check: the parsed query, and a request made from it.
  void pullTable(deps, parsed, opts);
  void refreshTable(deps, record);
  void client.getData(request);
  void client.getDataForRetailers(parsed);
  void fetchTable(client, parsed, EXCEL_DAY_CELLS);
}

test("the loose query those calls refuse at compile time is one the edge parser reads", () => {
  expect(parseQuery(LOOSE)).toEqual({
    ok: true,
    query: {
      level: "sku",
      retailers: ["northmart"],
      timeframe: "weekly",
      metrics: ["revenue", "units"],
      from: "2026-09-07",
      to: "2026-11-01",
    },
  });
});
