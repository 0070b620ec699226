// A query's table in SQL, for either engine: created typed (a primary key on the row key), or, when it exists,
// checked against the query (tableShape.ts) so a sync never writes into a table it cannot keep whole: the sync's
// columns by name and type, the row key, and the user's columns, which every rewrite keeps.
//
// The primary key is the only index a sync makes. It leads with the period column, so in PostgreSQL its B-tree
// serves the window's `period >= from` and reads it in key order; a second index on the period alone was one more
// B-tree to keep up for every row loaded (PostgreSQL's COPY of the bench's 5 million rows: 21 to 27 s with it,
// 16 s without). DuckDB reads an ART index only for a filter matching fewer than 2,048 rows or 0.1% of the table (its
// index_scan_max_count and index_scan_percentage): the window of a large table is answered by a scan that the zone
// maps of its row groups cut short (a sync writes its rows in period order), and a period index there cost every
// insert, delete and COMMIT (appending the bench's rows: 16.6 to 18.7 CPU-s with it, 14.6 to 14.8 without) and
// kept the analyst from altering a column (DuckDB alters no column of a table that has an index). The primary key
// stays: it is what refuses a second row of a key. A table made with a period index by an earlier version keeps it.
//
// A new DuckDB table gets its primary key once the first sync's rows are in, just before COMMIT, in the same
// transaction (the dialect's keyAfterFirstLoad): DuckDB's appender works on the sync's own thread, and building the
// key's index over rows already there costs less than keeping it up as they come (appending the bench's 5 million
// rows, COMMIT included: 9.4 to 10.4 s into a keyed table, 8.0 to 8.1 s with the key added after). Rows that repeat a
// key are refused all the same, at COMMIT, and the table is not created. A PostgreSQL server keeps the index up in
// its own process while the sync reads the next answer, so there the key is made with the table: added after the
// load, its index is built while the sync waits (the sync's process was idle 2.9 s at the end, where it was busy
// throughout otherwise).

import type { SyncTableSpec } from "./engine";
import { SyncError } from "./errors";
import { quoteName, shownName } from "./sqlNames";
import type { Dialect, SqlSession } from "./sql";
import { readShape, SYNC_COLUMNS_ONLY, type ShapeProblem, type TableLayout } from "./tableShape";

/**
 * CREATE TABLE without its primary key (addKeySql adds it): key columns NOT NULL.
 * A seam: the sync bench's floor makes its tables with the sync's own SQL (dev/bench/syncFloor.ts).
 * @public
 */
export function createTableSql(spec: SyncTableSpec, d: Dialect): string {
  const key = new Set(spec.key);
  const columns = spec.columns.map(
    (c) => `${quoteName(c.name)} ${d.types[c.type]}${key.has(c.name) ? " NOT NULL" : ""}`,
  );
  return `CREATE TABLE ${quoteName(spec.table)} (${columns.join(", ")})`;
}

/** The primary key on the row key, for a table createTableSql made. */
export const addKeySql = (spec: SyncTableSpec): string =>
  `ALTER TABLE ${quoteName(spec.table)} ADD PRIMARY KEY (${spec.key.map(quoteName).join(", ")})`;

const tableMatch = (d: Dialect, column: string) => (d.foldsCase ? `lower(${column}) = lower($1)` : `${column} = $1`);

/** Whether the table exists in the connection's current schema. */
export async function tableExists(s: SqlSession, d: Dialect, table: string): Promise<boolean> {
  const rows = await s.all(
    `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND ${tableMatch(d, "table_name")}`,
    [table],
  );
  return Number(rows[0].n) > 0;
}

/**
 * Creates the table in the open transaction (with its primary key, or for the writer to add it: `created`), or checks
 * the one there: its shape, for the rewrite (the user's columns it keeps); a table the sync cannot write is a
 * SyncError naming each problem and what to do, and nothing is written to it.
 */
export async function ensureTable(s: SqlSession, d: Dialect, spec: SyncTableSpec, where: string): Promise<TableLayout> {
  if (!(await tableExists(s, d, spec.table))) {
    await s.exec(createTableSql(spec, d));
    if (d.keyAfterFirstLoad) return { ...SYNC_COLUMNS_ONLY, created: true };
    await s.exec(addKeySql(spec));
    return SYNC_COLUMNS_ONLY;
  }
  const { shape, problems } = await readShape(s, d, spec);
  if (problems.length > 0) throw new SyncError(cannotSync(spec.table, where, problems));
  return shape;
}

/** Why a table cannot be synced: its problems (the first four), then what mends each, then the ways around it. */
function cannotSync(table: string, where: string, problems: readonly ShapeProblem[]): string {
  const shown = problems.slice(0, 4);
  const more = problems.length > shown.length ? ` (and ${problems.length - shown.length} more)` : "";
  const fixes = shown.flatMap((p) => (p.fix ? [p.fix] : []));
  const around =
    "rename or drop the table, and the next sync writes a new one from the query's start; or give the query a " +
    "table name of its own.";
  return (
    `The table ${shownName(table)} in ${where} cannot be synced: ${shown.map((p) => p.said).join("; ")}${more}. ` +
    `Nothing was changed. ${[...fixes, fixes.length > 0 ? `Or ${around}` : capitalised(around)].join(" ")}`
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
