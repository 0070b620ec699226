// The omitted metrics the client reports, whatever spelling the service's header uses: the metrics list's names
// for metrics, whatever the separators; a name that is no metric is said (as the service wrote it) and ignored.
// Real HTTP to the simulator, header injected.
import { createClient } from "../../src/api";
import { tabulate } from "../../src/core/answer/tabulate";
import { request } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

const query = request({
  level: "sku",
  retailer: "pharmaplus", // serves no availability: the real header names it
  timeframe: "weekly",
  metrics: "revenue,availability",
  from: "2026-10-05",
  to: "2026-11-01",
});

test("the real header: the metric the retailer cannot serve, by its listed name", async () => {
  const client = createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY });
  const answer = await client.getData(query);
  expect(answer.omittedMetrics).toEqual(["availability"]);
});

test("a header in other case and with a name that is no metric: listed names; the unknown one said as given", async () => {
  await sim.inject({ path: "/api/data", omittedHeader: " AVAILABILITY ,<b>Mystery</b>" });
  const client = createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY });
  const answer = await client.getData(query);
  expect(answer.omittedMetrics).toEqual(["availability"]);
  expect(answer.warnings).toContain(
    'The service named "<b>Mystery</b>" among the metrics it left out, which is no metric; it was ignored.',
  );
  // The table leaves out the omitted metric's column by the same name.
  expect(tabulate(answer, answer.query, EXCEL_DAY_CELLS).headers).not.toContain("availability");
});

test("a space-separated header (the form the client read before the parser moved): each name a metric", async () => {
  await sim.inject({ path: "/api/data", omittedHeader: "availability wastage" });
  const client = createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY });
  const answer = await client.getData(request({ ...query, metrics: "revenue,availability,wastage" }));
  expect(answer.omittedMetrics).toEqual(["availability", "wastage"]);
  expect(answer.warnings.join(" ")).not.toMatch(/no metric/);
});
