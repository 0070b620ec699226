// The host's count of cells read (stats.cellsRead, syncLog[i].cellsRead), and the range navigation a bounded
// read of a table's last rows stands on: offsets, rows below and intersections, with Excel's rule that a range
// forced outside the grid is an error.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";

/** A 3-column table "T" with a header on row `top` (0-based) and `rows` body rows: [i, i * 10, "r<i>"]. */
async function tableAt(top: number, rows: number): Promise<WorkbookHost> {
  const host = createWorkbookHost();
  await host.run(async (ctx) => {
    const sheet = ctx.workbook.worksheets.getItem("Sheet1");
    const values = [["n", "x", "label"], ...Array.from({ length: rows }, (_, i) => [i, i * 10, `r${i}`])];
    sheet.getRangeByIndexes(top, 0, rows + 1, 3).values = values;
    sheet.tables.add(sheet.getRangeByIndexes(top, 0, rows + 1, 3), true).name = "T";
    await ctx.sync();
  });
  host.stats.reset();
  return host;
}

test("cells read: each load of a cell property counts its cells, per sync and in all; other properties count none", async () => {
  const host = await tableAt(0, 10);
  await host.run(async (ctx) => {
    const body = ctx.workbook.tables.getItem("T").getDataBodyRange();
    body.load("values, numberFormat, address, rowCount");
    await ctx.sync();
    ctx.workbook.tables.getItem("T").columns.getItem("x").load("values"); // header + body
    await ctx.sync();
    ctx.workbook.tables.getItem("T").load("name");
    await ctx.sync();
  });
  expect(host.stats.syncLog.map((s) => s.cellsRead)).toEqual([2 * 30, 11, 0]);
  expect(host.stats.cellsRead).toBe(71);
  host.stats.reset();
  expect(host.stats.cellsRead).toBe(0);
});

/** Rows max(first, last - n + 1) .. last of the table's column "x": shifted down by n and back (trendRead's way). */
async function lastRows(host: WorkbookHost, n: number): Promise<{ address: string; values: unknown[] }> {
  return host.run(async (ctx) => {
    const body = ctx.workbook.tables.getItem("T").columns.getItem("x").getDataBodyRange();
    const below = body.getLastRow().getRowsBelow(n);
    const r = body.getOffsetRange(n, 0).getIntersection(below).getOffsetRange(-n, 0).load("address, values");
    await ctx.sync();
    return { address: r.address, values: r.values.map((v) => v[0] as unknown) };
  });
}

test("the last n rows of a column, near the grid's top: never above the table, only its body", async () => {
  const host = await tableAt(0, 10);
  expect(await lastRows(host, 4)).toEqual({ address: "Sheet1!B8:B11", values: [60, 70, 80, 90] });
  // More rows asked than the table has (and than the sheet has above it): the whole body.
  expect((await lastRows(host, 50)).address).toBe("Sheet1!B2:B11");
  expect(host.stats.cellsRead).toBe(4 + 10);
});

test("a range forced outside the grid is an error (InvalidArgument), at the grid's top and bottom", async () => {
  const host = await tableAt(0, 10);
  const offset = (rows: number) =>
    host.run(async (ctx) => {
      const r = ctx.workbook.tables.getItem("T").getDataBodyRange().getOffsetRange(rows, 0).load("address");
      await ctx.sync();
      return r.address;
    });
  await expect(offset(-2)).rejects.toMatchObject({ code: "InvalidArgument" });
  await expect(offset(1_048_576 - 10)).rejects.toMatchObject({ code: "InvalidArgument" });
  expect(await offset(-1)).toBe("Sheet1!A1:C10");
});

test("the last n rows of a table ending within n rows of the grid's bottom cannot be had that way", async () => {
  const host = await tableAt(1_048_576 - 6 - 8, 5); // its last row 8 rows above the grid's last
  await expect(lastRows(host, 9)).rejects.toMatchObject({ code: "InvalidArgument" });
  expect((await lastRows(host, 8)).values).toEqual([0, 10, 20, 30, 40]);
});
