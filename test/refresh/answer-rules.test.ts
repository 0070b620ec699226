// The answer check (docs/architecture.md, Decision 8) at the pane's Get data (pullTable) and at refresh
// (refreshTable), against the simulator over real HTTP through the corrupting proxy (dev/corruptions) and the
// in-memory workbook host: rows outside the dates asked are left out and counted, a timestamp with an offset is
// its UTC day, a period that cannot be placed, a repeated key and periods spaced unlike the timeframe refuse the
// answer whole with nothing written, a null figure is an empty cell counted in the summary, a metric missing
// without a word is named omitted, a column nobody asked for is named and left out. Issue 21: rows of another
// SKU or filter value than View by are left out and counted, a row without its key and a figure Excel cannot
// hold refuse the answer, and the omitted-metrics header is read whatever its separators.
import {
  startCorruptingProxy,
  UNPLACEABLE_PERIODS,
  type Corruption,
  type CorruptingProxy,
} from "../../dev/corruptions";
import { createClient, type SalesClient } from "../../src/api";
import { SalesApiError } from "../../src/api/errors";
import { addDays } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshTable, type RefreshDeps } from "../../src/refresh";
import { pullSummaryLines } from "../../src/taskpane/queryBuilder/RunPanel";
import { SIM_KEY, SIM_TODAY } from "../support/simulator";
import { DAILY, NEW_SHEET, refreshFixture } from "./support/fixture";
import { paneGetData, paneGetDataError } from "./support/pane";
import { dateStyle } from "../../src/core/words";
import { paneDayWords } from "../../src/taskpane/paneWords";

/** The pane's date style in en-GB: days as 16/11/2026. */
const GB = dateStyle("en-GB");

const f = refreshFixture({ skus: 4, stores: 3 });
const ROLLING = { ...NEW_SHEET, rolling: true };

const WEEKLY = asQuery({ ...DAILY, timeframe: "weekly", from: "2026-01-05" });
const MONTHLY = asQuery({ ...DAILY, timeframe: "monthly", from: "2026-01-01" });
const QUERIES = { daily: DAILY, weekly: WEEKLY, monthly: MONTHLY };
const TWO_RETAILERS = asQuery({ ...WEEKLY, from: "2026-06-01", retailers: ["northmart", "freshway"] });

let proxy: CorruptingProxy;
let client: SalesClient;
beforeAll(async () => {
  proxy = await startCorruptingProxy(f.sim.url, { seed: 15 });
  client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => f.sim.simulator.today() });
});
afterAll(() => proxy.close());
beforeEach(() => proxy.clear());

/** The fixture's deps, reading the service through the corrupting proxy. */
const deps = (): RefreshDeps => ({ ...f.deps, client });

/** Every data answer from now on gets these corruptions (`match`: only those requests). */
const corrupt = (corruptions: Corruption[], match?: Record<string, string>) =>
  proxy.corrupt({ corruptions, ...(match ? { match } : {}) });

const table = (name: string) => readTable(f.host.run, name);

/** Pulls `query` into this test's workbook through the proxy (answers corrupted as queued). */
async function pull(query: Query, opts = NEW_SHEET) {
  const result = await pullTable(deps(), query, opts);
  return { ...result, table: await table(result.write.tableName), name: result.write.tableName };
}

/** The SalesApiError a pull or refresh was refused with. */
async function refusal(p: Promise<unknown>): Promise<SalesApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof SalesApiError)) throw new Error(`expected a SalesApiError, got ${String(err)}`);
  expect(err.kind).toBe("format");
  return err;
}

/** The rows of `t` not in `of` (as JSON texts). */
const rowsNotIn = (t: unknown[][], of: unknown[][]) => {
  const set = new Set(of.map((r) => JSON.stringify(r)));
  return t.filter((r) => !set.has(JSON.stringify(r)));
};

/** The cells that differ between two tables of the same shape: [row, column, before, after]. */
function cellDiff(a: unknown[][], b: unknown[][]): [number, number, unknown, unknown][] {
  expect(b.length).toBe(a.length);
  const out: [number, number, unknown, unknown][] = [];
  a.forEach((row, i) => row.forEach((v, j) => (v !== b[i][j] ? out.push([i, j, v, b[i][j]]) : undefined)));
  return out;
}

/** A table pulled clean (no corruption), its saved record and the workbook as it is now. */
async function cleanTable(query: Query, opts = NEW_SHEET) {
  const pulled = await pull(query, opts);
  return { ...pulled, record: await f.record(pulled.name) };
}

describe("pull (the pane's Get data)", () => {
  test.each([
    {
      timeframe: "daily" as const,
      c: { kind: "outside", rows: 2, side: "after" } as const,
      notice: "The service sent 2 rows outside 1 Oct to 23 Nov (dated 24 Nov); they were left out.",
    },
    {
      timeframe: "weekly" as const,
      c: { kind: "outside", rows: 3, side: "before" } as const,
      notice: "The service sent 3 rows outside 5 Jan to 23 Nov (dated 29 Dec 2025); they were left out.",
    },
    {
      timeframe: "monthly" as const,
      c: { kind: "outside", rows: 5, side: "after" } as const,
      notice: "The service sent 5 rows outside 1 Jan to 23 Nov (dated 1 Dec, 1 Jan 2027); they were left out.",
    },
  ])("$timeframe, rows outside the dates asked: left out and counted; no row outside in the table", async (t) => {
    const query = QUERIES[t.timeframe];
    const clean = await f.freshTable(query);
    corrupt([t.c]);
    const got = await pull(query);
    expect(proxy.corrupted()).toBe(1);
    expect(got.warnings).toEqual([t.notice]);
    // The rows moved outside are not written; every other row is, as the service sent it.
    expect(got.table.headers).toEqual(clean.headers);
    expect(got.table.values.length).toBe(clean.values.length - t.c.rows);
    expect(rowsNotIn(got.table.values, clean.values)).toEqual([]);
    const first = excelSerial(query.timeframe === "weekly" ? "2026-01-05" : query.from);
    for (const r of got.table.values) {
      expect(r[0]).toBeGreaterThanOrEqual(first);
      expect(r[0]).toBeLessThanOrEqual(excelSerial(query.to));
    }
  });

  test.each([
    // A negative offset writes the UTC midnight as the evening of the day before; a positive one keeps the date.
    ["daily" as const, -5],
    ["weekly" as const, -1],
    ["weekly" as const, 14],
    ["monthly" as const, -12],
    ["monthly" as const, -5.5],
  ])(
    "%s, periods written with a UTC offset (%d h): the table is the uncorrupted pull's, cell by cell",
    async (tf, hours) => {
      const query = QUERIES[tf];
      const clean = await f.freshTable(query);
      corrupt([{ kind: "offset", hours }]);
      const got = await pull(query);
      expect(proxy.corrupted()).toBe(1);
      expect(got.table).toEqual(clean);
      expect(got.warnings).toEqual([]);
    },
  );

  test.each([
    ["daily" as const, 1],
    ["monthly" as const, 3],
  ])("%s, periods that cannot be placed on a day: refused, the workbook unchanged", async (tf, rows) => {
    const query = QUERIES[tf];
    const before = f.host.snapshot();
    corrupt([{ kind: "unplaceable", rows }]);
    const err = await refusal(pull(query));
    const field = tf === "daily" ? "date" : "month";
    const from = tf === "daily" ? "1 Oct" : "1 Jan";
    const m = new RegExp(
      `^Refused the service's answer for northmart, sku, ${tf}, ${from} to 23 Nov: a row \\(SKU (\\d+)\\) has ${field} "(.*)", which cannot be placed on a day\\. Nothing was written\\.$`,
    ).exec(err.message);
    expect(m).not.toBeNull();
    expect(UNPLACEABLE_PERIODS).toContain(m![2]);
    expect(f.host.snapshot()).toEqual(before);
  });

  test("weekly, a repeated key: refused naming the key, the workbook unchanged", async () => {
    const clean = await f.freshTable(WEEKLY);
    const before = f.host.snapshot();
    corrupt([{ kind: "repeat-key", rows: 1 }]);
    const err = await refusal(pull(WEEKLY));
    const m =
      /^Refused the service's answer for northmart, sku, weekly, 5 Jan to 23 Nov: it sent the same row twice \((\d{4}-\d{2}-\d{2}), SKU (\d+)\), and which one is right cannot be known\. Nothing was written\.$/.exec(
        err.message,
      );
    expect(m).not.toBeNull();
    // The key named is a row of the real answer.
    expect(clean.values.filter((r) => r[0] === excelSerial(m![1]) && String(r[1]) === m![2]).length).toBe(1);
    expect(f.host.snapshot()).toEqual(before);
  });

  test.each([
    ["daily" as const, "asked for daily rows, it sent rows one week apart"],
    ["weekly" as const, "asked for weekly rows, it sent rows one day apart"],
    ["monthly" as const, "asked for monthly rows, it sent rows one week apart"],
  ])("%s, periods spaced unlike the timeframe: refused, the workbook unchanged", async (tf, why) => {
    const query = QUERIES[tf];
    const before = f.host.snapshot();
    corrupt([{ kind: "respace" }]);
    const err = await refusal(pull(query));
    expect(proxy.corrupted()).toBe(1);
    const from = tf === "daily" ? "1 Oct" : tf === "weekly" ? "5 Jan" : "1 Jan";
    expect(err.message).toBe(
      `Refused the service's answer for northmart, sku, ${tf}, ${from} to 23 Nov: ${why}. Nothing was written.`,
    );
    expect(f.host.snapshot()).toEqual(before);
  });

  test.each([
    ["daily" as const, "units", 5],
    ["monthly" as const, "revenue", 3],
  ])("%s, null figures for %s: empty cells, counted in the warnings", async (tf, metric, rows) => {
    const query = QUERIES[tf];
    const clean = await f.freshTable(query);
    corrupt([{ kind: "null-values", rows, metric }]);
    const got = await pull(query);
    expect(got.warnings).toEqual([`The service sent no figure for ${metric} in ${rows} rows; those cells are empty.`]);
    expect(got.table.headers).toEqual(clean.headers);
    const diff = cellDiff(clean.values, got.table.values);
    expect(diff.length).toBe(rows);
    const col = clean.headers.indexOf(metric);
    for (const [, j, was, now] of diff) {
      expect(j).toBe(col);
      expect(typeof was).toBe("number");
      expect(now).toBe("");
    }
  });

  test("weekly, a metric dropped without the omitted header: named omitted, not a column", async () => {
    const clean = await f.freshTable(WEEKLY);
    corrupt([{ kind: "drop-column", column: "units" }]);
    const got = await pull(WEEKLY);
    expect(got.omittedMetrics).toEqual(["units"]);
    expect(got.warnings).toEqual(["The service did not send units and did not say so; it is named as omitted."]);
    expect(got.table.headers).toEqual(clean.headers.filter((h) => h !== "units"));
    const u = clean.headers.indexOf("units");
    expect(got.table.values).toEqual(clean.values.map((r) => r.filter((_, j) => j !== u)));
  });

  test("daily, a column nobody asked for: named in the warnings, not a column of the table", async () => {
    const clean = await f.freshTable(DAILY);
    corrupt([{ kind: "add-column", column: "margin", value: 0.25 }]);
    const got = await pull(DAILY);
    expect(got.warnings).toEqual(["The service also sent margin, which was not asked for; left out of the table."]);
    expect(got.table).toEqual(clean);
    expect(got.omittedMetrics).toEqual([]);
  });

  describe("several retailers, only freshway's answers corrupted", () => {
    test("a repeated key in freshway's: refused as a whole naming freshway, the workbook unchanged", async () => {
      const before = f.host.snapshot();
      corrupt([{ kind: "repeat-key", rows: 2 }], { retailer: "freshway" });
      const err = await refusal(pull(TWO_RETAILERS));
      expect(proxy.corrupted()).toBeGreaterThanOrEqual(1);
      expect(err.message).toMatch(
        /^Refused the service's answer for freshway, sku, weekly, 1 Jun to 23 Nov: it sent the same row twice \(\d{4}-\d{2}-\d{2}, SKU \d+\), and which one is right cannot be known\. Nothing was written\.$/,
      );
      expect(err.message).not.toMatch(/northmart/);
      expect(f.host.snapshot()).toEqual(before);
    });

    test("rows outside the dates in freshway's: left out, the notice names freshway", async () => {
      const clean = await f.freshTable(TWO_RETAILERS);
      corrupt([{ kind: "outside", rows: 2, side: "before" }], { retailer: "freshway" });
      const got = await pull(TWO_RETAILERS);
      expect(got.warnings).toEqual([
        "freshway: The service sent 2 rows outside 1 Jun to 23 Nov (dated 25 May); they were left out.",
      ]);
      expect(rowsNotIn(got.table.values, clean.values)).toEqual([]);
      expect(got.table.values.length).toBe(clean.values.length - 2);
      expect(got.retailers!.find((r) => r.retailer === "freshway")!.rows).toBe(
        clean.values.filter((r) => r[1] === "freshway").length - 2,
      );
    });
  });

  test("the pane's summary of Get data shows every notice of the answer", async () => {
    corrupt([
      { kind: "outside", rows: 2, side: "after" },
      { kind: "null-values", rows: 3, metric: "revenue" },
      { kind: "drop-column", column: "units" },
      { kind: "add-column", column: "promo_flag", value: "Y" },
    ]);
    const summary = await paneGetData(f.host.run, deps, DAILY);
    const notices = [
      "The service sent 2 rows outside 1 Oct to 23 Nov (dated 24 Nov); they were left out.",
      "The service did not send units and did not say so; it is named as omitted.",
      "The service also sent promo_flag, which was not asked for; left out of the table.",
      "The service sent no figure for revenue in 3 rows; those cells are empty.",
    ];
    expect(summary.warnings).toEqual(notices);
    const lines = pullSummaryLines(summary, GB);
    expect(lines[0]).toMatch(/^Wrote [\d,]+ rows to /);
    expect(lines.slice(1)).toEqual(["Omitted by the retailer: Units.", ...notices]);
  });
});

test("in the pane's words: Get data's and a refresh's notices and refusals write days and metrics as the pane does", async () => {
  const days = paneDayWords(GB);
  const paneDeps = (): RefreshDeps => ({ ...deps(), days });
  corrupt([{ kind: "outside", rows: 2, side: "after" }]);
  const summary = await paneGetData(f.host.run, paneDeps, DAILY);
  expect(summary.warnings).toEqual([
    "The service sent 2 rows outside 01/10/2026 to 23/11/2026 (dated 24/11/2026); they were left out.",
  ]);
  proxy.clear();
  const { record } = await cleanTable(DAILY);
  corrupt([{ kind: "outside", rows: 2, side: "before" }]);
  const out = await refreshTable(paneDeps(), record);
  expect(out.warnings).toContain(
    "The service sent 2 rows outside 16/11/2026 to 23/11/2026 (dated 15/11/2026); they were left out.",
  );
  proxy.clear();
  corrupt([{ kind: "repeat-key", rows: 2 }]);
  const err = await refusal(pullTable(paneDeps(), DAILY, NEW_SHEET));
  // The repeated row's key names its day in the same style as the question's.
  expect(err.message).toMatch(
    /^Refused the service's answer for northmart, sku, daily, 01\/10\/2026 to 23\/11\/2026: it sent the same row twice \(\d{2}\/\d{2}\/2026, SKU \d+\), /,
  );
  proxy.clear();
  corrupt([{ kind: "null-values", rows: 3, metric: "revenue" }]);
  expect((await paneGetData(f.host.run, paneDeps, DAILY)).warnings).toEqual([
    "The service sent no figure for Revenue in 3 rows; those cells are empty.",
  ]);
  proxy.clear();
  corrupt([{ kind: "drop-column", column: "units" }]);
  const dropped = await refreshTable(paneDeps(), record);
  expect(dropped.warnings).toContain(
    "The service did not send Units this time: that column is empty from 16/11/2026 on.",
  );
  proxy.clear();
  const none = await paneGetDataError(f.host.run, paneDeps, asQuery({ ...DAILY, filter: "sku", viewby: "999999" }));
  expect((none as Error).message).toBe(
    "The service has no rows for northmart, sku, daily, 01/10/2026 to 23/11/2026. Nothing was written; check the dates and View by.",
  );
});

describe("refresh", () => {
  test("daily, rows outside the window: left out and counted; the stored rows before the window as they were", async () => {
    const { name, record, table: stored } = await cleanTable(DAILY);
    corrupt([{ kind: "outside", rows: 2, side: "before" }]);
    const out = await refreshTable(deps(), record);
    expect(out.window).toEqual({ from: "2026-11-16", to: SIM_TODAY });
    expect(out.warnings).toContain(
      "The service sent 2 rows outside 16 Nov to 23 Nov (dated 15 Nov); they were left out.",
    );
    const after = await table(name);
    const cut = excelSerial("2026-11-16");
    expect(after.values.filter((r) => (r[0] as number) < cut)).toEqual(
      stored.values.filter((r) => (r[0] as number) < cut),
    );
    // Nothing the service moved out of the window was written (a same-day refresh sends the stored figures).
    expect(rowsNotIn(after.values, stored.values)).toEqual([]);
  });

  test("weekly, a row after the window: left out and counted; no row after the dates asked", async () => {
    const { name, record, table: stored } = await cleanTable(WEEKLY);
    corrupt([{ kind: "outside", rows: 1, side: "after" }]);
    const out = await refreshTable(deps(), record);
    expect(out.warnings).toContain("The service sent 1 row outside 16 Nov to 23 Nov (dated 30 Nov); it was left out.");
    const after = await table(name);
    expect(Math.max(...after.values.map((r) => r[0] as number))).toBeLessThanOrEqual(excelSerial(SIM_TODAY));
    expect(rowsNotIn(after.values, stored.values)).toEqual([]);
  });

  test.each([
    ["daily" as const, -1],
    ["monthly" as const, -12],
  ])(
    "%s, periods written with a UTC offset (%d h): the refreshed table is the uncorrupted pull's, cell by cell",
    async (tf, hours) => {
      const query = QUERIES[tf];
      const { name, record } = await cleanTable(query);
      corrupt([{ kind: "offset", hours }]);
      const out = await refreshTable(deps(), record);
      expect(proxy.corrupted()).toBe(1);
      expect([out.status, out.error]).toEqual(["refreshed", undefined]);
      expect(out.warnings).toEqual([]);
      expect(await table(name)).toEqual(await f.freshTable(query));
    },
  );

  test.each([
    [1, /a row \(SKU \d+\) has week ".*", which cannot be placed on a day/],
    // Half the window's 4 periods unplaceable: the period column is not found by its values (src/api/dataRows.ts
    // findPeriodField wants most of them to be dates), so the refusal says the rows have no column of dates.
    [2, /a row \(SKU \d+\) has week ".*", which cannot be placed on a day/],
  ])("weekly, %d period(s) that cannot be placed on a day: refused, the workbook unchanged", async (rows, why) => {
    const { record } = await cleanTable(WEEKLY);
    const before = f.host.snapshot();
    corrupt([{ kind: "unplaceable", rows }]);
    const out = await refreshTable(deps(), record);
    expect(proxy.corrupted()).toBe(1);
    expect(out.status).toBe("failed");
    expect(out.error).toMatch(
      new RegExp(
        `^Refused the service's answer for northmart, sku, weekly, 16 Nov to 23 Nov: ${why.source}\\. Nothing was written\\.$`,
      ),
    );
    expect(f.host.snapshot()).toEqual(before);
  });

  test("daily, a repeated key: refused naming the key; the table keeps its stored rows", async () => {
    const { name, record, table: stored } = await cleanTable(DAILY);
    const before = f.host.snapshot();
    corrupt([{ kind: "repeat-key", rows: 1 }]);
    const out = await refreshTable(deps(), record);
    expect(out.status).toBe("failed");
    expect(out.error).toMatch(
      /^Refused the service's answer for northmart, sku, daily, 16 Nov to 23 Nov: it sent the same row twice \(2026-11-(1[6-9]|2[0-3]), SKU 10000[1-4]\), and which one is right cannot be known\. Nothing was written\.$/,
    );
    expect([out.rowsRemoved, out.rowsAdded, out.rowsReplaced]).toEqual([0, 0, 0]);
    expect(await table(name)).toEqual(stored);
    expect(f.host.snapshot()).toEqual(before);
  });

  test.each([
    // A window long enough to show the spacing: the clock moves on after the pull (rolling tables).
    ["daily" as const, 14, "asked for daily rows, it sent rows one week apart", "16 Nov to 7 Dec"],
    ["weekly" as const, 21, "asked for weekly rows, it sent rows one day apart", "16 Nov to 14 Dec"],
    ["monthly" as const, 70, "asked for monthly rows, it sent rows one week apart", "1 Nov 2026 to 1 Feb 2027"],
  ])("%s, periods spaced unlike the timeframe: refused, nothing written", async (tf, days, why, when) => {
    const { name, record, table: stored } = await cleanTable(QUERIES[tf], ROLLING);
    const today = addDays(SIM_TODAY, days);
    f.sim.simulator.setToday(today);
    const before = f.host.snapshot();
    corrupt([{ kind: "respace" }]);
    const out = await refreshTable(deps(), record);
    expect(proxy.corrupted()).toBe(1);
    expect(out.status).toBe("failed");
    expect(out.error).toBe(
      `Refused the service's answer for northmart, sku, ${tf}, ${when}: ${why}. Nothing was written.`,
    );
    expect([out.rowsRemoved, out.rowsAdded, out.rowsReplaced]).toEqual([0, 0, 0]);
    expect(await table(name)).toEqual(stored);
    expect(f.host.snapshot()).toEqual(before);
  });

  test("daily, null figures: empty cells in the window, counted in the outcome's warnings", async () => {
    const { name, record, table: stored } = await cleanTable(DAILY);
    corrupt([{ kind: "null-values", rows: 3, metric: "revenue" }]);
    const out = await refreshTable(deps(), record);
    expect(out.status).toBe("refreshed");
    expect(out.warnings).toContain("The service sent no figure for revenue in 3 rows; those cells are empty.");
    const diff = cellDiff(stored.values, (await table(name)).values);
    expect(diff.map(([, j, , now]) => [stored.headers[j], now])).toEqual([
      ["revenue", ""],
      ["revenue", ""],
      ["revenue", ""],
    ]);
    for (const [i] of diff) expect(stored.values[i][0]).toBeGreaterThanOrEqual(excelSerial("2026-11-16"));
  });

  test("weekly, a metric dropped without the omitted header: named omitted in the outcome", async () => {
    const { record } = await cleanTable(WEEKLY);
    corrupt([{ kind: "drop-column", column: "units" }]);
    const out = await refreshTable(deps(), record);
    expect(out.status).toBe("refreshed");
    expect(out.omittedMetrics).toEqual(["units"]);
    expect(out.warnings).toContain("The service did not send units and did not say so; it is named as omitted.");
  });

  test("monthly, a column nobody asked for: named in the warnings, not a column of the table", async () => {
    const { name, record, table: stored } = await cleanTable(MONTHLY);
    corrupt([{ kind: "add-column", column: "margin", value: 12 }]);
    const out = await refreshTable(deps(), record);
    expect(out.status).toBe("refreshed");
    expect(out.warnings).toEqual(["The service also sent margin, which was not asked for; left out of the table."]);
    expect(await table(name)).toEqual(stored);
  });

  test("several retailers, only freshway's answer unplaceable: refused naming freshway, the workbook unchanged", async () => {
    const { record } = await cleanTable(TWO_RETAILERS);
    const before = f.host.snapshot();
    corrupt([{ kind: "unplaceable", rows: 1 }], { retailer: "freshway" });
    const out = await refreshTable(deps(), record);
    expect(out.status).toBe("failed");
    expect(out.error).toMatch(
      /^Refused the service's answer for freshway, sku, weekly, 16 Nov to 23 Nov: a row \(SKU \d+\) has week ".*", which cannot be placed on a day\. Nothing was written\.$/,
    );
    expect(f.host.snapshot()).toEqual(before);
  });
});

// Issue 21, items 1-4: what an answer may hold, at the pane's Get data and at refresh, through the proxy.
describe("View by", () => {
  const BY_SKU = asQuery({ ...DAILY, filter: "sku", viewby: "100001" });

  test("the issue's case: a daily pull by one SKU gets 53 rows of another; they are left out and counted", async () => {
    const clean = await f.freshTable(BY_SKU);
    corrupt([{ kind: "other-viewby", rows: 53 }]);
    const got = await pull(BY_SKU);
    expect(proxy.corrupted()).toBe(1);
    expect(got.warnings).toEqual([
      "The service sent 53 rows of another SKU than View by 100001 (100002); they were left out.",
    ]);
    expect(got.table).toEqual(clean);
    const sku = clean.headers.indexOf("sku");
    expect(new Set(got.table.values.map((r) => r[sku]))).toEqual(new Set([100001]));
  });

  test("and its refresh two days later: 9 rows of two other SKUs left out, the table equal to a fresh pull", async () => {
    const { name, record } = await cleanTable(BY_SKU, ROLLING);
    f.sim.simulator.setToday(addDays(SIM_TODAY, 2)); // the window's 9 days with data: 16 to 24 Nov
    corrupt([{ kind: "other-viewby", rows: 9, codes: 2 }]);
    const out = await refreshTable(deps(), record);
    expect(proxy.corrupted()).toBe(1);
    expect([out.status, out.window]).toEqual(["refreshed", { from: "2026-11-16", to: "2026-11-25" }]);
    expect(out.warnings).toContain(
      "The service sent 9 rows of other SKUs than View by 100001 (100002, 100003); they were left out.",
    );
    proxy.clear();
    expect(await table(name)).toEqual(await f.freshTable({ ...BY_SKU, to: "2026-11-25" }));
  });

  test("by a product filter: rows of other filter values are left out, named in quotes", async () => {
    const value = (await f.client.listFilters("northmart")).filter2[0];
    const query = asQuery({ ...WEEKLY, filter: "filter2", viewby: value });
    const clean = await f.freshTable(query);
    corrupt([{ kind: "other-viewby", rows: 2 }]);
    const got = await pull(query);
    expect(got.warnings).toEqual([
      `The service sent 2 rows of another filter2 value than View by "${value}" ("${value} (other 1)"); they were left out.`,
    ]);
    expect(got.table).toEqual(clean);
  });

  test("several retailers: each answer is checked against View by on its own; the notice names its retailer", async () => {
    const query = asQuery({ ...TWO_RETAILERS, filter: "sku", viewby: "100001" });
    const clean = await f.freshTable(query);
    corrupt([{ kind: "other-viewby", rows: 3 }], { retailer: "freshway" });
    const got = await pull(query);
    expect(got.warnings).toEqual([
      "freshway: The service sent 3 rows of another SKU than View by 100001 (100002); they were left out.",
    ]);
    expect(got.table).toEqual(clean);
  });
});

describe("key fields", () => {
  test("daily pull, a row whose SKU is null: refused naming the row's date, the workbook unchanged", async () => {
    const before = f.host.snapshot();
    corrupt([{ kind: "missing-key", rows: 1 }]);
    const err = await refusal(pull(DAILY));
    expect(err.message).toMatch(
      /^Refused the service's answer for northmart, sku, daily, 1 Oct to 23 Nov: a row dated \d{1,2} (Oct|Nov) has no SKU, so it cannot be placed in the table\. Nothing was written\.$/,
    );
    expect(f.host.snapshot()).toEqual(before);
  });

  test("store level, a row without its store_id (the field gone): refused naming its date and SKU", async () => {
    const query = asQuery({ ...WEEKLY, level: "store", from: "2026-10-05" });
    const before = f.host.snapshot();
    corrupt([{ kind: "missing-key", rows: 2, field: "store_id", as: "removed" }]);
    const err = await refusal(pull(query));
    expect(err.message).toMatch(
      /^Refused the service's answer for northmart, store, weekly, 5 Oct to 23 Nov: a row dated \d{1,2} (Oct|Nov) \(SKU 10000[1-4]\) has no store, so it cannot be placed in the table\. Nothing was written\.$/,
    );
    expect(f.host.snapshot()).toEqual(before);
  });

  test("by a product filter, an empty value: refused, the missing value named as the filter's", async () => {
    const query = asQuery({ ...MONTHLY, filter: "filter2" });
    corrupt([{ kind: "missing-key", rows: 1, as: "empty" }]);
    const err = await refusal(pull(query));
    expect(err.message).toMatch(/: a row dated 1 \w{3} has no filter2 value, so it cannot be placed in the table\./);
  });

  test("weekly refresh, a row without its SKU: refused, the table and its record as they were", async () => {
    const { name, record, table: stored } = await cleanTable(WEEKLY);
    const before = f.host.snapshot();
    corrupt([{ kind: "missing-key", rows: 1, as: "removed" }]);
    const out = await refreshTable(deps(), record);
    expect(out.status).toBe("failed");
    expect(out.error).toMatch(
      /^Refused the service's answer for northmart, sku, weekly, 16 Nov to 23 Nov: a row dated (16|23) Nov has no SKU, so it cannot be placed in the table\. Nothing was written\.$/,
    );
    expect([out.rowsRemoved, out.rowsAdded, out.rowsReplaced]).toEqual([0, 0, 0]);
    expect(await table(name)).toEqual(stored);
    expect(f.host.snapshot()).toEqual(before);
  });
});

describe("the omitted-metrics header", () => {
  // pharmaplus serves neither availability nor wastage: the simulator's header names both.
  const OMITTING = asQuery({ ...WEEKLY, retailers: "pharmaplus", metrics: "revenue,availability,wastage" });

  test.each([
    // The header the proxy sends: "availability wastage", "availability;wastage", "availability; wastage".
    ["space" as const],
    ["semicolon" as const],
    ["mixed" as const],
  ])("pull, names joined by %s: the two metrics, not one junk name", async (separator) => {
    corrupt([{ kind: "omitted-header", separator }]);
    const summary = await paneGetData(f.host.run, deps, OMITTING);
    expect(proxy.corrupted()).toBe(1);
    expect(summary.omittedMetrics).toEqual(["availability", "wastage"]);
    expect(pullSummaryLines(summary, GB).slice(1)).toEqual(["Omitted by the retailer: Availability, Wastage."]);
  });

  test("pull, a name that is no metric: the summary names it as no metric, apart from what was omitted", async () => {
    corrupt([{ kind: "omitted-header", separator: "semicolon", unknown: "<b>foo</b>" }]);
    const summary = await paneGetData(f.host.run, deps, OMITTING);
    expect(pullSummaryLines(summary, GB).slice(1)).toEqual([
      "Omitted by the retailer: Availability, Wastage.",
      'The service named "<b>foo</b>" among the metrics it left out, which is no metric; it was ignored.',
    ]);
  });

  test("refresh, mixed separators and a name that is no metric: the two metrics omitted, the table as a fresh pull", async () => {
    const { name, record } = await cleanTable(OMITTING);
    corrupt([{ kind: "omitted-header", separator: "mixed", unknown: "foo" }]);
    const out = await refreshTable(deps(), record);
    expect(out.status).toBe("refreshed");
    expect(out.omittedMetrics).toEqual(["availability", "wastage"]);
    expect(out.warnings).toContain(
      'The service named "foo" among the metrics it left out, which is no metric; it was ignored.',
    );
    expect(await table(name)).toEqual(await f.freshTable(OMITTING));
  });
});

describe("numbers Excel cannot hold", () => {
  test.each([
    ["weekly" as const, 1e308, "revenue", "its numbers run from -9.99999999999999E+307 to 9.99999999999999E+307"],
    ["daily" as const, -1e308, "units", "its numbers run from -9.99999999999999E+307 to 9.99999999999999E+307"],
    ["monthly" as const, 5e-324, "revenue", "it would store 0 in its place"],
  ])(
    "%s pull, %p in %s: refused naming metric, row and value; the workbook unchanged",
    async (tf, value, metric, why) => {
      const before = f.host.snapshot();
      corrupt([{ kind: "unstorable", rows: 1, value, field: metric }]);
      const err = await refusal(pull(QUERIES[tf]));
      const m = new RegExp(
        `: ${metric} in the row dated (\\d{1,2} \\w{3}) \\(SKU (10000[1-4])\\) is ${String(value).replace("+", "\\+")}, which Excel cannot hold \\(${why.replace(/[()+.]/g, "\\$&")}\\)\\. Nothing was written\\.$`,
      ).exec(err.message);
      expect(m).not.toBeNull();
      expect(f.host.snapshot()).toEqual(before);
    },
  );

  test("a comparison column and a numeric SKU code are checked too", async () => {
    const withComparison = asQuery({ ...WEEKLY, comparison: "period" });
    corrupt([{ kind: "unstorable", rows: 1, value: 1e308, field: "revenue_vs_period_pct" }]);
    expect((await refusal(pull(withComparison))).message).toMatch(
      /: revenue_vs_period_pct in the row dated \d{1,2} \w{3} \(SKU 10000[1-4]\) is 1e\+308, which Excel cannot hold/,
    );
    proxy.clear();
    corrupt([{ kind: "unstorable", rows: 1, value: 1e308, field: "sku" }]);
    expect((await refusal(pull(WEEKLY))).message).toMatch(/: sku in the row dated \d{1,2} \w{3} is 1e\+308, which/);
  });

  test("daily refresh, 1e308 in one figure: refused, the table as it was", async () => {
    const { name, record, table: stored } = await cleanTable(DAILY);
    const before = f.host.snapshot();
    corrupt([{ kind: "unstorable", rows: 1, value: 1e308 }]);
    const out = await refreshTable(deps(), record);
    expect(out.status).toBe("failed");
    expect(out.error).toMatch(
      /^Refused the service's answer for northmart, sku, daily, 16 Nov to 23 Nov: (revenue|units) in the row dated (1[6-9]|2[0-3]) Nov \(SKU 10000[1-4]\) is 1e\+308, which Excel cannot hold/,
    );
    expect(await table(name)).toEqual(stored);
    expect(f.host.snapshot()).toEqual(before);
  });
});
