// The trend (src/core/refresh/trend.ts) against a plain reading of its rules, for any rows: weeks in any order, cells
// of any kind, a cut or not, any window.
import fc from "fast-check";
import { addDays, addPeriods } from "../../src/core/dates";
import { EXCEL_DAY_CELLS, excelSerial } from "../../src/excel/excelDays";
import { exactSum } from "../../src/core/refresh/revisions";
import { buildTrend, TREND_PERIODS, type TrendInput } from "../../src/core/refresh/trend";

const FIRST = "2026-01-05"; // a Monday
const weekOf = (k: number) => addPeriods(FIRST, "weekly", k);

/** A period cell: one of 20 weeks (as a serial, sometimes as text), sometimes not a date at all. */
const periodCell = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 19 }).map((k) => excelSerial(weekOf(k))) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 19 }).map(weekOf) },
  { weight: 1, arbitrary: fc.constantFrom("", null, "Total", "#REF!", -1, 3e6) },
);
/** A metric cell: money-like numbers, sometimes text, errors, blanks or booleans. */
const valueCell = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -100_000, max: 10_000_000 }).map((c) => c / 100) },
  { weight: 2, arbitrary: fc.constantFrom("", null, "#VALUE!", "#N/A", "12", true) },
);
const input = fc.record({
  rows: fc.array(fc.tuple(periodCell, valueCell), { maxLength: 120 }),
  cut: fc.boolean(),
  metric: fc.constantFrom("revenue", "units", "availability", "unit_ros"),
  window: fc.option(
    fc.tuple(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 0, max: 30 })).map(([start, days]) => ({
      from: addDays(FIRST, start),
      to: addDays(FIRST, start + days),
    })),
    { nil: undefined },
  ),
});

const toInput = (x: {
  rows: [unknown, unknown][];
  cut: boolean;
  metric: string;
  window?: { from: string; to: string };
}): TrendInput => ({
  periods: x.rows.map((r) => r[0]),
  dayCells: EXCEL_DAY_CELLS,
  values: x.rows.map((r) => r[1]),
  cut: x.cut,
  metric: x.metric,
  timeframe: "weekly",
  window: x.window,
});

/** The week a period cell holds, as the reading of the rules does it: a serial of one of the weeks, or its text. */
const WEEKS = Array.from({ length: 20 }, (_, k) => ({ day: weekOf(k), serial: excelSerial(weekOf(k)) }));
function weekIn(cell: unknown): string | null {
  return WEEKS.find((w) => cell === w.serial || cell === w.day)?.day ?? null;
}
const isNum = (v: unknown): v is number => typeof v === "number";
const blank = (v: unknown) => v === "" || v === null;

test("the periods are the last 13 dated weeks (the earliest left out when cut), each with its rows' figure", () => {
  fc.assert(
    fc.property(input, (x) => {
      const t = buildTrend(toInput(x));
      let weeks = [...new Set(x.rows.map((r) => weekIn(r[0])).filter((w): w is string => w !== null))].sort();
      if (x.cut) weeks = weeks.slice(1);
      expect(t.points.map((p) => p.period)).toEqual(weeks.slice(-TREND_PERIODS));
      for (const p of t.points) {
        const cells = x.rows.filter((r) => weekIn(r[0]) === p.period).map((r) => r[1]);
        const nums = cells.filter(isNum);
        expect(p.rows).toBe(cells.length);
        expect(p.skipped).toBe(cells.length - nums.length);
        const sum = exactSum(nums);
        const mean = x.metric === "availability" || x.metric === "unit_ros";
        expect(p.value).toBe(nums.length === 0 ? null : mean ? sum / nums.length : sum);
        // Marked when the week (Monday to Sunday) shares a day with the window.
        const inWindow = !!x.window && p.period <= x.window.to && addDays(p.period, 6) >= x.window.from;
        expect(p.inWindow).toBe(inWindow);
      }
      expect(t.skipped).toBe(t.points.reduce((n, p) => n + p.skipped, 0));
      expect(t.undated).toBe(x.rows.filter((r) => weekIn(r[0]) === null && !(blank(r[0]) && blank(r[1]))).length);
      expect(t.rowsRead).toBe(x.rows.length);
    }),
  );
});

test("the rows' order does not matter", () => {
  fc.assert(
    fc.property(
      input.chain((x) => fc.tuple(fc.constant(x), fc.shuffledSubarray(x.rows, { minLength: x.rows.length }))),
      ([x, shuffled]) => {
        expect(buildTrend(toInput({ ...x, rows: shuffled }))).toEqual(buildTrend(toInput(x)));
      },
    ),
  );
});
