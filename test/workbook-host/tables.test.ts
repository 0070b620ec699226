// These tests break the office-addins lint rules on purpose (reading before load/sync must fail), and the
/* rules' static heuristics misread the rest. */ /* eslint-disable office-addins/call-sync-before-read, office-addins/call-sync-after-load, office-addins/load-object-before-read */
import { createWorkbookHost } from "../../dev/workbook-host";

const up = "Up" as Excel.DeleteShiftDirection;
const down = "Down" as Excel.InsertShiftDirection;

async function withTable(rows: unknown[][], address = "A1:C1") {
  const host = createWorkbookHost({ sheets: ["Data", "Other"] });
  await host.run(async (ctx) => {
    const t = ctx.workbook.worksheets.getItem("Data").tables.add(address, true);
    t.name = "Sales";
    t.getHeaderRowRange().values = [["date", "store", "revenue"]];
    if (rows.length) t.rows.add(undefined, rows as (string | number)[][]);
    await ctx.sync();
  });
  return host;
}

describe("tables", () => {
  test("add with headers, rows.add fills the empty insert row first, ranges and counts", async () => {
    const host = await withTable([
      ["d1", "s1", 1],
      ["d2", "s2", 2],
    ]);
    await host.run(async (ctx) => {
      const t = ctx.workbook.tables.getItem("sales");
      const parts = [
        t.getRange().load("address"),
        t.getHeaderRowRange().load("address, values"),
        t.getDataBodyRange().load("address, values"),
      ];
      t.rows.load("count");
      t.load("name, showHeaders");
      const ws = t.worksheet.load("name");
      await ctx.sync();
      expect(parts.map((p) => p.address)).toEqual(["Data!A1:C3", "Data!A1:C1", "Data!A2:C3"]);
      expect(parts[2].values).toEqual([
        ["d1", "s1", 1],
        ["d2", "s2", 2],
      ]);
      expect([t.rows.count, t.name, t.showHeaders, ws.name]).toEqual([2, "Sales", true, "Data"]);
    });
  });

  test("a header-only table has no data rows and one empty body row", async () => {
    const host = await withTable([]);
    expect(host.snapshot().tables[0]).toMatchObject({
      address: "Data!A1:C2",
      rowCount: 0,
      headers: ["date", "store", "revenue"],
    });
  });

  test("hasHeaders=false inserts a generated header row above the data", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      s.getRange("A1:B2").values = [
        [1, 2],
        [3, 4],
      ];
      s.getRange("A5").values = [["below"]];
      s.tables.add("A1:B2", false);
      await ctx.sync();
    });
    expect(host.sheetValues("Sheet1")).toEqual([
      ["Column1", "Column2"],
      [1, 2],
      [3, 4],
      ["", ""],
      ["", ""],
      ["below", ""],
    ]);
    expect(host.snapshot().tables[0]).toMatchObject({ name: "Table1", address: "Sheet1!A1:B3" });
  });

  test("header cells stay unique text", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const t = ctx.workbook.worksheets.getItem("Sheet1").tables.add("A1:C2", true);
      t.getHeaderRowRange().values = [["x", "X", ""]];
      await ctx.sync();
    });
    expect(host.snapshot().tables[0].headers).toEqual(["x", "X2", "Column3"]);
  });

  test("table names: valid and unique across the workbook (case-insensitive), also against defined names", async () => {
    const host = await withTable([]);
    let n = 0;
    // Each attempt adds a table (applied even when the rename after it fails: no rollback), so use fresh rows.
    const rename = (name: string) =>
      host.run(async (ctx) => {
        n += 3;
        const t = ctx.workbook.worksheets.getItem("Other").tables.add(`A${n}:B${n}`, true);
        t.name = name;
        await ctx.sync();
      });
    await expect(rename("SALES")).rejects.toMatchObject({ code: "ItemAlreadyExists" });
    for (const bad of ["1abc", "has space", "A1", "R1C1", "c", "x".repeat(256), ""]) {
      await expect(rename(bad)).rejects.toMatchObject({ code: "InvalidArgument" });
    }
    await host.run(async (ctx) => {
      ctx.workbook.names.add("MyName", "=Data!$A$1");
      await ctx.sync();
    });
    await expect(rename("myname")).rejects.toMatchObject({ code: "ItemAlreadyExists" });
    await rename("Sales_Tesco.v2");
    expect(host.snapshot().tables.map((t) => t.name)).toContain("Sales_Tesco.v2");
  });

  test("tables may not overlap", async () => {
    const host = await withTable([["a", "b", 1]]);
    await expect(
      host.run(async (ctx) => {
        ctx.workbook.tables.add("Data!C2:E4", true);
        await ctx.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidOperation" });
  });

  test("rows.getItemAt(i).delete, deleteRows and deleteRowsAt remove whole table rows only", async () => {
    const host = await withTable([
      ["a", 1, 1],
      ["b", 2, 2],
      ["c", 3, 3],
      ["d", 4, 4],
      ["e", 5, 5],
    ]);
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      s.getRange("E3").values = [["beside"]];
      const t = s.tables.getItem("Sales");
      t.rows.getItemAt(1).delete();
      await ctx.sync();
      t.rows.deleteRows([0, 2]);
      await ctx.sync();
      t.rows.deleteRowsAt(0, 1);
      const rows = t.rows.load("items/values, count");
      await ctx.sync();
      expect(rows.count).toBe(1);
      expect(rows.items.map((r) => r.values[0][0])).toEqual(["e"]);
    });
    // Cells beside the table are not shifted by table row deletes.
    expect(host.sheetValues("Data")).toEqual([
      ["date", "store", "revenue", "", ""],
      ["e", 5, 5, "", ""],
      ["", "", "", "", "beside"],
    ]);
  });

  test("deleting every data row keeps one empty row", async () => {
    const host = await withTable([
      ["a", 1, 1],
      ["b", 2, 2],
    ]);
    await host.run(async (ctx) => {
      ctx.workbook.tables.getItem("Sales").getDataBodyRange().delete(up);
      await ctx.sync();
    });
    expect(host.snapshot().tables[0]).toMatchObject({ address: "Data!A1:C2", rowCount: 0 });
    await host.run(async (ctx) => {
      ctx.workbook.tables.getItem("Sales").rows.add(null as unknown as number, [["n", 9, 9]]);
      await ctx.sync();
    });
    expect(host.sheetValues("Data")).toEqual([
      ["date", "store", "revenue"],
      ["n", 9, 9],
    ]);
  });

  test("range insert/delete of whole table rows resizes the table; tables below move", async () => {
    const host = await withTable([
      ["a", 1, 1],
      ["b", 2, 2],
      ["c", 3, 3],
    ]);
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      s.tables.add("A10:C11", true).name = "Below";
      await ctx.sync();
      s.getRange("A3:C3").insert(down).values = [["new", 0, 0]];
      await ctx.sync();
      s.getRange("2:2").delete(up);
      await ctx.sync();
    });
    const tables = host.snapshot().tables;
    expect(tables.map((t) => [t.name, t.address, t.rowCount])).toEqual([
      ["Sales", "Data!A1:C4", 3],
      ["Below", "Data!A10:C11", 1],
    ]);
    expect(host.sheetValues("Data").slice(0, 4)).toEqual([
      ["date", "store", "revenue"],
      ["new", 0, 0],
      ["b", 2, 2],
      ["c", 3, 3],
    ]);
  });

  test("shifting part of a table is refused with InsertDeleteConflict and changes nothing", async () => {
    const host = await withTable([
      ["a", 1, 1],
      ["b", 2, 2],
    ]);
    const before = host.snapshot();
    for (const act of [
      (s: Excel.Worksheet) => s.getRange("B2:B3").delete(up),
      (s: Excel.Worksheet) => void s.getRange("A1:B1").insert(down),
      (s: Excel.Worksheet) => s.getRange("A1:C1").delete(up),
    ]) {
      await expect(
        host.run(async (ctx) => {
          act(ctx.workbook.worksheets.getItem("Data"));
          await ctx.sync();
        }),
      ).rejects.toMatchObject({ code: "InsertDeleteConflict" });
    }
    expect(host.snapshot()).toEqual(before);
  });

  test("resize, convertToRange and delete", async () => {
    const host = await withTable([["a", 1, 1]]);
    await host.run(async (ctx) => {
      const t = ctx.workbook.tables.getItem("Sales");
      t.resize("Data!A1:D4");
      await ctx.sync();
      t.columns.load("items/name");
      await ctx.sync();
      expect(t.columns.items.map((c) => c.name)).toEqual(["date", "store", "revenue", "Column4"]);
      t.resize("A2:C4");
      await expect(ctx.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
    });
    await host.run(async (ctx) => {
      ctx.workbook.tables.getItem("Sales").convertToRange();
      await ctx.sync();
    });
    expect(host.snapshot().tables).toEqual([]);
    expect(host.sheetValues("Data")[1]).toEqual(["a", 1, 1, ""]);
    const host2 = await withTable([["a", 1, 1]]);
    await host2.run(async (ctx) => {
      ctx.workbook.tables.getItem("Sales").delete();
      const gone = ctx.workbook.tables.getItemOrNullObject("Sales");
      await ctx.sync();
      expect(gone.isNullObject).toBe(true);
    });
    expect(host2.sheetValues("Data")).toEqual([]);
  });

  test("worksheet.tables is scoped; workbook.tables sees all; deleting a sheet removes its tables", async () => {
    const host = await withTable([]);
    await host.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Other").tables.add("A1:A2", true);
      const other = ctx.workbook.worksheets.getItem("Other").tables.getCount();
      const all = ctx.workbook.tables.load("items/name");
      await ctx.sync();
      expect(other.value).toBe(1);
      expect(all.items.map((t) => t.name)).toEqual(["Sales", "Table1"]);
      ctx.workbook.worksheets.getItem("Data").delete();
      await ctx.sync();
    });
    expect(host.snapshot().tables.map((t) => t.name)).toEqual(["Table1"]);
  });
});

describe("Total Row (modelled minimally)", () => {
  test("showTotals adds a row below the body, getDataBodyRange excludes it, turning it off removes it", async () => {
    const host = createWorkbookHost();
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1:B3").values = [
        ["day", "n"],
        [1, 2],
        [3, 4],
      ];
      const t = sheet.tables.add("A1:B3", true);
      t.name = "T";
      await context.sync();
      t.showTotals = true;
      const body = t.getDataBodyRange();
      const whole = t.getRange();
      const total = t.getTotalRowRange();
      body.load("address,rowCount");
      whole.load("address");
      total.load("address");
      t.load("showTotals");
      await context.sync();
      expect(t.showTotals).toBe(true);
      expect(body.address).toBe("Sheet1!A2:B3");
      expect(whole.address).toBe("Sheet1!A1:B4");
      expect(total.address).toBe("Sheet1!A4:B4");
      t.showTotals = false;
      whole.load("address");
      await context.sync();
    });
    expect(host.snapshot().tables[0]).toEqual(expect.objectContaining({ address: "Sheet1!A1:B3", rowCount: 2 }));
  });

  test("no empty row below: InvalidOperation, nothing changes", async () => {
    const host = createWorkbookHost();
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1:B4").values = [
        ["day", "n"],
        [1, 2],
        [3, 4],
        ["below", ""],
      ];
      sheet.tables.add("A1:B3", true).name = "T";
      await context.sync();
    });
    await expect(
      host.run(async (context) => {
        context.workbook.tables.getItem("T").showTotals = true;
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidOperation" });
    expect(host.snapshot().tables[0]).toEqual(expect.objectContaining({ address: "Sheet1!A1:B3" }));
  });
});
