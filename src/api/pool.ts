// The request pool (docs/architecture.md, Decision 10): one bounded queue of requests shared by a whole run (Refresh all, a sync file), so
// that many reads overlap their waiting and stay polite to the service. At most `limit` requests in flight; a 429
// halves the limit and holds every start until the time it named; answers that succeed grow the limit back one by
// one. A task is ONE request: a task must never wait for another task of the same pool (it would hold a slot while
// waiting, and at the limit wait for ever). Reference: docs/client.md, "Request pool".
import { SalesApiError, isSalesApiError } from "./errors";

/** A browser keeps at most 6 connections per origin (HTTP/1.1): more requests in flight would only queue in it. */
export const POOL_LIMIT = 6;
/** Times one task is sent again after a 429, by default: a service that keeps answering 429 ends the task after 6. */
export const RATE_LIMIT_RETRIES = 5;
/** The longest wait a 429 may ask of a run, by default; a longer one ends the tasks not yet sent. */
export const POOL_MAX_WAIT_MS = 60_000;

/** One request: told through `signal` when the pool or its caller cancels it. */
export type PoolTask<T> = (signal: AbortSignal) => Promise<T>;

export interface PoolOptions {
  /** Most requests in flight at once (default 6, POOL_LIMIT); what the limit grows back to after a 429. */
  limit?: number;
  /** Cancels the run: tasks not started end as "not-started", tasks running are told through their signal. */
  signal?: AbortSignal;
  /** How many times one task is sent again after a rate-limit answer (default 5); then its outcome is that answer. */
  rateLimitRetries?: number;
  /** Longest wait a 429 may ask of the run (default 60 s); a longer one ends the tasks not yet sent with it. */
  maxWaitMs?: number;
  /** The wait after a 429 that names no time (or one already past) (default 1 s). */
  fallbackWaitMs?: number;
  /** Time for the pool's waits (tests pass a clock they move by hand). */
  clock?: PoolClock;
}

export interface PoolClock {
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface TaskOptions {
  /** Higher starts first; equal priorities start in the order given (default 0). */
  priority?: number;
  /** Cancels this task alone: removed if not started, told through its signal if running. */
  signal?: AbortSignal;
}

/** How one task ended. "not-started": never sent (cancelled, or the service asked for a wait past maxWaitMs). */
export type PoolOutcome<T> =
  | { status: "fulfilled"; value: T }
  | { status: "rejected"; reason: unknown }
  | { status: "not-started"; reason: unknown };

/** Counters a test or a bench reads (`refresh_all.max_in_flight` is maxInFlight). */
export interface PoolStats {
  /** Requests allowed in flight now, and the lowest it has been. */
  limit: number;
  lowestLimit: number;
  inFlight: number;
  maxInFlight: number;
  queued: number;
  /** Requests sent (a task sent again after a 429 counts again) and requests ended (answered or failed). */
  started: number;
  finished: number;
  /** Rate-limit answers; times they halved the limit; tasks queued again after one. */
  rateLimited: number;
  slowdowns: number;
  requeued: number;
  /** Times the pool paused for the time a 429 named; that time (epoch ms, 0 for none). */
  waits: number;
  resumeAt: number;
  /** Tasks that ended without being sent. */
  notStarted: number;
}

interface Entry {
  task: PoolTask<unknown>;
  priority: number;
  seq: number;
  signal?: AbortSignal;
  onAbort?: () => void;
  /** Rate-limit answers so far, whether it was ever sent, the slowdown it was last sent in, its running signal. */
  rateLimits: number;
  sent: boolean;
  epoch: number;
  controller?: AbortController;
  settle: (outcome: PoolOutcome<unknown>) => void;
}

const realClock: PoolClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener("abort", done, { once: true });
    }),
};

const notSent = () => new SalesApiError("cancelled", "The request was cancelled before it was sent.");
const cancelled = () => new SalesApiError("cancelled", "The request was cancelled.");

export class RequestPool {
  private readonly max: number;
  private readonly retries: number;
  private readonly maxWaitMs: number;
  private readonly fallbackWaitMs: number;
  private readonly clock: PoolClock;
  private readonly signal?: AbortSignal;
  private readonly queue: Entry[] = [];
  private readonly running = new Set<Entry>();
  private readonly counts: Omit<PoolStats, "limit" | "inFlight" | "queued" | "resumeAt">;
  private limit: number;
  private resumeAt = 0;
  private waitedFor = 0;
  private seq = 0;
  /** Slowdowns so far: a 429 to a request sent before the latest one does not halve again (one per wave). */
  private epoch = 0;
  /** A wait past maxWaitMs: tasks submitted before `until` end with `error`, unsent. */
  private refusal?: { error: unknown; until: number };
  private sleeping?: AbortController;

  constructor(options: PoolOptions = {}) {
    this.max = whole(options.limit ?? POOL_LIMIT, 1, "limit");
    this.retries = whole(options.rateLimitRetries ?? RATE_LIMIT_RETRIES, 0, "rateLimitRetries");
    this.maxWaitMs = whole(options.maxWaitMs ?? POOL_MAX_WAIT_MS, 0, "maxWaitMs");
    this.fallbackWaitMs = whole(options.fallbackWaitMs ?? 1000, 0, "fallbackWaitMs");
    this.clock = options.clock ?? realClock;
    this.limit = this.max;
    const counts = { maxInFlight: 0, started: 0, finished: 0, rateLimited: 0, slowdowns: 0, requeued: 0, waits: 0 };
    this.counts = { ...counts, lowestLimit: this.max, notStarted: 0 };
    this.signal = options.signal;
    this.signal?.addEventListener("abort", () => this.cancelAll(), { once: true });
  }

  /** The task's value, or its failure; a task never sent rejects with why (a cancel, or the service's wait). */
  run<T>(task: PoolTask<T>, options: TaskOptions = {}): Promise<T> {
    return this.submit(task, options).then((outcome) => {
      if (outcome.status === "fulfilled") return outcome.value;
      throw outcome.reason;
    });
  }

  /** Every task's outcome, in the order given: one failing does not fail the others (the caller decides). */
  settleAll<T>(tasks: readonly PoolTask<T>[], options: TaskOptions = {}): Promise<PoolOutcome<T>[]> {
    return Promise.all(tasks.map((task) => this.submit(task, options)));
  }

  stats(): PoolStats {
    const now = { limit: this.limit, inFlight: this.running.size, queued: this.queue.length };
    return { ...this.counts, ...now, resumeAt: this.resumeAt };
  }

  private submit<T>(task: PoolTask<T>, { priority = 0, signal }: TaskOptions): Promise<PoolOutcome<T>> {
    return new Promise<PoolOutcome<T>>((resolve) => {
      if (!Number.isFinite(priority)) throw new RangeError(`A task's priority must be a number; got ${priority}.`);
      const settle = resolve as (outcome: PoolOutcome<unknown>) => void;
      const entry: Entry = { task, priority, seq: this.seq++, signal, rateLimits: 0, sent: false, epoch: 0, settle };
      if (this.signal?.aborted || signal?.aborted) return this.end(entry, { status: "not-started", reason: notSent() });
      if (this.refusal && this.clock.now() < this.refusal.until) {
        return this.end(entry, { status: "not-started", reason: this.refusal.error });
      }
      if (signal) {
        entry.onAbort = () => this.cancelOne(entry);
        signal.addEventListener("abort", entry.onAbort, { once: true });
      }
      this.enqueue(entry);
      this.pump();
    });
  }

  /** Starts what the limit allows, unless a 429's time has not come: then sleeps until it. */
  private pump(): void {
    while (this.queue.length > 0 && this.running.size < this.limit) {
      const now = this.clock.now();
      if (now < this.resumeAt) return this.sleepFor(this.resumeAt - now);
      this.start(this.queue.shift()!);
    }
    if (this.queue.length === 0) this.sleeping?.abort(); // nothing waits: no timer left behind
  }

  private sleepFor(ms: number): void {
    if (this.sleeping) return;
    const wake = (this.sleeping = new AbortController());
    // One wait per time named: a sleep woken early (a timer a millisecond short, a queue emptied) is not another.
    if (this.waitedFor !== this.resumeAt) this.counts.waits++;
    this.waitedFor = this.resumeAt;
    void this.clock.sleep(ms, wake.signal).then(() => {
      if (this.sleeping === wake) this.sleeping = undefined;
      this.pump();
    });
  }

  private start(entry: Entry): void {
    const controller = new AbortController();
    Object.assign(entry, { controller, sent: true, epoch: this.epoch });
    this.running.add(entry);
    this.counts.started++;
    this.counts.maxInFlight = Math.max(this.counts.maxInFlight, this.running.size);
    let work: Promise<unknown>;
    try {
      work = entry.task(controller.signal);
    } catch (err) {
      work = Promise.reject(err);
    }
    work.then(
      (value) => this.answered(entry, value),
      (err: unknown) => this.failed(entry, err),
    );
  }

  private answered(entry: Entry, value: unknown): void {
    this.running.delete(entry);
    this.counts.finished++;
    // Only answers to requests sent since the latest slowdown say the service takes more again.
    if (entry.epoch === this.epoch && this.limit < this.max) this.limit++;
    this.end(entry, { status: "fulfilled", value });
    this.pump();
  }

  private failed(entry: Entry, err: unknown): void {
    this.running.delete(entry);
    this.counts.finished++;
    const limited = rateLimited(err);
    if (limited) this.slowDown(entry, err);
    if (!limited || entry.controller?.signal.aborted) this.end(entry, { status: "rejected", reason: err });
    else this.afterRateLimit(entry, err);
    this.pump();
  }

  /** Halves the limit (never below 1), once per wave of 429s. */
  private slowDown(entry: Entry, err: SalesApiError): void {
    this.counts.rateLimited++;
    if (entry.epoch === this.epoch) {
      this.epoch++;
      this.counts.slowdowns++;
      this.limit = Math.max(1, Math.floor(this.limit / 2));
      this.counts.lowestLimit = Math.min(this.counts.lowestLimit, this.limit);
    }
    const now = this.clock.now();
    const until = err.retryAt !== undefined && err.retryAt > now ? err.retryAt : now + this.fallbackWaitMs;
    if (until - now > this.maxWaitMs) this.refusal = { error: err, until };
    else this.resumeAt = Math.max(this.resumeAt, until);
  }

  /** The task is queued again (in its place) after the wait, up to `rateLimitRetries` times. */
  private afterRateLimit(entry: Entry, err: SalesApiError): void {
    const refusal = this.refusal && this.clock.now() < this.refusal.until ? this.refusal : undefined;
    if (refusal) {
      // The service asked for longer than a run waits: nothing more is sent until then.
      this.end(entry, { status: "rejected", reason: err });
      for (const queued of this.queue.splice(0)) this.end(queued, unsent(queued, refusal.error));
      return;
    }
    if (entry.rateLimits++ >= this.retries) return this.end(entry, { status: "rejected", reason: err });
    this.counts.requeued++;
    this.enqueue(entry);
  }

  /** In priority order, then in the order given (a task queued again keeps its place). */
  private enqueue(entry: Entry): void {
    const at = this.queue.findIndex(
      (q) => q.priority < entry.priority || (q.priority === entry.priority && q.seq > entry.seq),
    );
    this.queue.splice(at < 0 ? this.queue.length : at, 0, entry);
  }

  private cancelOne(entry: Entry): void {
    const at = this.queue.indexOf(entry);
    if (at >= 0) {
      this.queue.splice(at, 1);
      this.end(entry, unsent(entry));
      this.pump();
    } else entry.controller?.abort();
  }

  private cancelAll(): void {
    for (const queued of this.queue.splice(0)) this.end(queued, unsent(queued));
    for (const entry of this.running) entry.controller?.abort();
    this.sleeping?.abort();
  }

  private end(entry: Entry, outcome: PoolOutcome<unknown>): void {
    if (entry.onAbort) entry.signal?.removeEventListener("abort", entry.onAbort);
    if (outcome.status === "not-started") this.counts.notStarted++;
    entry.settle(outcome);
  }
}

/** A queued task ended before it was sent (again): never sent is "not-started", sent before is a failure. */
function unsent(entry: Entry, reason?: unknown): PoolOutcome<unknown> {
  if (entry.sent) return { status: "rejected", reason: reason ?? cancelled() };
  return { status: "not-started", reason: reason ?? notSent() };
}

/**
 * A read of several requests through a pool (a client's chunked read given an outer pool): every value in the
 * order given, or the first failure, which stops the others (those not sent are never sent). `signal` cancels all.
 */
export async function runAllOrFail<T>(
  pool: RequestPool,
  tasks: readonly PoolTask<T>[],
  signal?: AbortSignal,
): Promise<T[]> {
  const stop = new AbortController();
  const onCaller = () => stop.abort();
  if (signal?.aborted) stop.abort();
  else signal?.addEventListener("abort", onCaller, { once: true });
  // The first failure is the read's, whatever the siblings it stopped say after it.
  let first: { error: unknown } | undefined;
  const fail = (err: unknown): never => {
    first ??= { error: err };
    stop.abort();
    throw first.error;
  };
  // Stopped inside the task, before the pool hears of the failure and fills its slot with a sibling; a 429 is
  // the pool's to send again, and stops the read only as the task's outcome.
  const stopping = (task: PoolTask<T>) => (signal: AbortSignal) =>
    task(signal).catch((err: unknown) => (rateLimited(err) ? Promise.reject(err) : fail(err)));
  try {
    return await Promise.all(tasks.map((task) => pool.run(stopping(task), { signal: stop.signal }).catch(fail)));
  } finally {
    signal?.removeEventListener("abort", onCaller);
  }
}

function rateLimited(err: unknown): err is SalesApiError {
  return isSalesApiError(err) && err.kind === "rate-limit";
}

function whole(value: number, min: number, name: string): number {
  if (Number.isInteger(value) && value >= min) return value;
  throw new RangeError(`The request pool's ${name} must be a whole number of at least ${min}; got ${value}.`);
}
