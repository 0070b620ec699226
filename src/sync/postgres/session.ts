// A PostgreSQL connection (a client of the engine's pool) as the base's session: statements (values bound, DATE read
// as text, BIGINT as numbers), rows read through a cursor in chunks, and the bulk load through COPY FROM STDIN
// (pg-copy-streams), never row by row.
import { once } from "node:events";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import pg, { type ClientBase, type CustomTypesConfig, type PoolClient } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { letGo, type RowBlock } from "../rowBlock";
import type { SyncCell, SyncRow, SyncTableSpec } from "../engine";
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

/** Lines of COPY text written at once. */
const LINES_PER_WRITE = 4096;

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/**
 * One row in COPY's text format: tab between values, \N for null, backslash, tab and line breaks escaped; the row's
 * values are cells[at] to cells[at + width - 1] (a whole row array by default).
 * A seam: every escape is checked on its own (test/sync/parts.test.ts), hostile text end to end beside it.
 * @public
 */
export function copyLine(cells: ArrayLike<SyncCell>, at = 0, width = cells.length - at): string {
  let line = "";
  for (let i = 0; i < width; i++) {
    const v = cells[at + i];
    if (i > 0) line += "\t";
    if (v === null) line += "\\N";
    else if (typeof v === "number") line += String(v);
    else line += v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]);
  }
  return `${line}\n`;
}

/** A block as COPY text, a few thousand lines a write (a block's text is never built whole), minding back-pressure. */
async function writeBlock(stream: Writable, { width, length, cells }: RowBlock): Promise<void> {
  for (let start = 0; start < length; start += LINES_PER_WRITE) {
    let text = "";
    for (let i = start; i < Math.min(length, start + LINES_PER_WRITE); i++) text += copyLine(cells, i * width, width);
    if (!stream.write(text)) await once(stream, "drain");
  }
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
  const stream = client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`));
  let n = 0;
  try {
    for await (const block of blocks) {
      await writeBlock(stream, block);
      n += block.length;
      letGo(block);
    }
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
