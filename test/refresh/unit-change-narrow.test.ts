// A unit change in a narrow table: a one-SKU (View by) or two-SKU weekly or monthly table re-reads one
// settled period, so one or two rows per metric to compare, fewer than the majority rule needs. The refresh judges
// them also against the level of the settled periods before the window: figures a power of ten away from both the
// stored ones and that level are held as a unit change; a figure that moved back to its level (a wrong figure the
// service corrected) and the daily revisions are written. Against the simulator over HTTP through the corrupting
// proxy (`scale`) and the in-memory workbook host.
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { createClient, type SalesClient } from "../../src/api";
import { addDays, type IsoDate } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import type { Query } from "../../src/core/query/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshAnywayOf, refreshTable, type RefreshDeps, type RefreshOutcome } from "../../src/refresh";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY } from "../support/simulator";
import { NEW_SHEET, refreshFixture } from "./support/fixture";

// A catalogue of two SKUs: a table of every SKU has two keys.
const f = refreshFixture({ skus: 2, stores: 2 });

const BASE = { level: "sku", retailers: "northmart", metrics: "revenue,units", to: SIM_TODAY } as const;
const VIEW_BY = { filter: "sku", viewby: "100001" } as const;
const WEEKLY_ONE = asQuery({ ...BASE, ...VIEW_BY, timeframe: "weekly", from: "2026-08-03" });
const WEEKLY_TWO = asQuery({ ...BASE, timeframe: "weekly", from: "2026-08-03" });
const MONTHLY_ONE = asQuery({ ...BASE, ...VIEW_BY, timeframe: "monthly", from: "2026-01-01" });
const MONTHLY_TWO = asQuery({ ...BASE, timeframe: "monthly", from: "2026-01-01" });

/** Weekly: read on Monday 23 Nov, refreshed on the 24th (the week of 16 Nov was complete when read). */
const WEEK = { pulled: SIM_TODAY, refreshed: addDays(SIM_TODAY, 1), settled: "2026-11-16" as IsoDate };
/** Monthly: read on 3 Dec, refreshed on the 5th (November was complete when read). */
const MONTH = { pulled: "2026-12-03" as IsoDate, refreshed: "2026-12-05" as IsoDate, settled: "2026-11-01" as IsoDate };

let proxy: CorruptingProxy;
let client: SalesClient;
beforeAll(async () => {
  proxy = await startCorruptingProxy(f.sim.url, { seed: 36 });
  client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => f.sim.simulator.today() });
});
afterAll(() => proxy.close());
beforeEach(() => proxy.clear());

const deps = (): RefreshDeps => ({ ...f.deps, client });

/** A rolling table pulled on `days.pulled` (nothing corrupted); the clock then moves to `days.refreshed`. */
async function table(query: Query, days: typeof WEEK): Promise<string> {
  f.sim.simulator.setToday(days.pulled);
  const { write } = await pullTable(deps(), { ...query, to: days.pulled }, { ...NEW_SHEET, rolling: true });
  f.sim.simulator.setToday(days.refreshed);
  return write.tableName;
}

/** The table's rows of one period: each row's figure of `metric`. */
async function figures(name: string, period: IsoDate, metric: string): Promise<number[]> {
  const t = await readTable(f.host.run, name);
  const m = t.headers.indexOf(metric);
  return t.values.filter((r) => r[0] === excelSerial(period)).map((r) => r[m] as number);
}

const state = async (name: string) => ({ snapshot: f.host.snapshot(), record: await f.record(name) });

/** Held by a unit change: nothing written, every cell and the record as they were. */
async function expectHeld(o: RefreshOutcome, before: Awaited<ReturnType<typeof state>>, name: string) {
  expect([o.status, o.error, o.losses]).toEqual(["kept", undefined, undefined]);
  expect(o.unitChange?.held).toBe(true);
  expect(f.host.snapshot()).toEqual(before.snapshot);
  expect(await f.record(name)).toEqual(before.record);
}

describe.each([
  ["weekly, one SKU (View by)", WEEKLY_ONE, WEEK, 1],
  ["weekly, two SKUs", WEEKLY_TWO, WEEK, 2],
  ["monthly, one SKU (View by)", MONTHLY_ONE, MONTH, 1],
  ["monthly, two SKUs", MONTHLY_TWO, MONTH, 2],
] as const)("%s", (_, query, days, keys) => {
  test("every figure x1000: held, judged against the periods before; Refresh anyway writes it", async () => {
    const name = await table(query, days);
    const stored = await figures(name, days.settled, "revenue");
    expect(stored).toHaveLength(keys);
    proxy.corrupt({ corruptions: [{ kind: "scale", factor: 1000 }] });
    const before = await state(name);

    const held = await refreshTable(deps(), before.record);
    expect(proxy.corrupted()).toBeGreaterThan(0);
    await expectHeld(held, before, name);
    expect(held.unitChange!.changes).toEqual([
      { metric: "revenue", factor: 1000, compared: keys, changed: keys, byLevel: true },
      { metric: "units", factor: 1000, compared: keys, changed: keys, byLevel: true },
    ]);
    const rows = keys === 1 ? "1 of 1 row" : "2 of 2 rows";
    expect(held.unitChange!.said).toBe(
      `The service's revenue and units figures in the re-read days are 1,000 times what the table holds for the same rows (revenue ${rows}, units ${rows}, and their level in the periods before), as if the retailer had changed its unit. The table was left as it was.`,
    );

    const anyway = await refreshTable(deps(), await f.record(name), { anyway: refreshAnywayOf(held) });
    expect([anyway.status, anyway.unitChange?.held]).toEqual(["refreshed", false]);
    const written = await figures(name, days.settled, "revenue");
    written.forEach((v, i) => expect(v / stored[i]).toBeCloseTo(1000, -1));
  });

  test("revenue /100 only: held naming revenue (pounds for pence)", async () => {
    const name = await table(query, days);
    proxy.corrupt({ corruptions: [{ kind: "scale", factor: 0.01, metric: "revenue" }] });
    const before = await state(name);
    const held = await refreshTable(deps(), before.record);
    await expectHeld(held, before, name);
    expect(held.unitChange!.changes.map((c) => [c.metric, c.factor, c.byLevel])).toEqual([["revenue", 0.01, true]]);
    expect(held.unitChange!.said).toContain("as if the retailer had changed its unit (pounds for pence).");
  });

  test("the service's own revisions are written as revisions", async () => {
    const name = await table(query, days);
    const o = await refreshTable(deps(), await f.record(name));
    expect([o.status, o.error, o.unitChange, o.losses]).toEqual(["refreshed", undefined, undefined, undefined]);
    expect(o.rowsReplaced).toBeGreaterThanOrEqual(keys);
  });

  test("a stored figure 10 times its level that the service sends back at its level is a revision: written", async () => {
    const name = await table(query, days);
    // The table holds a wrong figure for the settled period in the window (ten times its usual level).
    const right = await figures(name, days.settled, "revenue");
    await f.host.run(async (context) => {
      const t = context.workbook.tables.getItem(name);
      const body = t.getDataBodyRange();
      const header = t.getHeaderRowRange();
      body.load("values");
      header.load("values");
      await context.sync();
      const m = (header.values[0] as string[]).indexOf("revenue");
      const at = body.values.findIndex((r) => r[0] === excelSerial(days.settled));
      body.getCell(at, m).values = [[(body.values[at][m] as number) * 10]];
      await context.sync();
    });
    const o = await refreshTable(deps(), await f.record(name));
    expect([o.status, o.error, o.unitChange]).toEqual(["refreshed", undefined, undefined]);
    // The service's figure is written (the daily revision moves it by about 1%).
    (await figures(name, days.settled, "revenue")).forEach((v, i) => expect(v / right[i]).toBeCloseTo(1, 1));
  });
});
