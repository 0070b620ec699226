// The request pool (src/api/pool.ts). First its scheduling alone, with tasks that are promises the test
// settles and a clock the test moves: the limit, FIFO and priority, outcomes per task, halving on a 429 and growing
// back, the wait a 429 names, cancel. Then over real HTTP against the simulator with its latency and fault
// injection: counted at the simulator, never timed.
import { createClient, SalesApiError, type DataRequest } from "../../src/api";
import {
  RequestPool,
  runAllOrFail,
  type PoolClock,
  type PoolOptions,
  type PoolOutcome,
  type PoolTask,
} from "../../src/api/pool";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";

/** Lets every promise callback that can run, run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A task the test settles by hand; it rejects as a cancelled request when its signal aborts. */
interface Gate {
  task: PoolTask<string>;
  /** How many times the pool started it, and its signal the last time. */
  starts: number;
  signal?: AbortSignal;
  resolve(value?: string): void;
  reject(err: unknown): void;
}

function gate(name: string, log: string[] = []): Gate {
  let settle: { resolve: (v: string) => void; reject: (e: unknown) => void } | undefined;
  const g: Gate = {
    starts: 0,
    task: (signal) =>
      new Promise<string>((resolve, reject) => {
        g.starts++;
        g.signal = signal;
        log.push(name);
        settle = { resolve, reject };
        signal.addEventListener("abort", () => reject(new SalesApiError("cancelled", "The request was cancelled.")));
      }),
    resolve: (value = name) => settle?.resolve(value),
    reject: (err) => settle?.reject(err),
  };
  return g;
}

/** A clock the test moves; the pool's sleeps end when it passes their time (or when aborted). */
function fakeClock(start = Date.parse("2026-11-23T09:00:00Z")) {
  let now = start;
  const sleeps = new Set<{ until: number; wake: () => void }>();
  const clock: PoolClock = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        const s = { until: now + ms, wake: () => (sleeps.delete(s), resolve()) };
        sleeps.add(s);
        signal.addEventListener("abort", s.wake, { once: true });
      }),
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const s of [...sleeps]) if (s.until <= now) s.wake();
    await flush();
  };
  return { clock, advance, sleeps, now: () => now };
}

const limited = (retryAt?: number) =>
  new SalesApiError(
    "rate-limit",
    "The service is limiting requests and asks to wait 2 seconds. Try again in 2 seconds.",
    {
      status: 429,
      retryAfter: retryAt === undefined ? undefined : 2,
      retryAt,
    },
  );

function setup(options: PoolOptions = {}, n = 10) {
  const time = fakeClock();
  const log: string[] = [];
  const pool = new RequestPool({ clock: time.clock, ...options });
  const gates = Array.from({ length: n }, (_, i) => gate(`t${i}`, log));
  return { pool, gates, log, time };
}

describe("scheduling", () => {
  test.each([
    [undefined, 6],
    [2, 2],
  ])("limit %p: at most %p in flight; the next starts as one ends", async (limit, expected) => {
    const { pool, gates } = setup({ limit });
    const all = pool.settleAll(gates.map((g) => g.task));
    await flush();
    expect(pool.stats()).toMatchObject({ inFlight: expected, queued: 10 - expected, started: expected });
    gates[0].resolve();
    await flush();
    expect(pool.stats()).toMatchObject({ inFlight: expected, started: expected + 1, finished: 1 });
    for (const g of gates) {
      g.resolve();
      await flush();
    }
    expect((await all).map((o) => o.status)).toEqual(Array(10).fill("fulfilled"));
    expect(pool.stats()).toMatchObject({
      maxInFlight: expected,
      started: 10,
      finished: 10,
      inFlight: 0,
      limit: expected,
    });
  });

  test("tasks start in the order given; a higher priority starts first, equal ones in order", async () => {
    const { pool, gates, log } = setup({ limit: 1 }, 6);
    const runs = [
      pool.run(gates[0].task),
      pool.run(gates[1].task),
      pool.run(gates[2].task, { priority: 2 }),
      pool.run(gates[3].task),
      pool.run(gates[4].task, { priority: 2 }),
      pool.run(gates[5].task, { priority: -1 }),
    ];
    for (const g of [0, 2, 4, 1, 3, 5].map((i) => gates[i])) {
      await flush();
      g.resolve();
    }
    expect(await Promise.all(runs)).toEqual(["t0", "t1", "t2", "t3", "t4", "t5"]);
    expect(log).toEqual(["t0", "t2", "t4", "t1", "t3", "t5"]);
  });

  test("outcomes per task, in the order given: one failing fails none of the others", async () => {
    const { pool, gates } = setup({}, 3);
    const all = pool.settleAll(gates.map((g) => g.task));
    await flush();
    const boom = new SalesApiError("service", "The service had a problem (HTTP 500). Try again in a few minutes.");
    gates[2].resolve();
    gates[1].reject(boom);
    gates[0].resolve();
    expect(await all).toEqual([
      { status: "fulfilled", value: "t0" },
      { status: "rejected", reason: boom },
      { status: "fulfilled", value: "t2" },
    ]);
  });
});

describe("a 429: halve, wait, send again, grow back", () => {
  test("halves the limit, starts nothing before the time named, sends the task again first, then grows one by one", async () => {
    const { pool, gates, log, time } = setup({}, 12);
    const all = pool.settleAll(gates.map((g) => g.task));
    await flush();
    const retryAt = time.now() + 2000;
    gates[0].reject(limited(retryAt));
    await flush();
    expect(pool.stats()).toMatchObject({ limit: 3, lowestLimit: 3, rateLimited: 1, slowdowns: 1, resumeAt: retryAt });
    // Answers to requests sent before the slowdown do not grow it back, and nothing starts before the time.
    for (const i of [1, 2, 3, 4, 5]) gates[i].resolve();
    await flush();
    expect(pool.stats()).toMatchObject({ limit: 3, started: 6, inFlight: 0, waits: 1 });
    await time.advance(1999);
    expect(pool.stats().started).toBe(6);
    await time.advance(1);
    expect(log.slice(6)).toEqual(["t0", "t6", "t7"]);
    // Each answer to a request sent since grows the limit by one, up to 6.
    gates[0].resolve();
    await flush();
    expect(pool.stats()).toMatchObject({ limit: 4, inFlight: 4 });
    for (const g of gates.slice(6)) {
      g.resolve();
      await flush();
    }
    expect((await all).every((o) => o.status === "fulfilled")).toBe(true);
    expect(pool.stats()).toMatchObject({ limit: 6, lowestLimit: 3, started: 13, requeued: 1 });
    expect(gates[0].starts).toBe(2);
  });

  test("a wave of 429s halves once; later waves halve again, never below 1", async () => {
    const { pool, gates, time } = setup({ limit: 4 }, 4);
    const all = pool.settleAll(gates.map((g) => g.task));
    await flush();
    for (const g of gates) g.reject(limited(time.now() + 1000));
    await flush();
    expect(pool.stats()).toMatchObject({ limit: 2, rateLimited: 4, slowdowns: 1 });
    await time.advance(1000);
    expect(pool.stats().inFlight).toBe(2);
    gates[0].reject(limited(time.now() + 1000));
    await flush();
    expect(pool.stats()).toMatchObject({ limit: 1, slowdowns: 2 });
    gates[1].reject(limited(time.now() + 1000)); // sent before the last slowdown: no further halving
    await flush();
    expect(pool.stats()).toMatchObject({ limit: 1, slowdowns: 2, rateLimited: 6 });
    await time.advance(1000);
    expect(gates[0].starts).toBe(3); // sent again first: the queue keeps the order given
    gates[0].reject(limited(time.now() + 1000));
    await flush();
    expect(pool.stats()).toMatchObject({ limit: 1, lowestLimit: 1, slowdowns: 3 });
    for (let i = 0; i < 8 && pool.stats().queued + pool.stats().inFlight > 0; i++) {
      await time.advance(1000);
      for (const g of gates) g.resolve();
      await flush();
    }
    expect((await all).every((o) => o.status === "fulfilled")).toBe(true);
  });

  test("a 429 that names no time waits the fallback", async () => {
    const { pool, gates, time } = setup({ fallbackWaitMs: 500 }, 1);
    const run = pool.run(gates[0].task);
    await flush();
    gates[0].reject(limited());
    await flush();
    expect(pool.stats().resumeAt).toBe(time.now() + 500);
    await time.advance(499);
    expect(gates[0].starts).toBe(1);
    await time.advance(1);
    gates[0].resolve();
    expect(await run).toBe("t0");
  });

  test("sent again at most rateLimitRetries times; then the task's outcome is the 429", async () => {
    const { pool, gates, time } = setup({ rateLimitRetries: 2 }, 2);
    const all = pool.settleAll(gates.map((g) => g.task));
    await flush();
    gates[1].resolve();
    const last = limited(time.now() + 3000);
    for (const err of [limited(time.now() + 1000), limited(time.now() + 2000), last]) {
      gates[0].reject(err);
      await flush();
      await time.advance(1000);
    }
    expect(await all).toEqual([
      { status: "rejected", reason: last },
      { status: "fulfilled", value: "t1" },
    ]);
    expect(gates[0].starts).toBe(3);
  });

  test("a wait past maxWaitMs: nothing more is sent until then; the tasks not sent end with the service's words", async () => {
    const { pool, gates, time } = setup({ limit: 1, maxWaitMs: 60_000 }, 4);
    const all = pool.settleAll(gates.slice(0, 3).map((g) => g.task));
    await flush();
    const long = limited(time.now() + 3600_000);
    gates[0].reject(long);
    expect(await all).toEqual([
      { status: "rejected", reason: long },
      { status: "not-started", reason: long },
      { status: "not-started", reason: long },
    ]);
    expect(await pool.settleAll([gates[3].task])).toEqual([{ status: "not-started", reason: long }]);
    await time.advance(3600_000);
    const later = pool.run(gates[3].task);
    await flush();
    gates[3].resolve();
    expect(await later).toBe("t3");
    expect([gates[1].starts, gates[2].starts, pool.stats().notStarted]).toEqual([0, 0, 3]);
  });
});

describe("cancel", () => {
  test("the run's signal: tasks not started are reported so, tasks running are told", async () => {
    const stop = new AbortController();
    const { pool, gates } = setup({ limit: 2, signal: stop.signal }, 5);
    const all = pool.settleAll(gates.map((g) => g.task));
    await flush();
    stop.abort();
    const outcomes = await all;
    expect(outcomes.map((o) => o.status)).toEqual([
      "rejected",
      "rejected",
      "not-started",
      "not-started",
      "not-started",
    ]);
    expect((outcomes[2] as { reason: Error }).reason.message).toBe("The request was cancelled before it was sent.");
    expect([gates[0].signal?.aborted, gates[1].signal?.aborted]).toEqual([true, true]);
    expect(gates.map((g) => g.starts)).toEqual([1, 1, 0, 0, 0]);
    expect(await pool.settleAll([gates[4].task])).toMatchObject([{ status: "not-started" }]);
    expect(pool.stats()).toMatchObject({ started: 2, notStarted: 4 });
  });

  test("one task's signal: removed if waiting, told if running; the others go on", async () => {
    const { pool, gates } = setup({ limit: 1 }, 3);
    const mine = [new AbortController(), new AbortController()];
    const runs = [
      pool.run(gates[0].task, { signal: mine[0].signal }),
      pool.run(gates[1].task, { signal: mine[1].signal }),
    ];
    const other = pool.run(gates[2].task);
    await flush();
    mine[1].abort();
    mine[0].abort();
    await expect(runs[1]).rejects.toThrow("The request was cancelled before it was sent.");
    await expect(runs[0]).rejects.toThrow("The request was cancelled.");
    await flush();
    gates[2].resolve();
    expect(await other).toBe("t2");
    expect(gates[1].starts).toBe(0);
  });

  test("during a 429's wait: the task sent before fails as cancelled, the rest are not started, no timer is left", async () => {
    const stop = new AbortController();
    const { pool, gates, time } = setup({ limit: 1, signal: stop.signal }, 2);
    const all = pool.settleAll(gates.map((g) => g.task));
    await flush();
    gates[0].reject(limited(time.now() + 5000));
    await flush();
    expect(time.sleeps.size).toBe(1);
    stop.abort();
    const outcomes = await all;
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "not-started"]);
    expect(time.sleeps.size).toBe(0);
  });
});

describe("runAllOrFail (a chunked read through an outer pool)", () => {
  test("every value in the order given", async () => {
    const { pool, gates } = setup({}, 3);
    const read = runAllOrFail(
      pool,
      gates.map((g) => g.task),
    );
    await flush();
    [2, 0, 1].forEach((i) => gates[i].resolve());
    expect(await read).toEqual(["t0", "t1", "t2"]);
  });

  test("the first failure is thrown and stops the rest: running ones told, waiting ones never sent", async () => {
    const { pool, gates } = setup({ limit: 2 }, 4);
    const read = runAllOrFail(
      pool,
      gates.map((g) => g.task),
    );
    const neighbour = gate("other");
    const theirs = pool.run(neighbour.task); // another read sharing the pool goes on
    await flush();
    const boom = new SalesApiError("request", "The service refused the request (HTTP 400): no such range");
    gates[0].reject(boom);
    await expect(read).rejects.toBe(boom);
    expect(gates[1].signal?.aborted).toBe(true);
    expect([gates[2].starts, gates[3].starts]).toEqual([0, 0]);
    await flush();
    neighbour.resolve();
    expect(await theirs).toBe("other");
  });
});

test("options out of range are refused, naming the option and what is allowed", async () => {
  expect(() => new RequestPool({ limit: 0 })).toThrow(
    "The request pool's limit must be a whole number of at least 1; got 0.",
  );
  expect(() => new RequestPool({ rateLimitRetries: 1.5 })).toThrow(
    "The request pool's rateLimitRetries must be a whole number of at least 0; got 1.5.",
  );
  await expect(new RequestPool().run(gate("t").task, { priority: NaN })).rejects.toThrow(
    "A task's priority must be a number; got NaN.",
  );
});

describe("over HTTP, against the simulator", () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ skus: 12 });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  // Under a pool the client leaves 429s to it (retries: 0 here), so each one reaches the pool: see docs/client.md.
  const make = () => createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY, retries: 0 });
  const RETAILERS = ["northmart", "freshway", "budgetbox", "cornershop", "pharmaplus"];
  const RANGES = [
    ["2026-01-05", "2026-03-01"],
    ["2026-03-02", "2026-04-26"],
    ["2026-04-27", "2026-06-21"],
    ["2026-06-22", "2026-08-16"],
    ["2026-08-17", "2026-10-11"],
  ];
  /** Distinct one-request queries (identical requests in flight would share one HTTP call). */
  const queries = (n: number): DataRequest[] =>
    Array.from({ length: n }, (_, i) => ({
      level: "sku",
      timeframe: "weekly",
      metrics: ["revenue", "units"],
      retailer: RETAILERS[i % 5],
      from: RANGES[Math.floor(i / 5)][0],
      to: RANGES[Math.floor(i / 5)][1],
    }));

  /** Each query's request through the pool; each start noted with the time the pool was holding starts until. */
  function read(pool: RequestPool, qs: DataRequest[]) {
    const client = make();
    const starts: { at: number; resumeAt: number }[] = [];
    const tasks = qs.map((q) => (signal: AbortSignal) => {
      starts.push({ at: Date.now(), resumeAt: pool.stats().resumeAt });
      return client.getData(q, { signal });
    });
    return { outcomes: pool.settleAll(tasks), starts };
  }

  /** Each query read alone, without faults, for comparison. */
  async function alone(qs: DataRequest[]) {
    await sim.reset();
    const client = make();
    const out = [];
    for (const q of qs) out.push((await client.getData(q)).rows);
    return out;
  }

  const rowsOf = (outcomes: PoolOutcome<{ rows: unknown[] }>[]) =>
    outcomes.map((o) => (o.status === "fulfilled" ? o.value.rows : o));

  test("20 queries' requests through one pool: never more than 6 in flight at the simulator, each as read alone", async () => {
    await sim.inject({ path: "/api/data", delayMs: 150, count: 100 });
    const pool = new RequestPool();
    const qs = queries(20);
    const outcomes = await read(pool, qs).outcomes;
    expect(sim.count("/api/data")).toBe(20);
    expect(sim.simulator.maxInFlight("/api/data")).toBe(6);
    expect(pool.stats()).toMatchObject({ maxInFlight: 6, started: 20, finished: 20 });
    expect(rowsOf(outcomes)).toEqual(await alone(qs));
  });

  test("a 429 storm on a third of the requests: every request answered, the limit halved and grown back", async () => {
    // The first 16 requests to arrive alternate a 429 (Retry-After: 1) and a slow answer: 8 of the 24 queries' worth.
    const storm = Array.from({ length: 8 }, () => [
      { path: "/api/data", retryAfter: 1 },
      { path: "/api/data", delayMs: 100 },
    ]).flat();
    for (const fault of storm) await sim.inject(fault);
    const pool = new RequestPool();
    const qs = queries(24);
    const run = read(pool, qs);
    const outcomes = await run.outcomes;
    expect(outcomes.filter((o) => o.status !== "fulfilled")).toEqual([]);
    expect(sim.count("/api/data")).toBe(24 + 8);
    expect(sim.simulator.maxInFlight("/api/data")).toBeLessThanOrEqual(6);
    const stats = pool.stats();
    expect(stats).toMatchObject({ rateLimited: 8, requeued: 8, limit: 6 });
    expect(stats.lowestLimit).toBeLessThanOrEqual(3);
    expect(stats.waits).toBeGreaterThanOrEqual(1);
    // No request was sent before the time the latest 429 named.
    expect(run.starts.filter((s) => s.at < s.resumeAt)).toEqual([]);
    expect(rowsOf(outcomes)).toEqual(await alone(qs));
  });

  const httpDate = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toUTCString();

  test.each([
    ["seconds", () => 1],
    ["an HTTP date", () => httpDate(1500)],
  ])("Retry-After as %s: the pool waits until then and sends the request again", async (_, retryAfter) => {
    const value = retryAfter();
    await sim.inject({ path: "/api/data", retryAfter: value });
    const before = Date.now();
    const pool = new RequestPool();
    const run = read(pool, queries(3));
    const outcomes = await run.outcomes;
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(sim.count("/api/data")).toBe(4);
    const { resumeAt, rateLimited, waits } = pool.stats();
    expect([rateLimited, waits]).toEqual([1, 1]);
    if (typeof value === "string") expect(resumeAt).toBe(Date.parse(value));
    else expect(resumeAt).toBeGreaterThanOrEqual(before + 1000);
    // The request sent again (the fourth start) started at or after that time.
    expect(run.starts).toHaveLength(4);
    expect(run.starts[3].at).toBeGreaterThanOrEqual(resumeAt);
  });

  test("a Retry-After past the pool's longest wait: the rest are not sent, each ends with the service's words", async () => {
    await sim.inject({ path: "/api/data", retryAfter: 120 });
    const pool = new RequestPool({ limit: 1 });
    const outcomes = await read(pool, queries(4)).outcomes;
    const words = "The service is limiting requests and asks to wait 2 minutes. Try again in 2 minutes.";
    expect(outcomes.map((o) => [o.status, (o as { reason: Error }).reason.message])).toEqual([
      ["rejected", words],
      ["not-started", words],
      ["not-started", words],
      ["not-started", words],
    ]);
    expect(sim.count("/api/data")).toBe(1);
  });

  test("cancel mid-run: the requests under way are cancelled, the rest never sent and reported so", async () => {
    await sim.inject({ path: "/api/data", delayMs: 2000, count: 100 });
    const stop = new AbortController();
    const pool = new RequestPool({ signal: stop.signal });
    const run = read(pool, queries(10));
    while (sim.count("/api/data") < 6) await new Promise((r) => setTimeout(r, 10));
    stop.abort();
    const outcomes = await run.outcomes;
    expect(outcomes.map((o) => o.status)).toEqual([...Array(6).fill("rejected"), ...Array(4).fill("not-started")]);
    expect((outcomes[0] as { reason: Error }).reason.message).toBe("The request was cancelled.");
    expect(sim.count("/api/data")).toBe(6);
  });
});
