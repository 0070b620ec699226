// The sync's reads: a query's dates in the add-in's chunks (src/core/query/chunks.ts), one request per retailer and
// chunk, every request of a run through one shared pool (src/api/pool.ts: at most 6 in flight, slowed on a 429),
// each answer checked by the client against its question. Chunks come out in date order, a few read ahead, so
// rows stream to the database and memory does not grow with the table.
import type { DataResult, SalesClient } from "../api/client";
import type { RequestPool } from "../api/pool";
import { addDays, daysBetween, type IsoDate } from "../core/dates";
import { planChunks, type DateChunk } from "../core/query/chunks";
import { requestsOf, type Query } from "../core/query/query";

export interface SyncReader {
  client: SalesClient;
  pool: RequestPool;
  signal?: AbortSignal;
}

/** One chunk's answers: one per retailer, in the query's order. */
export interface ReadChunk {
  chunk: DateChunk;
  index: number;
  count: number;
  results: DataResult[];
}

/** Rows one request of a sync aims at: a large retailer's answers are read in smaller chunks than the add-in's. */
const TARGET_ROWS = 50_000;

/**
 * The query's answers over `dates`, chunk by chunk in date order, `ahead` chunks read before they are taken. The
 * chunks are the add-in's (src/core/query/chunks.ts), or smaller when the first period read shows they would hold
 * more than about TARGET_ROWS rows (800 stores x 150 SKUs is 120,000 rows a week): memory stays bounded.
 */
export async function* readChunks(
  reader: SyncReader,
  query: Query,
  dates: { from: IsoDate; to: IsoDate },
  ahead = 2,
): AsyncGenerator<ReadChunk> {
  const range = { level: query.level, timeframe: query.timeframe };
  const requests = requestsOf({ ...query, ...dates });
  // The client reads through the run's pool: a 429 is the pool's (it halves the run's requests and waits), never
  // retried inside one request's slot. Several retailers as the add-in reads them: the first failure ends the read.
  const opts = { signal: reader.signal, pool: reader.pool };
  const read = (chunk: DateChunk): Promise<DataResult[]> =>
    requests.length === 1
      ? reader.client.getData({ ...requests[0], ...chunk }, opts).then((r) => [r])
      : reader.client.getDataForRetailers({ ...query, ...chunk }, opts);
  // The first period alone tells how many rows a period holds.
  const [first] = planChunks({ ...range, ...dates }, 1);
  let head: DataResult[] | null = await read(first);
  const rest = daysBetween(first.to, dates.to) > 0 ? { ...range, from: addDays(first.to, 1), to: dates.to } : null;
  const rows = head!.reduce((n, r) => n + r.rows.length, 0);
  const fits = Math.max(1, Math.floor(TARGET_ROWS / Math.max(rows, 1)));
  const chunks = rest ? [planChunks(rest), planChunks(rest, fits)].reduce((a, b) => (b.length > a.length ? b : a)) : [];
  const count = chunks.length + 1;
  yield { chunk: first, index: 0, count, results: head! };
  head = null; // written: held no longer (a week of a large retailer is tens of MB)
  const pending: Promise<DataResult[]>[] = [];
  let next = 0;
  const fill = () => {
    while (next < chunks.length && pending.length <= ahead) {
      const p = read(chunks[next++]);
      // A chunk read ahead that fails after the read has stopped is not left unhandled.
      p.catch(() => undefined);
      pending.push(p);
    }
  };
  for (let index = 0; index < chunks.length; index++) {
    fill();
    yield { chunk: chunks[index], index: index + 1, count, results: await pending.shift()! };
  }
}
