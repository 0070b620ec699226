// The sync's reads in process, against the simulator over HTTP and a real DuckDB file: a 429 is left to the run's
// request pool (which halves the run's requests and waits), never retried by the client inside one request's slot,
// for one retailer and for several; a range whose first weeks have no rows still gets every column the service
// sends (its table's shape comes from the first answer with rows, through a proxy that empties the first weeks); a
// read that fails ends the sync without another request.
import { createClient } from "../../src/api";
import { RequestPool } from "../../src/api/pool";
import { openDatabase, type SyncEngine } from "../../src/sync";
import type { SyncEntry } from "../../src/sync/syncFile";
import { syncTable } from "../../src/sync/syncTable";
import { dayOf, startAnswerProxy, type AnswerProxy } from "../refresh/support/answerProxy";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase } from "../../dev/sync-engines";

let sim: TestSimulator;
let proxy: AnswerProxy;
let engine: SyncEngine;
const db = duckDbCase();

beforeAll(async () => {
  sim = await startTestSimulator({ skus: 6, stores: 3 });
  proxy = await startAnswerProxy(sim.url);
  await db.start();
  engine = await openDatabase(db.address());
}, 60_000);
afterAll(async () => {
  await engine?.close();
  await db.stop();
  await proxy.close();
  await sim.close();
});
beforeEach(async () => {
  proxy.change = null;
  await sim.reset();
});

const client = (baseUrl = sim.url) => createClient({ baseUrl, apiKey: SIM_KEY, today: () => SIM_TODAY });

/** Ten weeks of store-level weekly data: the first week alone, then chunks of eight weeks (two more requests). */
const entry = (table: string, retailers: string, comparison?: string): SyncEntry => ({
  table,
  rolling: false,
  query: asQuery({
    level: "store",
    retailers,
    timeframe: "weekly",
    metrics: "revenue,units",
    from: "2026-09-14",
    to: "2026-11-22",
    ...(comparison ? { comparison } : {}),
  }),
});

const rowsOf = async (table: string, where = "") =>
  (await db.query(`SELECT * FROM "${table}" ${where} ORDER BY ALL`)).map((r) => JSON.stringify(r));

test.each([
  ["one retailer", "northmart", undefined],
  ["several retailers", "northmart,pharmaplus", "pharmaplus"],
])("%s: a 429 goes to the run's pool, which waits and sends it again", async (_, retailers, limited) => {
  const alone = await syncTable(entry(`alone ${retailers}`, retailers), {
    engine,
    reader: { client: client(), pool: new RequestPool() },
    today: SIM_TODAY,
  });
  expect(alone.outcome).toBe("synced");
  const sent = sim.count("/api/data");
  await sim.reset();

  await sim.inject({ path: "/api/data", retryAfter: 1, ...(limited ? { retailer: limited } : {}) });
  const pool = new RequestPool();
  const table = `limited ${retailers}`;
  const result = await syncTable(entry(table, retailers), {
    engine,
    reader: { client: client(), pool },
    today: SIM_TODAY,
  });
  expect(result.outcome).toBe("synced");
  // The pool heard the 429: it halved the run's limit, waited and sent the request again, once.
  expect(pool.stats()).toMatchObject({ rateLimited: 1, slowdowns: 1, requeued: 1, waits: 1, lowestLimit: 3 });
  expect(sim.count("/api/data")).toBe(sent + 1);
  expect(await rowsOf(table)).toEqual(await rowsOf(`alone ${retailers}`));
});

test("a range whose first weeks have no rows: the table still has every column, a comparison's included", async () => {
  const sync = (table: string, baseUrl?: string) =>
    syncTable(entry(table, "northmart", "year"), {
      engine,
      reader: { client: client(baseUrl), pool: new RequestPool() },
      today: SIM_TODAY,
    });
  expect((await sync("every week")).outcome).toBe("synced");
  // The first period read and the next two come back empty: the first answer with rows is the fourth week's.
  const empty = new Set(["2026-09-14", "2026-09-21", "2026-09-28"]);
  proxy.change = (rows) => rows.filter((r) => !empty.has(dayOf(r)!));
  const result = await sync("empty first weeks", proxy.url);
  expect(result.outcome).toBe("synced");
  const columns = async (table: string) =>
    (await db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = $1`, [table])).map(
      (c) => c.column_name,
    );
  const all = await columns("every week");
  expect(all.length).toBeGreaterThan(2 + 2 + 4); // period, two metrics, the keys and names, and comparisons
  expect(await columns("empty first weeks")).toEqual(all);
  const later = `WHERE week >= '2026-10-05'`;
  expect(await rowsOf("empty first weeks", later)).toEqual(await rowsOf("every week", later));
  expect(await rowsOf("empty first weeks", `WHERE week < '2026-10-05'`)).toEqual([]);
});

test("a read that fails ends the sync: no request after it is sent, and the new table is not made", async () => {
  const long: SyncEntry = {
    ...entry("failed read", "northmart"),
    query: { ...entry("", "northmart").query, from: "2026-01-05" },
  };
  // The first period and the first chunk answer; the next chunk's request is refused (not found, not retried).
  await sim.inject({ path: "/api/data", delayMs: 1, count: 2 });
  await sim.inject({ path: "/api/data", status: 404 });
  const result = await syncTable(long, {
    engine,
    reader: { client: client(), pool: new RequestPool() },
    today: SIM_TODAY,
  });
  expect(result.outcome).toBe("failed");
  expect(result.message).toMatch(/^Failed "failed read": The service found nothing at this address/);
  expect(sim.count("/api/data")).toBe(3);
  expect(await db.query(`SELECT * FROM information_schema.tables WHERE table_name = 'failed read'`)).toEqual([]);
});
