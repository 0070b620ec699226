// The SALES engine against the simulator over real HTTP: identical calls and caching counted at the simulator,
// results equal to the client's answer for the same query, every error path, the large-result guard.
// SALES.VALUE's batching is in valueBatch.test.ts.
import { tabulateActions } from "../../src/core/answer/actions";
import { tabulate } from "../../src/core/answer/tabulate";
import { excelSerial, EXCEL_DAY_CELLS } from "../../src/excel/excelDays";
import { FunctionError } from "../../src/functions/errors";
import { FunctionsEngine } from "../../src/functions/functionEngine";
import { NO_KEY_MESSAGE } from "../../src/session";
import { startTestSimulator, SIM_KEY, type TestSimulator } from "../support/simulator";
import { abortTimeoutOnFakeClock } from "../support/platformTimers";
import { engineFor, expectedSpill, referenceClient, rejection, sessionFor } from "./helpers";
import { request } from "../support/query";

const NOT_STARTED =
  "Sales Data has not started in this workbook yet. Open the Sales Data pane (Home > Sales Data), then recalculate.";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const DATA = "/api/data";

describe("SALES.SKU and SALES.STORE", () => {
  const args = {
    retailer: "northmart",
    metrics: [["Revenue"], [""], ["units"]],
    from: "2026-01-05",
    to: "2026-03-01",
    comparison: "period",
    filter: "filter2",
  };

  test("identical calls in one calculation make one request; the spill is tabulate() of the client's answer", async () => {
    const engine = engineFor(await sessionFor(sim));
    const results = await Promise.all(Array.from({ length: 5 }, () => engine.sku(args)));
    expect(sim.count(DATA)).toBe(1);

    const ref = await referenceClient(sim).getData(
      request({
        level: "sku",
        retailer: "northmart",
        timeframe: "weekly",
        metrics: "revenue,units",
        from: "2026-01-05",
        to: "2026-03-01",
        comparison: "period",
        filter: "filter2",
      }),
    );
    const t = tabulate(ref, ref.query, EXCEL_DAY_CELLS);
    expect(t.values.length).toBeGreaterThan(10);
    for (const r of results) expect(r).toEqual(expectedSpill(t.headers, t.values));
    expect(results[0][0]).toEqual(["week", "sku", "sku_product_name", "revenue", "units", ...t.headers.slice(5)]);
    expect(results[0][1][0]).toBe(excelSerial("2026-01-05"));
  });

  test("headers FALSE drops the header row from the same cached answer; within the TTL no request, after it one", async () => {
    let now = 1_000_000;
    const engine = engineFor(await sessionFor(sim), { now: () => now, ttlMs: 60_000 });
    const withHeaders = await engine.sku(args);
    const without = await engine.sku({ ...args, headers: false });
    expect(without).toEqual(withHeaders.slice(1));
    expect(sim.count(DATA)).toBe(1);
    now += 59_000;
    await engine.sku({ ...args, headers: 0 });
    expect(sim.count(DATA)).toBe(1);
    now += 2_000;
    await engine.sku(args);
    expect(sim.count(DATA)).toBe(2);
  });

  test("where formatted numbers are supported, dates show as dates and comparisons as percentages", async () => {
    const engine = engineFor(await sessionFor(sim), { formattedNumbers: true });
    const plain = await engineFor(await sessionFor(sim)).sku(args);
    const spill = await engine.sku(args);
    const head = spill[0] as string[];
    const cmp = head.findIndex((h) => h.startsWith("revenue_vs"));
    expect(cmp).toBeGreaterThan(0);
    const row = spill.find(
      (r) => r !== spill[0] && typeof (r[cmp] as { basicValue?: number }).basicValue === "number",
    )!;
    const plainRow = plain[spill.indexOf(row)];
    expect(row[0]).toEqual({ type: "FormattedNumber", basicValue: plainRow[0], numberFormat: "yyyy-mm-dd" });
    expect(row[cmp]).toEqual({ type: "FormattedNumber", basicValue: plainRow[cmp], numberFormat: "0.0%" });
    expect(row[3]).toBe(plainRow[3]); // other numbers stay plain numbers
  });

  test("store level with viewby: the client's answer, text kept as text", async () => {
    const engine = engineFor(await sessionFor(sim));
    const q = { retailer: "pharmaplus", metrics: "revenue,stock", from: "2026-10-05", to: "2026-10-18" };
    const spill = await engine.store({ ...q, filter: "sku", viewby: 100001, headers: "TRUE" });
    const ref = await referenceClient(sim).getData(
      request({
        level: "store",
        timeframe: "weekly",
        ...q,
        filter: "sku",
        viewby: "100001",
      }),
    );
    const t = tabulate(ref, ref.query, EXCEL_DAY_CELLS);
    expect(spill).toEqual(expectedSpill(t.headers, t.values));
    expect(spill.length).toBeGreaterThan(2);
  });
});

describe("lists", () => {
  test("RETAILERS, METRICS, FILTERS and ACTIONS spill the client's lists, cached", async () => {
    const engine = engineFor(await sessionFor(sim));
    const ref = referenceClient(sim);
    expect(await engine.retailers()).toEqual((await ref.listRetailers()).map((r) => [r]));
    const metricsRecord = (await ref.listMetrics("freshway"))[0];
    expect(await engine.metrics("freshway")).toEqual(metricsRecord.sku_metrics!.map((m) => [m]));
    expect(await engine.metrics("freshway", "store", "monthly")).toEqual(metricsRecord.store_metrics!.map((m) => [m]));
    const filters = await ref.listFilters("northmart");
    expect(await engine.filters("northmart")).toEqual(filters.sku.map((s) => [s]));
    expect(await engine.filters("northmart", "filter1")).toEqual(filters.filter1.map((s) => [s]));
    const actions = await engine.actions("northmart");
    const list = await ref.getActions("northmart");
    // The pane's Actions table, cell for cell: the same header, the same columns in the same order.
    const table = tabulateActions(list, EXCEL_DAY_CELLS);
    expect(actions[0]).toEqual(tabulateActions([], EXCEL_DAY_CELLS).headers);
    expect(actions).toEqual(expectedSpill(table.headers, table.values));
    expect(actions).toHaveLength(list.length + 1);
    const desc = (actions[0] as string[]).indexOf("action_description");
    expect(actions.slice(1).map((r) => r[desc])).toEqual(list.map((a) => a.action_description));
    const date = (actions[0] as string[]).indexOf("alert_date");
    expect(actions[1][date]).toBe(excelSerial(list[0].alert_date.slice(0, 10)));
    // Where formatted numbers are supported, the date shows as a date, like the data tables' period.
    const formattedActions = await engineFor(await sessionFor(sim), { formattedNumbers: true }).actions("northmart");
    expect(formattedActions[1][date]).toEqual({
      type: "FormattedNumber",
      basicValue: actions[1][date],
      numberFormat: "yyyy-mm-dd",
    });
    const code = (actions[0] as string[]).indexOf("sku_code");
    expect(formattedActions[1][code]).toBe(actions[1][code]); // codes stay plain

    await sim.reset();
    await engine.retailers();
    await engine.metrics("freshway", "sku", "weekly");
    await engine.filters("northmart", "skuProductName");
    await engine.actions("northmart");
    expect(sim.count()).toBe(0);
    engine.clearCache();
    await engine.retailers();
    await engine.actions("northmart");
    expect(sim.count()).toBe(2);
  });

  test("a timeframe the retailer does not have, and bad list arguments", async () => {
    const engine = engineFor(await sessionFor(sim));
    expect(await rejection(engine.metrics("freshway", "sku", "daily"))).toMatchObject({
      code: "#N/A",
      message: "freshway has no data at SKU level, daily.",
    });
    expect(await rejection(engine.metrics("all"))).toMatchObject({ code: "#VALUE!", argument: "retailer" });
    expect(await rejection(engine.metrics("northmart", "aisle"))).toMatchObject({ code: "#VALUE!", argument: "level" });
    expect(await rejection(engine.filters("northmart", "filter7"))).toMatchObject({
      code: "#VALUE!",
      argument: "field",
    });
    expect(await rejection(engine.actions(""))).toMatchObject({ code: "#VALUE!", argument: "retailer" });
    expect(sim.count()).toBe(1); // only the metrics list was read
  });
});

describe("errors", () => {
  const good = { retailer: "northmart", metrics: "revenue", from: "2026-01-05", to: "2026-01-18" };

  // First in this block: the simulator answers the delayed requests 4 s later, while the tests below run.
  test("an answer much slower than the timeout settles with #N/A before it would have come: no cell is left on #BUSY!", async () => {
    // No wall-clock bound: the cells must settle before the delayed answer could have arrived (10x the timeout).
    const timeoutMs = 400;
    const delayMs = 4000;
    const session = await sessionFor(sim, { timeoutMs });
    const engine = engineFor(session, { timeoutMs });
    await sim.inject({ count: 3, path: DATA, delayMs });
    let answerDue: ReturnType<typeof setTimeout> | undefined;
    const answered = new Promise<"answered">((resolve) => (answerDue = setTimeout(() => resolve("answered"), delayMs)));
    try {
      const settled = await Promise.race([
        Promise.all([
          rejection(engine.sku(good)),
          rejection(engine.value({ retailer: "northmart", metric: "revenue", sku: 100001, date: "2026-01-05" })),
        ]),
        answered,
      ]);
      expect(settled).not.toBe("answered");
      const [a, b] = settled as Awaited<ReturnType<typeof rejection>>[];
      expect(a).toMatchObject({ code: "#N/A", message: expect.stringMatching(/did not answer within/) });
      expect(b).toMatchObject({ code: "#N/A", message: expect.stringMatching(/did not answer within/) });
    } finally {
      clearTimeout(answerDue);
    }
    expect(sim.count(DATA)).toBeGreaterThan(0); // the requests reached the service, which held them
  });

  test("bad arguments give #VALUE! naming the argument, and send nothing", async () => {
    const engine = engineFor(await sessionFor(sim));
    const cases: [Record<string, unknown>, string][] = [
      [{ retailer: "" }, "retailer"],
      [{ metrics: "revenue;units" }, "metrics"],
      [{ from: "last week" }, "from"],
      [{ to: "2025-12-01" }, "to"],
      [{ timeframe: "quarterly" }, "timeframe"],
      [{ comparison: "yoy" }, "comparison"],
      [{ filter: "brand" }, "filter"],
      [{ viewby: "100001" }, "viewby"],
      [{ headers: "no headers" }, "headers"],
    ];
    for (const [change, argument] of cases) {
      const e = await rejection(engine.sku({ ...good, ...change }));
      expect(e).toBeInstanceOf(FunctionError);
      expect([argument, e.code, e.argument]).toEqual([argument, "#VALUE!", argument]);
      expect(e.message.toLowerCase().startsWith(argument)).toBe(true);
    }
    const v = await rejection(
      engine.value({ retailer: "northmart", metric: "revenue,units", sku: 100001, date: "2026-01-05" }),
    );
    expect(v).toMatchObject({ code: "#VALUE!", argument: "metric" });
    const d = await rejection(engine.value({ retailer: "northmart", metric: "revenue", sku: 100001, date: "soon" }));
    expect(d).toMatchObject({ code: "#VALUE!", argument: "date" });
    expect(sim.count()).toBe(0);
  });

  test("no key: #N/A with the pane's words, for every function, and nothing sent", async () => {
    const engine = engineFor(await sessionFor(null));
    const calls = [
      engine.sku(good),
      engine.store(good),
      engine.value({ retailer: "northmart", metric: "revenue", sku: 100001, date: "2026-01-05" }),
      engine.retailers(),
      engine.metrics("northmart"),
      engine.filters("northmart"),
      engine.actions("northmart"),
    ];
    for (const e of await Promise.all(calls.map(rejection))) {
      expect(e).toMatchObject({ code: "#N/A", message: NO_KEY_MESSAGE });
      expect(e.message).toContain("Enter your API key in the Sales Data pane");
    }
    expect(sim.count()).toBe(0);
  });

  test("a service 400 gives #N/A with the service's own words", async () => {
    const engine = engineFor(await sessionFor(sim));
    const res = await fetch(
      `${sim.url}/api/data?type=sku&retailer=nowhere&timeframe=weekly&metric=revenue&datefrom=2026-01-05&dateto=2026-01-18`,
      {
        headers: { Authorization: `Token ${SIM_KEY}` },
      },
    );
    const detail = ((await res.json()) as { detail: string }).detail;
    expect(res.status).toBe(400);
    const e = await rejection(engine.sku({ ...good, retailer: "nowhere" }));
    expect(e.code).toBe("#N/A");
    expect(e.message).toContain(detail);
    const v = await rejection(engine.value({ retailer: "nowhere", metric: "revenue", sku: 1, date: "2026-01-05" }));
    expect(v.code).toBe("#N/A");
    expect(v.message).toContain(detail);
  });

  test("503s and a dropped connection give #N/A with the client's message; all cells of a VALUE group share it", async () => {
    const engine = engineFor(await sessionFor(sim));
    await sim.inject({ count: 8, path: DATA, status: 503 });
    const [a, b, c] = await Promise.all([
      rejection(engine.sku(good)),
      rejection(engine.value({ retailer: "freshway", metric: "revenue", sku: 100001, date: "2026-01-05" })),
      rejection(engine.value({ retailer: "freshway", metric: "units", sku: 100002, date: "2026-02-05" })),
    ]);
    for (const e of [a, b, c]) expect(e).toMatchObject({ code: "#N/A", message: expect.stringMatching(/HTTP 503/) });
    expect(sim.count(DATA)).toBe(8); // 2 requests x 4 attempts: the VALUE cells shared theirs
    await sim.reset();
    await sim.inject({ count: 4, path: DATA, drop: true });
    const dropped = await rejection(engine.sku(good));
    expect(dropped.code).toBe("#N/A");
    expect(dropped.message).toMatch(/Could not reach the service/);
    // failures are not cached: the next call asks again and succeeds
    expect((await engine.sku(good)).length).toBeGreaterThan(1);
  }, 30_000);

  test("even a transport that never answers (and ignores cancellation) settles at the guard, at its timeout", async () => {
    const { ConnectionStore } = await import("../../src/session");
    const { Session } = await import("../../src/session");
    const store = new ConnectionStore();
    await store.save({ baseUrl: sim.url, apiKey: SIM_KEY });
    let requests = 0;
    const never = () => {
      requests++;
      return new Promise<Response>(() => undefined);
    };
    // The client's own deadline (60 s) is far beyond the engine's: only the engine's guard can settle the call.
    const session = new Session(store, { fetch: never, timeoutMs: 60_000 });
    await session.ready();
    // Fake timers (AbortSignal.timeout included): the guard's 2 s and the client's 60 s pass on the test's
    // command, not the machine's clock, and the client's timer is dropped with them afterwards.
    jest.useFakeTimers();
    const timeouts = abortTimeoutOnFakeClock();
    try {
      const engine = engineFor(session, { timeoutMs: 2000 });
      let outcome: Awaited<ReturnType<typeof rejection>> | undefined;
      void rejection(engine.sku(good)).then((e) => (outcome = e));
      await jest.advanceTimersByTimeAsync(1999);
      expect(requests).toBe(1);
      expect(outcome).toBeUndefined();
      await jest.advanceTimersByTimeAsync(1);
      expect(outcome).toMatchObject({ code: "#N/A", message: expect.stringMatching(/did not answer within 2 s/) });
    } finally {
      jest.clearAllTimers();
      jest.useRealTimers();
      timeouts.mockRestore();
    }
  });

  test("before the runtime hands over its session, calls wait, then give #N/A saying how to start", async () => {
    const engine = new FunctionsEngine(() => new Promise(() => undefined), { startupWaitMs: 100 });
    expect(await rejection(engine.retailers())).toMatchObject({ code: "#N/A", message: NOT_STARTED });
  });
});

describe("large results", () => {
  test("over 100,000 cells: #N/A pointing to the pane; a recalculation answers from the cache", async () => {
    const engine = engineFor(await sessionFor(sim));
    const q = { retailer: "northmart", metrics: "revenue,units,stock", from: "2026-08-03", to: "2026-09-27" };
    const e = await rejection(engine.store(q));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/more than a formula should spill \(100,000 cells\)/);
    expect(e.message).toMatch(/Use the Sales Data pane/);
    expect(sim.count(DATA)).toBeGreaterThan(0);
    await sim.reset();
    expect((await rejection(engine.store({ ...q, headers: false }))).message).toMatch(/Use the Sales Data pane/);
    expect(sim.count(DATA)).toBe(0);
  });

  test("the read stops once the rows pass what a spill may hold: the rest of the weeks are never asked for", async () => {
    // 26 weeks of northmart's stores (about 4,400 rows a week): the first week alone, then the rest in chunks.
    const q = { retailer: "northmart", metrics: "revenue", from: "2026-05-04", to: "2026-11-01" };
    const e = await rejection(engineFor(await sessionFor(sim), { maxCells: 100_000 }).store(q));
    expect(e.message).toMatch(
      /^This result is [\d,]+ rows x 6 columns \([\d,]+ cells\), more than a formula should spill/,
    );
    // After the first week the answer was known to be too large: one request.
    expect(sim.count(DATA)).toBe(1);
    // With room for it all, every chunk is read and the spill is whole.
    await sim.reset();
    // (Ten of the weeks: the first alone, then two chunks of the add-in's eight weeks at most.)
    const ten = { ...q, to: "2026-07-12" };
    const whole = await engineFor(await sessionFor(sim), { maxCells: 10_000_000 }).store(ten);
    expect(sim.count(DATA)).toBe(3);
    expect(whole.length).toBeGreaterThan(10 * 4_000);
  });

  test("the limit counts every cell, header row included", async () => {
    const q = { retailer: "northmart", metrics: "revenue", from: "2026-01-05", to: "2026-01-11" };
    const full = await engineFor(await sessionFor(sim)).sku(q);
    const cells = full.length * full[0].length;
    expect(await engineFor(await sessionFor(sim), { maxCells: cells }).sku(q)).toEqual(full);
    const tight = engineFor(await sessionFor(sim), { maxCells: cells - 1 });
    expect((await rejection(tight.sku(q))).code).toBe("#N/A");
    expect(await tight.sku({ ...q, headers: false })).toEqual(full.slice(1));
  });
});
