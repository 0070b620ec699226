// A query's table in SQL, for either engine: created typed, or, when it exists, checked against the query
// (tableShape.ts) so a sync never writes into a table it cannot keep whole: the sync's columns by name and type, the
// row key, and the user's columns, which every rewrite keeps. In PostgreSQL the row key is the primary key, the one
// index a sync makes: it leads with the period, so its B-tree serves the window. A DuckDB table gets no primary
// key: DuckDB keeps that index in memory, as large as the table (docs/architecture.md, Decision 14), and answers a
// window from its row groups' zone maps; the sync keeps the key one row each itself.

import type { SyncTableSpec } from "./engine";
import { SyncError } from "./errors";
import { quoteName, shownName } from "./sqlNames";
import type { Dialect, SqlSession } from "./sql";
import { readShape, SYNC_COLUMNS_ONLY, type ShapeProblem, type TableLayout } from "./tableShape";

/** CREATE TABLE without its primary key: key columns NOT NULL. */
function createTableSql(spec: SyncTableSpec, d: Dialect): string {
  const key = new Set(spec.key);
  const columns = spec.columns.map(
    (c) => `${quoteName(c.name)} ${d.types[c.type]}${key.has(c.name) ? " NOT NULL" : ""}`,
  );
  return `CREATE TABLE ${quoteName(spec.table)} (${columns.join(", ")})`;
}

/**
 * The statements that make a table of the sync's: the table, and its primary key where the engine declares one
 * (null in DuckDB).
 * A seam: the sync bench's floor makes its tables with the sync's own SQL (dev/bench/syncFloor.ts).
 * @public
 */
export function tableStatements(spec: SyncTableSpec, d: Dialect): { create: string; key: string | null } {
  const key = `ALTER TABLE ${quoteName(spec.table)} ADD PRIMARY KEY (${spec.key.map(quoteName).join(", ")})`;
  return { create: createTableSql(spec, d), key: d.declaresKey ? key : null };
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
 * Creates the table in the open transaction (`created`, with its primary key where the engine declares one), or
 * checks the one there: its shape, for the rewrite (the user's columns it keeps); a table the sync cannot write is a
 * SyncError naming each problem and what to do, and nothing is written to it.
 */
export async function ensureTable(s: SqlSession, d: Dialect, spec: SyncTableSpec, where: string): Promise<TableLayout> {
  if (!(await tableExists(s, d, spec.table))) {
    const made = tableStatements(spec, d);
    await s.exec(made.create);
    if (made.key) await s.exec(made.key);
    return { ...SYNC_COLUMNS_ONLY, created: true };
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
