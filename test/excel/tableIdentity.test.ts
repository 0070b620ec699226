// Tables are found by Table.id across renames of the table and its sheet; a recorded id that is gone is a
// deleted table even when another table now has its old name; the sheet's protection comes with it.
import { createWorkbookHost } from "../../dev/workbook-host";
import { identifyTables } from "../../src/excel/tableIdentity";

async function workbook() {
  const host = createWorkbookHost({ sheets: ["Data"] });
  const id = await host.run(async (ctx) => {
    const t = ctx.workbook.worksheets.getItem("Data").tables.add("A1:B2", true);
    t.name = "Sales";
    t.load("id");
    await ctx.sync();
    return t.id;
  });
  return { host, id };
}

test("by id across renames of the table and its sheet, with the sheet's protection", async () => {
  const { host, id } = await workbook();
  expect(await identifyTables(host.run, [{ tableId: id, tableName: "Sales" }])).toEqual([
    { id, name: "Sales", sheet: "Data", sheetProtected: false },
  ]);
  await host.run(async (ctx) => {
    ctx.workbook.tables.getItem("Sales").name = "Sales_GBP";
    ctx.workbook.worksheets.getItem("Data").name = "Finance";
    await ctx.sync();
    ctx.workbook.worksheets.getItem("Finance").protection.protect();
    await ctx.sync();
  });
  host.stats.reset();
  expect(await identifyTables(host.run, [{ tableId: id, tableName: "Sales" }])).toEqual([
    { id, name: "Sales_GBP", sheet: "Finance", sheetProtected: true },
  ]);
  expect(host.stats.syncs).toBe(2);
});

test("a record without an id is found by name; a deleted table is null, even if its name was reused", async () => {
  const { host, id } = await workbook();
  expect((await identifyTables(host.run, [{ tableName: "Sales" }]))[0]?.id).toBe(id);
  await host.run(async (ctx) => {
    ctx.workbook.tables.getItem("Sales").delete();
    const other = ctx.workbook.worksheets.getItem("Data").tables.add("D1:E2", true);
    other.name = "Sales";
    await ctx.sync();
  });
  expect(await identifyTables(host.run, [{ tableId: id, tableName: "Sales" }])).toEqual([null]);
  expect(await identifyTables(host.run, [])).toEqual([]);
});
