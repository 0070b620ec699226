// Several retailers in one managed table, against the simulator over HTTP and the workbook host: Get
// data writes the three single-retailer pulls merged, a retailer's omitted metric is empty only in its rows, a
// refresh after the service's revision equals a fresh pull, one retailer's failure leaves the table as it was,
// a retailer that cannot serve the query is named before anything is sent, and a pivot by retailer follows.
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshAllTables, refreshTable } from "../../src/refresh";
import { SIM_KEY, SIM_TODAY } from "../support/simulator";
import { NEW_SHEET, refreshFixture } from "./support/fixture";
import { RETAILER_COLUMN } from "../../src/core/answer/retailersTable";

const fx = refreshFixture();

const RETAILERS = ["northmart", "freshway", "pharmaplus"];
/** Weekly SKU data; pharmaplus does not serve availability (the simulator's catalogue). */
const WEEKLY = asQuery({
  level: "sku",
  retailers: RETAILERS,
  timeframe: "weekly",
  metrics: "revenue,units,availability",
  from: "2026-08-03",
  to: SIM_TODAY,
});
const ROLLING = { ...NEW_SHEET, rolling: true };

/** The single-retailer pulls merged by hand: each one's rows with its retailer after the period, by period. */
async function mergedSingles(query: Query, headers: string[]): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (const retailer of RETAILERS) {
    const h = await fx.freshTable({ ...query, retailers: [retailer] });
    for (const r of h.values) {
      const byName = new Map<string, unknown>(h.headers.map((name, i) => [name, r[i]]));
      byName.set(RETAILER_COLUMN, retailer);
      rows.push(headers.map((name) => byName.get(name) ?? ""));
    }
  }
  return rows.sort((a, b) => (a[0] as number) - (b[0] as number)); // stable: retailer order within a period
}

test("Get data: one table equal to the three single-retailer pulls merged; pharmaplus's availability empty in its rows only", async () => {
  const pulled = await pullTable(fx.deps, WEEKLY, ROLLING);
  const t = await readTable(fx.host.run, pulled.write.tableName);
  expect(t.headers).toEqual(["week", RETAILER_COLUMN, "sku", "sku_product_name", "revenue", "units", "availability"]);
  expect(t.values).toEqual(await mergedSingles(WEEKLY, t.headers));

  const at = (h: string) => t.headers.indexOf(h);
  const ofRetailer = (r: string) => t.values.filter((row) => row[at(RETAILER_COLUMN)] === r);
  expect(ofRetailer("pharmaplus").every((row) => row[at("availability")] === "")).toBe(true);
  for (const r of ["northmart", "freshway"])
    expect(ofRetailer(r).every((row) => typeof row[at("availability")] === "number")).toBe(true);

  // The summary: each retailer's rows and omitted metrics; the record keeps the list of retailers.
  expect(pulled.retailers).toEqual(
    RETAILERS.map((r) => ({
      retailer: r,
      rows: ofRetailer(r).length,
      omittedMetrics: r === "pharmaplus" ? ["availability"] : [],
    })),
  );
  expect(pulled.write.tableName).toBe("Sales_northmart_freshway_pharmaplus_sku_weekly");
  expect((await fx.record(pulled.write.tableName)).query.retailers).toEqual(RETAILERS);
});

test("refresh after the service revised recent weeks equals a fresh pull; pharmaplus's omission is kept per retailer", async () => {
  const name = (await pullTable(fx.deps, WEEKLY, ROLLING)).write.tableName;
  const before = await readTable(fx.host.run, name);
  fx.sim.simulator.setToday("2026-12-02");
  const o = await refreshTable(fx.deps, await fx.record(name));
  expect([o.status, o.error]).toEqual(["refreshed", undefined]);
  expect(o.rowsAdded).toBeGreaterThan(0);
  const after = await readTable(fx.host.run, name);
  expect(after.values).toEqual(await fx.freshPull({ ...WEEKLY, to: "2026-12-02" }));
  // Rows before the window are the ones that were there.
  const kept = before.values.length - o.rowsReplaced - o.rowsRemoved;
  expect(after.values.slice(0, kept)).toEqual(before.values.slice(0, kept));
  expect(o.retailers?.find((r) => r.retailer === "pharmaplus")?.omittedMetrics).toEqual(["availability"]);
});

test("one retailer's request fails: the refresh fails naming it and the table is as it was", async () => {
  const name = (await pullTable(fx.deps, WEEKLY, ROLLING)).write.tableName;
  const before = fx.host.snapshot();
  fx.sim.simulator.setToday("2026-12-02");
  await fx.sim.inject({ path: "/api/data", retailer: "freshway", status: 500, count: 10 });
  const o = await refreshTable(fx.deps, await fx.record(name));
  expect(o.status).toBe("failed");
  expect(o.error).toMatch(/^freshway: /);
  expect(o.error).not.toContain(SIM_KEY);
  expect(fx.host.snapshot().sheets).toEqual(before.sheets);
  // Get data alike: nothing written at all.
  const sheets = fx.host.snapshot().sheets.length;
  await expect(pullTable(fx.deps, WEEKLY, ROLLING)).rejects.toThrow(/^freshway: /);
  expect(fx.host.snapshot().sheets).toHaveLength(sheets);
});

test("a retailer that cannot serve the query is named before anything is sent", async () => {
  await fx.sim.reset();
  // Daily store data: pharmaplus and northmart serve it, freshway has no daily data.
  const store = asQuery({
    level: "store",
    retailers: ["pharmaplus", "freshway", "northmart"],
    timeframe: "daily",
    metrics: "revenue,units",
    from: "2026-11-16",
    to: SIM_TODAY,
  });
  await expect(pullTable(fx.deps, store, ROLLING)).rejects.toThrow(/freshway/);
  // The 14-day limit of store-level daily data holds for each retailer: said once for all.
  const old = { ...store, retailers: ["pharmaplus", "northmart"], from: "2026-10-01" };
  const err: Error = await pullTable(fx.deps, old, ROLLING).then(
    () => new Error("expected a refusal"),
    (e: Error) => e,
  );
  expect(err.message).toMatch(/14 days/);
  expect(err.message).not.toMatch(/pharmaplus: /);
  expect(fx.sim.count("/api/data")).toBe(0);
  expect(fx.host.snapshot().sheets.map((s) => s.name)).toEqual(["Sheet1"]);
});

test("a pivot of revenue by retailer is refreshed with the table and equals its sums", async () => {
  const name = (await pullTable(fx.deps, WEEKLY, ROLLING)).write.tableName;
  await fx.host.run(async (ctx) => {
    ctx.workbook.worksheets.add("Report");
    const pivot = ctx.workbook.worksheets
      .getItem("Report")
      .pivotTables.add("ByRetailer", ctx.workbook.tables.getItem(name), "Report!A1");
    pivot.rowHierarchies.add(pivot.hierarchies.getItem(RETAILER_COLUMN));
    pivot.dataHierarchies.add(pivot.hierarchies.getItem("revenue"));
    await ctx.sync();
  });
  fx.sim.simulator.setToday("2026-12-02");
  const all = await refreshAllTables(fx.deps);
  expect(all.outcomes.map((o) => o.status)).toEqual(["refreshed"]);
  const t = await readTable(fx.host.run, name);
  const pivotRows = await fx.host.run(async (ctx) => {
    const body = ctx.workbook.pivotTables.getItem("ByRetailer").layout.getRange().load("values");
    await ctx.sync();
    return body.values;
  });
  for (const r of RETAILERS) {
    const sum = t.values
      .filter((row) => row[1] === r)
      .reduce((a, row) => a + (row[t.headers.indexOf("revenue")] as number), 0);
    const line = pivotRows.find((row) => row[0] === r);
    expect(line).toBeDefined();
    expect(line![1] as number).toBeCloseTo(sum, 6);
  }
});

test("one retailer answers with no rows where the table holds its rows: kept as it was, the retailer named", async () => {
  const name = (await pullTable(fx.deps, WEEKLY, ROLLING)).write.tableName;
  const before = fx.host.snapshot();
  fx.sim.simulator.setToday("2026-12-02");
  await fx.sim.inject({ path: "/api/data", retailer: "freshway", body: "empty", count: 10 });
  const o = await refreshTable(fx.deps, await fx.record(name));
  expect(o.status).toBe("kept");
  expect(o.warnings.join(" ")).toMatch(/no rows for freshway \(the table has \d+ of its rows there\).*kept as it was/);
  expect(fx.host.snapshot().sheets).toEqual(before.sheets);
  // Once freshway answers again, the refresh goes through.
  await fx.sim.reset();
  expect((await refreshTable(fx.deps, await fx.record(name))).status).toBe("refreshed");
  expect((await readTable(fx.host.run, name)).values).toEqual(await fx.freshPull({ ...WEEKLY, to: "2026-12-02" }));
});
