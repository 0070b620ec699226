// TabulateStream (src/core/answer/tabulateStream.ts): an answer tabulated a batch at a time, in chunks that come in
// any order, ends as tabulate's table of the same rows in chunk order, cell for cell and column for column.
import fc from "fast-check";
import { tabulate } from "../../src/core/answer/tabulate";
import { TabulateStream } from "../../src/core/answer/tabulateStream";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";
import { runs } from "../support/properties";

type Row = Record<string, unknown>;

const day = (i: number) => `2026-11-${String(16 + (i % 7)).padStart(2, "0")}T00:00:00Z`;

/** Store rows of a week, with what answers send: text codes, nulls, a field only later rows have, a comparison. */
const rowArb = fc.record(
  {
    date: fc.integer({ min: 0, max: 6 }).map(day),
    store_id: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom("7", "x1")),
    store_name: fc.constantFrom("1 - Leeds", "2 - York", "=SUM(1)"),
    sku: fc.integer({ min: 100001, max: 100003 }),
    product_name: fc.constantFrom("Juice", "+Vita Bar"),
    revenue: fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(null)),
    units: fc.option(fc.integer({ min: 0, max: 500 })),
    revenue_vs_period_pct: fc.option(fc.oneof(fc.double({ min: -100, max: 100, noNaN: true }), fc.constant("n/a"))),
  },
  { requiredKeys: ["date", "store_id", "sku"] },
);

const FIELDS = ["date", "store_id", "store_name", "sku", "product_name", "revenue", "units", "revenue_vs_period_pct"];

test("fed in batches and chunks of any order, it ends as tabulate's table of the rows in chunk order", () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(rowArb, { maxLength: 12 }), { minLength: 1, maxLength: 5 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 4 }),
      fc.infiniteStream(fc.nat()),
      (chunks, comparison, batch, order) => {
        const query = {
          metrics: ["revenue", "units"] as ("revenue" | "units")[],
          ...(comparison ? { comparison: "period" as const } : {}),
        };
        const rows = chunks.flat();
        const present = new Set<string>();
        for (const r of rows) for (const k in r) present.add(k);
        const fields = FIELDS.filter((f) => present.has(f));
        const expected = tabulate({ rows, periodField: "date", fields, omittedMetrics: [] }, query, EXCEL_DAY_CELLS);
        const stream = new TabulateStream(query, EXCEL_DAY_CELLS);
        // Every chunk's batches, the chunks taken in a shuffled order.
        const pending = chunks.map((c, i) => ({ i, c }));
        const it = order[Symbol.iterator]();
        while (pending.length > 0) {
          const { i, c } = pending.splice(it.next().value % pending.length, 1)[0];
          for (let at = 0; at < c.length; at += batch) stream.add(i, c.slice(at, at + batch) as Row[], "date");
        }
        expect(stream.end(fields, [])).toEqual(expected);
      },
    ),
    runs(3_000, 300),
  );
});

test("no rows: the columns of the metrics asked, as tabulate gives them", () => {
  const query = { metrics: ["revenue", "stock"] as ("revenue" | "stock")[] };
  const expected = tabulate(
    { rows: [], periodField: undefined, fields: [], omittedMetrics: ["stock"] },
    query,
    EXCEL_DAY_CELLS,
  );
  expect(new TabulateStream(query, EXCEL_DAY_CELLS).end([], ["stock"])).toEqual(expected);
});
