// The answer check (docs/architecture.md, Decision 8) at the SALES functions: SALES.SKU and SALES.STORE
// against the simulator over real HTTP through the corrupting proxy (dev/corruptions). Rows outside the dates
// asked are not spilled; a timestamp with an offset is its UTC day (the spill is the uncorrupted one, cell by
// cell); a period that cannot be placed, a repeated key and periods spaced unlike the timeframe are the
// function's #N/A with the refusal's words; a null figure is an empty cell; a metric the service did not send is
// no column; a column nobody asked for is not spilled. Issue 21: rows of another SKU than View by are not spilled;
// a row without its key and a figure Excel cannot hold are #N/A with the refusal, for SALES.VALUE too; the
// omitted-metrics header is read whatever its separators.
import { startCorruptingProxy, type Corruption, type CorruptingProxy } from "../../dev/corruptions";
import { excelSerial } from "../../src/excel/excelDays";
import type { TableArgs } from "../../src/core/query/args";
import type { FunctionsEngine } from "../../src/functions/functionEngine";
import { ConnectionStore, Session } from "../../src/session";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { engineFor, rejection, sessionFor } from "./helpers";

let sim: TestSimulator;
let proxy: CorruptingProxy;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 4, stores: 3 });
  proxy = await startCorruptingProxy(sim.url, { seed: 15 });
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
beforeEach(() => proxy.clear());

/** About 25 weeks of SALES.SKU's default timeframe. */
const WEEKLY = { retailer: "northmart", metrics: "revenue,units", from: "2026-06-01", to: "2026-11-22" };
const DAILY = { ...WEEKLY, timeframe: "daily", from: "2026-10-01" };

/** An engine whose session reads the service through the corrupting proxy (a new cache for each test). */
async function proxied(): Promise<FunctionsEngine> {
  const store = new ConnectionStore();
  await store.save({ baseUrl: proxy.url, apiKey: SIM_KEY });
  const session = new Session(store, { today: () => SIM_TODAY });
  await session.ready();
  return engineFor(session);
}

/** What SALES.SKU spills for the call with the simulator's own answers. */
async function cleanSpill(args: TableArgs, level: "sku" | "store" = "sku"): Promise<unknown[][]> {
  const engine = engineFor(await sessionFor(sim));
  return level === "sku" ? engine.sku(args) : engine.store(args);
}

const corrupt = (corruptions: Corruption[], match?: Record<string, string>, seed?: number) =>
  proxy.corrupt({ corruptions, ...(match ? { match } : {}), ...(seed !== undefined ? { seed } : {}) });

const rowsNotIn = (t: unknown[][], of: unknown[][]) => {
  const set = new Set(of.map((r) => JSON.stringify(r)));
  return t.filter((r) => !set.has(JSON.stringify(r)));
};

describe("SALES.SKU", () => {
  test.each([
    ["weekly", WEEKLY, { kind: "outside", rows: 2, side: "after" } as const, "2026-06-01"],
    ["daily", DAILY, { kind: "outside", rows: 3, side: "before" } as const, "2026-10-01"],
  ])("%s, rows outside the dates asked: not spilled", async (_, args, c, first) => {
    const clean = await cleanSpill(args);
    corrupt([c]);
    const spill = await (await proxied()).sku(args);
    expect(proxy.corrupted()).toBe(1);
    expect(spill[0]).toEqual(clean[0]);
    expect(spill.length).toBe(clean.length - c.rows);
    expect(rowsNotIn(spill, clean)).toEqual([]);
    for (const r of spill.slice(1)) {
      expect(r[0]).toBeGreaterThanOrEqual(excelSerial(first));
      expect(r[0]).toBeLessThanOrEqual(excelSerial(args.to));
    }
  });

  test.each([
    ["weekly", -7, WEEKLY],
    ["daily", -9, DAILY],
  ])("%s, periods written with a UTC offset (%d h): the uncorrupted spill, cell by cell", async (_, hours, args) => {
    const clean = await cleanSpill(args);
    corrupt([{ kind: "offset", hours }]);
    expect(await (await proxied()).sku(args)).toEqual(clean);
    expect(proxy.corrupted()).toBe(1);
  });

  test.each([
    // The rule's seed picks the text: 17 gives "week 3" (which V8's Date.parse reads as a date in 2001).
    [17, "week 3"],
    [undefined, ""],
  ])("a period that cannot be placed on a day (seed %s): #N/A with the refusal", async (seed, text) => {
    corrupt([{ kind: "unplaceable", rows: 1 }], undefined, seed);
    const e = await rejection((await proxied()).sku(DAILY));
    expect(proxy.corrupted()).toBe(1);
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(
      new RegExp(
        `^Refused the service's answer for northmart, sku, daily, 1 Oct to 22 Nov: a row \\(SKU \\d+\\) has date "${text}", which cannot be placed on a day\\. Nothing was written\\.$`,
      ),
    );
  });

  test("a repeated key: #N/A naming the key; the refusal is not cached", async () => {
    const engine = await proxied();
    corrupt([{ kind: "repeat-key", rows: 1 }]);
    const e = await rejection(engine.sku(WEEKLY));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(
      /^Refused the service's answer for northmart, sku, weekly, 1 Jun to 22 Nov: it sent the same row twice \(2026-\d\d-\d\d, SKU 10000[1-4]\), and which one is right cannot be known\. Nothing was written\.$/,
    );
    // The next calculation asks again, and spills what the service sends then.
    proxy.clear();
    expect(await engine.sku(WEEKLY)).toEqual(await cleanSpill(WEEKLY));
  });

  test.each([
    ["daily", DAILY, "1 Oct", "asked for daily rows, it sent rows one week apart"],
    ["weekly", WEEKLY, "1 Jun", "asked for weekly rows, it sent rows one day apart"],
  ])("%s, periods spaced unlike the timeframe: #N/A with the refusal", async (tf, args, from, why) => {
    corrupt([{ kind: "respace" }]);
    const e = await rejection((await proxied()).sku(args));
    expect(e).toMatchObject({
      code: "#N/A",
      message: `Refused the service's answer for northmart, sku, ${tf}, ${from} to 22 Nov: ${why}. Nothing was written.`,
    });
  });

  test("null figures: empty cells, every other cell as sent", async () => {
    const clean = await cleanSpill(WEEKLY);
    corrupt([{ kind: "null-values", rows: 4, metric: "revenue" }]);
    const spill = await (await proxied()).sku(WEEKLY);
    expect(spill.length).toBe(clean.length);
    const col = clean[0].indexOf("revenue");
    const changed: [number, unknown][] = [];
    spill.forEach((r, i) => r.forEach((v, j) => (v !== clean[i][j] ? changed.push([j, v]) : undefined)));
    expect(changed).toEqual([
      [col, ""],
      [col, ""],
      [col, ""],
      [col, ""],
    ]);
  });

  test("a metric dropped without the omitted header: no column for it, the rest as sent", async () => {
    const clean = await cleanSpill(WEEKLY);
    corrupt([{ kind: "drop-column", column: "units" }]);
    const spill = await (await proxied()).sku(WEEKLY);
    const u = clean[0].indexOf("units");
    expect(u).toBeGreaterThan(0);
    expect(spill).toEqual(clean.map((r) => r.filter((_, j) => j !== u)));
  });

  test("a column nobody asked for: not spilled", async () => {
    const clean = await cleanSpill(DAILY);
    corrupt([{ kind: "add-column", column: "margin", value: 0.4 }]);
    expect(await (await proxied()).sku(DAILY)).toEqual(clean);
    expect(proxy.corrupted()).toBe(1);
  });

  test("several retailers, only freshway's answers repeating a key: #N/A naming freshway", async () => {
    const args = { ...WEEKLY, retailer: "northmart,freshway" };
    corrupt([{ kind: "repeat-key", rows: 1 }], { retailer: "freshway" });
    const e = await rejection((await proxied()).sku(args));
    expect(proxy.corrupted()).toBe(1);
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(
      /^Refused the service's answer for freshway, sku, weekly, 1 Jun to 22 Nov: it sent the same row twice \(2026-\d\d-\d\d, SKU \d+\), and which one is right cannot be known\. Nothing was written\.$/,
    );
    expect(e.message).not.toMatch(/northmart/);
  });

  test("several retailers, rows outside the dates in freshway's: not spilled", async () => {
    const args = { ...WEEKLY, retailer: "northmart,freshway" };
    const clean = await cleanSpill(args);
    corrupt([{ kind: "outside", rows: 2, side: "before" }], { retailer: "freshway" });
    const spill = await (await proxied()).sku(args);
    expect(spill.length).toBe(clean.length - 2);
    expect(rowsNotIn(spill, clean)).toEqual([]);
  });
});

describe("SALES.STORE", () => {
  const STORE = { retailer: "northmart", metrics: "revenue,stock", from: "2026-10-05", to: "2026-11-22" };

  test("a repeated key: #N/A naming the period, SKU and store", async () => {
    corrupt([{ kind: "repeat-key", rows: 1 }]);
    const e = await rejection((await proxied()).store(STORE));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(
      /^Refused the service's answer for northmart, store, weekly, 5 Oct to 22 Nov: it sent the same row twice \(2026-\d\d-\d\d, SKU 10000[1-4], store \d+\), and which one is right cannot be known\. Nothing was written\.$/,
    );
  });

  test("rows outside the dates asked: not spilled; an offset: the uncorrupted spill", async () => {
    const clean = await cleanSpill(STORE, "store");
    corrupt([{ kind: "outside", rows: 2, side: "after" }]);
    const spill = await (await proxied()).store(STORE);
    // Read in chunks (its first week alone, then the rest): two rows left out of each answer.
    expect(proxy.corrupted()).toBeGreaterThan(0);
    expect(spill.length).toBe(clean.length - 2 * proxy.corrupted());
    expect(rowsNotIn(spill, clean)).toEqual([]);
    proxy.clear();
    corrupt([{ kind: "offset", hours: -3 }]);
    expect(await (await proxied()).store(STORE)).toEqual(clean);
  });
});

// View by, key fields and figures Excel cannot hold, at the functions: they read through the client, so they get the
// same check.
describe("other SKUs, missing keys and figures Excel cannot hold", () => {
  const BY_SKU = { ...DAILY, filter: "sku", viewby: "100001" };
  const NUMBERS_REFUSED =
    /which Excel cannot hold \(its numbers run from -9\.99999999999999E\+307 to 9\.99999999999999E\+307\)\. Nothing was written\.$/;

  test("SALES.SKU by one SKU, rows of another SKU in the answer: not spilled", async () => {
    const clean = await cleanSpill(BY_SKU);
    corrupt([{ kind: "other-viewby", rows: 20, codes: 3 }]);
    expect(await (await proxied()).sku(BY_SKU)).toEqual(clean);
    expect(proxy.corrupted()).toBe(1);
    const sku = clean[0].indexOf("sku");
    expect(new Set(clean.slice(1).map((r) => r[sku]))).toEqual(new Set([100001]));
  });

  test("SALES.SKU, a row without its SKU: #N/A naming the row's date", async () => {
    corrupt([{ kind: "missing-key", rows: 1 }]);
    const e = await rejection((await proxied()).sku(WEEKLY));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(
      /^Refused the service's answer for northmart, sku, weekly, 1 Jun to 22 Nov: a row dated \d{1,2} \w{3} has no SKU, so it cannot be placed in the table\. Nothing was written\.$/,
    );
  });

  test("SALES.STORE, a row without its store: #N/A naming the row's date and SKU", async () => {
    const STORE = { retailer: "northmart", metrics: "revenue,stock", from: "2026-10-05", to: "2026-11-22" };
    corrupt([{ kind: "missing-key", rows: 1, field: "store_id" }]);
    const e = await rejection((await proxied()).store(STORE));
    expect(e.message).toMatch(
      /^Refused the service's answer for northmart, store, weekly, 5 Oct to 22 Nov: a row dated \d{1,2} \w{3} \(SKU 10000[1-4]\) has no store, so it cannot be placed in the table\. Nothing was written\.$/,
    );
  });

  test("SALES.SKU, a figure of 1e308: #N/A naming metric, row and value", async () => {
    corrupt([{ kind: "unstorable", rows: 1, value: 1e308, field: "units" }]);
    const e = await rejection((await proxied()).sku(WEEKLY));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/: units in the row dated \d{1,2} \w{3} \(SKU 10000[1-4]\) is 1e\+308, /);
    expect(e.message).toMatch(NUMBERS_REFUSED);
  });

  test("SALES.VALUE goes through the same check: its group's answer with -1e308 anywhere is #N/A with the refusal", async () => {
    corrupt([{ kind: "unstorable", rows: 1, value: -1e308, field: "revenue" }]);
    const engine = await proxied();
    const e = await rejection(
      engine.value({ retailer: "northmart", metric: "revenue", sku: 100001, date: "2026-11-02" }),
    );
    expect(proxy.corrupted()).toBe(1);
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/^Refused the service's answer for northmart, sku, weekly, /);
    expect(e.message).toMatch(/: revenue in the row dated \d{1,2} \w{3} \(SKU 10000[1-4]\) is -1e\+308, /);
    // Not cached: the next calculation reads again and gets the figure.
    proxy.clear();
    expect(
      typeof (await engine.value({ retailer: "northmart", metric: "revenue", sku: 100001, date: "2026-11-02" })),
    ).toBe("number");
  });

  test("SALES.VALUE, a row without its SKU: #N/A with the refusal", async () => {
    corrupt([{ kind: "missing-key", rows: 1, as: "empty" }]);
    const e = await rejection(
      (await proxied()).value({
        retailer: "northmart",
        metric: "units",
        sku: 100002,
        date: "2026-11-09",
        timeframe: "daily",
      }),
    );
    expect(e.message).toMatch(
      /: a row dated 9 Nov has no SKU, so it cannot be placed in the table\. Nothing was written\.$/,
    );
  });

  test("SALES.VALUE, the omitted-metrics header space-separated: the metric the retailer does not serve, by name", async () => {
    corrupt([{ kind: "omitted-header", separator: "space" }]);
    const engine = await proxied();
    // pharmaplus serves neither availability nor wastage; one group reads both with revenue.
    const cell = (metric: string) => engine.value({ retailer: "pharmaplus", metric, sku: 100001, date: "2026-11-02" });
    const [revenue, wastage] = await Promise.allSettled([cell("revenue"), cell("wastage"), cell("availability")]);
    expect(proxy.corrupted()).toBe(1);
    expect(revenue.status).toBe("fulfilled");
    expect(wastage).toMatchObject({
      status: "rejected",
      reason: { code: "#N/A", message: "pharmaplus does not serve wastage at SKU level, weekly." },
    });
  });
});
