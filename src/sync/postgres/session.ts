// A PostgreSQL connection (a client of the engine's pool) as the base's session: statements (values bound, DATE read
// as text, BIGINT as numbers), rows read through a cursor in chunks, and the bulk load through COPY FROM STDIN in
// COPY's binary format (pg-copy-streams), never row by row.
import { once } from "node:events";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import pg, { type ClientBase, type CustomTypesConfig, type PoolClient } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { dayNumber, type IsoDate } from "../../core/dates";
import { letGo, type RowBlock } from "../rowBlock";
import type { SyncCell, SyncColumnType, SyncRow, SyncTableSpec } from "../engine";
import { quoteName } from "../sqlNames";
import type { EngineSession } from "../sql";

const DATE_OID = 1082;
const INT8_OID = 20;

/** DATE as its text (node-pg would make a local-midnight Date), BIGINT as a number (the sync stores safe integers). */
export const PG_TYPES: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === DATE_OID) return (text: string) => text;
    if (oid === INT8_OID) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format ?? "text");
  }) as CustomTypesConfig["getTypeParser"],
};

/** A client of the pool as a session; released, it goes back to the pool (or is closed, when broken). */
export function pgSession(client: PoolClient): EngineSession {
  return {
    async all(sql, params = []) {
      return (await client.query(sql, [...params])).rows as Record<string, string | number | null>[];
    },
    async exec(sql, params = []) {
      return (await client.query(sql, [...params])).rowCount ?? 0;
    },
    stream: (sql, params, size) => streamPg(client, sql, params, size),
    async rows(sql, params = []) {
      return (await client.query({ text: sql, values: [...params], rowMode: "array" })).rows as SyncRow[];
    },
    bulkLoad: (spec, blocks, temporary) => loadWithCopy(client, spec, blocks, temporary),
    release: async (broken) => client.release(broken),
  };
}

/** The rows of a query through a cursor, `size` at a time (the transaction is open, so the cursor lives in it). */
async function* streamPg(
  client: ClientBase,
  sql: string,
  params: readonly string[],
  size: number,
): AsyncIterable<SyncRow[]> {
  await client.query(`DECLARE sales_sync_window NO SCROLL CURSOR FOR ${sql}`, [...params]);
  for (;;) {
    const { rows } = await client.query({
      text: `FETCH ${Math.max(1, Math.floor(size))} FROM sales_sync_window`,
      rowMode: "array",
    });
    if (rows.length === 0) break;
    yield rows as SyncRow[];
  }
  await client.query("CLOSE sales_sync_window");
}

// Rows in COPY's binary format (PostgreSQL's manual, COPY, "Binary Format"): a header, then each row as its field
// count and each field as its length (-1 for null) and bytes, in network byte order, then a trailer. A value goes as
// the server keeps it (a day as days since 2000-01-01, a code as an 8-byte integer, a figure as the 8-byte double the
// service sent): nothing is turned into text and read back, no text is escaped, and the server parses no numbers.
// Writing COPY's text format took about 3 of the sync process's 18 busy seconds in the bench's large first sync.

/** "PGCOPY\n\377\r\n\0", then the flags (none) and the length of the header's extension (none). */
const COPY_HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);

/** The field count -1: no more rows. */
const COPY_TRAILER = Buffer.from([0xff, 0xff]);

/** 2000-01-01 in days since 1970-01-01: PostgreSQL counts its days from there. */
const PG_EPOCH_DAY = 10_957;
const TWO_TO_32 = 4_294_967_296;

/**
 * Writes checked rows of a table's column types as COPY's binary rows. The cells are the row checks' (rowChecks.ts):
 * a day a "YYYY-MM-DD" string, a code a safe integer, a figure a number, text a string without U+0000.
 * A seam: its bytes are checked field by field (test/sync/parts.test.ts), hostile text end to end beside it.
 * @public
 */
export class BinaryRows {
  private buffer = Buffer.allocUnsafe(1 << 20);
  /** The buffer's bytes for numbers in network byte order (a DataView's setters are inlined where Buffer's are not). */
  private view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.length);
  private at = 0;
  private readonly days = new Map<string, number>();

  constructor(private readonly types: readonly SyncColumnType[]) {}

  /** Rows `from` to `to` (not included) of cells laid row after row, as bytes of their own. */
  rows(cells: ArrayLike<SyncCell>, from: number, to: number): Buffer {
    const { types } = this;
    const width = types.length;
    this.at = 0;
    for (let i = from; i < to; i++) {
      this.view.setInt16(this.room(2), width);
      this.at += 2;
      for (let j = 0, c = i * width; j < width; j++, c++) this.field(types[j], cells[c]);
    }
    return Buffer.from(this.buffer.subarray(0, this.at));
  }

  private field(type: SyncColumnType, v: SyncCell): void {
    // The most a field other than text takes: its length and 8 bytes.
    const at = this.room(12);
    const view = this.view;
    if (v === null) {
      view.setInt32(at, -1);
      this.at = at + 4;
      return;
    }
    switch (type) {
      case "date": {
        let day = this.days.get(v as string);
        if (day === undefined) this.days.set(v as string, (day = dayNumber(v as IsoDate) - PG_EPOCH_DAY));
        view.setInt32(at, 4);
        view.setInt32(at + 4, day);
        this.at = at + 8;
        return;
      }
      case "bigint": {
        const high = Math.floor((v as number) / TWO_TO_32);
        view.setInt32(at, 8);
        view.setInt32(at + 4, high);
        view.setUint32(at + 8, (v as number) - high * TWO_TO_32);
        this.at = at + 12;
        return;
      }
      case "double":
        view.setInt32(at, 8);
        view.setFloat64(at + 4, v as number);
        this.at = at + 12;
        return;
      case "text":
        this.text(v as string);
    }
  }

  /** Text as its UTF-8 bytes: ASCII byte by byte (Buffer's write is a call into C++ for each), the rest by write(). */
  private text(text: string): void {
    // UTF-8 takes at most 3 bytes for each UTF-16 unit; the room is made before writing, as write() cuts short.
    const start = this.room(4 + text.length * 3);
    const bytes = this.buffer;
    let n = 0;
    for (const end = text.length; n < end; n++) {
      const c = text.charCodeAt(n);
      if (c >= 0x80) {
        n = bytes.write(text, start + 4, "utf8");
        break;
      }
      bytes[start + 4 + n] = c;
    }
    this.view.setInt32(start, n);
    this.at = start + 4 + n;
  }

  /** Makes room for `bytes` more (the rows written so far kept); where to write next. */
  private room(bytes: number): number {
    if (this.at + bytes > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
      this.buffer.copy(bigger, 0, 0, this.at);
      this.buffer = bigger;
      this.view = new DataView(bigger.buffer, bigger.byteOffset, bigger.length);
    }
    return this.at;
  }
}

/** Rows written to the COPY stream at once. */
const ROWS_PER_WRITE = 4096;

/** A block as COPY's binary rows, a few thousand rows a write (never the block's bytes whole), minding back-pressure. */
async function writeBlock(stream: Writable, rows: BinaryRows, { length, cells }: RowBlock): Promise<void> {
  for (let start = 0; start < length; start += ROWS_PER_WRITE)
    if (!stream.write(rows.rows(cells, start, Math.min(length, start + ROWS_PER_WRITE)))) await once(stream, "drain");
}

/**
 * Bulk-loads checked chunks with COPY FROM STDIN in the open transaction (into the session's temporary table of that
 * name when `temporary`), honouring the stream's back-pressure so memory holds about one chunk. On any failure the
 * COPY is cancelled (CopyFail, with a fixed text: row values never reach the server's log) and the error rethrown
 * for the caller to roll back.
 */
async function loadWithCopy(
  client: ClientBase,
  spec: SyncTableSpec,
  blocks: AsyncIterable<RowBlock>,
  temporary = false,
): Promise<number> {
  const columns = spec.columns.map((c) => quoteName(c.name)).join(", ");
  const table = `${temporary ? "pg_temp." : ""}${quoteName(spec.table)}`;
  const stream = client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN WITH (FORMAT binary)`));
  const rows = new BinaryRows(spec.columns.map((c) => c.type));
  let n = 0;
  try {
    stream.write(COPY_HEADER);
    for await (const block of blocks) {
      await writeBlock(stream, rows, block);
      n += block.length;
      letGo(block);
    }
    stream.write(COPY_TRAILER);
    stream.end();
    await finished(stream);
    return n;
  } catch (error) {
    if (!stream.destroyed) {
      stream.destroy(new Error("The sync stopped this load."));
      await finished(stream).catch(() => undefined);
    }
    throw error;
  }
}
