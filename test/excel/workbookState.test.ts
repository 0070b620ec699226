// The workbook around a managed table, as refresh reads it: pivot tables on it are refreshed after the write
// (only those on refreshed tables where Excel tells a pivot's source), and manual calculation is noticed.
import { createWorkbookHost } from "../../dev/workbook-host";
import { refreshPivotsOfTables, refreshPivotsOn } from "../../src/excel/pivots";
import { calculationIsManual } from "../../src/excel/workbookState";

type Host = ReturnType<typeof createWorkbookHost>;

/** Two tables ("Sales", "Other") with a pivot each on the sheet "Report". */
async function workbook(): Promise<Host> {
  const host = createWorkbookHost({ sheets: ["Data", "Report"] });
  await host.run(async (ctx) => {
    const data = ctx.workbook.worksheets.getItem("Data");
    for (const [name, at] of [
      ["Sales", "A1:B1"],
      ["Other", "E1:F1"],
    ] as const) {
      const t = data.tables.add(at, true);
      t.name = name;
      t.getHeaderRowRange().values = [["store", "revenue"]];
      t.rows.add(undefined, [
        ["York", 100],
        ["Hull", 50],
      ]);
    }
    await ctx.sync();
    const report = ctx.workbook.worksheets.getItem("Report");
    for (const [name, source, at] of [
      ["BySales", "Sales", "A1"],
      ["ByOther", "Other", "F1"],
    ] as const) {
      const p = report.pivotTables.add(name, ctx.workbook.tables.getItem(source), at);
      p.rowHierarchies.add(p.hierarchies.getItem("store"));
      p.dataHierarchies.add(p.hierarchies.getItem("revenue"));
    }
    await ctx.sync();
  });
  return host;
}

/** Doubles York's revenue in both tables (as a refresh would change the figures). */
const revise = (host: Host) =>
  host.run(async (ctx) => {
    for (const t of ["Sales", "Other"])
      ctx.workbook.tables.getItem(t).getDataBodyRange().getCell(0, 1).values = [[200]];
    await ctx.sync();
  });

const pivotValues = (host: Host, name: string) =>
  host.run(async (ctx) => {
    const r = ctx.workbook.pivotTables.getItem(name).layout.getRange().load("values");
    await ctx.sync();
    return JSON.stringify(r.values);
  });

test("where Excel tells a pivot's source, only the pivots on the refreshed tables are refreshed", async () => {
  const host = await workbook();
  const [salesBefore, otherBefore] = [await pivotValues(host, "BySales"), await pivotValues(host, "ByOther")];
  await revise(host);
  expect(await pivotValues(host, "BySales")).toBe(salesBefore); // stale until refreshed, as in Excel
  host.stats.reset();
  expect(await refreshPivotsOn(host.run, ["Sales"], true)).toBe(1);
  expect(host.stats.syncs).toBeLessThanOrEqual(3);
  expect(await pivotValues(host, "BySales")).not.toBe(salesBefore);
  expect(await pivotValues(host, "BySales")).toContain("200");
  expect(await pivotValues(host, "ByOther")).toBe(otherBefore);
});

test("below ExcelApi 1.15 every pivot is refreshed, as Excel's Refresh All does", async () => {
  const host = await workbook();
  const otherBefore = await pivotValues(host, "ByOther");
  await revise(host);
  expect(await refreshPivotsOn(host.run, ["Sales"], false)).toBe(2);
  expect(await pivotValues(host, "ByOther")).not.toBe(otherBefore);
});

test("several tables at once: each pivot refreshed once, counted by its table where Excel tells sources", async () => {
  const host = await workbook();
  expect(await refreshPivotsOfTables(host.run, ["Sales", "Other"], true)).toEqual({
    count: 2,
    byTable: new Map([
      ["sales", 1],
      ["other", 1],
    ]),
  });
  expect(await refreshPivotsOfTables(host.run, ["Sales", "Other"], false)).toEqual({ count: 2 });
});

test("no refreshed tables or no pivots: nothing is refreshed", async () => {
  const host = await workbook();
  expect(await refreshPivotsOn(host.run, [], true)).toBe(0);
  expect(await refreshPivotsOn(createWorkbookHost().run, ["Sales"], true)).toBe(0);
});

test("manual calculation is noticed", async () => {
  const host = await workbook();
  expect(await calculationIsManual(host.run)).toBe(false);
  await host.run(async (ctx) => {
    ctx.workbook.application.calculationMode = "Manual" as Excel.CalculationMode;
    await ctx.sync();
  });
  expect(await calculationIsManual(host.run)).toBe(true);
});
