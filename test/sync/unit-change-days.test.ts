// A day of a daily synced table sent in another unit (every SKU's revenue and units x1000 on one day, the other
// days as they were): not a revision a retailer makes, nor a change of unit from a day on. The sync, like the
// workbook's refresh (the same plan, src/core/refresh/unitTally.ts), holds it (exit 2, nothing written), naming the
// day, until --anyway. Against the simulator over HTTP through the corrupting proxy (`scale` with `day`), into a
// real DuckDB file and the harness's PostgreSQL server.
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { createClient } from "../../src/api";
import { addDays, type IsoDate } from "../../src/core/dates";
import { syncAll, type SyncEngine } from "../../src/sync";
import type { SyncEntry } from "../../src/sync/syncFile";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase, postgresCase, type EngineCase } from "../../dev/sync-engines";

let sim: TestSimulator;
let proxy: CorruptingProxy;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 6, stores: 2 });
  proxy = await startCorruptingProxy(sim.url, { seed: 49 });
}, 60_000);
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
beforeEach(() => proxy.clear());

const QUERY = asQuery({
  level: "sku",
  retailers: "northmart",
  metrics: "revenue,units",
  timeframe: "daily",
  from: "2026-10-01",
  to: SIM_TODAY,
});
const DAY = "2026-11-18";

describe.each([duckDbCase(), postgresCase()])("$name", (db: EngineCase) => {
  let engine: SyncEngine;
  beforeAll(async () => {
    await db.start();
    engine = await db.open();
  }, 120_000);
  afterAll(async () => {
    await engine.close();
    await db.stop();
  }, 60_000);

  const sync = (entry: SyncEntry, today: IsoDate, anyway = false) => {
    sim.simulator.setToday(today);
    const client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => today });
    return syncAll([entry], { engine, client, today, anyway }).then(([r]) => r);
  };
  const rowsOf = async (table: string) =>
    (await db.query(`SELECT * FROM "${table}"`)).map((r) => JSON.stringify(r)).sort();
  const revenueOn = async (table: string, day: string) =>
    (await db.query(`SELECT revenue FROM "${table}" WHERE "date" = '${day}'`)).map((r) => Number(r.revenue));

  test("one day of every SKU x1000: held naming the day, nothing written; --anyway writes it", async () => {
    const entry: SyncEntry = { table: "daily", rolling: true, query: QUERY };
    expect((await sync(entry, SIM_TODAY)).outcome).toBe("synced");
    const before = await rowsOf(entry.table);
    const stored = await revenueOn(entry.table, DAY);
    expect(stored.filter((v) => v > 0).length).toBeGreaterThanOrEqual(3);
    proxy.corrupt({ corruptions: [{ kind: "scale", factor: 1000, day: DAY }] });

    const held = await sync(entry, addDays(SIM_TODAY, 1));
    expect(proxy.corrupted()).toBeGreaterThan(0);
    expect(held.outcome).toBe("held");
    expect(held.message).toMatch(
      /The service's revenue and units figures for 18 Nov are 1,000 times what the table holds for the same rows \(revenue \d+ of \d+ rows, units \d+ of \d+ rows\), while the other re-read days kept their unit: neither a revision nor a change of unit\./,
    );
    expect(held.message).toContain("run the sync again with --anyway to accept it.");
    expect(await rowsOf(entry.table)).toEqual(before);

    const anyway = await sync(entry, addDays(SIM_TODAY, 1), true);
    expect(anyway.outcome).toBe("synced");
    const written = await revenueOn(entry.table, DAY);
    expect(Math.max(...written)).toBeGreaterThan(Math.max(...stored) * 500);
  }, 120_000);
});
