// src/excel against the in-memory workbook host, which enforces Excel's rules (payload limit, shapes,
// PropertyNotLoaded, '=' text becoming formulas).
import fc from "fast-check";
import { createWorkbookHost, PAYLOAD_LIMIT_BYTES, type WorkbookHost } from "../../dev/workbook-host";
import type { Cell, Column } from "../../src/core/answer/tabulate";
import { readTable, replaceTail, writeTable, WorkbookError } from "../../src/excel";

/** The staging sheets' name, as versions before co-authoring support left it (and every one's name starts). */
const STAGING_SHEET = "SalesData_staging";

const COLUMNS: Column[] = [
  { name: "week", kind: "date" },
  { name: "sku", kind: "code" },
  { name: "sku_product_name", kind: "text" },
  { name: "revenue", kind: "decimal" },
  { name: "units", kind: "integer" },
  { name: "revenue_vs_period_pct", kind: "percent" },
];

function rows(n: number, firstSerial = 46000, perPeriod = 10): Cell[][] {
  return Array.from({ length: n }, (_, i) => [
    firstSerial + Math.floor(i / perPeriod) * 7,
    100000 + (i % perPeriod),
    `${100000 + (i % perPeriod)} - Product ${i % perPeriod}`,
    Math.round(i * 137.31) / 100,
    i % 997,
    ((i % 40) - 20) / 1000,
  ]);
}

let host: WorkbookHost;
beforeEach(() => {
  host = createWorkbookHost();
});

describe("writeTable", () => {
  test.each([1, 10_000, 200_000])(
    "%i rows: a table with header, formats, and no sync over the payload limit",
    async (n) => {
      const values = rows(n);
      host.stats.reset();
      const result = await writeTable(
        host.run,
        { columns: COLUMNS, values },
        { name: "Sales northmart SKU weekly", destination: { kind: "new-sheet" } },
      );
      expect(result).toEqual(
        expect.objectContaining({ tableName: "Sales_northmart_SKU_weekly", rows: n, complete: true }),
      );
      expect(host.stats.maxRequestBytes).toBeLessThan(PAYLOAD_LIMIT_BYTES);
      expect(host.stats.maxRequestBytes).toBeLessThan(4_100_000);
      const table = await readTable(host.run, result.tableName);
      expect(table.headers).toEqual(COLUMNS.map((c) => c.name));
      expect(table.values).toHaveLength(n);
      expect(table.values[n - 1]).toEqual(values[n - 1]);
      expect(table.values[0]).toEqual(values[0]);
      expect(table.formats).toEqual(["yyyy-mm-dd", "0", "@", "#,##0.00", "#,##0", "0.0%"]);
      if (n === 200_000) expect(host.stats.syncs).toBeGreaterThan(10);
    },
  );

  test("table names are unique in the workbook and sheet names valid", async () => {
    const a = await writeTable(
      host.run,
      { columns: COLUMNS, values: rows(3) },
      { name: "Sales: northmart/SKU*weekly", destination: { kind: "new-sheet" } },
    );
    const b = await writeTable(
      host.run,
      { columns: COLUMNS, values: rows(3) },
      { name: "Sales: northmart/SKU*weekly", destination: { kind: "new-sheet" } },
    );
    expect([a.tableName, b.tableName]).toEqual(["Sales_northmart_SKU_weekly", "Sales_northmart_SKU_weekly_2"]);
    expect(a.sheet).toBe("Sales northmart SKU weekly");
    expect(b.sheet).toBe("Sales northmart SKU weekly (2)");
  });

  test("service text that looks like a formula lands as text", async () => {
    const nasty = ["=SUM(A1:A9)", "+Vita", "-5% pack", "@home", '=HYPERLINK("http://x","y")'];
    const values: Cell[][] = nasty.map((name, i) => [46000, 1 + i, name, 1, 1, 0]);
    const { tableName, sheet } = await writeTable(
      host.run,
      { columns: COLUMNS, values },
      { name: "T", destination: { kind: "new-sheet" } },
    );
    expect((await readTable(host.run, tableName)).values.map((r) => r[2])).toEqual(nasty);
    const cells = host.snapshot().sheets.find((s) => s.name === sheet)!;
    expect(JSON.stringify(cells)).not.toMatch(/"formula":"=/);
    // A formula-like string in a non-text column gets Excel's text prefix and stays text too.
    const odd = await writeTable(
      host.run,
      { columns: [{ name: "x", kind: "decimal" }], values: [["=1+1"]] },
      { name: "Odd", destination: { kind: "new-sheet" } },
    );
    expect((await readTable(host.run, odd.tableName)).values).toEqual([["=1+1"]]);
  });

  test("at the selected cell: written there when empty, refused without touching anything when not", async () => {
    host.selectRange("C5");
    const r = await writeTable(
      host.run,
      { columns: COLUMNS, values: rows(4) },
      { name: "Here", destination: { kind: "selection" } },
    );
    expect(r.address).toBe("Sheet1!C5:H9");
    host.selectRange("E3");
    const before = host.sheetValues("Sheet1");
    await expect(
      writeTable(
        host.run,
        { columns: COLUMNS, values: rows(4) },
        { name: "Clash", destination: { kind: "selection" } },
      ),
    ).rejects.toThrow(/are not empty.*nothing was overwritten/);
    expect(host.sheetValues("Sheet1")).toEqual(before);
  });

  test("a result past Excel's 1,048,576 rows is refused before anything is written", async () => {
    const huge = { length: 1_048_576 } as unknown as Cell[][];
    host.stats.reset();
    const err = await writeTable(
      host.run,
      { columns: COLUMNS, values: huge },
      { name: "Huge", destination: { kind: "new-sheet" } },
    ).catch((e) => e);
    expect(err).toBeInstanceOf(WorkbookError);
    expect((err as WorkbookError).message).toMatch(
      /^The result has 1,048,576 rows; Excel has room for 1,048,575 here. Nothing was written.$/,
    );
    expect(host.stats.syncs).toBe(0);
  });

  test("cancelled between blocks: a consistent table of whole rows, and progress after each block", async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    const result = await writeTable(
      host.run,
      { columns: COLUMNS, values: rows(50_000) },
      {
        name: "Cancelled",
        destination: { kind: "new-sheet" },
        limits: { rows: 10_000 },
        signal: controller.signal,
        onProgress: (done) => {
          progress.push(done);
          if (done >= 20_000) controller.abort();
        },
      },
    );
    expect(progress).toEqual([10_000, 20_000]);
    expect(result).toEqual(expect.objectContaining({ rows: 20_000, complete: false }));
    const table = await readTable(host.run, result.tableName);
    expect(table.values).toEqual(rows(20_000));
  });
});

describe("replaceTail", () => {
  async function tableOf(values: Cell[][]) {
    return (
      await writeTable(host.run, { columns: COLUMNS, values }, { name: "Tail", destination: { kind: "new-sheet" } })
    ).tableName;
  }

  test("rows before the cut-off and the table's identity stay; the tail is the new rows", () => {
    return fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 5 }),
        async (n, cutIndexRaw, newCount, perPeriod) => {
          host = createWorkbookHost();
          const old = rows(n, 46000, perPeriod);
          const name = await tableOf(old);
          const before = await readTable(host.run, name);
          const cutoff = 46000 + Math.floor(cutIndexRaw / perPeriod) * 7;
          const kept = old.filter((r) => (r[0] as number) < cutoff);
          const fresh = rows(newCount, cutoff, perPeriod).map((r) => [...r.slice(0, 3), 999, 9, 0.5]);
          const result = await replaceTail(host.run, name, {
            periodColumn: "week",
            cutoff,
            data: { columns: COLUMNS, values: fresh },
          });
          const after = await readTable(host.run, name);
          expect(result).toEqual(
            expect.objectContaining({ kept: kept.length, removed: n - kept.length, added: newCount }),
          );
          expect(after.name).toBe(name);
          expect(after.headers).toEqual(before.headers);
          expect(after.formats).toEqual(before.formats.length ? before.formats : after.formats);
          expect(after.address.split("!")[1].split(":")[0]).toBe("A1");
          const expected = [...kept, ...fresh];
          // A table keeps at least one (then empty) body row.
          expect(after.values).toEqual(expected.length ? expected : [["", "", "", "", "", ""]]);
          // sheetValues stops at the last row holding a value: the emptied table's blank body row is not one.
          expect(host.sheetValues(after.sheet).length).toBe(1 + expected.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  test("grows over cells the user filled below it: they move down with it (its columns only), beside stays", async () => {
    const name = await tableOf(rows(10)); // Tail!A1:F11
    const grown = { periodColumn: "week", cutoff: 46007, data: { columns: COLUMNS, values: rows(20, 46007) } };
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Tail");
      s.getRange("B14").values = [["mine"]];
      s.getRange("H14").values = [["beside"]];
      await ctx.sync();
    });
    const result = await replaceTail(host.run, name, grown);
    expect(result).toEqual(expect.objectContaining({ kept: 10, removed: 0, added: 20, address: "Tail!A1:F31" }));
    const cells = host.snapshot().sheets.find((s) => s.name === "Tail")!.cells;
    const at = (a: string) => cells.find((c) => c.address === a)?.value;
    expect([at("B34"), at("H14"), at("B14")]).toEqual(["mine", "beside", 100002]);
    expect((await readTable(host.run, name)).values).toEqual([...rows(10), ...rows(20, 46007)]);
  });

  test("refuses, changing nothing, when what is below cannot move down with its columns", async () => {
    const name = await tableOf(rows(10));
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Tail");
      s.getRange("B14").values = [["mine"]];
      s.getRange("F20:G20").merge();
      await ctx.sync();
    });
    const before = host.snapshot();
    await expect(
      replaceTail(host.run, name, {
        periodColumn: "week",
        cutoff: 46007,
        data: { columns: COLUMNS, values: rows(20, 46007) },
      }),
    ).rejects.toThrow(
      '"Tail" needs 20 more rows, so refresh moves the cells below it down, in its columns (A:F) only. The merged ' +
        "cells F20:G20 below the table are in the way: they reach past those columns, and Excel cannot move part " +
        "of a merged area. Unmerge them, or move them out of columns A:F, then refresh again. Nothing was changed.",
    );
    expect(host.snapshot()).toEqual(before);
  });

  test("cells the insert would push off the sheet are named; cells beside the table there do not count", async () => {
    const name = await tableOf(rows(10));
    const grown = { periodColumn: "week", cutoff: 46007, data: { columns: COLUMNS, values: rows(20, 46007) } };
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Tail");
      s.getRange("B14").values = [["mine"]];
      s.getRange("H1048576").values = [["beside, at the end"]];
      s.getRange("C1048570").values = [["at the end"]];
      await ctx.sync();
    });
    const before = host.snapshot();
    await expect(replaceTail(host.run, name, grown)).rejects.toThrow(
      '"Tail" needs 20 more rows, so refresh moves the cells below it down, in its columns (A:F) only. The cells at ' +
        "the bottom of the sheet (A1048557:F1048576) are in the way: they would be pushed off its end. Clear or move " +
        "them, then refresh again. Nothing was changed.",
    );
    expect(host.snapshot()).toEqual(before);
    await host.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Tail").getRange("C1048570").clear();
      await ctx.sync();
    });
    await replaceTail(host.run, name, grown);
    const cells = host.snapshot().sheets.find((s) => s.name === "Tail")!.cells;
    expect(
      cells.filter((c) => typeof c.value === "string" && /mine|beside/.test(c.value)).map((c) => c.address),
    ).toEqual(["B34", "H1048576"]);
  });

  test("expect: a table whose rows or window start are not what the caller read is refused in the run, nothing written", async () => {
    const name = await tableOf(rows(30)); // weeks of 10 rows: 46000, 46007, 46014
    const rep = { periodColumn: "week", cutoff: 46014, data: { columns: COLUMNS, values: rows(10, 46014) } };
    // A staging sheet left by a replacement that failed midway: not touched either (deleted by the next write).
    await host.run(async (ctx) => {
      ctx.workbook.worksheets.add(STAGING_SHEET);
      await ctx.sync();
    });
    const before = host.snapshot();
    const changed = `The table "${name}" was changed or refreshed while this refresh ran (by you, or by someone else with the workbook open). Nothing was written; refresh again.`;
    await expect(replaceTail(host.run, name, { ...rep, expect: { cutAt: 20, count: 31 } })).rejects.toThrow(changed);
    await expect(replaceTail(host.run, name, { ...rep, expect: { cutAt: 19, count: 30 } })).rejects.toThrow(changed);
    expect(host.snapshot()).toEqual(before);
    const result = await replaceTail(host.run, name, { ...rep, expect: { cutAt: 20, count: 30 } });
    expect(result).toEqual(expect.objectContaining({ kept: 20, removed: 10, added: 10 }));
    expect(host.snapshot().sheets.filter((sh) => sh.name.startsWith(STAGING_SHEET))).toEqual([]);
  });

  test("a renamed column is detected instead of writing under the wrong header", async () => {
    const name = await tableOf(rows(5));
    const renamed = COLUMNS.map((c) => (c.name === "units" ? { ...c, name: "volume" } : c));
    await expect(
      replaceTail(host.run, name, { periodColumn: "week", cutoff: 46000, data: { columns: renamed, values: rows(1) } }),
    ).rejects.toThrow(/columns of "Tail" were changed/);
  });
});
