// SALES.SKU and SALES.STORE with several retailers, against the simulator over real HTTP: the spill
// equals, cell by cell, the table the pane's Get data (pullTable) writes for the same query in the in-memory
// workbook host; a range and a comma list are the same call; one retailer's failure is #N/A naming it; the
// cache, the shared in-flight read, the timeout and the large-result guard hold as for one retailer.
import { evaluateSalesFormula } from "../../dev/preview/formula";
import { createWorkbookHost } from "../../dev/workbook-host";
import { createClient } from "../../src/api";
import { planChunks } from "../../src/core/query/chunks";
import { formulaFor } from "../../src/core/query/describe";
import { asQuery, type LooseQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { setFunctionsSession } from "../../src/functions/sharedEngine";
import { pullTable } from "../../src/refresh";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { engineFor, rejection, sessionFor } from "./helpers";
import { RETAILER_COLUMN } from "../../src/core/answer/retailersTable";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 6, stores: 3 });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const DATA = "/api/data";
const RETAILERS = ["northmart", "freshway", "pharmaplus"];
/** About 130 weeks: two chunks per retailer; pharmaplus omits availability. */
const WEEKLY = {
  metrics: "revenue,units,availability",
  from: "2024-06-03",
  to: "2026-11-22",
};
const CHUNKS = planChunks({ from: WEEKLY.from, to: WEEKLY.to, level: "sku", timeframe: "weekly" }).length;

/** What the pane's Get data writes for the query: the table's header row and body, read back from the host. */
async function pulledTable(loose: LooseQuery, transport?: typeof fetch): Promise<unknown[][]> {
  const query = asQuery(loose);
  const host = createWorkbookHost();
  const client = createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY, fetch: transport });
  const pulled = await pullTable({ run: host.run, client, today: () => SIM_TODAY }, query, {
    destination: { kind: "new-sheet" },
    rolling: false,
  });
  const table = await readTable(host.run, pulled.write.tableName);
  return [table.headers, ...table.values];
}

describe("the spill equals the table Get data writes", () => {
  test("SALES.SKU over a range of three retailers (an empty cell among them), cell by cell; the comma list is the same call", async () => {
    const engine = engineFor(await sessionFor(sim));
    const range = [["northmart"], [""], ["freshway"], [" pharmaplus "]];
    const spill = await engine.sku({ ...WEEKLY, retailer: range });
    expect(CHUNKS).toBeGreaterThan(1);
    expect(sim.count(DATA)).toBe(RETAILERS.length * CHUNKS); // one request per retailer and chunk

    const table = await pulledTable({ level: "sku", timeframe: "weekly", ...WEEKLY, retailers: RETAILERS });
    expect(spill[0]).toEqual(["week", RETAILER_COLUMN, "sku", "sku_product_name", "revenue", "units", "availability"]);
    expect(spill.length).toBe(table.length);
    expect(spill).toEqual(table);
    // Dates are serials, rows in period order, then the retailers' order as given.
    const body = spill.slice(1);
    expect(typeof body[0][0]).toBe("number");
    const order = body.map((r) => [r[0] as number, RETAILERS.indexOf(r[1] as string)]);
    for (let i = 1; i < order.length; i++)
      expect(order[i][0] - order[i - 1][0] || order[i][1] - order[i - 1][1]).toBeGreaterThanOrEqual(0);
    // The metric pharmaplus omits is empty in its rows only.
    const col = (spill[0] as string[]).indexOf("availability");
    const filled = (r: string) => body.filter((row) => row[1] === r && row[col] !== "").length;
    expect(filled("pharmaplus")).toBe(0);
    expect(filled("northmart")).toBeGreaterThan(0);
    expect(filled("freshway")).toBeGreaterThan(0);

    // The comma list (any spacing) is the same normalized call: answered from the cache, the same spill.
    await sim.reset();
    expect(await engine.sku({ ...WEEKLY, retailer: "northmart, freshway,pharmaplus" })).toEqual(spill);
    expect(await engine.sku({ ...WEEKLY, retailer: [["northmart, freshway"], ["pharmaplus"]] })).toEqual(spill);
    expect(await engine.sku({ ...WEEKLY, retailer: [["northmart", "freshway", "pharmaplus"]] })).toEqual(spill);
    expect(sim.count()).toBe(0);
    // Another order is another table (rows follow the order given): read again.
    const reversed = await engine.sku({ ...WEEKLY, retailer: "pharmaplus,freshway,northmart" });
    expect(sim.count(DATA)).toBe(RETAILERS.length * CHUNKS);
    expect(reversed.slice(1).filter((r) => r[0] === body[0][0])[0][1]).toBe("pharmaplus");
  }, 30_000);

  test("one retailer, and SALES.STORE with two: the same equality (period order, as the table is written)", async () => {
    const engine = engineFor(await sessionFor(sim));
    const one = { metrics: "revenue,units", from: "2026-06-01", to: "2026-08-30", filter: "filter1" };
    expect(await engine.sku({ ...one, retailer: "freshway" })).toEqual(
      await pulledTable({ level: "sku", timeframe: "weekly", ...one, retailers: "freshway" }),
    );
    const store = { metrics: "revenue,stock", from: "2026-10-05", to: "2026-11-01" };
    const spill = await engine.store({ ...store, retailer: [["pharmaplus"], ["northmart"]] });
    expect(spill[0].slice(0, 2)).toEqual(["week", RETAILER_COLUMN]);
    expect(new Set(spill.slice(1).map((r) => r[1]))).toEqual(new Set(["pharmaplus", "northmart"]));
    expect(spill).toEqual(
      await pulledTable({ level: "store", timeframe: "weekly", ...store, retailers: ["pharmaplus", "northmart"] }),
    );
  }, 30_000);

  test("a service that answers out of period order: the spill is in period order, as the table is written", async () => {
    // The simulator's real answers, their rows reversed on the way (the simulator itself answers in period order).
    const reversing: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!new URL(String(input instanceof Request ? input.url : input)).pathname.endsWith(DATA)) return res;
      const rows = ((await res.json()) as unknown[]).reverse();
      const headers = new Headers(res.headers);
      headers.delete("content-length");
      return new Response(JSON.stringify(rows), { status: res.status, headers });
    };
    const engine = engineFor(await sessionFor(sim, { fetch: reversing }));
    const q = { metrics: "revenue", from: "2026-08-03", to: "2026-10-25" };
    for (const retailer of ["northmart", ["northmart", "freshway"]]) {
      const spill = await engine.sku({ ...q, retailer: [retailer].flat().join(",") });
      const periods = spill.slice(1).map((r) => r[0] as number);
      expect(periods).toEqual([...periods].sort((a, b) => a - b));
      expect(new Set(periods).size).toBeGreaterThan(5);
      expect(spill).toEqual(
        await pulledTable({ level: "sku", timeframe: "weekly", ...q, retailers: retailer }, reversing),
      );
    }
  });

  test("the formula the pane's Insert formula writes for a several-retailer query spills the same table", async () => {
    const query = asQuery({
      level: "sku",
      timeframe: "monthly",
      retailers: ["freshway", "northmart"],
      metrics: "units,revenue",
      from: "2026-01-01",
      to: "2026-10-31",
      comparison: "year",
    });
    const formula = formulaFor(query);
    expect(formula).toMatch(/^=SALES\.SKU\("freshway,northmart", /);
    setFunctionsSession(await sessionFor(sim), { today: () => SIM_TODAY });
    // Through the implementations Excel calls (src/functions/functions.ts), as the preview evaluates them.
    const spill = await evaluateSalesFormula(formula, {
      defaultSheet: "Sheet1",
      readRange: () => Promise.resolve([]),
    });
    expect(spill).toEqual(await pulledTable(query));
  });

  test("headers FALSE: the same body; identical calls in flight share one read", async () => {
    const engine = engineFor(await sessionFor(sim));
    const q = { retailer: "northmart,freshway", metrics: "revenue", from: "2026-09-07", to: "2026-10-04" };
    const [a, b, c] = await Promise.all([engine.sku(q), engine.sku(q), engine.sku({ ...q, headers: false })]);
    expect(sim.count(DATA)).toBe(2); // one request per retailer (one chunk each)
    expect(b).toEqual(a);
    expect(c).toEqual(a.slice(1));
  });
});

describe("failures", () => {
  const q = { retailer: RETAILERS.join(","), metrics: "revenue", from: "2026-09-07", to: "2026-10-04" };

  test("one retailer's failing request: #N/A naming it, with the service's words; not cached", async () => {
    const engine = engineFor(await sessionFor(sim));
    await sim.inject({ path: DATA, retailer: "freshway", status: 400, detail: "no such range" });
    const e = await rejection(engine.sku(q));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/^freshway: /);
    expect(e.message).toContain("no such range");
    expect(e.message).not.toContain(SIM_KEY);
    expect((await engine.sku(q)).length).toBeGreaterThan(1); // the next calculation asks again
  });

  test("a retailer that cannot serve the query is named before any data request (#VALUE! on its argument)", async () => {
    const engine = engineFor(await sessionFor(sim));
    const e = await rejection(
      engine.sku({ ...q, retailer: [["northmart"], ["freshway"]], timeframe: "daily", from: "-7d", to: "-1d" }),
    );
    expect(e).toMatchObject({ code: "#VALUE!", argument: "timeframe" });
    expect(e.message).toMatch(/freshway has no daily data at SKU level/);
    expect(e.message).not.toMatch(/northmart/);
    expect(sim.count(DATA)).toBe(0);
  });

  test("bad retailer lists give #VALUE! naming the retailer argument, and send nothing", async () => {
    const engine = engineFor(await sessionFor(sim));
    const cases: [unknown, RegExp][] = [
      ["all,northmart", /^retailer: "all" \(Sales Summary\) cannot be combined with other retailers/],
      [[["northmart"], ["NorthMart"]], /^retailer: Each retailer may be listed once: northmart/],
      [[[""], [" "]], /^Retailer is missing/],
      [[["northmart"], [true]], /^retailer: expected retailer names, not TRUE/],
    ];
    for (const [retailer, message] of cases) {
      const e = await rejection(engine.sku({ ...q, retailer }));
      expect([String(retailer), e.code, e.argument]).toEqual([String(retailer), "#VALUE!", "retailer"]);
      expect(e.message).toMatch(message);
    }
    const store = await rejection(engine.store({ ...q, retailer: "all" }));
    expect(store).toMatchObject({ code: "#VALUE!", argument: "retailer" });
    const value = await rejection(
      engine.value({ retailer: "northmart,freshway", metric: "revenue", sku: 100001, date: "2026-09-07" }),
    );
    expect(value).toMatchObject({ code: "#VALUE!", argument: "retailer" });
    expect(value.message).toBe(
      "retailer: SALES.VALUE reads one retailer per cell, not 2 (northmart, freshway). Use SALES.SKU for several retailers in one table.",
    );
    const valueRange = await rejection(
      engine.value({ retailer: [["northmart"], ["freshway"]], metric: "revenue", sku: 100001, date: "2026-09-07" }),
    );
    expect(valueRange).toMatchObject({ code: "#VALUE!", argument: "retailer" });
    expect(sim.count()).toBe(0);
  });

  test("no rows for any of them: #N/A naming every retailer", async () => {
    const engine = engineFor(await sessionFor(sim));
    const e = await rejection(engine.sku({ ...q, viewby: "no-such-sku", filter: "sku" }));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(
      /^The service has no rows for any of the 3 retailers \(northmart, freshway, pharmaplus\), \d+ \w{3} (\d{4} )?to \d+ \w{3} \d{4}, viewby "no-such-sku"\.$/,
    );
  });

  test("dates after the service's today: a From there is refused before sending; a To there is said with no rows", async () => {
    const engine = engineFor(await sessionFor(sim));
    const before = sim.count();
    const future = await rejection(engine.sku({ ...q, from: "+2w", to: "+5w" }));
    expect(future).toMatchObject({ code: "#VALUE!", argument: "from" });
    expect(future.message).toBe("from: The service's today is 23 Nov 2026: the data stops there.");
    expect(sim.count()).toBe(before); // nothing was sent
    const stops = await rejection(engine.sku({ ...q, from: "-1d", to: "+3w", viewby: "no-such-sku", filter: "sku" }));
    expect(stops.code).toBe("#N/A");
    expect(stops.message).toBe(
      'The service has no rows for any of the 3 retailers (northmart, freshway, pharmaplus), 22 Nov to 14 Dec 2026, viewby "no-such-sku". ' +
        "The service's today is 23 Nov 2026: the data stops there.",
    );
  });

  test("an answer much slower than the timeout settles with #N/A, before it would have come", async () => {
    const timeoutMs = 400;
    const delayMs = 4000;
    const engine = engineFor(await sessionFor(sim, { timeoutMs }), { timeoutMs });
    await sim.inject({ path: DATA, retailer: "pharmaplus", delayMs });
    let answerDue: ReturnType<typeof setTimeout> | undefined;
    const answered = new Promise<"answered">((resolve) => (answerDue = setTimeout(() => resolve("answered"), delayMs)));
    try {
      const settled = await Promise.race([rejection(engine.sku(q)), answered]);
      expect(settled).toMatchObject({ code: "#N/A", message: expect.stringMatching(/did not answer within/) });
    } finally {
      clearTimeout(answerDue);
    }
  });

  test("over the cell limit: #N/A pointing to the pane; the recalculation answers from the cache", async () => {
    const engine = engineFor(await sessionFor(sim), { maxCells: 200 });
    const e = await rejection(engine.sku(q));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/Use the Sales Data pane/);
    expect(sim.count(DATA)).toBe(RETAILERS.length);
    await sim.reset();
    expect((await rejection(engine.sku({ ...q, headers: false }))).message).toMatch(/Use the Sales Data pane/);
    expect(sim.count()).toBe(0);
  });
});
