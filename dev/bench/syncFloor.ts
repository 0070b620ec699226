// One part of the sync bench's floor, as a process of its own (dev/bench/syncLarge.ts starts it, bundled by esbuild,
// between the syncs it is set against): what a sync of the same rows cannot avoid on this machine.
//   parse <replay url> <authorization> <paths.json>   every recorded answer fetched from the replay server and
//                                                     JSON.parse'd, one after the other
//   duckdb <file.duckdb> <rows.csv> <spec.json>       DuckDB's own COPY of the rows from a CSV file into an empty
//                                                     table of the sync's shape (its key), the file opened with
//                                                     the sync's settings (DUCKDB_SETTINGS), then closed
//   postgres <url> <rows.csv> <spec.json>             COPY FROM STDIN of the same file (pg-copy-streams, nothing
//                                                     else to do) into an empty table of the sync's shape
// It prints one JSON line: the seconds of the part (the table made before the clock starts), and the process's own
// peak RSS in MB (peakRss.cjs).
import { createReadStream, readFileSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import { DuckDBInstance } from "@duckdb/node-api";
import { Client } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { openDatabase, type SyncTableSpec } from "../../src/sync";
import { DUCKDB_SETTINGS } from "../../src/sync/duckdb/connect";
import { quoteName } from "../../src/sync/sqlNames";
import { rewriteWindow } from "../../src/sync/rewrite";

const seconds = async (work: () => Promise<unknown>): Promise<number> => {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
};

/** The empty table, made the sync's way (its primary key), before anything is timed. */
async function emptyTable(address: string, spec: SyncTableSpec): Promise<void> {
  const engine = await openDatabase(address);
  try {
    await rewriteWindow(engine, { spec, window: { from: "1900-01-01", to: "1900-01-01" }, rows: [], query: "{}" });
  } finally {
    await engine.close();
  }
}

async function parse(url: string, authorization: string, pathsFile: string): Promise<Record<string, number>> {
  const paths = JSON.parse(readFileSync(pathsFile, "utf8")) as string[];
  let rows = 0;
  let parsing = 0;
  const total = await seconds(async () => {
    for (const path of paths) {
      const text = await (await fetch(`${url}${path}`, { headers: { Authorization: authorization } })).text();
      const t0 = performance.now();
      rows += (JSON.parse(text) as unknown[]).length;
      parsing += performance.now() - t0;
    }
  });
  return { seconds: total, parse_seconds: parsing / 1000, rows };
}

async function duckdb(file: string, csv: string, spec: SyncTableSpec): Promise<Record<string, number>> {
  await emptyTable(`duckdb:${file}`, spec);
  return {
    seconds: await seconds(async () => {
      const instance = await DuckDBInstance.create(file, { ...DUCKDB_SETTINGS });
      const connection = await instance.connect();
      await connection.run(`COPY ${quoteName(spec.table)} FROM '${csv}' (FORMAT csv, HEADER false)`);
      connection.closeSync();
      instance.closeSync(); // DuckDB writes what it holds to the file as it closes, as the command's exit does
    }),
  };
}

async function postgres(url: string, csv: string, spec: SyncTableSpec): Promise<Record<string, number>> {
  await emptyTable(url, spec);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const columns = spec.columns.map((c) => quoteName(c.name)).join(", ");
    const sql = `COPY ${quoteName(spec.table)} (${columns}) FROM STDIN WITH (FORMAT csv)`;
    return { seconds: await seconds(() => pipeline(createReadStream(csv), client.query(copyFrom(sql)))) };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const [part, a, b, c] = process.argv.slice(2);
  const spec = () => JSON.parse(readFileSync(c, "utf8")) as SyncTableSpec;
  const done =
    part === "parse"
      ? await parse(a, b, c)
      : part === "duckdb"
        ? await duckdb(a, b, spec())
        : part === "postgres"
          ? await postgres(a, b, spec())
          : null;
  if (!done) throw new Error(`no such part of the floor: ${part}`);
  console.log(
    JSON.stringify({ ...done, peak_rss_mb: (require("./peakRss.cjs") as { peakKb(): number }).peakKb() / 1024 }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
