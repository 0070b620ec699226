// Test controls: clock, injected faults, request counts, reset; and their absence by default.
import type { RunningSimulator } from "../../dev/simulator/index";
import { client, expectError, start, TODAY, type Client } from "./helpers";

let sim: RunningSimulator;
let c: Client;
beforeAll(async () => {
  sim = await start();
  c = client(sim);
});
afterAll(() => sim.close());
beforeEach(async () => {
  expect((await c.control("reset", {})).status).toBe(200);
  sim.simulator.setToday(TODAY);
});

const DATA = {
  type: "sku",
  retailer: "northmart",
  timeframe: "weekly",
  metric: "revenue,units",
  datefrom: "2026-11-09",
  dateto: "2026-11-22",
};
const fault = async (body: unknown) => {
  const res = await c.control("faults", body);
  expect(res.status).toBe(200);
};

describe("faults", () => {
  test("status with count and path: the next N matching requests fail, others are untouched", async () => {
    await fault({ count: 2, path: "/api/data", status: 503 });
    expect((await c.get("/api/test/")).status).toBe(200);
    expect(await expectError(await c.get("/api/data", DATA), 503)).toMatch(/503/);
    await expectError(await c.get("/api/data", DATA), 503);
    expect((await c.get("/api/data", DATA)).status).toBe(200);
  });
  test("429 with Retry-After, readable by a browser", async () => {
    await fault({ status: 429, retryAfter: 1 });
    const res = await c.get("/api/list", { type: "retailers" }, undefined, { Origin: "https://localhost:3000" });
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
    expect(await expectError(res, 429)).toMatch(/throttled/);
    expect((await c.get("/api/list", { type: "retailers" })).status).toBe(200);
  });
  test("retryAfter as text (an HTTP date) is sent as it is, with 429; text that is not one printable line is refused", async () => {
    await fault({ retryAfter: "Wed, 25 Nov 2026 10:00:00 GMT" });
    const res = await c.get("/api/list", { type: "retailers" });
    expect(res.headers.get("retry-after")).toBe("Wed, 25 Nov 2026 10:00:00 GMT");
    await expectError(res, 429);
    for (const retryAfter of ["", "soon\r\nX-Injected: 1"]) {
      const refused = await c.control("faults", { retryAfter });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("1 to 200 printable ASCII characters on one line");
    }
  });
  test("delayMs: a slow but correct answer", async () => {
    await fault({ delayMs: 400 });
    const t0 = Date.now();
    const res = await c.get("/api/test/");
    expect(await res.json()).toEqual({ success: true });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(380);
  });
  test("delayMs with a status: a slow failure; a client can time out", async () => {
    await fault({ delayMs: 2000, status: 500 });
    await expect(
      fetch(`${sim.url}/api/test/`, { headers: { Authorization: "Token demo" }, signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
  });
  test("body malformed: 200 with JSON that does not parse", async () => {
    await fault({ body: "malformed", path: "/api/data" });
    const res = await c.get("/api/data", DATA);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.startsWith("[{")).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });
  test("body truncated: the connection closes before the promised length", async () => {
    await fault({ body: "truncated" });
    const res = await c.get("/api/data", DATA);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
  test("drop: the socket is destroyed without an answer", async () => {
    await fault({ drop: true });
    await expect(c.get("/api/test/")).rejects.toThrow();
    expect((await c.get("/api/test/")).status).toBe(200);
  });
  test("several faults queue in order; GET lists what is pending", async () => {
    await fault([{ status: 502 }, { status: 504 }]);
    const pending = (await (await c.control("faults")).json()) as { faults: { status: number }[] };
    expect(pending.faults.map((f) => f.status)).toEqual([502, 504]);
    expect((await c.get("/api/test/")).status).toBe(502);
    expect((await c.get("/api/test/")).status).toBe(504);
    expect((await c.get("/api/test/")).status).toBe(200);
  });
  test("an invalid fault is refused with 400", async () => {
    await expectError(await c.control("faults", { status: "teapot" }));
    await expectError(await c.control("faults", { explode: true }));
    await expectError(await c.control("faults", { count: 3 }));
  });
  test("reset clears pending faults", async () => {
    await fault({ count: 5, status: 500 });
    await c.control("reset", {});
    expect((await c.get("/api/test/")).status).toBe(200);
  });
});

describe("request counts", () => {
  test("API requests are counted in total and by path (preflights apart); reset clears them", async () => {
    await c.get("/api/data", DATA);
    await c.get("/api/data", { type: "bad" });
    await c.get("/api/test/");
    await c.get("/api/test/", {}, null); // unauthorised requests count too
    await fetch(`${sim.url}/api/data`, {
      method: "OPTIONS",
      headers: { Origin: "https://x.test", "Access-Control-Request-Method": "GET" },
    });
    const counts = (await (await c.control("requests")).json()) as {
      total: number;
      byPath: Record<string, number>;
      preflight: number;
      maxInFlight: Record<string, number>;
    };
    expect(counts).toEqual({
      total: 4,
      byPath: { "/api/data": 2, "/api/test": 2 },
      preflight: 1,
      maxInFlight: { "/api/data": 1, "/api/test": 1 }, // one at a time
    });
    expect(sim.simulator.requestCount()).toBe(4);
    expect(sim.simulator.requestCount("/api/data")).toBe(2);
    expect(sim.simulator.requestCount("/api/test/")).toBe(2);
    expect(sim.simulator.requestCount("/api/actions")).toBe(0);
    await c.control("reset", {});
    expect(sim.simulator.requestCount()).toBe(0);
    await c.get("/api/test/");
    sim.simulator.resetCounts();
    expect(sim.simulator.requestCount()).toBe(0);
  });
});

describe("clock", () => {
  test("POST /__simulator/clock moves today; data and actions follow", async () => {
    const daily = {
      ...DATA,
      timeframe: "daily",
      filter: "sku",
      viewby: "100001",
      datefrom: "2026-11-20",
      dateto: "2026-11-30",
    };
    expect((await c.data(daily)).map((r) => r.date).pop()).toBe("2026-11-22T00:00:00Z");
    const res = await c.control("clock", { today: "2026-11-28" });
    expect(await res.json()).toEqual({ today: "2026-11-28" });
    expect(sim.simulator.today()).toBe("2026-11-28");
    expect((await c.data(daily)).map((r) => r.date).pop()).toBe("2026-11-27T00:00:00Z");
    expect(await (await c.control("clock")).json()).toEqual({ today: "2026-11-28" });
  });
  test("an invalid date is refused", async () => {
    await expectError(await c.control("clock", { today: "2026-02-30" }));
    await expectError(await c.control("clock", { today: 20261123 }));
    expect(sim.simulator.today()).toBe(TODAY);
    expect(() => sim.simulator.setToday("yesterday")).toThrow();
  });
});

describe("without faults enabled", () => {
  test("/__simulator/* is 404 and nothing can be injected", async () => {
    const plain = await start({ faults: false });
    try {
      for (const sub of ["requests", "faults", "clock", "reset"]) {
        expect((await fetch(`${plain.url}/__simulator/${sub}`)).status).toBe(404);
        expect(
          (
            await fetch(`${plain.url}/__simulator/${sub}`, {
              method: "POST",
              body: JSON.stringify({ status: 500, today: "2020-01-01" }),
            })
          ).status,
        ).toBe(404);
      }
      expect((await client(plain).get("/api/test/")).status).toBe(200);
      expect(plain.simulator.today()).toBe(TODAY);
    } finally {
      await plain.close();
    }
  });
  test("by default faults are off", async () => {
    const { startSimulator } = await import("../../dev/simulator/index");
    const dflt = await startSimulator({ port: 0 });
    try {
      expect((await fetch(`${dflt.url}/__simulator/requests`)).status).toBe(404);
      expect(dflt.apiKey).toBe("demo");
      expect(dflt.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(dflt.simulator.today()).toBe(new Date().toISOString().slice(0, 10));
    } finally {
      await dflt.close();
    }
  });
});
