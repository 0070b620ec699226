// A unit change at the source, against the simulator over HTTP through the corrupting proxy
// (its `scale` kind: a retailer that now reports in pence, or in thousands) and the in-memory workbook host: the
// refresh compares each metric's re-read figures with the stored ones for the same rows and, when most of them
// moved by the same power of ten, holds the table (nothing written, every cell as it was) naming the metric and
// the factor, until Refresh anyway accepts exactly that change. A single outlier is a revision, and is written.
import { startCorruptingProxy, type Corruption, type CorruptingProxy } from "../../dev/corruptions";
import { createClient, type SalesClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { REFRESH_ANYWAY } from "../../src/core/refresh/lossesText";
import { readTable } from "../../src/excel";
import { pullTable, refreshAnywayOf, refreshTable, type RefreshDeps, type RefreshOutcome } from "../../src/refresh";
import { SIM_KEY, SIM_TODAY } from "../support/simulator";
import { DAILY, NEW_SHEET, refreshFixture } from "./support/fixture";
import { RETAILER_COLUMN } from "../../src/core/answer/retailersTable";

const f = refreshFixture({ skus: 6, stores: 3 });
const NEXT_DAY = addDays(SIM_TODAY, 1);
const WEEKLY = asQuery({ ...DAILY, timeframe: "weekly", from: "2026-09-28" });

let proxy: CorruptingProxy;
let client: SalesClient;
beforeAll(async () => {
  proxy = await startCorruptingProxy(f.sim.url, { seed: 21 });
  client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => f.sim.simulator.today() });
});
afterAll(() => proxy.close());
beforeEach(() => proxy.clear());

const deps = (): RefreshDeps => ({ ...f.deps, client });

/** A rolling table pulled on SIM_TODAY (before any corruption); the clock then moves a day on. */
async function table(query: Query): Promise<string> {
  const { write } = await pullTable(deps(), query, { ...NEW_SHEET, rolling: true });
  f.sim.simulator.setToday(NEXT_DAY);
  return write.tableName;
}

/** From now on, every data answer (matching `match`) has its figures scaled. */
const source = (c: Corruption & { kind: "scale" }, match?: Record<string, string>) =>
  proxy.corrupt({ corruptions: [c], match });

/** The table's rows by key (period, retailer, sku), with each metric's cell. */
async function byKey(name: string, metrics: readonly string[]): Promise<Map<string, unknown[]>> {
  const t = await readTable(f.host.run, name);
  const at = (h: string) => t.headers.indexOf(h);
  const keyAt = [0, at(RETAILER_COLUMN), at("sku")].filter((i) => i >= 0);
  return new Map(t.values.map((r) => [JSON.stringify(keyAt.map((i) => r[i])), metrics.map((m) => r[at(m)])]));
}

/** Rows compared for a metric: stored rows of periods complete at the last read (before `until`) with a figure. */
async function comparable(name: string, metric: string, from: string, until: string, retailer?: string) {
  const t = await readTable(f.host.run, name);
  const [m, r] = [t.headers.indexOf(metric), t.headers.indexOf(RETAILER_COLUMN)];
  return t.values.filter(
    (row) =>
      (row[0] as number) >= excelSerial(from) &&
      (row[0] as number) < excelSerial(until) &&
      (retailer === undefined || row[r] === retailer) &&
      typeof row[m] === "number" &&
      row[m] !== 0,
  ).length;
}

/** Held by a unit change: status kept, nothing written, the record untouched, the workbook as it was. */
async function expectHeld(o: RefreshOutcome, before: { snapshot: unknown; record: unknown }, name: string) {
  expect([o.status, o.error]).toEqual(["kept", undefined]);
  expect(o.unitChange?.held).toBe(true);
  expect(o.losses).toBeUndefined();
  expect(o.warnings).toContain(o.unitChange!.text);
  expect(o.unitChange!.text).toBe(`${o.unitChange!.said} ${REFRESH_ANYWAY}`);
  expect([o.rowsReplaced, o.rowsAdded, o.rowsRemoved, o.changes]).toEqual([0, 0, 0, []]);
  expect(f.host.snapshot()).toEqual(before.snapshot);
  expect(await f.record(name)).toEqual(before.record);
}

const state = async (name: string) => ({ snapshot: f.host.snapshot(), record: await f.record(name) });

test("weekly, the source's figures x1000: held, every cell as it was; Refresh anyway writes them; twice more changes nothing", async () => {
  const name = await table(WEEKLY);
  // The window re-reads the week of 16 Nov (complete when the table was read on 23 Nov) and the new week.
  const revenueRows = await comparable(name, "revenue", "2026-11-16", "2026-11-23");
  const unitRows = await comparable(name, "units", "2026-11-16", "2026-11-23");
  expect(revenueRows).toBeGreaterThanOrEqual(3);
  const stored = await byKey(name, ["revenue", "units"]);
  source({ kind: "scale", factor: 1000 });
  const before = await state(name);

  const held = await refreshTable(deps(), before.record);
  expect(proxy.corrupted()).toBeGreaterThan(0);
  await expectHeld(held, before, name);
  expect(held.unitChange!.changes).toEqual([
    { metric: "revenue", factor: 1000, compared: revenueRows, changed: revenueRows },
    { metric: "units", factor: 1000, compared: unitRows, changed: unitRows },
  ]);
  expect(held.unitChange!.said).toBe(
    `The service's revenue and units figures in the re-read days are 1,000 times what the table holds for the same rows (revenue ${revenueRows} of ${revenueRows} rows, units ${unitRows} of ${unitRows} rows), as if the retailer had changed its unit. The table was left as it was.`,
  );

  // Refresh anyway, with what the held outcome showed: written; the outcome says so (not held).
  const anyway = await refreshTable(deps(), await f.record(name), { anyway: refreshAnywayOf(held) });
  expect([anyway.status, anyway.error]).toEqual(["refreshed", undefined]);
  expect(anyway.unitChange).toEqual(expect.objectContaining({ held: false, changes: held.unitChange!.changes }));
  expect(anyway.unitChange!.text).toMatch(/were 1,000 times what the table held .* They were written; /);
  const written = await byKey(name, ["revenue", "units"]);
  const period = (k: string) => (JSON.parse(k) as number[])[0];
  const rewritten = [...stored].filter(([k]) => period(k) === excelSerial("2026-11-16"));
  expect(rewritten.length).toBeGreaterThanOrEqual(3);
  for (const [k, [rev]] of rewritten)
    if (typeof rev === "number" && rev !== 0) expect((written.get(k)![0] as number) / rev).toBeCloseTo(1000, -1);
  // Older rows keep their figures.
  for (const [k, cells] of stored) if (period(k) < excelSerial("2026-11-16")) expect(written.get(k)).toEqual(cells);

  // The source stays in its new unit: the next refreshes compare like with like and change nothing more.
  const after = await readTable(f.host.run, name);
  for (let i = 0; i < 2; i++) {
    const again = await refreshTable(deps(), await f.record(name));
    expect([again.status, again.unitChange, again.losses]).toEqual(["refreshed", undefined, undefined]);
    expect(await readTable(f.host.run, name)).toEqual(after);
  }
});

test("daily, the source's figures /100: held naming both metrics; written with Refresh anyway", async () => {
  const name = await table(DAILY);
  const rows = await comparable(name, "revenue", "2026-11-16", "2026-11-23");
  expect(rows).toBeGreaterThan(20); // 7 days of 6 SKUs, less any day a SKU sold nothing
  source({ kind: "scale", factor: 0.01 });
  const before = await state(name);

  const held = await refreshTable(deps(), before.record);
  await expectHeld(held, before, name);
  expect(held.unitChange!.changes.map((c) => [c.metric, c.factor])).toEqual([
    ["revenue", 0.01],
    ["units", 0.01],
  ]);
  expect(held.unitChange!.changes[0]).toMatchObject({ compared: rows, changed: rows });
  expect(held.unitChange!.said).toMatch(
    /^The service's revenue and units figures in the re-read days are a hundredth of what the table holds for the same rows \(revenue \d+ of \d+ rows, units \d+ of \d+ rows\), as if the retailer had changed its unit\. The table was left as it was\.$/,
  );

  const anyway = await refreshTable(deps(), await f.record(name), { anyway: refreshAnywayOf(held) });
  expect([anyway.status, anyway.unitChange?.held]).toEqual(["refreshed", false]);
  expect(anyway.changes.find((c) => c.metric === "revenue")!.percent).toBeCloseTo(-99, 0);
});

test("a single outlier (one row's revenue x100) is a revision: written, no unit change", async () => {
  const name = await table(DAILY);
  const stored = await byKey(name, ["revenue"]);
  // Seed 5 puts the outlier on a row of a re-read day (not of the day new to the table).
  proxy.corrupt({ corruptions: [{ kind: "scale", factor: 100, metric: "revenue", rows: 1 }], seed: 5 });

  const o = await refreshTable(deps(), await f.record(name));
  expect(proxy.corrupted()).toBe(1);
  expect([o.status, o.error, o.unitChange, o.losses]).toEqual(["refreshed", undefined, undefined, undefined]);
  // The outlier landed on a stored row, and is written as the service sent it.
  const written = await byKey(name, ["revenue"]);
  const jumped = [...stored].filter(([k, [v]]) => typeof v === "number" && (written.get(k)![0] as number) / v > 50);
  expect(jumped).toHaveLength(1);
});

test("a factor on one metric names that metric only (units in the weekly table stays as it was)", async () => {
  const name = await table(asQuery({ ...WEEKLY, metrics: "revenue,units,average_price" }));
  source({ kind: "scale", factor: 100, metric: "revenue" });
  const before = await state(name);
  const held = await refreshTable(deps(), before.record);
  await expectHeld(held, before, name);
  expect(held.unitChange!.changes.map((c) => [c.metric, c.factor])).toEqual([["revenue", 100]]);
  expect(held.unitChange!.said).toMatch(
    /^The service's revenue figures in the re-read days are 100 times what the table holds for the same rows \(\d+ of \d+ rows\), as if the retailer had changed its unit \(pence for pounds\)\./,
  );
  expect(held.unitChange!.said).not.toMatch(/units|average_price/);
});

test("several retailers, one changes unit: held naming that retailer; the others' rows are no reason", async () => {
  const query = asQuery({ ...WEEKLY, retailers: ["northmart", "freshway"] });
  const name = await table(query);
  const rows = await comparable(name, "revenue", "2026-11-16", "2026-11-23", "freshway");
  source({ kind: "scale", factor: 100, metric: "revenue" }, { retailer: "freshway" });
  const before = await state(name);

  const held = await refreshTable(deps(), before.record);
  await expectHeld(held, before, name);
  expect(held.unitChange!.changes).toEqual([
    { retailer: "freshway", metric: "revenue", factor: 100, compared: rows, changed: rows },
  ]);
  expect(held.unitChange!.said).toContain(
    "The service's revenue figures for freshway in the re-read days are 100 times what the table holds",
  );
  expect(held.unitChange!.said).toContain("as if freshway had changed its unit (pence for pounds)");

  const anyway = await refreshTable(deps(), await f.record(name), { anyway: refreshAnywayOf(held) });
  expect([anyway.status, anyway.unitChange?.held]).toEqual(["refreshed", false]);
});

test("Refresh anyway accepts the change it showed, no other: another factor, then another metric, is held again", async () => {
  const name = await table(WEEKLY);
  proxy.corrupt({ corruptions: [{ kind: "scale", factor: 100, metric: "revenue" }], count: 1 });
  const shown = await refreshTable(deps(), await f.record(name));
  expect(shown.unitChange?.held).toBe(true);
  const approval = refreshAnywayOf(shown)!;
  expect(approval).toEqual({
    rows: 0,
    undated: 0,
    periods: [],
    wholePeriods: [],
    unitChanges: [{ metric: "revenue", factor: 100 }],
  });
  const before = await state(name);

  // By the click, the source sends revenue x1000: not what was accepted.
  proxy.corrupt({ corruptions: [{ kind: "scale", factor: 1000, metric: "revenue" }], count: 1 });
  const other = await refreshTable(deps(), before.record, { anyway: approval });
  await expectHeld(other, before, name);
  expect(other.unitChange!.said).toContain(
    "1,000 times what the table holds for the same rows (6 of 6 rows), as if the retailer had changed its unit. That is not the change you accepted with Refresh anyway. The table was left as it was.",
  );
  // Or units x100 with revenue as it was.
  proxy.corrupt({ corruptions: [{ kind: "scale", factor: 100, metric: "units" }], count: 1 });
  const metric = await refreshTable(deps(), before.record, { anyway: approval });
  await expectHeld(metric, before, name);
  expect(metric.unitChange!.changes.map((c) => c.metric)).toEqual(["units"]);

  // The change shown, again: written.
  proxy.corrupt({ corruptions: [{ kind: "scale", factor: 100, metric: "revenue" }], count: 1 });
  const written = await refreshTable(deps(), before.record, { anyway: approval });
  expect([written.status, written.unitChange?.held]).toEqual(["refreshed", false]);
});

test("a refresh both rules hold: one line of each, and Refresh anyway accepts both", async () => {
  const name = await table(DAILY);
  // One weekday of the daily answer kept (most days would go), its figures in pence.
  const both = () =>
    proxy.corrupt({
      corruptions: [{ kind: "respace" }, { kind: "scale", factor: 100, metric: "revenue" }],
      seed: 2,
      count: 1,
    });
  both();
  const before = await state(name);
  const held = await refreshTable(deps(), before.record);
  expect(held.status).toBe("kept");
  expect([held.losses?.held, held.unitChange?.held]).toEqual([true, true]);
  expect(f.host.snapshot()).toEqual(before.snapshot);
  const approval = refreshAnywayOf(held)!;
  expect(approval).toMatchObject({ rows: held.losses!.rows, unitChanges: [{ metric: "revenue", factor: 100 }] });

  // Accepting the losses alone (what the losses line showed before this rule existed) is not enough.
  both();
  const lossesOnly = await refreshTable(deps(), before.record, { anyway: { ...approval, unitChanges: undefined } });
  expect([lossesOnly.status, lossesOnly.losses?.held, lossesOnly.unitChange?.held]).toEqual(["kept", false, true]);
  expect(f.host.snapshot()).toEqual(before.snapshot);

  both();
  const written = await refreshTable(deps(), before.record, { anyway: approval });
  expect([written.status, written.losses?.held, written.unitChange?.held]).toEqual(["refreshed", false, false]);
});

test("daily, one day of every SKU x1000, the other days as they were: held naming that day; Refresh anyway writes it", async () => {
  const name = await table(DAILY);
  const day = "2026-11-18";
  const rows = await comparable(name, "revenue", day, addDays(day, 1));
  expect(rows).toBeGreaterThanOrEqual(3);
  source({ kind: "scale", factor: 1000, day });
  const before = await state(name);

  const held = await refreshTable(deps(), before.record);
  expect(proxy.corrupted()).toBeGreaterThan(0);
  await expectHeld(held, before, name);
  expect(held.unitChange!.changes.map((c) => [c.metric, c.factor, c.periods])).toEqual([
    ["revenue", 1000, [day]],
    ["units", 1000, [day]],
  ]);
  expect(held.unitChange!.changes[0]).toMatchObject({ compared: rows, changed: rows });
  expect(held.unitChange!.said).toMatch(
    /^The service's revenue and units figures for 18 Nov are 1,000 times what the table holds for the same rows \(revenue \d+ of \d+ rows, units \d+ of \d+ rows\), while the other re-read days kept their unit: neither a revision nor a change of unit\. The table was left as it was\.$/,
  );

  const anyway = await refreshTable(deps(), await f.record(name), { anyway: refreshAnywayOf(held) });
  expect([anyway.status, anyway.unitChange?.held]).toEqual(["refreshed", false]);
});
