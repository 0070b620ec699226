// Endpoints, authentication, lists and actions.
import type { RunningSimulator } from "../../dev/simulator/index";
import { client, expectError, start, TODAY, type Client } from "./helpers";

let sim: RunningSimulator;
let c: Client;
beforeAll(async () => {
  sim = await start();
  c = client(sim);
});
afterAll(() => sim.close());

const NEVER_DAILY = ["unit_ros", "value_ros", "ranged_stores", "stores_selling", "stores_with_stock"];
const SKU_LEVEL = [
  "revenue",
  "units",
  "average_price",
  "availability",
  "wastage",
  "unit_ros",
  "value_ros",
  "ranged_stores",
  "stores_selling",
  "stores_with_stock",
];
const STORE_LEVEL = ["revenue", "units", "average_price", "stock", "wastage", "lost_sales"];
type MetricsRecord = {
  retailer: string;
  sku_metrics: string[] | null;
  store_metrics: string[] | null;
  sku_metrics_daily: string[] | null;
  store_metrics_daily: string[] | null;
};

describe("connection test", () => {
  test("GET /api/test/ answers {success: true} with a valid key", async () => {
    expect(await c.json("/api/test/", {})).toEqual({ success: true });
    expect(await c.json("/api/test", {})).toEqual({ success: true });
  });
});

describe("authentication", () => {
  const endpoints: [string, Record<string, string>][] = [
    ["/api/test/", {}],
    ["/api/list", { type: "retailers" }],
    [
      "/api/data",
      {
        type: "sku",
        retailer: "northmart",
        timeframe: "weekly",
        metric: "revenue",
        datefrom: "2026-11-16",
        dateto: "2026-11-22",
      },
    ],
    ["/api/actions", { retailer: "northmart" }],
  ];
  test.each(endpoints)("%s: 401 with a JSON detail when the header is missing", async (path, params) => {
    const detail = await expectError(await c.get(path, params, null), 401);
    expect(detail).toMatch(/credentials/i);
  });
  test.each(endpoints)("%s: 401 when the key is wrong", async (path, params) => {
    await expectError(await c.get(path, params, "Token not-the-key"), 401);
  });
  test("the bare key without the word Token is refused (simulator's pick), with a hint", async () => {
    const detail = await expectError(await c.get("/api/test/", {}, sim.apiKey), 401);
    expect(detail).toContain("Token <API key>");
  });
  test("the scheme word is case-insensitive; other schemes are refused", async () => {
    expect((await c.get("/api/test/", {}, `token ${sim.apiKey}`)).status).toBe(200);
    await expectError(await c.get("/api/test/", {}, `Bearer ${sim.apiKey}`), 401);
  });
  test("another key can be configured", async () => {
    const other = await start({ apiKey: "s3cret" });
    try {
      const oc = client(other);
      expect(other.apiKey).toBe("s3cret");
      expect((await oc.get("/api/test/")).status).toBe(200);
      await expectError(await oc.get("/api/test/", {}, "Token demo"), 401);
    } finally {
      await other.close();
    }
  });
});

describe("list retailers", () => {
  test("lists at least five retailers and `all`", async () => {
    const list = await c.json<string[]>("/api/list", { type: "retailers" });
    expect(list).toContain("all");
    expect(list.filter((r) => r !== "all").sort()).toEqual([...sim.simulator.retailers].sort());
    expect(sim.simulator.retailers.length).toBeGreaterThanOrEqual(5);
    for (const r of list) expect(r).toMatch(/^[a-z]+$/);
  });
  test("missing or unknown type gives 400 naming the parameter", async () => {
    expect(await expectError(await c.get("/api/list", {}))).toContain("type");
    expect(await expectError(await c.get("/api/list", { type: "stores" }))).toMatch(/type.*retailers/);
  });
});

describe("list metrics", () => {
  let records: MetricsRecord[];
  beforeAll(async () => {
    records = [];
    for (const r of sim.simulator.retailers) {
      const body = await c.json<MetricsRecord[]>("/api/list", { type: "metrics", retailer: r });
      expect(body).toHaveLength(1);
      records.push(body[0]);
    }
  });
  test("one record per retailer with the five fields, metrics from the level tables", () => {
    for (const [i, rec] of records.entries()) {
      expect(Object.keys(rec).sort()).toEqual([
        "retailer",
        "sku_metrics",
        "sku_metrics_daily",
        "store_metrics",
        "store_metrics_daily",
      ]);
      expect(rec.retailer).toBe(sim.simulator.retailers[i]);
      for (const m of [...(rec.sku_metrics ?? []), ...(rec.sku_metrics_daily ?? [])]) expect(SKU_LEVEL).toContain(m);
      for (const m of [...(rec.store_metrics ?? []), ...(rec.store_metrics_daily ?? [])])
        expect(STORE_LEVEL).toContain(m);
    }
  });
  test("daily lists never contain the five weekly-only metrics", () => {
    for (const rec of records)
      for (const m of [...(rec.sku_metrics_daily ?? []), ...(rec.store_metrics_daily ?? [])])
        expect(NEVER_DAILY).not.toContain(m);
  });
  test("capabilities differ: no daily data, daily store data, no store level, differing metric sets", () => {
    expect(records.some((r) => r.sku_metrics_daily === null && r.store_metrics_daily === null)).toBe(true);
    expect(records.some((r) => r.store_metrics_daily !== null && r.store_metrics_daily.length > 0)).toBe(true);
    expect(records.some((r) => r.store_metrics === null)).toBe(true);
    expect(new Set(records.map((r) => JSON.stringify(r.sku_metrics))).size).toBeGreaterThanOrEqual(4);
  });
  test("`all`, an unknown retailer and a missing retailer give 400", async () => {
    expect(await expectError(await c.get("/api/list", { type: "metrics", retailer: "all" }))).toContain("all");
    expect(await expectError(await c.get("/api/list", { type: "metrics", retailer: "nosuchshop" }))).toContain(
      "nosuchshop",
    );
    expect(await expectError(await c.get("/api/list", { type: "metrics" }))).toContain("retailer");
  });
});

describe("list SKUs and filters", () => {
  test("the filters record: SKU codes as strings, code joined with name, five filter lists", async () => {
    const f = await c.json<Record<string, string[]>>("/api/list", { type: "filters", retailer: "northmart" });
    expect(Object.keys(f).sort()).toEqual([
      "filter1",
      "filter2",
      "filter3",
      "filter4",
      "filter5",
      "sku",
      "skuProductName",
    ]);
    expect(f.sku.length).toBeGreaterThanOrEqual(40);
    expect(f.skuProductName).toHaveLength(f.sku.length);
    f.sku.forEach((code, i) => {
      expect(code).toMatch(/^\d+$/);
      expect(f.skuProductName[i].startsWith(`${code} - `)).toBe(true);
    });
    for (const k of ["filter1", "filter2", "filter3", "filter4", "filter5"]) {
      expect(f[k].length).toBeGreaterThan(1);
      expect(new Set(f[k]).size).toBe(f[k].length);
    }
    // Service text that looks like a formula exists in the demo data.
    expect(f.filter1).toContain("+Vita");
  });
  test("a narrower retailer lists fewer SKUs; `all` is rejected", async () => {
    const nm = await c.json<{ sku: string[] }>("/api/list", { type: "filters", retailer: "northmart" });
    const pp = await c.json<{ sku: string[] }>("/api/list", { type: "filters", retailer: "pharmaplus" });
    expect(pp.sku.length).toBeLessThan(nm.sku.length);
    await expectError(await c.get("/api/list", { type: "filters", retailer: "all" }));
  });
});

describe("actions", () => {
  type Action = Record<string, string | number>;
  test("current-week action records with readable descriptions, including no_sales", async () => {
    const acts = await c.json<Action[]>("/api/actions", { retailer: "northmart" });
    expect(acts.length).toBeGreaterThanOrEqual(3);
    for (const a of acts) {
      expect(Object.keys(a).sort()).toEqual([
        "action",
        "action_description",
        "alert_date",
        "client_name",
        "retailer",
        "sku_code",
        "sku_description",
        "store_description",
        "store_id",
      ]);
      expect(typeof a.sku_code).toBe("number");
      expect(typeof a.store_id).toBe("number");
      expect(a.retailer).toBe("northmart");
      expect(a.alert_date).toBe(`${TODAY}T00:00:00Z`); // Monday of today's week
      expect(String(a.action_description).length).toBeGreaterThan(20);
    }
    expect(acts.map((a) => a.action)).toContain("no_sales");
    expect(
      acts.some((a) => /^[=+]/.test(String(a.action_description)) || /^[=+]/.test(String(a.sku_description))),
    ).toBe(true);
  });
  test("every retailer has actions; they are stable within a week and change with it", async () => {
    for (const r of sim.simulator.retailers)
      expect((await c.json<Action[]>("/api/actions", { retailer: r })).length).toBeGreaterThan(0);
    const before = await c.json<Action[]>("/api/actions", { retailer: "freshway" });
    try {
      sim.simulator.setToday("2026-11-26"); // same week
      expect(await c.json<Action[]>("/api/actions", { retailer: "freshway" })).toEqual(before);
      sim.simulator.setToday("2026-11-30"); // next week
      const next = await c.json<Action[]>("/api/actions", { retailer: "freshway" });
      expect(next[0].alert_date).toBe("2026-11-30T00:00:00Z");
      expect(next).not.toEqual(before);
    } finally {
      sim.simulator.setToday(TODAY);
    }
  });
  test("retailer is required and `all` is rejected", async () => {
    expect(await expectError(await c.get("/api/actions", {}))).toContain("retailer");
    await expectError(await c.get("/api/actions", { retailer: "all" }));
  });
});

describe("routing", () => {
  test("unknown paths give 404 with a JSON detail", async () => {
    await expectError(await c.get("/api/nothing", {}), 404);
    await expectError(await c.get("/list", { type: "retailers" }), 404);
  });
  test("only GET is allowed on the API", async () => {
    const res = await fetch(`${sim.url}/api/test/`, {
      method: "POST",
      headers: { Authorization: `Token ${sim.apiKey}` },
    });
    await expectError(res, 405);
  });
});
