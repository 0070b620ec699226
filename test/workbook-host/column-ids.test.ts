// TableColumn.id as the host models it (stable through renames, inserts, deletes, resizes and a user's move; never
// reused), host.moveTableColumn, and Range.formulasR1C1.
import { createWorkbookHost } from "../../dev/workbook-host";
import { fromR1C1, toR1C1 } from "../../dev/workbook-host/r1c1";

async function salesTable() {
  const host = createWorkbookHost({ sheets: ["Data"] });
  await host.run(async (ctx) => {
    const t = ctx.workbook.worksheets.getItem("Data").tables.add("A1:C1", true);
    t.name = "Sales";
    t.getHeaderRowRange().values = [["store", "revenue", "units"]];
    t.rows.add(undefined, [
      ["s1", 100, 4],
      ["s2", 300, 5],
    ]);
    await ctx.sync();
  });
  return host;
}

type Host = Awaited<ReturnType<typeof salesTable>>;

async function columns(host: Host): Promise<[number, string][]> {
  return host.run(async (ctx) => {
    const cols = ctx.workbook.tables.getItem("Sales").columns.load("items/id,items/name");
    await ctx.sync();
    return cols.items.map((c) => [c.id, c.name] as [number, string]);
  });
}

async function act(host: Host, f: (ctx: Excel.RequestContext) => void) {
  await host.run(async (ctx) => {
    f(ctx);
    await ctx.sync();
  });
}

describe("TableColumn.id", () => {
  test("a new table's columns are 1..n; a rename keeps the id; getItem(id) finds the column", async () => {
    const host = await salesTable();
    expect(await columns(host)).toEqual([
      [1, "store"],
      [2, "revenue"],
      [3, "units"],
    ]);
    await act(host, (ctx) => (ctx.workbook.worksheets.getItem("Data").getRange("B1").values = [["Revenue GBP"]]));
    await host.run(async (ctx) => {
      const c = ctx.workbook.tables.getItem("Sales").columns.getItem(2).load("name,index");
      await ctx.sync();
      expect([c.name, c.index]).toEqual(["Revenue GBP", 1]);
    });
  });

  test("columns inserted, deleted, grown or moved: the others keep theirs; ids are never given again", async () => {
    const host = await salesTable();
    await act(host, (ctx) => ctx.workbook.tables.getItem("Sales").columns.add(1, "n/a", "note")); // id 4
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Data").getRange("D1:D3").delete("Left")); // units (3)
    host.typeCell("Data!D1", "margin"); // grows: id 5
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Data").getRange("B1:B3").insert("Right")); // id 6
    expect(await columns(host)).toEqual([
      [1, "store"],
      [6, "Column2"],
      [4, "note"],
      [2, "revenue"],
      [5, "margin"],
    ]);
    host.moveTableColumn("Sales", 3, 0);
    await act(host, (ctx) => ctx.workbook.tables.getItem("Sales").resize("A1:D3")); // drops margin (5)
    await act(host, (ctx) => ctx.workbook.tables.getItem("Sales").resize("A1:E3"));
    expect((await columns(host)).map(([id]) => id)).toEqual([2, 1, 6, 4, 7]);
  });

  test("moveTableColumn moves cells, formats, the filter and the id; refused on a protected sheet", async () => {
    const host = await salesTable();
    await act(host, (ctx) => {
      const t = ctx.workbook.tables.getItem("Sales");
      t.columns.getItem("revenue").filter.applyCustomFilter(">200");
      ctx.workbook.worksheets.getItem("Data").getRange("C2:C3").numberFormat = [["0.0"], ["0.0"]];
    });
    host.moveTableColumn("Sales", 2, 0);
    expect(host.sheetValues("Data")).toEqual([
      ["units", "store", "revenue"],
      [4, "s1", 100],
      [5, "s2", 300],
    ]);
    expect(host.snapshot().sheets[0].hiddenRows).toEqual([1]);
    await host.run(async (ctx) => {
      const t = ctx.workbook.tables.getItem("Sales");
      const f = t.autoFilter.load("criteria");
      const fmt = ctx.workbook.worksheets.getItem("Data").getRange("A2").load("numberFormat");
      await ctx.sync();
      expect(f.criteria.map((c) => c.criterion1 ?? null)).toEqual([null, null, ">200"]);
      expect(fmt.numberFormat).toEqual([["0.0"]]);
    });
    expect((await columns(host)).map(([id]) => id)).toEqual([3, 1, 2]);
    expect(() => host.moveTableColumn("Sales", 0, 3)).toThrow(/No column 3/);
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Data").protection.protect());
    expect(() => host.moveTableColumn("Sales", 0, 1)).toThrow(expect.objectContaining({ code: "AccessDenied" }));
  });

  test("TableColumn.delete: the column's cells go, those right of it in the table's rows shift left, ids stay", async () => {
    const host = await salesTable();
    await act(host, (ctx) => {
      ctx.workbook.worksheets.getItem("Data").getRange("C5").values = [["below"]];
      ctx.workbook.tables.getItem("Sales").columns.getItem("units").filter.applyCustomFilter(">4");
    });
    await act(host, (ctx) => ctx.workbook.tables.getItem("Sales").columns.getItem("revenue").delete());
    expect(host.sheetValues("Data")).toEqual([
      ["store", "units", ""],
      ["s1", 4, ""],
      ["s2", 5, ""],
      ["", "", ""],
      ["", "", "below"], // not in the table's rows: not shifted
    ]);
    expect(await columns(host)).toEqual([
      [1, "store"],
      [3, "units"],
    ]);
    await host.run(async (ctx) => {
      const f = ctx.workbook.tables.getItem("Sales").autoFilter.load("criteria");
      await ctx.sync();
      expect(f.criteria.map((c) => c.criterion1 ?? null)).toEqual([null, ">4"]); // still on units
    });
    await act(host, (ctx) => ctx.workbook.tables.getItem("Sales").columns.getItemAt(0).delete());
    await expect(
      act(host, (ctx) => ctx.workbook.tables.getItem("Sales").columns.getItemAt(0).delete()),
    ).rejects.toMatchObject({ code: "InvalidOperation" });
    expect(await columns(host)).toEqual([[3, "units"]]);
  });
});

describe("Range.formulasR1C1", () => {
  test("reads references relative to each cell and writes them back as A1; constants and literals unchanged", async () => {
    const host = await salesTable();
    await act(host, (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      s.getRange("E2:E3").formulas = [["=C2*2+$B$2"], ['=Sales!B3&"A1"&[@revenue]']];
    });
    await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Data").getRange("D2:E3").load("formulasR1C1");
      await ctx.sync();
      expect(r.formulasR1C1).toEqual([
        ["", "=RC[-2]*2+R2C2"],
        ["", '=Sales!RC[-3]&"A1"&[@revenue]'],
      ]);
    });
    await act(host, (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      s.getRange("F5:G6").formulasR1C1 = [
        ["=R[-1]C[-1]+SUM(R1C1:R2C2)", 7],
        ["'=not a formula", "=ROUND(RC[-2],1)"],
      ];
    });
    await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Data").getRange("F5:G6").load("formulas,values");
      await ctx.sync();
      expect(r.formulas).toEqual([
        ["=E4+SUM($A$1:$B$2)", 7],
        ["=not a formula", "=ROUND(E6,1)"],
      ]);
      expect(r.values[1][0]).toBe("=not a formula");
    });
  });

  test("round trip: toR1C1 then fromR1C1 gives the A1 formula back, wherever the cell", () => {
    for (const f of ["=A1+$B$2*C$3-$D4", "=SUM(Sheet2!A1:B9)", "='My A1'!C3", "=LOG10(A2)", "=[@units]*2"]) {
      for (const [r, c] of [
        [0, 0],
        [9, 4],
      ])
        expect(fromR1C1(toR1C1(f, r, c), r, c)).toBe(f);
    }
    expect(toR1C1("plain", 3, 3)).toBe("plain");
    expect(toR1C1("=LOG10(A2)", 1, 1)).toBe("=LOG10(RC[-1])");
  });
});
