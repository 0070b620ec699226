// A later sync counts the window's unchanged rows in the engine and reads only the pairs that differ
// (src/sync/unchangedRows.ts). Where a key repeats among the unchanged rows (a copy of a synced row the analyst put
// in the table: DuckDB's tables declare no key), the two sides' counts disagree, the figures recorded so far are
// taken back and the pairs are read one by one: the sync decides, writes and records as a table without the copy
// does. Against the simulator over HTTP into a real DuckDB file.
import { createClient } from "../../src/api";
import { addDays, type IsoDate } from "../../src/core/dates";
import { syncAll, type SyncEngine } from "../../src/sync";
import type { SyncEntry } from "../../src/sync/syncFile";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase } from "../../dev/sync-engines";

let sim: TestSimulator;
const db = duckDbCase();
let engine: SyncEngine;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 6, stores: 2 });
  await db.start();
  engine = await db.open();
}, 120_000);
afterAll(async () => {
  await engine.close();
  await db.stop();
  await sim.close();
});

const QUERY = asQuery({
  level: "sku",
  retailers: "northmart",
  metrics: "revenue,units",
  timeframe: "daily",
  from: "2026-10-01",
  to: SIM_TODAY,
});

const sync = (entries: SyncEntry[], today: IsoDate) => {
  sim.simulator.setToday(today);
  const client = createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => today });
  return syncAll(entries, { engine, client, today });
};
const rowsOf = async (table: string) =>
  (await db.query(`SELECT * FROM "${table}"`)).map((r) => JSON.stringify(r)).sort();
const revisionsOf = async (run: number) =>
  (await engine.revisions(run)).map(({ period, key, metric, old, new: now }) => ({ period, key, metric, old, now }));

test("a copy of a synced row among the unchanged rows: read pair by pair, decided and recorded as without it", async () => {
  const [plain, copied]: SyncEntry[] = ["plain", "copied"].map((table) => ({ table, rolling: true, query: QUERY }));
  expect((await sync([plain, copied], SIM_TODAY)).map((r) => r.outcome)).toEqual(["synced", "synced"]);
  // Figures of one day the next read sends otherwise (revisions to record), in both tables.
  const revisedDay = addDays(SIM_TODAY, -3);
  for (const t of ["plain", "copied"])
    await db.query(`UPDATE ${t} SET revenue = revenue + 1 WHERE "date" = '${revisedDay}'`);
  // A row of another day, copied as it is: a key the table then holds twice, among the unchanged rows.
  const day = addDays(SIM_TODAY, -2);
  await db.query(`INSERT INTO copied SELECT * FROM copied WHERE "date" = '${day}' LIMIT 1`);
  const count = async (table: string) => Number((await db.query(`SELECT count(*) AS n FROM ${table}`))[0].n);
  expect(await count("copied")).toBe((await count("plain")) + 1);

  const dayTotals = async () =>
    (await db.query(`SELECT CAST("date" AS TEXT) AS date, sum(revenue) AS revenue FROM plain GROUP BY 1`)) as {
      date: string;
      revenue: number;
    }[];
  const daysBefore = await dayTotals();
  const [a, b] = await sync([plain, copied], addDays(SIM_TODAY, 1));
  expect([a.outcome, b.outcome]).toEqual(["synced", "synced"]);
  // The figures changed by hand were revised, each recorded once under its run, the same for both tables.
  const revised = await revisionsOf(a.run ?? NaN);
  expect(revised.length).toBeGreaterThan(0);
  expect(revised.every((r) => r.period === revisedDay && r.metric === "revenue")).toBe(true);
  expect(await revisionsOf(b.run ?? NaN)).toEqual(revised);
  expect(b.changed).toBe(a.changed);
  // The window's revenue as said from the counts: the table's own totals of the days compared (to the day before
  // the first read's today, whose figures were not yet complete then), before and after.
  const last = addDays(SIM_TODAY, -1);
  const from = a.window?.from ?? "";
  expect(from).not.toBe("");
  const revenue = (days: { date: string; revenue: number }[]) =>
    days.filter((d) => d.date >= from && d.date <= last).reduce((sum, d) => sum + d.revenue, 0);
  const said = `revenue, ${from.slice(8)}-${last.slice(8)} Nov: `;
  const [before, after] = [revenue(daysBefore), revenue(await dayTotals())].map((n) => n.toFixed(2));
  expect(a.message).toContain(`${said}${before} to ${after}`);
  // The copy gave way to the service's one row: both tables hold the same rows.
  expect(await rowsOf("copied")).toEqual(await rowsOf("plain"));
}, 120_000);
