// A data read whose answers are checked as their bodies arrive (the sync's reads of a large retailer): each batch of
// rows the parser gives (jsonBody.ts, about a megabyte of JSON) is checked for its shape (dataRows.ts), then against
// its question (AnswerStream: the answer check's one pass, fed a batch at a time), and the rows kept are handed to
// the caller, who lets them go; nothing holds the answer whole. A row that refuses the answer ends the read at once;
// what only the whole answer can say (periods spaced unlike the timeframe, a key sent twice, a comparison's figure)
// refuses it at its end. Either way the read fails (a SalesApiError "format", in the same words as a read whole), and
// the caller throws away what it was handed: a sync writes a chunk only after every answer of it has passed.
// Each request is read in one request (the sync's chunks are within the client's own), through the run's pool.
import { AnswerStream, type AnswerVerdict } from "../core/answer/answerCheck";
import type { AnswerQuestion } from "../core/answer/answerQuestion";
import type { RequestDates } from "../core/answer/answerScan";
import { omittedMetricNames } from "../core/answer/omittedMetrics";
import { planChunks } from "../core/query/chunks";
import { dataParams, type DataRequest } from "../core/query/query";
import { namedFailure, pooled, type ChunkedReader } from "./chunkedRead";
import { SalesApiError } from "./errors";
import type { RateLimitHandling } from "./http";
import type { RoomForMore } from "./jsonBody";
import { runAllOrFail, type RequestPool } from "./pool";
import { PERIOD_ROWS, RowFormatError, checkRows, findPeriodField } from "./dataRows";
import type { DataRow } from "./schemas";

/**
 * Where a streamed request's rows go: those the check kept, batch by batch, with the answer's period column. A
 * promise given back holds the body's next bytes until it settles (jsonBody.ts RoomForMore).
 */
export type RowsTaker = (rows: DataRow[], periodField: string) => RoomForMore;

/** A streamed answer that passed: the verdict on it (its rows were handed on) and its period column. */
export interface StreamedAnswer {
  verdict: Extract<AnswerVerdict, { ok: true }>;
  periodField: string | undefined;
}

/** One request asked and checked: what is asked, and of what (the question's `today` shortens dates in words). */
export interface StreamedRequest {
  request: DataRequest;
  question: AnswerQuestion;
}

/** A batch of rows of one request: its dates, and where its kept rows go. */
interface RequestBatch {
  rows: DataRow[];
  dates: RequestDates;
  take: RowsTaker;
}

/**
 * The rows of one streamed answer, checked on their way: its first PERIOD_ROWS wait until its period column is found.
 * An answer read in several requests (chunks, maybe side by side) is one answer: each request feeds it through an
 * adder of its own (`from`), with its dates and where its kept rows go.
 */
export class CheckedRows {
  private readonly check: AnswerStream;
  private waiting: RequestBatch[] | null = [];
  private waitingRows = 0;
  private periodField: string | undefined;
  private seen = 0;

  constructor(
    question: AnswerQuestion,
    private readonly take: RowsTaker,
  ) {
    this.check = new AnswerStream(question, question);
  }

  /** Rows parsed so far (before the check). */
  get parsed(): number {
    return this.seen;
  }

  /** A batch as parsed, of the answer's one request: checked, then on (a SalesApiError once the answer is refused). */
  readonly add = (items: unknown[]): RoomForMore => this.addOf(items, this.check.dates, this.take);

  /** The adder of one request of a longer read: its batches are checked against `dates`, its kept rows to `take`. */
  from(dates: RequestDates, take: RowsTaker): (items: unknown[]) => RoomForMore {
    return (items) => this.addOf(items, dates, take);
  }

  private addOf(items: unknown[], dates: RequestDates, take: RowsTaker): RoomForMore {
    let rows: DataRow[];
    try {
      rows = checkRows(items, this.seen);
    } catch (err) {
      if (!(err instanceof RowFormatError)) throw err;
      throw new SalesApiError(
        "format",
        `The service sent data the add-in cannot read: ${err.message}. Nothing was written.`,
      );
    }
    this.seen += rows.length;
    if (!this.waiting) return this.pass({ rows, dates, take });
    this.waiting.push({ rows, dates, take });
    this.waitingRows += rows.length;
    if (this.waitingRows >= PERIOD_ROWS) return this.release();
  }

  /**
   * The rows waiting for the period column let through now: a longer read's first chunk is done, and its rows are
   * all there is to find the column by (a chunk of fewer than PERIOD_ROWS rows would otherwise look empty).
   */
  flush(): void {
    if (this.waiting && this.waitingRows > 0) void this.release();
  }

  /** After the last batch: the verdict on the whole answer. */
  end(omitted: string[]): StreamedAnswer {
    if (this.waiting) void this.release();
    const verdict = this.check.end(omitted);
    if (!verdict.ok) throw new SalesApiError("format", verdict.message);
    return { verdict, periodField: this.periodField };
  }

  /** The first rows, once there are enough of them (or all there are) to find the period column by. */
  private release(): RoomForMore {
    const first = this.waiting!;
    this.waiting = null;
    this.periodField = findPeriodField(first.length === 1 ? first[0].rows : first.flatMap((b) => b.rows));
    const rooms = first.map((batch) => this.pass(batch)).filter((r): r is Promise<void> => r !== undefined);
    return rooms.length === 0 ? undefined : Promise.all(rooms).then(() => undefined);
  }

  private pass({ rows, dates, take }: RequestBatch): RoomForMore {
    const kept = this.check.add(rows, this.periodField, dates);
    const refused = this.check.refusal;
    if (refused) throw new SalesApiError("format", refused.message);
    if (kept.length > 0) return take(kept as DataRow[], this.periodField!);
  }
}

/** One request, read and checked as its body arrives; its kept rows to `take`. */
async function streamOne(
  reader: ChunkedReader,
  { request, question }: StreamedRequest,
  take: RowsTaker,
  signal: AbortSignal | undefined,
  rateLimit: RateLimitHandling,
): Promise<StreamedAnswer> {
  if (planChunks(request).length !== 1)
    throw new Error(`A streamed read is one request; ${request.from} to ${request.to} is more than one.`);
  const rows = new CheckedRows(question, take);
  const { body, headers } = await reader.http.getJsonStreamed(
    reader.path,
    dataParams(request),
    signal,
    rateLimit,
    rows.add,
  );
  if (!Array.isArray(body)) rows.add(body as unknown[]); // not an array: refused as a read whole refuses it
  return rows.end(omittedMetricNames(headers.get("X-Service-Omitted-Metrics"), request.metrics));
}

/**
 * Every request streamed through one pool (the run's, or the reader's own, at most `concurrency` at once), each
 * request's kept rows to `take` with its index; the first failure ends the read (with the retailer's name in front
 * when `named`). The answers in the order given.
 */
export function readStreamed(
  reader: ChunkedReader,
  requests: readonly StreamedRequest[],
  take: (index: number, rows: DataRow[], periodField: string) => RoomForMore,
  signal: AbortSignal | undefined,
  { named = false, pool }: { named?: boolean; pool?: RequestPool } = {},
): Promise<StreamedAnswer[]> {
  const rateLimit: RateLimitHandling = pool ? "pool" : "retry";
  const tasks = requests.map((r, i) => (stop: AbortSignal | undefined) => {
    const read = streamOne(reader, r, (rows, field) => take(i, rows, field), stop, rateLimit);
    return named ? read.catch(namedFailure(r.request.retailer)) : read;
  });
  return pool ? runAllOrFail(pool, tasks, signal) : pooled(tasks, reader.concurrency, signal);
}
