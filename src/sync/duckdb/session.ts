// A DuckDB connection as the base's session: statements (values bound, DATE read as text, BIGINT as numbers), a
// query's rows streamed, and its bulk load through the appender, its chunks written column by column through the C API
// and used the way DuckDB's transactions require (see loadWithAppender).
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
import { dayNumber, type IsoDate } from "../../core/dates";
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

// A block's columns are written into a DuckDB data chunk through DuckDB's C API (@duckdb/node-bindings, which
// @duckdb/node-api is built on): each column's values laid in a typed array of the chunk's size and copied in with one
// call, its nulls as a validity mask. The node-api's vectors take a BigInt per code and a call into C per string;
// here a code is written as its two 32-bit halves, and a string the row above repeats (a SKU's name down its
// stores) is copied within the vector instead of assigned again (DuckDB copies a chunk's strings when it appends it).

/** Rows of a DuckDB data chunk (its STANDARD_VECTOR_SIZE). */
const VECTOR_SIZE = 2048;

/** duckdb_string_t: a length and 12 bytes (the string inline, or a prefix and a pointer). */
const STRING_BYTES = 16;
const TWO_TO_32 = 4_294_967_296;

/** Writes one column of `size` rows from `cells` (row r's value at `at + r * width`) into a chunk's vector. */
type ColumnWriter = (
  vector: duckdb.Vector,
  cells: ArrayLike<SyncCell>,
  at: number,
  width: number,
  size: number,
) => void;

/** A mask of VECTOR_SIZE rows, all valid, as DuckDB lays validity out (bit r of 64-bit words, least first). */
class Validity {
  private readonly mask = new Uint8Array(VECTOR_SIZE / 8);
  private nulls = false;

  start(): void {
    if (this.nulls) this.mask.fill(0xff);
    this.nulls = false;
  }

  null(row: number): void {
    if (!this.nulls) this.mask.fill(0xff);
    this.nulls = true;
    this.mask[row >> 3] &= ~(1 << (row & 7));
  }

  /** Copies the mask into the vector where a row was null (a vector is all valid until told otherwise). */
  flush(vector: duckdb.Vector, size: number): void {
    if (!this.nulls) return;
    duckdb.vector_ensure_validity_writable(vector);
    duckdb.copy_data_to_vector_validity(vector, 0, this.mask.buffer, 0, Math.ceil(size / 64) * 8);
  }
}

/** A column of 4- or 8-byte values: `put` lays a value at row r of the column's own buffer. */
function fixedWriter(bytes: 4 | 8, make: (buffer: ArrayBuffer) => (r: number, v: SyncCell) => void): ColumnWriter {
  const buffer = new ArrayBuffer(VECTOR_SIZE * bytes);
  const put = make(buffer);
  const validity = new Validity();
  return (vector, cells, at, width, size) => {
    validity.start();
    for (let r = 0; r < size; r++, at += width) {
      const v = cells[at];
      if (v === null) validity.null(r);
      else put(r, v);
    }
    duckdb.copy_data_to_vector(vector, 0, buffer, 0, size * bytes);
    validity.flush(vector, size);
  };
}

function textWriter(): ColumnWriter {
  const validity = new Validity();
  const repeats = new Uint8Array(VECTOR_SIZE);
  return (vector, cells, at, width, size) => {
    validity.start();
    let last: SyncCell = null;
    let repeated = false;
    for (let r = 0; r < size; r++, at += width) {
      const v = cells[at];
      repeats[r] = 0;
      if (v === null) validity.null(r);
      else if (v === last) {
        repeats[r] = 1;
        repeated = true;
      } else duckdb.vector_assign_string_element(vector, r, v as string);
      last = v;
    }
    if (repeated) {
      // The vector's strings as bytes (the bindings give a copy), each repeat given the one above's, and back.
      const data = duckdb.vector_get_data(vector, size * STRING_BYTES);
      for (let r = 1; r < size; r++)
        if (repeats[r]) data.copyWithin(r * STRING_BYTES, (r - 1) * STRING_BYTES, r * STRING_BYTES);
      duckdb.copy_data_to_vector(vector, 0, data.buffer as ArrayBuffer, data.byteOffset, size * STRING_BYTES);
    }
    validity.flush(vector, size);
  };
}

/** A writer for each column type; a table's loader makes one per column (each keeps its own buffers). */
function columnWriter(type: SyncColumnType): ColumnWriter {
  switch (type) {
    case "double":
      return fixedWriter(8, (buffer) => {
        const values = new Float64Array(buffer);
        return (r, v) => (values[r] = v as number);
      });
    case "bigint":
      return fixedWriter(8, (buffer) => {
        // Little-endian halves (DuckDB's node bindings are built for x64 and arm64, both little-endian).
        const low = new Uint32Array(buffer);
        const high = new Int32Array(buffer);
        return (r, v) => {
          const h = Math.floor((v as number) / TWO_TO_32);
          low[2 * r] = (v as number) - h * TWO_TO_32;
          high[2 * r + 1] = h;
        };
      });
    case "date": {
      const days = new Map<string, number>();
      return fixedWriter(4, (buffer) => {
        const values = new Int32Array(buffer);
        return (r, v) => {
          let day = days.get(v as string);
          if (day === undefined) days.set(v as string, (day = dayNumber(v as IsoDate)));
          values[r] = day;
        };
      });
    }
    case "text":
      return textWriter();
  }
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
