// A finance user's workbook in real Chromium: get a weekly table through the pane, add a calculated column and a
// pivot on it (through window.previewWorkbook.run, as a person would in Excel), let the service revise recent
// weeks, click "Refresh all": the calculated column is in every row, including rows refresh replaced, and the
// pivot shows the refreshed figures.
import { addDays } from "../../src/core/dates";
import { chooseRetailers, useBrowserRig } from "../support/browser";

jest.setTimeout(120_000);

const browser = useBrowserRig();

test("Refresh all keeps a calculated column and refreshes the pivot built on the table", async () => {
  const rig = browser.rig;
  const { page, errors } = await rig.page();
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto(`${rig.origin}/preview.html`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await page.getByLabel("Service URL").fill(`${rig.origin}/simulator`);
  await page.getByLabel("API key", { exact: true }).fill("demo");
  await page.getByRole("button", { name: "Test connection" }).click();
  await page.getByText("Connected.").waitFor();
  await chooseRetailers(page, ["northmart"]);
  await page.getByRole("combobox", { name: "Metrics", exact: true }).click();
  for (const m of ["Revenue", "Units"]) await page.getByRole("menuitemcheckbox", { name: m, exact: true }).click();
  await page.keyboard.press("Escape");
  const today = rig.server.simulator!.today();
  await page.getByRole("textbox", { name: "From", exact: true }).fill(addDays(today, -63));
  await page.getByRole("checkbox", { name: /^Up to today/ }).check();
  await page.getByRole("button", { name: "Get data" }).click();
  await page.getByText(/^Wrote [\d,]+ rows to Sales_northmart_SKU_weekly/).waitFor();

  // What the user builds on the table.
  const rows = await page.evaluate(() =>
    window.previewWorkbook.run(async (context) => {
      const table = context.workbook.tables.getItem("Sales_northmart_SKU_weekly");
      const body = table.getDataBodyRange().load("rowCount");
      await context.sync();
      table.columns.add(-1, [["price"], ...Array.from({ length: body.rowCount }, () => ["=[@revenue]/[@units]"])]);
      const report = context.workbook.worksheets.add("Report");
      const pivot = report.pivotTables.add("RevenueByWeek", table, "A1");
      pivot.dataHierarchies.add(pivot.hierarchies.getItem("revenue"));
      await context.sync();
      return body.rowCount;
    }),
  );

  // Two days later at the service, then Refresh all in the pane.
  rig.server.simulator!.setToday(addDays(today, 2));
  await page.getByRole("button", { name: "Refresh all", exact: true }).click();
  await page
    .getByText(/Sales_northmart_SKU_weekly: rewrote .* rows replaced/)
    .last()
    .waitFor();
  await rig.screenshot(page, "refresh-around-after-refresh-all");

  const after = await page.evaluate(() =>
    window.previewWorkbook.run(async (context) => {
      const table = context.workbook.tables.getItem("Sales_northmart_SKU_weekly");
      const header = table.getHeaderRowRange().load("values");
      const body = table.getDataBodyRange().load("formulas,rowCount");
      const pivot = context.workbook.pivotTables.getItem("RevenueByWeek").layout.getDataBodyRange().load("values");
      await context.sync();
      return { header: header.values[0], formulas: body.formulas, pivot: pivot.values };
    }),
  );
  const price = after.header.indexOf("price");
  const revenue = after.header.indexOf("revenue");
  expect(price).toBeGreaterThan(revenue);
  expect(after.formulas.length).toBeGreaterThanOrEqual(rows);
  expect(after.formulas.map((r) => r[price])).toEqual(after.formulas.map(() => "=[@revenue]/[@units]"));
  const total = after.formulas.reduce((a, r) => a + (r[revenue] as number), 0);
  expect((after.pivot.flat() as number[]).at(-1)).toBeCloseTo(total, 6);
  expect(await page.getByText(/1 pivot table refreshed/).count()).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
