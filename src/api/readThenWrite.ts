// Many reads side by side through one request pool, each answer handed to one writer, one write at a time
// (docs/architecture.md, Decision 10): Refresh all reads every table at once and writes them one after the other
// into the workbook. Reference: docs/client.md, "Reads through one pool, then one writer".
import { POOL_LIMIT, RequestPool } from "./pool";
import { oneAtATime } from "../core/schedule/turns";

/** What a read is given: the run's pool (pass it to the client), the run's cancel, and the writer's turn. */
export interface ReadContext {
  pool: RequestPool;
  /** Aborts when the run is cancelled (the read's own, so that many reads do not all listen to one signal). */
  signal: AbortSignal;
  /**
   * Runs `work` in the writer's turn, between two writes (never during one): for the parts of a read that touch
   * what the writer writes (Refresh all reads each table's tail from the workbook this way).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export interface ReadThenWriteSteps<I, R, W> {
  /** One item's read; its requests go through `context.pool`. A throw is the item's failure (nothing written). */
  read(item: I, context: ReadContext): Promise<R>;
  /**
   * One item's write, called once per read that ended, in the order they ended, never two at once. Also called
   * after a cancel, for answers already read: the writer checks `signal` and does not begin (a write begun
   * finishes). A throw is the item's failure; the other items go on.
   */
  write(answer: R, item: I, signal: AbortSignal): Promise<W>;
}

/** How one item ended. "not-started": cancelled before its read began. */
export type ItemOutcome<W> =
  { status: "written"; value: W } | { status: "failed"; reason: unknown } | { status: "not-started" };

/** Told whenever an item moves on: reads running, answers waiting for (or in) their write, items ended. */
export interface ReadThenWriteProgress {
  total: number;
  reading: number;
  waiting: number;
  done: number;
  /** The item that just ended, when one did. */
  ended?: number;
}

export interface ReadThenWriteOptions {
  /** The run's pool (default: a new one of POOL_LIMIT requests, cancelled with `signal`). */
  pool?: RequestPool;
  signal?: AbortSignal;
  /** Reads begun at once (default: all; the pool bounds the requests either way). Fewer hold fewer answers. */
  maxReads?: number;
  onProgress?: (progress: ReadThenWriteProgress) => void;
}

/**
 * Reads every item through one pool and writes each answer as soon as it is read, one write at a time; resolves
 * with every item's outcome in the order of `items` (whatever order they ended in). Never rejects.
 */
export async function readThenWrite<I, R, W>(
  items: readonly I[],
  steps: ReadThenWriteSteps<I, R, W>,
  opts: ReadThenWriteOptions = {},
): Promise<ItemOutcome<W>[]> {
  const signal = opts.signal ?? new AbortController().signal;
  const pool = opts.pool ?? new RequestPool({ signal, limit: POOL_LIMIT });
  const exclusive = oneAtATime();
  const reading = new Set<AbortController>();
  signal.addEventListener("abort", () => reading.forEach((r) => r.abort()), { once: true });
  const count = { total: items.length, reading: 0, waiting: 0, done: 0 };
  const tell = (ended?: number) => opts.onProgress?.({ ...count, ...(ended === undefined ? {} : { ended }) });
  const outcomes = new Array<ItemOutcome<W>>(items.length);

  const one = async (index: number): Promise<void> => {
    if (signal.aborted) {
      outcomes[index] = { status: "not-started" };
    } else {
      count.reading++;
      tell();
      let answer: { read: R } | undefined;
      const own = new AbortController();
      reading.add(own);
      try {
        answer = { read: await steps.read(items[index], { pool, signal: own.signal, exclusive }) };
      } catch (reason) {
        outcomes[index] = { status: "failed", reason };
      }
      reading.delete(own);
      count.reading--;
      if (answer) {
        count.waiting++;
        tell();
        const { read } = answer;
        outcomes[index] = await exclusive(() => steps.write(read, items[index], signal)).then(
          (value) => ({ status: "written" as const, value }),
          (reason: unknown) => ({ status: "failed" as const, reason }),
        );
        count.waiting--;
      }
    }
    count.done++;
    tell(index);
  };
  await eachAtMost(items.length, opts.maxReads ?? items.length, one);
  return outcomes;
}

/** run(0), run(1), ... with at most `most` running at once. */
async function eachAtMost(n: number, most: number, run: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) await run(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(most, n)) }, worker));
}
