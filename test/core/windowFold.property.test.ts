// The rules as one fold (src/core/refresh/windowFold.ts) decide exactly as the rules over whole arrays did before
// (test/support/rulesBefore.ts, the code as it was): the losses rule's comparison, the unit changes (with a narrow
// window's levels) and the revision's totals, on random windows with repeated keys, rows without a day, blanks,
// several retailers and figures moved by a power of ten. And a database's feed, the same rows in key order chunk by
// chunk (KeyOrderFeed), decides the same: every count, period and change, the stored rows told by their place in key order.
import fc from "fast-check";
import { addDays, compareDays, type IsoDate } from "../../src/core/dates";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";
import type { WindowSide } from "../../src/core/refresh/losses";
import { checkWindow } from "../../src/core/refresh/unitChange";
import { ExactSum, totalsChanges, windowChanges } from "../../src/core/refresh/revisions";
import { keyCellsOf, rowKey } from "../../src/core/refresh/userColumns";
import { KeyOrderFeed, WindowFold, type WindowComparison, type WindowPair } from "../../src/core/refresh/windowFold";
import { checkWindowBefore, compareWindowBefore, windowChangesBefore } from "../support/rulesBefore";
import { runs } from "../support/properties";
import type { UnchangedRows } from "../../src/core/refresh/countedRows";

const FIRST = "2026-11-16";
const METRICS = ["revenue", "units"];
const RETAILERS = ["northmart", "freshway"];

interface Row {
  key: unknown[];
  metrics: unknown[];
}

const figure = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 900 }).map((v) => v / 4) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -0, null, "") },
);
/** A SKU code as a table reads it back (a number) or as the service sends it (text): the same key. */
const sku = fc.integer({ min: 1, max: 4 }).chain((n) => fc.constantFrom<unknown>(n, String(n)));
const keyed: fc.Arbitrary<Row> = fc.record({
  key: fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.constantFrom(...RETAILERS), sku)
    .map(([d, r, s]) => [addDays(FIRST, d), r, s]),
  metrics: fc.tuple(figure, figure),
});
const undated: fc.Arbitrary<Row> = fc.record({
  key: fc
    .tuple(fc.constantFrom<unknown>("", null, "total", "18/11/2026"), fc.constantFrom<unknown>("", "northmart"), sku)
    .map((cells) => keyCellsOf(cells, EXCEL_DAY_CELLS)),
  metrics: fc.tuple(fc.constantFrom<unknown>("", null, 4), figure),
});

/** A fresh row from a stored one: as it was, revised, a power of ten away, blanked. */
const revisedFrom = (r: Row): fc.Arbitrary<Row> =>
  fc
    .constantFrom<(v: unknown) => unknown>(
      (v) => v,
      (v) => (typeof v === "number" ? v * 1.01 : v),
      (v) => (typeof v === "number" ? v * 100 : v),
      (v) => (typeof v === "number" ? v / 1000 : v),
      () => "",
    )
    .map((f) => ({ key: [...r.key], metrics: r.metrics.map(f) }));

/** A window: stored rows (some repeating a key, some without a day), and fresh rows revised from some of them or new. */
const windowOf = (withUndated: boolean, unique: boolean) =>
  fc
    .array(withUndated ? fc.oneof({ weight: 5, arbitrary: keyed }, { weight: 1, arbitrary: undated }) : keyed, {
      maxLength: 40,
    })
    .map((rows) => (unique ? uniqueByKey(rows) : rows))
    .chain((stored) =>
      fc.tuple(
        fc.constant(stored),
        fc.tuple(...stored.map((r) => fc.oneof(revisedFrom(r), fc.constant(null)))),
        fc.array(keyed, { maxLength: 10 }),
      ),
    )
    .map(([stored, revised, extra]) => {
      const fresh = uniqueByKey([...revised.filter((r): r is Row => r !== null && rowKey(r.key) !== null), ...extra]);
      return { stored, fresh };
    });

function uniqueByKey(rows: readonly Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const k = rowKey(r.key);
    if (k === null) return true;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const side = (rows: readonly Row[]): WindowSide => ({
  keys: rows.map((r) => r.key),
  metrics: rows.map((r) => r.metrics),
});

/** Key order as a database sorts it: the day, the retailer, the code as text (the rules' rowKey compares codes as text). */
const byKey = (a: Row, b: Row) =>
  compareDays(a.key[0] as IsoDate, b.key[0] as IsoDate) ||
  String(a.key[1]).localeCompare(String(b.key[1])) ||
  String(a.key[2]).localeCompare(String(b.key[2]));

/** The rows joined by key in key order, as a full outer join gives them (a key repeated by stored rows once each). */
function joined(stored: readonly Row[], fresh: readonly Row[]): WindowPair[] {
  const row = (r: Row) => ({ keys: r.key, metrics: r.metrics });
  const freshOf = new Map(fresh.map((r) => [rowKey(r.key)!, row(r)]));
  const storedKeys = new Set(stored.map((r) => rowKey(r.key)));
  const pairs = [
    ...stored.map((s) => ({ row: s, pair: { stored: row(s), fresh: freshOf.get(rowKey(s.key)!) } })),
    ...fresh.filter((f) => !storedKeys.has(rowKey(f.key))).map((f) => ({ row: f, pair: { fresh: row(f) } })),
  ];
  return pairs.sort((a, b) => byKey(a.row, b.row)).map((p) => p.pair);
}

/** The comparison without what depends on the order the stored rows were told in (indexes, whole periods' order). */
const orderFree = (c: WindowComparison) => ({
  ...c,
  removedRows: c.removedRows.length,
  repeated: c.repeated.length,
  wholePeriods: [...c.wholePeriods].sort(),
});

test("the fold's comparison is the arrays' one, exactly, with repeated keys, undated rows and several retailers", () => {
  fc.assert(
    fc.property(windowOf(true, false), fc.boolean(), ({ stored, fresh }, several) => {
      const input = { stored: side(stored), fresh: side(fresh), metrics: METRICS, retailerAt: several ? 1 : undefined };
      expect(checkWindow(input).comparison).toEqual(compareWindowBefore(input));
    }),
    runs(2000, 300),
  );
});

test("the fold's unit changes are the arrays' ones, with complete periods and a narrow window's levels", () => {
  const settledRows = fc.array(
    fc.record({
      key: fc
        .tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom(...RETAILERS), sku)
        .map(([d, r, s]) => [addDays(FIRST, -7 * d), r, s]),
      metrics: fc.tuple(figure, figure),
    }),
    { maxLength: 12 },
  );
  fc.assert(
    fc.property(
      windowOf(true, false),
      fc.boolean(),
      fc.integer({ min: 0, max: 5 }),
      fc.option(settledRows),
      ({ stored, fresh }, several, completeDays, settled) => {
        const input = {
          stored: side(stored),
          fresh: side(fresh),
          metrics: METRICS,
          retailerAt: several ? 1 : undefined,
          complete: (p: IsoDate) => p < addDays(FIRST, completeDays),
          ...(settled ? { settled: side(settled) } : {}),
        };
        expect(checkWindow(input)).toEqual(checkWindowBefore(input));
      },
    ),
    runs(2000, 300),
  );
});

test("rows in key order, chunk by chunk, decide as the arrays do: every count, period and unit change", () => {
  fc.assert(
    fc.property(
      windowOf(false, false),
      fc.boolean(),
      fc.integer({ min: 1, max: 7 }),
      ({ stored, fresh }, several, chunk) => {
        const retailerAt = several ? 1 : undefined;
        const complete = (p: IsoDate) => p < addDays(FIRST, 3);
        const fold = new WindowFold({ metrics: METRICS, retailerAt, complete, totalsFrom: FIRST, keepRemoved: true });
        const feed = new KeyOrderFeed(fold);
        const pairs = joined(stored, fresh);
        for (let i = 0; i < pairs.length; i += chunk) for (const p of pairs.slice(i, i + chunk)) feed.add(p);
        const before = checkWindowBefore({
          stored: side(stored),
          fresh: side(fresh),
          metrics: METRICS,
          retailerAt,
          complete,
        });
        expect(orderFree(fold.comparison())).toEqual(orderFree(before.comparison));
        const key = (u: { retailer?: string; metric: string }) => `${u.retailer ?? ""} ${u.metric}`;
        const sorted = (us: { retailer?: string; metric: string }[]) =>
          [...us].sort((a, b) => key(a).localeCompare(key(b)));
        expect(sorted(fold.unitChanges())).toEqual(sorted(before.unitChanges));
        const rowsOf = (rows: readonly Row[]) => ({
          periods: rows.map((r) => r.key[0]),
          values: rows.map((r) => r.metrics),
        });
        const totals = windowChangesBefore(METRICS, FIRST, rowsOf(stored), rowsOf(fresh), complete);
        expect(totalsChanges(METRICS, FIRST, fold.before!, fold.after!, complete)).toEqual(totals);
      },
    ),
    runs(2000, 300),
  );
});

test("the revision's totals kept per period are the arrays' totals, to the last bit, in any order", () => {
  const value = fc.oneof(
    fc.double({ min: -1e12, max: 1e12, noNaN: true }),
    fc.constantFrom<unknown>(0.1, 0.2, 0.3, 1e16, -1e16, 1, "", null),
  );
  const rows = fc.array(
    fc.record({
      period: fc.constantFrom<unknown>(FIRST, addDays(FIRST, 1), addDays(FIRST, 2), addDays(FIRST, -1), ""),
      values: fc.tuple(value, value),
    }),
    { maxLength: 40 },
  );
  fc.assert(
    fc.property(rows, rows, (a, b) => {
      const of = (rs: typeof a) => ({ periods: rs.map((r) => r.period), values: rs.map((r) => r.values) });
      const reversed = (rs: typeof a) => of([...rs].reverse());
      const expected = windowChangesBefore(METRICS, FIRST, of(a), of(b));
      expect(windowChanges(METRICS, FIRST, of(a), of(b))).toEqual(expected);
      expect(windowChanges(METRICS, FIRST, reversed(a), reversed(b))).toEqual(expected);
    }),
    runs(2000, 300),
  );
});

/**
 * A database's counted feed (src/sync/unchangedRows.ts): the pairs that differ in key order, then each period's (and
 * retailer's) unchanged rows as one record, and the rows of each period the stored window has none of. Keys are one
 * per side there (repeats make it read every pair).
 */
function counted(pairs: readonly WindowPair[]): WindowPair[] {
  const same = (p: WindowPair) =>
    !!p.stored &&
    !!p.fresh &&
    p.stored.metrics.every((v, m) => v === p.fresh!.metrics[m] || (v == null && p.fresh!.metrics[m] == null));
  const groups = new Map<
    string,
    { keys: unknown[]; rows: number; nonZero: number[]; sums: ExactSum[]; blanks: number[] }
  >();
  for (const p of pairs.filter(same)) {
    const keys = p.stored!.keys;
    const id = `${String(keys[0])} ${String(keys[1])}`;
    let g = groups.get(id);
    const sums = [new ExactSum(), new ExactSum()];
    if (!g) groups.set(id, (g = { keys: [keys[0], keys[1]], rows: 0, nonZero: [0, 0], sums, blanks: [0, 0] }));
    g.rows++;
    p.stored!.metrics.forEach((v, m) => {
      if (typeof v === "number") {
        g.sums[m].add(v);
        if (v !== 0) g.nonZero[m]++;
      } else g.blanks[m]++;
    });
  }
  const records = [...groups.values()].map((g): UnchangedRows => ({ ...g, sums: g.sums.map((s) => s.value) }));
  // Periods the stored window has no row of: their fresh rows counted and summed as well (one record a retailer).
  const storedPeriods = new Set(pairs.flatMap((p) => (p.stored ? [String(p.stored.keys[0])] : [])));
  const isNew = (p: WindowPair) => !p.stored && p.fresh?.keys[0] != null && !storedPeriods.has(String(p.fresh.keys[0]));
  const added = new Map<string, { keys: unknown[]; rows: number; sums: ExactSum[]; blanks: number[] }>();
  for (const p of pairs.filter(isNew)) {
    const keys = p.fresh!.keys;
    const id = `${String(keys[0])} ${String(keys[1])}`;
    let g = added.get(id);
    if (!g)
      added.set(
        id,
        (g = { keys: [keys[0], keys[1]], rows: 0, sums: [new ExactSum(), new ExactSum()], blanks: [0, 0] }),
      );
    g.rows++;
    p.fresh!.metrics.forEach((v, m) => (typeof v === "number" ? g.sums[m].add(v) : g.blanks[m]++));
  }
  return [
    ...pairs.filter((p) => !same(p) && !isNew(p)),
    ...records.map((u) => ({ unchanged: u })),
    ...[...added.values()].map((g) => ({ added: { ...g, sums: g.sums.map((s) => s.value) } })),
  ];
}

test("a feed that counts the unchanged rows decides as one that tells every pair", () => {
  fc.assert(
    fc.property(
      windowOf(false, true),
      fc.boolean(),
      fc.integer({ min: 0, max: 5 }),
      ({ stored, fresh }, several, completeDays) => {
        const complete = (p: IsoDate) => p < addDays(FIRST, completeDays);
        const folded = (pairs: readonly WindowPair[]) => {
          const fold = new WindowFold({
            metrics: METRICS,
            retailerAt: several ? 1 : undefined,
            complete,
            totalsFrom: FIRST,
          });
          const feed = new KeyOrderFeed(fold);
          for (const p of pairs) feed.add(p);
          return {
            comparison: orderFree(fold.comparison()),
            narrow: fold.narrow,
            unitChanges: fold.unitChanges(),
            answered: [...fold.answeredPeriods].sort(),
            totals: totalsChanges(METRICS, FIRST, fold.before!, fold.after!, complete),
          };
        };
        const pairs = joined(stored, fresh);
        expect(folded(counted(pairs))).toEqual(folded(pairs));
      },
    ),
    runs(2000, 300),
  );
});
