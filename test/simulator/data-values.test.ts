// Values: shape, determinism, range independence, period totals, the revision model,
// the `all` aggregate, filters and viewby, comparison columns, seasonality.
import type { RunningSimulator } from "../../dev/simulator/index";
import { addDays, client, start, sum, TODAY, type Client, type Row } from "./helpers";

let sim: RunningSimulator;
let c: Client;
beforeAll(async () => {
  sim = await start();
  c = client(sim);
});
afterAll(() => sim.close());

const q = (p: Record<string, string>) => ({
  type: "sku",
  retailer: "northmart",
  timeframe: "weekly",
  metric: "revenue,units",
  ...p,
});
const byKey = (rows: Row[], ...fields: string[]) => new Map(rows.map((r) => [fields.map((f) => r[f]).join("|"), r]));
const ADDITIVE = ["revenue", "units", "wastage"];

describe("row shape", () => {
  test("weekly rows: Monday `week` timestamps, numeric sku, code joined with name, one column per metric", async () => {
    const rows = await c.data(
      q({ metric: "revenue,units,average_price,availability", datefrom: "2026-11-02", dateto: "2026-11-22" }),
    );
    expect(new Set(rows.map((r) => r.week))).toEqual(
      new Set(["2026-11-02T00:00:00Z", "2026-11-09T00:00:00Z", "2026-11-16T00:00:00Z"]),
    );
    expect(rows.length).toBe(3 * 48);
    for (const r of rows) {
      expect(Object.keys(r)).toEqual([
        "week",
        "sku",
        "sku_product_name",
        "revenue",
        "units",
        "average_price",
        "availability",
      ]);
      expect(typeof r.sku).toBe("number");
      expect(String(r.sku_product_name).startsWith(`${r.sku} - `)).toBe(true);
      expect(Number.isInteger(r.units)).toBe(true);
      expect(r.availability as number).toBeGreaterThan(0);
      expect(r.availability as number).toBeLessThanOrEqual(100);
    }
  });
  test("daily rows use `date`, monthly rows use `month` labelled by the first of the month", async () => {
    const daily = await c.data(
      q({ timeframe: "daily", datefrom: "2026-11-20", dateto: "2026-11-22", filter: "sku", viewby: "100001" }),
    );
    expect(daily.map((r) => r.date)).toEqual(["2026-11-20T00:00:00Z", "2026-11-21T00:00:00Z", "2026-11-22T00:00:00Z"]);
    const monthly = await c.data(
      q({ timeframe: "monthly", datefrom: "2026-09-01", dateto: "2026-10-31", filter: "sku", viewby: "100001" }),
    );
    expect(monthly.map((r) => r.month)).toEqual(["2026-09-01T00:00:00Z", "2026-10-01T00:00:00Z"]);
  });
  test("store rows: store id joined with name, product name, integer units and stock", async () => {
    const rows = await c.data({
      type: "store",
      retailer: "northmart",
      timeframe: "weekly",
      metric: "revenue,units,stock,lost_sales",
      datefrom: "2026-11-16",
      dateto: "2026-11-22",
    });
    const stores = new Set(rows.map((r) => r.store_id));
    expect(stores.size).toBeGreaterThanOrEqual(100);
    for (const r of rows.slice(0, 500)) {
      expect(Object.keys(r)).toEqual([
        "week",
        "store_id",
        "store_name",
        "sku",
        "product_name",
        "revenue",
        "units",
        "stock",
        "lost_sales",
      ]);
      expect(String(r.store_name).startsWith(`${r.store_id} - `)).toBe(true);
      expect(Number.isInteger(r.units) && Number.isInteger(r.stock)).toBe(true);
    }
    expect(rows.some((r) => String(r.product_name).startsWith("+"))).toBe(true);
  });
});

describe("determinism and range independence", () => {
  const params = q({ metric: "revenue,units,wastage,ranged_stores", datefrom: "2026-08-01", dateto: "2026-11-22" });
  test("the same seed gives the same bytes; another seed other values", async () => {
    const a = await (await c.get("/api/data", params)).text();
    const same = await start({ seed: 1 });
    const other = await start({ seed: 2 });
    try {
      expect(await (await client(same).get("/api/data", params)).text()).toBe(a);
      const b = await (await client(other).get("/api/data", params)).text();
      expect(b).not.toBe(a);
      expect((JSON.parse(b) as Row[]).length).toBe((JSON.parse(a) as Row[]).length);
    } finally {
      await same.close();
      await other.close();
    }
  });
  test("a day reads the same through different ranges (daily and weekly)", async () => {
    const wide = byKey(
      await c.data(
        q({
          timeframe: "daily",
          metric: "revenue,units,wastage,average_price",
          datefrom: "2026-10-01",
          dateto: "2026-11-22",
        }),
      ),
      "date",
      "sku",
    );
    const narrow = await c.data(
      q({
        timeframe: "daily",
        metric: "revenue,units,wastage,average_price",
        datefrom: "2026-11-10",
        dateto: "2026-11-12",
      }),
    );
    expect(narrow.length).toBe(3 * 48);
    for (const r of narrow) expect(wide.get(`${r.date}|${r.sku}`)).toEqual(r);
    const weeks = byKey(await c.data(q({ datefrom: "2026-01-05", dateto: "2026-11-22" })), "week", "sku");
    for (const r of await c.data(q({ datefrom: "2026-11-09", dateto: "2026-11-15" })))
      expect(weeks.get(`${r.week}|${r.sku}`)).toEqual(r);
  });
});

describe("period totals", () => {
  test("a week is the sum of its days for additive metrics (final and provisional weeks)", async () => {
    const metric = "revenue,units,wastage,average_price";
    const weeks = await c.data(q({ metric, datefrom: "2026-11-09", dateto: "2026-11-22" }));
    const days = await c.data(q({ metric, timeframe: "daily", datefrom: "2026-11-09", dateto: "2026-11-22" }));
    for (const w of weeks) {
      const start = String(w.week).slice(0, 10);
      const inWeek = days.filter(
        (d) => d.sku === w.sku && String(d.date) >= start && String(d.date) < addDays(start, 7),
      );
      expect(inWeek).toHaveLength(7);
      for (const m of ADDITIVE) expect(w[m]).toBeCloseTo(sum(inWeek, m), 2);
      expect(w.average_price).toBeCloseTo((w.revenue as number) / (w.units as number), 2);
    }
  });
  test("a month is the sum of its days", async () => {
    const [m] = await c.data(
      q({
        timeframe: "monthly",
        metric: "revenue,units,wastage",
        datefrom: "2026-10-01",
        dateto: "2026-10-31",
        filter: "sku",
        viewby: "100009",
      }),
    );
    const days = await c.data(
      q({
        timeframe: "daily",
        metric: "revenue,units,wastage",
        datefrom: "2026-10-01",
        dateto: "2026-10-31",
        filter: "sku",
        viewby: "100009",
      }),
    );
    expect(days).toHaveLength(31);
    for (const f of ADDITIVE) expect(m[f]).toBeCloseTo(sum(days, f), 2);
  });
  test("a mid-period datefrom/dateto: the overlapping period is labelled by its start and totals only days inside the range", async () => {
    const view = { filter: "sku", viewby: "100002" };
    const rows = await c.data(q({ ...view, datefrom: "2026-11-11", dateto: "2026-11-19" })); // Wed .. Thu
    expect(rows.map((r) => r.week)).toEqual(["2026-11-09T00:00:00Z", "2026-11-16T00:00:00Z"]);
    const days = await c.data(q({ ...view, timeframe: "daily", datefrom: "2026-11-11", dateto: "2026-11-19" }));
    expect(rows[0].units).toBe(sum(days.slice(0, 5), "units"));
    expect(rows[1].units).toBe(sum(days.slice(5), "units"));
    const full = await c.data(q({ ...view, datefrom: "2026-11-09", dateto: "2026-11-15" }));
    expect(full[0].units as number).toBeGreaterThan(rows[0].units as number);
  });
  test("days on or after today have no data; history reaches three years back", async () => {
    const daily = await c.data(
      q({ timeframe: "daily", datefrom: "2026-11-20", dateto: "2026-12-31", filter: "sku", viewby: "100001" }),
    );
    expect(daily.map((r) => r.date)).toEqual(["2026-11-20T00:00:00Z", "2026-11-21T00:00:00Z", "2026-11-22T00:00:00Z"]);
    expect(await c.data(q({ datefrom: TODAY, dateto: "2026-11-29" }))).toEqual([]);
    const old = await c.data(
      q({ timeframe: "monthly", datefrom: "2023-06-01", dateto: "2023-12-31", filter: "sku", viewby: "100001" }),
    );
    expect(old.map((r) => r.month)).toEqual(["2023-11-01T00:00:00Z", "2023-12-01T00:00:00Z"]);
  });
});

describe("revisions", () => {
  // Sunday 2026-11-22 read on Monday (age 1) .. the next Monday (age 8) and later.
  const SUNDAY = "2026-11-22";
  const read = async (today: string) => {
    sim.simulator.setToday(today);
    return c.data(q({ timeframe: "daily", metric: "revenue,units", datefrom: SUNDAY, dateto: SUNDAY }));
  };
  afterAll(() => sim.simulator.setToday(TODAY));

  test("provisional for 7 days within about 1%, converging, then final and unchanged", async () => {
    const byAge: Row[][] = [];
    for (let age = 1; age <= 10; age++) byAge[age] = await read(addDays(SUNDAY, age));
    byAge[30] = await read(addDays(SUNDAY, 30));
    const final = byAge[8];
    expect(byAge[9]).toEqual(final);
    expect(byAge[10]).toEqual(final);
    expect(byAge[30]).toEqual(final);
    const meanDev: number[] = [];
    for (let age = 1; age <= 7; age++) {
      const rows = byAge[age];
      expect(rows.map((r) => r.sku)).toEqual(final.map((r) => r.sku));
      let dev = 0;
      rows.forEach((r, i) => {
        const f = final[i].units as number;
        expect(Number.isInteger(r.units)).toBe(true);
        expect(Math.abs((r.units as number) - f)).toBeLessThanOrEqual(0.01 * f + 0.5); // 1%, plus rounding to a whole unit
        dev += Math.abs((r.units as number) - f) / Math.max(1, f);
      });
      meanDev.push(dev / rows.length);
      // Each provisional reading differs from the final one somewhere.
      expect(rows).not.toEqual(final);
      const total = sum(rows, "revenue"),
        finalTotal = sum(final, "revenue");
      expect(Math.abs(total - finalTotal) / finalTotal).toBeLessThanOrEqual(0.01);
    }
    // Monday's reading differs from Tuesday's, Wednesday's and Thursday's.
    for (const age of [2, 3, 4]) expect(byAge[age]).not.toEqual(byAge[1]);
    expect(meanDev[6]).toBeLessThan(meanDev[0] / 2); // converging
  });
  test("weekly totals include the provisional days they contain", async () => {
    sim.simulator.setToday("2026-11-25"); // Wednesday: Nov 16..22 all provisional (ages 3..9 -> partly final)
    const [week] = await c.data(q({ datefrom: "2026-11-16", dateto: "2026-11-22", filter: "sku", viewby: "100010" }));
    const days = await c.data(
      q({ timeframe: "daily", datefrom: "2026-11-16", dateto: "2026-11-22", filter: "sku", viewby: "100010" }),
    );
    expect(week.units).toBe(sum(days, "units"));
    sim.simulator.setToday("2026-12-10");
    const [finalWeek] = await c.data(
      q({ datefrom: "2026-11-16", dateto: "2026-11-22", filter: "sku", viewby: "100010" }),
    );
    expect(finalWeek.units).not.toBe(week.units);
    expect(
      Math.abs((finalWeek.units as number) - (week.units as number)) / (finalWeek.units as number),
    ).toBeLessThanOrEqual(0.01);
  });
});

describe("the `all` aggregate", () => {
  const view = { filter: "sku", viewby: "100023", datefrom: "2026-11-09", dateto: "2026-11-15" }; // ranged everywhere
  test("sums what sums and recomputes ratios, over the retailers that serve each metric", async () => {
    const metric = "revenue,units,average_price,wastage,ranged_stores";
    const [all] = await c.data(q({ ...view, retailer: "all", metric }));
    const per: Row[] = [];
    const served: Record<string, string[]> = {};
    for (const r of sim.simulator.retailers) {
      const [rec] = await c.json<{ sku_metrics: string[] }[]>("/api/list", { type: "metrics", retailer: r });
      const res = await c.get("/api/data", q({ ...view, retailer: r, metric }));
      const [row] = (await res.json()) as Row[];
      per.push(row);
      served[r] = rec.sku_metrics;
    }
    const over = (m: string) => per.filter((_, i) => served[sim.simulator.retailers[i]].includes(m));
    expect(all.units).toBe(sum(over("units"), "units"));
    expect(all.revenue).toBeCloseTo(sum(over("revenue"), "revenue"), 2);
    expect(all.wastage).toBe(sum(over("wastage"), "wastage"));
    expect(over("wastage").length).toBeLessThan(per.length); // not every retailer serves wastage
    const apRows = over("average_price");
    expect(all.average_price).toBeCloseTo(sum(apRows, "revenue") / sum(apRows, "units"), 2);
    expect(Math.abs((all.ranged_stores as number) - sum(over("ranged_stores"), "ranged_stores"))).toBeLessThanOrEqual(
      3,
    );
  });
  test("daily `all` leaves out retailers without daily data", async () => {
    const day = {
      filter: "sku",
      viewby: "100023",
      datefrom: "2026-11-10",
      dateto: "2026-11-10",
      timeframe: "daily",
      metric: "units",
    };
    const [all] = await c.data(q({ ...day, retailer: "all" }));
    let total = 0;
    for (const r of ["northmart", "budgetbox", "cornershop", "pharmaplus"])
      total += (await c.data(q({ ...day, retailer: r })))[0].units as number;
    expect(all.units).toBe(total);
  });
});

describe("filters and viewby", () => {
  const week = { datefrom: "2026-11-09", dateto: "2026-11-15" };
  test("filter=filterN groups rows by filter name, in place of the SKU code", async () => {
    const f = await c.json<Record<string, string[]>>("/api/list", { type: "filters", retailer: "northmart" });
    const rows = await c.data(q({ ...week, filter: "filter1" }));
    expect(rows.map((r) => r.sku).sort()).toEqual([...f.filter1].sort());
    for (const r of rows) expect(r.sku_product_name).toBe(r.sku);
    const bySku = await c.data(q({ ...week }));
    expect(sum(rows, "units")).toBe(sum(bySku, "units"));
    const sunvale = rows.find((r) => r.sku === "Sunvale")!;
    const members = bySku.filter((r) => String(r.sku_product_name).includes(" - Sunvale "));
    expect(members.length).toBeGreaterThan(1);
    expect(sunvale.units).toBe(sum(members, "units"));
  });
  test("viewby restricts to one SKU or one filter name, case sensitive, and `+` names work when encoded", async () => {
    const one = await c.data(q({ ...week, filter: "sku", viewby: "100005" }));
    expect(one.map((r) => r.sku)).toEqual([100005]);
    expect((await c.data(q({ ...week, filter: "filter1", viewby: "Sunvale" }))).map((r) => r.sku)).toEqual(["Sunvale"]);
    expect(await c.data(q({ ...week, filter: "filter1", viewby: "sunvale" }))).toEqual([]);
    expect((await c.data(q({ ...week, filter: "filter1", viewby: "+Vita" }))).map((r) => r.sku)).toEqual(["+Vita"]);
    expect((await c.data(q({ ...week, filter: "filter2", viewby: "Juice & Drinks" }))).map((r) => r.sku)).toEqual([
      "Juice & Drinks",
    ]);
  });
  test("store level with a filter: one row per store and filter name", async () => {
    const rows = await c.data({
      type: "store",
      retailer: "northmart",
      timeframe: "weekly",
      metric: "units",
      ...week,
      filter: "filter4",
      viewby: "Premium",
    });
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) expect([r.sku, r.product_name]).toEqual(["Premium", "Premium"]);
    expect(new Set(rows.map((r) => r.store_id)).size).toBe(rows.length);
  });
});

describe("comparison", () => {
  const view = { filter: "sku", viewby: "100031", metric: "revenue,units,average_price" };
  test("period: one percentage-change column per metric versus the previous week", async () => {
    const [cur] = await c.data(q({ ...view, datefrom: "2026-11-16", dateto: "2026-11-22", comparison: "period" }));
    const [prev] = await c.data(q({ ...view, datefrom: "2026-11-09", dateto: "2026-11-15" }));
    expect(Object.keys(cur)).toEqual([
      "week",
      "sku",
      "sku_product_name",
      "revenue",
      "units",
      "average_price",
      "revenue_vs_period_pct",
      "units_vs_period_pct",
      "average_price_vs_period_pct",
    ]);
    expect(cur.units_vs_period_pct).toBeCloseTo(
      (100 * ((cur.units as number) - (prev.units as number))) / (prev.units as number),
      2,
    );
    expect(cur.revenue_vs_period_pct).toBeCloseTo(
      (100 * ((cur.revenue as number) - (prev.revenue as number))) / (prev.revenue as number),
      1,
    );
  });
  test("year: versus the same week 52 weeks earlier and the same month a year earlier", async () => {
    const [cur] = await c.data(q({ ...view, datefrom: "2026-11-16", dateto: "2026-11-22", comparison: "year" }));
    const [ly] = await c.data(
      q({ ...view, datefrom: addDays("2026-11-16", -364), dateto: addDays("2026-11-22", -364) }),
    );
    expect(cur.units_vs_year_pct).toBeCloseTo(
      (100 * ((cur.units as number) - (ly.units as number))) / (ly.units as number),
      2,
    );
    const [m] = await c.data(
      q({ ...view, timeframe: "monthly", datefrom: "2026-07-01", dateto: "2026-07-31", comparison: "year" }),
    );
    const [mly] = await c.data(q({ ...view, timeframe: "monthly", datefrom: "2025-07-01", dateto: "2025-07-31" }));
    expect(m.units_vs_year_pct).toBeCloseTo(
      (100 * ((m.units as number) - (mly.units as number))) / (mly.units as number),
      2,
    );
  });
  test("no base before the history starts: null", async () => {
    const [first] = await c.data(
      q({ ...view, timeframe: "monthly", datefrom: "2023-11-01", dateto: "2023-11-30", comparison: "period" }),
    );
    expect(first.units_vs_period_pct).toBeNull();
  });
});

describe("seasonality", () => {
  test("weekly cycle: Saturdays sell more than Tuesdays", async () => {
    const days = await c.data(
      q({ timeframe: "daily", filter: "filter4", viewby: "Mainstream", datefrom: "2026-09-01", dateto: "2026-10-31" }),
    );
    const wd = (r: Row) => new Date(String(r.date)).getUTCDay();
    expect(
      sum(
        days.filter((r) => wd(r) === 6),
        "units",
      ),
    ).toBeGreaterThan(
      1.2 *
        sum(
          days.filter((r) => wd(r) === 2),
          "units",
        ),
    );
  });
  test("yearly cycle: ice cream peaks in summer, soup in winter", async () => {
    const monthly = (viewby: string) =>
      c.data(q({ timeframe: "monthly", filter: "sku", viewby, datefrom: "2025-01-01", dateto: "2025-12-31" }));
    const ice = await monthly("100031");
    const soup = await monthly("100035");
    expect(ice[6].units as number).toBeGreaterThan(1.5 * (ice[0].units as number)); // July vs January
    expect(soup[0].units as number).toBeGreaterThan(1.3 * (soup[6].units as number));
  });
});
