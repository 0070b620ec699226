// A unit change in a narrow synced table: one SKU (View by) or two, weekly or monthly, so one or two rows
// per metric in the re-read window. The sync, like the workbook's refresh (the same plan, src/core/refresh), judges
// them also against the level of the settled periods before the window: every figure x1000 is held (exit 2,
// nothing written) until --anyway; the service's own revisions are written. Against the simulator over HTTP through
// the corrupting proxy (`scale`), into a real DuckDB file and the harness's PostgreSQL server.
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
  sim = await startTestSimulator({ skus: 2, stores: 2 });
  proxy = await startCorruptingProxy(sim.url, { seed: 36 });
}, 60_000);
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
beforeEach(() => proxy.clear());

const BASE = { level: "sku", retailers: "northmart", metrics: "revenue,units", to: SIM_TODAY } as const;
const VIEW_BY = { filter: "sku", viewby: "100001" } as const;
/** Weekly: synced on Monday 23 Nov, again on the 24th; monthly: on 3 Dec, again on the 5th. */
const WEEK = { first: SIM_TODAY, next: addDays(SIM_TODAY, 1), settled: "2026-11-16" };
const MONTH = { first: "2026-12-03" as IsoDate, next: "2026-12-05" as IsoDate, settled: "2026-11-01" };
const CASES = [
  ["weekly, one SKU", { ...BASE, ...VIEW_BY, timeframe: "weekly", from: "2026-08-03" }, WEEK, "week", 1],
  ["weekly, two SKUs", { ...BASE, timeframe: "weekly", from: "2026-08-03" }, WEEK, "week", 2],
  ["monthly, one SKU", { ...BASE, ...VIEW_BY, timeframe: "monthly", from: "2026-01-01" }, MONTH, "month", 1],
  ["monthly, two SKUs", { ...BASE, timeframe: "monthly", from: "2026-01-01" }, MONTH, "month", 2],
] as const;

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

  let tables = 0;
  const sync = (entry: SyncEntry, today: IsoDate, anyway = false) => {
    sim.simulator.setToday(today);
    const client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => today });
    return syncAll([entry], { engine, client, today, anyway }).then(([r]) => r);
  };
  const rowsOf = async (table: string) =>
    (await db.query(`SELECT * FROM "${table}"`)).map((r) => JSON.stringify(r)).sort();

  test.each(CASES)(
    "%s: every figure x1000 is held until --anyway",
    async (_, query, days, period, keys) => {
      const entry: SyncEntry = { table: `narrow ${++tables}`, rolling: true, query: asQuery(query) };
      expect((await sync(entry, days.first)).outcome).toBe("synced");
      const before = await rowsOf(entry.table);
      proxy.corrupt({ corruptions: [{ kind: "scale", factor: 1000 }] });

      const held = await sync(entry, days.next);
      expect(proxy.corrupted()).toBeGreaterThan(0);
      expect(held.outcome).toBe("held");
      const rows = keys === 1 ? "1 of 1 row" : "2 of 2 rows";
      expect(held.message).toContain(
        `The service's revenue and units figures in the re-read days are 1,000 times what the table holds for the same rows (revenue ${rows}, units ${rows}, and their level in the periods before), as if the retailer had changed its unit.`,
      );
      expect(held.message).toContain("run the sync again with --anyway to accept it.");
      expect(await rowsOf(entry.table)).toEqual(before);

      const anyway = await sync(entry, days.next, true);
      expect(anyway.outcome).toBe("synced");
      const settled = await db.query(`SELECT revenue FROM "${entry.table}" WHERE "${period}" = '${days.settled}'`);
      expect(settled).toHaveLength(keys);
      expect(Math.min(...settled.map((r) => Number(r.revenue)))).toBeGreaterThan(1000);
    },
    60_000,
  );

  test.each(CASES)(
    "%s: the service's own revisions are written",
    async (_, query, days) => {
      const entry: SyncEntry = { table: `revised ${++tables}`, rolling: true, query: asQuery(query) };
      expect((await sync(entry, days.first)).outcome).toBe("synced");
      const later = await sync(entry, days.next);
      expect([later.outcome, later.message]).toEqual(["synced", expect.stringMatching(/rewritten/)]);
    },
    60_000,
  );
});
