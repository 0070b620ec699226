// pull.multi_retailer_*: several retailers in one table (issue 14), on a scaled simulator over HTTP.
// - pull.multi_retailer_requests_per_retailer_chunk: data requests the simulator received for one
//   three-retailer pull, divided by retailers x chunks (goal 1.0).
// - pull.multi_retailer_vs_single_ms: a three-retailer pull (fetch + merge into one table) divided by the
//   slowest single-retailer pull (fetch + tabulate) of the three, medians measured side by side in the same
//   run; one bounded pool for every retailer's chunks should keep it well under 3.
import { createClient } from "../../src/api";
import { planChunks } from "../../src/core/chunks";
import { tabulateRetailers } from "../../src/core/multiRetailer";
import { tabulate } from "../../src/core/tabulate";
import { startSimulator } from "../simulator";
import type { Report } from "./run";
import { median } from "./support";

const ROUNDS = 5;
const TODAY = "2026-11-23";
const RETAILERS = ["northmart", "freshway", "pharmaplus"];
/** Three years of weekly SKU data: two chunks per retailer. */
const QUERY = {
  level: "sku",
  timeframe: "weekly",
  metrics: "revenue,units,average_price,availability",
  from: "2023-11-27",
  to: "2026-11-22",
};

export async function run(report: Report): Promise<void> {
  const sim = await startSimulator({ port: 0, today: TODAY, skus: 300 });
  try {
    const client = createClient({ baseUrl: sim.url, apiKey: sim.apiKey, today: () => TODAY, timeoutMs: 120_000 });
    const chunks = planChunks({ from: QUERY.from, to: QUERY.to, level: "sku", timeframe: "weekly" }).length;

    const multi = async () => {
      const results = await client.getDataForRetailers(QUERY, RETAILERS);
      return tabulateRetailers(results, results[0].query).values.length;
    };
    const single = async (retailer: string) => {
      const result = await client.getData({ ...QUERY, retailer });
      return tabulate(result, result.query).values.length;
    };

    await multi(); // warm: the metrics lists are read once per client, and the JIT
    sim.simulator.resetCounts();
    const rows = await multi();
    report("pull.multi_retailer_rows", rows);
    report(
      "pull.multi_retailer_requests_per_retailer_chunk",
      sim.simulator.requestCount("/api/data") / (RETAILERS.length * chunks),
    );

    const multiTimes: number[] = [];
    const singleTimes = new Map(RETAILERS.map((r) => [r, [] as number[]]));
    for (let round = 0; round < ROUNDS; round++) {
      let t = performance.now();
      await multi();
      multiTimes.push(performance.now() - t);
      for (const retailer of RETAILERS) {
        t = performance.now();
        await single(retailer);
        singleTimes.get(retailer)!.push(performance.now() - t);
      }
    }
    const slowest = Math.max(...[...singleTimes.values()].map(median));
    report("pull.multi_retailer_ms", median(multiTimes));
    report("pull.multi_retailer_slowest_single_ms", slowest);
    report("pull.multi_retailer_vs_single_ms", median(multiTimes) / slowest);
  } finally {
    await sim.close();
  }
}
