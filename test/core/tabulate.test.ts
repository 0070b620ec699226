import fc from "fast-check";
import { dayOfTimestamp } from "../../src/core/dates";
import { excelSerial, EXCEL_DAY_CELLS } from "../../src/excel/excelDays";
import { tabulate, type Cell } from "../../src/core/answer/tabulate";
import { runs } from "../support/properties";
import { dayOfSerial } from "../support/excelDays";

describe("tabulate", () => {
  const rows = [
    {
      units: 5,
      sku_product_name: "1 - Oat Bar",
      revenue: 10.5,
      week: "2026-01-05T00:00:00Z",
      sku: 1,
      revenue_vs_period_pct: 12.5,
      units_vs_period_pct: -50,
    },
    {
      week: "2026-01-12T00:00:00Z",
      sku: 1,
      sku_product_name: '=HYPERLINK("x")',
      revenue: null,
      units: 7,
      revenue_vs_period_pct: null,
      units_vs_period_pct: 40,
    },
  ];

  test("orders columns period, keys, metrics as requested, then comparisons", () => {
    const t = tabulate(
      { rows, periodField: "week" },
      { metrics: ["revenue", "units"], comparison: "period" },
      EXCEL_DAY_CELLS,
    );
    expect(t.headers).toEqual([
      "week",
      "sku",
      "sku_product_name",
      "revenue",
      "units",
      "revenue_vs_period_pct",
      "units_vs_period_pct",
    ]);
    expect(t.columns.map((c) => c.kind)).toEqual(["date", "code", "text", "decimal", "integer", "percent", "percent"]);
  });

  test("periods become Excel date serials, comparisons fractions, missing values null, text stays text", () => {
    const t = tabulate(
      { rows, periodField: "week" },
      { metrics: ["revenue", "units"], comparison: "period" },
      EXCEL_DAY_CELLS,
    );
    expect(t.values[0]).toEqual([46027, 1, "1 - Oat Bar", 10.5, 5, 0.125, -0.5]);
    expect(t.values[1]).toEqual([46034, 1, '=HYPERLINK("x")', null, 7, null, 0.4]);
  });

  test("Excel serials match Excel's calendar", () => {
    expect(excelSerial("1900-03-01")).toBe(61);
    expect(excelSerial("2026-01-05")).toBe(46027);
    expect(dayOfSerial(46027)).toBe("2026-01-05");
  });

  test("filter rows carry a filter name in the sku column, shown as text", () => {
    const t = tabulate(
      {
        rows: [{ week: "2026-01-05T00:00:00Z", sku: "Sunvale", sku_product_name: "Sunvale", revenue: 1 }],
        periodField: "week",
      },
      { metrics: ["revenue"] },
      EXCEL_DAY_CELLS,
    );
    expect(t.columns[1]).toEqual({ name: "sku", kind: "text" });
  });

  test("an empty result still has the requested columns the service did not omit", () => {
    const t = tabulate(
      { rows: [], periodField: undefined, omittedMetrics: ["units"] },
      { metrics: ["revenue", "units"] },
      EXCEL_DAY_CELLS,
    );
    expect(t.headers).toEqual(["revenue"]);
    expect(t.values).toEqual([]);
  });

  test("rows of any layouts (fields in any order, some missing): each cell is its row's value of its column's field", () => {
    const value = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.string({ maxLength: 3 }),
      fc.constant(null),
      fc.constantFrom("2026-01-05T00:00:00Z", "2026-01-12", "1001"),
    );
    const field = fc.constantFrom(
      "week",
      "sku",
      "sku_product_name",
      "store_id",
      "revenue",
      "units",
      "revenue_vs_period_pct",
    );
    const row = fc.dictionary(field, value);
    // Rows that share a layout, as an answer's do, and some that do not.
    const table = fc.tuple(row, fc.array(fc.oneof(row, fc.nat(40)), { maxLength: 40 })).map(([first, rest]) => {
      const out = [first];
      for (const r of rest)
        out.push(typeof r === "number" ? Object.fromEntries(Object.keys(first).map((k, i) => [k, r + i])) : r);
      return out;
    });
    fc.assert(
      fc.property(table, fc.boolean(), (rows, comparison) => {
        const t = tabulate(
          { rows, periodField: "week" },
          { metrics: ["revenue", "units"], comparison: comparison ? "period" : undefined },
          EXCEL_DAY_CELLS,
        );
        const expected = rows.map((r) =>
          t.columns.map((c): Cell => {
            const v = r[c.name];
            if (v === undefined || v === null) return null;
            if (c.kind === "date" && typeof v === "string")
              return dayOfTimestamp(v) ? excelSerial(dayOfTimestamp(v)!) : v;
            if (c.kind === "percent" && typeof v === "number") return v / 100;
            return v;
          }),
        );
        expect(t.values).toEqual(expected);
        for (const c of t.columns)
          if (c.name === "sku" || c.name === "store_id")
            expect(c.kind).toBe(rows.some((r) => typeof r[c.name] === "string") ? "text" : "code");
      }),
      runs(3000, 300),
    );
  });
});
