// SALES.VALUE batching (src/functions/valueBatch.ts), through the engine against the simulator over real HTTP:
// one request per (retailer, timeframe) group counted at the simulator, each cell the client's figure for its
// whole period, answers from cached groups; the days a group asks for, and each cell's pick from its answer.
import { addDays, addPeriods, periodStart } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import { startTestSimulator, type TestSimulator } from "../support/simulator";
import { engineFor, referenceClient, rejection, sessionFor } from "./helpers";
import { request } from "../support/query";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const DATA = "/api/data";

describe("SALES.VALUE: one request per (retailer, timeframe) group", () => {
  const retailers = ["northmart", "budgetbox"];
  let skus: string[];
  // Weeks of 2026 from 2026-03-02 (a Monday); each cell names a different weekday of its week.
  const weeks = Array.from({ length: 6 }, (_, w) => addDays("2026-03-02", 7 * w));
  const cellDate = (w: number, s: number) => addDays(weeks[w], (w + s) % 7);

  beforeAll(async () => {
    const ref = referenceClient(sim);
    const [a, b] = await Promise.all(retailers.map((r) => ref.listFilters(r)));
    skus = a.sku.filter((s) => b.sku.includes(s)).slice(0, 3);
    expect(skus).toHaveLength(3);
  });

  function cells() {
    const out: { retailer: string; metric: string; sku: string | number; date: string | number }[] = [];
    for (const retailer of retailers)
      for (let s = 0; s < skus.length; s++)
        for (let w = 0; w < weeks.length; w++) {
          const date = cellDate(w, s);
          // every form a cell may hold: numbers and text for SKUs, serials and text for dates
          out.push({
            retailer,
            metric: (w + s) % 2 ? "revenue" : "Units",
            sku: s % 2 ? Number(skus[s]) : skus[s],
            date: w % 2 ? excelSerial(date) : date,
          });
        }
    return out;
  }

  async function reference(): Promise<Map<string, number>> {
    // Whole Monday-to-Sunday weeks read by the client: the exact weekly totals each cell must show.
    const ref = referenceClient(sim);
    const map = new Map<string, number>();
    for (const retailer of retailers) {
      const r = await ref.getData(
        request({
          level: "sku",
          retailer,
          timeframe: "weekly",
          metrics: "revenue,units",
          from: weeks[0],
          to: addDays(weeks[weeks.length - 1], 6),
        }),
      );
      for (const row of r.rows) {
        const week = String(row.week).slice(0, 10);
        map.set(`${retailer}|${row.sku}|${week}|revenue`, row.revenue as number);
        map.set(`${retailer}|${row.sku}|${week}|units`, row.units as number);
      }
    }
    return map;
  }

  test("a calculation of many cells makes one request per group; each cell is the client's weekly value", async () => {
    const session = await sessionFor(sim);
    const engine = engineFor(session);
    const all = cells();
    const values = await Promise.all(all.map((c) => engine.value(c)));
    expect(sim.count(DATA)).toBe(retailers.length);

    const expected = await reference();
    all.forEach((c, i) => {
      const s = skus.indexOf(String(c.sku));
      const w = all.indexOf(c) % weeks.length;
      const key = `${c.retailer}|${skus[s]}|${weeks[w]}|${c.metric.toLowerCase()}`;
      expect([key, values[i]]).toEqual([key, expected.get(key)]);
    });
  });

  test("within the TTL a recalculation, a single cell, or any subset makes no request; clearing the cache does", async () => {
    const session = await sessionFor(sim);
    const engine = engineFor(session);
    const all = cells();
    const first = await Promise.all(all.map((c) => engine.value(c)));
    await sim.reset();

    expect(await Promise.all(all.map((c) => engine.value(c)))).toEqual(first);
    expect(await engine.value(all[7])).toBe(first[7]);
    expect(await Promise.all(all.filter((_, i) => i % 5 === 0).map((c) => engine.value(c)))).toEqual(
      first.filter((_, i) => i % 5 === 0),
    );
    expect(sim.count(DATA)).toBe(0);

    // A week outside what was read: one more request.
    await engine.value({ ...all[0], date: "2025-06-11" });
    expect(sim.count(DATA)).toBe(1);

    engine.clearCache();
    await sim.reset();
    expect(await Promise.all(all.map((c) => engine.value(c)))).toEqual(first);
    expect(sim.count(DATA)).toBe(retailers.length);
  });

  test("calls spread over several ticks within the batch window still share one request", async () => {
    const engine = engineFor(await sessionFor(sim), { batchWindowMs: 30 });
    const all = cells().filter((c) => c.retailer === "northmart");
    const pending: Promise<number>[] = [];
    for (let i = 0; i < all.length; i++) {
      pending.push(engine.value(all[i]));
      if (i % 5 === 4) await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(pending);
    expect(sim.count(DATA)).toBe(1);
  });

  test("daily and monthly values are the client's day and whole-month figures", async () => {
    const engine = engineFor(await sessionFor(sim));
    const ref = referenceClient(sim);
    const [daily, monthly] = await Promise.all([
      engine.value({ retailer: "northmart", metric: "revenue", sku: skus[0], date: "2026-05-13", timeframe: "daily" }),
      engine.value({ retailer: "northmart", metric: "units", sku: skus[0], date: "2026-05-13", timeframe: "monthly" }),
    ]);
    expect(sim.count(DATA)).toBe(2);
    const d = await ref.getData(
      request({
        level: "sku",
        retailer: "northmart",
        timeframe: "daily",
        metrics: "revenue",
        from: "2026-05-13",
        to: "2026-05-13",
        viewby: skus[0],
        filter: "sku",
      }),
    );
    const m = await ref.getData(
      request({
        level: "sku",
        retailer: "northmart",
        timeframe: "monthly",
        metrics: "units",
        from: "2026-05-01",
        to: "2026-05-31",
        viewby: skus[0],
        filter: "sku",
      }),
    );
    expect(daily).toBe(d.rows[0].revenue);
    expect(monthly).toBe(m.rows[0].units);
  });

  test("a SKU the retailer does not have, a period with no data yet, and an unserved metric give #N/A saying so", async () => {
    const engine = engineFor(await sessionFor(sim));
    const base = { retailer: "northmart", metric: "revenue", sku: skus[0], date: "2026-03-04" };
    const [unknownSku, future, notServed, served] = await Promise.all([
      rejection(engine.value({ ...base, sku: 999999 })),
      rejection(engine.value({ ...base, date: "2026-12-09" })),
      rejection(engine.value({ ...base, retailer: "budgetbox", metric: "availability" })),
      engine.value({ ...base, retailer: "budgetbox" }),
    ]);
    expect(typeof served).toBe("number"); // its group-mate's metric was left out by the service, not this one
    // Alone in its group, the unservable metric is refused by the service itself: its words come through.
    const alone = await rejection(
      engineFor(await sessionFor(sim)).value({ ...base, retailer: "budgetbox", metric: "availability" }),
    );
    expect(alone).toMatchObject({ code: "#N/A", message: expect.stringMatching(/HTTP 400.*availability/) });
    expect(unknownSku).toMatchObject({ code: "#N/A" });
    expect(unknownSku.message).toMatch(/SKU 999999 is not in northmart's data/);
    expect(future).toMatchObject({ code: "#N/A" });
    expect(future.message).toBe(
      "northmart has no weekly data for the week of 9 Dec 2026 yet. The service's today is 23 Nov 2026: the data stops there.",
    );
    expect(notServed).toMatchObject({ code: "#N/A" });
    expect(notServed.message).toMatch(/budgetbox does not serve availability/);
  });
});

/** A fetch that notes each URL it is given, then fetches it. */
function noting(urls: URL[]): typeof fetch {
  return (input, init) => {
    urls.push(new URL(input instanceof Request ? input.url : String(input)));
    return fetch(input, init);
  };
}

describe("the days a group reads", () => {
  /** The days SALES.VALUE's one request asks for, for one cell on `date`. */
  async function daysRead(date: string, timeframe: "daily" | "weekly" | "monthly") {
    const urls: URL[] = [];
    const engine = engineFor(await sessionFor(sim, { fetch: noting(urls) }));
    await engine.value({ retailer: "northmart", metric: "revenue", sku: 100001, date, timeframe });
    const reads = urls.filter((u) => u.pathname === DATA);
    expect(reads).toHaveLength(1);
    return { from: reads[0].searchParams.get("datefrom"), to: reads[0].searchParams.get("dateto") };
  }

  test("weekly: every 7-day week containing the date lies inside, whatever day the service starts weeks on", async () => {
    for (let d = 0; d < 21; d++) {
      const date = addDays("2026-02-23", d);
      const { from, to } = await daysRead(date, "weekly");
      for (let back = 0; back < 7; back++) {
        const weekStart = addDays(date, -back);
        expect([date, weekStart, from! <= weekStart && addDays(weekStart, 6) <= to!]).toEqual([date, weekStart, true]);
      }
    }
  });

  test("daily reads the day, monthly the calendar month", async () => {
    expect(await daysRead("2026-05-13", "daily")).toEqual({ from: "2026-05-13", to: "2026-05-13" });
    expect(await daysRead("2024-02-29", "monthly")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(await daysRead("2025-12-31", "monthly")).toEqual({
      from: periodStart("2025-12-31", "monthly"),
      to: addDays(addPeriods("2025-12-01", "monthly", 1), -1),
    });
  });
});

describe("picking a cell from a group's answer", () => {
  test("by SKU code in any form or by product name; the period containing the date; #N/A saying why", async () => {
    const query = { level: "sku" as const, retailer: "northmart", timeframe: "weekly" as const, metrics: "revenue" };
    const result = await referenceClient(sim).getData(request({ ...query, from: "2026-03-02", to: "2026-03-15" }));
    const row = result.rows[0];
    const sku = String(row.sku);
    const week = String(row[result.periodField]).slice(0, 10);
    const cell = { retailer: "northmart", metric: "revenue", sku, date: addDays(week, 3), timeframe: "weekly" };
    // The service answers this SKU's rows without units (the other SKUs' have them: the metric is served).
    const withoutUnits: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const body = (await res.text()).replace(new RegExp(`("sku":${sku},[^}]*?"units":)[0-9.]+`, "g"), "$1null");
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
    const engine = engineFor(await sessionFor(sim, { fetch: withoutUnits }));
    expect(await engine.value(cell)).toBe(row.revenue);
    expect(await engine.value({ ...cell, sku: ` ${sku}.0` })).toBe(row.revenue);
    expect(await engine.value({ ...cell, sku: String(row.sku_product_name).toUpperCase() })).toBe(row.revenue);
    expect((await rejection(engine.value({ ...cell, sku: "999999" }))).message).toMatch(
      /SKU 999999 is not in northmart's data/,
    );
    // A week before the service's data: none for it (not "yet": the week is past).
    expect(await rejection(engine.value({ ...cell, date: "2015-03-18" }))).toMatchObject({
      code: "#N/A",
      message: "northmart has no weekly data for the week of 18 Mar 2015.",
    });
    // (A period that has begun but has no data yet: "yet", and where the data stops; the #N/A test above.)
    expect(await rejection(engine.value({ ...cell, metric: "units" }))).toMatchObject({
      code: "#N/A",
      message: expect.stringMatching(/^No units for SKU/),
    });
  });
});
