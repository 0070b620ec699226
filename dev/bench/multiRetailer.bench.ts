// pull.multi_retailer_*: several retailers in one table, on a scaled simulator over HTTP.
// The simulator runs in a child process, so generating its answers does not block the client's thread
// and the client's concurrent requests can overlap with it.
// - pull.multi_retailer_requests_per_retailer_chunk: data requests the simulator received for one
//   three-retailer pull, divided by retailers x chunks (goal 1.0).
// - pull.multi_retailer_vs_single_ms: a three-retailer pull (fetchTable: fetch + merge into one table) divided by
//   the slowest single-retailer pull (fetchTable: fetch + tabulate) of the three, medians measured side by side
//   in the same run, against a service whose data answers take LATENCY_MS (a real service's do; with none, the
//   figure would only measure the client's own parsing, which no concurrency can overlap). Two chunks per
//   retailer and 3 requests in flight: a single pull is one round of requests, three retailers two rounds, so
//   the bound is about 2, well under 3.
// - pull.multi_retailer_vs_sum_of_singles: the same three-retailer median divided by the sum of the three
//   single-retailer medians (1.0 = no gain from sharing the pool; below 1 = the retailers overlap).
// Rounds alternate which comes first (the three-retailer pull or the single ones), so warm-up and garbage
// collection do not favour one side.
import { createClient, fetchTable } from "../../src/api";
import { planChunks } from "../../src/core/query/chunks";
import type { Report } from "./run";
import { asQuery, median, startSimulatorProcess } from "./support";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

/** Even, so each order (multi first, singles first) is measured equally often. */
const ROUNDS = 6;
/** How long each data answer takes at the bench's service. */
const LATENCY_MS = 400;
const TODAY = "2026-11-23";
const RETAILERS = ["northmart", "freshway", "pharmaplus"];
/** Three years of weekly SKU data: two chunks per retailer. */
const QUERY = asQuery({
  level: "sku",
  retailers: RETAILERS,
  timeframe: "weekly",
  metrics: "revenue,units,average_price,availability",
  from: "2023-11-27",
  to: "2026-11-22",
});

export async function run(report: Report): Promise<void> {
  const sim = await startSimulatorProcess({ today: TODAY, skus: 300 });
  try {
    const client = createClient({ baseUrl: sim.url, apiKey: sim.apiKey, today: () => TODAY, timeoutMs: 120_000 });
    const chunks = planChunks({ from: QUERY.from, to: QUERY.to, level: "sku", timeframe: "weekly" }).length;

    const multi = async () => (await fetchTable(client, QUERY, EXCEL_DAY_CELLS)).table.values.length;
    const single = async (retailer: string) =>
      (await fetchTable(client, { ...QUERY, retailers: [retailer] }, EXCEL_DAY_CELLS)).table.values.length;

    await multi(); // warm: the metrics lists are read once per client, and the JIT (here and in the simulator)
    await sim.resetCounts();
    const rows = await multi();
    report("pull.multi_retailer_rows", rows, { above: 0 });
    report(
      "pull.multi_retailer_requests_per_retailer_chunk",
      (await sim.requestCount("/api/data")) / (RETAILERS.length * chunks),
    );

    report("pull.multi_retailer_service_latency_ms", LATENCY_MS);
    await sim.latency("/api/data", LATENCY_MS);
    const multiTimes: number[] = [];
    const singleTimes = new Map(RETAILERS.map((r) => [r, [] as number[]]));
    const timeMulti = async () => {
      const t = performance.now();
      await multi();
      multiTimes.push(performance.now() - t);
    };
    const timeSingles = async () => {
      for (const retailer of RETAILERS) {
        const t = performance.now();
        await single(retailer);
        singleTimes.get(retailer)!.push(performance.now() - t);
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        await timeMulti();
        await timeSingles();
      } else {
        await timeSingles();
        await timeMulti();
      }
    }
    const singleMedians = [...singleTimes.values()].map(median);
    const slowest = Math.max(...singleMedians);
    const sum = singleMedians.reduce((a, b) => a + b, 0);
    report("pull.multi_retailer_ms", median(multiTimes));
    report("pull.multi_retailer_slowest_single_ms", slowest, { above: 0 });
    report("pull.multi_retailer_vs_single_ms", median(multiTimes) / slowest);
    report("pull.multi_retailer_vs_sum_of_singles", median(multiTimes) / sum);
  } finally {
    await sim.close();
  }
}
