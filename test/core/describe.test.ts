import { coveredRange, formulaFor, summarizeQuery } from "../../src/core/query/describe";
import { metricLabel } from "../../src/core/query/metrics";
import { dateStyle } from "../../src/core/words";
import { todayIso } from "../../src/core/dates";
import { presetRange, rollingEnd } from "../../src/core/query/presets";
import { parseSalesFormula } from "../../dev/preview/formula";
import { asQuery } from "../support/query";

const q = asQuery({
  level: "sku",
  retailers: "northmart",
  timeframe: "weekly",
  metrics: ["revenue", "units"],
  from: "2026-01-05",
  to: "2026-03-01",
});

describe("summarizeQuery", () => {
  test("one line a person can read", () => {
    expect(summarizeQuery({ ...q, comparison: "year", filter: "filter1", viewby: "Sunvale" }, true)).toBe(
      "northmart · SKU · weekly · revenue, units · 2026-01-05 to today · vs same period last year · by filter1 · only Sunvale",
    );
    expect(summarizeQuery({ ...q, retailers: ["all"] })).toBe(
      "All retailers (Sales Summary) · SKU · weekly · revenue, units · 2026-01-05 to 2026-03-01",
    );
  });

  test("in the pane's words: the user's date style and plain metric names", () => {
    const gb = dateStyle("en-GB");
    expect(
      summarizeQuery({ ...q, metrics: ["revenue", "unit_ros"] }, false, { day: gb.day, metric: metricLabel }),
    ).toBe("northmart · SKU · weekly · Revenue, Unit rate of sale (unit_ros) · 05/01/2026 to 01/03/2026");
  });
});

describe("coveredRange: the one range said of a table", () => {
  const asked = { from: "2026-08-24", to: "2026-11-22" };
  test("from the first period's first day to the last period's last day, inside the days asked", () => {
    // 13 whole weeks asked, the last starting on 16 Nov: the table covers what was asked, not "to 16 Nov".
    expect(coveredRange({ first: "2026-08-24", last: "2026-11-16" }, "weekly", asked)).toEqual(asked);
    // Up to a Saturday: the last week is cut at the To asked.
    expect(coveredRange({ first: "2026-08-24", last: "2026-11-23" }, "weekly", { ...asked, to: "2026-11-28" })).toEqual(
      { from: "2026-08-24", to: "2026-11-28" },
    );
    // Asked from a Wednesday, the service's first week starting before it: the days asked.
    expect(
      coveredRange({ first: "2026-08-24", last: "2026-11-16" }, "weekly", { ...asked, from: "2026-08-26" }),
    ).toEqual({ from: "2026-08-26", to: "2026-11-22" });
    // The last weeks without rows: the table covers less, and says so.
    expect(coveredRange({ first: "2026-08-24", last: "2026-11-02" }, "weekly", asked)).toEqual({
      from: "2026-08-24",
      to: "2026-11-08",
    });
    expect(
      coveredRange({ first: "2026-09-01", last: "2026-11-01" }, "monthly", { from: "2026-09-01", to: "2026-11-30" }),
    ).toEqual({ from: "2026-09-01", to: "2026-11-30" });
    expect(
      coveredRange({ first: "2026-11-20", last: "2026-11-27" }, "daily", { from: "2026-11-20", to: "2026-11-28" }),
    ).toEqual({ from: "2026-11-20", to: "2026-11-27" });
  });
});

describe("formulaFor", () => {
  test("the equivalent formula, leaving out trailing defaults and keeping inner positions", () => {
    expect(formulaFor(q)).toBe('=SALES.SKU("northmart", "revenue,units", "2026-01-05", "2026-03-01")');
    expect(formulaFor({ ...q, level: "store", comparison: "period" }, true)).toBe(
      '=SALES.STORE("northmart", "revenue,units", "2026-01-05", "today", "", "period")',
    );
    expect(formulaFor({ ...q, retailers: ['say "hi"'] })).toContain('"say ""hi"""');
  });

  test("the preview's parser reads what the pane writes", () => {
    const parsed = parseSalesFormula(formulaFor({ ...q, timeframe: "daily", filter: "sku", viewby: "100001" }));
    expect(parsed.name).toBe("SKU");
    expect(parsed.args.map((a) => (a.kind === "literal" ? a.value : a.kind))).toEqual([
      "northmart",
      "revenue,units",
      "2026-01-05",
      "2026-03-01",
      "daily",
      "",
      "sku",
      "100001",
    ]);
  });
});

describe("presets", () => {
  test("whole Monday-to-Sunday weeks ending last Sunday; days end yesterday; year to date", () => {
    expect(presetRange("last-4-weeks", "2026-11-25")).toEqual({ from: "2026-10-26", to: "2026-11-22" });
    expect(presetRange("last-13-weeks", "2026-11-23")).toEqual({ from: "2026-08-24", to: "2026-11-22" });
    expect(presetRange("last-52-weeks", "2026-11-23")).toEqual({ from: "2025-11-24", to: "2026-11-22" });
    expect(presetRange("last-7-days", "2026-11-23")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(presetRange("year-to-date", "2026-11-23")).toEqual({ from: "2026-01-01", to: "2026-11-22" });
    expect(rollingEnd("2026-11-23")).toBe("2026-11-23");
  });
});

describe("todayIso", () => {
  test("is the service's (UTC) calendar day, whatever the machine's time zone", () => {
    expect(todayIso(new Date("2026-11-23T23:30:00-05:00"))).toBe("2026-11-24");
    expect(todayIso(new Date("2026-11-24T00:30:00+09:00"))).toBe("2026-11-23");
  });
});
