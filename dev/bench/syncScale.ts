// `npm run bench -- sync --scale`: memory as a table grows. A store-level daily table of the bench's large retailer
// (about 92,000 rows a day) holds about 20 million rows after some 220 days of daily syncs, as much as a large
// retailer's year; the service keeps such data for 14 days only, so the table is built by daily syncs and the
// database is its only copy. The same daily sync (the real command: the window re-read and rewritten, about 740,000
// rows) runs into that table and into one of about 5 million rows, alternating, SYNC_BENCH_ROUNDS rounds each: its
// peak RSS should not grow with the rows the table holds (sync.rss_20m_vs_5m).
//
// How the tables are made: a first sync by the command of the 14 days the simulator serves (today the bench's
// Monday), then older days laid in by DuckDB itself, each a copy of the first synced day under an earlier date (the
// settled past, which no daily sync reads again). The daily sync, the next day, is recorded once from the simulator
// (it is also a check that it syncs) and replayed from memory to the measured runs, each on a fresh copy of its table.
import { copyFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { addDays } from "../../src/core/dates";
import { parseQuery } from "../../src/core/query/query";
import { startRecorder, startReplay, type Recording } from "./replay";
import type { Report } from "./run";
import { median, startSimulatorProcess } from "./support";
import { commandSync } from "./syncCommand";

const TODAY = "2026-11-23";
const ROUNDS = Number(process.env.SYNC_BENCH_ROUNDS ?? 3);
const TABLE = "daily";
/** The two tables' rows (SYNC_BENCH_SCALE_ROWS="small,large" for a quick look). */
const [SMALL, LARGE] = (process.env.SYNC_BENCH_SCALE_ROWS ?? "5000000,20000000").split(",").map(Number);
const ROWS = { "5m": SMALL, "20m": LARGE };

/** The daily store query, up to today (rolling), from the first day the service still serves. */
function dailyEntry() {
  const parsed = parseQuery({
    level: "store",
    retailers: "northmart",
    timeframe: "daily",
    metrics: "revenue,units",
    from: addDays(TODAY, -14),
    to: TODAY,
  });
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return { table: TABLE, query: parsed.query, rolling: true };
}

/** The command's sync of the entry on `today`, through the simulator's recorder or the replay at `url`. */
const daily = (dir: string, file: string, url: string, today: string) =>
  commandSync({
    entry: dailyEntry(),
    address: `duckdb:${file}`,
    url,
    apiKey: "bench",
    today,
    peakFile: join(dir, "peak-rss"),
  });

/** Older days laid in before the synced ones by DuckDB, copies of the first synced day, until the table holds `rows`. */
async function grown(file: string, rows: number): Promise<number> {
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const instance = await DuckDBInstance.create(file);
  const c = await instance.connect();
  try {
    const count = async () => Number((await c.runAndReadAll(`SELECT count(*) AS n FROM ${TABLE}`)).getRows()[0][0]);
    const first = addDays(TODAY, -14);
    const perDay = Number(
      (await c.runAndReadAll(`SELECT count(*) FROM ${TABLE} WHERE date = DATE '${first}'`)).getRows()[0][0],
    );
    const days = Math.ceil((rows - (await count())) / perDay);
    // Twenty days a statement, so DuckDB's memory for one is bounded (it is not what is measured).
    for (let from = 1; from <= days; from += 20)
      await c.run(
        `INSERT INTO ${TABLE} SELECT t.* REPLACE (t.date - r.k::INTEGER AS date) FROM ${TABLE} t, range(${from}, ${Math.min(days, from + 19) + 1}) r(k) WHERE t.date = DATE '${first}'`,
      );
    return await count();
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/** Rows a table holds. */
async function rowsIn(file: string): Promise<number> {
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const instance = await DuckDBInstance.create(file);
  const c = await instance.connect();
  const n = Number((await c.runAndReadAll(`SELECT count(*) FROM ${TABLE}`)).getRows()[0][0]);
  c.closeSync();
  instance.closeSync();
  return n;
}

/** The daily sync's answers, recorded as it runs once into a copy of `file`; the simulator's today is `today`. */
async function recordDaily(dir: string, file: string, today: string): Promise<Recording> {
  const sim = await startSimulatorProcess({ today, skus: 150, stores: 800 });
  const recorder = await startRecorder(sim.url);
  try {
    const copy = join(dir, "record.duckdb");
    copyFileSync(file, copy);
    await daily(dir, copy, recorder.url, today);
    rmSync(copy, { force: true });
    return recorder.recording;
  } finally {
    await recorder.close();
    await sim.close();
  }
}

/** The scale case (see the file comment); `firstSyncPeakMb`, the large part's 5M-row first sync, when it ran. */
export async function scale(report: Report, dir: string, firstSyncPeakMb?: number): Promise<void> {
  const base = join(dir, "daily-base.duckdb");
  const sim = await startSimulatorProcess({ today: TODAY, skus: 150, stores: 800 });
  try {
    await daily(dir, base, sim.url, TODAY); // the first sync: the 14 days the service keeps
  } finally {
    await sim.close();
  }
  const files: Record<string, string> = {};
  const held: Record<string, number> = {};
  for (const [size, rows] of Object.entries(ROWS)) {
    files[size] = join(dir, `daily-${size}.duckdb`);
    copyFileSync(base, files[size]);
    held[size] = await grown(files[size], rows);
  }
  const next = addDays(TODAY, 1);
  const recording = await recordDaily(dir, files["5m"], next);
  const replay = await startReplay(recording);
  const runs: Record<string, { seconds: number; peakMb: number; rows: number }[]> = { "5m": [], "20m": [] };
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const size of round % 2 === 0 ? ["5m", "20m"] : ["20m", "5m"]) {
        const copy = join(dir, "measured.duckdb");
        copyFileSync(files[size], copy);
        const { seconds, peakMb } = await daily(dir, copy, replay.url, next);
        runs[size].push({ seconds, peakMb, rows: await rowsIn(copy) });
        rmSync(copy, { force: true });
      }
  } finally {
    await replay.close();
  }
  const peak = (size: string) => Math.max(...runs[size].map((r) => r.peakMb));
  const time = (size: string) => median(runs[size].map((r) => r.seconds));
  const each = (size: string) =>
    runs[size].map((r) => `${r.seconds.toFixed(1)} s ${Math.round(r.peakMb)} MB`).join(", ");
  console.error(
    `# sync bench: scale: a daily sync into a table of ${held["20m"].toLocaleString("en-US")} rows: ${each("20m")}; ` +
      `into one of ${held["5m"].toLocaleString("en-US")} rows: ${each("5m")}` +
      (firstSyncPeakMb
        ? `; against the 5M-row first sync's peak (${Math.round(firstSyncPeakMb)} MB): ${(peak("20m") / firstSyncPeakMb).toFixed(2)}`
        : ""),
  );
  report("sync.rows_20m", runs["20m"][0].rows);
  report("sync.scale_20m_s", time("20m"));
  report("sync.scale_5m_s", time("5m"));
  report("sync.rss_20m_mb", Math.round(peak("20m")));
  report("sync.rss_5m_table_mb", Math.round(peak("5m")));
  report("sync.rss_20m_vs_5m", peak("20m") / peak("5m"));
}
