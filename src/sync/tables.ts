// A query's table in SQL, for either engine: created typed (a primary key on the row key, an index on the period),
// or, when it exists, checked column by column and key by key so a sync never writes into a table of another shape.
import type { SyncCell, SyncColumnType, SyncTableSpec } from "./engine";
import { SyncError } from "./errors";
import { fitName, quoteName, shownName } from "./names";

/** A statement runner on one connection (in its transaction, when one is open); every value is bound. */
export interface SqlSession {
  /** Rows as objects: DATE as "YYYY-MM-DD", BIGINT as a number, timestamps read through Dialect.epochMs. */
  all(sql: string, params?: readonly SyncCell[]): Promise<Record<string, SyncCell>[]>;
  /** Runs a statement; the rows it changed. */
  exec(sql: string, params?: readonly SyncCell[]): Promise<number>;
}

/** What differs between the engines' SQL (the rest is written once, for both). */
export interface Dialect {
  /** "DuckDB", "PostgreSQL": for messages. */
  name: string;
  types: Readonly<Record<SyncColumnType, string>>;
  /** How information_schema.columns spells each type. */
  schemaTypes: Readonly<Record<SyncColumnType, string>>;
  /** DuckDB matches table names whatever their case; PostgreSQL matches a quoted name exactly. */
  foldsCase: boolean;
  /** A TIMESTAMPTZ column as milliseconds since 1970 (BIGINT). */
  epochMs(column: string): string;
  maxNameBytes: number;
}

/** CREATE TABLE and its period index: key columns NOT NULL, the primary key on the row key. */
function createTableSql(spec: SyncTableSpec, d: Dialect): string[] {
  const key = new Set(spec.key);
  const columns = spec.columns.map(
    (c) => `${quoteName(c.name)} ${d.types[c.type]}${key.has(c.name) ? " NOT NULL" : ""}`,
  );
  const table = quoteName(spec.table);
  return [
    `CREATE TABLE ${table} (${columns.join(", ")}, PRIMARY KEY (${spec.key.map(quoteName).join(", ")}))`,
    `CREATE INDEX IF NOT EXISTS ${quoteName(fitName(`${spec.table}_period`, d.maxNameBytes))} ON ${table} (${quoteName(spec.period)})`,
  ];
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

async function primaryKey(s: SqlSession, d: Dialect, table: string): Promise<string[]> {
  const rows = await s.all(
    `SELECT k.column_name AS name FROM information_schema.table_constraints c
       JOIN information_schema.key_column_usage k
         ON k.constraint_name = c.constraint_name AND k.table_name = c.table_name AND k.table_schema = c.table_schema
      WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = current_schema() AND ${tableMatch(d, "c.table_name")}
      ORDER BY k.ordinal_position`,
    [table],
  );
  return rows.map((r) => String(r.name));
}

/** What differs between a stored table and the spec, in words (empty when it is the same table). */
async function differences(s: SqlSession, d: Dialect, spec: SyncTableSpec): Promise<string[]> {
  const found = await s.all(
    `SELECT column_name AS name, data_type AS type FROM information_schema.columns
      WHERE table_schema = current_schema() AND ${tableMatch(d, "table_name")} ORDER BY ordinal_position`,
    [spec.table],
  );
  const said: string[] = [];
  if (found.length !== spec.columns.length)
    said.push(`it has ${found.length} columns where the query writes ${spec.columns.length}`);
  spec.columns.forEach((c, i) => {
    const f = found[i];
    const want = d.schemaTypes[c.type];
    if (!f) return;
    if (f.name !== c.name || String(f.type).toUpperCase() !== want.toUpperCase())
      said.push(
        `column ${i + 1} is ${shownName(String(f.name))} (${String(f.type)}) where the query writes ${shownName(c.name)} (${want})`,
      );
  });
  const key = await primaryKey(s, d, spec.table);
  if (key.join("\u0000") !== spec.key.join("\u0000"))
    said.push(`its primary key is (${key.join(", ") || "none"}) where the query's row key is (${spec.key.join(", ")})`);
  return said.slice(0, 4);
}

/**
 * Creates the table (with its index) in the open transaction, or checks the one there: a table of another shape
 * is a SyncError naming what differs, and nothing is written to it.
 */
export async function ensureTable(s: SqlSession, d: Dialect, spec: SyncTableSpec, where: string): Promise<void> {
  if (!(await tableExists(s, d, spec.table))) {
    for (const sql of createTableSql(spec, d)) await s.exec(sql);
    return;
  }
  const said = await differences(s, d, spec);
  if (said.length > 0)
    throw new SyncError(
      `The table ${shownName(spec.table)} in ${where} is not the table this query writes: ${said.join("; ")}. ` +
        "Nothing was changed. Give the query a table name of its own, or rename or drop that table.",
    );
  await s.exec(createTableSql(spec, d)[1]);
}
