// These tests break the office-addins lint rules on purpose (reading before load/sync must fail), and the
/* rules' static heuristics misread the rest. */ /* eslint-disable office-addins/call-sync-before-read, office-addins/call-sync-after-load */
import fc from "fast-check";
import { createWorkbookHost } from "../../dev/workbook-host";
import { formatAddress, parseAddress } from "../../dev/workbook-host/addresses";

async function write(input: unknown, opts: { format?: string; address?: string } = {}) {
  const host = createWorkbookHost();
  const address = opts.address ?? "A1";
  return host.run(async (ctx) => {
    const r = ctx.workbook.worksheets.getItem("Sheet1").getRange(address);
    if (opts.format) r.numberFormat = [[opts.format]];
    r.values = input as unknown[][];
    r.load("values, formulas, numberFormat, valueTypes");
    await ctx.sync();
    return { values: r.values, formulas: r.formulas, numberFormat: r.numberFormat, types: r.valueTypes, host };
  });
}

describe("what a written value becomes", () => {
  test("2D array of the wrong shape -> InvalidArgument, nothing written", async () => {
    const host = createWorkbookHost();
    for (const bad of [
      [[1, 2, 3]],
      [[1, 2], [3]],
      [1, 2],
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    ]) {
      await expect(
        host.run(async (ctx) => {
          ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B2").values = bad as unknown as unknown[][];
          await ctx.sync();
        }),
      ).rejects.toMatchObject({ code: "InvalidArgument" });
    }
    expect(host.sheetValues("Sheet1")).toEqual([]);
  });

  test("a single scalar fills the range", async () => {
    const { values } = await write(7 as unknown, { address: "A1:B2" });
    expect(values).toEqual([
      [7, 7],
      [7, 7],
    ]);
  });

  test("'=' strings become formulas; values reads #VALUE! (no formula engine)", async () => {
    const { formulas, values, types } = await write([["=SUM(1,2)"]]);
    expect(formulas).toEqual([["=SUM(1,2)"]]);
    expect(values).toEqual([["#VALUE!"]]);
    expect(types).toEqual([["Error"]]);
    const snap = (await write([["=A2"]])).host.snapshot();
    expect(snap.sheets[0].cells[0]).toMatchObject({ formula: "=A2" });
  });

  test.each([["+44 20"], ["-abc"], ["@handle"]])("%s is a formula entry, not text", async (s) => {
    const { formulas } = await write([[s]]);
    expect(formulas[0][0]).toBe("=" + s);
  });

  test("a leading apostrophe lands text as text, without the apostrophe", async () => {
    const { values, formulas, types, host } = await write(
      [["'=not a formula", "'+1", "'-x", "'@y", "'0012", "''quoted"]],
      { address: "A1:F1" },
    );
    expect(values).toEqual([["=not a formula", "+1", "-x", "@y", "0012", "'quoted"]]);
    // Excel's formulas drops the apostrophe too (office-js issue #6687): writing formulas back would re-parse.
    expect(formulas).toEqual(values);
    expect(types[0].every((t: string) => t === "String")).toBe(true);
    expect(host.snapshot().sheets[0].cells.every((c) => c.quotePrefix === true && c.formula === undefined)).toBe(true);
  });

  test('cells formatted as Text ("@") before the write keep any string literally', async () => {
    const { values, formulas, numberFormat } = await write([["=1+1"]], { format: "@" });
    expect(values).toEqual([["=1+1"]]);
    expect(formulas).toEqual([["=1+1"]]);
    expect(numberFormat).toEqual([["@"]]);
  });

  test("numeric, boolean and ISO date text is converted like typed input", async () => {
    const { values, numberFormat, types } = await write([["0012", "1,234.5", "50%", "true", "2024-03-01", "abc"]], {
      address: "A1:F1",
    });
    expect(values).toEqual([[12, 1234.5, 0.5, true, 45352, "abc"]]);
    expect(numberFormat[0][4]).toBe("yyyy-mm-dd");
    expect(types).toEqual([["Double", "Double", "Double", "Boolean", "Double", "String"]]);
  });

  test("null leaves a cell unchanged, empty string clears it", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:C1");
      r.values = [[1, 2, 3]];
      await ctx.sync();
      r.values = [[null, "", 9]];
      await ctx.sync();
    });
    expect(host.sheetValues("Sheet1")).toEqual([[1, "", 9]]);
  });

  test("non-finite numbers are refused", async () => {
    await expect(write([[Number.NaN]])).rejects.toMatchObject({ code: "InvalidArgument" });
  });
});

describe("addresses and ranges", () => {
  test("parse and format round trip, with quoted sheet names", () => {
    expect(parseAddress("'My Sheet'!B2:C3")).toEqual({ sheet: "My Sheet", rect: { r0: 1, c0: 1, r1: 2, c1: 2 } });
    expect(parseAddress("'It''s'!A1").sheet).toBe("It's");
    expect(formatAddress("My Sheet", { r0: 0, c0: 0, r1: 2, c1: 2 })).toBe("'My Sheet'!A1:C3");
    expect(formatAddress("A1", { r0: 0, c0: 0, r1: 0, c1: 0 })).toBe("'A1'!A1");
    expect(formatAddress("Sheet1", parseAddress("A:C").rect)).toBe("Sheet1!A:C");
    expect(formatAddress("Sheet1", parseAddress("2:3").rect)).toBe("Sheet1!2:3");
    expect(parseAddress("$XFD$1048576").rect).toEqual({ r0: 1048575, c0: 16383, r1: 1048575, c1: 16383 });
    expect(() => parseAddress("XFE1")).toThrow(expect.objectContaining({ code: "InvalidArgument" }));
    expect(() => parseAddress("A1048577")).toThrow(expect.objectContaining({ code: "InvalidArgument" }));
  });

  test("rows made a column at a time, or as wide as the row above, keep their cells and go once emptied", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      // A table's way: each column's format over its rows, then the rows' values.
      for (const col of ["B", "C", "D"]) s.getRange(`${col}2:${col}4`).numberFormat = "0.00" as unknown as string[][];
      s.getRange("B2:D4").values = [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ];
      s.getRange("B5").values = [["below"]]; // a new row under a row three cells wide
      s.getRange("XFD6").values = [["far"]]; // a new row past the columns a row is made to
      await ctx.sync();
      const read = s.getRange("A1:E6").load("values, numberFormat");
      await ctx.sync();
      expect(read.values.slice(1, 5)).toEqual([
        ["", 1, 2, 3, ""],
        ["", 4, 5, 6, ""],
        ["", 7, 8, 9, ""],
        ["", "below", "", "", ""],
      ]);
      expect(read.numberFormat[3]).toEqual(["General", "0.00", "0.00", "0.00", "General"]);
      s.getRange("D2:D4").clear("All");
      s.getRange("XFD6").clear("All");
      s.getRange("B5").clear("All");
      const used = s.getUsedRange().load("address");
      await ctx.sync();
      expect(used.address).toBe("Sheet1!B2:C4");
      // Cleared cell by cell, from the left: each row goes with its last cell.
      for (const cell of ["B2", "C2", "B3", "C3", "B4", "C4"]) s.getRange(cell).clear("All");
      const none = s.getUsedRangeOrNullObject();
      await ctx.sync();
      expect(none.isNullObject).toBe(true);
    });
  });

  test("getRangeByIndexes, getCell, getResizedRange, getOffsetRange, used range", async () => {
    const host = createWorkbookHost({ sheets: ["My Sheet"] });
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("My Sheet");
      const empty = s.getUsedRangeOrNullObject();
      const emptyUsed = s.getUsedRange().load("address");
      await ctx.sync();
      expect(empty.isNullObject).toBe(true);
      expect(emptyUsed.address).toBe("'My Sheet'!A1");
      const r = s.getRangeByIndexes(1, 1, 2, 3);
      r.values = [
        [1, 2, 3],
        [4, 5, 6],
      ];
      const fmt = s.getRange("F10");
      fmt.numberFormat = [["0.00"]];
      const parts = [
        r.load("address"),
        r.getCell(1, 2).load("address, values"),
        r.getResizedRange(1, -1).load("address"),
        r.getOffsetRange(2, 0).load("address"),
        s.getUsedRange(true).load("address"),
        s.getUsedRange().load("address"),
        s.getRange("A:C").load("address"),
      ];
      await ctx.sync();
      expect(parts.map((p) => p.address)).toEqual([
        "'My Sheet'!B2:D3",
        "'My Sheet'!D3",
        "'My Sheet'!B2:C4",
        "'My Sheet'!B4:D5",
        "'My Sheet'!B2:D3",
        "'My Sheet'!B2:F10",
        "'My Sheet'!A:C",
      ]);
      expect(parts[1].values).toEqual([[6]]);
      s.getRange("A1").getResizedRange(-1, 0).load("address");
      await expect(ctx.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
    });
  });

  test("clear() removes contents and formats; clear('Contents') keeps formats", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      const r = s.getRange("A1:B1");
      r.numberFormat = [["0.0", "0.0"]];
      r.values = [[1, 2]];
      s.getRange("A1").clear("Contents");
      s.getRange("B1").clear();
      await ctx.sync();
    });
    const cells = host.snapshot().sheets[0].cells;
    expect(cells).toEqual([{ address: "A1", row: 0, column: 0, value: "", numberFormat: "0.0" }]);
  });
});

describe("property: random writes match a plain model", () => {
  test("snapshot equals a Map of last writes", async () => {
    const cellValue = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.constantFrom("a", "b c", "x y z"),
      fc.boolean(),
    );
    const write = fc.record({
      row: fc.integer({ min: 0, max: 8 }),
      col: fc.integer({ min: 0, max: 5 }),
      rows: fc.integer({ min: 1, max: 3 }),
      cols: fc.integer({ min: 1, max: 3 }),
      v: cellValue,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(write, { maxLength: 12 }), fc.integer({ min: 1, max: 4 }), async (writes, perSync) => {
        const host = createWorkbookHost();
        const model = new Map<string, unknown>();
        await host.run(async (ctx) => {
          const s = ctx.workbook.worksheets.getItem("Sheet1");
          for (let i = 0; i < writes.length; i++) {
            const w = writes[i];
            s.getRangeByIndexes(w.row, w.col, w.rows, w.cols).values = Array.from({ length: w.rows }, () =>
              new Array(w.cols).fill(w.v),
            );
            for (let r = 0; r < w.rows; r++)
              for (let c = 0; c < w.cols; c++) model.set(`${w.row + r},${w.col + c}`, w.v);
            if ((i + 1) % perSync === 0) await ctx.sync();
          }
        });
        const got = new Map(host.snapshot().sheets[0].cells.map((c) => [`${c.row},${c.column}`, c.value]));
        expect(got).toEqual(model);
      }),
      { numRuns: 60 },
    );
  });
});
