// The answer check (src/core/answer/answerCheck.ts): property tests over answers that keep the contract and answers
// broken one rule at a time, and the invariants every accepted answer holds.
import fc from "fast-check";
import { AnswerStream, checkAnswer } from "../../src/core/answer/answerCheck";
import type { AnswerQuestion } from "../../src/core/answer/answerQuestion";
import { addDays, addPeriods, dayOfTimestamp, daysBetween, periodStart, type IsoDate } from "../../src/core/dates";
import type { Timeframe } from "../../src/core/query/metrics";
import { rangeText } from "../../src/core/words";
import { runs } from "../support/properties";

type Row = Record<string, unknown>;
const FIELD: Record<Timeframe, string> = { daily: "date", weekly: "week", monthly: "month" };

interface Case {
  q: AnswerQuestion;
  rows: Row[];
  field: string;
}

/** A question and an answer that keeps the contract: one row per period and SKU, periods inside the dates. */
const goodCase = fc
  .record({
    timeframe: fc.constantFrom<Timeframe>("daily", "weekly", "monthly"),
    start: fc.integer({ min: 0, max: 700 }),
    periods: fc.integer({ min: 1, max: 12 }),
    skus: fc.integer({ min: 1, max: 4 }),
    level: fc.constantFrom<"sku" | "store">("sku", "store"),
    seed: fc.integer(),
  })
  .map(({ timeframe, start, periods, skus, level, seed }): Case => {
    const from = addDays("2025-01-01", start);
    const first = periodStart(from, timeframe);
    const to = addDays(addPeriods(first, timeframe, periods), -1);
    const field = FIELD[timeframe];
    const rows: Row[] = [];
    for (let p = 0; p < periods; p++) {
      const day = addPeriods(first, timeframe, p);
      for (let s = 0; s < skus; s++) {
        const row: Row = { [field]: `${day}T00:00:00Z`, sku: 1000 + s };
        if (level === "store") Object.assign(row, { store_id: 7, store_name: "7 - Leeds", product_name: "Juice" });
        else row.sku_product_name = `${1000 + s} - Juice`;
        row.revenue = ((seed + p * 31 + s) % 1000) / 10;
        row.units = (seed + p + s) % 50;
        rows.push(row);
      }
    }
    const q: AnswerQuestion = { level, retailer: "northmart", timeframe, metrics: ["revenue", "units"], from, to };
    return { q, rows, field };
  });

/** A weekly SKU question of northmart for 2 to 15 Nov 2026, with `o` changed. */
const ask = (o: Partial<AnswerQuestion> = {}): AnswerQuestion => ({
  level: "sku",
  retailer: "northmart",
  timeframe: "weekly",
  metrics: ["revenue"],
  from: "2026-11-02",
  to: "2026-11-15",
  ...o,
});

/**
 * What the check says of an answer of one row on each of `days` (sorted), to a question from the first to the end of
 * the last one's period: "spacing" when they are spaced unlike the timeframe, undefined when it accepts them.
 */
function spacingOf(days: readonly IsoDate[], timeframe: Timeframe): string | undefined {
  const q = ask({ timeframe, from: days[0], to: addDays(addPeriods(days[days.length - 1], timeframe, 1), -1) });
  const field = FIELD[timeframe];
  const rows = days.map((d) => ({ [field]: `${d}T00:00:00Z`, sku: 1, revenue: 1 }));
  const checked = checkAnswer(q, { rows, periodField: field, omittedMetrics: [] });
  return checked.ok ? undefined : checked.rule;
}

const dayOf = (c: Case, r: Row) => dayOfTimestamp(String(r[c.field]))!;
const inside = (c: Case, day: IsoDate) =>
  day <= c.q.to && (c.q.timeframe === "daily" ? day >= c.q.from : addPeriods(day, c.q.timeframe, 1) > c.q.from);

/** What every accepted answer holds: its rows are the answer's, inside the dates, each key once. */
function holdsInvariants(c: Case, rows: Row[]): void {
  const keys = new Set<string>();
  for (const r of rows) {
    expect(c.rows).toContain(r);
    expect(inside(c, dayOf(c, r))).toBe(true);
    const key = `${dayOf(c, r)}|${String(r.sku)}|${String(r.store_id)}`;
    expect(keys.has(key)).toBe(false);
    keys.add(key);
  }
}

describe("checkAnswer", () => {
  test("an answer that keeps the contract is accepted as it is, with nothing to say", () => {
    fc.assert(
      fc.property(goodCase, (c) => {
        const r = checkAnswer(c.q, { rows: c.rows, periodField: c.field, omittedMetrics: [] });
        if (!r.ok) throw new Error(r.message);
        expect(r.rows).toEqual(c.rows);
        expect(r.notices).toEqual([]);
        expect(r.leftOut).toEqual([]);
        holdsInvariants(c, r.rows);
      }),
    );
  });

  test("rows dated outside the question are left out, counted and dated; the rest is kept", () => {
    fc.assert(
      fc.property(goodCase, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.boolean(), (c, picks, after) => {
        const moved = new Set(picks.map((p) => p % c.rows.length));
        const away = after
          ? addPeriods(periodStart(c.q.to, c.q.timeframe), c.q.timeframe, 1)
          : addPeriods(periodStart(c.q.from, c.q.timeframe), c.q.timeframe, -1);
        const rows = c.rows.map((r, i) => (moved.has(i) ? { ...r, [c.field]: `${away}T00:00:00Z` } : r));
        const r = checkAnswer(c.q, { rows, periodField: c.field, omittedMetrics: [] });
        if (!r.ok) throw new Error(r.message);
        expect(r.report.outside).toEqual({ rows: moved.size, periods: [away] });
        expect(r.rows).toHaveLength(c.rows.length - moved.size);
        expect(r.notices[0]).toMatch(
          new RegExp(`^The service sent ${moved.size} rows? outside .*; (it was|they were) left out\\.$`),
        );
        holdsInvariants({ ...c, rows }, r.rows);
      }),
    );
  });

  test("in a long read, a row outside the dates of the request (part) that returned it is left out, though inside the question", () => {
    const q = ask({ from: "2026-06-01", to: "2026-07-26" });
    const row = (week: IsoDate, sku: number) => ({
      week: `${week}T00:00:00Z`,
      sku,
      sku_product_name: `${sku} - X`,
      revenue: 1,
    });
    // The second request (6 to 26 Jul) also sends a row of 29 Jun, which the first (1 Jun to 5 Jul) did not.
    const rows = [
      row("2026-06-22", 1),
      row("2026-06-29", 1),
      row("2026-07-06", 1),
      row("2026-06-29", 2),
      row("2026-07-13", 1),
    ];
    const requests = [
      { from: "2026-06-01", to: "2026-07-05", rows: 2 },
      { from: "2026-07-06", to: "2026-07-26", rows: 3 },
    ];
    const r = checkAnswer(q, { rows, periodField: "week", omittedMetrics: [], requests });
    if (!r.ok) throw new Error(r.message);
    expect(r.rows).toEqual([rows[0], rows[1], rows[2], rows[4]]);
    expect(r.notices[0]).toBe(
      "The service sent 1 row outside the dates asked in its part of the read (dated 29 Jun 2026); it was left out.",
    );
  });

  test("a key sent twice refuses the whole answer, naming the key", () => {
    fc.assert(
      fc.property(goodCase, fc.nat(), (c, pick) => {
        const twin: Row = { ...c.rows[pick % c.rows.length], revenue: -1 };
        const r = checkAnswer(c.q, { rows: [...c.rows, twin], periodField: c.field, omittedMetrics: [] });
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.rule).toBe("keys");
        expect(r.message).toContain(`${dayOf(c, twin)}, SKU ${String(twin.sku)}`);
        expect(r.message).toMatch(/Nothing was written\.$/);
      }),
    );
  });

  test("timestamps written with an offset are read as their UTC day: the same answer as in UTC", () => {
    fc.assert(
      fc.property(
        goodCase,
        fc.integer({ min: -12, max: 14 }).filter((h) => h !== 0),
        (c, hours) => {
          const shifted = c.rows.map((r) => ({ ...r, [c.field]: withOffset(String(r[c.field]), hours) }));
          const plain = checkAnswer(c.q, { rows: c.rows, periodField: c.field, omittedMetrics: [] });
          const r = checkAnswer(c.q, { rows: shifted, periodField: c.field, omittedMetrics: [] });
          if (!r.ok || !plain.ok) throw new Error("refused");
          expect(r.rows.map((x) => dayOfTimestamp(String(x[c.field])))).toEqual(
            plain.rows.map((x) => dayOfTimestamp(String(x[c.field]))),
          );
        },
      ),
    );
  });

  test("a period that cannot be placed on a day refuses the answer, naming the row and the value", () => {
    fc.assert(
      fc.property(
        goodCase,
        fc.nat(),
        fc.constantFrom("2026-13-45", "week 3", "", "2026-02-30T00:00:00Z", "2026-01-05T25:00:00Z"),
        (c, pick, bad) => {
          const at = pick % c.rows.length;
          const rows = c.rows.map((r, i) => (i === at ? { ...r, [c.field]: bad } : r));
          const r = checkAnswer(c.q, { rows, periodField: c.field, omittedMetrics: [] });
          expect(r.ok).toBe(false);
          if (!r.ok) {
            expect(r.rule).toBe("period");
            expect(r.message).toContain(
              `a row (SKU ${String(c.rows[at].sku)}${c.q.level === "store" ? ", store 7" : ""}) has ${c.field} "${bad}"`,
            );
          }
        },
      ),
    );
  });

  test("periods spaced unlike the timeframe refuse the answer, saying what they look like", () => {
    // Daily asked, rows one week apart (three weeks or more).
    const q = ask({ timeframe: "daily", from: "2026-10-01", to: "2026-10-31" });
    const mondays = ["2026-10-05", "2026-10-12", "2026-10-19", "2026-10-26"];
    const weekly = checkAnswer(q, {
      rows: mondays.map((d) => ({ date: `${d}T00:00:00Z`, sku: 1, revenue: 1 })),
      periodField: "date",
      omittedMetrics: [],
    });
    expect(weekly).toMatchObject({ ok: false, rule: "spacing" });
    expect(!weekly.ok && weekly.message).toContain("asked for daily rows, it sent rows one week apart");
    fc.assert(
      fc.property(
        fc.constantFrom<Timeframe>("weekly", "monthly"),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 6 }),
        (tf, start, shift) => {
          const first = periodStart(addDays("2025-01-01", start), tf);
          const days = [first, addPeriods(first, tf, 1), addDays(addPeriods(first, tf, 2), shift)];
          expect(spacingOf(days, tf)).toBe("spacing");
          expect(spacingOf(days.slice(0, 2), tf)).toBeUndefined();
        },
      ),
    );
  });

  test("daily answers with days missing, and weekly or monthly answers with periods missing, fit their timeframe", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Timeframe>("daily", "weekly", "monthly"),
        fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 10 }),
        (tf, picks) => {
          const first = periodStart("2026-01-07", tf);
          const days = [...picks].sort((a, b) => a - b).map((p) => addPeriods(first, tf, p));
          const daily =
            tf === "daily" &&
            days.length >= 3 &&
            days.every((d, i) => i === 0 || daysBetween(days[i - 1], d) % 7 === 0);
          expect(spacingOf(days, tf)).toBe(daily ? "spacing" : undefined);
        },
      ),
    );
  });

  test("null figures are counted per metric; a metric no row has is named as omitted; a column nobody asked for is left out", () => {
    fc.assert(
      fc.property(goodCase, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), (c, picks) => {
        const nulled = new Set(picks.map((p) => p % c.rows.length));
        const rows = c.rows.map((r, i) => {
          const { units: _units, ...rest } = r; // units: never sent, and the header does not say so
          return { ...rest, revenue: nulled.has(i) ? null : r.revenue, region: "north" };
        });
        const r = checkAnswer(c.q, { rows, periodField: c.field, omittedMetrics: [] });
        if (!r.ok) throw new Error(r.message);
        expect(r.report.nulls).toEqual([{ metric: "revenue", rows: nulled.size }]);
        expect(r.omittedMetrics).toEqual(["units"]);
        expect(r.report.unsaid).toEqual(["units"]);
        expect(r.leftOut).toEqual(["region"]);
        expect(r.notices).toHaveLength(3);
      }),
    );
  });

  test("with a comparison, one numeric column per metric served is a comparison column; more are left out", () => {
    const q = ask({ comparison: "period" });
    const row = {
      week: "2026-11-02T00:00:00Z",
      sku: 1,
      sku_product_name: "1 - X",
      revenue: 5,
      revenue_vs_period_pct: 2.5,
      units: 3,
    };
    const r = checkAnswer(q, { rows: [row], periodField: "week", omittedMetrics: [] });
    expect(r.ok && r.leftOut).toEqual(["units"]);
    const extra = checkAnswer(q, { rows: [{ ...row, other_pct: 1 }], periodField: "week", omittedMetrics: [] });
    expect(extra.ok && extra.leftOut).toEqual(["units", "other_pct"]);
  });

  test("with a comparison, a column named after a metric asked is the comparison; one taken by count alone is named", () => {
    const q = ask({ comparison: "period" });
    const row = {
      week: "2026-11-02T00:00:00Z",
      sku: 1,
      sku_product_name: "1 - X",
      margin: 0.4,
      revenue: 5,
      revenue_vs_period_pct: 2.5,
    };
    const r = checkAnswer(q, { rows: [row], periodField: "week", omittedMetrics: [] });
    expect(r.ok && r.leftOut).toEqual(["margin"]);
    const { revenue_vs_period_pct: _named, ...withoutIt } = row;
    const unnamed = checkAnswer(q, {
      rows: [withoutIt],
      periodField: "week",
      omittedMetrics: [],
    });
    if (!unnamed.ok) throw new Error(unnamed.message);
    expect(unnamed.report.assumed).toEqual(["margin"]);
    expect(unnamed.notices).toContain(
      "The service also sent margin, taken for a comparison column (the service does not name them); check it.",
    );
  });

  test("two days a week apart answer a daily question of two weeks or more with several rows each: refused; one SKU's two days are not", () => {
    const q = ask({ level: "store", timeframe: "daily", from: "2026-11-09", to: "2026-11-22" });
    const row = (d: IsoDate, store: number) => ({
      date: `${d}T00:00:00Z`,
      store_id: store,
      store_name: "S",
      sku: 1,
      product_name: "P",
      revenue: 1,
    });
    const two = ["2026-11-09", "2026-11-16"];
    const weekly = checkAnswer(q, {
      rows: two.flatMap((d) => [row(d, 1), row(d, 2)]),
      periodField: "date",
      omittedMetrics: [],
    });
    expect(weekly).toMatchObject({ ok: false, rule: "spacing" });
    expect(checkAnswer(q, { rows: two.map((d) => row(d, 1)), periodField: "date", omittedMetrics: [] }).ok).toBe(true);
    expect(
      checkAnswer(
        { ...q, from: "2026-11-10" },
        { rows: two.flatMap((d) => [row(d, 1), row(d, 2)]), periodField: "date", omittedMetrics: [] },
      ).ok,
    ).toBe(true);
  });

  test("a code sent as a number once and as its text again is the same key", () => {
    const q = ask();
    const row = { week: "2026-11-02T00:00:00Z", sku: 1001, sku_product_name: "X", revenue: 5 };
    expect(
      checkAnswer(q, { rows: [row, { ...row, sku: "1001" }], periodField: "week", omittedMetrics: [] }),
    ).toMatchObject({ ok: false, rule: "keys" });
  });

  test("rows outside on many dates: five named, the rest counted", () => {
    const q = ask({ timeframe: "daily", from: "2026-11-20", to: "2026-11-22", today: "2026-11-23" });
    const days = Array.from({ length: 8 }, (_, i) => addDays("2026-11-01", i));
    const r = checkAnswer(q, {
      rows: [...days, "2026-11-21"].map((d) => ({ date: d, sku: 1, revenue: 1 })),
      periodField: "date",
      omittedMetrics: [],
    });
    expect(r.ok && r.notices[0]).toBe(
      "The service sent 8 rows outside 20 Nov to 22 Nov (dated 1 Nov, 2 Nov, 3 Nov, 4 Nov, 5 Nov and 3 more dates); they were left out.",
    );
  });

  test("an empty answer is accepted; rows without a column of dates are refused", () => {
    const q = ask();
    expect(checkAnswer(q, { rows: [], periodField: undefined, omittedMetrics: ["revenue"] })).toMatchObject({
      ok: true,
      omittedMetrics: ["revenue"],
    });
    expect(
      checkAnswer(q, { rows: [{ sku: 1, revenue: 1 }], periodField: undefined, omittedMetrics: [] }),
    ).toMatchObject({ ok: false, rule: "period" });
  });
});

/** A row's day in the words of a message ("5 Oct 2025"; no today given, so the year is always said). */
const dayWords = (c: Case, r: Row) => rangeText({ from: dayOf(c, r), to: dayOf(c, r) });

describe("checkAnswer: View by", () => {
  test("rows of other SKUs than View by are left out and counted, their codes named; the View by rows are kept", () => {
    fc.assert(
      fc.property(goodCase, fc.nat(), fc.boolean(), (c, pick, asText) => {
        const codes = [...new Set(c.rows.map((r) => r.sku as number))];
        const viewby = codes[pick % codes.length];
        // Numeric text is its number: View by "1001" is the rows' 1001, and a row sending "1001" is one of them.
        const rows = c.rows.map((r) => (asText && r.sku === viewby ? { ...r, sku: String(viewby) } : r));
        const q = { ...c.q, filter: "sku" as const, viewby: ` ${viewby}` };
        const r = checkAnswer(q, { rows, periodField: c.field, omittedMetrics: [] });
        if (!r.ok) throw new Error(r.message);
        const others = rows.filter((x) => Number(x.sku) !== viewby);
        expect(r.rows).toEqual(rows.filter((x) => Number(x.sku) === viewby));
        expect(r.report.notViewBy).toEqual({
          rows: others.length,
          values: [...new Set(others.map((x) => x.sku))],
        });
        expect(r.report.outside.rows).toBe(0);
        if (others.length === 0) expect(r.notices).toEqual([]);
        else
          expect(r.notices).toEqual([
            `The service sent ${others.length} row${others.length === 1 ? "" : "s"} of ${
              codes.length === 2 ? "another SKU" : "other SKUs"
            } than View by ${viewby} (${codes.filter((x) => x !== viewby).join(", ")}); ${
              others.length === 1 ? "it was" : "they were"
            } left out.`,
          ]);
      }),
    );
  });

  test("the issue's case: a daily View by one SKU answered with 53 rows of two others", () => {
    const q = ask({ timeframe: "daily", from: "2026-10-01", to: "2026-11-23", filter: "sku", viewby: "1001" });
    const day = (i: number) => `${addDays("2026-10-01", i)}T00:00:00Z`;
    const rows = Array.from({ length: 54 }, (_, i) => ({ date: day(i), sku: 1001, revenue: i }));
    const others = Array.from({ length: 53 }, (_, i) => ({ date: day(i), sku: i % 2 ? 1003 : 1002, revenue: 1 }));
    const r = checkAnswer(q, { rows: [...rows, ...others], periodField: "date", omittedMetrics: [] });
    expect(r.ok && r.rows).toEqual(rows);
    expect(r.ok && r.notices).toEqual([
      "The service sent 53 rows of other SKUs than View by 1001 (1002, 1003); they were left out.",
    ]);
  });

  test("by a product filter: values compare exactly (case sensitive), quoted; five named, then how many more", () => {
    const q = ask({ filter: "filter2", viewby: "Drinks" });
    const row = (sku: string | number, week = "2026-11-02") => ({ week: `${week}T00:00:00Z`, sku, revenue: 1 });
    const kept = [row("Drinks"), row("Drinks", "2026-11-09")];
    const others = ["drinks", "Drinks ", "Snacks", 12, "Care", "Bakery", "Dairy"].map((v) => row(v));
    const r = checkAnswer(q, { rows: [...kept, ...others], periodField: "week", omittedMetrics: [] });
    if (!r.ok) throw new Error(r.message);
    expect(r.rows).toEqual(kept);
    expect(r.notices).toEqual([
      'The service sent 7 rows of other filter2 values than View by "Drinks" ("drinks", "Drinks ", "Snacks", "12", "Care" and 2 more); they were left out.',
    ]);
    const one = checkAnswer(q, { rows: [...kept, row("Snacks")], periodField: "week", omittedMetrics: [] });
    expect(one.ok && one.notices).toEqual([
      'The service sent 1 row of another filter2 value than View by "Drinks" ("Snacks"); it was left out.',
    ]);
  });

  test("a row outside the dates is counted as outside, whatever its SKU; without View by, every SKU is kept", () => {
    const q = ask({ filter: "sku", viewby: "1" });
    const row = (sku: number, week: string) => ({ week: `${week}T00:00:00Z`, sku, revenue: 1 });
    const rows = [row(1, "2026-11-02"), row(2, "2026-11-02"), row(2, "2026-11-23")];
    const r = checkAnswer(q, { rows, periodField: "week", omittedMetrics: [] });
    if (!r.ok) throw new Error(r.message);
    expect([r.report.outside.rows, r.report.notViewBy.rows]).toEqual([1, 1]);
    const all = checkAnswer(ask(), { rows: rows.slice(0, 2), periodField: "week", omittedMetrics: [] });
    expect(all.ok && all.rows).toEqual(rows.slice(0, 2));
  });
});

describe("checkAnswer: key fields", () => {
  const blanks = fc.constantFrom(undefined, null, "", "  ");
  const without = (r: Row, field: string, blank: unknown): Row => {
    const { [field]: _gone, ...rest } = r;
    return blank === undefined ? rest : { ...rest, [field]: blank };
  };

  test("a kept row without its SKU refuses the whole answer, naming its date and the key it has", () => {
    fc.assert(
      fc.property(goodCase, fc.nat(), blanks, (c, pick, blank) => {
        const at = pick % c.rows.length;
        const rows = c.rows.map((r, i) => (i === at ? without(r, "sku", blank) : r));
        const r = checkAnswer(c.q, { rows, periodField: c.field, omittedMetrics: [] });
        expect(r).toMatchObject({ ok: false, rule: "key-field" });
        const has = c.q.level === "store" ? " (store 7)" : "";
        expect(!r.ok && r.message).toContain(
          `: a row dated ${dayWords(c, c.rows[at])}${has} has no SKU, so it cannot be placed in the table. Nothing was written.`,
        );
      }),
    );
  });

  test("at store level, a row without its store refuses too; without both, both are named", () => {
    fc.assert(
      fc.property(
        goodCase.filter((c) => c.q.level === "store"),
        fc.nat(),
        blanks,
        fc.boolean(),
        (c, pick, blank, both) => {
          const at = pick % c.rows.length;
          const bare = (r: Row) =>
            both ? without(without(r, "store_id", blank), "sku", blank) : without(r, "store_id", blank);
          const rows = c.rows.map((r, i) => (i === at ? bare(r) : r));
          const r = checkAnswer(c.q, { rows, periodField: c.field, omittedMetrics: [] });
          const what = both ? "has no SKU and no store" : `(SKU ${String(c.rows[at].sku)}) has no store`;
          expect(!r.ok && r.message).toContain(`a row dated ${dayWords(c, c.rows[at])} ${what}, so it cannot`);
        },
      ),
    );
  });

  test("with a product filter the missing value is the filter's; a row outside the dates is left out, not refused", () => {
    const q = ask({ level: "store", filter: "filter2", today: "2026-11-23" });
    const row = { week: "2026-11-09T00:00:00Z", store_id: 12, sku: null, revenue: 1 };
    const r = checkAnswer(q, { rows: [row], periodField: "week", omittedMetrics: [] });
    expect(!r.ok && r.message).toBe(
      "Refused the service's answer for northmart, store, weekly, 2 Nov to 15 Nov: a row dated 9 Nov (store 12) has no filter2 value, so it cannot be placed in the table. Nothing was written.",
    );
    const outside = { ...row, week: "2026-11-16T00:00:00Z" };
    const kept = { ...row, sku: "Drinks" };
    const ok = checkAnswer(q, { rows: [kept, outside], periodField: "week", omittedMetrics: [] });
    expect(ok.ok && ok.rows).toEqual([kept]);
  });
});

describe("checkAnswer: figures Excel cannot hold", () => {
  const unholdable = fc.constantFrom(
    1e308,
    -1e308,
    5e-324,
    -5e-324,
    1e-310,
    Number.MAX_VALUE,
    9.99999999999999e307 * (1 + Number.EPSILON),
  );
  const holdable = fc.constantFrom(9.99999999999999e307, -9.99999999999999e307, 2.2250738585072014e-308, 0, -0, 1e-300);

  test("a metric Excel cannot hold refuses the answer, naming the metric, the row (date and key) and the value", () => {
    fc.assert(
      fc.property(goodCase, fc.nat(), fc.constantFrom("revenue", "units"), unholdable, (c, pick, metric, value) => {
        const at = pick % c.rows.length;
        const rows = c.rows.map((r, i) => (i === at ? { ...r, [metric]: value } : r));
        const r = checkAnswer(c.q, { rows, periodField: c.field, omittedMetrics: [] });
        expect(r).toMatchObject({ ok: false, rule: "figure" });
        const key = `SKU ${String(c.rows[at].sku)}${c.q.level === "store" ? ", store 7" : ""}`;
        const why =
          Math.abs(value) > 1e307
            ? "its numbers run from -9.99999999999999E+307 to 9.99999999999999E+307"
            : "it would store 0 in its place";
        expect(!r.ok && r.message).toContain(
          `: ${metric} in the row dated ${dayWords(c, c.rows[at])} (${key}) is ${String(value)}, which Excel cannot hold (${why}). Nothing was written.`,
        );
      }),
    );
  });

  test("figures at Excel's limits, and 0, are kept as they are", () => {
    fc.assert(
      fc.property(goodCase, fc.nat(), holdable, (c, pick, value) => {
        const at = pick % c.rows.length;
        const rows = c.rows.map((r, i) => (i === at ? { ...r, revenue: value } : r));
        const r = checkAnswer(c.q, { rows, periodField: c.field, omittedMetrics: [] });
        if (!r.ok) throw new Error(r.message);
        expect(r.rows).toEqual(rows);
      }),
    );
  });

  test("a numeric key cell and a comparison (as the service sends it or as its cell holds it) are checked too", () => {
    const q = ask({ level: "store", comparison: "period", today: "2026-11-23" });
    const row = { week: "2026-11-09T00:00:00Z", store_id: 12, sku: 1001, revenue: 5, revenue_vs_period_pct: 2.5 };
    const message = (r: ReturnType<typeof checkAnswer>) => (r.ok ? "accepted" : r.message);
    const check = (o: Partial<typeof row>) =>
      message(checkAnswer(q, { rows: [{ ...row, ...o }], periodField: "week", omittedMetrics: [] }));
    expect(check({ sku: 1e308 })).toContain(
      ": sku in the row dated 9 Nov (store 12) is 1e+308, which Excel cannot hold",
    );
    expect(check({ store_id: -1e308 })).toContain(": store_id in the row dated 9 Nov (SKU 1001) is -1e+308, which");
    expect(check({ revenue_vs_period_pct: 1e308 })).toContain(
      ": revenue_vs_period_pct in the row dated 9 Nov (SKU 1001, store 12) is 1e+308, which Excel cannot hold",
    );
    // 1e-306 % is a cell of 1e-308: Excel would store 0.
    expect(check({ revenue_vs_period_pct: 1e-306 })).toContain("is 1e-306, which Excel cannot hold (it would store 0");
    expect(check({ revenue_vs_period_pct: 1e-300 })).toBe("accepted");
    // A column nobody asked for is not written: its figures are not checked.
    const unasked = checkAnswer(ask(), {
      rows: [{ week: "2026-11-09T00:00:00Z", sku: 1, revenue: 1, margin: 1e308 }],
      periodField: "week",
      omittedMetrics: [],
    });
    expect(unasked.ok && unasked.leftOut).toEqual(["margin"]);
  });

  test("a row left out (outside the dates, or of another SKU than View by) is not checked", () => {
    const q = ask({ filter: "sku", viewby: "1" });
    const row = (sku: number, week: string, revenue: number) => ({ week: `${week}T00:00:00Z`, sku, revenue });
    const rows = [row(1, "2026-11-02", 1), row(2, "2026-11-02", 1e308), row(1, "2026-11-23", 5e-324)];
    const r = checkAnswer(q, { rows, periodField: "week", omittedMetrics: [] });
    expect(r.ok && r.rows).toEqual([rows[0]]);
  });
});

describe("checkAnswer: names the omitted-metrics header gives that are no metric", () => {
  test("said as the service wrote them and ignored: not omitted metrics, even with no rows", () => {
    const row = { week: "2026-11-02T00:00:00Z", sku: 1, revenue: 1 };
    const r = checkAnswer(ask({ metrics: ["revenue", "units"] }), {
      rows: [row],
      periodField: "week",
      omittedMetrics: ["units", "<b>foo</b>"],
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.omittedMetrics).toEqual(["units"]);
    expect(r.report.unknownOmitted).toEqual(["<b>foo</b>"]);
    expect(r.notices).toEqual([
      'The service named "<b>foo</b>" among the metrics it left out, which is no metric; it was ignored.',
    ]);
    const none = checkAnswer(ask(), { rows: [], periodField: undefined, omittedMetrics: ["foo", "bar", "revenue"] });
    expect(none.ok && [none.omittedMetrics, none.notices]).toEqual([
      ["revenue"],
      ['The service named "foo", "bar" among the metrics it left out, which are no metrics; they were ignored.'],
    ]);
  });
});

describe("dayOfTimestamp", () => {
  test("the UTC day of an instant, however its offset is written", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }).map((m) => m - (m % 15)),
        (ms, offset) => {
          const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
          const sign = offset < 0 ? "-" : "+";
          const abs = Math.abs(offset);
          const text = `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
          expect(dayOfTimestamp(text)).toBe(new Date(ms).toISOString().slice(0, 10));
        },
      ),
    );
  });

  test("a date, a Z timestamp and an offset-less timestamp are their written day; nonsense is null", () => {
    expect(dayOfTimestamp("2026-01-05")).toBe("2026-01-05");
    expect(dayOfTimestamp("2026-01-05T00:00:00Z")).toBe("2026-01-05");
    expect(dayOfTimestamp("2026-01-05T23:59:59")).toBe("2026-01-05");
    expect(dayOfTimestamp("2026-01-04T23:00:00-01:00")).toBe("2026-01-05");
    expect(dayOfTimestamp("2026-01-05T00:30:00+01:00")).toBe("2026-01-04");
    for (const bad of [
      "2026-02-30",
      "2026-01-05T24:00:00Z",
      "2026-01-05T10:61:00Z",
      "yesterday",
      "2026-01-05T00:00:00+25:00",
    ])
      expect(dayOfTimestamp(bad)).toBeNull();
  });
});

/** The same instant as `text` (a UTC timestamp) written with an offset of `hours`. */
function withOffset(text: string, hours: number): string {
  const ms = Date.parse(text) + hours * 3_600_000;
  const local = new Date(ms).toISOString().slice(0, 19);
  const sign = hours < 0 ? "-" : "+";
  return `${local}${sign}${String(Math.abs(hours)).padStart(2, "0")}:00`;
}

describe("AnswerStream: an answer checked a batch at a time as it arrives (the sync's streamed read)", () => {
  /** One way to break (or bend) the contract at a row: the rows and the question after it. */
  const change = fc.record({
    kind: fc.constantFrom(
      "outside",
      "unplaceable",
      "no-sku",
      "twice",
      "unholdable",
      "null",
      "comparison",
      "text-comparison",
      "unholdable-comparison",
      "unholdable-units-comparison",
      "viewby",
      "unasked",
    ),
    at: fc.nat(),
  });

  function changed(c: Case, changes: { kind: string; at: number }[]): { q: AnswerQuestion; rows: Row[] } {
    let q = c.q;
    let rows = c.rows.map((r) => ({ ...r }));
    for (const { kind, at } of changes) {
      const i = at % rows.length;
      const row = rows[i];
      if (kind === "outside")
        row[c.field] = `${addPeriods(periodStart(c.q.to, c.q.timeframe), c.q.timeframe, 1)}T00:00:00Z`;
      else if (kind === "unplaceable") row[c.field] = "week 3";
      else if (kind === "no-sku") delete row.sku;
      else if (kind === "twice") rows = [...rows, { ...row, revenue: -1 }];
      else if (kind === "unholdable") row.units = 1e308;
      else if (kind === "null") row.revenue = null;
      else if (kind === "unasked") row.margin = at % 2 === 0 ? "high" : 3;
      else if (kind === "viewby") q = { ...q, filter: "sku", viewby: String(row.sku) };
      else {
        q = { ...q, comparison: "period" };
        for (const r of rows) {
          r.revenue_vs_period_pct = r.revenue_vs_period_pct ?? 2.5;
          r.units_vs_period_pct = r.units_vs_period_pct ?? -1;
        }
        if (kind === "text-comparison") row.revenue_vs_period_pct = "n/a";
        if (kind === "unholdable-comparison") row.revenue_vs_period_pct = 1e-306;
        if (kind === "unholdable-units-comparison") row.units_vs_period_pct = 1e308;
      }
    }
    return { q, rows };
  }

  test("the same verdict, rows kept and words as the answer checked whole, however its rows are cut into batches", () => {
    fc.assert(
      fc.property(
        goodCase,
        fc.array(change, { maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom([], ["stock"], ["units", "nonsense"]),
        (c, changes, cuts, omittedMetrics) => {
          const { q, rows } = changed(c, changes);
          const whole = checkAnswer(q, { rows, periodField: c.field, omittedMetrics });
          const at = [...new Set(cuts.map((n) => n % (rows.length + 1))), 0, rows.length].sort((a, b) => a - b);
          const stream = new AnswerStream(q, q);
          const kept: Row[] = [];
          for (let b = 1; b < at.length && !stream.refusal; b++)
            kept.push(...stream.add(rows.slice(at[b - 1], at[b]), c.field));
          const streamed = stream.refusal ?? stream.end(omittedMetrics);
          if (!whole.ok) return expect(streamed).toEqual(whole);
          const { rows: wholeRows, ...verdict } = whole;
          expect(streamed).toEqual(verdict);
          expect(kept).toEqual(wholeRows);
        },
      ),
      runs(3000, 300),
    );
  });

  test("rows without a column of dates are refused at their first batch; no rows at all are an empty answer", () => {
    const q = ask();
    const stream = new AnswerStream(q, q);
    expect(stream.add([{ sku: 1, revenue: 2 }], undefined)).toEqual([]);
    expect(stream.refusal).toEqual(checkAnswer(q, { rows: [{ sku: 1 }], periodField: undefined, omittedMetrics: [] }));
    const empty = new AnswerStream(q, q).end(["stock"]);
    const { rows, ...whole } = checkAnswer(q, { rows: [], periodField: undefined, omittedMetrics: ["stock"] }) as {
      rows: unknown;
    };
    expect(rows).toEqual([]);
    expect(empty).toEqual(whole);
  });
});
