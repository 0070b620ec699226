// In real Chromium: window.previewWorkbook.run does to the preview's workbook what a user would (a formula
// column, a PivotTable), and cellInfo reads cells back as the Excel API does.
import { useBrowserRig } from "../support/browser";

jest.setTimeout(60_000);

const browser = useBrowserRig();

test("run adds a formula column and a PivotTable; cellInfo reads them; the pivot is stale until refresh", async () => {
  const { page, errors } = await browser.rig.page();
  await page.goto(`${browser.rig.origin}/preview.html`);
  await page.getByTestId("grid").waitFor();

  const address = await page.evaluate(() =>
    window.previewWorkbook.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1:C4").values = [
        ["store", "revenue", "units"],
        ["York", 150, 2],
        ["Leeds", 50, 1],
        ["York", 20, 1],
      ];
      const table = sheet.tables.add("A1:C4", true);
      table.name = "Sales";
      table.columns.add(-1, [
        ["per unit"],
        ["=[@revenue]/[@units]"],
        ["=[@revenue]/[@units]"],
        ["=[@revenue]/[@units]"],
      ]);
      const report = context.workbook.worksheets.add("Report");
      const pivot = report.pivotTables.add("ByStore", table, "A1");
      pivot.rowHierarchies.add(pivot.hierarchies.getItem("store"));
      pivot.dataHierarchies.add(pivot.hierarchies.getItem("revenue"));
      const range = table.getRange();
      range.load("address");
      await context.sync();
      return range.address;
    }),
  );
  expect(address).toBe("Sheet1!A1:D4");
  expect(await page.evaluate(() => window.previewWorkbook.tables())).toEqual([
    { name: "Sales", sheet: "Sheet1", address: "Sheet1!A1:D4" },
  ]);
  const cell = (a: string) => page.evaluate((x) => window.previewWorkbook.cellInfo(x), a);
  expect(await cell("Sheet1!D2")).toEqual({
    value: "#VALUE!",
    formula: "=[@revenue]/[@units]",
    numberFormat: "General",
  });
  expect(await cell("Sheet1!B2")).toEqual({ value: 150, formula: 150, numberFormat: "General" });
  expect(await page.evaluate(() => window.previewWorkbook.values("Report"))).toEqual([
    ["Row Labels", "Sum of revenue"],
    ["Leeds", 50],
    ["York", 170],
    ["Grand Total", 220],
  ]);

  await page.evaluate(() =>
    window.previewWorkbook.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B2").values = [[1000]];
      await context.sync();
    }),
  );
  expect((await cell("Report!B3")).value).toBe(170); // stale: the source changed, the pivot was not refreshed
  await page.evaluate(() =>
    window.previewWorkbook.run(async (context) => {
      context.workbook.pivotTables.refreshAll();
      await context.sync();
    }),
  );
  expect(await cell("Report!B3")).toEqual({ value: 1020, formula: 1020, numberFormat: "General" });
  await page.getByText("per unit").waitFor(); // the grid repainted after run
  await browser.rig.screenshot(page, "preview-run-column-pivot");
  expect(errors).toEqual([]);
});
