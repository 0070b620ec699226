// A stored table read against the query's: the sync's own columns found by name (DuckDB matches names whatever their
// case, PostgreSQL exactly) and type, wherever they stand; every other column is the user's (an analyst's category
// or note) and is kept. What would stop a sync is said with what to do: a column of the sync's missing or of
// another type, a primary key that is not the row key, a column of the user's that a new row could not fill.
import type { SyncColumn, SyncTableSpec } from "./engine";
import { quoteName, shownName } from "./sqlNames";
import type { Dialect, SqlSession } from "./sql";

/** A column of the user's in a synced table. */
export interface UserColumn {
  name: string;
  /** Computed by the database (PostgreSQL's GENERATED ALWAYS AS ... STORED): never written, there all the same. */
  generated: boolean;
}

/** What a rewrite needs to know of a stored table. */
export interface TableLayout {
  /** The user's columns, in the table's order. */
  userColumns: UserColumn[];
  /** The table holds the sync's columns alone, in the query's order: rows go straight in (the appender, COPY). */
  direct: boolean;
  /** Created by this rewrite (a first sync: its rows go straight in, there is nothing to compare). */
  created?: boolean;
}

/** A table the sync has just created, or one as it would create it. */
export const SYNC_COLUMNS_ONLY: TableLayout = { userColumns: [], direct: true };

/** One thing that stops the sync, and (when a statement mends it) what to run, as a sentence. */
export interface ShapeProblem {
  said: string;
  fix?: string;
}

interface FoundColumn {
  name: string;
  type: string;
  notNull: boolean;
  /** Filled without being given: a default, an identity, or computed. */
  filled: boolean;
  generated: boolean;
}

async function columnsOf(s: SqlSession, d: Dialect, table: string): Promise<FoundColumn[]> {
  const match = d.foldsCase ? "lower(table_name) = lower($1)" : "table_name = $1";
  const rows = await s.all(
    `SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS fill,
            is_identity AS identity, is_generated AS generated
       FROM information_schema.columns WHERE table_schema = current_schema() AND ${match} ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => {
    const generated = String(r.generated).toUpperCase() === "ALWAYS";
    return {
      name: String(r.name),
      type: String(r.type),
      notNull: String(r.nullable).toUpperCase() === "NO",
      filled: r.fill !== null || String(r.identity).toUpperCase() === "YES" || generated,
      generated,
    };
  });
}

/** A table's column names in its order; null when there is no such table. */
export async function columnNames(s: SqlSession, d: Dialect, table: string): Promise<string[] | null> {
  const found = await columnsOf(s, d, table);
  return found.length > 0 ? found.map((c) => c.name) : null;
}

async function primaryKey(s: SqlSession, d: Dialect, table: string): Promise<string[]> {
  const match = d.foldsCase ? "lower(c.table_name) = lower($1)" : "c.table_name = $1";
  const rows = await s.all(
    `SELECT k.column_name AS name FROM information_schema.table_constraints c
       JOIN information_schema.key_column_usage k
         ON k.constraint_name = c.constraint_name AND k.table_name = c.table_name AND k.table_schema = c.table_schema
      WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = current_schema() AND ${match}
      ORDER BY k.ordinal_position`,
    [table],
  );
  return rows.map((r) => String(r.name));
}

const sameName = (d: Dialect) => (a: string, b: string) =>
  d.foldsCase ? a.toLowerCase() === b.toLowerCase() : a === b;

function syncColumnProblem(d: Dialect, table: string, c: SyncColumn, f: FoundColumn | undefined): ShapeProblem | null {
  const type = d.types[c.type];
  const alter = `ALTER TABLE ${quoteName(table)}`;
  const name = quoteName(c.name);
  if (!f)
    return {
      said: `it has no column ${shownName(c.name)}, which the query writes`,
      fix: `Add ${shownName(c.name)} with ${alter} ADD COLUMN ${name} ${type}.`,
    };
  const want = d.schemaTypes[c.type];
  if (f.type.toUpperCase() === want.toUpperCase()) return null;
  return {
    said: `its column ${shownName(c.name)} is ${f.type} where the query writes ${want}`,
    fix: `Change ${shownName(c.name)} to ${want} with ${alter} ALTER COLUMN ${name} TYPE ${type} USING ${name}::${type}.`,
  };
}

/** A column of the user's that a new row would leave empty, where the table refuses empty. */
function userColumnProblem(table: string, f: FoundColumn): ShapeProblem | null {
  if (!f.notNull || f.filled) return null;
  const alter = `ALTER TABLE ${quoteName(table)} ALTER COLUMN ${quoteName(f.name)}`;
  return {
    said: `your column ${shownName(f.name)} is NOT NULL with no default, so the rows a sync adds could not be stored`,
    fix: `Let ${shownName(f.name)} be empty with ${alter} DROP NOT NULL, or give it a default with ${alter} SET DEFAULT <value>.`,
  };
}

/** The stored table's shape, and what stops a sync into it (nothing: it can be synced). */
export async function readShape(
  s: SqlSession,
  d: Dialect,
  spec: SyncTableSpec,
): Promise<{ shape: TableLayout; problems: ShapeProblem[] }> {
  const same = sameName(d);
  const found = await columnsOf(s, d, spec.table);
  const problems: ShapeProblem[] = [];
  for (const c of spec.columns) {
    const p = syncColumnProblem(
      d,
      spec.table,
      c,
      found.find((f) => same(f.name, c.name)),
    );
    if (p) problems.push(p);
  }
  const user = found.filter((f) => !spec.columns.some((c) => same(f.name, c.name)));
  for (const f of user) {
    const p = userColumnProblem(spec.table, f);
    if (p) problems.push(p);
  }
  const key = await primaryKey(s, d, spec.table);
  // A DuckDB table made by the sync has none (tables.ts); one made by an earlier version has the row key.
  const none = key.length === 0 && !d.declaresKey;
  if (!none && (key.length !== spec.key.length || key.some((k, i) => !same(k, spec.key[i]))))
    problems.push({
      said: `its primary key is (${key.join(", ") || "none"}) where the query's row key is (${spec.key.join(", ")})`,
    });
  const direct = found.length === spec.columns.length && found.every((f, i) => same(f.name, spec.columns[i].name));
  return { shape: { userColumns: user.map((f) => ({ name: f.name, generated: f.generated })), direct }, problems };
}
