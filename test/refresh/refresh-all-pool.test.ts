// Refresh all of 20 tables, over real HTTP against the simulator with its latency and fault injection,
// and the in-memory workbook: the reads side by side with at most 6 requests in flight (counted at the
// simulator), each table's result equal to its refresh alone, the writes never interleaved (the host's record of
// the tables each sync wrote, and of the Excel.run each sync belongs to: the run's batches one at a time, so a
// table's write, several batches, is never split), a 429 storm, a cancel, a failing table and a table deleted
// during the run.
import { createWorkbookHost, interleavedRuns, interleavedWrites, type WorkbookHost } from "../../dev/workbook-host";
import { addDays } from "../../src/core/dates";
import type { Query } from "../../src/core/query/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshAllTables, refreshTable, type RefreshDeps, type RefreshOutcome } from "../../src/refresh";
import { CANCELLED_BEFORE_TABLE, TABLE_CANCELLED } from "../../src/refresh/outcomes";
import { asQuery } from "../support/query";
import { SIM_TODAY } from "../support/simulator";
import { NEW_SHEET, recordOf, refreshFixture } from "./support/fixture";

const f = refreshFixture({ skus: 4, stores: 2 });

const RETAILERS = ["northmart", "freshway", "budgetbox", "cornershop", "pharmaplus"];
/** 20 tables, each its own request (identical requests in flight would share one): 5 retailers x 4 metric sets. */
const QUERIES: Query[] = RETAILERS.flatMap((retailers) =>
  ["revenue", "units", "revenue,units", "revenue,average_price"].map((metrics) =>
    asQuery({ level: "sku", retailers, timeframe: "weekly", metrics, from: "2026-08-03", to: SIM_TODAY }),
  ),
);

/** The 20 tables pulled once (in order: the workbook's table order); each test refreshes a copy (host.copy()). */
let pulled: { host: WorkbookHost; names: string[] };
beforeAll(async () => {
  const host = createWorkbookHost();
  f.sim.simulator.setToday(SIM_TODAY);
  const deps: RefreshDeps = { run: host.run, client: f.client, today: () => f.sim.simulator.today() };
  const names: string[] = [];
  for (const q of QUERIES) names.push((await pullTable(deps, q, { ...NEW_SHEET, rolling: true })).write.tableName);
  pulled = { host, names };
});

/** A workbook holding the 20 tables, the deps that run on it, and the tables' names. */
function twentyTables(opts?: { syncLatencyMs?: number }): { host: WorkbookHost; deps: RefreshDeps; names: string[] } {
  const host = pulled.host.copy(opts);
  return { host, deps: { ...f.deps, run: host.run }, names: pulled.names };
}

/** Each table's rows, in the tables' order. */
const tablesOf = (host: WorkbookHost, names: readonly string[]) =>
  Promise.all(names.map((n) => readTable(host.run, n)));

/** What a refresh did to its table, without the time it was done. */
const what = (o: RefreshOutcome) => {
  const { refreshedAt: _at, ...rest } = o;
  return rest;
};

/** Resolves once `ready()` holds, looking every few milliseconds (an event the test waits for, not a timing). */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 5));
}

/** The service has moved on a week (a new week, revisions): each refresh changes rows. After sim.reset(). */
const serviceMovesOn = () => f.sim.simulator.setToday(addDays(SIM_TODAY, 7));

test("20 tables: at most 6 requests in flight at the simulator, each table as its refresh alone, writes one table at a time", async () => {
  // Syncs that take a round trip's time, as Excel's do: answers arrive while a table is being written.
  const { host, deps, names } = twentyTables({ syncLatencyMs: 1 });
  // The same workbook again, each table refreshed alone, one after the other.
  const { host: twin, deps: twinDeps } = twentyTables();
  serviceMovesOn();
  const alone: RefreshOutcome[] = [];
  for (const n of names) alone.push(await refreshTable(twinDeps, await recordOf(twin.run, n)));

  await f.sim.reset();
  serviceMovesOn();
  await f.sim.inject({ path: "/api/data", delayMs: 100, count: 1000 }); // a service that takes its time
  host.stats.reset();
  const summary = await refreshAllTables(deps);
  const syncs = [...host.stats.syncLog]; // the run's (the test's own reads below are not)
  expect(f.sim.count("/api/data")).toBe(20);
  expect(f.sim.simulator.maxInFlight("/api/data")).toBe(6);
  expect(summary.outcomes.map((o) => o.tableName)).toEqual(names);
  expect(summary.outcomes.map((o) => o.status)).toEqual(names.map(() => "refreshed"));
  expect(summary.outcomes.map(what)).toEqual(alone.map(what));
  expect(await tablesOf(host, names)).toEqual(await tablesOf(twin, names));
  expect(interleavedWrites(syncs, names)).toEqual([]);
  expect(interleavedRuns(syncs)).toEqual([]); // the workbook's batches one at a time
});

test("a 429 storm on a third of the requests: every table refreshed, as a fresh pull, never more than 6 in flight", async () => {
  const { host, deps, names } = twentyTables();
  await f.sim.reset(); // request counts from here; the clock back at SIM_TODAY
  serviceMovesOn();
  // The first 14 requests to arrive alternate a 429 (Retry-After: 1 s) and a slow answer: 7 of the 20 tables' worth.
  for (let i = 0; i < 7; i++) {
    await f.sim.inject({ path: "/api/data", retryAfter: 1 });
    await f.sim.inject({ path: "/api/data", delayMs: 100 });
  }
  host.stats.reset();
  const summary = await refreshAllTables(deps);
  const syncs = [...host.stats.syncLog];
  expect(summary.outcomes.map((o) => [o.tableName, o.status])).toEqual(names.map((n) => [n, "refreshed"]));
  expect(f.sim.count("/api/data")).toBe(20 + 7); // each 429 sent again once, by the pool
  expect(f.sim.simulator.maxInFlight("/api/data")).toBeLessThanOrEqual(6);
  for (const [i, n] of names.entries()) {
    const fresh = await f.freshPull({ ...QUERIES[i], to: deps.today() });
    expect((await readTable(host.run, n)).values).toEqual(fresh);
  }
  expect(interleavedWrites(syncs, names)).toEqual([]);
  expect(interleavedRuns(syncs)).toEqual([]);
});

test("cancel when the first table is written: it finishes, requests not started are never sent, the rest are left as they were", async () => {
  const { host, deps, names } = twentyTables();
  const before = await tablesOf(host, names);
  await f.sim.reset(); // request counts from here; the clock back at SIM_TODAY
  serviceMovesOn();
  await f.sim.inject({ path: "/api/data", delayMs: 200, count: 1000 });
  const cancel = new AbortController();
  const summary = await refreshAllTables(
    { ...deps, onTableDone: () => cancel.abort() }, // Cancel pressed while the first table was written
    { signal: cancel.signal },
  );
  expect(f.sim.count("/api/data")).toBeLessThan(20);
  expect(summary.outcomes.map((o) => o.tableName)).toEqual(names);
  const written = summary.outcomes.flatMap((o, i) => (o.status === "refreshed" ? [i] : []));
  expect(written).toHaveLength(1);
  const left = summary.outcomes.filter((o) => o.status !== "refreshed");
  expect(left.map((o) => o.status)).toEqual(left.map(() => "cancelled"));
  for (const o of left) expect([TABLE_CANCELLED, CANCELLED_BEFORE_TABLE]).toContain(o.error);
  expect(summary.message).toMatch(/^1 of 20 tables refreshed, 19 cancelled\./);
  const after = await tablesOf(host, names);
  expect(after[written[0]]).not.toEqual(before[written[0]]);
  expect(after.filter((_, i) => i !== written[0])).toEqual(before.filter((_, i) => i !== written[0]));
  await f.sim.settled(); // the cancelled requests reach the simulator before the next test's faults
});

test("a table whose answer is refused fails alone: the other 19 are refreshed, it is left as it was", async () => {
  const { host, deps, names } = twentyTables();
  const before = await tablesOf(host, names);
  await f.sim.reset(); // request counts from here; the clock back at SIM_TODAY
  serviceMovesOn();
  await f.sim.inject({ path: "/api/data", retailer: "budgetbox", body: "malformed" }); // one budgetbox table's answer
  host.stats.reset();
  const summary = await refreshAllTables(deps);
  const syncs = [...host.stats.syncLog];
  const failed = summary.outcomes.flatMap((o, i) => (o.status === "failed" ? [i] : []));
  expect(failed).toHaveLength(1);
  expect(QUERIES[failed[0]].retailers).toEqual(["budgetbox"]);
  expect(summary.outcomes[failed[0]].error).toMatch(/not valid JSON/);
  expect(summary.outcomes.filter((o) => o.status === "refreshed")).toHaveLength(19);
  expect(summary.message).toMatch(/^19 of 20 tables refreshed, 1 failed\./);
  expect(await readTable(host.run, names[failed[0]])).toEqual(before[failed[0]]);
  expect(interleavedWrites(syncs, names)).toEqual([]);
  expect(interleavedRuns(syncs)).toEqual([]);
});

test("a table deleted while the run reads it fails with its reason; the others are refreshed", async () => {
  const { host, deps, names } = twentyTables();
  await f.sim.reset(); // request counts from here; the clock back at SIM_TODAY
  serviceMovesOn();
  await f.sim.inject({ path: "/api/data", delayMs: 300, count: 1000 });
  const run = refreshAllTables(deps);
  await until(() => f.sim.count("/api/data") >= 6); // requests in flight: the tables' tails have been read
  await host.run(async (ctx) => {
    ctx.workbook.tables.getItem(names[0]).delete();
    await ctx.sync();
  });
  const summary = await run;
  expect(summary.outcomes.map((o) => o.tableName)).toEqual(names);
  expect(summary.outcomes[0]).toMatchObject({
    status: "failed",
    error: expect.stringMatching(/no longer in this workbook|deleted/),
  });
  expect(summary.outcomes.slice(1).map((o) => o.status)).toEqual(names.slice(1).map(() => "refreshed"));
});
