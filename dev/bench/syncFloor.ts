// One part of the sync bench's floor, as a process of its own (dev/bench/syncLarge.ts starts it, bundled by esbuild,
// between the syncs it is set against): what a sync of the same rows cannot avoid on this machine.
//   parse <replay url> <authorization> <paths.json>   every recorded answer fetched from the replay server and
//                                                     JSON.parse'd, one after the other
//   duckdb <file.duckdb> <rows.parquet> <spec.json>   DuckDB's own COPY of the rows from a Parquet file (its fastest:
//                                                     4.5 to 4.8 s where from CSV 5.3 to 5.8) into a new table of
//                                                     the sync's shape, the file opened as the sync opens it
//                                                     (sharedDuckDbFiles: its settings), then closed
//   postgres <url> <rows.pgcopy> <spec.json>          COPY FROM STDIN of the rows in COPY's binary format, as the sync
//                                                     sends them (pg-copy-streams, nothing else to do; 7.3 s where
//                                                     from CSV 9.0 s), into a new table of the sync's shape
// Each engine's load is its fastest into a new table: in one transaction, the table made by the sync's own SQL
// without its key, the rows copied in, then (PostgreSQL) its primary key added (src/sync/tables.ts).
// It prints one JSON line: the seconds of the part, and the process's own peak RSS in MB (peakRss.cjs).
import { createReadStream, readFileSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import { Client } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { SyncTableSpec } from "../../src/sync";
import { sharedDuckDbFiles } from "../../src/sync/duckdb/connect";
import { DUCKDB } from "../../src/sync/duckdb/dialect";
import { POSTGRES } from "../../src/sync/postgres/dialect";
import { quoteName } from "../../src/sync/sqlNames";
import { tableStatements } from "../../src/sync/tables";

const seconds = async (work: () => Promise<unknown>): Promise<number> => {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
};

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

async function duckdb(file: string, parquet: string, spec: SyncTableSpec): Promise<Record<string, number>> {
  return {
    seconds: await seconds(async () => {
      const instance = await sharedDuckDbFiles.use(file);
      const connection = await instance.connect();
      await connection.run("BEGIN");
      await connection.run(tableStatements(spec, DUCKDB).create);
      await connection.run(`COPY ${quoteName(spec.table)} FROM '${parquet}' (FORMAT parquet)`);
      await connection.run("COMMIT");
      connection.closeSync();
      await sharedDuckDbFiles.letGo(file); // DuckDB writes what it holds to the file as it closes, as the command's exit does
    }),
  };
}

async function postgres(url: string, binary: string, spec: SyncTableSpec): Promise<Record<string, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const columns = spec.columns.map((c) => quoteName(c.name)).join(", ");
    const sql = `COPY ${quoteName(spec.table)} (${columns}) FROM STDIN WITH (FORMAT binary)`;
    return {
      seconds: await seconds(async () => {
        await client.query("BEGIN");
        const made = tableStatements(spec, POSTGRES);
        await client.query(made.create);
        await pipeline(createReadStream(binary), client.query(copyFrom(sql)));
        await client.query(made.key!);
        await client.query("COMMIT");
      }),
    };
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
