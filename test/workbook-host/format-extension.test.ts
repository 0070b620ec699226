// Rows a table grows into take each column's number format (OOXML's table column format, dataDxfId), whichever way
// the table grows: Table.resize, rows.add, values written or typed directly below it.
import { createWorkbookHost } from "../../dev/workbook-host";

type Host = ReturnType<typeof createWorkbookHost>;
type Ctx = Excel.RequestContext;

const FORMATS = ["yyyy-mm-dd", "@", "£#,##0"];

/**
 * "Sales" on Data!A1:D4: week (yyyy-mm-dd), store (Text), revenue (the user's £#,##0, on every row) and a note column
 * whose cells differ (one holds 0%): no format of its own.
 */
async function formatted() {
  const host = createWorkbookHost({ sheets: ["Data"] });
  await host.run(async (ctx) => {
    const s = ctx.workbook.worksheets.getItem("Data");
    const t = s.tables.add("A1:D1", true);
    t.name = "Sales";
    t.getHeaderRowRange().values = [["week", "store", "revenue", "note"]];
    t.rows.add(undefined, [
      [45600, "'Leeds", 200, "ok"],
      [45607, "'York", 500, 0.5],
      [45614, "'Hull", 300, ""],
    ]);
    s.getRange("A2:C4").numberFormat = Array.from({ length: 3 }, () => FORMATS);
    s.getRange("D3").numberFormat = [["0%"]];
    await ctx.sync();
  });
  return host;
}

async function act(host: Host, f: (ctx: Ctx, t: Excel.Table) => void) {
  await host.run(async (ctx) => {
    f(ctx, ctx.workbook.tables.getItem("Sales"));
    await ctx.sync();
  });
}

async function formatsOf(host: Host, address: string): Promise<string[][]> {
  return host.run(async (ctx) => {
    const r = ctx.workbook.worksheets.getItem("Data").getRange(address).load("numberFormat");
    await ctx.sync();
    return r.numberFormat as string[][];
  });
}

const rowsOf = (n: number, row: string[]) => Array.from({ length: n }, () => row);

describe("rows a table grows into take each column's format", () => {
  test("Table.resize 12 rows down: the new rows get £#,##0, the dates and Text; the mixed column nothing", async () => {
    const host = await formatted();
    await act(host, (_, t) => t.resize("A1:D16"));
    expect(await formatsOf(host, "A5:D16")).toEqual(rowsOf(12, [...FORMATS, "General"]));
    expect(await formatsOf(host, "A17:D17")).toEqual([["General", "General", "General", "General"]]); // below: untouched
  });

  test("rows.add, values written below and a value typed below: each new row gets them", async () => {
    const host = await formatted();
    await act(host, (_, t) => t.rows.add(undefined, [[45621, "'Bath", 100, ""]]));
    await act(
      host,
      (ctx) => (ctx.workbook.worksheets.getItem("Data").getRange("A6:C7").values = rowsOf(2, ["1", "2", "3"])),
    );
    host.typeCell("Data!C8", "400");
    expect(await formatsOf(host, "A5:D8")).toEqual(rowsOf(4, [...FORMATS, "General"]));
    expect(host.snapshot().tables[0].address).toBe("Data!A1:D8");
  });

  test("with a Total Row: the body's new rows get them, the Total Row keeps its own", async () => {
    const host = await formatted();
    await act(host, (ctx, t) => {
      t.showTotals = true;
      ctx.workbook.worksheets.getItem("Data").getRange("D5").numberFormat = [["0.0"]];
    });
    await act(host, (_, t) => t.resize("A1:D8"));
    expect(await formatsOf(host, "A5:D7")).toEqual(rowsOf(3, [...FORMATS, "General"]));
    expect(await formatsOf(host, "A8:D8")).toEqual([["General", "General", "General", "0.0"]]);
  });

  test("a column whose cells the user formatted differently keeps no single format: its new rows keep theirs", async () => {
    const host = await formatted();
    await act(host, (ctx) => (ctx.workbook.worksheets.getItem("Data").getRange("C3").numberFormat = [["#,##0.00"]]));
    await act(host, (_, t) => t.resize("A1:D5"));
    expect(await formatsOf(host, "A5:D5")).toEqual([["yyyy-mm-dd", "@", "General", "General"]]);
  });
});
