// A data read in chunks: every query's chunks (src/core/query/chunks.ts) through one bounded pool of requests
// (its own, or a run's RequestPool shared with other reads: pool.ts),
// each answer's rows checked for shape, then each query's parts in order; a service whose weeks or months start
// elsewhere than the chunks is read again in one request per query. The client (client.ts) checks the parts
// against the question (src/core/answer/answerCheck.ts).
import { planChunks } from "../core/query/chunks";
import { dayOfTimestamp, periodStart, type IsoDate } from "../core/dates";
import { omittedMetricNames } from "../core/answer/omittedMetrics";
import { dataParams, type DataRequest } from "../core/query/query";
import type { Timeframe } from "../core/query/metrics";
import { SalesApiError } from "./errors";
import type { Http, RateLimitHandling } from "./http";
import { runAllOrFail, type RequestPool } from "./pool";
import { RowFormatError, checkRows, findPeriodField } from "./dataRows";
import type { DataRow } from "./schemas";

/** One request's answer: a chunk of a long read, or the whole query. */
export interface DataPart {
  rows: DataRow[];
  /** The dates this request asked for. */
  from: IsoDate;
  to: IsoDate;
  omitted: string[];
  periodField: string | undefined;
}

/** Where the data requests go, and how many of one read may be in flight at once. */
export interface ChunkedReader {
  http: Http;
  /** The data endpoint's path. */
  path: string;
  concurrency: number;
}

export interface ChunkedReadOptions {
  /** A failure is said with its retailer's name in front (a read of several retailers). */
  named?: boolean;
  /**
   * A run's pool (Refresh all, a sync) instead of the reader's own: the requests share its bound with the run's
   * other reads, and a 429 is left to it (sent once here, waited for and sent again by the pool).
   */
  pool?: RequestPool;
}

/**
 * Every query's chunks through one pool (at most `concurrency` data requests in flight in all, or the run's
 * `pool`), then each query's parts. Chunks assume Monday weeks and calendar months; a service that starts its
 * periods elsewhere shows it in the period values, and then that query is read again in one request so no
 * period is split.
 */
export async function readChunked(
  reader: ChunkedReader,
  queries: readonly DataRequest[],
  signal: AbortSignal | undefined,
  { named: withName = false, pool }: ChunkedReadOptions = {},
): Promise<DataPart[][]> {
  const rateLimit: RateLimitHandling = pool ? "pool" : "retry";
  const fetchOne = (query: DataRequest, stop: AbortSignal | undefined) => {
    const part = fetchPart(reader, query, stop, rateLimit);
    return withName ? part.catch(namedFailure(query.retailer)) : part;
  };
  const plans = queries.map((query) => ({ query, chunks: planChunks(query) }));
  const tasks = plans.flatMap(({ query, chunks }) =>
    chunks.map((chunk) => (stop: AbortSignal | undefined) => fetchOne({ ...query, ...chunk }, stop)),
  );
  const parts = pool ? await runAllOrFail(pool, tasks, signal) : await pooled(tasks, reader.concurrency, signal);
  const again = (query: DataRequest) =>
    pool ? pool.run((stop) => fetchOne(query, stop), { signal }) : fetchOne(query, signal);
  const out: DataPart[][] = [];
  let at = 0;
  for (const { query, chunks } of plans) {
    const own = parts.slice(at, (at += chunks.length));
    const aligned = chunks.length === 1 || alignedToChunkStarts(own, query);
    out.push(aligned ? own : [await again(query)]);
  }
  return out;
}

/** Rethrows a failure with the retailer's name in front ("freshway: ..."); a cancel stays as it is. */
export function namedFailure(retailer: string): (err: unknown) => never {
  return (err) => {
    if (err instanceof SalesApiError && err.kind !== "cancelled") {
      throw new SalesApiError(err.kind, `${retailer}: ${err.message}`, {
        status: err.status,
        serviceMessage: err.serviceMessage,
        retryAfter: err.retryAfter,
        retryAt: err.retryAt,
        field: err.field,
      });
    }
    throw err;
  };
}

/**
 * Runs tasks with at most `concurrency` in flight. The first that fails stops the others (the read has
 * failed as a whole) and its error is the one thrown; the caller's signal cancels them all.
 */
export async function pooled<T>(
  tasks: ((stop: AbortSignal | undefined) => Promise<T>)[],
  concurrency: number,
  signal?: AbortSignal,
): Promise<T[]> {
  if (tasks.length === 1) return [await tasks[0](signal)];
  const stop = new AbortController();
  const onCaller = () => stop.abort();
  signal?.addEventListener("abort", onCaller, { once: true });
  if (signal?.aborted) stop.abort(); // cancelled before the pool started: the listener above never fires
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !stop.signal.aborted) {
      const i = next++;
      results[i] = await tasks[i](stop.signal);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
    if (signal?.aborted) throw new SalesApiError("cancelled", "The request was cancelled.");
    return results;
  } catch (err) {
    stop.abort();
    throw err;
  } finally {
    signal?.removeEventListener("abort", onCaller);
  }
}

async function fetchPart(
  reader: ChunkedReader,
  query: DataRequest,
  signal: AbortSignal | undefined,
  rateLimit: RateLimitHandling,
): Promise<DataPart> {
  const { body, headers } = await reader.http.getJson(reader.path, dataParams(query), signal, rateLimit);
  let rows: DataRow[];
  try {
    rows = checkRows(body);
  } catch (err) {
    if (err instanceof RowFormatError) {
      throw new SalesApiError(
        "format",
        `The service sent data the add-in cannot read: ${err.message}. Nothing was written.`,
      );
    }
    throw err;
  }
  const omitted = omittedMetricNames(headers.get("X-Service-Omitted-Metrics"), query.metrics);
  return { rows, omitted, periodField: findPeriodField(rows), from: query.from, to: query.to };
}

/**
 * False when the service's periods show that its weeks (months) start elsewhere than the chunks: every period
 * read off a chunk start. Mixed periods (some on chunk starts, some not) are not a calendar of its own but
 * an answer the check refuses (its spacing), so they do not set off a read of the whole range in one request.
 */
function alignedToChunkStarts(parts: DataPart[], query: DataRequest): boolean {
  if (query.timeframe === "daily") return true;
  return alignedPeriods(periodValues(parts), query.timeframe);
}

/** Each part's period values, in order. */
function* periodValues(parts: DataPart[]): Iterable<unknown> {
  for (const part of parts) {
    const field = part.periodField;
    if (field) for (const row of part.rows) yield row[field];
  }
}

/**
 * Whether the period values fit Monday weeks (calendar months): true when one is a period start (or none is a
 * day), false when every one that is a day starts its period elsewhere.
 */
export function alignedPeriods(values: Iterable<unknown>, timeframe: Timeframe): boolean {
  // Rows share few periods: each distinct value is placed once (date parsing per row dominated a large read).
  const seen = new Set<string>();
  let off = false;
  for (const v of values) {
    const value = String(v);
    if (seen.has(value)) continue;
    seen.add(value);
    const day = dayOfTimestamp(value);
    if (!day) continue;
    if (periodStart(day, timeframe) === day) return true;
    off = true;
  }
  return !off;
}
