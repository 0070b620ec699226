// A DuckDB connection as the base's session: statements (values bound, DATE read as text, BIGINT as numbers), a
// query's rows streamed, and its bulk load through the appender, used the way DuckDB's transactions require (see
// loadWithAppender).
import {
  BIGINT,
  DATE,
  DOUBLE,
  DuckDBDataChunk,
  DuckDBDateValue,
  VARCHAR,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
} from "@duckdb/node-api";
import duckdb from "@duckdb/node-bindings";
import { columnWriter, VECTOR_SIZE, type ColumnWriter } from "./columnWriters";
import { letGo, type RowBlock } from "../rowBlock";
import type { SyncCell, SyncColumnType, SyncRow, SyncTableSpec } from "../engine";
import type { EngineSession } from "../sql";

/** A value DuckDB returned, as the sync reads it. */
function fromDuckDb(v: DuckDBValue): SyncCell {
  if (v === null || typeof v === "string" || typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof DuckDBDateValue) return v.toString();
  return String(v);
}

/** A connection of the file's as a session; released, it is closed. */
export function duckDbSession(connection: DuckDBConnection): EngineSession {
  return {
    async all(sql, params = []) {
      const reader = await connection.runAndReadAll(sql, [...params]);
      const names = reader.columnNames();
      return reader.getRows().map((row) => Object.fromEntries(row.map((v, i) => [names[i], fromDuckDb(v)])));
    },
    async exec(sql, params = []) {
      return (await connection.run(sql, [...params])).rowsChanged;
    },
    stream: (sql, params, size) => streamDuckDb(connection, sql, params, size),
    async rows(sql, params = []) {
      const reader = await connection.runAndReadAll(sql, [...params]);
      return reader.getRows().map((row) => row.map(fromDuckDb));
    },
    bulkLoad: (spec, blocks, temporary) => loadWithAppender(connection, spec, blocks, temporary),
    release: async () => connection.closeSync(),
  };
}

/** The rows of a query in chunks of about `size` (DuckDB streams them in its own chunks of 2,048). */
async function* streamDuckDb(
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

const DUCKDB_TYPES: Record<SyncColumnType, DuckDBType> = { date: DATE, text: VARCHAR, bigint: BIGINT, double: DOUBLE };

/** Appends a block through data chunks of up to 2,048 rows (DuckDB's vector size), a column at a time. */
function appendBlock(
  appender: DuckDBAppender,
  chunk: DuckDBDataChunk,
  block: RowBlock,
  writers: readonly ColumnWriter[],
): void {
  const { width, cells } = block;
  for (let start = 0; start < block.length; start += VECTOR_SIZE) {
    const size = Math.min(VECTOR_SIZE, block.length - start);
    chunk.rowCount = size;
    for (let j = 0; j < width; j++)
      writers[j](duckdb.data_chunk_get_vector(chunk.chunk, j), cells, start * width + j, width, size);
    appender.appendDataChunk(chunk);
    chunk.reset();
  }
}

/**
 * Bulk-loads checked blocks with DuckDB's appender, inside the connection's open transaction (into the connection's
 * temporary table of that name when `temporary`: DuckDB keeps those in the catalog "temp"). The appender takes
 * part in the transaction only for rows flushed before COMMIT or ROLLBACK (rows still buffered survive a ROLLBACK
 * and a later close commits them), so each block is flushed as it is appended, and on any failure the buffer is
 * cleared before the appender is closed: the caller then rolls back and nothing of this load remains.
 */
async function loadWithAppender(
  connection: DuckDBConnection,
  spec: SyncTableSpec,
  blocks: AsyncIterable<RowBlock>,
  temporary = false,
): Promise<number> {
  const appender = await (temporary
    ? connection.createAppender(spec.table, "main", "temp")
    : connection.createAppender(spec.table));
  const types = spec.columns.map((c) => c.type);
  const chunk = DuckDBDataChunk.create(types.map((t) => DUCKDB_TYPES[t]));
  const writers = types.map(columnWriter);
  let n = 0;
  try {
    for await (const block of blocks) {
      appendBlock(appender, chunk, block, writers);
      appender.flushSync();
      n += block.length;
      letGo(block);
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
