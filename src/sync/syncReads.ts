// The sync's reads: a query's dates in chunks, one request per retailer and chunk, every request of a run through
// one shared pool (src/api/pool.ts: at most 6 in flight, slowed on a 429), each answer checked by the client
// against its question as it arrives. Chunks come out in date order, one read ahead, each chunk's answers made into
// rows by `read` as they stream (src/sync/chunkRows.ts), so memory holds two chunks' rows at most, never an answer
// whole, and does not grow with the table.
import type { SalesClient } from "../api/client";
import type { RequestPool } from "../api/pool";
import { addDays, daysBetween, type IsoDate } from "../core/dates";
import { planChunks, type DateChunk } from "../core/query/chunks";
import type { Query } from "../core/query/query";

export interface SyncReader {
  client: SalesClient;
  pool: RequestPool;
  signal?: AbortSignal;
}

/** One chunk, as `read` made it of its answers (one per retailer, in the query's order). */
export interface ReadChunk<T> {
  chunk: DateChunk;
  index: number;
  count: number;
  value: T;
}

/** A chunk read: what `read` made of it, and (for a probe) the most rows any one period held in its answers. */
export interface ChunkRead<T> {
  value: T;
  busiest: number;
}

/** Reads one chunk's answers; `probe`: the busiest period is wanted too. */
export type ReadOneChunk<T> = (chunk: DateChunk, probe: boolean) => Promise<ChunkRead<T>>;

/** Rows one request of a sync aims at: a large retailer's answers are read in smaller chunks than the add-in's. */
const TARGET_ROWS = 50_000;

/** Chunks read ahead of the one being written: one keeps the service busy, more only hold more rows. */
const AHEAD = 1;

/**
 * The query's chunks over `dates`, in date order, each made into rows by `read`. First a probe, one read at a time:
 * the first period alone, then (while the answers are empty) 1, 2, 4 ... periods up to the add-in's chunk, until an
 * answer has rows; the busiest period in it sizes the rest's chunks (the add-in's, or smaller ones of about
 * TARGET_ROWS: 800 stores x 150 SKUs is 120,000 rows a period, so one period a request). `read` sees the probe's
 * chunks in date order, so the first it sees with rows is the first in the range.
 */
export async function* readChunks<T>(
  query: Query,
  dates: { from: IsoDate; to: IsoDate },
  read: ReadOneChunk<T>,
): AsyncGenerator<ReadChunk<T>> {
  const range = { level: query.level, timeframe: query.timeframe };
  const rest = (from: IsoDate) => (daysBetween(from, dates.to) >= 0 ? { ...range, from, to: dates.to } : null);

  const probed: { chunk: DateChunk; value: T }[] = [];
  let left = rest(dates.from);
  let rows = 0;
  for (let periods = 1; left && rows === 0; periods *= 2) {
    const [probe, whole] = [planChunks(left, periods)[0], planChunks(left)[0]];
    const chunk = probe.to <= whole.to ? probe : whole;
    const { value, busiest } = await read(chunk, true);
    rows = busiest;
    probed.push({ chunk, value });
    left = rest(addDays(chunk.to, 1));
  }
  const fits = Math.max(1, Math.floor(TARGET_ROWS / Math.max(rows, 1)));
  const chunks = left ? [planChunks(left), planChunks(left, fits)].reduce((a, b) => (b.length > a.length ? b : a)) : [];
  const count = probed.length + chunks.length;
  let index = 0;
  while (probed.length > 0) yield { ...probed.shift()!, index: index++, count };

  // One chunk's requests at a time, each sent once the chunk before it is rows, and one chunk of rows waiting at
  // most: the service is kept busy while a chunk is written, and one chunk is parsed at a time (chunks parsed side by
  // side would each hold their rows until they end).
  const pending: Promise<T>[] = [];
  let turn: Promise<unknown> = Promise.resolve();
  let next = 0;
  const fill = () => {
    while (next < chunks.length && pending.length <= AHEAD) {
      const chunk = chunks[next++];
      // After a failed read the next is never sent: the sync has failed. The turn holds no rows.
      const p = turn.then(() => read(chunk, false)).then((r) => r.value);
      turn = p.then(() => undefined);
      // A chunk read ahead that fails after the read has stopped is not left unhandled.
      p.catch(() => undefined);
      turn.catch(() => undefined);
      pending.push(p);
    }
  };
  for (const chunk of chunks) {
    fill();
    yield { chunk, index: index++, count, value: await pending.shift()! };
  }
}
