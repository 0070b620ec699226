// A DuckDB connection as the sync's SQL session (values bound, DATE read as text, BIGINT as numbers) and its bulk
// load through the appender, used the way DuckDB's transactions require (see loadWithAppender).
import { DuckDBDateValue, type DuckDBAppender, type DuckDBConnection, type DuckDBValue } from "@duckdb/node-api";
import type { SyncCell, SyncColumnType, SyncRow, SyncTableSpec } from "../engine";
import type { SqlSession } from "../tables";

/** A value DuckDB returned, as the sync reads it. */
function fromDuckDb(v: DuckDBValue): SyncCell {
  if (v === null || typeof v === "string" || typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof DuckDBDateValue) return v.toString();
  return String(v);
}

export function duckDbSession(connection: DuckDBConnection): SqlSession {
  return {
    async all(sql, params = []) {
      const reader = await connection.runAndReadAll(sql, [...params]);
      const names = reader.columnNames();
      return reader.getRows().map((row) => Object.fromEntries(row.map((v, i) => [names[i], fromDuckDb(v)])));
    },
    async exec(sql, params = []) {
      return (await connection.run(sql, [...params])).rowsChanged;
    },
  };
}

/** The rows of a query in chunks of about `size` (DuckDB streams them in its own chunks of 2,048). */
export async function* streamDuckDb(
  connection: DuckDBConnection,
  sql: string,
  params: readonly string[],
  size: number,
): AsyncIterable<SyncRow[]> {
  const result = await connection.stream(sql, [...params]);
  let out: SyncRow[] = [];
  for await (const chunk of result) {
    for (const row of chunk.getRows()) out.push(row.map(fromDuckDb));
    if (out.length >= size) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

const DAY_MS = 86_400_000;

/** A checked "YYYY-MM-DD" as DuckDB's day number (days since 1970-01-01). */
function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
}

function appendRow(
  appender: DuckDBAppender,
  row: SyncRow,
  types: readonly SyncColumnType[],
  days: Map<string, DuckDBDateValue>,
): void {
  for (let i = 0; i < types.length; i++) {
    const v = row[i];
    if (v === null) appender.appendNull();
    else if (types[i] === "double") appender.appendDouble(v as number);
    else if (types[i] === "text") appender.appendVarchar(v as string);
    else if (types[i] === "bigint") appender.appendBigInt(BigInt(v as number));
    else {
      let day = days.get(v as string);
      if (!day) days.set(v as string, (day = new DuckDBDateValue(dayNumber(v as string))));
      appender.appendDate(day);
    }
  }
  appender.endRow();
}

/**
 * Bulk-loads checked chunks with DuckDB's appender, inside the connection's open transaction. The appender takes
 * part in the transaction only for rows flushed before COMMIT or ROLLBACK (rows still buffered survive a ROLLBACK
 * and a later close commits them), so each chunk is flushed as it is appended, and on any failure the buffer is
 * cleared before the appender is closed: the caller then rolls back and nothing of this load remains.
 */
export async function loadWithAppender(
  connection: DuckDBConnection,
  spec: SyncTableSpec,
  chunks: AsyncIterable<readonly SyncRow[]>,
): Promise<number> {
  const appender = await connection.createAppender(spec.table);
  const types = spec.columns.map((c) => c.type);
  const days = new Map<string, DuckDBDateValue>();
  let n = 0;
  try {
    for await (const chunk of chunks) {
      for (const row of chunk) appendRow(appender, row, types, days);
      appender.flushSync();
      n += chunk.length;
    }
    appender.closeSync();
    return n;
  } catch (error) {
    try {
      appender.clear();
      appender.closeSync();
    } catch {
      // the appender is gone with the transaction; nothing of it can be committed now
    }
    throw error;
  }
}
