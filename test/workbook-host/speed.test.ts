// Reads after load + sync inside helpers; the office-addins rules misread them.
/* eslint-disable office-addins/call-sync-before-read, office-addins/call-sync-after-load */
// The host's fast paths must measure and store exactly what the plain definitions say: response bytes are the
// length of the JSON of what is read, and big writes and reads stay quick enough for 200,000-row tests.
import fc from "fast-check";
import { createWorkbookHost } from "../../dev/workbook-host";
import { numberJsonLength } from "../../dev/workbook-host/grid";
import { runs } from "../support/properties";

describe("response size measured without stringifying", () => {
  test("numberJsonLength(v) === JSON.stringify(v).length for any double", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.double({ min: -1e6, max: 1e6, noNaN: true }),
          fc.integer().map((i) => i / 100),
          fc.integer().map((i) => i / 1000),
          fc.double({ min: 1e-7, max: 1e-5, noNaN: true }),
          fc.constantFrom(0, -0, 1e15, 1e15 - 1, 1e21, 1e-6, 1e-7, 0.1 + 0.2, 2 ** 53, -(2 ** 53) + 0.5),
        ),
        (v) => numberJsonLength(v) === JSON.stringify(v).length,
      ),
      runs(50_000, 5_000), // 5,000 still finds a shortcut broken on purpose (README, "Test run time")
    );
  });

  test("the bytes of a read are the JSON length of the values returned", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(
            fc.oneof(
              fc.double({ noNaN: true, noDefaultInfinity: true }),
              fc.string(),
              fc.string({ unit: "grapheme" }),
              fc.boolean(),
              fc.constant(""),
              fc.constant(null),
            ),
            { minLength: 3, maxLength: 3 },
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (grid) => {
          const host = createWorkbookHost();
          const values = await host.run(async (ctx) => {
            const sheet = ctx.workbook.worksheets.getItem("Sheet1");
            // Text format: strings land literally, so every kind of string is read back.
            sheet.getRangeByIndexes(0, 0, grid.length, 3).numberFormat = [["@", "General", "@"]].concat(
              grid.slice(1).map(() => ["@", "General", "@"]),
            );
            sheet.getRangeByIndexes(0, 0, grid.length, 3).values = grid as (string | number | boolean)[][];
            await ctx.sync();
            host.stats.reset();
            const r = sheet.getRangeByIndexes(0, 0, grid.length + 1, 4);
            r.load("values");
            await ctx.sync();
            return r.values;
          });
          expect(host.stats.responseBytes[0]).toBe(JSON.stringify(values).length);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("speed", () => {
  // How fast is a benchmark figure (excel.write_ms, excel.write_vs_tabulate in `npm run bench`), not a test.
  test("200,000 x 6 cells: formats and values written in blocks and read back whole", async () => {
    const host = createWorkbookHost();
    const rows = 200_000;
    await host.run(async (ctx) => {
      const sheet = ctx.workbook.worksheets.getItem("Sheet1");
      for (let top = 0; top < rows; top += 20_000) {
        for (let c = 0; c < 6; c++) sheet.getRangeByIndexes(top, c, 20_000, 1).numberFormat = "#,##0.00" as never;
        sheet.getRangeByIndexes(top, 0, 20_000, 6).values = Array.from({ length: 20_000 }, (_, i) => [
          46000 + i,
          100001 + (i % 48),
          `${100001 + (i % 48)} - Product`,
          Math.round((top + i) * 137.31) / 100,
          i % 997,
          ((i % 40) - 20) / 1000,
        ]);
        await ctx.sync();
      }
      for (let top = 0; top < rows; top += 40_000) {
        const r = sheet.getRangeByIndexes(top, 0, 40_000, 6);
        r.load("values");
        await ctx.sync();
        expect(r.values).toHaveLength(40_000);
        expect(r.values[39_999][0]).toBe(46000 + ((top + 39_999) % 20_000));
      }
    });
    expect(host.stats.maxRequestBytes).toBeLessThan(5_000_000);
  });
});
