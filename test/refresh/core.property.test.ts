// The pure rules of refresh (src/core/refresh: refreshWindow.ts, tableLayout.ts, storedTail.ts, rowCounts.ts) over random tables, clocks and timeframes.
import fc from "fast-check";
import { addDays, addPeriods, daysBetween, isIsoDate, periodStart, type IsoDate } from "../../src/core/dates";
import { excelSerial, EXCEL_DAY_CELLS } from "../../src/excel/excelDays";
import type { Timeframe } from "../../src/core/query/metrics";
import {
  anchorOf,
  lastReadAfterPull,
  lastReadOf,
  periodEnd,
  refreshWindow,
} from "../../src/core/refresh/refreshWindow";
import { mapToHeader, sortByPeriod } from "../../src/core/refresh/tableLayout";
import { planForAnswer, retailersLeftEmpty } from "../../src/core/refresh/storedTail";
import { rowCounts } from "../../src/core/refresh/rowCounts";
import type { Cell, Column } from "../../src/core/answer/tabulate";
import { rewrite } from "./support/rewrite";
import { dayOfSerial } from "../support/excelDays";

const day = fc.integer({ min: 0, max: 900 }).map((n) => addDays("2024-01-01", n));
const timeframe = fc.constantFrom<Timeframe>("daily", "weekly", "monthly");

/** Stored period labels as the service gives them: period starts from `from` up to the last read (days). */
function periods(from: string, to: string, tf: Timeframe): IsoDate[] {
  const out: IsoDate[] = [];
  for (let p = periodStart(from, tf); daysBetween(p, to) >= 0; p = addPeriods(p, tf, 1)) out.push(p);
  return out;
}

/** The first day of the period after the latest stored period, or null for none. */
const periodAfterLast = (stored: readonly IsoDate[], tf: Timeframe) =>
  stored.length ? addPeriods([...stored].sort().at(-1)!, tf, 1) : null; // YYYY-MM-DD sorts as the days do

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
            if (tf !== "daily" && daysBetween(from, w.start) >= 0) expect(stored).toContain(w.start);
          }
          expect(isIsoDate(w.start)).toBe(true);
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

  test("a table that ends before the anchor is read again from the period after its last row (within retention)", () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        timeframe,
        fc.constantFrom("sku", "store") as fc.Arbitrary<"sku" | "store">,
        (lastRead, gap, short, tf, level) => {
          const today = addDays(lastRead, gap);
          const from = addDays(lastRead, -400);
          // The service had nothing for the table's last `short` days when it was read.
          const stored = periods(from, addDays(lastRead, -short), tf);
          const w = refreshWindow({
            today,
            level,
            timeframe: tf,
            from,
            to: today,
            rolling: true,
            lastRead,
            storedPeriods: stored,
          });
          expect(w.kind).toBe("window");
          if (w.kind !== "window") return;
          const resume = periodAfterLast(stored, tf)!;
          const retention = level === "store" && tf === "daily" ? addDays(today, -14) : undefined;
          if (retention && daysBetween(resume, retention) > 0) expect(w.start).toBe(retention);
          else expect(daysBetween(w.start, resume)).toBeGreaterThanOrEqual(0);
          // and never later than the anchor's period either
          if (!retention) expect(daysBetween(w.start, anchorOf(today, lastRead))).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  test("weekly and monthly: follows the stored period labels, not an assumed Monday", () => {
    // Weeks labelled on Sundays: the window starts on the stored Sunday.
    const stored = [0, 7, 14, 21].map((d) => addDays("2026-11-01", d)); // Sundays
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
    // The table ends before the anchor: the window starts at the week after its last stored week.
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
    expect(gap.kind === "window" && gap.start).toBe("2026-11-08");
    // A gap inside the table: no stored row contains the anchor, so the calendar's week start is used.
    const inside = refreshWindow({
      today: "2026-11-27",
      level: "sku",
      timeframe: "weekly",
      from: "2026-11-01",
      to: "2026-11-27",
      rolling: true,
      lastRead: "2026-11-27",
      storedPeriods: [stored[0], "2026-11-23"],
    });
    expect(inside.kind === "window" && inside.start).toBe(periodStart("2026-11-20", "weekly"));
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
            EXCEL_DAY_CELLS,
          );
          const fresh = freshRaw.map(([p, k, v]) => row(46000 + p, k, v));
          const cutoff = 46000 + cut;
          const r = rewrite(stored, fresh, 0, dayOfSerial(cutoff), EXCEL_DAY_CELLS);
          const before = stored.filter((x) => (x[0] as number) < cutoff);
          expect(r.rows.slice(0, r.kept)).toEqual(before);
          const tail = r.rows.slice(r.kept);
          expect(tail).toEqual(
            sortByPeriod(
              fresh.filter((x) => (x[0] as number) >= cutoff),
              0,
              EXCEL_DAY_CELLS,
            ),
          );
          expect(r.removed).toBe(stored.length - before.length);
          // period order kept
          for (let i = 1; i < r.rows.length; i++)
            expect(r.rows[i - 1][0] as number).toBeLessThanOrEqual(r.rows[i][0] as number);
          expect(rewrite(r.rows, fresh, 0, dayOfSerial(cutoff), EXCEL_DAY_CELLS).rows).toEqual(r.rows);
        },
      ),
    );
  });

  test("sortByPeriod is stable", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer()), { maxLength: 80 }), (xs) => {
        // Date serials, as the other properties' (Excel's serial 0 is no day: EXCEL_DAY_CELLS sorts it last)
        const rows = xs.map(([p], i) => [46000 + p, i] as Cell[]);
        const s = sortByPeriod(rows, 0, EXCEL_DAY_CELLS);
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

test("dayOfSerial and excelSerial agree (what cut-offs are made of)", () => {
  fc.assert(fc.property(day, (d) => dayOfSerial(excelSerial(d)) === d));
});

describe("an empty answer", () => {
  /** A stored period column in period order, possibly ending in blank rows (left by an interrupted refresh). */
  const column = fc
    .tuple(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 40 }), fc.integer({ min: 0, max: 3 }))
    .map(([ps, blanks]) => [...[...ps].sort((a, b) => a - b).map((p) => 46000 + p), ...Array<Cell>(blanks).fill("")]);
  const asRows = (periods: Cell[]) => periods.map((p) => [p]);

  test("is never written over stored rows: only blank rows can go; a non-empty answer is always written", () => {
    fc.assert(
      fc.property(column, fc.integer({ min: 0, max: 35 }), fc.nat(3), (periods, cut, freshRows) => {
        const start = dayOfSerial(46000 + cut);
        const tail = { count: periods.length, offset: 0, periods, dayCells: EXCEL_DAY_CELLS };
        const plan = planForAnswer(tail, start, freshRows);
        if (freshRows > 0) expect(plan).toEqual({ kind: "write" });
        const removed = asRows(periods).slice(rewrite(asRows(periods), [], 0, start, EXCEL_DAY_CELLS).kept);
        if (freshRows === 0 && plan.kind === "write") expect(removed.every((r) => r[0] === "")).toBe(true);
        // Kept: exactly the rows writing the empty answer would have removed.
        if (plan.kind === "keep") expect(plan.storedRows).toBe(removed.length);
      }),
    );
  });

  test("decides the same from a tail of the column that reaches a row before the cut-off", () => {
    fc.assert(
      fc.property(column, fc.integer({ min: 0, max: 35 }), fc.nat(), fc.nat(2), (periods, cut, pick, freshRows) => {
        const cutoff = 46000 + cut;
        const before = periods.filter((p) => typeof p === "number" && p < cutoff).length; // rows before the cut
        const offset = before === 0 ? 0 : pick % before; // a tail that starts at or before the last of them
        const start = dayOfSerial(cutoff);
        const dayCells = EXCEL_DAY_CELLS;
        const whole = planForAnswer({ count: periods.length, offset: 0, periods, dayCells }, start, freshRows);
        const tail = { count: periods.length, offset, periods: periods.slice(offset), dayCells };
        expect(planForAnswer(tail, start, freshRows)).toEqual(whole);
      }),
    );
  });

  test("a table holding only its one blank row is written (it has no rows to keep)", () => {
    for (const blank of ["", null])
      expect(
        planForAnswer({ count: 1, offset: 0, periods: [blank], dayCells: EXCEL_DAY_CELLS }, dayOfSerial(46000), 0),
      ).toEqual({ kind: "write" });
    expect(
      planForAnswer({ count: 1, offset: 0, periods: [46001], dayCells: EXCEL_DAY_CELLS }, dayOfSerial(46000), 0),
    ).toEqual({ kind: "keep", storedRows: 1 });
  });
});

describe("a table of several retailers", () => {
  const RETAILERS = ["northmart", "freshway", "pharmaplus"];
  /** Rows in period order, each with its retailer. */
  const rows = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.constantFrom(...RETAILERS)), { maxLength: 40 })
    .map((rs) => [...rs].sort((a, b) => a[0] - b[0]).map(([p, r]) => ({ period: 46000 + p, retailer: r })));
  const answered = fc
    .tuple(...RETAILERS.map(() => fc.nat(2)))
    .map((ns) => RETAILERS.map((retailer, i) => ({ retailer, rows: ns[i] })));

  test("names exactly the retailers answering no rows that hold rows from the cut-off on, with their count", () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 0, max: 35 }), answered, fc.nat(), (stored, cut, answer, pick) => {
        const cutoff = 46000 + cut;
        const periods = stored.map((r) => r.period);
        const before = periods.filter((p) => p < cutoff).length;
        const offset = before === 0 ? 0 : pick % before; // a tail that reaches a row before the cut-off
        const tail = {
          count: stored.length,
          offset,
          periods: periods.slice(offset),
          dayCells: EXCEL_DAY_CELLS,
          retailers: stored.slice(offset).map((r) => r.retailer),
        };
        const inWindow = (r: string) => stored.filter((s) => s.retailer === r && s.period >= cutoff).length;
        const expected = answer
          .filter((a) => a.rows === 0 && inWindow(a.retailer) > 0)
          .map((a) => ({ retailer: a.retailer, storedRows: inWindow(a.retailer) }));
        expect(retailersLeftEmpty(tail, dayOfSerial(cutoff), answer)).toEqual(expected);
      }),
    );
  });
});

describe("the outcome's counts", () => {
  const change = fc.record({ removed: fc.nat(500), added: fc.nat(500), kept: fc.nat(5000) });

  test("replaced + added = rows written, replaced + removed = stored rows of the window, never both added and removed", () => {
    fc.assert(
      fc.property(change, (c) => {
        const n = rowCounts(c);
        expect(n.rowsReplaced + n.rowsAdded).toBe(c.added);
        expect(n.rowsReplaced + n.rowsRemoved).toBe(c.removed);
        expect(Math.min(n.rowsAdded, n.rowsRemoved)).toBe(0);
        expect(Math.min(n.rowsReplaced, n.rowsAdded, n.rowsRemoved)).toBeGreaterThanOrEqual(0);
        expect(n.rows).toBe(c.kept + c.added);
      }),
    );
  });

  test("count the table the rewrite leaves", () => {
    const rows = fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 40 }).map((ps) => ps.map((p) => [46000 + p]));
    fc.assert(
      fc.property(rows, rows, fc.integer({ min: 0, max: 35 }), (storedRaw, fresh, cut) => {
        const stored = sortByPeriod(storedRaw, 0, EXCEL_DAY_CELLS);
        const r = rewrite(stored, fresh, 0, dayOfSerial(46000 + cut), EXCEL_DAY_CELLS);
        const n = rowCounts(r);
        expect(n.rows).toBe(r.rows.length);
        expect(r.kept + n.rowsReplaced + n.rowsRemoved).toBe(stored.length);
      }),
    );
  });
});

describe("the day of the last read", () => {
  const stamp = fc
    .tuple(day, fc.integer({ min: 0, max: 86_399 }))
    .map(([d, s]) => new Date(Date.parse(`${d}T00:00:00Z`) + s * 1000).toISOString());

  test("the record's lastRead, else the day it was last refreshed (never after today), else today", () => {
    fc.assert(
      fc.property(
        day,
        fc.option(day, { nil: undefined }),
        fc.option(stamp, { nil: undefined }),
        (today, lastRead, at) => {
          const d = lastReadOf({ lastRead, lastRefreshedAt: at }, today);
          if (lastRead) expect(d).toBe(lastRead);
          else if (at && at.slice(0, 10) <= today) expect(d).toBe(at.slice(0, 10));
          else expect(d).toBe(today);
          if (!lastRead) expect(daysBetween(d, today)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
    expect(lastReadOf({ lastRefreshedAt: "not a date" }, "2026-11-23")).toBe("2026-11-23");
  });
});

describe("where a partial pull resumes", () => {
  const rowsOf = (days: string[]) => [...days].sort().map((d, i) => [excelSerial(d), i] as Cell[]);

  test("a complete pull was read today; a partial one reaches back so the next window covers the last period written", () => {
    fc.assert(
      fc.property(
        day,
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.boolean(),
        (today, back, pick, complete) => {
          const values = rowsOf(back.map((b) => addDays(today, -b)));
          const written = 1 + (pick % values.length);
          const lastRead = lastReadAfterPull(today, {
            values,
            periodIndex: 0,
            dayCells: EXCEL_DAY_CELLS,
            written,
            complete,
          });
          if (complete) {
            expect(lastRead).toBe(today);
            return;
          }
          const lastWritten = dayOfSerial(values[written - 1][0] as number);
          expect(daysBetween(lastRead, today)).toBeGreaterThanOrEqual(0);
          // The next refresh's anchor is on or before the last period written: the rows after it are re-read.
          expect(daysBetween(anchorOf(today, lastRead), lastWritten)).toBeGreaterThanOrEqual(0);
          // And no further back than that: today, or exactly that period.
          expect(lastRead === today || anchorOf(today, lastRead) === lastWritten).toBe(true);
        },
      ),
    );
  });

  test("nothing written, or no period column: today", () => {
    const values = rowsOf(["2026-11-01"]);
    expect(
      lastReadAfterPull("2026-11-23", {
        values,
        periodIndex: 0,
        dayCells: EXCEL_DAY_CELLS,
        written: 0,
        complete: false,
      }),
    ).toBe("2026-11-23");
    expect(
      lastReadAfterPull("2026-11-23", {
        values,
        periodIndex: -1,
        dayCells: EXCEL_DAY_CELLS,
        written: 1,
        complete: false,
      }),
    ).toBe("2026-11-23");
    expect(
      lastReadAfterPull("2026-11-23", {
        values,
        periodIndex: 0,
        dayCells: EXCEL_DAY_CELLS,
        written: 1,
        complete: false,
      }),
    ).toBe("2026-11-08");
  });
});
