// The pure rules of refresh (src/core/refresh.ts) over random tables, clocks and timeframes.
import fc from "fast-check";
import { addDays, addPeriods, daysBetween, excelSerial, fromExcelSerial, periodStart } from "../../src/core/dates";
import type { Timeframe } from "../../src/core/metrics";
import { anchorOf, mapToHeader, periodEnd, refreshWindow, rewrite, sortByPeriod } from "../../src/core/refresh";
import type { Cell, Column } from "../../src/core/tabulate";

const day = fc.integer({ min: 0, max: 900 }).map((n) => addDays("2024-01-01", n));
const timeframe = fc.constantFrom<Timeframe>("daily", "weekly", "monthly");

/** Stored period labels as the service gives them: period starts from `from` up to the last read. */
function periods(from: string, to: string, tf: Timeframe): number[] {
  const out: number[] = [];
  for (let p = periodStart(from, tf); daysBetween(p, to) >= 0; p = addPeriods(p, tf, 1)) out.push(excelSerial(p));
  return out;
}

describe("the window", () => {
  test("starts at the stored period containing (last read - 7), never later than any day that may have changed", () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 30, max: 400 }),
        timeframe,
        fc.constantFrom("sku", "store") as fc.Arbitrary<"sku" | "store">,
        fc.boolean(),
        (lastRead, gap, span, tf, level, rolling) => {
          const today = addDays(lastRead, gap);
          const from = addDays(lastRead, -span);
          const stored = periods(from, addDays(lastRead, -1), tf);
          const w = refreshWindow({
            today,
            level,
            timeframe: tf,
            from,
            to: today,
            rolling,
            lastRead,
            storedPeriods: stored,
          });
          expect(w.kind).toBe("window");
          if (w.kind !== "window") return;
          const anchor = anchorOf(today, lastRead);
          expect(anchor).toBe(addDays(lastRead, -7));
          const retention = level === "store" && tf === "daily" ? addDays(today, -14) : undefined;
          if (retention && daysBetween(anchor, retention) > 0) {
            expect(w.start).toBe(retention); // store daily: never before the 14-day retention
          } else {
            // the window starts on or before the anchor, at a period start, and the period it starts contains the anchor
            expect(daysBetween(w.start, anchor)).toBeGreaterThanOrEqual(0);
            expect(daysBetween(anchor, periodEnd(w.start, tf))).toBeGreaterThan(0);
            if (tf !== "daily" && daysBetween(from, w.start) >= 0) expect(stored).toContain(w.cutoff);
          }
          expect(w.cutoff).toBe(excelSerial(w.start));
          expect(w.to).toBe(today);
          expect(daysBetween(from, w.from)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  test("a fixed query that ended before the anchor has nothing to refresh; one that did not, has a window", () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 60 }),
        timeframe,
        (today, back, span, tf) => {
          const to = addDays(today, -back);
          const from = addDays(to, -span);
          const w = refreshWindow({
            today,
            level: "sku",
            timeframe: tf,
            from,
            to,
            rolling: false,
            lastRead: today,
            storedPeriods: periods(from, to, tf),
          });
          if (daysBetween(addDays(today, -7), to) < 0) expect(w.kind).toBe("nothing");
          else expect(w.kind).toBe("window");
        },
      ),
    );
  });

  test("weekly and monthly: follows the stored period labels, not an assumed Monday", () => {
    // Weeks labelled on Sundays: the window starts on the stored Sunday.
    const stored = [0, 7, 14, 21].map((d) => excelSerial(addDays("2026-11-01", d))); // Sundays
    const w = refreshWindow({
      today: "2026-11-27",
      level: "sku",
      timeframe: "weekly",
      from: "2026-11-01",
      to: "2026-11-27",
      rolling: true,
      lastRead: "2026-11-27",
      storedPeriods: stored,
    });
    expect(w.kind === "window" && w.start).toBe("2026-11-15");
    // A gap: no stored row contains the anchor, so the calendar's week start is used.
    const gap = refreshWindow({
      today: "2026-11-27",
      level: "sku",
      timeframe: "weekly",
      from: "2026-11-01",
      to: "2026-11-27",
      rolling: true,
      lastRead: "2026-11-27",
      storedPeriods: [stored[0]],
    });
    expect(gap.kind === "window" && gap.start).toBe(periodStart("2026-11-20", "weekly"));
  });
});

describe("the rewrite", () => {
  const row = (p: number, k: number, v: number): Cell[] => [p, k, v];
  test("rows before the window stay exactly; the window is the fresh rows in period order; twice changes nothing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 4 }), fc.integer()), {
          maxLength: 60,
        }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 4 }), fc.integer()), {
          maxLength: 60,
        }),
        fc.integer({ min: 0, max: 35 }),
        (storedRaw, freshRaw, cut) => {
          const stored = sortByPeriod(
            storedRaw.map(([p, k, v]) => row(46000 + p, k, v)),
            0,
          );
          const fresh = freshRaw.map(([p, k, v]) => row(46000 + p, k, v));
          const cutoff = 46000 + cut;
          const r = rewrite(stored, fresh, 0, cutoff);
          const before = stored.filter((x) => (x[0] as number) < cutoff);
          expect(r.rows.slice(0, r.kept)).toEqual(before);
          const tail = r.rows.slice(r.kept);
          expect(tail).toEqual(
            sortByPeriod(
              fresh.filter((x) => (x[0] as number) >= cutoff),
              0,
            ),
          );
          expect(r.removed).toBe(stored.length - before.length);
          // period order kept
          for (let i = 1; i < r.rows.length; i++)
            expect(r.rows[i - 1][0] as number).toBeLessThanOrEqual(r.rows[i][0] as number);
          expect(rewrite(r.rows, fresh, 0, cutoff).rows).toEqual(r.rows);
        },
      ),
    );
  });

  test("sortByPeriod is stable", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer()), { maxLength: 80 }), (xs) => {
        const rows = xs.map(([p], i) => [p, i] as Cell[]);
        const s = sortByPeriod(rows, 0);
        for (let i = 1; i < s.length; i++) {
          const a = s[i - 1],
            b = s[i];
          expect((a[0] as number) < (b[0] as number) || (a[0] === b[0] && (a[1] as number) < (b[1] as number))).toBe(
            true,
          );
        }
      }),
    );
  });
});

describe("mapping onto the stored header", () => {
  test("a column the service no longer sends is empty; a new one is left out with its name", () => {
    const cols = (names: string[]): Column[] =>
      names.map((name) => ({ name, kind: name === "date" ? "date" : "decimal" }));
    const m = mapToHeader(["date", "sku", "revenue", "units"], {
      columns: cols(["date", "sku", "revenue", "wastage"]),
      values: [[1, 2, 3, 4]],
    });
    expect(m.values).toEqual([[1, 2, 3, null]]);
    expect(m.missing).toEqual(["units"]);
    expect(m.extra).toEqual(["wastage"]);
    expect(m.columns.map((c) => c.name)).toEqual(["date", "sku", "revenue", "units"]);
  });
});

test("fromExcelSerial and excelSerial agree (what cut-offs are made of)", () => {
  fc.assert(fc.property(day, (d) => fromExcelSerial(excelSerial(d)) === d));
});
