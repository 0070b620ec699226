// The user's rows inside a refresh's window (src/core/refresh/userRows.ts) told from the add-in's by the record of
// what it wrote (src/core/refresh/writtenKeys.ts), on plain values: the record's encoding, which rows are the user's
// (whatever window the table holds after a failure between the record and the rows), where they go, their words,
// and the plan that keeps them out of the losses and the revision.
import fc from "fast-check";
import { addDays, type IsoDate } from "../../src/core/dates";
import { EXCEL_DAY_CELLS, excelSerial } from "../../src/excel/excelDays";
import type { Column } from "../../src/core/answer/tabulate";
import { planFromStored, revisionOf, type PlanInput } from "../../src/core/refresh/plan";
import { rowKey } from "../../src/core/refresh/userColumns";
import { keysText, placeUserRows, userRowsOf, userRowsText } from "../../src/core/refresh/userRows";
import {
  decodeHashes,
  keyHash,
  parseWrittenKeys,
  writtenKeys,
  type WrittenKeys,
} from "../../src/core/refresh/writtenKeys";

const W1 = "2026-11-09";
const W2 = "2026-11-16";
const W3 = "2026-11-23";
const PERIODS = [W1, W2, W3];

/** The caps the record is documented with (docs/refresh.md, "The cap"). */
const EXACT_KEYS_PER_PERIOD = 8192;
const EXACT_KEYS_PER_RECORD = 65_536;

type Key = [IsoDate, string];
const keyed = (rows: readonly Key[]) => rows.map(([p, sku]) => ({ period: p, key: rowKey([p, sku])! }));
const recordOf = (rows: readonly Key[]): WrittenKeys => writtenKeys("2026-11-09", keyed(rows));

describe("the record", () => {
  test("a period's keys are its written keys' hashes, read back sorted and distinct, at most 5 bytes of base64 each", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 300 }), (keys) => {
        const r = writtenKeys(
          "2026-11-09",
          keys.map((key) => ({ period: W2, key })),
        );
        const hashes = new Set(keys.map(keyHash));
        if (keys.length === 0) return expect(r.periods).toEqual([]);
        const text = r.periods[0].keys!;
        expect(decodeHashes(text)).toEqual([...hashes].sort((a, b) => a - b));
        expect(text.length).toBeLessThanOrEqual(Math.ceil((hashes.size * 5) / 3) * 4);
      }),
    );
  });

  test("read back from the workbook's JSON; anything else is no record", () => {
    const r = recordOf([[W2, "100002"]]);
    expect(parseWrittenKeys(JSON.stringify(r))).toEqual(r);
    expect(parseWrittenKeys("{not json")).toBeNull();
    expect(parseWrittenKeys({ version: 2, from: "2026-11-09", periods: [] })).toBeNull();
    expect(parseWrittenKeys(undefined)).toBeNull();
    expect(decodeHashes("***")).toBeNull();
  });

  test("a record over its whole budget keeps the newest periods exact, the older ones as digests", () => {
    const weeks = Array.from({ length: 9 }, (_, w) => addDays(W1, 7 * (w - 8)));
    const keys = weeks.flatMap((p) => Array.from({ length: 8000 }, (_, i) => ({ period: p, key: `${p} ${i}` })));
    const r = writtenKeys("2026-01-01", keys);
    expect(r.periods.map((p) => p.keys !== undefined)).toEqual([false, ...Array<boolean>(8).fill(true)]);
    expect(8 * 8000).toBeLessThanOrEqual(EXACT_KEYS_PER_RECORD);
  });

  test("periods before `from` are not recorded; a period over the cap keeps its count and digest only", () => {
    const many: Key[] = Array.from({ length: EXACT_KEYS_PER_PERIOD + 1 }, (_, i) => [W3, `s${i}`]);
    const r = writtenKeys("2026-11-16", keyed([[W1, "1"], [W2, "1"], ...many]));
    expect(r.periods.map((p) => [p.period, p.rows, p.keys !== undefined, p.sum !== undefined])).toEqual([
      ["2026-11-16", 1, true, false],
      ["2026-11-23", EXACT_KEYS_PER_PERIOD + 1, false, true],
    ]);
    // At the cap, still exact.
    const atCap = writtenKeys("2026-11-16", keyed(many.slice(1)));
    expect(atCap.periods.map((p) => [p.rows, p.keys !== undefined])).toEqual([[EXACT_KEYS_PER_PERIOD, true]]);
  });
});

/** Rows of SKUs 1..n per period, and rows the user typed (SKU ADJ..., never written). */
const skus = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 });
const written = fc
  .tuple(skus, skus, skus)
  .map(([a, b, c]) => [a, b, c].flatMap((s, k) => s.map((n): Key => [PERIODS[k], String(100000 + n)])));
const typed = fc.array(fc.tuple(fc.constantFrom(...PERIODS), fc.constantFrom("ADJ", "ADJ2", "100001")), {
  maxLength: 5,
});

describe("which stored rows are the user's", () => {
  test("exactly the rows whose key was never written and is not sent, in the old window or the new one alike", () => {
    fc.assert(
      fc.property(written, written, written, typed, fc.boolean(), (old, now, next, mine, failed) => {
        // The record the write saves: the new answer's keys and the old window's service rows.
        const record = recordOf([...now, ...old]);
        // A failure between the record and the rows leaves the old window; else the new one (the user's rows kept).
        const table: Key[] = [...(failed ? old : now), ...mine];
        const stored = table.map(([p, s]) => [p, s]);
        // The next refresh's answer.
        const users = userRowsOf({ record, stored, fresh: next.map(([p, s]) => [p, s]) });
        const writtenKey = new Set([...old, ...now].map(([p, s]) => `${p} ${s}`));
        const sent = new Set(next.map(([p, s]) => `${p} ${s}`));
        const expected = table.flatMap(([p, s], i) =>
          !writtenKey.has(`${p} ${s}`) && !sent.has(`${p} ${s}`) ? [i] : [],
        );
        expect(users).toEqual(expected);
      }),
    );
  });

  test("no record (a table from before it): every row is the add-in's; a period the record lacks holds only yours", () => {
    const stored = [
      [W2, "100001"],
      [W2, "ADJ"],
      [W3, "ADJ"],
    ];
    expect(userRowsOf({ record: null, stored, fresh: [] })).toEqual([]);
    expect(userRowsOf({ record: recordOf([[W2, "100001"]]), stored, fresh: [] })).toEqual([1, 2]);
    // Before the record's first period: the add-in's.
    expect(userRowsOf({ record: writtenKeys("2026-11-23", []), stored, fresh: [] })).toEqual([2]);
    // A row with the key of a row the service sends is the service's, whoever typed it.
    expect(userRowsOf({ record: recordOf([[W2, "100001"]]), stored, fresh: [[W2, "ADJ"]] })).toEqual([2]);
  });

  test("a digest period: one row more than written is named; two are not (all taken as the add-in's)", () => {
    const many: Key[] = Array.from({ length: EXACT_KEYS_PER_PERIOD + 5 }, (_, i) => [W2, `s${i}`]);
    const record = recordOf(many);
    const rows = many.map(([p, s]) => [p, s]);
    expect(userRowsOf({ record, stored: rows, fresh: [] })).toEqual([]);
    expect(userRowsOf({ record, stored: [...rows, [W2, "ADJ"]], fresh: [] })).toEqual([rows.length]);
    expect(userRowsOf({ record, stored: [...rows, [W2, "ADJ"], [W2, "ADJ2"]], fresh: [] })).toEqual([]);
  });
});

describe("where they go and what is said", () => {
  test("each in its period, after the service's rows of that period, in stored order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PERIODS), { maxLength: 20 }).map((p) => [...p].sort()),
        fc.array(fc.constantFrom(...PERIODS), { maxLength: 6 }),
        (fresh, users) => {
          const kept = placeUserRows(
            fresh,
            users.map((period, row) => ({ row, period })),
          );
          const out: { user?: number; period: IsoDate }[] = fresh.map((period) => ({ period }));
          for (const k of [...kept].sort((a, b) => a.at - b.at))
            out.splice(k.at, 0, { user: k.row, period: users[k.row] });
          expect(out.map((r) => r.period)).toEqual([...out.map((r) => r.period)].sort());
          // After every service row of its period, and the user's rows of a period in their stored order.
          out.forEach((r, i) => {
            if (r.user !== undefined)
              expect(out.slice(i + 1).some((n) => n.user === undefined && n.period === r.period)).toBe(false);
          });
          const order = out.flatMap((r) => (r.user === undefined ? [] : [{ period: r.period, user: r.user }]));
          expect(order).toEqual(
            [...order].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : a.user - b.user)),
          );
        },
      ),
    );
  });

  test("the words name each row by its codes and period, up to five", () => {
    expect(keysText([[W2, "ADJ"]], "weekly", "2026-11-24")).toBe("ADJ, 16-22 Nov");
    expect(keysText([[W2, "northmart", 100002, "12"]], "daily", "2026-11-24")).toBe("northmart / 100002 / 12, 16 Nov");
    expect(userRowsText([[W2, "ADJ"]], "weekly", "2026-11-24")).toBe("kept your row ADJ, 16-22 Nov");
    const seven = Array.from({ length: 7 }, (_, i) => [W2, `A${i}`]);
    expect(userRowsText(seven, "weekly", "2026-11-24")).toBe(
      "kept your 7 rows A0, 16-22 Nov; A1, 16-22 Nov; A2, 16-22 Nov; A3, 16-22 Nov; A4, 16-22 Nov and 2 more",
    );
  });
});

describe("the plan keeps them out of the losses and the revision", () => {
  const COLUMNS: Column[] = [
    { name: "week", kind: "date" },
    { name: "sku", kind: "code" },
    { name: "revenue", kind: "decimal" },
  ];
  // The plan reads a table's cells: its days are Excel's serials (the record's keys name the same rows).
  const [S1, S2, S3] = PERIODS.map(excelSerial);
  const input = (values: (string | number)[][], written: WrittenKeys | null): PlanInput => ({
    tableName: "Sales_weekly",
    when: { today: "2026-11-24", lastRead: "2026-11-23", level: "sku", timeframe: "weekly" },
    window: { kind: "window", from: "2026-11-16", to: "2026-11-24", start: "2026-11-16" },
    tail: { count: 5, offset: 0, periods: [S1, S1, S2, S2, S2], dayCells: EXCEL_DAY_CELLS },
    several: false,
    answer: {
      data: { columns: COLUMNS, values },
      periodIndex: 0,
    },
    gaps: [],
    written,
  });
  const STORED = [
    [S2, 1, 10],
    [S2, "ADJ", -512.34],
    [S2, 2, 20],
  ];
  const ANSWER = [
    [S2, "1", 10],
    [S2, "2", 20],
    [S3, "1", 5],
  ];

  test("the adjustment row is kept after its week's service rows, named, never a loss; the record is the answer's and the service's rows", () => {
    const plan = planFromStored(
      input(
        ANSWER,
        recordOf([
          [W2, "1"],
          [W2, "2"],
        ]),
      ),
      { window: STORED },
    );
    if (plan.kind !== "write") throw new Error(plan.kind);
    expect(plan.holds.losses).toBeUndefined();
    expect({
      replaced: plan.comparison.replaced,
      added: plan.comparison.added,
      removed: plan.comparison.removed,
    }).toEqual({ replaced: 2, added: 1, removed: 0 });
    expect(plan.kept).toEqual([{ row: 1, at: 2 }]);
    expect(plan.userRows).toEqual({ rows: 1, text: "kept your row ADJ, 16-22 Nov" });
    expect(plan.record?.periods.map((p) => [p.period, p.rows])).toEqual([
      ["2026-11-16", 2],
      ["2026-11-23", 1],
    ]);
    // The revision: the user's credit is not the service's correction.
    const before = { periods: STORED.map((r) => r[0]), values: STORED.map((r) => [r[2]]) };
    const [revenue] = revisionOf(input(ANSWER, null), before, [1]);
    expect([revenue.before, revenue.after, revenue.change]).toEqual([30, 30, 0]);
    expect(plan.comparison.same).toBe(2);
  });

  test("a table from before the record: the adjustment is the add-in's, removed and named by key", () => {
    const plan = planFromStored(input(ANSWER, null), { window: STORED });
    if (plan.kind !== "write") throw new Error(plan.kind);
    expect(plan.kept).toEqual([]);
    // Recorded with the rows it removes: a failure between the record and the rows leaves them the add-in's.
    expect(plan.record?.periods.map((p) => [p.period, p.rows])).toEqual([
      ["2026-11-16", 3],
      ["2026-11-23", 1],
    ]);
    expect(plan.holds.losses?.text).toBe(
      "The service no longer sends 1 stored row (16-22 Nov: 1); it was removed from the table: ADJ, 16-22 Nov.",
    );
  });

  test("a repeat of a service row's key gives way to the service's row and is said apart", () => {
    const stored = [...STORED.slice(0, 1), [S2, "1", 99], ...STORED.slice(2)];
    const plan = planFromStored(
      input(
        ANSWER,
        recordOf([
          [W2, "1"],
          [W2, "2"],
        ]),
      ),
      { window: stored },
    );
    if (plan.kind !== "write") throw new Error(plan.kind);
    expect(plan.comparison.repeated).toEqual([1]);
    expect(plan.warnings).toContain(
      "1 stored row repeated a row the service sends (1, 16-22 Nov); the table keeps each such row once, with the service's figures.",
    );
  });
});
