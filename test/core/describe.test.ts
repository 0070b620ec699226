import { formulaFor, summarizeQuery } from "../../src/core/query/describe";
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
