// The sync's reads in process, against the simulator over HTTP and a real DuckDB file: a 429 is left to the run's
// request pool (which halves the run's requests and waits), never retried by the client inside one request's slot,
// for one retailer and for several.
import { createClient } from "../../src/api";
import { RequestPool } from "../../src/api/pool";
import { openDatabase, type SyncEngine } from "../../src/sync";
import type { SyncEntry } from "../../src/sync/syncFile";
import { syncTable } from "../../src/sync/syncTable";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase } from "./support/engines";

let sim: TestSimulator;
let engine: SyncEngine;
const db = duckDbCase();

beforeAll(async () => {
  sim = await startTestSimulator({ skus: 6, stores: 3 });
  await db.start();
  engine = await openDatabase(db.address());
}, 60_000);
afterAll(async () => {
  await engine?.close();
  await db.stop();
  await sim.close();
});
beforeEach(() => sim.reset());

const client = () => createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY });

/** Ten weeks of store-level weekly data: the first week alone, then chunks of eight weeks (two more requests). */
const entry = (table: string, retailers: string): SyncEntry => ({
  table,
  rolling: false,
  query: asQuery({
    level: "store",
    retailers,
    timeframe: "weekly",
    metrics: "revenue,units",
    from: "2026-09-14",
    to: "2026-11-22",
  }),
});

const rowsOf = async (table: string) =>
  (await db.query(`SELECT * FROM "${table}" ORDER BY ALL`)).map((r) => JSON.stringify(r));

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
