// What a revision did (src/core/refresh/revisions.ts): each metric's total over the re-read dates before and after,
// the change, and its words.
import fc from "fast-check";
import { addDays, daysBetween, type IsoDate } from "../../src/core/dates";
import {
  amountText,
  changesText,
  completeWhenRead,
  exactSum,
  metricColumns,
  windowChanges,
  type MetricChange,
  type WindowRows,
} from "../../src/core/refresh/revisions";

const START = "2026-11-16";

/** Money-like cells: cents as decimals, sometimes empty (null or ""). */
const cell = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -1_000_000, max: 10_000_000 }).map((c) => c / 100) },
  { weight: 1, arbitrary: fc.constantFrom(null, "") },
);
/** Rows of a window: a period within 10 days of START (some before it; `d` its days after START), two metrics. */
const rows = fc.array(
  fc
    .tuple(fc.integer({ min: -3, max: 10 }), cell, cell)
    .map(([d, a, b]) => ({ d, period: addDays(START, d), cells: [a, b] })),
  { maxLength: 40 },
);
const asRows = (rs: { period: IsoDate; cells: unknown[] }[]): WindowRows => ({
  periods: rs.map((r) => r.period),
  values: rs.map((r) => r.cells),
});

describe("exactSum", () => {
  test("the same numbers in any order give the same total; whole numbers add exactly", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 })), (xs) => {
        expect(exactSum([...xs].reverse())).toBe(exactSum(xs));
        expect(exactSum([...xs].sort((a, b) => a - b))).toBe(exactSum(xs));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 })), (xs) => {
        expect(exactSum(xs)).toBe(xs.reduce((a, b) => a + b, 0));
      }),
    );
    expect(exactSum([0.1, 0.2, 0.3])).toBe(0.6);
    expect(exactSum([1e16, 1, -1e16])).toBe(1);
  });
});

describe("windowChanges", () => {
  test("identical rows before and after: no change", () => {
    fc.assert(
      fc.property(rows, (rs) => {
        const changes = windowChanges(["revenue", "units"], START, asRows(rs), asRows([...rs].reverse()));
        const inWindow = rs.some((r) => r.d >= 0);
        expect(changes.map((c) => c.metric)).toEqual(inWindow ? ["revenue", "units"] : []);
        for (const c of changes) {
          expect(c.change).toBe(0);
          expect(c.before).toBe(c.after);
          expect(c.percent === null || c.percent === 0).toBe(true);
        }
      }),
    );
  });

  test("totals over the same dates: the window's first day to the last period both hold; change = after - before", () => {
    fc.assert(
      fc.property(rows, rows, (before, after) => {
        const changes = windowChanges(["revenue", "units"], START, asRows(before), asRows(after));
        const lastOf = (rs: typeof before) => Math.max(...rs.map((r) => r.d).filter((d) => d >= 0));
        if (!before.some((r) => r.d >= 0) || !after.some((r) => r.d >= 0)) {
          expect(changes).toEqual([]);
          return;
        }
        const end = Math.min(lastOf(before), lastOf(after));
        expect(changes.map((c) => c.metric)).toEqual(["revenue", "units"]);
        changes.forEach((c, m) => {
          const inDates = (rs: typeof before) => rs.filter((r) => r.d >= 0 && r.d <= end);
          const sum = (rs: typeof before) =>
            inDates(rs).reduce((s, r) => s + (typeof r.cells[m] === "number" ? (r.cells[m] as number) : 0), 0);
          const blanks = (rs: typeof before) => inDates(rs).filter((r) => typeof r.cells[m] !== "number").length;
          expect(c.before).toBeCloseTo(sum(before), 6);
          expect(c.after).toBeCloseTo(sum(after), 6);
          expect(c.change).toBe(c.after - c.before);
          expect(c.percent).toBe(c.before === 0 ? null : (c.change / Math.abs(c.before)) * 100);
          expect(c.blanks).toEqual({ before: blanks(before), after: blanks(after) });
          expect(c.from).toBe("2026-11-16");
          expect(c.to).toBe(addDays(START, end));
        });
      }),
    );
  });

  test("order does not matter, and an empty cell counts as 0 (and is counted)", () => {
    fc.assert(
      fc.property(rows, rows, (before, after) => {
        const a = windowChanges(["m", "n"], START, asRows(before), asRows(after));
        const b = windowChanges(["m", "n"], START, asRows([...before].reverse()), asRows([...after].reverse()));
        expect(b).toEqual(a);
        const zeroed = (rs: typeof before) =>
          rs.map((r) => ({ ...r, cells: r.cells.map((v) => (typeof v === "number" ? v : 0)) }));
        const z = windowChanges(["m", "n"], START, asRows(zeroed(before)), asRows(zeroed(after)));
        expect(z.map((c) => [c.before, c.after])).toEqual(a.map((c) => [c.before, c.after]));
        expect(z.every((c) => c.blanks.before === 0 && c.blanks.after === 0)).toBe(true);
      }),
    );
  });

  test("periods not complete when the table was last read are left out, as if their rows were not there", () => {
    fc.assert(
      fc.property(rows, rows, fc.integer({ min: 0, max: 10 }), (before, after, k) => {
        const complete = (p: IsoDate) => daysBetween(START, p) <= k;
        const only = (rs: typeof before) => rs.filter((r) => r.d <= k);
        expect(windowChanges(["m", "n"], START, asRows(before), asRows(after), complete)).toEqual(
          windowChanges(["m", "n"], START, asRows(only(before)), asRows(only(after))),
        );
      }),
    );
    // A week is complete when all its days came before the day of the read; a day, when it came before it.
    const weekly = completeWhenRead("2026-11-25", "weekly");
    expect([weekly("2026-11-16"), weekly("2026-11-23")]).toEqual([true, false]);
    const daily = completeWhenRead("2026-11-25", "daily");
    expect([daily("2026-11-24"), daily("2026-11-25")]).toEqual([true, false]);
  });

  test("the metric columns: numbers only, not the period, codes, text or comparison columns", () => {
    expect(
      metricColumns([
        { name: "date", kind: "date" },
        { name: "sku", kind: "code" },
        { name: "store_name", kind: "text" },
        { name: "revenue", kind: "decimal" },
        { name: "units", kind: "integer" },
        { name: "revenue_vs_period_pct", kind: "percent" },
      ]),
    ).toEqual([3, 4]);
  });
});

describe("the words", () => {
  const change = (before: number, after: number, extra: Partial<MetricChange> = {}): MetricChange => ({
    metric: "revenue",
    from: "2026-11-16",
    to: "2026-11-23",
    before,
    after,
    change: after - before,
    percent: before === 0 ? null : ((after - before) / Math.abs(before)) * 100,
    blanks: { before: 0, after: 0 },
    ...extra,
  });

  test("the issue's example, a fall, no base, no change, empty cells", () => {
    expect(changesText([change(40666.81, 40807.05)])).toBe("revenue, 16-23 Nov: 40,666.81 to 40,807.05, +0.34%");
    expect(changesText([change(1200, 1188)])).toBe("revenue, 16-23 Nov: 1,200.00 to 1,188.00, -1.00%");
    expect(changesText([change(0, 12.5)])).toBe("revenue, 16-23 Nov: 0.00 to 12.50, +12.50");
    expect(changesText([change(10, 12, { blanks: { before: 0, after: 2 } })])).toBe(
      "revenue, 16-23 Nov: 10.00 to 12.00, +20.00% (empty cells counted as 0: 0 before, 2 after)",
    );
    expect(changesText([change(5, 5), change(7, 7, { metric: "units" })])).toBe(
      "revenue, 16-23 Nov: no change; units, 16-23 Nov: no change",
    );
    expect(changesText([change(5, 6), change(7, 7, { metric: "units" })])).toBe(
      "revenue, 16-23 Nov: 5.00 to 6.00, +20.00%; units, 16-23 Nov: 7.00, no change",
    );
    expect(changesText([])).toBe("");
  });

  test("amounts: en-US, thousands separators, 2 decimals, never -0.00", () => {
    expect(amountText(1234567.891)).toBe("1,234,567.89");
    expect(amountText(-0.001)).toBe("0.00");
    expect(amountText(-1234.5)).toBe("-1,234.50");
  });
});
