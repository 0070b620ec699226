// The client's reads under a run's request pool, over real HTTP against the simulator: a 429 is sent
// once and left to the pool (which waits and sends it again), while the client's other retries (a 503) stay its
// own inside the request's slot; without a pool the client waits out a 429 itself, as before. A read of several
// retailers in chunks shares the pool with the run's other reads, within its bound.
import { createClient, fetchTable } from "../../src/api";
import { RequestPool } from "../../src/api/pool";
import { asQuery, request } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 6 });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

// The client's own retries on (3, the default): under a pool only the 429s are left out of them.
const make = () => createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY });
const WEEKS = request({
  level: "sku",
  retailer: "northmart",
  timeframe: "weekly",
  metrics: "revenue,units",
  from: "2026-09-07",
  to: "2026-11-22",
});

test("under a pool a 429 is sent once by the client and waited for and sent again by the pool", async () => {
  const alone = (await make().getData(WEEKS)).rows;
  await sim.reset();
  await sim.inject({ path: "/api/data", retryAfter: 1 });
  const pool = new RequestPool();
  const result = await make().getData(WEEKS, { pool });
  expect(result.rows).toEqual(alone);
  expect(sim.count("/api/data")).toBe(2);
  // The pool heard the 429: it halved its limit and sent the request again after the wait.
  expect(pool.stats()).toMatchObject({ rateLimited: 1, slowdowns: 1, requeued: 1, waits: 1, started: 2 });
});

test("without a pool the client still waits out a 429 itself", async () => {
  await sim.inject({ path: "/api/data", retryAfter: 1 });
  const result = await make().getData(WEEKS);
  expect(result.rows.length).toBeGreaterThan(0);
  expect(sim.count("/api/data")).toBe(2);
});

test("under a pool a 503 is still the client's to retry, inside the request's one slot", async () => {
  await sim.inject({ path: "/api/data", status: 503 });
  const pool = new RequestPool();
  const result = await make().getData(WEEKS, { pool });
  expect(result.rows.length).toBeGreaterThan(0);
  expect(sim.count("/api/data")).toBe(2);
  expect(pool.stats()).toMatchObject({ rateLimited: 0, started: 1, finished: 1 });
});

test("a read of three retailers in chunks through a shared pool: every request in it, at most its limit in flight", async () => {
  // Three years of weekly SKU data: two chunks per retailer.
  const query = asQuery({
    level: "sku",
    retailers: "northmart,freshway,pharmaplus",
    timeframe: "weekly",
    metrics: "revenue,units",
    from: "2023-11-27",
    to: "2026-11-22",
  });
  const client = make();
  const alone = (await fetchTable(client, query, EXCEL_DAY_CELLS)).table;
  await sim.reset();
  await sim.inject({ path: "/api/data", delayMs: 100, count: 100 });
  const pool = new RequestPool({ limit: 4 });
  const [a, b] = await Promise.all([
    fetchTable(client, query, EXCEL_DAY_CELLS, { pool }),
    fetchTable(make(), query, EXCEL_DAY_CELLS, { pool }),
  ]);
  expect(a.table).toEqual(alone);
  expect(b.table).toEqual(alone);
  expect(pool.stats()).toMatchObject({ started: 12, maxInFlight: 4 });
  expect(sim.simulator.maxInFlight("/api/data")).toBe(4);
});
