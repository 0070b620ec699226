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

import type { SyncTableSpec } from "./engine";
import { SyncError } from "./errors";
import { quoteName, shownName } from "./sqlNames";
import type { Dialect, SqlSession } from "./sql";
import { readShape, SYNC_COLUMNS_ONLY, type ShapeProblem, type TableLayout } from "./tableShape";

/** CREATE TABLE: key columns NOT NULL, the primary key on the row key. */
function createTableSql(spec: SyncTableSpec, d: Dialect): string {
  const key = new Set(spec.key);
  const columns = spec.columns.map(
    (c) => `${quoteName(c.name)} ${d.types[c.type]}${key.has(c.name) ? " NOT NULL" : ""}`,
  );
  const table = quoteName(spec.table);
  return `CREATE TABLE ${table} (${columns.join(", ")}, PRIMARY KEY (${spec.key.map(quoteName).join(", ")}))`;
}

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
 * Creates the table in the open transaction, or checks the one there: its shape, for the rewrite (the user's columns
 * it keeps); a table the sync cannot write is a SyncError naming each problem and what to do, and nothing is written
 * to it.
 */
export async function ensureTable(s: SqlSession, d: Dialect, spec: SyncTableSpec, where: string): Promise<TableLayout> {
  if (!(await tableExists(s, d, spec.table))) {
    await s.exec(createTableSql(spec, d));
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
