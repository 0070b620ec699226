// Missing dates (src/core/refresh/gaps.ts): which days a refreshed table has no row for, the open ranges a record
// keeps, and their words.
import fc from "fast-check";
import { addDays, addPeriods, daysBetween, periodStart, type DateRange } from "../../src/core/dates";
import { isCovered, mergeRanges, missingRanges, openGaps, subtractRange } from "../../src/core/refresh/gaps";
import type { Timeframe } from "../../src/core/query/metrics";
import { rangeText } from "../../src/core/words";

const BASE = "2026-01-05"; // a Monday
const timeframe = fc.constantFrom<Timeframe>("daily", "weekly", "monthly");

/** The days of some ranges, as a set of "YYYY-MM-DD". */
function days(ranges: readonly DateRange[]): Set<string> {
  const out = new Set<string>();
  for (const r of ranges) for (let d = r.from; d <= r.to; d = addDays(d, 1)) out.add(d);
  return out;
}

const sorted = (s: Set<string>) => [...s].sort();

/** A table's periods on the calendar grid: period k of the timeframe from BASE's period. */
const grid = (tf: Timeframe, k: number) => addPeriods(periodStart(BASE, tf), tf, k);

/** Random ranges of days within 60 days of BASE. */
const ranges = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 10 })).map(([a, n]) => ({
    from: addDays(BASE, a),
    to: addDays(BASE, a + n),
  })),
  { maxLength: 6 },
);

describe("missingRanges", () => {
  test("exactly the days of the periods with no row between the last row kept and the last period returned", () => {
    fc.assert(
      fc.property(
        timeframe,
        fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
        fc.uniqueArray(fc.integer({ min: 6, max: 30 }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 30 }),
        (tf, kept, returned, asked) => {
          const periods = returned.map((k) => grid(tf, k));
          const askedFrom = grid(tf, asked);
          const gaps = missingRanges({
            timeframe: tf,
            lastKept: kept === null ? null : grid(tf, kept),
            askedFrom,
            periods,
          });
          // The oracle: walk the grid from the first period with rows to the last one returned.
          const have = new Set([...(kept === null ? [] : [kept]), ...returned]);
          const expected = new Set<string>();
          if (returned.length > 0) {
            const first = Math.min(...have);
            for (let k = first; k <= Math.max(...returned); k++) {
              if (!have.has(k))
                for (const d of days([{ from: grid(tf, k), to: addDays(grid(tf, k + 1), -1) }])) expected.add(d);
            }
          }
          expect(sorted(days(gaps))).toEqual(sorted(expected));
          // Split where asking started; ranges in order, never touching a period with rows.
          for (const g of gaps) {
            if (g.reason === "not-asked") expect(g.to < askedFrom).toBe(true);
            else expect(g.from >= askedFrom).toBe(true);
            for (const p of periods) expect(p < g.from || p > g.to).toBe(true);
          }
        },
      ),
    );
  });

  test("the order and repeats of the periods returned do not matter; nothing returned, nothing missing", () => {
    fc.assert(
      fc.property(timeframe, fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 15 }), (tf, ks) => {
        const periods = ks.map((k) => grid(tf, k));
        const input = { timeframe: tf, lastKept: null, askedFrom: grid(tf, 0), periods };
        const again = missingRanges({ ...input, periods: [...periods, ...periods].reverse() });
        expect(again).toEqual(missingRanges(input));
      }),
    );
    expect(missingRanges({ timeframe: "daily", lastKept: "2026-10-01", askedFrom: "2026-11-09", periods: [] })).toEqual(
      [],
    );
  });

  test("store-level daily not refreshed for 40 days: the days before the 14 the service keeps", () => {
    const today = "2026-11-23";
    const periods = Array.from({ length: 14 }, (_, i) => addDays(today, -14 + i));
    const gaps = missingRanges({ timeframe: "daily", lastKept: "2026-10-13", askedFrom: "2026-11-09", periods });
    expect(gaps).toEqual([{ from: "2026-10-14", to: "2026-11-08", reason: "not-asked" }]);
    // And a day inside the window the service returned nothing for.
    const holed = periods.filter((d) => d !== "2026-11-12" && d !== "2026-11-13");
    expect(
      missingRanges({ timeframe: "daily", lastKept: "2026-11-08", askedFrom: "2026-11-09", periods: holed }),
    ).toEqual([{ from: "2026-11-12", to: "2026-11-13", reason: "no-rows" }]);
  });

  test("weekly and monthly: whole periods, by the table's own labels", () => {
    // Weeks labelled on Sundays, the week of 15 Nov missing.
    expect(
      missingRanges({
        timeframe: "weekly",
        lastKept: "2026-11-01",
        askedFrom: "2026-11-08",
        periods: ["2026-11-08", "2026-11-22"],
      }),
    ).toEqual([{ from: "2026-11-15", to: "2026-11-21", reason: "no-rows" }]);
    expect(
      missingRanges({ timeframe: "monthly", lastKept: "2026-08-01", askedFrom: "2026-10-01", periods: ["2026-10-01"] }),
    ).toEqual([{ from: "2026-09-01", to: "2026-09-30", reason: "not-asked" }]);
  });
});

describe("open ranges", () => {
  test("mergeRanges is the union, in order, without overlapping or touching ranges", () => {
    fc.assert(
      fc.property(ranges, (rs) => {
        const m = mergeRanges(rs);
        expect(sorted(days(m))).toEqual(sorted(days(rs)));
        for (let i = 1; i < m.length; i++) expect(daysBetween(m[i - 1].to, m[i].from)).toBeGreaterThan(1);
      }),
    );
  });

  test("subtractRange removes exactly the days cut; isCovered is 'every day is in'", () => {
    fc.assert(
      fc.property(ranges, ranges, (rs, cuts) => {
        let rest: DateRange[] = rs;
        for (const c of cuts) rest = subtractRange(rest, c);
        const cut = days(cuts);
        expect(sorted(days(rest))).toEqual(sorted(days(rs)).filter((d) => !cut.has(d)));
        for (const r of rs) expect(isCovered(r, cuts)).toBe([...days([r])].every((d) => cut.has(d)));
      }),
    );
  });

  test("openGaps: what the refresh re-read is decided by what it found; the rest stays", () => {
    fc.assert(
      fc.property(ranges, ranges, fc.integer({ min: 0, max: 60 }), (previous, found, start) => {
        const reread = { from: addDays(BASE, start), to: addDays(BASE, start + 10) };
        const inside = found.flatMap((f) => subtractRange([f], { from: "1900-01-01", to: addDays(reread.from, -1) }));
        const open = openGaps(previous, reread, inside);
        const old = days(subtractRange(previous, reread));
        expect(sorted(days(open))).toEqual(sorted(new Set([...old, ...days(inside)])));
        // A range the refresh re-read and found nothing missing in is cleared.
        expect(openGaps([reread], reread, [])).toEqual([]);
      }),
    );
  });
});

test("the words of a range", () => {
  expect(rangeText({ from: "2026-10-08", to: "2026-11-02" }, "2026-11-23")).toBe("8 Oct to 2 Nov");
  expect(rangeText({ from: "2026-10-08", to: "2026-11-02" })).toBe("8 Oct to 2 Nov 2026");
  expect(rangeText({ from: "2026-10-08", to: "2026-10-08" }, "2026-11-23")).toBe("8 Oct");
  expect(rangeText({ from: "2025-12-29", to: "2026-01-04" }, "2026-01-10")).toBe("29 Dec 2025 to 4 Jan 2026");
  expect(rangeText({ from: "2026-11-16", to: "2026-11-23" }, "2026-11-23", true)).toBe("16-23 Nov");
  expect(rangeText({ from: "2026-10-26", to: "2026-11-02" }, "2026-11-23", true)).toBe("26 Oct-2 Nov");
  expect(rangeText({ from: "2025-12-29", to: "2026-01-05" }, "2026-01-05", true)).toBe("29 Dec 2025-5 Jan 2026");
});
