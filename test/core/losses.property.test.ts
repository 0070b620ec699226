// Losses at refresh (src/core/refresh/losses.ts): the stored rows of a window against the answer, by key; the rule that
// holds a refresh; what "Refresh anyway" accepts; the words. Each property holds against a plain model (counts
// of keys, groups of periods).
import fc from "fast-check";
import { addDays, isIsoDate, ISO_DAY_CELLS } from "../../src/core/dates";
import { EXCEL_DAY_CELLS, excelSerial } from "../../src/excel/excelDays";
import { heldBy, type ApprovedLosses, type WindowSide } from "../../src/core/refresh/losses";
import { checkWindow } from "../../src/core/refresh/unitChange";
import type { WindowComparison } from "../../src/core/refresh/windowFold";
import { REFRESH_ANYWAY, blankedText, lossesSentences, lossesText } from "../../src/core/refresh/lossesText";
import { keyCellsOf, rowKey } from "../../src/core/refresh/userColumns";

const FIRST = "2026-11-16"; // a Monday
const METRICS = ["revenue", "units"];

/** A row of a several-retailer window: key cells [period, retailer, sku] and metric cells. */
interface Row {
  key: unknown[];
  metrics: unknown[];
}

const metricCell = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 500 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, "") },
);
/** A SKU code as the table reads it back (a number) or as the service sends it (text): the same key. */
const sku = fc.constantFrom(1, 2, 3).chain((n) => fc.constantFrom<unknown>(n, String(n)));
const keyedRow: fc.Arbitrary<Row> = fc.record({
  key: fc
    .tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom("northmart", "freshway"), sku)
    .map(([d, r, s]) => [addDays(FIRST, d), r, s]),
  metrics: fc.tuple(metricCell, metricCell),
});
/** A blank row left by an interrupted refresh: no period, nothing in any cell. */
const blankRow: Row = { key: ["", "", ""], metrics: ["", ""] };
const emptyCell = fc.constantFrom<unknown>("", null, undefined);
/**
 * A row without a day in its date cell: wholly empty (a blank row), or holding something (a row the user
 * typed with a text date, a row whose date was cleared but still has its SKU or figures). Its key cells as the
 * rules are given them (keyCellsOf; a table's cells here, where even a day typed as text is no date).
 */
const undatedRow: fc.Arbitrary<Row> = fc.record({
  key: fc
    .tuple(
      fc.oneof(emptyCell, fc.constantFrom<unknown>("18/11/2026", "Nov 18", "total", "2026-11-18")),
      fc.oneof(emptyCell, fc.constantFrom<unknown>("northmart", "freshway")),
      fc.oneof(emptyCell, sku),
    )
    .map((cells) => keyCellsOf(cells, EXCEL_DAY_CELLS)),
  metrics: fc.tuple(fc.oneof(emptyCell, metricCell), fc.oneof(emptyCell, metricCell)),
});
const storedRows = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: keyedRow },
    { weight: 1, arbitrary: fc.constant(blankRow) },
    { weight: 1, arbitrary: undatedRow },
  ),
  { maxLength: 30 },
);
const freshRows = fc.array(keyedRow, { maxLength: 30 });

const side = (rows: readonly Row[]): WindowSide => ({
  keys: rows.map((r) => r.key),
  metrics: rows.map((r) => r.metrics),
});
const compare = (stored: readonly Row[], fresh: readonly Row[], several = true) =>
  checkWindow({ stored: side(stored), fresh: side(fresh), metrics: METRICS, retailerAt: several ? 1 : undefined })
    .comparison;

const keyOf = (r: Row) => rowKey(r.key);
/** What "Refresh anyway" accepts of a held line: the losses it showed (as src/refresh's refreshAnywayOf gives them). */
const approvalOf = (c: WindowComparison): ApprovedLosses => ({
  rows: c.removed,
  periods: c.periods.map((p) => ({ ...p })),
  wholePeriods: [...c.wholePeriods],
  undated: c.undated,
});
function countBy<T>(items: readonly T[], f: (t: T) => string | null): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of items) {
    const k = f(t);
    if (k !== null) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}
const dayOf = (r: Row): string | null => (isIsoDate(r.key[0]) ? r.key[0] : null);
const group = (r: Row, several: boolean) => {
  const day = dayOf(r);
  return day === null ? null : several ? `${String(r.key[1])} ${day}` : day;
};
const empty = (v: unknown) => v === null || v === undefined || v === "";
/** A stored row without a day for its date that holds something: the refresh removes it, so it is a loss. */
const undatedLoss = (r: Row) => dayOf(r) === null && [...r.key, ...r.metrics].some((v) => !empty(v));

describe("the comparison of the stored window with the answer", () => {
  test("removed, replaced and added are the key counts' differences, plus rows without a date that hold something; blank rows are not counted", () => {
    fc.assert(
      fc.property(storedRows, freshRows, (stored, fresh) => {
        const c = compare(stored, fresh);
        const s = countBy(stored, keyOf);
        const f = countBy(fresh, keyOf);
        let removed = 0;
        let added = 0;
        let replaced = 0;
        let repeated = 0;
        for (const k of new Set([...s.keys(), ...f.keys()])) {
          const a = s.get(k) ?? 0;
          const b = f.get(k) ?? 0;
          // Stored rows beyond the answer's of a key it still has repeat it: they give way to its rows, not lost.
          if (b > 0) repeated += Math.max(0, a - b);
          else removed += a;
          added += Math.max(0, b - a);
          replaced += Math.min(a, b);
        }
        const undated = stored.filter(undatedLoss).length;
        removed += undated;
        expect({ removed: c.removed, added: c.added, replaced: c.replaced }).toEqual({ removed, added, replaced });
        expect(c.repeated.length).toBe(repeated);
        expect(c.undated).toBe(undated);
        const keyed = stored.filter((r) => keyOf(r) !== null).length;
        expect(c.replaced + c.removed + c.repeated.length).toBe(keyed + undated);
        expect(c.replaced + c.added).toBe(fresh.length);
      }),
    );
  });

  test("the removed rows' periods: each with its count, in date order, adding up to removed (less those without a date); removedRows are those rows", () => {
    fc.assert(
      fc.property(storedRows, freshRows, (stored, fresh) => {
        const c = compare(stored, fresh);
        expect(c.periods.reduce((n, p) => n + p.rows, 0)).toBe(c.removed - c.undated);
        const days = c.periods.map((p) => p.period);
        expect(days).toEqual([...new Set(days)].sort());
        // Per period, the model: stored rows of that period beyond the fresh rows of the same key.
        const s = countBy(stored, keyOf);
        const f = countBy(fresh, keyOf);
        const dayOfKey = new Map(stored.map((r) => [keyOf(r), dayOf(r)]));
        const expected = new Map<string, number>();
        for (const [k, a] of s) {
          if (f.has(k)) continue; // repeats of a key still sent are not lost
          const lost = a;
          const day = dayOfKey.get(k)!;
          expected.set(day, (expected.get(day) ?? 0) + lost);
        }
        expect(c.periods).toEqual(
          [...expected.keys()].sort().map((period) => ({ period, rows: expected.get(period) })),
        );
        expect(c.removedRows.length).toBe(c.removed - c.undated);
        expect(c.removedRows.every((i) => !f.has(keyOf(stored[i])!))).toBe(true);
      }),
    );
  });

  test("whole periods: exactly the (retailer,) periods with stored rows and no fresh row, in date order", () => {
    fc.assert(
      fc.property(storedRows, freshRows, fc.boolean(), (stored, fresh, several) => {
        const c = compare(stored, fresh, several);
        const had = new Set(stored.map((r) => group(r, several)).filter((g): g is string => g !== null));
        const has = new Set(fresh.map((r) => group(r, several)));
        expect(new Set(c.wholePeriods)).toEqual(new Set([...had].filter((g) => !has.has(g))));
        expect(c.wholePeriods.length).toBe(new Set(c.wholePeriods).size);
        const day = (g: string) => g.slice(g.lastIndexOf(" ") + 1);
        expect(c.wholePeriods.map(day)).toEqual(c.wholePeriods.map(day).sort());
        if (!several) expect(c.wholePeriods.every((g) => !g.includes(" "))).toBe(true);
      }),
    );
  });

  test("the same rows in any order (codes as numbers or text) lose nothing and hold nothing", () => {
    const sameRows = fc
      .array(keyedRow, { maxLength: 30 })
      .chain((rows) => fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length })));
    fc.assert(
      fc.property(sameRows, ([rows, shuffled]) => {
        const asText = shuffled.map((r) => ({ ...r, key: [r.key[0], r.key[1], String(r.key[2])] }));
        const c = compare(rows, asText);
        expect({ removed: c.removed, added: c.added, replaced: c.replaced }).toEqual({
          removed: 0,
          added: 0,
          replaced: rows.length,
        });
        expect(c.wholePeriods).toEqual([]);
        expect(heldBy(c)).toBe(false);
      }),
    );
  });

  test("blanked: per metric, the matched rows whose stored figure the answer sends empty, with their periods", () => {
    fc.assert(
      fc.property(
        fc.array(keyedRow, { maxLength: 30 }),
        fc.array(fc.tuple(metricCell, metricCell), { maxLength: 30 }),
        (stored, cells) => {
          // The same keys, new metric cells: every row is matched with itself.
          const unique = [...new Map(stored.map((r) => [keyOf(r), r])).values()];
          const fresh = unique.map((r, i) => ({ key: r.key, metrics: cells[i] ?? r.metrics }));
          const c = compare(unique, fresh);
          const expected = METRICS.flatMap((metric, m) => {
            const hit = unique.filter((r, i) => !empty(r.metrics[m]) && empty(fresh[i].metrics[m]));
            if (hit.length === 0) return [];
            const periods = [...new Set(hit.map((r) => dayOf(r)!))].sort();
            return [{ metric, rows: hit.length, periods }];
          });
          expect(c.blanked).toEqual(expected);
        },
      ),
    );
  });
});

describe("the losses rule", () => {
  test("held exactly when more is removed than replaced and added, or a whole period goes; the words say which", () => {
    fc.assert(
      fc.property(storedRows, freshRows, fc.boolean(), (stored, fresh, several) => {
        const c = compare(stored, fresh, several);
        const tooMany = c.removed > c.replaced + c.added;
        const whole = c.wholePeriods.length > 0;
        expect(heldBy(c)).toBe(tooMany || whole);
        // Refresh anyway with any loss (true) never holds.
        expect(heldBy(c, true)).toBe(false);
        // Nothing removed, nothing held.
        if (c.removed === 0) expect(heldBy(c)).toBe(false);
        if (c.removed === 0) return;
        const held = lossesText(c, true, "daily", "2026-11-25").said;
        expect(held.includes("nothing at all for")).toBe(whole);
        expect(held.includes(`it would write only ${c.replaced + c.added} row`)).toBe(tooMany);
      }),
    );
  });

  test("one retailer's period gone from a table of several holds it; the same rows in a one-retailer view may not", () => {
    const row = (d: number, retailer: string, s: number): Row => ({
      key: [addDays(FIRST, d), retailer, s],
      metrics: [1, 1],
    });
    const stored = [row(0, "northmart", 1), row(0, "freshway", 1), row(1, "northmart", 1), row(1, "freshway", 1)];
    const fresh = stored.filter((r) => !(r.key[0] === addDays(FIRST, 1) && r.key[1] === "freshway"));
    const c = compare(stored, fresh, true);
    expect(c.wholePeriods).toEqual(["freshway 2026-11-17"]);
    expect(heldBy(c)).toBe(true);
    expect(lossesText(c, true, "daily", "2026-11-25").said).not.toContain("it would write only");
    // Without the retailer (one retailer's table), 17 Nov still has rows: one row removed of four, written.
    const one = compare(stored, fresh, false);
    expect(one.wholePeriods).toEqual([]);
    expect(heldBy(one)).toBe(false);
  });
});

describe("Refresh anyway accepts what was shown, no more", () => {
  test("the same losses again, or fewer, are within; a row more, of a period not shown, or a whole period more are not", () => {
    fc.assert(
      fc.property(storedRows, freshRows, freshRows, (stored, fresh, later) => {
        const shown = compare(stored, fresh);
        const approved = approvalOf(shown);
        // Refresh anyway: held by the losses rule, and not beyond what it accepted (checked through heldBy, the
        // rule the refresh and the sync apply).
        const within = (c: WindowComparison) => !heldBy(c, approved);
        expect(within(shown)).toBe(true);
        // Any other answer: within exactly when it removes no more rows in all, per period, without a date, and
        // no whole period that was not shown.
        const now = compare(stored, later);
        const per = new Map(shown.periods.map((p) => [p.period, p.rows]));
        const model =
          now.removed <= shown.removed &&
          now.undated <= shown.undated &&
          now.periods.every((p) => p.rows <= (per.get(p.period) ?? 0)) &&
          now.wholePeriods.every((g) => shown.wholePeriods.includes(g));
        expect(within(now)).toBe(model || !heldBy(now));
        // The answer shown plus fewer losses: a fresh row put back never makes it go beyond.
        if (now.removed === 0) expect(within(now)).toBe(true);
      }),
    );
  });

  test("an example: shown 19 Nov (whole); later 19 and 20 Nov: beyond", () => {
    const row = (d: number, s: number): Row => ({ key: [addDays(FIRST, d), "northmart", s], metrics: [1, 1] });
    const stored = [0, 1, 2, 3, 4].flatMap((d) => [row(d, 1), row(d, 2)]);
    const shown = compare(
      stored,
      stored.filter((r) => r.key[0] !== addDays(FIRST, 3)),
      false,
    );
    expect(shown).toEqual(expect.objectContaining({ removed: 2, wholePeriods: ["2026-11-19"] }));
    const later = compare(
      stored,
      stored.filter((r) => r.key[0] !== addDays(FIRST, 3) && r.key[0] !== addDays(FIRST, 4)),
      false,
    );
    expect(heldBy(later, approvalOf(shown))).toBe(true);
    // One row of 19 Nov back: fewer losses than shown, within (and no whole period any more).
    const fewer = compare(
      stored,
      stored.filter((r) => !(r.key[0] === addDays(FIRST, 3) && r.key[2] === 1)),
      false,
    );
    expect(heldBy(fewer, approvalOf(shown))).toBe(false);
    // As many rows, of another day: beyond.
    const other = compare(
      stored,
      stored.filter((r) => r.key[0] !== addDays(FIRST, 1)),
      false,
    );
    expect(heldBy(other, approvalOf(shown))).toBe(true);
  });
});

describe("words", () => {
  const tfs = fc.constantFrom("daily", "weekly", "monthly" as const);

  test("written: the rows and their dates; held: why, and that nothing was written (the pane's sentence apart)", () => {
    fc.assert(
      fc.property(storedRows, freshRows, tfs, (stored, fresh, tf) => {
        const c = compare(stored, fresh);
        fc.pre(c.removed > 0);
        const written = lossesText(c, false, tf, "2026-11-25");
        expect(written.anyway).toBeUndefined();
        expect(lossesSentences(written)).toBe(written.said);
        expect(written.said).toMatch(new RegExp(`^The service no longer sends ${c.removed} stored rows? \\(`));
        expect(written.said).toMatch(/removed from the table\.$/);
        if (c.undated > 0)
          expect(written.said).toContain(`${c.undated} row${c.undated === 1 ? "" : "s"} without a date)`);
        const held = lossesText(c, true, tf, "2026-11-25");
        expect(held.said.endsWith("The table was left as it was.")).toBe(true);
        expect(held.said).not.toContain(REFRESH_ANYWAY);
        expect(held.anyway).toBe(REFRESH_ANYWAY);
        expect(lossesSentences(held)).toBe(`${held.said} ${REFRESH_ANYWAY}`);
        if (c.wholePeriods.length > 0) expect(held.said).toContain("nothing at all for");
        // Never a sentence's full stop before a semicolon, nor the old wording of the second reason.
        expect(lossesSentences(held)).not.toMatch(/\.[;,]/);
        expect(held.said).not.toContain("more rows than it replaces");
      }),
    );
  });

  test("dates as ranges: consecutive periods are one range with their rows; no day named twice", () => {
    fc.assert(
      fc.property(storedRows, freshRows, tfs, (stored, fresh, tf) => {
        const c = compare(stored, fresh, false);
        fc.pre(c.removed > c.undated);
        // "(16-18 Nov: 6, 20-22 Nov: 7, 1 row without a date)": each run of periods once, with its rows.
        const said = lossesText(c, false, tf, "2026-11-25").said;
        const runs = [.../\(([^)]*)\)/.exec(said)![1].matchAll(/(?:^|, )([^,:]+): (\d+)/g)];
        expect(runs.reduce((n, r) => n + Number(r[2]), 0)).toBe(c.removed - c.undated);
        expect(new Set(runs.map((r) => r[1])).size).toBe(runs.length);
        const held = lossesText(c, true, tf, "2026-11-25").said;
        if (c.wholePeriods.length === c.periods.length && c.wholePeriods.length > 0)
          expect(held).toMatch(/nothing at all for (that|those) (day|week|month)s?[.,]/);
      }),
    );
  });

  test("examples", () => {
    const periods = [
      { period: "2026-11-18", rows: 2 },
      { period: "2026-11-19", rows: 2 },
    ];
    const c = { removed: 4, undated: 0, replaced: 40, added: 0, periods, wholePeriods: [] };
    expect(lossesText(c, false, "daily", "2026-11-25")).toEqual({
      said: "The service no longer sends 4 stored rows (18-19 Nov: 4); they were removed from the table.",
    });
    const days = [16, 17, 18, 20, 21, 22].map((d) => ({ period: `2026-11-${d}`, rows: d === 20 ? 3 : 2 }));
    expect(lossesText({ ...c, removed: 14, undated: 1, periods: days }, false, "daily", "2026-11-25").said).toBe(
      "The service no longer sends 14 stored rows (16-18 Nov: 6, 20-22 Nov: 7, 1 row without a date); they were removed from the table.",
    );
    // Held: whole periods that are every period removed are not named twice.
    expect(
      lossesText(
        { ...c, removed: 12, periods: [{ period: "2026-11-19", rows: 12 }], wholePeriods: ["2026-11-19"] },
        true,
        "daily",
        "2026-11-25",
      ),
    ).toEqual({
      said: "The service no longer sends 12 stored rows (19 Nov: 12): nothing at all for that day. The table was left as it was.",
      anyway: REFRESH_ANYWAY,
    });
    expect(
      lossesSentences(
        lossesText(
          {
            removed: 20,
            undated: 0,
            replaced: 5,
            added: 0,
            periods: [{ period: "2026-11-16", rows: 20 }],
            wholePeriods: ["northmart 2026-11-16"],
          },
          true,
          "weekly",
          "2026-11-25",
        ),
      ),
    ).toBe(
      "The service no longer sends 20 stored rows (16-22 Nov: 20): nothing at all for northmart 16-22 Nov, and it would write only 5 rows. The table was left as it was. Nothing was written; refresh anyway from the pane to accept it.",
    );
    // Some days whole, others not; asked with Refresh anyway for less.
    expect(
      lossesText(
        { ...c, removed: 60, replaced: 48, periods: days, wholePeriods: ["2026-11-17", "2026-11-18", "2026-11-21"] },
        true,
        "daily",
        "2026-11-25",
        true,
      ).said,
    ).toBe(
      "The service no longer sends 60 stored rows (16-18 Nov: 6, 20-22 Nov: 7): nothing at all for 17-18 Nov, 21 Nov, and it would write only 48 rows. That is more than you accepted with Refresh anyway. The table was left as it was.",
    );
    expect(
      blankedText(
        [
          { metric: "revenue", rows: 3, periods: ["2026-11-18", "2026-11-19"] },
          { metric: "units", rows: 1, periods: ["2026-11-19"] },
        ],
        "daily",
        "2026-11-25",
      ),
    ).toBe(
      "The service sent no value where the table had figures: revenue in 3 rows (18-19 Nov); units in 1 row (19 Nov). Those cells are empty now.",
    );
  });

  test("rows are paired by the user columns' row key: no key without a day for its period; codes as numbers or text are one key", () => {
    expect(rowKey(["", "a", 1])).toBeNull();
    expect(rowKey([keyCellsOf(["total"], ISO_DAY_CELLS)[0], "a", 1])).toBeNull();
    expect(rowKey([excelSerial(FIRST), "a", 1])).toBeNull(); // a serial is a table's cell, not a key's day
    expect(rowKey(["16/11/2026", "a", 1])).toBeNull();
    // The key names the day by its Excel serial, as written-keys records saved in workbooks have it.
    expect(rowKey([FIRST, "northmart", 100002])).toBe(JSON.stringify([excelSerial(FIRST), "northmart", "100002"]));
    expect(rowKey([FIRST, "northmart", 100002])).toBe(rowKey([FIRST, "northmart", "100002"]));
    expect(rowKey([FIRST, null, 1])).toBe(rowKey([FIRST, "", "1"]));
  });
});
