// DuckDB's load writes a block's columns straight into data chunks (src/sync/duckdb/session.ts): codes as two
// 32-bit halves, days as numbers, nulls as a validity mask, a string the row above repeats copied within its vector.
// Every kind of value is read back from a real DuckDB file as it went in, across chunks of 2,048 rows.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { duckDbSession } from "../../src/sync/duckdb/session";
import type { RowBlock, SyncCell, SyncTableSpec } from "../../src/sync/engine";

const spec: SyncTableSpec = {
  table: "t",
  period: "day",
  key: ["day", "n"],
  columns: [
    { name: "day", type: "date" },
    { name: "n", type: "bigint" },
    { name: "code", type: "bigint" },
    { name: "name", type: "text" },
    { name: "figure", type: "double" },
  ],
};

const dir = mkdtempSync(join(tmpdir(), "duckdb-columns-"));
let instance: DuckDBInstance;
let connection: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(join(dir, "t.duckdb"));
  connection = await instance.connect();
  await connection.run("CREATE TABLE t (day DATE, n BIGINT, code BIGINT, name VARCHAR, figure DOUBLE)");
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
  rmSync(dir, { recursive: true, force: true });
});

const CODES = [
  0,
  1,
  -1,
  2 ** 32,
  2 ** 32 - 1,
  -(2 ** 32),
  2 ** 31,
  -(2 ** 31) - 1,
  9_007_199_254_740_991,
  -9_007_199_254_740_991,
];
const NAMES = ["", "short", "a name longer than twelve bytes", "é€😀 and more to be long", "twelve bytes"];
const DAYS = ["1970-01-01", "1969-12-31", "2026-11-23", "2000-02-29", "1900-03-01"];
const FIGURES = [0, -0.5, 1.1, 1e-300, 123456789.123456, -1e308];

/** Row i: its values drawn from the lists above, runs of repeated names, and a null in each column now and then. */
function row(i: number): SyncCell[] {
  const nth = <T>(list: readonly T[], k: number) => list[k % list.length];
  return [
    nth(DAYS, i),
    i,
    i % 13 === 5 ? null : nth(CODES, i),
    i % 11 === 3 ? null : nth(NAMES, Math.floor(i / 7)),
    i % 17 === 9 ? null : nth(FIGURES, i),
  ];
}

test("every kind of value, nulls and repeats, across chunks, is stored as it was given", async () => {
  const n = 2048 * 2 + 100;
  const rows = Array.from({ length: n }, (_, i) => row(i));
  const blocks = async function* (): AsyncIterable<RowBlock> {
    for (let start = 0; start < n; start += 3000) {
      const part = rows.slice(start, start + 3000);
      yield { width: 5, length: part.length, cells: part.flat() };
    }
  };
  await connection.run("BEGIN");
  expect(await duckDbSession(connection).bulkLoad(spec, blocks())).toBe(n);
  await connection.run("COMMIT");
  const stored = await duckDbSession(connection).rows(
    "SELECT CAST(day AS TEXT), n, code, name, figure FROM t ORDER BY n",
  );
  expect(stored).toEqual(rows);
});
