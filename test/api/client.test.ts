// The client against the simulator over real HTTP on 127.0.0.1: every method, every error kind,
// retries, cancellation, chunking and in-flight sharing, with requests counted at the simulator.
import { createClient, type ClientOptions, type SalesClient } from "../../src/api";
import { parseQuery } from "../../src/core/query/query";
import { request } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { abortTimeoutOnFakeClock, heldTimers } from "../support/platformTimers";
import { failure, WEEKLY } from "./support/client";

let sim: TestSimulator;
let client: SalesClient;
const make = (opts: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY, timeoutMs: 5000, ...opts });

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());
beforeEach(async () => {
  await sim.reset();
  client = make();
});

describe("methods", () => {
  test("testConnection is true with the right key", async () => {
    expect(await client.testConnection()).toBe(true);
  });

  test("listRetailers includes all and the demo retailers", async () => {
    const retailers = await client.listRetailers();
    expect(retailers).toContain("all");
    expect(retailers.length).toBeGreaterThanOrEqual(6);
  });

  test("listMetrics returns the retailer's records with null for what it does not serve", async () => {
    const [record] = await client.listMetrics("freshway");
    expect(record.retailer).toBe("freshway");
    expect(record.sku_metrics).toContain("revenue");
    expect(record.sku_metrics_daily).toBeNull();
  });

  test("listFilters returns SKU codes, product names and five filter fields", async () => {
    const filters = await client.listFilters("northmart");
    expect(filters.sku.length).toBeGreaterThanOrEqual(40);
    expect(filters.skuProductName[0]).toContain(filters.sku[0]);
    for (const f of ["filter1", "filter2", "filter3", "filter4", "filter5"] as const)
      expect(filters[f].length).toBeGreaterThan(0);
  });

  test("lists are read once per session and again after clearLists", async () => {
    await client.listFilters("northmart");
    await client.listFilters("northmart");
    expect(sim.count("/api/list")).toBe(1);
    client.clearLists();
    await client.listFilters("northmart");
    expect(sim.count("/api/list")).toBe(2);
  });

  test("getData returns rows, the period field found by its values, and no omissions", async () => {
    const result = await client.getData(WEEKLY);
    expect(result.periodField).toBe("week");
    expect(result.omittedMetrics).toEqual([]);
    expect(result.rows.length).toBeGreaterThan(40);
    expect(result.rows[0]).toEqual(
      expect.objectContaining({ week: "2026-09-07T00:00:00Z", revenue: expect.any(Number), units: expect.any(Number) }),
    );
  });

  test("daily and monthly periods are found though the spec does not name their field", async () => {
    const daily = await client.getData({ ...WEEKLY, timeframe: "daily", from: "2026-11-01", to: "2026-11-07" });
    const monthly = await client.getData({ ...WEEKLY, timeframe: "monthly", from: "2026-06-01", to: "2026-10-31" });
    for (const r of [daily, monthly]) {
      expect(r.periodField).not.toBe("");
      expect(String(r.rows[0][r.periodField])).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
    expect(new Set(daily.rows.map((r) => r[daily.periodField])).size).toBe(7);
    expect(new Set(monthly.rows.map((r) => r[monthly.periodField])).size).toBe(5);
  });

  test("metrics the retailer cannot serve come back in omittedMetrics, from the service's header", async () => {
    const result = await client.getData(
      request({ ...WEEKLY, retailer: "pharmaplus", metrics: "revenue,availability" }),
    );
    expect(result.omittedMetrics).toEqual(["availability"]);
    expect(result.rows[0]).not.toHaveProperty("availability");
  });

  test("comparison columns are kept as the extra numeric columns they are", async () => {
    const result = await client.getData({ ...WEEKLY, comparison: "year" });
    const extra = Object.keys(result.rows[0]).filter(
      (k) => !["week", "sku", "sku_product_name", "revenue", "units"].includes(k),
    );
    expect(extra).toHaveLength(2);
    for (const k of extra) expect(typeof result.rows[0][k]).toBe("number");
  });

  test("getActions returns this week's actions, including no_sales", async () => {
    const actions = await client.getActions("northmart");
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.map((a) => a.action)).toContain("no_sales");
  });
});

describe("errors", () => {
  test("validation: refused before any request, naming the argument and what is allowed", async () => {
    // A query that is no query is refused at its edge, where it is parsed, so no client ever gets it ...
    const { retailer, ...weekly } = WEEKLY;
    const parsed = parseQuery({ ...weekly, retailers: retailer, metrics: "revenue, unitz" });
    const [e] = parsed.ok ? [] : parsed.errors;
    expect(e.field).toBe("metrics");
    expect(e.message).toContain('"unitz" is not a metric');
    expect(e.message).toContain("revenue, units, average_price");
    // ... and what needs the service's today is refused by the client.
    const store = await failure(
      client.getData({ ...WEEKLY, level: "store", timeframe: "daily", from: "2026-11-01", to: "2026-11-20" }),
    );
    expect(store.kind).toBe("validation");
    expect(store.field).toBe("from");
    expect(store.message).toContain("earliest From is 2026-11-09");
    expect(sim.count()).toBe(0);
  });

  test("validation with the retailer's metrics list known: a null level/timeframe is refused before sending", async () => {
    await client.listMetrics("freshway");
    const e = await failure(
      client.getData({ ...WEEKLY, retailer: "freshway", timeframe: "daily", from: "2026-11-01", to: "2026-11-07" }),
    );
    expect(e.kind).toBe("validation");
    expect(e.message).toContain("freshway has no daily data at SKU level. Available: weekly, monthly.");
    expect(sim.count("/api/data")).toBe(0);
  });

  test("request: a 400 carries the service's own words", async () => {
    const e = await failure(
      client.getData({ ...WEEKLY, retailer: "freshway", timeframe: "daily", from: "2026-11-01", to: "2026-11-07" }),
    );
    expect(e.kind).toBe("request");
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toBeTruthy();
    expect(e.message).toContain(e.serviceMessage);
  });

  test("auth: a wrong key is rejected, and the message says what to do without echoing it", async () => {
    const e = await failure(make({ apiKey: "not-the-key" }).testConnection());
    expect(e.kind).toBe("auth");
    expect(e.message).toMatch(/rejected the API key/);
    expect(e.message).not.toContain("not-the-key");
  });

  test("not-found: a wrong endpoint path", async () => {
    const e = await failure(make({ paths: { list: "/v2/list" } }).listRetailers());
    expect(e.kind).toBe("not-found");
    expect(e.message).toBe(
      `The service found nothing at this address (${sim.url}/v2/list): Not found. Check the Service URL and the ` +
        "endpoint paths in the pane.",
    );
  });

  test("the service's words end the sentence once: one full stop whether they bring their own or not", async () => {
    await sim.inject({ status: 403, detail: "This key is read-only.", count: 1 });
    const refused = await failure(client.listRetailers());
    expect(refused.message).toBe(
      "The service refused access: This key is read-only. A key reads only its own account's retailer connections.",
    );
    await sim.inject({ status: 400, detail: "no such thing", count: 1 });
    expect((await failure(client.listRetailers())).message).toBe(
      "The service refused the request (HTTP 400): no such thing.",
    );
  });

  test("rate-limit: a Retry-After longer than the cap fails at once with the wait", async () => {
    await sim.inject({ status: 429, retryAfter: 120, count: 1 });
    const e = await failure(client.listRetailers());
    expect(e.kind).toBe("rate-limit");
    expect(e.retryAfter).toBe(120);
    expect(sim.count()).toBe(1);
  });

  test("rate-limit: a short Retry-After is honoured and the request succeeds", async () => {
    await sim.inject({ status: 429, retryAfter: 1, count: 1 });
    const started = Date.now();
    expect(await client.listRetailers()).toContain("all");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(sim.count()).toBe(2);
  });

  test("retries 502/503/504 with backoff, then succeeds", async () => {
    await sim.inject({ status: 503, count: 1 });
    await sim.inject({ status: 502, count: 1 });
    expect((await client.getData(WEEKLY)).rows.length).toBeGreaterThan(0);
    expect(sim.count("/api/data")).toBe(3);
  });

  test("service: a 5xx that persists past the retries", async () => {
    await sim.inject({ status: 503, count: 10 });
    const e = await failure(make({ retries: 2 }).listRetailers());
    expect(e.kind).toBe("service");
    expect(e.status).toBe(503);
    expect(sim.count()).toBe(3);
  });

  test("service: a 500 is not retried", async () => {
    await sim.inject({ status: 500, count: 1 });
    const e = await failure(client.listRetailers());
    expect(e.kind).toBe("service");
    expect(sim.count()).toBe(1);
  });

  test("network: a dropped connection is retried, and one that keeps dropping fails", async () => {
    await sim.inject({ drop: true, count: 1 });
    expect(await client.listRetailers()).toContain("all");
    await sim.inject({ drop: true, count: 10 });
    const e = await failure(make({ retries: 1 }).testConnection());
    expect(e.kind).toBe("network");
    expect(e.message).toContain(new URL(sim.url).origin);
  });

  test("network: nothing listening", async () => {
    const e = await failure(make({ baseUrl: "http://127.0.0.1:9", retries: 0 }).testConnection());
    expect(e.kind).toBe("network");
    expect(e.message).toMatch(/Could not reach the service at http:\/\/127\.0\.0\.1:9/);
  });

  test("timeout: the overall budget includes retries", async () => {
    await sim.inject({ delayMs: 3000, count: 5 });
    const e = await failure(make({ timeoutMs: 800 }).listRetailers());
    expect(e.kind).toBe("timeout");
    expect(e.message).toBe("The service did not answer within 1 s. Try again, or ask for a shorter date range.");
    expect(sim.count()).toBe(1); // no retry was started once the budget was spent
  });

  describe("the deadline's timer (the service is a fetch function, since the simulator uses timers too)", () => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    /** A fetch that never answers and ignores its abort signal. */
    const deaf: typeof fetch = () => new Promise<Response>(() => {});

    /** An answer whose text comes in `parts`, one every `everyMs`; after the last, the body ends (or, `stall`, nothing more comes). */
    const trickling =
      (parts: string[], everyMs: number, stall = false): typeof fetch =>
      async () => {
        let next = 0;
        const body = new ReadableStream<Uint8Array>({
          async pull(c) {
            if (next > 0) await new Promise((r) => setTimeout(r, everyMs));
            if (next < parts.length) c.enqueue(new TextEncoder().encode(parts[next++]));
            else if (!stall) c.close();
            else await new Promise(() => {});
          },
        });
        return new Response(body, { headers: { "Content-Type": "application/json" } });
      };

    test("an answer that keeps coming is read past the budget: each wait for bytes has the budget afresh", async () => {
      const parts = ['{"su', "cce", 'ss"', ": tr", "ue}"];
      // 5 parts 400 ms apart: 1.6 s in all, against a budget of 1 s.
      expect(await make({ fetch: trickling(parts, 400), timeoutMs: 1000 }).testConnection()).toBe(true);
    });

    test("an answer that stops part-way ends when the budget passes with nothing new, said as stopped", async () => {
      const e = await failure(make({ fetch: trickling(['{"su', "cce"], 100, true), timeoutMs: 1000 }).testConnection());
      expect(e.kind).toBe("timeout");
      expect(e.message).toBe(
        "The service's answer stopped coming part-way: nothing arrived for 1 s. Try again, or ask for a shorter date range.",
      );
    });

    test("holds nothing once the request succeeds, fails or is cancelled (the platform's timer keeps nothing alive)", async () => {
      const before = heldTimers();
      expect(await make({ fetch: async () => json({ success: true }) }).testConnection()).toBe(true);
      const e = await failure(make({ fetch: async () => json({ detail: "no" }, 401) }).testConnection());
      expect(e.kind).toBe("auth");
      const controller = new AbortController();
      const pending = failure(make({ fetch: deaf }).getData(WEEKLY, { signal: controller.signal }));
      controller.abort();
      expect((await pending).kind).toBe("cancelled");
      expect(heldTimers()).toBe(before);
    });

    describe("on the fake clock (AbortSignal.timeout included)", () => {
      beforeEach(() => {
        jest.useFakeTimers({
          doNotFake: ["Date", "hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate"],
        });
        abortTimeoutOnFakeClock();
      });
      afterEach(() => {
        jest.useRealTimers();
        jest.restoreAllMocks();
      });

      test("ends the request at the deadline even when the fetch ignores the abort", async () => {
        const pending = failure(make({ fetch: deaf, timeoutMs: 1000 }).testConnection());
        await jest.advanceTimersByTimeAsync(999);
        let settled = false;
        void pending.then(() => (settled = true));
        await jest.advanceTimersByTimeAsync(0);
        expect(settled).toBe(false);
        await jest.advanceTimersByTimeAsync(1);
        const e = await pending;
        expect(e.kind).toBe("timeout");
        expect(e.message).toBe("The service did not answer within 1 s. Try again, or ask for a shorter date range.");
      });

      test("every caller cancelling ends the request at once, even when the fetch ignores the abort", async () => {
        const controller = new AbortController();
        const pending = failure(make({ fetch: deaf }).getData(WEEKLY, { signal: controller.signal }));
        await jest.advanceTimersByTimeAsync(0);
        controller.abort();
        expect((await pending).kind).toBe("cancelled");
      });
    });
  });

  test("format: a malformed JSON body", async () => {
    await sim.inject({ body: "malformed", count: 1 });
    expect((await failure(client.listRetailers())).kind).toBe("format");
  });

  test.each([
    ["pane", "fewer days in From and To"],
    ["command", 'fewer days in the query ("from" and "to")'],
  ] as const)(
    "broken-off: an answer cut part-way is said as reached, how far it got, in the %s's words",
    async (surface, days) => {
      // The simulator promises the whole length, sends half, then closes the socket.
      await sim.inject({ path: "/api/data", body: "truncated", count: 1 });
      const e = await failure(make({ surface }).getData(WEEKLY));
      expect(e.kind).toBe("broken-off");
      expect(e.message).toMatch(
        new RegExp(
          `^The service at ${sim.url} answered, but its answer broke off part-way \\(after (\\d+) KB of the (\\d+) KB ` +
            "it announced; UND_ERR_SOCKET\\)\\. Try again; if it keeps breaking off, ask for ",
        ),
      );
      const [, got, announced] = /after (\d+) KB of the (\d+) KB/.exec(e.message)!;
      expect(Math.abs(Number(got) * 2 - Number(announced))).toBeLessThanOrEqual(2); // half of it, as sent
      expect(e.message).toContain(`ask for ${days}: a shorter answer is less likely to be cut.`);
      expect(e.message).not.toContain("Could not reach");
      await sim.inject({ body: "truncated", count: 1 });
      expect((await failure(make({ surface, retries: 0 }).testConnection())).kind).toBe("broken-off");
    },
  );

  test("format: a wrong type names the field and the row", async () => {
    // A server that answers with a string where a metric must be a number.
    const fakeFetch: typeof fetch = async () =>
      new Response(
        JSON.stringify([
          { week: "2026-01-05T00:00:00Z", sku: 1, revenue: 1 },
          { week: "2026-01-05T00:00:00Z", sku: 2, revenue: "12" },
        ]),
        {
          headers: { "Content-Type": "application/json" },
        },
      );
    const e = await failure(make({ fetch: fakeFetch }).getData(WEEKLY));
    expect(e.kind).toBe("format");
    expect(e.message).toContain('cannot read: row 2: revenue is the text "12", not a number. Nothing was written.');
  });

  test("cancelled: an AbortSignal stops a request under way", async () => {
    await sim.inject({ delayMs: 2000, count: 1 });
    const controller = new AbortController();
    const pending = client.getData(WEEKLY, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect((await failure(pending)).kind).toBe("cancelled");
  });

  test("a client without a key is refused with the pane's instruction", () => {
    expect(() => make({ apiKey: "  " })).toThrow("Enter your API key in the Sales Data pane");
  });

  test("an http service URL is refused except on localhost", () => {
    expect(() => make({ baseUrl: "http://sales.example.com" })).toThrow(/must start with https/);
    expect(() => make({ baseUrl: "http://localhost:4010" })).not.toThrow();
  });
});

describe("chunking and sharing", () => {
  test("a long store-level range is read in chunks, joined in order, equal to one big read", async () => {
    const query = request({
      level: "store",
      retailer: "pharmaplus",
      timeframe: "weekly",
      metrics: "revenue,units",
      from: "2026-06-01",
      to: "2026-10-25",
      viewby: "100001",
      filter: "sku",
    });
    const chunked = await make({ concurrency: 2 }).getData(query);
    const requests = sim.count("/api/data");
    expect(requests).toBeGreaterThan(2);
    const params = new URLSearchParams({
      type: "store",
      retailer: "pharmaplus",
      timeframe: "weekly",
      metric: "revenue,units",
      datefrom: "2026-06-01",
      dateto: "2026-10-25",
      filter: "sku",
      viewby: "100001",
    });
    const whole = await (
      await fetch(`${sim.url}/api/data?${params}`, { headers: { Authorization: `Token ${SIM_KEY}` } })
    ).json();
    expect(chunked.rows).toEqual(whole);
  });

  test("identical requests in flight at the same time share one HTTP call", async () => {
    await sim.inject({ delayMs: 300, count: 1 });
    const [a, b, c] = await Promise.all([
      client.getData(WEEKLY),
      client.getData(request({ ...WEEKLY, metrics: "Revenue, Units" })),
      client.getData(WEEKLY),
    ]);
    expect(sim.count("/api/data")).toBe(1);
    expect(b.rows).toEqual(a.rows);
    expect(c.rows).toBe(a.rows);
  });

  test("one caller cancelling does not cancel the others sharing the call", async () => {
    await sim.inject({ delayMs: 400, count: 1 });
    const controller = new AbortController();
    const first = client.getData(WEEKLY, { signal: controller.signal });
    const second = client.getData(WEEKLY);
    controller.abort();
    expect((await failure(first)).kind).toBe("cancelled");
    expect((await second).rows.length).toBeGreaterThan(0);
    expect(sim.count("/api/data")).toBe(1);
  });
});

describe("failures of shared and chunked reads", () => {
  test("a chunk that fails stops the other chunks from being requested", async () => {
    await sim.inject({ status: 400, detail: "bad chunk", count: 1, path: "/api/data" });
    const query = request({
      level: "store",
      retailer: "pharmaplus",
      timeframe: "weekly",
      metrics: "revenue",
      from: "2025-06-02",
      to: "2026-10-25",
      filter: "sku",
      viewby: "100001",
    });
    const e = await failure(make({ concurrency: 1 }).getData(query));
    expect(e.kind).toBe("request");
    expect(e.message).toContain("bad chunk");
    expect(sim.count("/api/data")).toBe(1); // of about ten chunks, none after the failure
  });

  test("a request made just after every sharer cancelled starts afresh", async () => {
    await sim.inject({ delayMs: 300, count: 1 });
    const controller = new AbortController();
    const first = client.getData(WEEKLY, { signal: controller.signal });
    first.catch(() => undefined);
    while (sim.count("/api/data") === 0) await new Promise((r) => setTimeout(r, 5)); // under way at the service
    controller.abort();
    const second = await client.getData(WEEKLY);
    expect((await failure(first)).kind).toBe("cancelled");
    expect(second.rows.length).toBeGreaterThan(0);
    expect(sim.count("/api/data")).toBe(2);
  });
});
