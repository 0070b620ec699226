// The trend on a card (src/taskpane/savedQueries/TrendChart.tsx), rendered to markup: its words (caption,
// accessible name, window, change, notes) in the pane's date style, and one image named by those words with a bar
// per period, the re-read ones marked, and the change said beside it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { addPeriods } from "../../src/core/dates";
import { EXCEL_DAY_CELLS, excelSerial } from "../../src/excel/excelDays";
import type { MetricChange } from "../../src/core/refresh/revisions";
import { buildTrend, type Trend } from "../../src/core/refresh/trend";
import { dateStyle } from "../../src/core/words";
import { DateStyleContext } from "../../src/taskpane/dateStyle";
import type { CardTrend } from "../../src/taskpane/operations/trendOperations";
import { TrendChart } from "../../src/taskpane/savedQueries/TrendChart";

/** The pane's date style in en-GB: days as 09/11/2026. */
const GB = dateStyle("en-GB");

/** The chart as the pane draws it, in the pane's date style (en-GB unless `style`). */
const rendered = (props: Parameters<typeof TrendChart>[0], style = GB) =>
  renderToStaticMarkup(createElement(DateStyleContext.Provider, { value: style }, createElement(TrendChart, props)));

/** The texts of the markup, in order, as a person reads them (entities decoded). */
const texts = (html: string) =>
  [...html.matchAll(/>([^<]+)</g)].map((m) =>
    m[1]
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );

/** 15 weeks from 3 Aug, two rows each (the second week's second cell an error), re-read from 16 Nov. */
function weekly(): Trend {
  const weeks = Array.from({ length: 15 }, (_, k) => addPeriods("2026-08-03", "weekly", k));
  return buildTrend({
    periods: weeks.flatMap((w) => [excelSerial(w), excelSerial(w)]),
    dayCells: EXCEL_DAY_CELLS,
    values: weeks.flatMap((_, k) => [1000 * (k + 1), k === 13 ? "#VALUE!" : 0.5]),
    cut: false,
    metric: "revenue",
    timeframe: "weekly",
    window: { from: "2026-11-02", to: "2026-11-13" },
  });
}

const CHANGE: MetricChange = {
  metric: "revenue",
  from: "2026-11-02",
  to: "2026-11-02",
  before: 14000,
  after: 14000.5,
  change: 0.5,
  percent: (0.5 / 14000) * 100,
  blanks: { before: 0, after: 0 },
};

test("the words: caption, the chart's name, the window, the latest change and what was left out", () => {
  const html = rendered({ trend: weekly(), change: CHANGE });
  const said = texts(html);
  expect(said[0]).toBe("Total revenue by week · 13 weeks to 09/11/2026: 15,000.50");
  expect([...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1])).toEqual([
    "Total revenue by week, 13 weeks, 17/08/2026 to 09/11/2026: first 3,000.50, last 15,000.50; " +
      "re-read by the last refresh: 02/11/2026 to 13/11/2026; 1 cell empty or not a number, left out.",
  ]);
  expect(said.slice(-3)).toEqual([
    "re-read by the last refresh: 02/11/2026 to 13/11/2026",
    "Last refresh: Revenue, 02/11/2026: 14,000.00 to 14,000.50, +0.00%",
    "1 cell empty or not a number, left out",
  ]);
  expect(texts(rendered({ trend: weekly() })).filter((t) => t.startsWith("Last refresh"))).toEqual([]);
  // In en-US the same days read month first; a rate's plain name, lower-cased in the sentence.
  const rate = buildTrend({
    periods: [excelSerial("2026-11-09")],
    dayCells: EXCEL_DAY_CELLS,
    values: [2.5],
    cut: false,
    metric: "unit_ros",
    timeframe: "weekly",
  });
  expect(texts(rendered({ trend: rate }, dateStyle("en-US")))[0]).toBe(
    "Average unit rate of sale (unit_ros) by week · 1 week to 11/09/2026: 2.50",
  );
});

/** The attribute values of every match of `re`'s first group. */
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);

test("rendered: one image named by the words, a bar per period, the re-read ones marked, the change beside it", () => {
  const html = rendered({ trend: weekly(), change: CHANGE });
  expect(all(html, /<svg role="img" aria-label="([^"]*)"/g)).toEqual(all(html, /aria-label="([^"]*)"/g));
  // Scaled to the card: drawn in its own units, no fixed width.
  expect(html).toMatch(/<svg [^>]*viewBox="0 0 280 56" preserveAspectRatio="none"/);
  expect(html).not.toMatch(/<svg [^>]*\bwidth=/);
  const titles = all(html, /<title>([^<]*)<\/title>/g);
  expect(titles).toHaveLength(13);
  expect(titles.at(-1)).toBe("09/11/2026: 15,000.50 (re-read)");
  expect(titles.filter((t) => t.endsWith("(re-read)"))).toEqual([
    "02/11/2026: 14,000.00 (re-read)",
    "09/11/2026: 15,000.50 (re-read)",
  ]);
  expect(all(html, /<g (data-reread)="true"/g)).toHaveLength(2);
});

test("a table without dated rows: the caption says so, and no image", () => {
  const empty = buildTrend({
    periods: [""],
    dayCells: EXCEL_DAY_CELLS,
    values: [""],
    cut: false,
    metric: "units",
    timeframe: "monthly",
  });
  const html = rendered({ trend: empty });
  expect(html).toContain("Total units by month: no dated rows");
  expect(html).not.toContain("<svg");
});

/** A daily table of one day, 20,000 rows of 2.0 each, as the card's trend has it (trendOperations decides `onlyPeriod`). */
function oneDay(whole: boolean, timeframe: "daily" | "weekly" = "daily"): CardTrend {
  const day = timeframe === "daily" ? "2026-11-24" : "2026-11-23";
  const trend = buildTrend({
    periods: Array.from({ length: 20_000 }, () => excelSerial(day)),
    dayCells: EXCEL_DAY_CELLS,
    values: Array.from({ length: 20_000 }, () => 2),
    cut: false,
    metric: "revenue",
    timeframe,
  });
  return { ...trend, onlyPeriod: { period: day, whole } };
}

test("a table of one period says that a trend needs more", () => {
  // Read whole: its day's figure and one bar.
  expect(texts(rendered({ trend: oneDay(true) }))).toEqual([
    "Total revenue by day · 24/11/2026: 40,000.00",
    "24/11/2026: 40,000.00",
    "One day so far: the trend starts with the next refresh",
  ]);
  // Its last rows only (a large brand's 575,000 rows of a day): the day, without a figure of the rows read.
  const cut = rendered({ trend: oneDay(false) });
  expect(texts(cut)).toEqual([
    "Total revenue by day · 24/11/2026",
    "One day so far: the trend starts with the next refresh",
  ]);
  expect(cut).not.toContain("<svg");
  // Weekly: a refresh within the week adds no week.
  expect(texts(rendered({ trend: oneDay(true, "weekly") })).at(-1)).toBe(
    "One week so far: the trend starts when the table holds a second week",
  );
});
