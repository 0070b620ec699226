// The two real databases the sync's tests run against, side by side: DuckDB on a file in a temporary folder, and
// PostgreSQL in a database of the test file's own, on its jest worker's server (dev/postgres.ts). Plus a
// table and rows to write.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { sharedDuckDbFiles } from "../src/sync/duckdb/connect";
import { openDatabase, type SyncEngine, type SyncRow, type SyncTableSpec } from "../src/sync";
import { startTestDatabase, type TestPostgres } from "./postgres";

export interface EngineCase {
  name: "DuckDB" | "PostgreSQL";
  /** The database address (duckdb:/tmp/…/sales.duckdb or postgres://…). */
  address(): string;
  open(): Promise<SyncEngine>;
  /** SQL straight to the database, outside the sync (for what a reader sees): rows as objects. */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
  server?: () => TestPostgres;
}

export function duckDbCase(): EngineCase {
  let dir = "";
  const c: EngineCase = {
    name: "DuckDB",
    address: () => `duckdb:${join(dir, "sales.duckdb")}`,
    open: () => openDatabase(c.address()),
    async query(sql, params = []) {
      // Through the process's one instance of the file, as a second connection (a reader beside the sync).
      const path = join(dir, "sales.duckdb");
      const connection = await (await sharedDuckDbFiles.use(path)).connect();
      try {
        return (await connection.runAndReadAll(sql, params as never)).getRowObjectsJson();
      } finally {
        connection.closeSync();
        await sharedDuckDbFiles.letGo(path);
      }
    },
    start: async () => void (dir = mkdtempSync(join(tmpdir(), "sales-duckdb-"))),
    stop: async () => rmSync(dir, { recursive: true, force: true }),
  };
  return c;
}

export function postgresCase(): EngineCase {
  let server: TestPostgres | undefined;
  return {
    name: "PostgreSQL",
    address: () => server!.url,
    open: () => openDatabase(server!.url),
    async query(sql, params = []) {
      const client = new Client({ connectionString: server!.url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    start: async () => void (server = await startTestDatabase()),
    stop: async () => server?.stop(),
    server: () => server!,
  };
}

/** A weekly store-level table, as a query of several retailers would give it. */
export function storeWeekly(table: string): SyncTableSpec {
  return {
    table,
    columns: [
      { name: "week", type: "date" },
      { name: "retailer", type: "text" },
      { name: "sku", type: "bigint" },
      { name: "product_name", type: "text" },
      { name: "store_id", type: "bigint" },
      { name: "revenue", type: "double" },
      { name: "units", type: "double" },
    ],
    key: ["week", "retailer", "sku", "store_id"],
    period: "week",
  };
}

/** Mondays from `first`, `count` of them. */
export function mondays(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 7 * 86_400_000).toISOString().slice(0, 10));
}

/** Rows of storeWeekly for those weeks: `skus` x `stores` a week, figures shifted by `version` (a revision). */
export function weekRows(weeks: string[], skus = 3, stores = 2, version = 0): SyncRow[] {
  const rows: SyncRow[] = [];
  for (const week of weeks)
    for (let s = 0; s < skus; s++)
      for (let t = 0; t < stores; t++) {
        const base = 100 + s * 10 + t + Number(week.slice(8, 10));
        rows.push([
          week,
          "northmart",
          5_000_001 + s,
          `Product ${s}`,
          101 + t,
          base * 1.25 + version * 0.01,
          base + version,
        ]);
      }
  return rows;
}

/** Rows in chunks of `size`. */
export function chunked<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Every stored row of a table through the sync (its own reading), in key order. */
export async function storedRows(engine: SyncEngine, spec: SyncTableSpec, from = "1900-01-01"): Promise<SyncRow[]> {
  const writer = await engine.begin(spec);
  const rows: SyncRow[] = [];
  try {
    for await (const chunk of writer.readWindow(from, 1000)) rows.push(...chunk);
  } finally {
    await writer.rollback();
  }
  return rows;
}
