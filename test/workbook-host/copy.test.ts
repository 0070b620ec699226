// host.copy(): a second workbook that starts as the first is now, and shares nothing with it afterwards.
import { createWorkbookHost } from "../../dev/workbook-host";

async function prepared() {
  const host = createWorkbookHost({ sheets: ["Data", "Other"] });
  await host.run(async (ctx) => {
    const sheet = ctx.workbook.worksheets.getItem("Data");
    sheet.getRange("A1:B3").values = [
      ["sku", "units"],
      [1, 10],
      [2, 20],
    ];
    sheet.getRange("A1000").values = [["far below"]];
    const t = sheet.tables.add("Data!A1:B3", true);
    t.name = "Sales";
    t.columns.getItem("units").getDataBodyRange().numberFormat = [["0.0"], ["0.0"]];
    ctx.workbook.names.add("Units", "=Data!$B$2:$B$3");
    ctx.workbook.settings.add("query:Sales", { retailer: "northmart" });
    await ctx.sync();
  });
  host.typeCell("Data!C1", "note");
  return host;
}

test("a copy starts equal: cells, formats, tables, names, settings and sparse rows", async () => {
  const host = await prepared();
  const copy = host.copy();
  expect(copy.snapshot()).toEqual(host.snapshot());
  expect(copy.sheetValues("Data")[999][0]).toBe("far below");
  const formats = await copy.run(async (ctx) => {
    const r = ctx.workbook.tables.getItem("Sales").columns.getItem("units").getDataBodyRange().load("numberFormat");
    await ctx.sync();
    return r.numberFormat;
  });
  expect(formats).toEqual([["0.0"], ["0.0"]]);
});

test("after the copy, neither sees the other's writes, and links stay within each workbook", async () => {
  const host = await prepared();
  const before = host.snapshot();
  const copy = host.copy();
  await copy.run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Data").name = "Renamed";
    ctx.workbook.tables.getItem("Sales").rows.add(undefined, [[3, 30, "added"]]);
    ctx.workbook.settings.getItem("query:Sales").delete();
    await ctx.sync();
  });
  copy.typeCell("Renamed!D1", "margin");
  expect(host.snapshot()).toEqual(before);
  const tableSheet = await copy.run(async (ctx) => {
    const ws = ctx.workbook.tables.getItem("Sales").worksheet.load("name");
    const range = ctx.workbook.tables.getItem("Sales").getRange().load("address");
    await ctx.sync();
    return [ws.name, range.address];
  });
  // The copy's table lives on the copy's sheet (renamed there), grown by the row and the column typed beside it.
  expect(tableSheet).toEqual(["Renamed", "Renamed!A1:D4"]);
  host.typeCell("Data!A4", 9);
  expect(copy.sheetValues("Renamed")[3][0]).toBe(3);
});

test("a copy has its own stats and no failure set on the original", async () => {
  const host = await prepared();
  host.failSync(1);
  const copy = host.copy();
  await expect(copy.run((ctx) => ctx.sync())).resolves.toBeUndefined();
  expect(copy.stats.syncs).toBe(1);
  await expect(host.run((ctx) => ctx.sync())).rejects.toThrow(/Injected/);
});
