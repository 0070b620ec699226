// The sync's reads: a query's dates in the add-in's chunks (src/core/query/chunks.ts), one request per retailer and
// chunk, every request of a run through one shared pool (src/api/pool.ts: at most 6 in flight, slowed on a 429),
// each answer checked by the client against its question. Chunks come out in date order, a few read ahead, so
// rows stream to the database and memory does not grow with the table.
// One place to swap for the client's own pooled read when the client takes a shared pool (issue 24).
import type { DataResult, SalesClient } from "../api/client";
import { runAllOrFail, type RequestPool } from "../api/pool";
import type { IsoDate } from "../core/dates";
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

/** The chunks a read of `query` over these dates makes (what a progress bar counts). */
const chunksOf = (query: Query, dates: { from: IsoDate; to: IsoDate }): DateChunk[] =>
  planChunks({ ...dates, level: query.level, timeframe: query.timeframe });

/** The query's answers over `dates`, chunk by chunk in date order, `ahead` chunks read before they are taken. */
export async function* readChunks(
  reader: SyncReader,
  query: Query,
  dates: { from: IsoDate; to: IsoDate },
  ahead = 2,
): AsyncGenerator<ReadChunk> {
  const chunks = chunksOf(query, dates);
  const requests = requestsOf({ ...query, ...dates });
  const read = (chunk: DateChunk) =>
    runAllOrFail(
      reader.pool,
      requests.map((r) => (signal: AbortSignal) => reader.client.getData({ ...r, ...chunk }, { signal })),
      reader.signal,
    );
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
    const results = await pending.shift()!;
    yield { chunk: chunks[index], index, count: chunks.length, results };
  }
}
