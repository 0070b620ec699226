// The query builder's form as plain data, with one retailer or several: the query it sends (a name for one, a list
// for several), the form a saved record reopens, what the shared validation says under each control before
// anything is sent (each retailer checked against its own metrics list, read from the simulator over HTTP), and
// what Retailer, Metrics and Timeframe offer.
import { createClient, type MetricsRecord } from "../../src/api";
import { formulaFor } from "../../src/core/query/describe";
import {
  checkForm,
  emptyForm,
  fromQuery,
  metricChoices,
  nextRetailers,
  formMessages,
  retailerRecords,
  timeframeNotServedBy,
  type QueryForm,
} from "../../src/taskpane/queryBuilder/queryForm";
import type { Query } from "../../src/core/query/query";
import { viewByChoices } from "../../src/core/query/viewBy";
import { dateStyle } from "../../src/core/words";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";

let sim: TestSimulator;
/** Each retailer's metrics list as the pane loads it: `listMetrics(retailer)`. */
const lists = new Map<string, MetricsRecord[]>();

beforeAll(async () => {
  sim = await startTestSimulator();
  const client = createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY });
  for (const r of ["northmart", "freshway", "pharmaplus", "budgetbox"]) lists.set(r, await client.listMetrics(r));
});
afterAll(() => sim.close());

const form = (more: Partial<QueryForm>): QueryForm => ({
  ...emptyForm({ from: "2026-08-24", to: "2026-11-22" }),
  metrics: ["revenue", "units"],
  ...more,
});

/** The form's query, checked as the pane checks it before anything is sent; a refusal fails the test. */
function queryOf(f: QueryForm): Query {
  const checked = checkForm(f, SIM_TODAY);
  if (!checked.query)
    throw new Error(
      `refused: ${Object.values(checked.errors)
        .map((e) => e.message)
        .join(" ")}`,
    );
  return checked.query;
}

describe("the query checkForm sends, and fromQuery", () => {
  test("the retailers are sent in the order picked (one is a list of one); none is refused as missing", () => {
    expect(queryOf(form({ retailers: ["northmart"] })).retailers).toEqual(["northmart"]);
    expect(queryOf(form({ retailers: ["freshway", "northmart"] })).retailers).toEqual(["freshway", "northmart"]);
    const none = checkForm(form({ retailers: [] }), SIM_TODAY);
    expect(Object.entries(none.errors).map(([field, e]) => [field, e.codes])).toEqual([["retailer", ["missing"]]]);
  });

  test("a saved record's retailer (a name, a comma list or a list) reopens with each retailer chosen", () => {
    const saved = queryOf(form({ retailers: ["northmart", "freshway"] }));
    expect(fromQuery(saved, false).retailers).toEqual(["northmart", "freshway"]);
    // What a saved record holds is read by the parser every query passes (src/core/query/savedRecords.ts).
    expect(fromQuery(asQuery({ ...saved, retailers: "northmart, freshway" }), false).retailers).toEqual([
      "northmart",
      "freshway",
    ]);
    expect(fromQuery(asQuery({ ...saved, retailers: "pharmaplus" }), false).retailers).toEqual(["pharmaplus"]);
    // Edit, then the same query again: nothing lost on the way.
    const f = form({ retailers: ["northmart", "freshway", "pharmaplus"], comparison: "year", filter: "filter1" });
    expect(fromQuery(queryOf(f), false)).toEqual(f);
  });

  test("Insert formula of several retailers writes them as one comma list", () => {
    const q = queryOf(form({ retailers: ["northmart", "freshway"] }));
    expect(formulaFor(q)).toBe('=SALES.SKU("northmart,freshway", "revenue,units", "2026-08-24", "2026-11-22")');
  });
});

describe("checkForm: every control's problem at once", () => {
  test("a problem the parser finds and one the service's rules find are shown together, each under its control", () => {
    // availability is no store-level metric (the parser's); From is before the 14-day limit (the service's rules).
    const f = form({
      level: "store",
      timeframe: "daily",
      retailers: ["northmart"],
      metrics: ["revenue", "availability"],
      from: "2026-10-01",
      to: "2026-11-20",
    });
    const { errors, query } = checkForm(f, SIM_TODAY, lists);
    expect(errors.metrics).toEqual({
      message: expect.stringMatching(/^availability is not available at store level\. Allowed: /),
      codes: ["not-allowed"],
    });
    expect(errors.from).toEqual({
      message: expect.stringMatching(/^Store-level daily data is kept for 14 days only: the earliest From is /),
      codes: ["range"],
    });
    expect(query).toBeUndefined();
  });

  test("with several retailers, a timeframe one of them does not serve is named beside a problem of the parser", () => {
    const f = form({ retailers: ["northmart", "freshway"], timeframe: "daily", from: "2026-11-01", metrics: [] });
    const { errors } = checkForm(f, SIM_TODAY, lists);
    expect(errors.metrics?.codes).toEqual(["missing"]);
    expect(errors.timeframe?.message).toMatch(/^freshway has no daily data at SKU level/);
  });
});

describe("checkForm with several retailers", () => {
  test("retailers that serve the query: no errors, no warnings", () => {
    const { errors, warnings } = checkForm(form({ retailers: ["northmart", "freshway"] }), SIM_TODAY, lists);
    expect(errors).toEqual({});
    expect(warnings).toEqual({});
  });

  test("`all` with other retailers is refused under Retailer", () => {
    const { errors } = checkForm(form({ retailers: ["all", "northmart"] }), SIM_TODAY, lists);
    expect(errors.retailer?.message).toMatch(/"all" \(Sales Summary\) cannot be combined with other retailers/);
    expect(errors.retailer?.codes).toEqual(["not-allowed"]);
  });

  test("a retailer listed twice is refused", () => {
    const { errors } = checkForm(form({ retailers: ["northmart", "freshway", "northmart"] }), SIM_TODAY, lists);
    expect(errors.retailer?.message).toMatch(/listed more than once/);
  });

  test("a timeframe one chosen retailer does not serve is refused under Timeframe, naming it", () => {
    const { errors } = checkForm(
      form({ retailers: ["northmart", "freshway"], timeframe: "daily", from: "2026-11-01" }),
      SIM_TODAY,
      lists,
    );
    expect(errors.timeframe?.message).toMatch(/^freshway has no daily data at SKU level/);
    expect(errors.timeframe?.codes).toEqual(["not-served"]);
    expect(errors.retailer).toBeUndefined();
  });

  test("a metric only some serve is a warning naming the retailer that leaves it out, not an error", () => {
    const { errors, warnings } = checkForm(
      form({ retailers: ["northmart", "pharmaplus"], metrics: ["revenue", "availability"] }),
      SIM_TODAY,
      lists,
    );
    expect(errors).toEqual({});
    expect(warnings).toEqual({
      metrics: "pharmaplus does not serve availability at SKU level, weekly: the service will leave it out.",
    });
  });

  test("metrics one retailer serves none of are refused under Metrics, naming that retailer", () => {
    const { errors } = checkForm(
      form({ retailers: ["northmart", "pharmaplus"], metrics: ["availability"] }),
      SIM_TODAY,
      lists,
    );
    expect(errors.metrics?.message).toMatch(/^pharmaplus serves none of availability/);
    expect(errors.metrics?.codes).toEqual(["not-served"]);
  });

  test("empty Metrics is 'missing' (shown only after Get data), as for one retailer", () => {
    const several = checkForm(form({ retailers: ["northmart", "freshway"], metrics: [] }), SIM_TODAY, lists);
    const one = checkForm(form({ retailers: ["northmart"], metrics: [] }), SIM_TODAY, lists);
    expect(several.errors.metrics).toEqual(one.errors.metrics);
    expect(several.errors.metrics?.codes).toEqual(["missing"]);
  });

  test("a date problem all retailers share is said once", () => {
    const { errors } = checkForm(
      form({ retailers: ["northmart", "pharmaplus"], from: "2026-11-20", to: "2026-11-01" }),
      SIM_TODAY,
      lists,
    );
    const one = checkForm(form({ retailers: ["northmart"], from: "2026-11-20", to: "2026-11-01" }), SIM_TODAY, lists);
    expect(errors.to ?? errors.from).toEqual(one.errors.to ?? one.errors.from);
  });

  test("before the lists arrive the retailers are checked without them, as for one retailer", () => {
    const { errors } = checkForm(
      form({ retailers: ["northmart", "freshway"], timeframe: "daily", from: "2026-11-01" }),
      SIM_TODAY,
    );
    expect(errors).toEqual({});
  });
});

describe("what the Retailer, Metrics and Timeframe controls offer", () => {
  test("picking `all` clears the other retailers; picking a retailer clears `all`; unpicking removes it", () => {
    expect(nextRetailers(["northmart", "freshway", "all"], "all")).toEqual(["all"]);
    expect(nextRetailers(["all", "northmart"], "northmart")).toEqual(["northmart"]);
    expect(nextRetailers(["northmart", "freshway"], "freshway")).toEqual(["northmart", "freshway"]);
    expect(nextRetailers(["northmart"], "freshway")).toEqual(["northmart"]); // freshway was unpicked
    expect(nextRetailers([], "northmart")).toEqual([]);
  });

  test("Metrics offers what any chosen retailer serves, naming the retailers that do not serve one", () => {
    const records = retailerRecords(["northmart", "pharmaplus"], lists);
    const { metrics, notServedBy } = metricChoices({ level: "sku", timeframe: "weekly" }, records);
    const northmart = lists.get("northmart")![0].sku_metrics!;
    expect(metrics).toEqual(northmart); // pharmaplus serves a part of northmart's list
    expect(notServedBy.get("availability")).toEqual(["pharmaplus"]);
    expect(notServedBy.has("revenue")).toBe(false);
    // One retailer: its own list, nothing to name.
    const one = metricChoices({ level: "sku", timeframe: "weekly" }, retailerRecords(["pharmaplus"], lists));
    expect(one.metrics).toEqual(lists.get("pharmaplus")![0].sku_metrics);
    expect(one.notServedBy.size).toBe(0);
  });

  test("a union keeps the first retailer's order, then adds what the others serve", () => {
    const records = retailerRecords(["pharmaplus", "budgetbox"], lists);
    const { metrics } = metricChoices({ level: "sku", timeframe: "weekly" }, records);
    const p = lists.get("pharmaplus")![0].sku_metrics!;
    const b = lists.get("budgetbox")![0].sku_metrics!;
    expect(metrics).toEqual([...p, ...b.filter((m) => !p.includes(m))]);
  });

  test("a timeframe is unavailable when any chosen retailer does not serve it at the level", () => {
    const records = retailerRecords(["northmart", "freshway"], lists);
    expect(timeframeNotServedBy("sku", "daily", records)).toEqual(["freshway"]);
    expect(timeframeNotServedBy("sku", "weekly", records)).toEqual([]);
    expect(timeframeNotServedBy("store", "weekly", retailerRecords(["budgetbox", "northmart"], lists))).toEqual([
      "budgetbox",
    ]);
    // A list not loaded yet names nobody.
    expect(timeframeNotServedBy("sku", "daily", retailerRecords(["northmart", "freshway"], new Map()))).toEqual([]);
  });
});

describe("the pane's words and when it says them", () => {
  const GB = dateStyle("en-GB");
  const one = (more: Partial<QueryForm>) => form({ retailers: ["northmart"], ...more });

  test("days in the user's style: a date typed as the pane does not read it, To before From, the store limit", () => {
    const typed = checkForm(one({ from: "31/02/2026" }), SIM_TODAY, lists, { style: GB });
    expect(typed.errors.from?.message).toBe("Type From as dd/mm/yyyy, e.g. 23/11/2026.");
    const swapped = checkForm(one({ from: "2026-11-20", to: "2026-11-01" }), SIM_TODAY, lists, { style: GB });
    expect(swapped.errors.to?.message).toBe(
      "To (01/11/2026) is before From (20/11/2026). Swap them or pick a later To.",
    );
    const store = checkForm(
      one({ level: "store", timeframe: "daily", from: "2026-10-01", to: "2026-11-20" }),
      SIM_TODAY,
      lists,
      { style: GB },
    );
    expect(store.errors.from?.message).toMatch(/the earliest From is 09\/11\/2026\./);
  });

  test("metrics by the names the Metrics dropdown shows: empty, not at this level, never daily, not served", () => {
    const empty = checkForm(one({ level: "store", metrics: [] }), SIM_TODAY, lists, { style: GB });
    expect(empty.errors.metrics?.message).toBe(
      "Metrics is empty. Give one or more of: Revenue, Units, Average price (average_price), Stock, Wastage, Lost sales (lost_sales).",
    );
    const store = checkForm(one({ level: "store", metrics: ["unit_ros"] }), SIM_TODAY, lists, { style: GB });
    expect(store.errors.metrics?.message).toMatch(/^Unit rate of sale \(unit_ros\) is not available at store level\./);
    const daily = checkForm(one({ timeframe: "daily", metrics: ["revenue", "unit_ros"] }), SIM_TODAY, lists, {
      style: GB,
    });
    expect(daily.warnings.metrics).toBe("Left out Unit rate of sale (unit_ros): never available daily.");
    // Without the pane's words (the SALES functions', a sync file's), the service's names.
    expect(checkForm(one({ level: "store", metrics: [] }), SIM_TODAY, lists).errors.metrics?.message).toBe(
      "Metrics is empty. Give one or more of: revenue, units, average_price, stock, wastage, lost_sales.",
    );
  });

  test("a To after the service's today is said beside To before anything is sent; a From after it stops Get data", () => {
    const late = checkForm(one({ to: "2026-12-06" }), SIM_TODAY, lists, { style: GB });
    expect(late.warnings).toEqual({ to: "The service's today is 23/11/2026: the data stops there." });
    expect(late.query).toBeDefined(); // the rows stop at today: Get data may run
    const future = checkForm(one({ from: "2026-11-30", to: "2026-12-06" }), SIM_TODAY, lists, { style: GB });
    expect(future.errors.from?.message).toBe("The service's today is 23/11/2026: the data stops there.");
    expect(future.warnings).toEqual({}); // said once, beside From
    expect(future.query).toBeUndefined();
    // Up to today: To is today itself, nothing to say.
    expect(checkForm(one({ to: "2026-12-06", rolling: true }), SIM_TODAY, lists, { style: GB }).warnings).toEqual({});
  });

  test("View by: a choice by its code or its whole name is sent by its code; text that names none is said", async () => {
    const filters = await createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY }).listFilters(
      "northmart",
    );
    const choices = viewByChoices(filters, "sku");
    const first = choices[0];
    expect(first.text).toMatch(new RegExp(`^${first.value} - \\S`)); // "100001 - Sunvale Orange Juice 1L"
    const sent = (viewby: string) => checkForm(one({ viewby }), SIM_TODAY, lists, { viewBy: choices });
    expect(sent(first.value).query?.viewby).toBe(first.value);
    expect(sent(first.value).errors).toEqual({});
    const partial = first.text.slice(0, -3); // "100001 - Sunvale Orange Juice" of "... 1L"
    expect(sent(partial).errors.viewby?.message).toBe(
      `"${partial}" is not one of the SKUs in the list. Choose one from the list, or clear View by for every SKU.`,
    );
    expect(sent(partial).query).toBeUndefined();
    // Before the lists arrive, nothing is judged.
    expect(checkForm(one({ viewby: partial }), SIM_TODAY, lists).errors).toEqual({});
  });

  test("a problem is said beside its control once the user touched it; until then Get data's line says it", () => {
    // Level switched to Store with Metrics empty: nothing beside Metrics, Get data's line asks for metrics.
    const check = checkForm(one({ level: "store", metrics: [] }), SIM_TODAY, lists, { style: GB });
    expect(formMessages(check, new Set(["level"]), true).shown).toEqual({});
    expect(formMessages(check, new Set(["level"]), true).notReady).toBe("To get data, choose one or more metrics.");
    // Touched: said beside it; the line names the control only.
    expect(formMessages(check, new Set(["level", "metrics"]), true).shown).toEqual({
      metrics: { intent: "error", text: check.errors.metrics!.message },
    });
    expect(formMessages(check, new Set(["metrics"]), true).notReady).toBe("To get data, fix Metrics.");
    // A value the form chose (a preset From) that another control made wrong: in the line, in its own words.
    const daily = checkForm(
      one({ level: "store", timeframe: "daily", from: "2026-10-01", to: "2026-11-20" }),
      SIM_TODAY,
      lists,
      { style: GB },
    );
    expect(formMessages(daily, new Set(["level", "timeframe"]), true).shown).toEqual({});
    expect(formMessages(daily, new Set(["level", "timeframe"]), true).notReady).toBe(
      "To get data, From: Store-level daily data is kept for 14 days only: the earliest From is 09/11/2026. Use weekly store data for older dates.",
    );
    // Not connected: that first; a form that can be sent: nothing.
    expect(formMessages({ errors: {}, warnings: {} }, new Set(), false).notReady).toMatch(/^Connect first/);
    expect(formMessages({ errors: {}, warnings: {} }, new Set(), true).notReady).toBeUndefined();
    // A warning is said whatever was touched (it does not stop Get data).
    const late = checkForm(one({ to: "2026-12-06" }), SIM_TODAY, lists, { style: GB });
    expect(formMessages(late, new Set(), true).shown).toEqual({ to: { intent: "warning", text: late.warnings.to } });
  });
});
