// functions.*: 1,000 SALES.VALUE cells (10 SKUs x 100 weeks, the weeks split between 2 retailers, metrics
// alternating) calculated at once through the functions' engine, requests counted at an in-process simulator.
//   functions.requests_per_group       data requests / (retailer, timeframe) groups          goal 1.0
//   functions.recalc_requests_within_ttl  requests when the same 1,000 cells recalculate in the TTL  goal 0
import { createClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import { ConnectionStore } from "../../src/session";
import { FunctionsEngine } from "../../src/functions/functionEngine";
import { Session } from "../../src/session";
import { startSimulator } from "../simulator";
import type { Report } from "./run";

const TODAY = "2026-11-23";
const RETAILERS = ["northmart", "cornershop"];

export async function run(report: Report): Promise<void> {
  const sim = await startSimulator({ port: 0, today: TODAY });
  try {
    const store = new ConnectionStore();
    await store.save({ baseUrl: sim.url, apiKey: sim.apiKey });
    const session = new Session(store, { today: () => TODAY });
    await session.ready();
    const engine = new FunctionsEngine(() => session, { today: () => TODAY });

    // 10 SKUs that both retailers carry (read before counting starts).
    const lists = createClient({ baseUrl: sim.url, apiKey: sim.apiKey, today: () => TODAY });
    const [a, b] = await Promise.all(RETAILERS.map((r) => lists.listFilters(r)));
    const skus = a.sku.filter((s) => b.sku.includes(s)).slice(0, 10);
    if (skus.length < 10) throw new Error("the simulator's retailers share fewer than 10 SKUs");

    const firstMonday = "2024-12-23"; // 100 weeks ending with the week before today's
    const cells: { retailer: string; metric: string; sku: string | number; date: string | number }[] = [];
    for (let w = 0; w < 100; w++)
      for (let s = 0; s < skus.length; s++) {
        const date = addDays(firstMonday, 7 * w + ((w + s) % 7));
        cells.push({
          retailer: RETAILERS[w % 2],
          metric: s % 2 ? "revenue" : "units",
          sku: s % 3 ? Number(skus[s]) : skus[s],
          date: w % 3 ? excelSerial(date) : date,
        });
      }
    const groups = new Set(cells.map((c) => c.retailer)).size; // one timeframe (weekly)

    sim.simulator.resetCounts();
    let t = performance.now();
    const values = await Promise.all(cells.map((c) => engine.value(c)));
    const firstMs = performance.now() - t;
    const requests = sim.simulator.requestCount("/api/data");
    if (values.some((v) => typeof v !== "number")) throw new Error("a SALES.VALUE cell did not give a number");

    sim.simulator.resetCounts();
    t = performance.now();
    await Promise.all(cells.map((c) => engine.value(c)));
    const recalcMs = performance.now() - t;
    const recalcRequests = sim.simulator.requestCount("/api/data");

    report("functions.value_cells", cells.length);
    report("functions.groups", groups);
    // Also the contrast of the recalculation's 0: the first calculation asked the service.
    report("functions.requests_per_group", requests / groups, { above: 0 });
    report("functions.first_calc_ms", firstMs);
    report("functions.recalc_requests_within_ttl", recalcRequests);
    report("functions.recalc_ms", recalcMs);
  } finally {
    await sim.close();
  }
}
