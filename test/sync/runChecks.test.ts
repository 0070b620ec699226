// What every sync run checks, whatever is due: the key, with the service's connection test (a revoked key fails
// every table, recorded, even one with nothing to refresh), and a query's dates past the service's today (read up
// to today, and said, on a first sync and a later one alike).
import { createClient } from "../../src/api";
import { syncAll, type SyncEngine } from "../../src/sync";
import type { SyncEntry } from "../../src/sync/syncFile";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase } from "../../dev/sync-engines";

const db = duckDbCase();
let sim: TestSimulator;
let engine: SyncEngine;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 6, stores: 3 });
  await db.start();
  engine = await db.open();
}, 60_000);
afterAll(async () => {
  await engine?.close();
  await db.stop();
  await sim.close();
});

const client = (apiKey: string) =>
  createClient({ baseUrl: sim.url, apiKey, today: () => SIM_TODAY, surface: "command", retries: 0 });
const entry = (table: string, to: string): SyncEntry => ({
  table,
  rolling: false,
  query: asQuery({
    level: "sku",
    retailers: "northmart",
    timeframe: "weekly",
    metrics: "revenue",
    from: "2026-10-05",
    to,
  }),
});

test("a rejected key fails every table, each run recorded, though nothing was due", async () => {
  // Its dates settled long before today's window: a later sync has nothing to re-read.
  const done = entry("up to date", "2026-10-18");
  const [first] = await syncAll([done], { engine, client: client(SIM_KEY), today: SIM_TODAY });
  expect(first.outcome).toBe("synced");
  // Synced today already: nothing is due, and the key is checked all the same.
  const [again] = await syncAll([done], { engine, client: client(SIM_KEY), today: SIM_TODAY });
  expect(again).toMatchObject({ outcome: "synced", window: null, inserted: 0 });
  const results = await syncAll([done, entry("never synced", "2026-11-22")], {
    engine,
    client: client("revoked"),
    today: SIM_TODAY,
  });
  expect(results.map((r) => r.outcome)).toEqual(["failed", "failed"]);
  for (const r of results) {
    expect(r.message).toContain("The service rejected the API key. Check the key in SALES_DATA_API_KEY");
    expect(r.message).not.toContain("revoked");
  }
  const [run] = await engine.runs({ table: "up to date", limit: 1 });
  expect(run).toMatchObject({ outcome: "failed", reason: expect.stringContaining("rejected the API key") });
});

test("dates past the service's today are read up to today and said, on a first sync and a later one", async () => {
  const later = entry("past today", "2027-01-31");
  const said = `The service's data runs to its today, ${SIM_TODAY}: the dates after it (to 2027-01-31) were not asked.`;
  const [first] = await syncAll([later], { engine, client: client(SIM_KEY), today: SIM_TODAY });
  expect(first).toMatchObject({ outcome: "synced", first: true, window: { to: SIM_TODAY } });
  expect(first.warnings).toContain(said);
  const [next] = await syncAll([later], { engine, client: client(SIM_KEY), today: SIM_TODAY });
  expect(next.first).toBe(false);
  expect(next.warnings).toContain(said);
});
