// The sync bench's window part: a large brand's store-level daily data, every day. The simulator with 300 SKUs in
// 2,500 stores (northmart: about 575,000 rows a day; the service keeps such data 14 days, so the database is its only
// copy), store level, daily, revenue, units and stock, up to today. The first sync reads the 14 days (about 8
// million rows); the next day's re-reads its window (about 4.6 million rows) and rewrites it. Both are the real
// command in a process of its own, on both engines; each figure is a process's own peak RSS or seconds.
//
// The answers of each day are recorded once and replayed from memory (dev/bench/replay.ts), so the service is out of
// the figures. The next day's sync runs SYNC_BENCH_ROUNDS times per engine on a fresh copy of the first sync's table
// (a copied DuckDB file; a PostgreSQL database made from the first's as its template), alternating with the floor:
// JSON.parse of the window's answers and each engine's own bulk load of the window's rows into a new table
// (dev/bench/syncFloor.ts). With `--scale`, a window four times as large (1,200 SKUs) against this one.
import { copyFileSync, createWriteStream, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { to as copyTo } from "pg-copy-streams";
import { buildSync } from "esbuild";
import { addDays } from "../../src/core/dates";
import { parseQuery } from "../../src/core/query/query";
import { queryTableOf } from "../../src/sync/queryTable";
import { quoteName } from "../../src/sync/sqlNames";
import type { TestPostgres } from "../postgres";
import { startRecorder, startReplay, type Recording } from "./replay";
import type { Report } from "./run";
import { commandSync, finished } from "./syncCommand";
import { median, startSimulatorProcess } from "./support";

const TODAY = "2026-11-23";
const NEXT = addDays(TODAY, 1);
const ROUNDS = Number(process.env.SYNC_BENCH_ROUNDS ?? 3);
/** Rounds of the window four times as large: each takes about as long as the default bench's whole window part. */
const SCALE_ROUNDS = 1;
const REPO = join(__dirname, "..", "..");

/** The daily store query of the large brand, up to today (rolling), from the first day the service keeps. */
function entry() {
  const parsed = parseQuery({
    level: "store",
    retailers: "northmart",
    timeframe: "daily",
    metrics: "revenue,units,stock",
    from: addDays(TODAY, -14),
    to: TODAY,
  });
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return { table: "daily", query: parsed.query, rolling: true };
}

interface Run {
  seconds: number;
  peakMb: number;
  rows?: number;
}

/** A PostgreSQL database of the harness's server: made (from a template), its address, dropped. */
class Databases {
  constructor(private readonly server: TestPostgres) {}

  url(name: string): string {
    const u = new URL(this.server.url);
    u.pathname = `/${name}`;
    return u.toString();
  }

  async sql(statement: string, db = "sales"): Promise<void> {
    const { Client } = await import("pg");
    const c = new Client({ connectionString: this.url(db) });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  }

  /** The window's rows of a database's table in COPY's binary format, for the floor (not timed). */
  async copyRows(db: string, columns: string, from: string, file: string): Promise<void> {
    const { Client } = await import("pg");
    const c = new Client({ connectionString: this.url(db) });
    await c.connect();
    try {
      const sql = `COPY (SELECT ${columns} FROM daily WHERE date >= DATE '${from}') TO STDOUT WITH (FORMAT binary)`;
      await pipeline(c.query(copyTo(sql)), createWriteStream(file));
    } finally {
      await c.end();
    }
  }
}

export class WindowBench {
  readonly runs = new Map<string, Run[]>();
  private readonly floorBundle = join(REPO, "node_modules", ".cache", "sales-data-bench", "syncFloor.cjs");
  private readonly pg: Databases;
  private readonly spec = queryTableOf(
    "floor",
    entry().query,
    {
      periodField: "date",
      metrics: entry().query.metrics,
      fields: [],
    },
    63,
  ).spec;
  private readonly columns = this.spec.columns.map((c) => quoteName(c.name)).join(", ");

  constructor(
    private readonly dir: string,
    server: TestPostgres,
    private readonly skus = 300,
    private readonly tag = "",
    private readonly rounds = ROUNDS,
  ) {
    this.pg = new Databases(server);
    buildSync({
      entryPoints: [join(__dirname, "syncFloor.ts")],
      outfile: this.floorBundle,
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      packages: "external",
      logLevel: "silent",
    });
    writeFileSync(join(dir, "window-spec.json"), JSON.stringify(this.spec));
  }

  private add(part: string, run: Run): void {
    this.runs.set(part, [...(this.runs.get(part) ?? []), run]);
    console.error(
      `# sync bench: window${this.tag ? ` ${this.tag}` : ""} ${part}: ${run.seconds.toFixed(1)} s, ` +
        `${Math.round(run.peakMb)} MB${run.rows === undefined ? "" : `, ${run.rows} rows`}`,
    );
  }

  private file(name: string): string {
    return join(this.dir, `${this.tag}${name}`);
  }

  /** The command's sync of the entry on `today` at `url`, into `address`. */
  private async sync(part: string, address: string, url: string, today: string): Promise<void> {
    const done = await commandSync({
      entry: entry(),
      address,
      url,
      apiKey: "bench",
      today,
      peakFile: this.file("peak"),
    });
    this.add(part, { seconds: done.seconds, peakMb: done.peakMb, rows: done.inserted });
  }

  private async floor(part: string, args: string[]): Promise<void> {
    const { stdout } = await finished([this.floorBundle, ...args], process.env);
    const said = JSON.parse(stdout) as Record<string, number>;
    this.add(part, { seconds: said.seconds, peakMb: said.peak_rss_mb });
  }

  /** A day's answers, recorded while the command syncs into `address` through the recorder. */
  private async recorded(part: string, address: string, today: string): Promise<Recording> {
    // No row limit: a day of the 4x brand's store data (2.3 million rows) is more than the simulator's own.
    const sim = await startSimulatorProcess({ today, skus: this.skus, stores: 2500, maxRows: 0 });
    const recorder = await startRecorder(sim.url);
    try {
      await this.sync(part, address, recorder.url, today);
      return recorder.recording;
    } finally {
      await recorder.close();
      await sim.close();
    }
  }

  /** The first syncs (DuckDB while recording, then PostgreSQL from the replay), then the next day's, measured. */
  async measure(): Promise<void> {
    const base = this.file("window-base.duckdb");
    const first = await this.recorded("first_duckdb", `duckdb:${base}`, TODAY);
    const pgBase = `${this.tag}window_base`;
    await this.pg.sql(`CREATE DATABASE ${pgBase}`);
    const replayFirst = await startReplay(first);
    try {
      await this.sync("first_postgres", this.pg.url(pgBase), replayFirst.url, TODAY);
    } finally {
      await replayFirst.close();
    }
    first.answers.clear();
    const copy = this.file("window-run.duckdb");
    copyFileSync(base, copy);
    const next = await this.recorded("record_next", `duckdb:${copy}`, NEXT);
    const windowFrom = this.windowFrom(next);
    const paths = this.file("window-paths.json");
    writeFileSync(paths, JSON.stringify([...next.answers.keys()].filter((p) => p.includes("/data?"))));
    const parquet = this.file("window.parquet");
    await this.parquetOf(copy, windowFrom, parquet);
    const pgRows = this.file("window.pgcopy");
    const replay = await startReplay(next);
    const run = `${this.tag}window_run`;
    const parts: (() => Promise<void>)[] = [
      async () => {
        copyFileSync(base, copy);
        await this.sync("duckdb", `duckdb:${copy}`, replay.url, NEXT);
      },
      async () => {
        await this.pg.sql(`CREATE DATABASE ${run} TEMPLATE ${pgBase}`);
        await this.sync("postgres", this.pg.url(run), replay.url, NEXT);
        if (!this.runs.has("floor_postgres_copy")) await this.pg.copyRows(run, this.columns, windowFrom, pgRows);
        await this.pg.sql(`DROP DATABASE ${run}`);
      },
      () => this.floor("floor_parse", ["parse", replay.url, "Token bench", paths]),
      async () => {
        const file = this.file("window-floor.duckdb");
        rmSync(file, { force: true });
        await this.floor("floor_duckdb_copy", ["duckdb", file, parquet, join(this.dir, "window-spec.json")]);
        rmSync(file, { force: true });
      },
      async () => {
        await this.floor("floor_postgres_copy", [
          "postgres",
          this.pg.url(pgBase),
          pgRows,
          join(this.dir, "window-spec.json"),
        ]);
        await this.pg.sql("DROP TABLE floor", pgBase);
      },
    ];
    try {
      for (let round = 0; round < this.rounds; round++)
        for (const part of round % 2 === 0 ? parts : [...parts].reverse()) await part();
    } finally {
      await replay.close();
      await this.pg.sql(`DROP DATABASE IF EXISTS ${pgBase}`);
      for (const f of [base, copy, parquet, pgRows]) rmSync(f, { force: true });
    }
  }

  /** The window's first day: the earliest day the next day's sync asked for. */
  private windowFrom(next: Recording): string {
    const days = [...next.answers.keys()].flatMap((p) => /datefrom=(\d{4}-\d{2}-\d{2})/.exec(p)?.[1] ?? []);
    return days.sort()[0];
  }

  private async parquetOf(file: string, from: string, parquet: string): Promise<void> {
    const { DuckDBInstance } = await import("@duckdb/node-api");
    const instance = await DuckDBInstance.create(file);
    const c = await instance.connect();
    await c.run(
      `COPY (SELECT ${this.columns} FROM daily WHERE date >= DATE '${from}') TO '${parquet}' (FORMAT parquet)`,
    );
    c.closeSync();
    instance.closeSync();
  }

  med(part: string): number {
    return median(this.runs.get(part)!.map((r) => r.seconds));
  }

  peak(part: string): number {
    return Math.round(Math.max(...this.runs.get(part)!.map((r) => r.peakMb)));
  }

  /** The window's rows: the same in every run, or the bench fails. */
  windowRows(): number {
    const rows = new Set([...this.runs.get("duckdb")!, ...this.runs.get("postgres")!].map((r) => r.rows));
    if (rows.size !== 1) throw new Error(`the next day's syncs inserted different rows: ${[...rows].join(", ")}`);
    return [...rows][0]!;
  }

  say(): void {
    const s = (part: string) =>
      `${this.med(part).toFixed(1)} s (${this.runs
        .get(part)!
        .map((r) => r.seconds.toFixed(1))
        .join(", ")})`;
    console.error(
      `# sync bench: window (${this.skus} SKUs): first sync ${this.runs.get("first_duckdb")![0].rows} rows; next day ` +
        `${this.windowRows()} rows: DuckDB ${s("duckdb")} ${this.peak("duckdb")} MB, PostgreSQL ${s("postgres")} ` +
        `${this.peak("postgres")} MB; floor parse ${s("floor_parse")}, DuckDB COPY ${s("floor_duckdb_copy")}, ` +
        `PostgreSQL COPY ${s("floor_postgres_copy")}`,
    );
  }
}

/** The window part (see the file's head): its figures. */
export async function window(report: Report, dir: string, server: TestPostgres): Promise<WindowBench> {
  const w = new WindowBench(dir, server);
  await w.measure();
  w.say();
  const rows = w.windowRows();
  const parse = w.med("floor_parse");
  const duck = w.med("duckdb") / (parse + w.med("floor_duckdb_copy"));
  const pg = w.med("postgres") / (parse + w.med("floor_postgres_copy"));
  report("sync.first_rows", w.runs.get("first_duckdb")![0].rows!, { above: 0 });
  report("sync.first_duckdb_peak_rss_mb", w.peak("first_duckdb"));
  report("sync.first_postgres_peak_rss_mb", w.peak("first_postgres"));
  report("sync.window_rows", rows, { above: 0 });
  report("sync.window_floor_parse_s", parse, { above: 0 });
  report("sync.window_floor_duckdb_copy_s", w.med("floor_duckdb_copy"), { above: 0 });
  report("sync.window_floor_postgres_copy_s", w.med("floor_postgres_copy"), { above: 0 });
  report("sync.window_duckdb_s", w.med("duckdb"));
  report("sync.window_postgres_s", w.med("postgres"));
  report("sync.window_duckdb_peak_rss_mb", w.peak("duckdb"));
  report("sync.window_postgres_peak_rss_mb", w.peak("postgres"));
  report("sync.window_duckdb_vs_floor", duck);
  report("sync.window_postgres_vs_floor", pg);
  report("sync.window_vs_floor", Math.max(duck, pg));
  return w;
}

/** `--scale`: the same window four times as large (1,200 SKUs), its peaks against the one's. */
export async function windowScale(report: Report, dir: string, server: TestPostgres, one: WindowBench): Promise<void> {
  const w = new WindowBench(dir, server, 1200, "x4_", SCALE_ROUNDS);
  await w.measure();
  w.say();
  report("sync.window_4x_rows", w.windowRows(), { above: 0 });
  report("sync.window_4x_duckdb_peak_rss_mb", w.peak("duckdb"));
  report("sync.window_4x_postgres_peak_rss_mb", w.peak("postgres"));
  report(
    "sync.window_rss_4x_vs_1x",
    Math.max(w.peak("duckdb") / one.peak("duckdb"), w.peak("postgres") / one.peak("postgres")),
  );
}
