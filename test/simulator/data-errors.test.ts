// The spec's Errors table, its Limits and parameter validation of /api/data.
import type { RunningSimulator } from "../../dev/simulator/index";
import { addDays, client, expectError, start, TODAY, type Client } from "./helpers";

let sim: RunningSimulator;
let c: Client;
beforeAll(async () => {
  sim = await start();
  c = client(sim);
});
afterAll(() => sim.close());

const WEEK = { datefrom: "2026-11-16", dateto: "2026-11-22" };
const sku = (p: Record<string, string>) => ({
  type: "sku",
  retailer: "northmart",
  timeframe: "weekly",
  metric: "revenue,units",
  ...WEEK,
  ...p,
});
const data = (p: Record<string, string>) => c.get("/api/data", p);
const ALL_METRICS = [
  "revenue",
  "units",
  "average_price",
  "availability",
  "wastage",
  "stock",
  "lost_sales",
  "unit_ros",
  "value_ros",
  "ranged_stores",
  "stores_selling",
  "stores_with_stock",
];
const NEVER_DAILY = ["unit_ros", "value_ros", "ranged_stores", "stores_selling", "stores_with_stock"];

describe("Errors table", () => {
  test("unrecognised metric name: 400 naming it", async () => {
    expect(await expectError(await data(sku({ metric: "revenue,turnover" })))).toContain("'turnover'");
  });
  test.each([
    ["revenue, units", "' units'"],
    ["revenue;units", "'revenue;units'"],
    ["revenue,,units", "''"],
    ["revenue,units,", "''"],
    ["Revenue", "'Revenue'"],
  ])("a metric list that is not clean (%j) is not parsed as a list: 400", async (metric, token) => {
    expect(await expectError(await data(sku({ metric })))).toContain(token);
  });
  test("no requested metric can be served: 400", async () => {
    // budgetbox serves no wastage; stock is a store-level metric only.
    await expectError(await data(sku({ retailer: "budgetbox", metric: "wastage" })));
    await expectError(await data(sku({ metric: "stock,lost_sales" })));
  });
  test("a level/timeframe whose metrics list is null: 400", async () => {
    expect(await expectError(await data(sku({ retailer: "freshway", timeframe: "daily" })))).toMatch(/null/);
    await expectError(await data(sku({ retailer: "budgetbox", type: "store" })));
    await expectError(
      await data(
        sku({
          retailer: "cornershop",
          type: "store",
          timeframe: "daily",
          datefrom: "2026-11-20",
          dateto: "2026-11-22",
        }),
      ),
    );
  });
  test("store level daily with dates older than 14 days: 400; 14 days back is served", async () => {
    const store = {
      type: "store",
      retailer: "northmart",
      timeframe: "daily",
      metric: "units",
      viewby: "100001",
      filter: "sku",
    };
    const detail = await expectError(
      await data({ ...store, datefrom: addDays(TODAY, -15), dateto: addDays(TODAY, -1) }),
    );
    expect(detail).toContain("14 days");
    const rows = await c.data({ ...store, datefrom: addDays(TODAY, -14), dateto: addDays(TODAY, -1) });
    expect(new Set(rows.map((r) => r.date)).size).toBe(14);
    // Weekly and monthly store data are not limited this way.
    expect(
      (await c.data({ ...store, timeframe: "weekly", datefrom: "2025-01-06", dateto: "2025-01-12" })).length,
    ).toBeGreaterThan(0);
  });
  test("some metrics cannot be served: 200, served ones returned, omitted ones in X-Service-Omitted-Metrics", async () => {
    const res = await data(sku({ retailer: "budgetbox", metric: "revenue,wastage,units,availability" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-omitted-metrics")).toBe("wastage,availability");
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r).toHaveProperty("revenue");
      expect(r).toHaveProperty("units");
      expect(r).not.toHaveProperty("wastage");
      expect(r).not.toHaveProperty("availability");
    }
    // Nothing omitted: no header.
    expect((await data(sku({}))).headers.get("x-service-omitted-metrics")).toBeNull();
  });
  test("retailer=all on store data is not valid: 400", async () => {
    expect(await expectError(await data(sku({ type: "store", retailer: "all" })))).toContain("all");
  });
  test("retailer=all on /list paths is rejected: 400", async () => {
    await expectError(await c.get("/api/list", { type: "metrics", retailer: "all" }));
    await expectError(await c.get("/api/list", { type: "filters", retailer: "all" }));
  });
});

describe("Limits", () => {
  test("1: the five weekly-only metrics are never served daily, for any retailer", async () => {
    for (const retailer of ["northmart", "budgetbox", "cornershop", "pharmaplus", "all"]) {
      const res = await data(sku({ retailer, timeframe: "daily", metric: ["revenue", ...NEVER_DAILY].join(",") }));
      expect(res.status).toBe(200);
      expect(res.headers.get("x-service-omitted-metrics")!.split(",").sort()).toEqual([...NEVER_DAILY].sort());
      await expectError(await data(sku({ retailer, timeframe: "daily", metric: NEVER_DAILY.join(",") })));
    }
  });
  test("3: the metrics list is authoritative for every retailer, level and timeframe", async () => {
    type Rec = Record<string, string[] | null>;
    for (const retailer of sim.simulator.retailers) {
      const [rec] = await c.json<Rec[]>("/api/list", { type: "metrics", retailer });
      for (const type of ["sku", "store"]) {
        for (const timeframe of ["daily", "weekly", "monthly"]) {
          const list = rec[`${type}_metrics${timeframe === "daily" ? "_daily" : ""}`];
          const res = await data({
            type,
            retailer,
            timeframe,
            metric: ALL_METRICS.join(","),
            datefrom: "2026-11-20",
            dateto: "2026-11-22",
            filter: "sku",
            viewby: "100023",
          });
          if (list === null) {
            await expectError(res);
            continue;
          }
          expect(res.status).toBe(200);
          const omitted = res.headers.get("x-service-omitted-metrics")!.split(",");
          expect(ALL_METRICS.filter((m) => !omitted.includes(m)).sort()).toEqual([...list].sort());
          const rows = (await res.json()) as Record<string, unknown>[];
          expect(rows.length).toBeGreaterThan(0);
          for (const m of list) expect(rows[0]).toHaveProperty(m);
        }
      }
    }
  });
});

describe("parameter validation", () => {
  test.each(["type", "retailer", "timeframe", "metric", "datefrom", "dateto"])(
    "missing %s: 400 naming it",
    async (name) => {
      const p = sku({});
      delete (p as Record<string, string>)[name];
      expect(await expectError(await data(p))).toContain(`'${name}'`);
    },
  );
  test.each([
    ["type", "product", "sku"],
    ["timeframe", "hourly", "weekly"],
    ["comparison", "month", "year"],
    ["filter", "filter6", "filter5"],
    ["filter", "Filter1", "filter1"],
  ])("invalid %s=%s: 400 listing what is allowed", async (name, value, allowed) => {
    const detail = await expectError(await data(sku({ [name]: value })));
    expect(detail).toContain(name);
    expect(detail).toContain(allowed);
  });
  test.each(["2026-13-01", "2026-02-30", "26-11-16", "2026-11-1", "16/11/2026", "2026-11-16T00:00:00Z"])(
    "bad date %s: 400",
    async (d) => {
      expect(await expectError(await data(sku({ datefrom: d })))).toContain("YYYY-MM-DD");
    },
  );
  test("datefrom after dateto: 400", async () => {
    expect(await expectError(await data(sku({ datefrom: "2026-11-22", dateto: "2026-11-16" })))).toMatch(/after/);
  });
  test("viewby requires filter: 400", async () => {
    expect(await expectError(await data(sku({ viewby: "100001" })))).toContain("filter");
  });
  test("unknown retailer: 400 naming it", async () => {
    expect(await expectError(await data(sku({ retailer: "megamart" })))).toContain("megamart");
  });
  test("a repeated parameter: the last value wins (simulator's pick)", async () => {
    const res = await fetch(
      `${sim.url}/api/data?type=sku&retailer=northmart&timeframe=weekly&metric=revenue&metric=units&datefrom=2026-11-16&dateto=2026-11-22`,
      {
        headers: { Authorization: `Token ${sim.apiKey}` },
      },
    );
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(rows[0]).toHaveProperty("units");
    expect(rows[0]).not.toHaveProperty("revenue");
  });
});
