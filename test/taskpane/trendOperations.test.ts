// The trend on a managed table's card, end to end: data got from the simulator over HTTP into the in-memory
// workbook, the service revising recent days, a refresh; then the trend marks exactly the periods the refresh
// re-read, each bar is what the table now holds for its period, and the change said beside it is the one the
// refresh reported for the first metric.
import { dateStyle } from "../../src/core/words";
import { excelSerial } from "../../src/excel/excelDays";
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { exactSum } from "../../src/core/refresh/revisions";
import type { Trend } from "../../src/core/refresh/trend";
import { readTable } from "../../src/excel";
import { pullTable, refreshTable } from "../../src/refresh";
import { refreshLine, tableOperations } from "../../src/taskpane/operations/tableOperations";
import { trendOperations, type CardTrend } from "../../src/taskpane/operations/trendOperations";
import { TrendChart } from "../../src/taskpane/savedQueries/TrendChart";
import { DateStyleContext } from "../../src/taskpane/dateStyle";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DAILY, NEW_SHEET, refreshFixture } from "../refresh/support/fixture";
import { dayOfSerial } from "../support/excelDays";

/** The pane's date style in en-GB: days as 16/11/2026. */
const GB = dateStyle("en-GB");

/** The workbook setting the saved queries live under, as saved workbooks hold it. */
const QUERY_SETTING = "SalesData.tables";

// Enough stores for a revision of 0.25-1% to move whole units.
const f = refreshFixture({ skus: 4, stores: 40 });

const WEEKLY = asQuery({ ...DAILY, timeframe: "weekly", from: "2026-06-01", metrics: "revenue,units" });

/** What the table holds for each period: its rows' cells of `metric`, by the period's first day. */
async function cellsByPeriod(tableName: string, metric: string): Promise<Map<string, unknown[]>> {
  const { headers, values } = await readTable(f.host.run, tableName);
  const p = headers.indexOf((await f.record(tableName)).periodColumn!);
  const m = headers.indexOf(metric);
  const by = new Map<string, unknown[]>();
  for (const r of values) {
    const day = dayOfSerial(r[p] as number);
    by.set(day, [...(by.get(day) ?? []), r[m]]);
  }
  return by;
}

const numbers = (cells: unknown[]) => cells.filter((v): v is number => typeof v === "number");
const marked = (t: Trend) => t.points.filter((p) => p.inWindow).map((p) => p.period);

/** A weekly SKU table got on a Wednesday (the week of 23 Nov holds two days), refreshed two days later. */
async function refreshedWeekly(query: Query = WEEKLY) {
  f.sim.simulator.setToday("2026-11-25");
  const { write } = await pullTable(f.deps, query, { ...NEW_SHEET, rolling: true });
  f.sim.simulator.setToday("2026-11-27"); // the service has revised the days since: the window starts at 16 Nov
  const outcome = await refreshTable(f.deps, await f.record(write.tableName));
  expect(outcome.status).toBe("refreshed");
  return { tableName: write.tableName, outcome };
}

test("after a refresh: the re-read weeks marked, each bar the table's total, the change the refresh reported", async () => {
  const { tableName, outcome } = await refreshedWeekly();
  f.host.stats.reset();
  const trend = (await trendOperations(f.host.run).trendOf(tableName))!;
  // One sync for the saved records, one for the table.
  expect(f.host.stats.syncs).toBe(2);
  expect(trend.metric).toBe("revenue");
  expect(trend.aggregation).toBe("total");

  const table = await cellsByPeriod(tableName, "revenue");
  const periods = [...table.keys()].sort();
  expect(trend.points.map((p) => p.period)).toEqual(periods.slice(-13));
  // Marked: exactly the table's periods the refresh rewrote (from the window's first day on).
  expect(marked(trend)).toEqual(periods.filter((p) => excelSerial(p) >= excelSerial(outcome.window!.from)));
  expect(marked(trend)).toEqual(["2026-11-16", "2026-11-23"]);
  // Each bar, the latest among them, is the sum of the table's revenue cells for its week.
  for (const p of trend.points) expect(p.value).toBe(exactSum(numbers(table.get(p.period)!)));
  expect(trend.points.at(-1)!.period).toBe("2026-11-23");

  // The change beside it (the chart's words): the refresh's change of revenue, in the words of the refresh
  // summary, and its figure after the refresh is the bar of the week it compares.
  const change = outcome.changes.find((c) => c.metric === trend.metric)!;
  expect(change.change).not.toBe(0);
  const card = renderToStaticMarkup(
    createElement(DateStyleContext.Provider, { value: GB }, createElement(TrendChart, { trend, change })),
  );
  const words = /Last refresh: [^<]*/.exec(card)![0];
  expect(words).toMatch(/^Last refresh: Revenue, 16\/11\/2026: [\d,]+\.\d\d to [\d,]+\.\d\d, [+-]\d+\.\d\d%$/);
  expect(refreshLine(outcome, GB).text).toContain(words.replace("Last refresh: ", ""));
  expect(trend.points.find((p) => p.period === change.to)!.value).toBe(change.after);
});

test("a rate as the first metric: each bar the mean of the table's cells for its week", async () => {
  const { tableName } = await refreshedWeekly(asQuery({ ...WEEKLY, metrics: "availability,revenue" }));
  const trend = (await trendOperations(f.host.run).trendOf(tableName))!;
  expect(trend.aggregation).toBe("average");
  const table = await cellsByPeriod(tableName, "availability");
  for (const p of trend.points) {
    const nums = numbers(table.get(p.period)!);
    expect(p.value).toBe(exactSum(nums) / nums.length);
  }
  expect(trend.points).toHaveLength(13);
});

test("a table only got (never refreshed) has no window marked; a renamed one is followed", async () => {
  const { write } = await pullTable(f.deps, WEEKLY, { ...NEW_SHEET, rolling: true });
  const ops = trendOperations(f.host.run);
  const trend = (await ops.trendOf(write.tableName))!;
  expect(trend.points).toHaveLength(13);
  expect(marked(trend)).toEqual([]);
  await f.host.run(async (ctx) => {
    ctx.workbook.tables.getItem(write.tableName).name = "Renamed_weekly";
    await ctx.sync();
  });
  // Under its old name (the card not yet listed again) and, once the list followed it, its new one.
  expect((await ops.trendOf(write.tableName))?.points).toEqual(trend.points);
  await tableOperations(f.host.run, () => f.deps).listManaged();
  expect((await ops.trendOf("Renamed_weekly"))?.points).toEqual(trend.points);
});

test("a table that cannot be read gives no trend and never throws: deleted, not managed, damaged record", async () => {
  const { write } = await pullTable(f.deps, WEEKLY, { ...NEW_SHEET, rolling: true });
  const ops = trendOperations(f.host.run);
  expect(await ops.trendOf("Not_managed")).toBeUndefined();
  await f.host.run(async (ctx) => {
    ctx.workbook.tables.getItem(write.tableName).delete();
    await ctx.sync();
  });
  expect(await ops.trendOf(write.tableName)).toBeUndefined();
  await f.host.run(async (ctx) => {
    ctx.workbook.settings.add(QUERY_SETTING, "{not json");
    await ctx.sync();
  });
  expect(await ops.trendOf(write.tableName)).toBeUndefined();
});

/** Store-level daily revenue of northmart's stores for one day, 22 Nov (the service's today is 23 Nov). */
const ONE_DAY = asQuery({
  level: "store",
  retailers: "northmart",
  timeframe: "daily",
  metrics: "revenue,units",
  from: "2026-11-22",
  to: "2026-11-22",
});

/** The card's words, rendered as the pane shows them. */
const cardTexts = (trend: CardTrend) =>
  [
    ...renderToStaticMarkup(
      createElement(DateStyleContext.Provider, { value: GB }, createElement(TrendChart, { trend })),
    ).matchAll(/>([^<]+)</g),
  ].map((m) => m[1]);

test("a table of one day: the card says a trend needs more, with the day's total", async () => {
  const { write } = await pullTable(f.deps, ONE_DAY, NEW_SHEET);
  const trend = (await trendOperations(f.host.run).trendOf(write.tableName))!;
  expect(trend.onlyPeriod).toEqual({ period: "2026-11-22", whole: true });
  const total = exactSum(numbers((await cellsByPeriod(write.tableName, "revenue")).get("2026-11-22")!));
  expect(trend.points.map((p) => p.value)).toEqual([total]);
  expect(cardTexts(trend)).toContain("One day so far: the trend starts with the next refresh");
  // Two days: a trend, as before.
  const two = await pullTable(f.deps, asQuery({ ...ONE_DAY, from: "2026-11-21" }), NEW_SHEET);
  const trend2 = (await trendOperations(f.host.run).trendOf(two.write.tableName))!;
  expect(trend2.onlyPeriod).toBeUndefined();
  expect(trend2.points).toHaveLength(2);
});

describe("a large brand's day, taller than the rows a card reads", () => {
  // 48 SKUs at 700 stores: about 26,000 rows a day, more than the card's 20,000.
  const big = refreshFixture({ skus: 48, stores: 700 });

  test("the card names the day and says a trend needs more; it never says the table has no dated rows", async () => {
    const { write } = await pullTable(big.deps, ONE_DAY, NEW_SHEET);
    expect(write.rows).toBeGreaterThan(20_000);
    const trend = (await trendOperations(big.host.run).trendOf(write.tableName))!;
    expect(trend.onlyPeriod).toEqual({ period: "2026-11-22", whole: false });
    const said = cardTexts(trend);
    expect(said).toEqual([
      "Total revenue by day · 22/11/2026",
      "One day so far: the trend starts with the next refresh",
    ]);
    expect(said.join(" ")).not.toMatch(/no dated rows|left out/);
  });
});
