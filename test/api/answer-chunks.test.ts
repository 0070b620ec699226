// The answer check on long reads (several requests), over real HTTP through the corrupting proxy: a row outside
// the dates of its own request is left out even when it lies inside the question, and a service whose weeks start
// on another day (here: Monday midnight written with +01:00, which is Sunday 23:00 UTC) is read again in one
// request, as the client promises (docs/client.md, "Resilience").
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { createClient, type SalesClient } from "../../src/api";
import { planChunks } from "../../src/core/query/chunks";
import { dayOfTimestamp } from "../../src/core/dates";
import { request } from "../support/query";
import { SIM_KEY, startTestSimulator, type TestSimulator } from "../support/simulator";

const LONG = request({
  level: "sku",
  retailer: "northmart",
  timeframe: "weekly",
  metrics: "revenue,units",
  from: "2024-06-03",
  to: "2026-11-22",
});

let sim: TestSimulator;
let proxy: CorruptingProxy;
let client: SalesClient;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 3, stores: 2 });
  proxy = await startCorruptingProxy(sim.url);
  client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => sim.simulator.today(), retries: 0 });
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
beforeEach(async () => {
  proxy.clear();
  await sim.reset();
});

const chunks = planChunks({ from: LONG.from, to: LONG.to, level: "sku", timeframe: "weekly" });

test("the read is two requests (the premise of the tests below)", async () => {
  await client.getData(LONG);
  expect(chunks).toHaveLength(2);
  expect(sim.count("/api/data")).toBe(2);
});

test("a row the second request sends for a week of the first is left out, counted, and not taken for a repeated key", async () => {
  const clean = await client.getData(LONG);
  proxy.corrupt({ corruptions: [{ kind: "outside", rows: 2, side: "before" }], match: { datefrom: chunks[1].from } });
  const r = await client.getData(LONG);
  expect(proxy.corrupted()).toBe(1);
  expect(r.rows).toHaveLength(clean.rows.length - 2);
  expect(r.report.outside.rows).toBe(2);
  // The week before the second request's first: inside the question, outside that request.
  expect(r.warnings).toEqual([
    expect.stringMatching(
      /^The service sent 2 rows outside the dates asked in their part of the read \(dated 25 May\); they were left out\.$/,
    ),
  ]);
});

test("weeks that start on another day (Sunday in UTC) are read again in one request and kept as the service sends them", async () => {
  proxy.corrupt({ corruptions: [{ kind: "local-midnight", hours: 1 }] });
  const r = await client.getData(LONG);
  expect(sim.count("/api/data")).toBe(3); // two chunks, then the whole range once
  const days = new Set(r.rows.map((row) => new Date(`${dayOfTimestamp(String(row.week))!}T00:00:00Z`).getUTCDay()));
  expect([...days]).toEqual([0]);
  const keys = r.rows.map((row) => `${String(row.week)}|${String(row.sku)}`);
  expect(new Set(keys).size).toBe(keys.length);
});
