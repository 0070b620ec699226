// The sync's own tables, the same in both engines: sales_sync_runs (one row per run and query: when, the window,
// rows deleted, inserted and changed, synced, held or failed and why) and sales_revisions (each figure a run changed).
import type {
  RecordedRevision,
  RecordedRun,
  StoredPeriod,
  SyncedTable,
  SyncOutcome,
  SyncRevision,
  SyncRow,
  SyncRun,
  SyncTableSpec,
} from "./engine";
import { quoteName, REVISIONS_TABLE, RUNS_TABLE } from "./sqlNames";
import type { Dialect, SqlSession } from "./sql";
import { tableExists } from "./tables";

/** The run table's columns after run_id (its id column differs: an identity in PostgreSQL, a sequence in DuckDB). */
const RUN_COLUMNS = (d: Dialect) => `
  table_name ${d.types.text} NOT NULL,
  query ${d.types.text} NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ NOT NULL,
  window_from DATE,
  window_to DATE,
  read_on DATE,
  rows_deleted BIGINT NOT NULL,
  rows_inserted BIGINT NOT NULL,
  rows_changed BIGINT NOT NULL,
  outcome ${d.types.text} NOT NULL CHECK (outcome IN ('synced', 'held', 'failed')),
  reason ${d.types.text}`;

/** What a run was of: its table, the query as JSON (never the key), when it began, its window and the day read. */
export interface RunOf {
  table: string;
  query: string;
  startedAt: Date;
  window: SyncRun["window"];
  readOn?: SyncRun["readOn"];
}

/** How a run ended: synced (with what it wrote, or nothing), or held or failed with why (nothing written). */
export type RunEnd =
  | { outcome: "synced"; deleted?: number; inserted?: number; changed?: number }
  | { outcome: "held" | "failed"; reason: string };

/** A run's row in sales_sync_runs, ended now: the one place a run's record is made. */
export function runRow(of: RunOf, end: RunEnd): SyncRun {
  const wrote: { deleted?: number; inserted?: number; changed?: number } = end.outcome === "synced" ? end : {};
  return {
    ...of,
    readOn: of.readOn ?? null,
    endedAt: new Date(),
    deleted: wrote.deleted ?? 0,
    inserted: wrote.inserted ?? 0,
    changed: wrote.changed ?? 0,
    outcome: end.outcome,
    reason: end.outcome === "synced" ? null : end.reason,
  };
}

/** CREATE statements of the two log tables, in the engine's dialect. */
function logTablesSql(d: Dialect): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${RUNS_TABLE} (run_id ${d.runId}, ${RUN_COLUMNS(d)})`,
    `CREATE TABLE IF NOT EXISTS ${REVISIONS_TABLE} (
      run_id BIGINT NOT NULL, table_name ${d.types.text} NOT NULL, period DATE NOT NULL, row_key ${d.types.text} NOT NULL,
      metric ${d.types.text} NOT NULL, old_value ${d.types.double}, new_value ${d.types.double})`,
    `CREATE INDEX IF NOT EXISTS sales_revisions_run ON ${REVISIONS_TABLE} (run_id)`,
  ];
}

/**
 * Creates the log tables where they are missing, in a transaction of their own on the session (after the dialect's
 * setup: DuckDB's id sequence, PostgreSQL's lock against two syncs creating them at once). An engine runs it once
 * per database it opens.
 */
export async function ensureLogTables(s: SqlSession, d: Dialect): Promise<void> {
  // Made together, so both there is all there: CREATE INDEX IF NOT EXISTS would still wait for a lock that a sync
  // writing its revisions holds until it commits.
  if ((await tableExists(s, d, RUNS_TABLE)) && (await tableExists(s, d, REVISIONS_TABLE))) return;
  await s.exec("BEGIN");
  for (const sql of [...d.logSetup, ...logTablesSql(d)]) await s.exec(sql);
  await s.exec("COMMIT");
}

/** sales_revisions as a table to bulk-load (its rows from revisionRows). */
export const REVISIONS_SPEC: SyncTableSpec = {
  table: REVISIONS_TABLE,
  columns: [
    { name: "run_id", type: "bigint" },
    { name: "table_name", type: "text" },
    { name: "period", type: "date" },
    { name: "row_key", type: "text" },
    { name: "metric", type: "text" },
    { name: "old_value", type: "double" },
    { name: "new_value", type: "double" },
  ],
  key: ["run_id", "table_name", "period", "row_key", "metric"],
  period: "period",
};

/** Revisions as rows of sales_revisions, in chunks; the rest of the row key as JSON. */
export function* revisionRows(
  run: number,
  table: string,
  revisions: Iterable<SyncRevision>,
  size = 5000,
): Iterable<SyncRow[]> {
  let chunk: SyncRow[] = [];
  for (const r of revisions) {
    chunk.push([run, table, r.period, JSON.stringify(r.key), r.metric, r.old, r.new]);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** Writes a run's row; its id (`id` when given, taken before with Dialect.nextRunId, else the next one). */
export async function insertRun(s: SqlSession, run: SyncRun, id?: number, d?: Dialect): Promise<number> {
  const given = id !== undefined;
  const rows = await s.all(
    `INSERT INTO ${RUNS_TABLE} (${given ? "run_id, " : ""}table_name, query, started_at, ended_at, window_from,
       window_to, rows_deleted, rows_inserted, rows_changed, outcome, reason, read_on) ${given ? (d?.overriding ?? "") : ""}
     VALUES (${given ? "$13::BIGINT, " : ""}$1, $2, $3::TIMESTAMPTZ, $4::TIMESTAMPTZ, $5::DATE, $6::DATE, $7::BIGINT,
       $8::BIGINT, $9::BIGINT, $10, $11, $12::DATE)
     RETURNING run_id`,
    [
      run.table,
      run.query,
      run.startedAt.toISOString(),
      run.endedAt.toISOString(),
      run.window?.from ?? null,
      run.window?.to ?? null,
      run.deleted,
      run.inserted,
      run.changed,
      run.outcome,
      run.reason,
      run.readOn ?? null,
      ...(given ? [id] : []),
    ],
  );
  return Number(rows[0].run_id);
}

const runSelect = (d: Dialect) => `SELECT run_id, table_name, query, ${d.epochMs("started_at")} AS started_ms,
  ${d.epochMs("ended_at")} AS ended_ms, window_from, window_to, read_on, rows_deleted, rows_inserted, rows_changed, outcome, reason
  FROM ${RUNS_TABLE}`;

function toRun(r: Record<string, unknown>): RecordedRun {
  return {
    id: Number(r.run_id),
    table: String(r.table_name),
    query: String(r.query),
    startedAt: new Date(Number(r.started_ms)),
    endedAt: new Date(Number(r.ended_ms)),
    window: r.window_from === null ? null : { from: String(r.window_from), to: String(r.window_to) },
    readOn: r.read_on === null || r.read_on === undefined ? null : String(r.read_on),
    deleted: Number(r.rows_deleted),
    inserted: Number(r.rows_inserted),
    changed: Number(r.rows_changed),
    outcome: r.outcome as SyncOutcome,
    reason: r.reason === null ? null : String(r.reason),
  };
}

export async function readRuns(
  s: SqlSession,
  d: Dialect,
  o: { table?: string; limit?: number } = {},
): Promise<RecordedRun[]> {
  const where = o.table === undefined ? "" : " WHERE table_name = $2";
  const params = o.table === undefined ? [o.limit ?? 100] : [o.limit ?? 100, o.table];
  const rows = await s.all(`${runSelect(d)}${where} ORDER BY run_id DESC LIMIT $1::BIGINT`, params);
  return rows.map(toRun);
}

export async function readRun(s: SqlSession, d: Dialect, id: number): Promise<RecordedRun | null> {
  const rows = await s.all(`${runSelect(d)} WHERE run_id = $1::BIGINT`, [id]);
  return rows.length > 0 ? toRun(rows[0]) : null;
}

export async function readRevisions(s: SqlSession, run: number): Promise<RecordedRevision[]> {
  const rows = await s.all(
    `SELECT run_id, table_name, period, row_key, metric, old_value, new_value FROM ${REVISIONS_TABLE}
      WHERE run_id = $1::BIGINT ORDER BY period, row_key, metric`,
    [run],
  );
  return rows.map((r) => ({
    run: Number(r.run_id),
    table: String(r.table_name),
    period: String(r.period),
    key: JSON.parse(String(r.row_key)) as Record<string, string | number>,
    metric: String(r.metric),
    old: r.old_value === null ? null : Number(r.old_value),
    new: r.new_value === null ? null : Number(r.new_value),
  }));
}

/** Each table with a run: its rows now (null when the table is gone) and its last run. */
/**
 * Each table with a run, its rows and its last run: those that exist, and those a run once synced that are gone
 * (dropped). A table no run ever made (a query whose every run failed before writing) is not listed; `runs` has them.
 */
export async function listSynced(s: SqlSession, d: Dialect): Promise<SyncedTable[]> {
  const last = await s.all(
    `${runSelect(d)} WHERE run_id IN (SELECT max(run_id) FROM ${RUNS_TABLE} GROUP BY table_name) ORDER BY table_name`,
  );
  const synced = new Set(
    (await s.all(`SELECT DISTINCT table_name AS t FROM ${RUNS_TABLE} WHERE outcome = 'synced'`)).map((r) => r.t),
  );
  const out: SyncedTable[] = [];
  for (const r of last) {
    const lastRun = toRun(r);
    const exists = await tableExists(s, d, lastRun.table);
    if (!exists && !synced.has(lastRun.table)) continue;
    const rows = exists ? Number((await s.all(`SELECT count(*) AS n FROM ${quoteName(lastRun.table)}`))[0].n) : null;
    out.push({ table: lastRun.table, rows, lastRun });
  }
  return out;
}

/**
 * The periods a table holds with their rows, in date order (its period is its first column, as the sync creates
 * every table); null when the table does not exist.
 */
export async function periodsOf(s: SqlSession, d: Dialect, table: string): Promise<StoredPeriod[] | null> {
  if (!(await tableExists(s, d, table))) return null;
  const match = d.foldsCase ? "lower(table_name) = lower($1)" : "table_name = $1";
  const [first] = await s.all(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND ${match} ORDER BY ordinal_position LIMIT 1`,
    [table],
  );
  const p = quoteName(String(first.name));
  const rows = await s.all(`SELECT ${p} AS period, count(*) AS n FROM ${quoteName(table)} GROUP BY ${p} ORDER BY ${p}`);
  return rows.map((r) => ({ period: String(r.period), rows: Number(r.n) }));
}
