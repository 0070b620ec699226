// Simulator throughput: about 100,000 weekly SKU rows (1,000 SKUs x 100 weeks at one
// retailer) over real HTTP, full response read and parsed as JSON. Median of several runs.
import { startSimulator } from "../simulator/index";
import type { Report } from "./run";

const SKUS = 1000;
const RUNS = 5;

export async function run(report: Report): Promise<void> {
  const sim = await startSimulator({ port: 0, today: "2026-11-23", skus: SKUS });
  try {
    // 100 whole weeks ending on the Sunday before today.
    const url =
      `${sim.url}/api/data?type=sku&retailer=northmart&timeframe=weekly&metric=revenue,units,average_price` +
      `&datefrom=2024-12-23&dateto=2026-11-22`;
    const headers = { Authorization: `Token ${sim.apiKey}` };
    const fetchRows = async (): Promise<number> => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`simulator bench: HTTP ${res.status}: ${await res.text()}`);
      return ((await res.json()) as unknown[]).length;
    };
    const rows = await fetchRows(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const n = await fetchRows();
      times.push(performance.now() - t0);
      if (n !== rows) throw new Error(`simulator bench: row count changed (${rows} then ${n})`);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    report("simulator.sku_rows", rows, { above: 0 });
    report("simulator.sku_rows_100k_ms", (median * 100_000) / rows);
    report("simulator.sku_rows_per_s", Math.round((rows / median) * 1000));
  } finally {
    await sim.close();
  }
}
