// A table's Total Row (Table.showTotals): what Excel puts in it, and what happens to it (its label, its functions)
// when the table grows or shrinks: it stays the table's last row.
import { createWorkbookHost } from "../../dev/workbook-host";
import { columnReference, subtotalFormula } from "../../dev/workbook-host/total-row";

type Host = ReturnType<typeof createWorkbookHost>;
type Ctx = Excel.RequestContext;

/** "Sales" on Data!A1:C4 (week, store, revenue), its Total Row on row 5 with the user's label and functions. */
async function totalled() {
  const host = createWorkbookHost({ sheets: ["Data"] });
  await host.run(async (ctx) => {
    const t = ctx.workbook.worksheets.getItem("Data").tables.add("A1:C1", true);
    t.name = "Sales";
    t.getHeaderRowRange().values = [["week", "store", "revenue"]];
    t.rows.add(undefined, [
      [1, "Leeds", 200],
      [2, "York", 500],
      [3, "Hull", 300],
    ]);
    t.showTotals = true;
    t.getTotalRowRange().formulas = [["All weeks", "=SUBTOTAL(103,[store])", "=SUBTOTAL(101,[revenue])"]];
    await ctx.sync();
  });
  return host;
}

const USER_TOTALS = ["All weeks", "=SUBTOTAL(103,[store])", "=SUBTOTAL(101,[revenue])"];

async function act(host: Host, f: (ctx: Ctx, t: Excel.Table) => void) {
  await host.run(async (ctx) => {
    f(ctx, ctx.workbook.tables.getItem("Sales"));
    await ctx.sync();
  });
}

/** The table's parts as the API reports them, and the Total Row's formulas. */
async function parts(host: Host) {
  return host.run(async (ctx) => {
    const t = ctx.workbook.tables.getItem("Sales");
    const whole = t.getRange().load("address");
    const bodyRange = t.getDataBodyRange().load("address");
    const total = t.getTotalRowRange().load("address,formulas");
    const rows = t.rows.load("count");
    await ctx.sync();
    return {
      whole: whole.address,
      body: bodyRange.address,
      total: total.address,
      rows: rows.count,
      totals: total.formulas[0],
    };
  });
}

const values = (host: Host) => host.sheetValues("Data");

describe("turning the Total Row on and off", () => {
  test('on: "Total" in the first column, a sum of a numeric last column; body, range and row count exclude it', async () => {
    const host = createWorkbookHost({ sheets: ["Data"] });
    await host.run(async (ctx) => {
      const t = ctx.workbook.worksheets.getItem("Data").tables.add("A1:B1", true);
      t.name = "Sales";
      t.getHeaderRowRange().values = [["store", "revenue"]];
      t.rows.add(undefined, [
        ["Leeds", 200],
        ["York", ""],
      ]);
      t.showTotals = true;
      const total = t.getTotalRowRange().load("address,formulas");
      const cell = t.columns.getItem("revenue").getTotalRowRange().load("address");
      const rows = t.rows.load("count");
      await ctx.sync();
      expect(total.address).toBe("Data!A4:B4");
      expect(total.formulas).toEqual([["Total", "=SUBTOTAL(109,[revenue])"]]);
      expect(cell.address).toBe("Data!B4");
      expect(rows.count).toBe(2);
    });
    expect(host.snapshot().tables[0]).toMatchObject({ showTotals: true, address: "Data!A1:B4", rowCount: 2 });
  });

  test("a last column that is not all numbers gets a count; column names are escaped as Excel writes them", async () => {
    const host = createWorkbookHost({ sheets: ["Data"] });
    await host.run(async (ctx) => {
      const t = ctx.workbook.worksheets.getItem("Data").tables.add("A1:B1", true);
      t.getHeaderRowRange().values = [["n", "Total $"]];
      t.rows.add(undefined, [[1, "x"]]);
      t.showTotals = true;
      const total = t.getTotalRowRange().load("formulas");
      await ctx.sync();
      expect(total.formulas).toEqual([["Total", "=SUBTOTAL(103,[[Total $]])"]]);
    });
    expect(columnReference("revenue")).toBe("[revenue]");
    expect(columnReference("Week #")).toBe("[[Week '#]]");
    expect(columnReference("it's [new]")).toBe("[[it''s '[new']]]");
    expect(subtotalFormula(109, "units")).toBe("=SUBTOTAL(109,[units])");
  });

  test("off: the row leaves the table and its cells are cleared; on again gives Excel's defaults, not the user's", async () => {
    const host = await totalled();
    await act(host, (_, t) => (t.showTotals = false));
    expect(values(host)).toHaveLength(4);
    expect(host.snapshot().tables[0]).toMatchObject({ showTotals: false, address: "Data!A1:C4" });
    await expect(act(host, (_, t) => t.getTotalRowRange().load("address"))).rejects.toMatchObject({
      code: "ItemNotFound",
    });
    await act(host, (_, t) => (t.showTotals = true));
    expect((await parts(host)).totals).toEqual(["Total", "", "=SUBTOTAL(109,[revenue])"]);
  });
});

describe("the Total Row stays last, with the user's label and functions", () => {
  test("rows.add at the end puts the rows above it", async () => {
    const host = await totalled();
    await act(host, (_, t) => t.rows.add(undefined, [[4, "Bath", 100]]));
    expect(await parts(host)).toEqual({
      whole: "Data!A1:C6",
      body: "Data!A2:C5",
      total: "Data!A6:C6",
      rows: 4,
      totals: USER_TOTALS,
    });
    expect(values(host)[4]).toEqual([4, "Bath", 100]);
  });

  test("a resize's range includes the Total Row: growing moves it to the new last row, the body gets blank rows", async () => {
    const host = await totalled();
    await act(host, (_, t) => t.resize("A1:C9"));
    expect(await parts(host)).toEqual({
      whole: "Data!A1:C9",
      body: "Data!A2:C8",
      total: "Data!A9:C9",
      rows: 7,
      totals: USER_TOTALS,
    });
    expect(values(host).slice(4, 8)).toEqual(Array.from({ length: 4 }, () => ["", "", ""])); // where it was: blank
    await act(host, (ctx) => (ctx.workbook.worksheets.getItem("Data").getRange("A5:C5").values = [[4, "Bath", 100]]));
    expect(values(host)[4]).toEqual([4, "Bath", 100]);
  });

  test("shrinking moves it up over rows made blank first; onto cells that are not empty it is refused", async () => {
    const host = await totalled();
    await expect(act(host, (_, t) => t.resize("A1:C4"))).rejects.toMatchObject({ code: "InvalidOperation" });
    expect((await parts(host)).total).toBe("Data!A5:C5"); // nothing changed
    await act(host, (ctx, t) => {
      ctx.workbook.worksheets.getItem("Data").getRange("A4:C4").values = [["", "", ""]]; // Hull's row blanked
      t.resize("A1:C4");
    });
    expect(await parts(host)).toEqual({
      whole: "Data!A1:C4",
      body: "Data!A2:C3",
      total: "Data!A4:C4",
      rows: 2,
      totals: USER_TOTALS,
    });
    expect(values(host)).toHaveLength(4); // the row it left is empty
    await act(host, (ctx) => (ctx.workbook.worksheets.getItem("Data").getRange("A7:C7").values = [["below", 1, 2]]));
    await expect(act(host, (_, t) => t.resize("A1:C7"))).rejects.toMatchObject({ code: "InvalidOperation" });
    await expect(act(host, (_, t) => t.resize("A1:C2"))).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  test("values written below it do not grow the table; rows inserted inside the body do, above it", async () => {
    const host = await totalled();
    await act(host, (ctx) => (ctx.workbook.worksheets.getItem("Data").getRange("A6:C6").values = [[4, "Bath", 1]]));
    expect((await parts(host)).whole).toBe("Data!A1:C5");
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Data").getRange("A5:C6").insert("Down"));
    expect(await parts(host)).toEqual({
      whole: "Data!A1:C7",
      body: "Data!A2:C6",
      total: "Data!A7:C7",
      rows: 5,
      totals: USER_TOTALS,
    });
  });

  test("deleting body rows keeps it last; deleting every body row leaves one empty row above it", async () => {
    const host = await totalled();
    await act(host, (_, t) => t.rows.deleteRowsAt(0, 1));
    expect(await parts(host)).toMatchObject({ whole: "Data!A1:C4", total: "Data!A4:C4", rows: 2, totals: USER_TOTALS });
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Data").getRange("A2:C3").delete("Up"));
    expect(await parts(host)).toEqual({
      whole: "Data!A1:C3",
      body: "Data!A2:C2",
      total: "Data!A3:C3",
      rows: 0,
      totals: USER_TOTALS,
    });
  });

  test("deleting the Total Row's sheet row turns the Total Row off", async () => {
    const host = await totalled();
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Data").getRange("5:5").delete("Up"));
    expect(host.snapshot().tables[0]).toMatchObject({ showTotals: false, address: "Data!A1:C4", rowCount: 3 });
    expect(values(host)).toHaveLength(4);
  });
});
