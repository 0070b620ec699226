// The record of the keys a pull wrote, made a slice at a time (src/refresh/pulledKeys.ts), is writtenKeys' record of
// the same keys: a period of a few keys (kept exact), one of 10,000 (digested by writtenKeys) and one of 20,000
// (hashed as they come, past what is kept as text), a period before the record's start, and rows not written.
import fc from "fast-check";
import { addDays, type IsoDate } from "../../src/core/dates";
import type { Column } from "../../src/core/answer/tabulate";
import { keyHash, writtenKeys } from "../../src/core/refresh/writtenKeys";
import { rowKey, rowKeyHash } from "../../src/core/refresh/userColumns";
import { excelRowKey, excelSerial } from "../../src/excel/excelDays";
import { pulledKeys } from "../../src/refresh/pulledKeys";

const columns: Column[] = [
  { name: "date", kind: "date" },
  { name: "sku", kind: "code" },
  { name: "store_id", kind: "code" },
  { name: "revenue", kind: "decimal" },
];

const DAYS: IsoDate[] = ["2026-11-20", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"];

function rowsOf(day: IsoDate, keys: number): (string | number)[][] {
  return Array.from({ length: keys }, (_, i) => [excelSerial(day), `S${i % 300}`, `T${Math.floor(i / 300)}`, i]);
}

test("a pull's record of keys is writtenKeys' over the rows it wrote", async () => {
  const values = [
    ...rowsOf("2026-11-20", 50), // before the record's start
    ...rowsOf("2026-11-23", 7),
    ...rowsOf("2026-11-24", 10_000),
    ...rowsOf("2026-11-25", 20_000),
    ...rowsOf("2026-11-25", 20), // a key written twice counts once
    ...rowsOf("2026-11-26", 500), // not written (a cancel or a failure after the rows before)
  ];
  const written = values.length - 500;
  const from = "2026-11-23";
  let turns = 0;
  const record = await pulledKeys({ columns, values }, 0, written, from, () => {
    turns++;
    return undefined;
  });
  const dayOf = new Map(DAYS.map((d) => [excelSerial(d), d]));
  const keys = values
    .slice(0, written)
    .map((r) => ({ period: dayOf.get(r[0] as number)!, key: excelRowKey(r.slice(0, 3))! }));
  expect(record).toEqual(writtenKeys(from, keys));
  expect(record!.periods.map((p) => [p.period, p.rows, p.keys !== undefined])).toEqual([
    ["2026-11-23", 7, true],
    ["2026-11-24", 10_000, false],
    ["2026-11-25", 20_000, false],
  ]);
  // It gave the pace a call every slice of rows.
  expect(turns).toBeGreaterThan(written / 1024);
});

test("no period column, no record", async () => {
  expect(await pulledKeys({ columns, values: rowsOf("2026-11-23", 3) }, -1, 3, "2026-11-23", () => undefined)).toBe(
    undefined,
  );
});

test("a row's key hash is keyHash of its key, whatever its codes hold", () => {
  const code = fc.oneof(
    fc.string({ unit: "binary" }), // quotes, backslashes, control characters, lone surrogates
    fc.string({ unit: "grapheme" }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  fc.assert(
    fc.property(fc.integer({ min: -40_000, max: 40_000 }), fc.array(code, { maxLength: 4 }), (n, codes) => {
      const day = addDays("2000-01-01", n);
      const row = ["period", ...codes];
      expect(
        rowKeyHash(
          day,
          row,
          codes.map((_, i) => i + 1),
        ),
      ).toBe(keyHash(rowKey([day, ...codes])!));
    }),
  );
});
