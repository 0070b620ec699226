// refresh_all.*: Refresh all of 20 weekly SKU tables, read side by side through one request pool and
// written one at a time, against the simulator in a child process (so its answers are generated off the measured
// thread, as multiRetailer.bench.ts does) whose data answers take LATENCY_MS, and the in-memory workbook host.
// - refresh_all.tables: the tables of the workbook (20: 5 retailers x 4 metric sets, each its own request).
// - refresh_all.vs_single_ms: the median Refresh all of the 20 tables divided by the median refresh of one of
//   them alone, measured side by side in the same run (rounds alternate which comes first). With 6 requests in
//   flight, 20 one-request tables are 4 rounds of answers: about 4, against 20 one after the other (goal <= 4).
// - refresh_all.max_in_flight: the most data requests open at once at the simulator during those runs (goal <= 6).
// - refresh_all.refreshed_under_429: tables refreshed by a Refresh all whose first 14 requests alternate a 429
//   (Retry-After: 1 s) and a slow answer: a third of its requests throttled (goal: refresh_all.tables).
import { createClient } from "../../src/api";
import { readManagedTables } from "../../src/excel";
import { pullTable, refreshAllTables, refreshTable, type RefreshDeps } from "../../src/refresh";
import { createWorkbookHost } from "../workbook-host";
import type { Report } from "./run";
import { asQuery, median, startSimulatorProcess } from "./support";

/** Even, so each order (all first, single first) is measured equally often. */
const ROUNDS = 6;
/** How long each data answer takes at the bench's service. */
const LATENCY_MS = 400;
const TODAY = "2026-11-23";
const RETAILERS = ["northmart", "freshway", "budgetbox", "cornershop", "pharmaplus"];
const METRICS = ["revenue", "units", "revenue,units", "revenue,average_price"];
const QUERIES = RETAILERS.flatMap((retailers) =>
  METRICS.map((metrics) =>
    asQuery({ level: "sku", retailers, timeframe: "weekly", metrics, from: "2026-03-02", to: TODAY }),
  ),
);

export async function run(report: Report): Promise<void> {
  const sim = await startSimulatorProcess({ today: TODAY, skus: 20 });
  try {
    const client = createClient({ baseUrl: sim.url, apiKey: sim.apiKey, today: () => TODAY, timeoutMs: 120_000 });
    const host = createWorkbookHost();
    const deps: RefreshDeps = { run: host.run, client, today: () => TODAY };
    for (const q of QUERIES)
      await pullTable(deps, q, { destination: { kind: "new-sheet" }, rolling: true, select: false });
    const [first] = (await readManagedTables(host.run)).tables;
    report("refresh_all.tables", QUERIES.length);

    await refreshAllTables(deps); // warm: the JIT, here and in the simulator
    await sim.resetCounts(); // (and the faults): the counts of the measured runs from here
    await sim.latency("/api/data", LATENCY_MS);
    const allTimes: number[] = [];
    const singleTimes: number[] = [];
    const timeAll = async () => {
      const t = performance.now();
      await refreshAllTables(deps);
      allTimes.push(performance.now() - t);
    };
    const timeSingle = async () => {
      const t = performance.now();
      await refreshTable(deps, first);
      singleTimes.push(performance.now() - t);
    };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [timeAll, timeSingle] : [timeSingle, timeAll];
      for (const time of order) await time();
    }
    report("refresh_all.service_latency_ms", LATENCY_MS);
    report("refresh_all.ms", median(allTimes));
    report("refresh_all.single_ms", median(singleTimes), { above: 0 });
    report("refresh_all.vs_single_ms", median(allTimes) / median(singleTimes));
    report("refresh_all.max_in_flight", await sim.maxInFlight("/api/data"));

    await sim.resetCounts();
    for (let i = 0; i < 7; i++) {
      await sim.fault({ path: "/api/data", retryAfter: 1 });
      await sim.fault({ path: "/api/data", delayMs: LATENCY_MS });
    }
    await sim.latency("/api/data", LATENCY_MS);
    const throttled = await refreshAllTables(deps);
    report("refresh_all.refreshed_under_429", throttled.refreshed);
    // Above one request a table: the 429s were sent and sent again, so all refreshed under them means something.
    report("refresh_all.requests_under_429", await sim.requestCount("/api/data"), { above: QUERIES.length });
  } finally {
    await sim.close();
  }
}
