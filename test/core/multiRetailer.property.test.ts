// Several retailers in one table (src/core/query/retailers.ts): the merge holds exactly each retailer's rows,
// each retailer's cells are its own single tabulation's, a metric one retailer omits is empty in its rows
// only, and the list and per-retailer validation name what is wrong.
import fc from "fast-check";
import { MetricsAvailability } from "../../src/core/query/metrics";
import { parseQuery } from "../../src/core/query/query";
import { validateForRetailers } from "../../src/core/query/retailers";
import { tabulate, type Cell } from "../../src/core/answer/tabulate";
import { RETAILER_COLUMN, tabulateRetailers, type RetailerTableInput } from "../../src/core/answer/retailersTable";
import { asQuery } from "../support/query";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

const METRICS = ["revenue", "units", "availability"] as const;
const WEEKS = ["2026-09-07", "2026-09-14", "2026-09-21", "2026-09-28"];

const retailerInput = (name: string) =>
  fc
    .record({
      omitted: fc.subarray([...METRICS], { maxLength: 2 }),
      rows: fc.array(fc.record({ week: fc.constantFrom(...WEEKS), sku: fc.integer({ min: 100, max: 120 }) }), {
        maxLength: 12,
      }),
      value: fc.integer({ min: 0, max: 1000 }),
    })
    .map(({ omitted, rows, value }): RetailerTableInput => {
      const served = METRICS.filter((m) => !omitted.includes(m));
      return {
        retailer: name,
        periodField: rows.length ? "week" : undefined,
        omittedMetrics: omitted,
        rows: rows.map((r, i) => {
          const row: Record<string, unknown> = { week: `${r.week}T00:00:00Z`, sku: r.sku };
          for (const m of served) row[m] = value + i + m.length;
          return row;
        }),
      };
    });

const inputs = fc
  .integer({ min: 1, max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => retailerInput(`retailer${i}`))));

const query = { metrics: [...METRICS] };

/** A single table's rows, stably sorted by its first (period) column. */
function byPeriod(values: Cell[][]): Cell[][] {
  return [...values].sort((a, b) => (a[0] as number) - (b[0] as number));
}

describe("tabulateRetailers", () => {
  test("holds exactly each retailer's rows, its cells equal to its own tabulation's, the rest empty", () => {
    fc.assert(
      fc.property(inputs, (results) => {
        const table = tabulateRetailers(results, query, EXCEL_DAY_CELLS);
        expect(table.values).toHaveLength(results.reduce((n, r) => n + r.rows.length, 0));
        const col = table.headers.indexOf(RETAILER_COLUMN);
        for (const [i, input] of results.entries()) {
          const single = tabulate(input, query, EXCEL_DAY_CELLS);
          const mine = table.values.filter((row) => row[col] === input.retailer);
          const projected = mine.map((row) => single.headers.map((h) => row[table.headers.indexOf(h)]));
          expect(projected).toEqual(byPeriod(single.values));
          const others = table.headers.filter((h) => h !== RETAILER_COLUMN && !single.headers.includes(h));
          for (const row of mine) for (const h of others) expect(row[table.headers.indexOf(h)]).toBeNull();
          expect(table.retailers[i]).toEqual({
            retailer: input.retailer,
            rows: input.rows.length,
            omittedMetrics: input.omittedMetrics,
          });
        }
      }),
    );
  });

  test("rows are ordered by period, then by the retailers' given order", () => {
    fc.assert(
      fc.property(inputs, (results) => {
        const table = tabulateRetailers(results, query, EXCEL_DAY_CELLS);
        if (table.headers[0] !== "week") return;
        const order = results.map((r) => r.retailer);
        for (let i = 1; i < table.values.length; i++) {
          const [a, b] = [table.values[i - 1], table.values[i]];
          expect(a[0] as number).toBeLessThanOrEqual(b[0] as number);
          if (a[0] === b[0]) expect(order.indexOf(a[1] as string)).toBeLessThanOrEqual(order.indexOf(b[1] as string));
        }
      }),
    );
  });

  test("the header is the single table's with retailer after the period, metrics in the query's order", () => {
    const full = (retailer: string, metrics: readonly string[]): RetailerTableInput => ({
      retailer,
      periodField: "week",
      omittedMetrics: METRICS.filter((m) => !metrics.includes(m)),
      rows: [{ week: "2026-09-07T00:00:00Z", sku: 1, ...Object.fromEntries(metrics.map((m) => [m, 1])) }],
    });
    const table = tabulateRetailers(
      [full("a", ["units"]), full("b", ["availability", "revenue"])],
      query,
      EXCEL_DAY_CELLS,
    );
    expect(table.headers).toEqual(["week", "retailer", "sku", "revenue", "units", "availability"]);
    expect(table.values).toEqual([
      [46272, "a", 1, null, 1, null],
      [46272, "b", 1, 1, null, 1],
    ]);
    expect(tabulateRetailers([{ ...full("a", []), rows: [] }], query, EXCEL_DAY_CELLS).headers[0]).toBe(
      RETAILER_COLUMN,
    );
  });
});

describe("the retailer list and per-retailer validation", () => {
  test("refuses an empty list, duplicates and all mixed with others", () => {
    /** What the query's parse says about these retailers (nothing when they make one query). */
    const retailerListProblem = (retailers: string[]) => {
      const parsed = parseQuery({ ...base, timeframe: "weekly", retailers });
      return parsed.ok ? undefined : parsed.errors.find((e) => e.field === "retailer")?.message;
    };
    expect(retailerListProblem([])).toMatch(/missing/);
    expect(retailerListProblem(["northmart", " Northmart"])).toMatch(/once: northmart/);
    expect(retailerListProblem(["all", "northmart"])).toMatch(/cannot be combined/);
    expect(retailerListProblem(["all"])).toBeUndefined();
    expect(retailerListProblem(["northmart", "freshway"])).toBeUndefined();
  });

  const list = (retailer: string, skuDaily: string[] | null): MetricsAvailability[] => [
    {
      retailer,
      sku_metrics: ["revenue"],
      store_metrics: ["revenue"],
      sku_metrics_daily: skuDaily,
      store_metrics_daily: null,
    },
  ];
  const base = { level: "sku", timeframe: "daily", metrics: "revenue", from: "2026-11-01", to: "2026-11-07" };

  test("a retailer that cannot serve the query is named; the others' queries are returned when all can", () => {
    const metricsLists = new Map([
      ["northmart", list("northmart", ["revenue"])],
      ["freshway", list("freshway", null)],
    ]);
    const both = asQuery({ ...base, retailers: ["northmart", "freshway"] });
    const bad = validateForRetailers(both, { today: "2026-11-23", metricsLists });
    expect(bad).toEqual({
      ok: false,
      errors: [
        { field: "timeframe", code: "not-served", message: expect.stringMatching(/^freshway has no daily data/) },
      ],
      warnings: [[], []],
    });
    const good = validateForRetailers({ ...both, timeframe: "weekly" }, { today: "2026-11-23", metricsLists });
    expect(good.ok && good.queries.map((q) => q.retailer)).toEqual(["northmart", "freshway"]);
  });

  test("a problem every retailer shares is said once; the 14-day store limit is checked", () => {
    const result = validateForRetailers(asQuery({ ...base, level: "store", from: "2026-10-01", retailers: "a,b" }), {
      today: "2026-11-23",
      metricsLists: new Map(),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0].message).toMatch(/14 days only/);
    }
  });
});
