// These tests break the office-addins lint rules on purpose (reading before load/sync must fail), and the
/* rules' static heuristics misread the rest. */
import fc from "fast-check";
import { createWorkbookHost, PAYLOAD_LIMIT_BYTES } from "../../dev/workbook-host";
import { jsonBytes, jsonLength } from "../../dev/workbook-host/payload";

const ROWS = 200_000;
const COLS = 10;
function block(start: number, count: number): (string | number)[][] {
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    return [
      `2024-W${n % 52}`,
      `Store ${n % 700}`,
      `Product ${n % 5000}`,
      n * 1.25,
      n % 97,
      n % 13,
      0.5,
      n,
      "Tesco",
      12.34,
    ];
  });
}

describe("5 MB payload limit", () => {
  test("200,000 x 10 in one sync is refused whole; the same in blocks succeeds", async () => {
    const host = createWorkbookHost();
    await expect(
      host.run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, ROWS, COLS).values = block(0, ROWS);
        await ctx.sync();
      }),
    ).rejects.toMatchObject({ name: "RichApi.Error", code: "RequestPayloadSizeLimitExceeded" });
    expect(host.stats.requestBytes[0]).toBeGreaterThan(PAYLOAD_LIMIT_BYTES);
    expect(host.snapshot().sheets[0].cells).toHaveLength(0);

    host.stats.reset();
    const BLOCK = 20_000;
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      for (let start = 0; start < ROWS; start += BLOCK) {
        ctx.application.suspendApiCalculationUntilNextSync();
        s.getRangeByIndexes(start, 0, BLOCK, COLS).values = block(start, BLOCK);
        await ctx.sync();
      }
    });
    expect(host.stats.syncs).toBe(ROWS / BLOCK);
    expect(host.stats.maxRequestBytes).toBeLessThan(PAYLOAD_LIMIT_BYTES);
    expect(host.stats.maxRequestBytes).toBeGreaterThan(100_000);
    expect(host.stats.cellsWritten).toBe(ROWS * COLS);
    expect(host.stats.syncLog.every((s) => s.calculationSuspended)).toBe(true);

    // Reading it all back in one load exceeds the response limit; a block read does not.
    await expect(
      host.run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getUsedRange().load("values");
        await ctx.sync();
      }),
    ).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
    const tail = await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets
        .getItem("Sheet1")
        .getRangeByIndexes(ROWS - 1, 0, 1, COLS)
        .load("values");
      await ctx.sync();
      return r.values;
    });
    expect(tail).toEqual(block(ROWS - 1, 1));
  });

  test("reading more than 5,000,000 cells in one sync fails even when they are empty", async () => {
    const host = createWorkbookHost();
    await expect(
      host.run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRange("A:E").load("valueTypes");
        await ctx.sync();
      }),
    ).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
  });

  test("request bytes count the serialized batch, response bytes what was loaded", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      r.values = [["x".repeat(1000), "y".repeat(1000)]];
      await ctx.sync();
      r.load("values");
      await ctx.sync();
    });
    expect(host.stats.requestBytes[0]).toBeGreaterThan(2000);
    expect(host.stats.responseBytes[0]).toBe(0);
    expect(host.stats.responseBytes[1]).toBeGreaterThan(2000);
    expect(host.stats.requestBytes[1]).toBeLessThan(300);
  });

  test("a scalar fill is a small request even for a big range", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:J100000").numberFormat = "@" as unknown as string[][];
      await ctx.sync();
    });
    expect(host.stats.maxRequestBytes).toBeLessThan(500);
    expect(host.stats.cellsWritten).toBe(1_000_000);
  });
});

describe("write counters", () => {
  test("valueCellsWritten counts values and formulas apart from number formats; totalRequestBytes sums the syncs", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      s.getRange("A1:B2").numberFormat = [
        ["0", "0"],
        ["0", "0"],
      ];
      s.getRange("A1:B2").values = [
        [1, 2],
        [3, 4],
      ];
      await ctx.sync();
      s.getRange("C1").formulas = [["=A1*2"]];
      const t = s.tables.add("E1:F1", true);
      t.rows.add(undefined, [
        [1, 2],
        [3, 4],
      ]);
      await ctx.sync();
    });
    expect(host.stats.cellsWritten).toBe(4 + 4 + 1 + 4);
    expect(host.stats.valueCellsWritten).toBe(4 + 1 + 4);
    expect(host.stats.totalRequestBytes).toBe(host.stats.requestBytes[0] + host.stats.requestBytes[1]);
    host.stats.reset();
    expect([host.stats.valueCellsWritten, host.stats.totalRequestBytes]).toEqual([0, 0]);
  });
});

describe("a batch's size, counted without its text", () => {
  test("jsonLength is the UTF-8 length of JSON.stringify, for any value a batch holds", () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.string(),
        fc.string({ unit: "grapheme" }),
        fc.string({ unit: "binary" }),
      ),
      node: fc.oneof(
        { depthSize: "small" },
        tie("leaf"),
        fc.array(tie("node")),
        fc.dictionary(fc.string(), tie("node")),
      ),
    })).node;
    fc.assert(fc.property(value, (v) => jsonLength(v) === jsonBytes(v)));
    expect(jsonLength([["a\u00e9", -0, 1e21, 0.1, '"q"'], { o: "C1", v: [[1, null]] }])).toBe(
      jsonBytes([["a\u00e9", -0, 1e21, 0.1, '"q"'], { o: "C1", v: [[1, null]] }]),
    );
  });
});
