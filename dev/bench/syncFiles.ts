// `npm run bench -- sync --scale`: a sync file of ten large tables against one of them. A large brand's store-level
// daily data (300 SKUs in 2,500 stores), the last two days, at the two retailers that serve it daily, each table its
// own metrics: northmart's tables about 1.15 million rows each. The file's tables take turns (src/sync/syncAll.ts), so
// its peak RSS should be one table's (sync.file_10_peak_vs_one), not ten's. The answers are recorded once (the file
// synced through the recorder) and replayed to both measured runs, each into a new DuckDB file.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays } from "../../src/core/dates";
import { startRecorder, startReplay } from "./replay";
import type { Report } from "./run";
import { commandSync } from "./syncCommand";
import { startSimulatorProcess } from "./support";

const TODAY = "2026-11-23";
const METRICS = [
  "revenue,units,stock",
  "revenue",
  "units",
  "stock",
  "revenue,units",
  "average_price",
  "lost_sales",
  "revenue,lost_sales",
];

/** Ten entries: northmart with eight sets of metrics, pharmaplus with two. */
const entries = () =>
  [
    ...METRICS.map((metrics, i) => ({ retailer: "northmart", metrics, table: `northmart_${i}` })),
    ...["revenue,units", "units"].map((metrics, i) => ({ retailer: "pharmaplus", metrics, table: `pharmaplus_${i}` })),
  ].map(({ retailer, metrics, table }) => ({
    table,
    rolling: true,
    query: { level: "store", retailers: retailer, timeframe: "daily", metrics, from: addDays(TODAY, -1), to: TODAY },
  }));

export async function files(report: Report, dir: string): Promise<void> {
  const all = join(dir, "ten.json");
  const one = join(dir, "one.json");
  writeFileSync(all, JSON.stringify({ tables: entries() }));
  writeFileSync(one, JSON.stringify({ tables: entries().slice(0, 1) }));
  const sim = await startSimulatorProcess({ today: TODAY, skus: 300, stores: 2500 });
  const recorder = await startRecorder(sim.url);
  const db = (name: string) => `duckdb:${join(dir, `${name}.duckdb`)}`;
  const sync = (file: string, url: string, name: string) =>
    commandSync({ file, address: db(name), url, apiKey: "bench", today: TODAY, peakFile: join(dir, "files-peak") });
  try {
    await sync(all, recorder.url, "files-record");
  } finally {
    await recorder.close();
    await sim.close();
  }
  const replay = await startReplay(recorder.recording);
  try {
    const single = await sync(one, replay.url, "files-one");
    const ten = await sync(all, replay.url, "files-ten");
    console.error(
      `# sync bench: files: one table ${single.inserted} rows ${single.seconds.toFixed(1)} s ` +
        `${Math.round(single.peakMb)} MB; ten tables ${ten.inserted} rows ${ten.seconds.toFixed(1)} s ` +
        `${Math.round(ten.peakMb)} MB`,
    );
    report("sync.file_10_rows", ten.inserted, { above: single.inserted });
    report("sync.file_one_peak_rss_mb", Math.round(single.peakMb));
    report("sync.file_10_peak_rss_mb", Math.round(ten.peakMb));
    report("sync.file_10_peak_vs_one", ten.peakMb / single.peakMb);
  } finally {
    await replay.close();
    for (const name of ["files-record", "files-one", "files-ten"]) rmSync(join(dir, `${name}.duckdb`), { force: true });
  }
}
