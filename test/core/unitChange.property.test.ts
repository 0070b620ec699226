// A unit change at the source (src/core/refresh/unitChange.ts): the stored window against the answer, metric by metric,
// row by row by key. Revisions (any share of rows moved by up to half, and outliers that are not most of the rows)
// are never held; the same figures times 10^k (k not 0) always are, naming the metric, the factor and the rows,
// per retailer in a table of several. What "Refresh anyway" accepts, and the words.
import fc from "fast-check";
import { addDays, type IsoDate } from "../../src/core/dates";
import { runs } from "../support/properties";
import { type WindowSide } from "../../src/core/refresh/losses";
import { REFRESH_ANYWAY } from "../../src/core/refresh/lossesText";
import {
  approvedUnits,
  checkWindow,
  unapprovedUnitChanges,
  unitChangeText,
  type ChangeDays,
} from "../../src/core/refresh/unitChange";
import type { UnitChange } from "../../src/core/refresh/unitTally";

/** A metric is held only when at least three rows changed by one power of ten (docs/refresh.md). */
const UNIT_CHANGE_MIN_ROWS = 3;

const FIRST = "2026-11-16";
const METRICS = ["revenue", "units", "availability"];
const RETAILERS = ["northmart", "freshway"];

/** A stored row: key cells [period, retailer, sku] and one figure per metric (some empty or 0, as tables have). */
interface Row {
  key: unknown[];
  metrics: unknown[];
}

const figure = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: 0.01, max: 1e6, noNaN: true }).map((v) => Math.round(v * 100) / 100) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, null, "") },
);

/** Distinct keys: each (day, retailer, sku) once. */
const storedRows: fc.Arbitrary<Row[]> = fc
  .uniqueArray(
    fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 1, max: 9 })),
    {
      minLength: 0,
      maxLength: 60,
      selector: ([d, r, s]) => `${d} ${r} ${s}`,
    },
  )
  .chain((keys) =>
    fc
      .array(fc.tuple(figure, figure, figure), { minLength: keys.length, maxLength: keys.length })
      .map((figs) => keys.map(([d, r, s], i) => ({ key: [addDays(FIRST, d), RETAILERS[r], s], metrics: figs[i] }))),
  );

const side = (rows: readonly Row[]): WindowSide => ({
  keys: rows.map((r) => r.key),
  metrics: rows.map((r) => r.metrics),
});
const changesOf = (stored: Row[], fresh: Row[], several = true): UnitChange[] =>
  checkWindow({ stored: side(stored), fresh: side(fresh), metrics: METRICS, retailerAt: several ? 1 : undefined })
    .unitChanges;

/** Each number times `f(row, metric)`; other cells as they are. */
const mapFigures = (rows: Row[], f: (i: number, m: number) => number): Row[] =>
  rows.map((r, i) => ({ key: r.key, metrics: r.metrics.map((v, m) => (typeof v === "number" ? v * f(i, m) : v)) }));

/** Rows a metric of a retailer is compared on: both figures non-zero numbers (here: the stored one). */
const comparable = (rows: Row[], m: number, retailer?: string) =>
  rows.filter((r) => typeof r.metrics[m] === "number" && r.metrics[m] !== 0 && (!retailer || r.key[1] === retailer));

/** A seeded order of the rows (the answer need not come in the table's order). */
const shuffle = <T>(xs: T[], seed: number): T[] =>
  xs
    .map((x, i) => ({ x, k: Math.sin(seed * 9301 + i * 49297) }))
    .sort((a, b) => a.k - b.k)
    .map((p) => p.x);

describe("revisions are never held", () => {
  test("every figure revised by up to 50% either way: no unit change", () => {
    fc.assert(
      fc.property(
        storedRows,
        fc.array(fc.double({ min: 0.5, max: 1.5, noNaN: true }), { minLength: 200, maxLength: 200 }),
        fc.integer(),
        (stored, moves, seed) => {
          const fresh = shuffle(
            mapFigures(stored, (i, m) => moves[(i * 3 + m) % moves.length]),
            seed,
          );
          expect(changesOf(stored, fresh)).toEqual([]);
          expect(changesOf(stored, fresh, false)).toEqual([]);
        },
      ),
    );
  });

  test("outliers by any power of ten that are not more than half of a metric's rows (one alone, always): no unit change", () => {
    fc.assert(
      fc.property(
        storedRows,
        fc.integer({ min: -4, max: 4 }).filter((k) => k !== 0),
        fc.integer({ min: 0, max: 2 }),
        fc.double({ min: 0.99, max: 1.01, noNaN: true }),
        (stored, k, m, revision) => {
          // Per retailer and day, at most half of the metric's comparable rows are outliers (so at most half of the
          // retailer's too); a lone outlier in any table.
          const outliers = new Set<Row>();
          for (const who of RETAILERS)
            for (let d = 0; d <= 7; d++) {
              const rows = comparable(stored, m, who).filter((r) => r.key[0] === addDays(FIRST, d));
              rows.slice(0, Math.floor(rows.length / 2)).forEach((r) => outliers.add(r));
            }
          const fresh = mapFigures(stored, (i, mm) => (mm === m && outliers.has(stored[i]) ? 10 ** k : revision));
          expect(changesOf(stored, fresh)).toEqual([]);
          const lone = comparable(stored, m)[0];
          const one = mapFigures(stored, (i, mm) => (mm === m && stored[i] === lone ? 10 ** k : 1));
          expect(changesOf(stored, one, false)).toEqual([]);
        },
      ),
    );
  });

  test("periods still in progress when the table was last read are not compared (a week read on its first day grows by any factor)", () => {
    fc.assert(
      fc.property(storedRows, fc.integer({ min: 1, max: 3 }), (stored, k) => {
        const lastDay = addDays(FIRST, 3); // days 4..7 were in progress (or not yet there)
        const fresh = mapFigures(stored, (i) => ((stored[i].key[0] as IsoDate) > lastDay ? 10 ** k : 1));
        const input = { stored: side(stored), fresh: side(fresh), metrics: METRICS, retailerAt: 1 };
        expect(checkWindow({ ...input, complete: (p) => p <= lastDay }).unitChanges).toEqual([]);
      }),
    );
  });
});

describe("a unit change is always held", () => {
  test("the same figures times 10^k (|k| >= 1), revised by up to 1%: each metric with enough rows, by that factor", () => {
    fc.assert(
      fc.property(
        storedRows,
        fc.integer({ min: -4, max: 4 }).filter((k) => k !== 0),
        fc.double({ min: 0.99, max: 1.01, noNaN: true }),
        fc.integer(),
        (stored, k, revision, seed) => {
          const fresh = shuffle(
            mapFigures(stored, () => 10 ** k * revision),
            seed,
          );
          const expected = RETAILERS.flatMap((retailer) => {
            const mine = stored.filter((r) => r.key[1] === retailer);
            if (mine.length === 0) return [];
            return METRICS.flatMap((metric, m) => {
              const n = comparable(mine, m).length;
              return n >= UNIT_CHANGE_MIN_ROWS ? [{ retailer, metric, factor: 10 ** k, compared: n, changed: n }] : [];
            });
          });
          const found = changesOf(stored, fresh);
          expect(found).toEqual(expect.arrayContaining(expected));
          expect(found).toHaveLength(expected.length);
        },
      ),
    );
  });

  test("one metric scaled names that metric only; one retailer scaled names that retailer only", () => {
    fc.assert(
      fc.property(storedRows, fc.integer({ min: 0, max: 2 }), fc.constantFrom(...RETAILERS), (stored, m, who) => {
        const oneMetric = changesOf(
          stored,
          mapFigures(stored, (_, mm) => (mm === m ? 1000 : 1)),
        );
        expect(oneMetric.every((c) => c.metric === METRICS[m] && c.factor === 1000)).toBe(true);
        const oneRetailer = changesOf(
          stored,
          mapFigures(stored, (i) => (stored[i].key[1] === who ? 0.01 : 1)),
        );
        expect(oneRetailer.every((c) => c.retailer === who && c.factor === 0.01)).toBe(true);
        const enough = comparable(stored, 0, who).length >= UNIT_CHANGE_MIN_ROWS;
        expect(oneRetailer.some((c) => c.metric === "revenue")).toBe(enough);
      }),
    );
  });

  test("most rows changed, the rest revisions or other outliers: held, counting only the rows of that factor", () => {
    const stored: Row[] = Array.from({ length: 52 }, (_, i) => ({
      key: [addDays(FIRST, i % 4), "northmart", 100 + Math.floor(i / 4)],
      metrics: [10 + i, 1 + i, 95.5],
    }));
    // 48 rows in pence; 3 rows revised; 1 row an outlier of its own (x10).
    const fresh = mapFigures(stored, (i, m) => (m !== 0 ? 1 : i < 48 ? 100 : i === 51 ? 10 : 1.01));
    const single = changesOf(stored, fresh, false);
    expect(single).toEqual([{ metric: "revenue", factor: 100, compared: 52, changed: 48 }]);
    expect(checkWindow({ stored: side(stored), fresh: side(fresh), metrics: METRICS }).unitChanges).toEqual(single);
    // Exactly half is not most: 26 of 52 rows x100 is no change of the window's unit. They are 7 of the 13 rows of
    // each of the first two days (6 of the last two's), so those two days are held as days that moved by x100.
    expect(
      changesOf(
        stored,
        mapFigures(stored, (i, m) => (m === 0 && i < 26 ? 100 : 1)),
        false,
      ),
    ).toEqual([{ metric: "revenue", factor: 100, compared: 26, changed: 14, periods: [FIRST, addDays(FIRST, 1)] }]);
    expect(
      changesOf(
        stored,
        mapFigures(stored, (i, m) => (m === 0 && i < 27 ? 100 : 1)),
        false,
      ),
    ).toHaveLength(1);
    // Fewer than UNIT_CHANGE_MIN_ROWS rows compared and no settled level given: never held, even all of them x100.
    const two = stored.slice(0, UNIT_CHANGE_MIN_ROWS - 1);
    expect(
      changesOf(
        two,
        mapFigures(two, () => 100),
        false,
      ),
    ).toEqual([]);
    const three = stored.slice(0, UNIT_CHANGE_MIN_ROWS);
    expect(
      changesOf(
        three,
        mapFigures(three, () => 100),
        false,
      ),
    ).toHaveLength(3);
  });
});

describe("some days of the window moved by a power of ten, the others not: held, naming the days", () => {
  /** 13 SKUs on each of four days, revenue and units; `moved` multiplies the figures of the rows it picks. */
  const stored: Row[] = Array.from({ length: 52 }, (_, i) => ({
    key: [addDays(FIRST, i % 4), "northmart", 100 + Math.floor(i / 4)],
    metrics: [10 + i, 1 + i, null],
  }));
  const day = (i: number) => i % 4;

  test("one day of every SKU x1,000 (revenue and units), the other days revised: held for that day only", () => {
    const fresh = mapFigures(stored, (i, m) => (m < 2 && day(i) === 2 ? 1000 : 1.01));
    const third = addDays(FIRST, 2);
    expect(changesOf(stored, fresh, false)).toEqual([
      { metric: "revenue", factor: 1000, compared: 13, changed: 13, periods: [third] },
      { metric: "units", factor: 1000, compared: 13, changed: 13, periods: [third] },
    ]);
    // The same rows, as the window's majority: the change of unit it has always been, no days named.
    const mostDays = mapFigures(stored, (i, m) => (m === 0 && day(i) !== 0 ? 1000 : 1));
    expect(changesOf(stored, mostDays, false)).toEqual([
      { metric: "revenue", factor: 1000, compared: 52, changed: 39 },
    ]);
  });

  test("a day is held only when at least three of its rows, and most of them, moved by one power", () => {
    // Two rows of a day x100: revisions (outliers), whatever share of the day they are.
    const two = mapFigures(stored, (i, m) => (m === 0 && (i === 2 || i === 6) ? 100 : 1));
    expect(changesOf(stored, two, false)).toEqual([]);
    // Six of a day's 13 rows x100: not most of the day.
    const six = mapFigures(stored, (i, m) => (m === 0 && day(i) === 1 && i < 24 ? 100 : 1));
    expect(changesOf(stored, six, false)).toEqual([]);
    // Seven of them: most.
    const seven = mapFigures(stored, (i, m) => (m === 0 && day(i) === 1 && i < 28 ? 100 : 1));
    expect(changesOf(stored, seven, false)).toEqual([
      { metric: "revenue", factor: 100, compared: 13, changed: 7, periods: [addDays(FIRST, 1)] },
    ]);
  });

  test("any day of any table scaled by 10^k: held for that day wherever it has three rows of a metric compared", () => {
    fc.assert(
      fc.property(storedRows, fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 4 }), (rows, d, k) => {
        const scaled = addDays(FIRST, d);
        const fresh = mapFigures(rows, (i) => (rows[i].key[0] === scaled ? 10 ** k : 1));
        const changes = changesOf(rows, fresh);
        expect(
          changes.every((c) => c.factor === 10 ** k && (c.periods === undefined || c.periods.join() === scaled)),
        ).toBe(true);
        for (const who of RETAILERS) {
          const onDay = comparable(rows, 0, who).filter((r) => r.key[0] === scaled).length;
          const found = changes.some((c) => c.retailer === who && c.metric === "revenue");
          expect(found).toBe(onDay >= UNIT_CHANGE_MIN_ROWS);
        }
      }),
      runs(2000, 300),
    );
  });
});

describe("a narrow window is judged also against the level of the settled periods before it", () => {
  // A one- or two-SKU weekly or monthly table re-reads one settled period: one or two rows per metric to compare.
  const WEEK = "2026-11-16";
  const BEFORE = [-21, -14, -7].map((d) => addDays(WEEK, d));
  const SKUS = [100001, 100002];
  /** A week's (or month's) figures of one SKU: its base, moved by a promotion or a season (x0.6 to x1.6). */
  const season = fc.double({ min: 0.6, max: 1.6, noNaN: true });
  const base = fc.double({ min: 1, max: 1e5, noNaN: true });
  /** Per SKU: its base per metric, and its moves in the three settled weeks and the window's week. */
  const narrow = fc.integer({ min: 1, max: 2 }).chain((n) =>
    fc.array(
      fc.record({ bases: fc.tuple(base, base, base), moves: fc.array(season, { minLength: 4, maxLength: 4 }) }),
      {
        minLength: n,
        maxLength: n,
      },
    ),
  );
  /** The settled rows (three weeks) and the window's stored row, per SKU; figures base x move. */
  function table(skus: { bases: number[]; moves: number[] }[]) {
    const row = (period: IsoDate, s: number, w: number): Row => ({
      key: [period, SKUS[s]],
      metrics: skus[s].bases.map((b) => b * skus[s].moves[w]),
    });
    return {
      settled: skus.flatMap((_, s) => BEFORE.map((p, w) => row(p, s, w))),
      stored: skus.map((_, s) => row(WEEK, s, 3)),
    };
  }
  const check = (stored: Row[], fresh: Row[], settled?: Row[]) =>
    checkWindow({
      stored: side(stored),
      fresh: side(fresh),
      metrics: METRICS,
      ...(settled ? { settled: side(settled) } : {}),
    }).unitChanges;

  test("every figure 10^k times the stored one (revised by up to 1%): held by that factor, each metric, said with the level", () => {
    fc.assert(
      fc.property(
        narrow,
        fc.integer({ min: -4, max: 4 }).filter((k) => k !== 0),
        fc.double({ min: 0.99, max: 1.01, noNaN: true }),
        (skus, k, revision) => {
          const { settled, stored } = table(skus);
          const fresh = mapFigures(stored, () => 10 ** k * revision);
          const n = stored.length;
          expect(check(stored, fresh, settled)).toEqual(
            METRICS.map((metric) => ({ metric, factor: 10 ** k, compared: n, changed: n, byLevel: true })),
          );
          // Without the settled rows nothing tells a change of unit from a correction: written, as before.
          expect(check(stored, fresh)).toEqual([]);
        },
      ),
      runs(200, 60),
    );
  });

  test("a stored figure 10^k off its level that the service corrects back to it is a revision, not a unit change", () => {
    fc.assert(
      fc.property(
        narrow,
        fc.integer({ min: -3, max: 3 }).filter((k) => k !== 0),
        fc.integer({ min: 0, max: 2 }),
        (skus, k, m) => {
          const { settled, stored } = table(skus);
          // The table holds a wrong figure (10^k off); the service now sends the right one (its usual level).
          const wrong = mapFigures(stored, (_, mm) => (mm === m ? 10 ** k : 1));
          expect(check(wrong, stored, settled)).toEqual([]);
        },
      ),
      runs(200, 60),
    );
  });

  test("ordinary revisions, and one SKU of two in another unit, are never held", () => {
    fc.assert(
      fc.property(narrow, fc.array(season, { minLength: 6, maxLength: 6 }), (skus, moves) => {
        const { settled, stored } = table(skus);
        expect(
          check(
            stored,
            mapFigures(stored, (i, m) => moves[i * 3 + m]),
            settled,
          ),
        ).toEqual([]);
        if (stored.length === 2)
          expect(
            check(
              stored,
              mapFigures(stored, (i) => (i === 0 ? 1000 : 1)),
              settled,
            ),
          ).toEqual([]);
      }),
      runs(200, 60),
    );
  });

  test("a key with no settled figure (a new SKU), or a level of another power of ten, is no witness: written", () => {
    const stored: Row[] = [{ key: [WEEK, 100001], metrics: [111, 20, 95] }];
    const fresh = mapFigures(stored, () => 1000);
    expect(check(stored, fresh, [])).toEqual([]);
    expect(check(stored, fresh, [{ key: [addDays(WEEK, -7), 100002], metrics: [100, 20, 95] }])).toEqual([]);
    // The level itself 1,000 times lower than the stored figure: the answer's figure is at 10^3 x stored, 10^6 x level.
    expect(check(stored, fresh, [{ key: [addDays(WEEK, -7), 100001], metrics: [0.1, 0.02, 0.095] }])).toEqual([]);
    // Zero and empty settled figures give no level; one figure is a level.
    expect(check(stored, fresh, [{ key: [addDays(WEEK, -7), 100001], metrics: [0, null, ""] }])).toEqual([]);
    expect(check(stored, fresh, [{ key: [addDays(WEEK, -7), 100001], metrics: [92.4, 0, 97] }])).toEqual([
      { metric: "revenue", factor: 1000, compared: 1, changed: 1, byLevel: true },
      { metric: "availability", factor: 1000, compared: 1, changed: 1, byLevel: true },
    ]);
  });
});

describe("what Refresh anyway accepts", () => {
  const revenue: UnitChange = { metric: "revenue", factor: 100, compared: 52, changed: 48 };
  const fresh: UnitChange = { retailer: "freshway", metric: "units", factor: 0.001, compared: 10, changed: 9 };

  test("the changes shown, and no other metric, retailer or factor; true accepts any; nothing accepts none", () => {
    const approval = { rows: 0, periods: [], wholePeriods: [], unitChanges: approvedUnits([revenue, fresh]) };
    expect(approval.unitChanges).toEqual([
      { metric: "revenue", factor: 100 },
      { retailer: "freshway", metric: "units", factor: 0.001 },
    ]);
    expect(unapprovedUnitChanges([revenue, fresh], approval)).toEqual([]);
    expect(unapprovedUnitChanges([{ ...revenue, compared: 60, changed: 59 }], approval)).toEqual([]); // same change
    const other = [
      { ...revenue, factor: 1000 },
      { ...revenue, metric: "units" },
      { ...fresh, retailer: "northmart" },
      { ...fresh, factor: 0.01 },
    ];
    for (const c of other) expect(unapprovedUnitChanges([c], approval)).toEqual([c]);
    expect(unapprovedUnitChanges([revenue], { rows: 0, periods: [], wholePeriods: [] })).toEqual([revenue]);
    expect(unapprovedUnitChanges([revenue], true)).toEqual([]);
    expect(unapprovedUnitChanges([revenue], false)).toEqual([revenue]);
    expect(unapprovedUnitChanges([revenue])).toEqual([revenue]);
  });
});

describe("the words", () => {
  const WHEN: ChangeDays = { timeframe: "daily", days: "2026-11-24" };
  test("held, written, beyond what was accepted; several metrics and retailers", () => {
    const revenue: UnitChange = { metric: "revenue", factor: 100, compared: 52, changed: 48 };
    expect(unitChangeText([revenue], true, WHEN)).toEqual({
      said: "The service's revenue figures in the re-read days are 100 times what the table holds for the same rows (48 of 52 rows), as if the retailer had changed its unit (pence for pounds). The table was left as it was.",
      anyway: REFRESH_ANYWAY,
    });
    expect(unitChangeText([revenue], true, WHEN, true).said).toContain(
      "(pence for pounds). That is not the change you accepted with Refresh anyway. The table was left as it was.",
    );
    expect(unitChangeText([revenue], false, WHEN)).toEqual({
      said: "The service's revenue figures in the re-read days were 100 times what the table held for the same rows (48 of 52 rows), as if the retailer had changed its unit (pence for pounds). They were written; the older rows keep the old unit, so get the data again to have one unit throughout.",
    });
    const several: UnitChange[] = [
      { retailer: "freshway", metric: "revenue", factor: 0.01, compared: 1200, changed: 1190 },
      { retailer: "freshway", metric: "average_price", factor: 0.01, compared: 1100, changed: 1100 },
      { retailer: "freshway", metric: "units", factor: 1000, compared: 9, changed: 5 },
    ];
    expect(unitChangeText(several, true, WHEN).said).toBe(
      "The service's revenue and average_price figures for freshway in the re-read days are a hundredth of what the table holds for the same rows (revenue 1,190 of 1,200 rows, average_price 1,100 of 1,100 rows), as if freshway had changed its unit (pounds for pence). " +
        "The service's units figures for freshway in the re-read days are 1,000 times what the table holds for the same rows (5 of 9 rows), as if freshway had changed its unit. The table was left as it was.",
    );
    expect(unitChangeText([{ ...revenue, metric: "availability", factor: 1e-5 }], true, WHEN).said).toContain(
      "availability figures in the re-read days are 1/100,000 of what the table holds",
    );
    // Some days only: named in the surface's words, the service's by default ("24 Nov").
    const days: UnitChange = { metric: "revenue", factor: 1000, compared: 13, changed: 13, periods: ["2026-11-18"] };
    expect(unitChangeText([days, { ...days, metric: "units" }], true, WHEN).said).toBe(
      "The service's revenue and units figures for 18 Nov are 1,000 times what the table holds for the same rows (revenue 13 of 13 rows, units 13 of 13 rows), while the other re-read days kept their unit: neither a revision nor a change of unit. The table was left as it was.",
    );
    const gb = {
      range: () => "",
      compact: (r: { from: string; to: string }) => `${r.from.slice(8)}/${r.from.slice(5, 7)}`,
    };
    expect(
      unitChangeText([{ ...days, periods: ["2026-11-18", "2026-11-20"] }], false, { timeframe: "daily", days: gb })
        .said,
    ).toContain("figures for 18/11 and 20/11 were 1,000 times what the table held");
    // A narrow window: the level of the periods before is the second witness, and said.
    expect(
      unitChangeText([{ metric: "revenue", factor: 1000, compared: 1, changed: 1, byLevel: true }], true, WHEN).said,
    ).toBe(
      "The service's revenue figures in the re-read days are 1,000 times what the table holds for the same rows (1 of 1 row, and their level in the periods before), as if the retailer had changed its unit. The table was left as it was.",
    );
  });
});
