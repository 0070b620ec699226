// A table's trend for its card (src/core/refresh/trend.ts): the last 13 periods of its first metric, totals for additive
// metrics and means for rates, the re-read window marked, cells that are not numbers counted, a period cut by
// the read's bound left out, and the notes the card says (its title and sentence are the pane's: test/taskpane/trendChart).
import { addDays, addPeriods } from "../../src/core/dates";
import { EXCEL_DAY_CELLS, excelSerial } from "../../src/excel/excelDays";
import { aggregationOf, METRICS } from "../../src/core/query/metrics";
import {
  buildTrend,
  periodsText,
  pointValueText,
  TREND_PERIODS,
  trendNotes,
  type TrendInput,
} from "../../src/core/refresh/trend";

const MONDAY = "2026-08-03";
const week = (k: number) => addPeriods(MONDAY, "weekly", k);

/** `weeks` weeks from MONDAY, `per` rows each: the value of row j of week k is k * 100 + j. */
function weekly(weeks: number, per: number, extra: Partial<TrendInput> = {}): TrendInput {
  const periods: unknown[] = [];
  const values: unknown[] = [];
  for (let k = 0; k < weeks; k++)
    for (let j = 0; j < per; j++) {
      periods.push(excelSerial(week(k)));
      values.push(k * 100 + j);
    }
  return { periods, dayCells: EXCEL_DAY_CELLS, values, cut: false, metric: "revenue", timeframe: "weekly", ...extra };
}

test("every metric is a total or an average; the rates and averages are averaged", () => {
  expect(METRICS.filter((m) => aggregationOf(m) === "average")).toEqual([
    "average_price",
    "availability",
    "unit_ros",
    "value_ros",
  ]);
  expect(aggregationOf(" Revenue ")).toBe("total");
  expect(aggregationOf("margin_pct")).toBe("average"); // a name the add-in does not know is never summed
});

test("the last 13 weeks in date order, each the total of its rows", () => {
  const t = buildTrend(weekly(16, 3));
  expect(t.points.map((p) => p.period)).toEqual(Array.from({ length: TREND_PERIODS }, (_, i) => week(i + 3)));
  // Week k: rows k*100, k*100+1, k*100+2.
  expect(t.points.map((p) => p.value)).toEqual(Array.from({ length: 13 }, (_, i) => 3 * (i + 3) * 100 + 3));
  expect(t.points.every((p) => p.rows === 3 && p.skipped === 0)).toBe(true);
  expect(t.aggregation).toBe("total");
  // Rows in any order give the same trend.
  const shuffled = weekly(16, 3);
  const order = shuffled.periods.map((_, i) => i).reverse();
  expect(
    buildTrend({
      ...shuffled,
      periods: order.map((i) => shuffled.periods[i]),
      values: order.map((i) => shuffled.values[i]),
    }),
  ).toEqual(t);
});

test("a rate is the mean of its numeric cells, and said to be an average", () => {
  const t = buildTrend({ ...weekly(2, 4), metric: "availability" });
  expect(t.aggregation).toBe("average");
  expect(t.points.map((p) => p.value)).toEqual([1.5, 101.5]);
});

test("a table of several retailers: the bars are over all of them, and the trend says how many", () => {
  const t = buildTrend(weekly(2, 3, { retailers: 3 }));
  expect(t.points.map((p) => p.value)).toEqual(buildTrend(weekly(2, 3)).points.map((p) => p.value));
  expect(t.retailers).toBe(3);
  expect(buildTrend(weekly(2, 3, { retailers: 1 })).retailers).toBeUndefined();
});

test("cells that are not numbers are counted and left out, never taken as 0", () => {
  const input = weekly(2, 4);
  const values = [...input.values];
  values[1] = "#VALUE!";
  values[2] = "";
  values[5] = "101"; // a number typed as text is text
  values[6] = null;
  values[7] = true;
  values[4] = "#N/A";
  const t = buildTrend({ ...input, values });
  expect(t.points.map((p) => [p.value, p.skipped])).toEqual([
    [0 + 3, 2],
    [null, 4],
  ]);
  expect(t.skipped).toBe(6);
  expect(trendNotes(t)).toEqual(["6 cells empty or not a number, left out"]);
  // The mean of a rate divides by the numbers only.
  expect(buildTrend({ ...input, values, metric: "unit_ros" }).points[0].value).toBe(1.5);
});

test("rows without a date are counted and left out; blank rows (an empty table's one row) are not rows", () => {
  const t = buildTrend({
    periods: ["", "", "Total", excelSerial(MONDAY), "2026-08-10", -3, 1e9],
    values: ["", 5, 7, 1, 2, 3, 4],
    dayCells: EXCEL_DAY_CELLS,
    cut: false,
    metric: "units",
    timeframe: "weekly",
  });
  expect(t.points.map((p) => [p.period, p.value])).toEqual([
    [MONDAY, 1],
    ["2026-08-10", 2], // a date the table holds as text
  ]);
  expect(t.undated).toBe(4);
  expect(trendNotes(t)).toEqual(["4 rows without a date, left out"]);
  const empty = buildTrend({
    periods: [""],
    dayCells: EXCEL_DAY_CELLS,
    values: [""],
    cut: false,
    metric: "units",
    timeframe: "weekly",
  });
  expect({ points: empty.points, undated: empty.undated }).toEqual({ points: [], undated: 0 });
});

test("the re-read window marks each period that overlaps it: weeks, months and days", () => {
  const window = { from: "2026-11-16", to: "2026-11-27" };
  const w = buildTrend({ ...weekly(17, 1), window }); // weeks of 3 Aug .. 23 Nov
  expect(w.points.filter((p) => p.inWindow).map((p) => p.period)).toEqual(["2026-11-16", "2026-11-23"]);

  const months = ["2026-09-01", "2026-10-01", "2026-11-01"];
  const m = buildTrend({
    periods: months.map(excelSerial),
    values: [1, 2, 3],
    dayCells: EXCEL_DAY_CELLS,
    cut: false,
    metric: "revenue",
    timeframe: "monthly",
    window: { from: "2026-10-31", to: "2026-11-27" },
  });
  expect(m.points.map((p) => p.inWindow)).toEqual([false, true, true]);

  const days = Array.from({ length: 20 }, (_, i) => addDays("2026-11-04", i));
  const d = buildTrend({
    periods: days.map(excelSerial),
    values: days.map(() => 1),
    dayCells: EXCEL_DAY_CELLS,
    cut: false,
    metric: "revenue",
    timeframe: "daily",
    window: { from: "2026-11-16", to: "2026-11-22" },
  });
  expect(d.points.filter((p) => p.inWindow).map((p) => p.period)).toEqual(days.slice(12, 19));
  // No window, or one before every period shown: nothing marked.
  const marked = (t: ReturnType<typeof buildTrend>) => t.points.some((p) => p.inWindow);
  expect(marked(buildTrend(weekly(17, 1)))).toBe(false);
  expect(marked(buildTrend({ ...weekly(17, 1), window: { from: "2026-01-05", to: "2026-01-11" } }))).toBe(false);
});

test("rows cut by the read's bound: the earliest period read is left out (it may be partial), and said", () => {
  const input = weekly(5, 3);
  const cut = { ...input, periods: input.periods.slice(2), values: input.values.slice(2), cut: true };
  const t = buildTrend(cut);
  expect(t.points.map((p) => p.period)).toEqual([week(1), week(2), week(3), week(4)]);
  expect(t.partialDropped).toBe(true);
  expect(trendNotes(t)).toEqual(["from the table's last 13 rows; the earliest week read is left out"]);
  expect(buildTrend(input).points).toHaveLength(5);
});

test("the card's words: periods counted, a point's figure, a cell that is not a number noted", () => {
  const t = buildTrend({ ...weekly(17, 1), window: { from: "2026-11-16", to: "2026-11-27" } });
  expect(periodsText(t.points.length, t.timeframe)).toBe("13 weeks");
  expect(pointValueText(t.points[t.points.length - 1].value)).toBe("1,600.00");
  const across = buildTrend({
    periods: [excelSerial("2025-12-29"), excelSerial("2026-01-05")],
    values: [1234.5, "x"],
    dayCells: EXCEL_DAY_CELLS,
    cut: false,
    metric: "units",
    timeframe: "weekly",
  });
  expect(across.points.map((p) => pointValueText(p.value))).toEqual(["1,234.50", "no number"]);
  expect(trendNotes(across)).toEqual(["1 cell empty or not a number, left out"]);
});
