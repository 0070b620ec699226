// Several retailers in one read (SalesClient.getDataForRetailers) against the simulator over real HTTP, and
// the merged table (src/core/query/retailers.ts) against the single-retailer pulls, with requests counted.
import { createClient, SalesApiError, type ClientOptions, type DataResult } from "../../src/api";
import { tabulate, type Cell } from "../../src/core/answer/tabulate";
import { parseQuery } from "../../src/core/query/query";
import { asQuery, request } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { RETAILER_COLUMN, tabulateRetailers } from "../../src/core/answer/retailersTable";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

let sim: TestSimulator;
const make = (opts: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY, timeoutMs: 5000, ...opts });

beforeAll(async () => {
  sim = await startTestSimulator({ skus: 12 });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const RETAILERS = ["northmart", "freshway", "pharmaplus"];
/** About 130 weeks: two chunks per retailer. */
const WEEKLY = {
  level: "sku",
  timeframe: "weekly",
  metrics: "revenue,units,availability",
  from: "2024-06-03",
  to: "2026-11-22",
};
/** The three retailers' weekly query. */
const THREE = asQuery({ ...WEEKLY, retailers: RETAILERS });
/** 130 weeks at 104 weeks a request (CHUNK_PERIODS): 2 chunks. */
const CHUNKS = 2;

async function failure(p: Promise<unknown>): Promise<SalesApiError> {
  const err = await p.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SalesApiError);
  expect(String((err as Error).message)).not.toContain(SIM_KEY);
  return err as SalesApiError;
}

/** The single pulls merged by hand: each single table's rows with the retailer added, stably by period. */
function mergedByHand(singles: { retailer: string; result: DataResult }[], headers: string[]): Cell[][] {
  const rows = singles.flatMap(({ retailer, result }) => {
    const t = tabulate(result, result.query, EXCEL_DAY_CELLS);
    return t.values.map((v) => {
      const byName = new Map<string, Cell>(t.headers.map((h, i) => [h, v[i]]));
      byName.set(RETAILER_COLUMN, retailer);
      return headers.map((h) => byName.get(h) ?? null);
    });
  });
  return rows.sort((a, b) => (a[0] as number) - (b[0] as number));
}

describe("getDataForRetailers", () => {
  test("a three-retailer weekly SKU table equals the three single pulls merged, cell by cell", async () => {
    const results = await make().getDataForRetailers(THREE);
    expect(sim.count("/api/data")).toBe(RETAILERS.length * CHUNKS);
    expect(results.map((r) => r.retailer)).toEqual(RETAILERS);
    const table = tabulateRetailers(results, results[0].query, EXCEL_DAY_CELLS);
    expect(table.headers).toEqual([
      "week",
      RETAILER_COLUMN,
      "sku",
      "sku_product_name",
      "revenue",
      "units",
      "availability",
    ]);

    const reference = make();
    const singles = [];
    for (const retailer of RETAILERS)
      singles.push({ retailer, result: await reference.getData(request({ ...WEEKLY, retailer })) });
    const expected = mergedByHand(singles, table.headers);
    expect(table.values).toEqual(expected);
    expect(table.retailers).toEqual(
      singles.map(({ retailer, result }) => ({
        retailer,
        rows: result.rows.length,
        omittedMetrics: result.omittedMetrics,
      })),
    );
    expect(new Set(table.values.map((r) => r[1])).size).toBe(3);
  });

  test("the retailer that omits a metric leaves only its own cells of it empty", async () => {
    const results = await make().getDataForRetailers(THREE);
    const table = tabulateRetailers(results, results[0].query, EXCEL_DAY_CELLS);
    expect(table.retailers.map((r) => r.omittedMetrics)).toEqual([[], [], ["availability"]]);
    const col = table.headers.indexOf("availability");
    const filled = (retailer: string) => table.values.filter((r) => r[1] === retailer && r[col] !== null).length;
    expect(filled("pharmaplus")).toBe(0);
    expect(filled("northmart")).toBeGreaterThan(0);
    expect(filled("freshway")).toBeGreaterThan(0);
    expect(results[2].warnings.join(" ")).toMatch(/pharmaplus does not serve availability/);
  });

  test("in flight at once: never more than the client's concurrency, across retailers", async () => {
    // Answers that take a while, so requests would pile up at the simulator if the client let them.
    await sim.inject({ path: "/api/data", delayMs: 200, count: 100 });
    await make({ concurrency: 2 }).getDataForRetailers(THREE);
    expect(sim.count("/api/data")).toBe(RETAILERS.length * CHUNKS);
    expect(sim.simulator.maxInFlight("/api/data")).toBe(2);
  });

  test("one retailer's failing request fails the whole read, naming the retailer; the rest stop", async () => {
    await sim.inject({ path: "/api/data", retailer: "freshway", status: 400, detail: "no such range" });
    const e = await failure(make({ concurrency: 1 }).getDataForRetailers(THREE));
    expect(e.kind).toBe("request");
    expect(e.message).toMatch(/^freshway: /);
    expect(e.message).toContain("no such range");
    // northmart's two chunks, then freshway's first: pharmaplus is never asked.
    expect(sim.count("/api/data")).toBe(CHUNKS + 1);
  });

  test("cancel stops every retailer's requests", async () => {
    await sim.inject({ path: "/api/data", delayMs: 2000, count: 100 });
    const controller = new AbortController();
    const pending = make().getDataForRetailers(THREE, { signal: controller.signal });
    while (sim.count("/api/data") === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const e = await failure(pending);
    expect(e.kind).toBe("cancelled");
    expect(sim.count("/api/data")).toBeLessThan(RETAILERS.length * CHUNKS);
  });

  test("a cancel before the data requests start sends none of them", async () => {
    const before = sim.count("/api/data");
    const e = await failure(make().getDataForRetailers(THREE, { signal: AbortSignal.abort() }));
    expect(e.kind).toBe("cancelled");
    expect(sim.count("/api/data")).toBe(before);
  });
});

describe("validation before any data request", () => {
  test("a retailer without the timeframe is named, and nothing is sent", async () => {
    const e = await failure(
      make().getDataForRetailers({ ...THREE, timeframe: "daily", from: "2026-11-01", to: "2026-11-07" }),
    );
    expect(e.kind).toBe("validation");
    expect(e.message).toMatch(/freshway has no daily data at SKU level/);
    expect(e.message).not.toMatch(/northmart|pharmaplus/);
    expect(sim.count("/api/data")).toBe(0);
  });

  test("the store-level daily 14-day limit is checked for the retailers", async () => {
    const e = await failure(
      make().getDataForRetailers(
        asQuery({
          level: "store",
          timeframe: "daily",
          metrics: "revenue",
          from: "2026-10-01",
          to: "2026-11-07",
          retailers: ["northmart", "pharmaplus"],
        }),
      ),
    );
    expect(e.field).toBe("from");
    expect(e.message).toMatch(/14 days only/);
    expect(sim.count("/api/data")).toBe(0);
  });

  test('"all" with other retailers, duplicates and an empty list are refused where the query is parsed', () => {
    for (const list of [["all", "northmart"], ["northmart", "NorthMart"], []]) {
      const parsed = parseQuery({ ...WEEKLY, retailers: list });
      expect(parsed.ok ? [] : parsed.errors.map((e) => e.field)).toEqual(["retailer"]);
    }
  });

  test("an unknown retailer is named", async () => {
    const e = await failure(make().getDataForRetailers(asQuery({ ...WEEKLY, retailers: "northmart,nosuchshop" })));
    expect(e.message).toMatch(/^nosuchshop: /);
    expect(sim.count("/api/data")).toBe(0);
  });

  test("to the command, a retailer the key does not read is named by its field, with the one meant and those read", async () => {
    const command = make({ surface: "command" });
    const e = await failure(command.getDataForRetailers(asQuery({ ...WEEKLY, retailers: "northmart,pharmaplu" })));
    expect([e.kind, e.field, e.message]).toEqual([
      "validation",
      "retailer",
      '"pharmaplu" (in the query\'s "retailers") is not a retailer your key can read: did you mean "pharmaplus"? ' +
        "Your key can read northmart, freshway, budgetbox, cornershop and pharmaplus.",
    ]);
    // One retailer's read is refused at its data request; a refusal of a retailer the key reads is left as it was.
    const one = await failure(command.getData(request({ ...WEEKLY, retailer: "acme" })));
    expect(one.message).toBe(
      '"acme" (in the query\'s "retailers") is not a retailer your key can read. Your key can read northmart, ' +
        "freshway, budgetbox, cornershop and pharmaplus.",
    );
    await sim.inject({ path: "/api/data", status: 404 });
    const found = await failure(command.getData(request({ ...WEEKLY, retailer: "northmart" })));
    expect(found.message).toMatch(
      /^The service found nothing at this address \(http:\/\/127\.0\.0\.1:\d+\/api\/data\): /,
    );
  });
});
