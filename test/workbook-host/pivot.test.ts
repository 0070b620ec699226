// PivotTables on a table: a sum of a field by a row field, stale after the source changes until refreshed.
// The office-addins rules misread ClientResult.value and isNullObject, which need no load.
/* eslint-disable office-addins/call-sync-before-read, office-addins/load-object-before-read */
import { createWorkbookHost } from "../../dev/workbook-host";

type Ctx = Excel.RequestContext;
type Host = ReturnType<typeof createWorkbookHost>;

async function withPivot(): Promise<Host> {
  const host = createWorkbookHost({ sheets: ["Data", "Report"] });
  await host.run(async (ctx) => {
    const t = ctx.workbook.worksheets.getItem("Data").tables.add("A1:C1", true);
    t.name = "Sales";
    t.getHeaderRowRange().values = [["store", "revenue", "units"]];
    t.rows.add(undefined, [
      ["York", 150, 2],
      ["Leeds", 50, 1],
      ["york", 20, 1],
      ["Hull", 250, 3],
    ]);
    const pivot = ctx.workbook.worksheets.getItem("Report").pivotTables.add("ByStore", t, "B2");
    pivot.rowHierarchies.add(pivot.hierarchies.getItem("store"));
    pivot.dataHierarchies.add(pivot.hierarchies.getItem("revenue"));
    await ctx.sync();
  });
  return host;
}

async function report(host: Host): Promise<{ address: string; values: unknown[][] }> {
  return host.run(async (ctx) => {
    const range = ctx.workbook.pivotTables.getItem("ByStore").layout.getRange().load("address, values");
    await ctx.sync();
    return { address: range.address, values: range.values };
  });
}

async function act(host: Host, f: (ctx: Ctx) => void) {
  await host.run(async (ctx) => {
    f(ctx);
    await ctx.sync();
  });
}

const AS_ADDED = [
  ["Row Labels", "Sum of revenue"],
  ["Hull", 250],
  ["Leeds", 50],
  ["York", 170],
  ["Grand Total", 470],
];

describe("PivotTables", () => {
  test("a sum of a field by a row field, drawn at the destination (compact layout)", async () => {
    const host = await withPivot();
    expect(await report(host)).toEqual({ address: "Report!B2:C6", values: AS_ADDED });
    expect(host.snapshot().pivotTables).toEqual([
      { name: "ByStore", sheet: "Report", address: "Report!B2:C6", source: "Sales" },
    ]);
    await host.run(async (ctx) => {
      const pivot = ctx.workbook.pivotTables.getItem("ByStore").load("id, name");
      const data = pivot.dataHierarchies.getItem("Sum of revenue").load("name, summarizeBy, position");
      const rows = pivot.rowHierarchies.load("items/name");
      const sheet = pivot.worksheet.load("name");
      const body = pivot.layout.getDataBodyRange().load("address");
      const labels = pivot.layout.getRowLabelRange().load("address");
      await ctx.sync();
      expect([pivot.name, data.name, data.summarizeBy, data.position, sheet.name]).toEqual([
        "ByStore",
        "Sum of revenue",
        "Sum",
        0,
        "Report",
      ]);
      expect(pivot.id).toMatch(/\S/);
      expect(rows.items.map((r) => r.name)).toEqual(["store"]);
      expect([body.address, labels.address]).toEqual(["Report!C3:C6", "Report!B3:B6"]);
    });
  });

  test("a change to the source leaves the pivot as of its last refresh; refresh() reads it again", async () => {
    const host = await withPivot();
    await act(host, (ctx) => {
      const t = ctx.workbook.tables.getItem("Sales");
      t.getDataBodyRange().getCell(0, 1).values = [[1000]];
      t.rows.add(undefined, [["Ely", 5, 1]]);
    });
    expect((await report(host)).values).toEqual(AS_ADDED);
    await act(host, (ctx) => ctx.workbook.pivotTables.getItem("ByStore").refresh());
    expect(await report(host)).toEqual({
      address: "Report!B2:C7",
      values: [
        ["Row Labels", "Sum of revenue"],
        ["Ely", 5],
        ["Hull", 250],
        ["Leeds", 50],
        ["York", 1020],
        ["Grand Total", 1325],
      ],
    });
  });

  test("adding a field redraws from the cache, not from the source; refreshAll refreshes every pivot", async () => {
    const host = await withPivot();
    await act(host, (ctx) => (ctx.workbook.tables.getItem("Sales").getDataBodyRange().getCell(0, 2).values = [[99]]));
    await act(host, (ctx) => {
      const pivot = ctx.workbook.pivotTables.getItem("ByStore");
      pivot.dataHierarchies.add(pivot.hierarchies.getItem("units"));
    });
    expect((await report(host)).values[3]).toEqual(["York", 170, 3]);
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Report").pivotTables.refreshAll());
    expect((await report(host)).values[3]).toEqual(["York", 170, 100]);
  });

  test("summarizeBy renames Excel's default name; text fields default to Count; a formula column (read as #VALUE!) gives #VALUE!", async () => {
    const host = await withPivot();
    await act(host, (ctx) => {
      const pivot = ctx.workbook.pivotTables.getItem("ByStore");
      pivot.dataHierarchies.getItem("Sum of revenue").summarizeBy = "Max";
      pivot.dataHierarchies.add(pivot.hierarchies.getItem("store"));
      ctx.workbook.tables.getItem("Sales").columns.add(undefined, [["x"], ["=1"], ["=1"], ["=1"], ["=1"]]);
    });
    await act(host, (ctx) => {
      const pivot = ctx.workbook.pivotTables.getItem("ByStore");
      pivot.refresh();
      pivot.dataHierarchies.add(pivot.hierarchies.getItem("x"));
    });
    expect((await report(host)).values).toEqual([
      ["Row Labels", "Max of revenue", "Count of store", "Count of x"],
      ["Hull", 250, 1, "#VALUE!"],
      ["Leeds", 50, 1, "#VALUE!"],
      ["York", 150, 2, "#VALUE!"],
      ["Grand Total", 250, 4, "#VALUE!"],
    ]);
  });

  test("getDataSourceString / getDataSourceType (ExcelApi 1.15) for a table and a range source", async () => {
    const host = await withPivot();
    await act(host, (ctx) => ctx.workbook.pivotTables.add("FromRange", "Data!A1:C5", "Report!F2"));
    await host.run(async (ctx) => {
      const t = ctx.workbook.pivotTables.getItem("ByStore");
      const r = ctx.workbook.pivotTables.getItem("FromRange");
      const results = [t.getDataSourceString(), t.getDataSourceType(), r.getDataSourceString(), r.getDataSourceType()];
      const count = ctx.workbook.worksheets.getItem("Report").pivotTables.getCount();
      await ctx.sync();
      expect(results.map((x) => x.value)).toEqual(["Sales", "LocalTable", "Data!$A$1:$C$5", "LocalRange"]);
      expect(count.value).toBe(2);
    });
  });

  test("a renamed source column leaves the pivot at the next refresh, as in Excel", async () => {
    const host = await withPivot();
    await act(
      host,
      (ctx) => (ctx.workbook.tables.getItem("Sales").getHeaderRowRange().getCell(0, 1).values = [["sales"]]),
    );
    await act(host, (ctx) => ctx.workbook.pivotTables.getItem("ByStore").refresh());
    expect((await report(host)).values).toEqual([["Row Labels"], ["Hull"], ["Leeds"], ["York"], ["Grand Total"]]);
  });

  test("names are unique; a deleted source fails the refresh; a protected sheet refuses refresh; delete clears", async () => {
    const host = await withPivot();
    const attempt = (f: (ctx: Ctx) => void) => act(host, f);
    const sales = (ctx: Ctx) => ctx.workbook.tables.getItem("Sales");
    await expect(
      attempt((ctx) => ctx.workbook.pivotTables.add("bystore", sales(ctx), "Report!H2")),
    ).rejects.toMatchObject({
      code: "ItemAlreadyExists",
    });
    await expect(attempt((ctx) => ctx.workbook.pivotTables.add("Over", sales(ctx), "Data!B2"))).rejects.toMatchObject({
      code: "PivotTableRangeConflict",
    });
    await attempt((ctx) => ctx.workbook.worksheets.getItem("Report").protection.protect());
    await expect(attempt((ctx) => ctx.workbook.pivotTables.getItem("ByStore").refresh())).rejects.toMatchObject({
      code: "AccessDenied",
    });
    await attempt((ctx) => ctx.workbook.worksheets.getItem("Report").protection.unprotect());
    await attempt((ctx) => sales(ctx).convertToRange());
    await expect(attempt((ctx) => ctx.workbook.pivotTables.getItem("ByStore").refresh())).rejects.toMatchObject({
      code: "InvalidReference",
    });
    expect((await report(host)).values).toEqual(AS_ADDED);
    await attempt((ctx) => ctx.workbook.pivotTables.getItem("ByStore").delete());
    expect(host.sheetValues("Report")).toEqual([]);
    await host.run(async (ctx) => {
      const gone = ctx.workbook.pivotTables.getItemOrNullObject("ByStore");
      await ctx.sync();
      expect(gone.isNullObject).toBe(true);
    });
  });
});
