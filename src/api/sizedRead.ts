// The pane's and the functions' read of a query, in chunks by the command's rule (src/sync/syncReads.ts): first the
// query's first period alone (then 1, 2, 4 ... periods while the answers are empty, up to the add-in's chunk); the
// busiest period of that first answer sizes the rest's chunks to about TARGET_ROWS rows a request, so a large
// brand's store-level day (575,000 rows) is one request. After that first chunk the answer's rows are projected
// (rows a period so far, times the periods asked that can hold data), and a read that cannot fit its limit stops
// there: the rest is never sent. While the first chunk's body arrives, a service that says its answer's length
// (Content-Length) lets the read project from the bytes so far and stop sooner. Each answer is checked as its body
// arrives (CheckedRows, streamedRead.ts); the kept rows are held by chunk and handed back in date order.
import type { AnswerQuestion } from "../core/answer/answerQuestion";
import { addDays, daysBetween, type IsoDate } from "../core/dates";
import type { DayWords } from "../core/words";
import { omittedMetricNames } from "../core/answer/omittedMetrics";
import { planChunks, type DateChunk } from "../core/query/chunks";
import { dataParams, type DataRequest } from "../core/query/query";
import { AnswerTooLarge, periodsBefore, type AnswerSize } from "../core/query/sizeAdvice";
import { alignedPeriods, namedFailure, pooled, type ChunkedReader } from "./chunkedRead";
import { CheckedRows, type StreamedAnswer } from "./streamedRead";
import type { DataRow } from "./schemas";

/**
 * Bytes of an answer parsed at once. Under 128 KB, a batch's text is a string of the young generation, which dies
 * with it; a megabyte's goes to the large-object space and waits for a full collection: reading a large brand's
 * day (101 MB) left some 300 MB of such texts to collect, a peak a fifth higher.
 */
const BATCH_BYTES = 1 << 20;

/** Rows one request aims at, as the command's: more only makes a request longer to wait for and to parse. */
const TARGET_ROWS = 50_000;

/**
 * Of a first answer, the share parsed before its length and rows so far project it (a fifth: rows differ in length,
 * a store's name from the next), and at least a megabyte.
 */
const SAMPLE_SHARE = 0.2;
const SAMPLE_BYTES = 1 << 20;

/** A projection from a part of a body stops the read only this far past the limit: rows differ in length. */
const SAMPLE_MARGIN = 1.2;

/** A sized read's options as the client takes them: the most rows it may take, its progress, its cancel. */
export interface SizedOptions {
  signal?: AbortSignal;
  /** How the answer check's notices write days and metrics (the pane's words). */
  days?: DayWords;
  /** The most rows the answer may have, its retailers together: past it (or projected past it) the read stops. */
  maxRows?: number;
  /** Told the rows kept so far and, once the first chunk is read, the rows projected for the whole answer. */
  onRead?: (rows: number, projected: number | undefined) => void;
  /**
   * Where each request's kept rows go, by chunk, instead of being held (a caller that makes them cells as they come):
   * asked for once per retailer and read (a read made again in one request asks again). The answers' `rows` are then
   * empty.
   */
  collect?: (retailer: number) => KeptRows;
}

/** A taker of one retailer's kept rows, chunk by chunk (in any order of chunks; within one, the service's order). */
export interface KeptRows {
  add(chunk: number, rows: DataRow[], periodField: string): void;
}

export interface SizedReadOptions extends SizedOptions {
  signal?: AbortSignal;
  /** A failure is said with its retailer's name in front (a read of several retailers). */
  named?: boolean;
  /** The most rows the answer may have, its retailers together: past it (or projected past it) the read stops. */
  maxRows?: number;
  /** Told the rows kept so far and, once the first chunk is read, the rows projected for the whole answer. */
  onRead?: (rows: number, projected: number | undefined) => void;
  /** The service's today: periods from it on hold no data yet, and are not counted in a projection. */
  today: IsoDate;
}

/** One request's answer (one retailer's), read in chunks: its kept rows in date order, and the verdict on it. */
export interface SizedAnswer extends StreamedAnswer {
  rows: DataRow[];
  omitted: string[];
}

/** One retailer's answer as it is read: the check, the kept rows by chunk, what the first chunk held. */
class AnswerInChunks {
  readonly check: CheckedRows;
  readonly byChunk: DataRow[][] = [];
  readonly omitted = new Set<string>();
  /** The period values the service sent (before the check): a calendar of its own shows in them. */
  readonly periodValues = new Set<unknown>();
  kept = 0;
  /** Rows of each period value of the first chunk, and the bytes of its body (read, whole when said). */
  readonly probeRows = new Map<unknown, number>();
  probeBytes: { read: number; total: number | undefined } = { read: 0, total: undefined };

  constructor(
    question: AnswerQuestion,
    /** Where the kept rows go; undefined: held here, by chunk. */
    readonly taker: KeptRows | undefined,
  ) {
    this.check = new CheckedRows(question, () => undefined);
  }

  get busiest(): number {
    return Math.max(0, ...this.probeRows.values());
  }
}

/** The whole read: the chunks, each retailer's answer, the limit, and what has been kept in all. */
class SizedRead {
  readonly answers: AnswerInChunks[];
  private kept = 0;
  private projected: number | undefined;

  constructor(
    private readonly reader: ChunkedReader,
    private readonly requests: readonly { request: DataRequest; question: AnswerQuestion }[],
    private readonly opts: SizedReadOptions,
  ) {
    this.answers = requests.map((r, i) => new AnswerInChunks(r.question, opts.collect?.(i)));
  }

  private get first(): DataRequest {
    return this.requests[0].request;
  }

  /**
   * Reads every retailer's request for the first chunk (as the chunk numbered `index`), side by side; `factor`: the
   * periods from its start to the query's end (that can hold data) for each of its own, by which its bytes so far
   * are projected.
   */
  readFirst(chunk: DateChunk, index: number, factor: number): Promise<unknown> {
    const tasks = this.requests.map(
      (_, i) => (stop: AbortSignal | undefined) => this.readOne(i, chunk, index, stop, factor),
    );
    return pooled(tasks, this.reader.concurrency, this.opts.signal);
  }

  /** The rest's chunks, every retailer's requests through one pool, after the probe's `done` chunks. */
  readRest(chunks: readonly DateChunk[], done: number): Promise<unknown> {
    const tasks = chunks.flatMap((chunk, k) =>
      this.requests.map((_, i) => (stop: AbortSignal | undefined) => this.readOne(i, chunk, done + k, stop, 0)),
    );
    return pooled(tasks, this.reader.concurrency, this.opts.signal);
  }

  /** One retailer's request for one chunk, streamed into its answer; `factor` > 0 for the first chunk (readFirst). */
  private async readOne(i: number, chunk: DateChunk, index: number, stop: AbortSignal | undefined, factor: number) {
    const answer = this.answers[i];
    const request = { ...this.requests[i].request, ...chunk };
    const rows: DataRow[] = (answer.byChunk[index] = []);
    const calendar = request.timeframe !== "daily";
    const { taker } = answer;
    const add = answer.check.from({ from: chunk.from, to: chunk.to }, (kept, field) => {
      if (taker) taker.add(index, kept, field);
      else for (const row of kept) rows.push(row);
      if (calendar) for (const row of kept) answer.periodValues.add(row[field]);
      answer.kept += kept.length;
      this.kept += kept.length;
      this.afterBatch(kept, field, factor > 0 ? answer : undefined, factor);
    });
    const onBytes = (read: number, total: number | undefined) => {
      if (factor > 0) answer.probeBytes = { read, total };
    };
    const parsing = { onBytes, batchBytes: BATCH_BYTES };
    const read = this.reader.http.getJsonStreamed(this.reader.path, dataParams(request), stop, "retry", add, parsing);
    const { body, headers } = await (this.opts.named ? read.catch(namedFailure(request.retailer)) : read);
    if (!Array.isArray(body)) add(body as unknown[]); // not an array: refused as a read whole refuses it
    // The first chunk's rows all counted, however few: they size the rest.
    if (factor > 0) answer.check.flush();
    for (const m of omittedMetricNames(headers.get("X-Service-Omitted-Metrics"), request.metrics))
      answer.omitted.add(m);
  }

  /** After a batch was kept: progress said, and the limit checked (from the bytes so far, in the first chunk). */
  private afterBatch(kept: DataRow[], field: string, probe: AnswerInChunks | undefined, factor: number): void {
    if (probe) for (const row of kept) probe.probeRows.set(row[field], (probe.probeRows.get(row[field]) ?? 0) + 1);
    const max = this.opts.maxRows;
    if (max !== undefined && this.kept > max) {
      // Past the limit before the answer's size was known: projected from the bytes so far where the service said
      // its answers' lengths, else only "more than" the rows kept.
      const estimate = probe ? this.answers.reduce((n, a) => n + sampled(a, factor, 0), 0) : (this.projected ?? 0);
      if (estimate > this.kept) this.tooLarge(Math.round(estimate), true);
      this.tooLarge(this.kept, true, true);
    }
    if (probe && max !== undefined) {
      const estimate = this.answers.reduce((n, a) => n + sampled(a, factor), 0);
      if (estimate > max * SAMPLE_MARGIN) this.tooLarge(Math.round(estimate), true);
    }
    this.opts.onRead?.(this.kept, this.projected);
  }

  /** After the first chunk: the rows projected for the whole answer; past the limit, the read stops here. */
  project(probe: DateChunk, to: IsoDate): void {
    const { timeframe } = this.first;
    const inProbe = periodsBefore(probe.from, probe.to, timeframe, this.opts.today);
    const span = periodsBefore(probe.from, to, timeframe, this.opts.today);
    const perPeriod = inProbe > 0 ? this.kept / inProbe : 0;
    this.projected = Math.round(perPeriod * span);
    this.opts.onRead?.(this.kept, this.projected);
    const max = this.opts.maxRows;
    if (max !== undefined && this.projected > max) this.tooLarge(this.projected, true);
  }

  /** `atLeast`: only that more than `rows` rows would come (no projection could be made). */
  private tooLarge(rows: number, projected: boolean, atLeast = false): never {
    const { timeframe, from, to } = this.first;
    const periods = periodsBefore(from, to, timeframe, this.opts.today);
    const share = rows / Math.max(1, this.kept);
    const size: AnswerSize = {
      rows,
      projected,
      ...(atLeast ? { atLeast } : {}),
      perPeriod: Math.ceil(rows / Math.max(1, periods)),
      retailers: this.requests.map((r, i) => ({
        retailer: r.request.retailer,
        rows: Math.round(this.answers[i].kept * share),
      })),
    };
    throw new AnswerTooLarge(size);
  }
}

/**
 * A first chunk's answer projected from the rows kept and the bytes read so far (its whole body's said), times
 * `factor`; 0 before a sample was read (a fifth of the body and `least` bytes; `least` 0: any bytes), or when the
 * length said is not that of the bytes read (a compressed body).
 */
function sampled(a: AnswerInChunks, factor: number, least = SAMPLE_BYTES): number {
  const { read, total } = a.probeBytes;
  const sample = Math.min(total ?? 0, Math.max(least, (total ?? 0) * (least > 0 ? SAMPLE_SHARE : 0)));
  if (total === undefined || read <= 0 || read < sample || read > total || a.kept === 0) return 0;
  return a.kept * (total / read) * factor;
}

/**
 * Every request (one per retailer, all of one query's dates, level and timeframe) read in chunks as above; the
 * answers in the order given, each checked whole (the first refused one fails the read, named when `named`). An
 * AnswerTooLarge when `maxRows` cannot hold the answer, once that is known. A service whose weeks or months start
 * elsewhere than the chunks is read again in one request per retailer, as the client's chunked read does.
 */
export async function readSized(
  reader: ChunkedReader,
  requests: readonly { request: DataRequest; question: AnswerQuestion }[],
  opts: SizedReadOptions,
  inOneRequest = false,
): Promise<SizedAnswer[]> {
  const q = requests[0].request;
  const range = { level: q.level, timeframe: q.timeframe };
  const after = (day: IsoDate) => (daysBetween(day, q.to) > 0 ? { ...range, from: addDays(day, 1), to: q.to } : null);
  const read = new SizedRead(reader, requests, opts);
  const span = (from: IsoDate) => periodsBefore(from, q.to, q.timeframe, opts.today);
  let left: ReturnType<typeof after> = { ...range, from: q.from, to: q.to };
  let index = 0;
  let probe: DateChunk = { from: q.from, to: q.to };
  // A SKU-level answer holds a row a SKU and period: its first chunk is the add-in's, as it was always read. A
  // store-level period can be half a million rows: its first period alone, then more while the answers are empty.
  const byPeriod = q.level === "store";
  for (let periods = 1; left && read.answers.every((a) => a.kept === 0); periods *= 2) {
    const [small, whole] = [planChunks(left, periods)[0], planChunks(left)[0]];
    if (!inOneRequest) probe = byPeriod && small.to <= whole.to ? small : whole;
    const own = periodsBefore(probe.from, probe.to, q.timeframe, opts.today);
    await read.readFirst(probe, index++, own > 0 ? span(probe.from) / own : 0);
    left = after(probe.to);
  }
  read.project(probe, q.to);
  const busiest = Math.max(1, ...read.answers.map((a) => a.busiest));
  const fits = Math.max(1, Math.floor(TARGET_ROWS / busiest));
  const chunks = left ? [planChunks(left), planChunks(left, fits)].reduce((a, b) => (b.length > a.length ? b : a)) : [];
  await read.readRest(chunks, index);
  const calendar = q.timeframe !== "daily";
  if (calendar && index + chunks.length > 1 && !read.answers.every((a) => alignedPeriods(a.periodValues, q.timeframe)))
    return readSized(reader, requests, opts, true);
  return read.answers.map((a) => ({
    ...a.check.end([...a.omitted]),
    rows: a.byChunk.length === 1 ? a.byChunk[0] : a.byChunk.flat(),
    omitted: [...a.omitted],
  }));
}
