// What users do around a table: columns added by the API and by typing next to it, formulas and calculated
// columns, renames. The office-addins rules' static heuristics misread a read after a sync in a helper.
/* eslint-disable office-addins/call-sync-before-read */
import { createWorkbookHost } from "../../dev/workbook-host";

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

async function act(host: ReturnType<typeof createWorkbookHost>, f: (s: Excel.Worksheet) => void) {
  await host.run(async (ctx) => {
    f(ctx.workbook.worksheets.getItem("Data"));
    await ctx.sync();
  });
}

async function tableInfo(host: ReturnType<typeof createWorkbookHost>) {
  return host.run(async (ctx) => {
    const t = ctx.workbook.tables.getItem("Sales");
    const range = t.getRange().load("address, formulas, values");
    t.columns.load("items/name");
    await ctx.sync();
    return { address: range.address, headers: t.columns.items.map((c) => c.name), range };
  });
}

describe("table.columns.add", () => {
  test("appends a column: values hold the header row first; formulas stay as written; values read #VALUE!", async () => {
    const host = await salesTable();
    await host.run(async (ctx) => {
      const col = ctx.workbook.tables
        .getItem("Sales")
        .columns.add(null as unknown as number, [["per unit"], ["=[@revenue]/[@units]"], ["=[@revenue]/[@units]"]]);
      col.load("name, index");
      await ctx.sync();
      expect([col.name, col.index]).toEqual(["per unit", 3]);
    });
    const { address, headers, range } = await tableInfo(host);
    expect(address).toBe("Data!A1:D3");
    expect(headers).toEqual(["store", "revenue", "units", "per unit"]);
    expect(range.formulas.map((r) => r[3])).toEqual(["per unit", "=[@revenue]/[@units]", "=[@revenue]/[@units]"]);
    expect(range.values.map((r) => r[3])).toEqual(["per unit", "#VALUE!", "#VALUE!"]);
  });

  test("inserts at an index, shifting the cells right of it within the table's rows only; name wins", async () => {
    const host = await salesTable();
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      s.getRange("E1:E4").values = [["right"], ["r2"], ["r3"], ["below the table"]];
      ctx.workbook.tables.getItem("Sales").columns.add(1, "n/a", "note");
      await ctx.sync();
    });
    expect(host.sheetValues("Data")).toEqual([
      ["store", "note", "revenue", "units", "", "right"],
      ["s1", "n/a", 100, 4, "", "r2"],
      ["s2", "n/a", 300, 5, "", "r3"],
      ["", "", "", "", "below the table", ""],
    ]);
    expect(host.snapshot().tables[0]).toMatchObject({ address: "Data!A1:D3" });
  });

  test("no values: a blank column named ColumnN; a bad shape or index changes nothing", async () => {
    const host = await salesTable();
    await host.run(async (ctx) => {
      ctx.workbook.tables.getItem("Sales").columns.add();
      await ctx.sync();
    });
    expect((await tableInfo(host)).headers).toEqual(["store", "revenue", "units", "Column4"]);
    for (const bad of [
      (t: Excel.Table) => t.columns.add(undefined, [["h"], ["x"]]),
      (t: Excel.Table) => t.columns.add(9),
    ]) {
      await expect(
        host.run(async (ctx) => {
          bad(ctx.workbook.tables.getItem("Sales"));
          await ctx.sync();
        }),
      ).rejects.toMatchObject({ code: "InvalidArgument" });
    }
    expect((await tableInfo(host)).address).toBe("Data!A1:D3");
  });
});

describe("a calculated column is not filled into rows the add-in adds", () => {
  async function withCalculated() {
    const host = await salesTable();
    await host.run(async (ctx) => {
      ctx.workbook.tables
        .getItem("Sales")
        .columns.add(undefined, [["per unit"], ["=[@revenue]/[@units]"], ["=[@revenue]/[@units]"]]);
      await ctx.sync();
    });
    return host;
  }

  test("rows.add, resize and a write directly below leave the new cells of the column empty", async () => {
    const host = await withCalculated();
    await host.run(async (ctx) => {
      const t = ctx.workbook.tables.getItem("Sales");
      const s = ctx.workbook.worksheets.getItem("Data");
      t.rows.add(undefined, [["s3", 10, 1, null as unknown as string]]);
      s.getRange("A5:C5").values = [["s4", 20, 2]]; // directly below: the table grows over it
      await ctx.sync();
      s.getRange("A6:C6").numberFormat = [["@", "0", "0"]];
      t.resize("A1:D6");
      await ctx.sync();
    });
    const { address, range } = await tableInfo(host);
    expect(address).toBe("Data!A1:D6");
    expect(range.formulas.map((r) => r[3])).toEqual([
      "per unit",
      "=[@revenue]/[@units]",
      "=[@revenue]/[@units]",
      "",
      "",
      "",
    ]);
  });

  test("a user typing a new row below the table gets the formula filled (Excel's UI does)", async () => {
    const host = await withCalculated();
    host.typeCell("Data!A4", "s9");
    const { address, range } = await tableInfo(host);
    expect(address).toBe("Data!A1:D4");
    expect(range.formulas[3]).toEqual(["s9", "", "", "=[@revenue]/[@units]"]);
  });
});

describe("Range.values written next to a table grows it (documented for rows below)", () => {
  test("data in the next row grows the table over the rows written; blanks, formats or a gap do not", async () => {
    const host = await salesTable();
    const address = async () => (await tableInfo(host)).address;
    await act(host, (s) => {
      s.getRange("A4:C4").values = [["", "", ""]];
      s.getRange("A6:C6").values = [["gap", 1, 1]];
      s.getRange("A4:C4").numberFormat = [["0", "0", "0"]];
    });
    expect(await address()).toBe("Data!A1:C3");
    await act(host, (s) => (s.getRange("B4:B5").values = [[5], [6]]));
    expect(await address()).toBe("Data!A1:C5");
  });

  test("data in the column just right of it grows it too (the less kind answer where the reference is silent)", async () => {
    const host = await salesTable();
    await act(host, (s) => (s.getRange("E1:E3").values = [["two away"], [1], [2]]));
    expect((await tableInfo(host)).address).toBe("Data!A1:C3");
    await act(host, (s) => (s.getRange("D2:D3").values = [["note"], [""]]));
    const { address, headers } = await tableInfo(host);
    expect([address, headers]).toEqual(["Data!A1:D3", ["store", "revenue", "units", "Column4"]]);
  });
});

describe("host.typeCell: what a user types next to a table", () => {
  test("typing in the cell right of the header adds a column named by what was typed", async () => {
    const host = await salesTable();
    host.typeCell("Data!D1", "margin");
    expect((await tableInfo(host)).headers).toEqual(["store", "revenue", "units", "margin"]);
    expect(host.snapshot().tables[0].address).toBe("Data!A1:D3");
  });

  test("typing right of a data row adds a ColumnN column; a formula there fills the whole column", async () => {
    const host = await salesTable();
    host.typeCell("Data!D2", "=[@revenue]*2");
    const { headers, range } = await tableInfo(host);
    expect(headers).toEqual(["store", "revenue", "units", "Column4"]);
    expect(range.formulas.map((r) => r[3])).toEqual(["Column4", "=[@revenue]*2", "=[@revenue]*2"]);
  });

  test("typing a blank, or two columns away, or into the table does not grow it", async () => {
    const host = await salesTable();
    host.typeCell("Data!E1", "far");
    host.typeCell("Data!D2", "");
    host.typeCell("Data!B2", 7);
    expect(host.snapshot().tables[0].address).toBe("Data!A1:C3");
    expect(host.sheetValues("Data")[1]).toEqual(["s1", 7, 4, "", ""]);
  });

  test("typing follows the data-entry rules of values", async () => {
    const host = createWorkbookHost();
    host.typeCell("A1", "0012");
    host.typeCell("Sheet1!B1", "'0012");
    expect(host.sheetValues("Sheet1")).toEqual([[12, "0012"]]);
    expect(() => host.typeCell("A1:B1", "x")).toThrow(/one cell/);
  });
});

describe("Table.id and renames", () => {
  test("id stays the same across a rename of the table and of its sheet; getItem(id) finds it", async () => {
    const host = await salesTable();
    const id = await host.run(async (ctx) => {
      const t = ctx.workbook.tables.getItem("Sales").load("id");
      await ctx.sync();
      return t.id;
    });
    await host.run(async (ctx) => {
      ctx.workbook.tables.getItem("Sales").name = "Sales_Tesco";
      ctx.workbook.worksheets.getItem("Data").name = "Tesco data";
      await ctx.sync();
    });
    await host.run(async (ctx) => {
      const byId = ctx.workbook.tables.getItem(id).load("id, name");
      const onSheet = ctx.workbook.worksheets.getItem("Tesco data").tables.getItem(id).load("name");
      const range = byId.getRange().load("address");
      const old = ctx.workbook.tables.getItemOrNullObject("Sales");
      await ctx.sync();
      expect([byId.id, byId.name, onSheet.name, range.address]).toEqual([
        id,
        "Sales_Tesco",
        "Sales_Tesco",
        "'Tesco data'!A1:C3",
      ]);
      expect(old.isNullObject).toBe(true);
    });
  });

  test("a sheet's id is stable across its rename and finds it", async () => {
    const host = await salesTable();
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data").load("id");
      await ctx.sync();
      s.name = "Renamed";
      await ctx.sync();
      const again = ctx.workbook.worksheets.getItem(s.id).load("name, id");
      await ctx.sync();
      expect([again.name, again.id]).toEqual(["Renamed", s.id]);
    });
  });
});
