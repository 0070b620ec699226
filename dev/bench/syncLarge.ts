// The sync bench's large part: `sales-data sync` of a large retailer (northmart with 800 stores x 150 SKUs,
// store-level weekly, about 92,000 rows a week; SYNC_BENCH_WEEKS weeks, default 55: about 5 million rows) into
// DuckDB and into PostgreSQL, against the floor: what a sync of the same rows cannot avoid on this machine.
//
// The service is out of the figures. The sync's answers are recorded once from two simulator processes side by side
// (a week a request, as the sync reads this retailer), then served from memory by the replay server
// (dev/bench/replay.ts) to the syncs and the floor alike: building them was two thirds of what the floor used to be.
// The floor is JSON.parse of every answer (fetched from the replay server) plus the engine's own bulk load of the
// same rows, each engine's fastest (DuckDB's COPY from a Parquet file; PostgreSQL's COPY FROM STDIN of them in COPY's
// binary format through pg-copy-streams with nothing else to do). Each sync is the real command (bin/sales-data.cjs)
// in a process of its own, and each part of the floor a process of its own (dev/bench/syncFloor.ts); the five
// alternate, in one order in even rounds and the reverse in odd ones, SYNC_BENCH_ROUNDS rounds (default 3); each
// figure is the median of its runs.
import { createWriteStream, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { to as copyTo } from "pg-copy-streams";
import { buildSync } from "esbuild";
import { addDays } from "../../src/core/dates";
import { dataParams, parseQuery, requestsOf, type Query } from "../../src/core/query/query";
import { quoteName } from "../../src/sync/sqlNames";
import { queryTableOf } from "../../src/sync/queryTable";
import { mondays } from "../sync-engines";
import type { TestPostgres } from "../postgres";
import { startRecorder, startReplay, recordedBytes, type Recording } from "./replay";
import type { Report } from "./run";
import { commandSync, finished } from "./syncCommand";
import { median, startSimulatorProcess } from "./support";

const TODAY = "2026-11-23"; // a Monday
const WEEKS = Number(process.env.SYNC_BENCH_WEEKS ?? 55);
const ROUNDS = Number(process.env.SYNC_BENCH_ROUNDS ?? 3);
const REPO = join(__dirname, "..", "..");

/** The large sync's query: the weeks up to the day before today. */
function largeQuery(): Query {
  const parsed = parseQuery({
    level: "store",
    retailers: "northmart",
    timeframe: "weekly",
    metrics: "revenue,units",
    from: addDays(TODAY, -7 * WEEKS),
    to: addDays(TODAY, -1),
  });
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return parsed.query;
}

/** The requests the sync sends for the query: a week each (its probe is the first week; see src/sync/syncReads.ts). */
const weekPaths = (query: Query): string[] =>
  mondays(query.from, WEEKS).map((week) => {
    const request = { ...requestsOf(query)[0], from: week, to: addDays(week, 6) };
    return `/api/data?${new URLSearchParams(dataParams(request))}`;
  });

/**
 * The sync's answers recorded from two simulator processes side by side, each behind a recorder that keeps what it
 * passes on in the one recording; the replay server refuses any request not recorded, so a sync that asked
 * anything else would fail the bench rather than time something else.
 */
async function record(paths: readonly string[]): Promise<{ recording: Recording; apiKey: string }> {
  const sims = await Promise.all([0, 1].map(() => startSimulatorProcess({ today: TODAY, skus: 150, stores: 800 })));
  const recording: Recording = { answers: new Map() };
  const recorders = await Promise.all(sims.map((s) => startRecorder(s.url, recording)));
  try {
    let next = 0;
    const auth = { Authorization: `Token ${sims[0].apiKey}` };
    // The command checks its key with the service's connection test before it reads.
    await fetch(`${recorders[0].url}/api/test/`, { headers: auth }).then((r) => r.arrayBuffer());
    await Promise.all(
      recorders.map(async (r) => {
        while (next < paths.length) {
          const res = await fetch(`${r.url}${paths[next++]}`, { headers: auth });
          if (res.status !== 200) throw new Error(`the simulator answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
    return { recording, apiKey: sims[0].apiKey };
  } finally {
    await Promise.all(recorders.map((r) => r.close()));
    await Promise.all(sims.map((s) => s.close()));
  }
}

interface Run {
  seconds: number;
  peakMb: number;
  [more: string]: number;
}

class Large {
  readonly query = largeQuery();
  /** The sync's table of the query under the name "floor": its columns and key. */
  readonly floorSpec = queryTableOf(
    "floor",
    this.query,
    { periodField: "week", metrics: this.query.metrics, fields: [] },
    63,
  ).spec;
  /** The floor table's column list, for reading the synced rows out in its order. */
  private readonly columns = this.floorSpec.columns.map((col) => quoteName(col.name)).join(", ");
  readonly runs = new Map<string, Run[]>();
  private readonly floorBundle: string;
  private replayUrl = "";
  private apiKey = "";

  constructor(
    private readonly dir: string,
    private readonly server: TestPostgres,
  ) {
    // Beside the project's node_modules, where what it requires is found.
    this.floorBundle = join(REPO, "node_modules", ".cache", "sales-data-bench", "syncFloor.cjs");
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
    writeFileSync(join(dir, "spec.json"), JSON.stringify(this.floorSpec));
  }

  private add(part: string, run: Run): void {
    this.runs.set(part, [...(this.runs.get(part) ?? []), run]);
  }

  /** The large sync by the real command in a process of its own: its seconds from start to exit and its own peak. */
  async sync(part: string, address: string): Promise<void> {
    const { seconds, peakMb, inserted } = await commandSync({
      entry: { table: "big", query: this.query },
      address,
      url: this.replayUrl,
      apiKey: this.apiKey,
      today: TODAY,
      peakFile: join(this.dir, "peak-rss"),
    });
    this.add(part, { seconds, peakMb, rows: inserted });
  }

  /** One part of the floor in a process of its own (dev/bench/syncFloor.ts). */
  async floor(part: string, args: string[]): Promise<void> {
    const { stdout } = await finished([this.floorBundle, ...args], process.env);
    const said = JSON.parse(stdout) as Record<string, number>;
    this.add(part, { ...said, seconds: said.seconds, peakMb: said.peak_rss_mb });
  }

  /** The rows DuckDB synced as the floor's Parquet file, written by DuckDB from the synced table (not timed). */
  async writeParquet(file: string, parquet: string): Promise<void> {
    const { DuckDBInstance } = await import("@duckdb/node-api");
    const instance = await DuckDBInstance.create(file);
    const c = await instance.connect();
    await c.run(`COPY (SELECT ${this.columns} FROM big) TO '${parquet}' (FORMAT parquet)`);
    c.closeSync();
    instance.closeSync();
  }

  /**
   * Drops a table from the PostgreSQL database, so the next run is a first sync (or COPY) again; the synced table's
   * rows written first, when `keepRows` names a file, in COPY's binary format (not timed).
   */
  async drop(table: string, keepRows?: string): Promise<void> {
    const { Client } = await import("pg");
    const c = new Client({ connectionString: this.server.url });
    await c.connect();
    if (keepRows) {
      const copy = c.query(copyTo(`COPY ${quoteName(table)} (${this.columns}) TO STDOUT WITH (FORMAT binary)`));
      await pipeline(copy, createWriteStream(keepRows));
    }
    await c.query(`DROP TABLE IF EXISTS ${quoteName(table)}`);
    await c.end();
  }

  async measure(report: Report): Promise<void> {
    const paths = weekPaths(this.query);
    const t0 = performance.now();
    const { recording, apiKey } = await record(paths);
    this.apiKey = apiKey;
    const recordedIn = (performance.now() - t0) / 1000;
    const replay = await startReplay(recording);
    this.replayUrl = replay.url;
    const { dir, server } = this;
    writeFileSync(join(dir, "paths.json"), JSON.stringify(paths));
    const parquet = join(dir, "rows.parquet");
    const pgRows = join(dir, "rows.pgcopy");
    const duckFile = join(dir, "big.duckdb");
    const parts: [string, () => Promise<void>][] = [
      [
        "duckdb",
        async () => {
          rmSync(duckFile, { force: true });
          await this.sync("duckdb", `duckdb:${duckFile}`);
          if (!existsSync(parquet)) await this.writeParquet(duckFile, parquet);
        },
      ],
      [
        "floor_parse",
        () => this.floor("floor_parse", ["parse", replay.url, `Token ${apiKey}`, join(dir, "paths.json")]),
      ],
      [
        "floor_duckdb_copy",
        async () => {
          const file = join(dir, "floor.duckdb");
          rmSync(file, { force: true });
          await this.floor("floor_duckdb_copy", ["duckdb", file, parquet, join(dir, "spec.json")]);
        },
      ],
      [
        "postgres",
        async () => {
          await this.sync("postgres", server.url);
          await this.drop("big", existsSync(pgRows) ? undefined : pgRows);
        },
      ],
      [
        "floor_postgres_copy",
        async () => {
          await this.floor("floor_postgres_copy", ["postgres", server.url, pgRows, join(dir, "spec.json")]);
          await this.drop("floor");
        },
      ],
    ];
    try {
      for (let round = 0; round < ROUNDS; round++)
        for (const [, part] of round % 2 === 0 ? parts : [...parts].reverse()) await part();
      // Each run reads every answer (the floor's parse too); a sync reads its first answer twice when it is over
      // 50,000 rows (once for its columns, src/sync/streamedRows.ts), so a round may serve two answers more.
      const extra = replay.served() - paths.length * ROUNDS * 3;
      if (extra < 0 || extra > 2 * ROUNDS)
        throw new Error(`the replay served ${replay.served()} answers, not every one of ${paths.length} per run`);
    } finally {
      await replay.close();
    }
    this.say(recordedIn, recordedBytes(recording));
    this.report(report);
  }

  private med(part: string, field = "seconds"): number {
    return median(this.runs.get(part)!.map((r) => r[field]));
  }

  private say(recordedIn: number, bytes: number): void {
    const s = (part: string) => {
      const xs = this.runs.get(part)!.map((r) => r.seconds);
      return `${this.med(part).toFixed(1)} s (${xs.map((x) => x.toFixed(1)).join(", ")})`;
    };
    const mb = (part: string) => `${Math.round(Math.max(...this.runs.get(part)!.map((r) => r.peakMb)))} MB`;
    console.error(
      `# sync bench: ${(bytes / 1e6).toFixed(0)} MB of answers recorded in ${recordedIn.toFixed(1)} s; medians of ` +
        `${ROUNDS} runs (each run): floor parse ${s("floor_parse")} (JSON.parse alone ` +
        `${this.med("floor_parse", "parse_seconds").toFixed(1)} s), DuckDB COPY ${s("floor_duckdb_copy")}, ` +
        `PostgreSQL COPY ${s("floor_postgres_copy")}; DuckDB sync ${s("duckdb")}, PostgreSQL sync ${s("postgres")}; ` +
        `peaks: DuckDB sync ${mb("duckdb")}, PostgreSQL sync ${mb("postgres")}, DuckDB COPY ${mb("floor_duckdb_copy")}, ` +
        `PostgreSQL COPY ${mb("floor_postgres_copy")}, parse ${mb("floor_parse")}`,
    );
  }

  private report(report: Report): void {
    const rows = new Set(this.runs.get("duckdb")!.map((r) => r.rows));
    if (rows.size !== 1) throw new Error(`the DuckDB syncs inserted different rows: ${[...rows].join(", ")}`);
    const parse = this.med("floor_parse");
    const [duck, pg] = [this.med("duckdb"), this.med("postgres")];
    const [duckCopy, pgCopy] = [this.med("floor_duckdb_copy"), this.med("floor_postgres_copy")];
    const peak = (part: string) => Math.round(Math.max(...this.runs.get(part)!.map((r) => r.peakMb)));
    report("sync.duckdb_rows", [...rows][0], { above: 0 });
    report("sync.floor_parse_s", parse, { above: 0 });
    report("sync.floor_duckdb_copy_s", duckCopy, { above: 0 });
    report("sync.floor_postgres_copy_s", pgCopy, { above: 0 });
    report("sync.duckdb_s", duck);
    report("sync.postgres_s", pg);
    report("sync.duckdb_vs_floor", duck / (parse + duckCopy));
    report("sync.postgres_vs_floor", pg / (parse + pgCopy));
    report("sync.duckdb_peak_rss_mb", peak("duckdb"));
    report("sync.postgres_peak_rss_mb", peak("postgres"));
    report("sync.floor_duckdb_copy_peak_rss_mb", peak("floor_duckdb_copy"));
    report("sync.peak_rss_mb", Math.max(peak("duckdb"), peak("postgres")));
  }
}

/** The large sync against its floor (see the file comment); `dir` is the bench's temporary folder. */
export async function large(report: Report, dir: string, server: TestPostgres): Promise<{ duckdbPeakMb: number }> {
  const l = new Large(dir, server);
  await l.measure(report);
  return { duckdbPeakMb: Math.max(...l.runs.get("duckdb")!.map((r) => r.peakMb)) };
}
