// What a finance user built inside a table stays, through the real pane in Chromium at Excel's narrow
// 320 px, against the preview page's in-memory workbook: a weekly table pulled through the pane, then (through
// window.previewWorkbook.run, as a person would in Excel) an adjustment row typed into the week the next refresh
// re-reads, a column hidden, a width set, panes frozen, validation and a conditional format on revenue; the service
// moves on two days (the window revised, a week added) and the pane's Refresh: the adjustment kept in its week and
// named, the rest as the user left it, the new rows validated and formatted. Then the table sorted by revenue and
// filtered: refreshed, sorted and filtered again; refreshed once more the same day: "No change".
import { join } from "node:path";
import type { Page } from "playwright-core";
import { addDays, addPeriods, periodStart } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import { dateStyle } from "../../src/core/words";
import { chooseRetailers, connectPane, OUTPUT_DIR, useBrowserRig } from "../support/browser";
import { checkPane, settled } from "../support/paneChecks";

jest.setTimeout(120_000);

const browser = useBrowserRig();
const TABLE = "Sales_northmart_SKU_weekly";
let page: Page;
let errors: string[];
const pane = () => page.locator("aside");
const sim = () => browser.rig.server.simulator!;

beforeAll(async () => {
  ({ page, errors } = await browser.rig.page());
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto(`${browser.rig.origin}/preview.html?width=320`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await connectPane(pane(), `${browser.rig.origin}/simulator`, "demo");
}, 120_000);

/** The table as the API reads it: headers, values, the hidden rows of its body, its sheet's settings for the checks. */
const tableNow = () =>
  page.evaluate(
    (name) =>
      window.previewWorkbook.run(async (ctx) => {
        const table = ctx.workbook.tables.getItem(name);
        const header = table.getHeaderRowRange().load("values");
        const body = table.getDataBodyRange().load("values,rowCount,address");
        const revenue = table.columns.getItem("revenue").getDataBodyRange();
        const validation = revenue.dataValidation.load("type");
        const formats = revenue.conditionalFormats.load("items/id");
        const units = table.columns.getItem("units").getRange().load("columnHidden");
        const sku = table.columns.getItem("sku").getRange().format.load("columnWidth");
        const frozen = table.worksheet.freezePanes.getLocationOrNullObject().load("address");
        const sort = table.sort.load("fields");
        const filter = table.autoFilter.load("criteria");
        await ctx.sync();
        const ranges = formats.items.map((f) => f.getRanges().load("address"));
        const hidden = Array.from({ length: body.rowCount }, (_, i) => body.getRow(i).load("rowHidden"));
        await ctx.sync();
        return {
          headers: header.values[0] as string[],
          values: body.values,
          body: body.address,
          validation: validation.type as string,
          formats: ranges.map((r) => r.address),
          unitsHidden: units.columnHidden,
          skuWidth: sku.columnWidth,
          frozen: frozen.isNullObject ? null : frozen.address,
          sort: sort.fields.map((f) => [f.key, f.ascending]),
          criteria: JSON.stringify(filter.criteria),
          hidden: hidden.map((r) => r.rowHidden),
        };
      }),
    TABLE,
  );

const line = (text: RegExp) => pane().getByRole("status").filter({ hasText: text });

/**
 * After `click`, the refresh line matching `text` that a new refresh wrote: the last refresh's line stays until the
 * new one replaces it, and may match too.
 */
async function lineAfter(click: () => Promise<void>, text: RegExp) {
  const shown = () => line(text).allTextContents();
  const stale = (await shown()).join("\n");
  await click();
  for (const end = Date.now() + 60_000; Date.now() < end; await page.waitForTimeout(100)) {
    const now = await shown();
    if (now.length > 0 && now.join("\n") !== stale) return;
  }
  throw new Error(`no new refresh line like ${String(text)}`);
}

async function screenshot(name: string) {
  await settled(page);
  await pane().screenshot({ path: join(OUTPUT_DIR, `${name}.png`) });
}

test("an adjustment row and the columns' settings stay through a refresh; the new rows take the validation and format", async () => {
  await chooseRetailers(page, ["northmart"], pane());
  await pane().getByRole("combobox", { name: "Metrics", exact: true }).click();
  for (const m of ["Revenue", "Units"]) await page.getByRole("menuitemcheckbox", { name: m, exact: true }).click();
  await page.keyboard.press("Escape");
  const today = sim().today();
  await pane().getByRole("textbox", { name: "From", exact: true }).fill(addDays(today, -63));
  await pane()
    .getByRole("checkbox", { name: /^Up to today/ })
    .check();
  await pane().getByRole("button", { name: "Get data" }).click();
  await pane()
    .getByText(new RegExp(`^Wrote [\\d,]+ rows to ${TABLE}`))
    .waitFor();

  // The week the next refresh re-reads first (7 days before this read), and the adjustment typed into it.
  const week = periodStart(addDays(today, -7), "weekly");
  // Said in the pane's date style (the browser's locale here).
  const style = dateStyle(await page.evaluate(() => navigator.language));
  const weekText = style.range({ from: week, to: addDays(addPeriods(week, "weekly", 1), -1) });
  const adjustment = await page.evaluate(
    ({ name, serial }) =>
      window.previewWorkbook.run(async (ctx) => {
        const table = ctx.workbook.tables.getItem(name);
        const header = table.getHeaderRowRange().load("values");
        const body = table.getDataBodyRange().load("values");
        await ctx.sync();
        const headers = header.values[0] as string[];
        const last = body.values.map((r) => r[0]).lastIndexOf(serial);
        const row = headers.map((h, k) =>
          h === "sku" ? "ADJ" : h === "revenue" ? -512.34 : h === "units" ? 0 : k === 0 ? serial : "Adjustment",
        );
        table.rows.add(last + 1, [row]);
        table.columns.getItem("units").getRange().columnHidden = true;
        table.columns.getItem("sku").getRange().format.columnWidth = 90;
        table.worksheet.freezePanes.freezeRows(1);
        const revenue = table.columns.getItem("revenue").getDataBodyRange();
        revenue.dataValidation.rule = { decimal: { formula1: -100000, operator: "GreaterThan" } };
        const cf = revenue.conditionalFormats.add("CellValue");
        cf.cellValue.rule = { formula1: "=0", operator: "LessThan" };
        cf.cellValue.format.fill.color = "#FFC7CE";
        await ctx.sync();
        return row;
      }),
    { name: TABLE, serial: excelSerial(week) },
  );
  const before = await tableNow();

  // Two days later at the service (recent weeks revised, the current week grown), then the pane's Refresh.
  sim().setToday(addDays(today, 2));
  await pane()
    .getByRole("button", { name: `Refresh ${TABLE}`, exact: true })
    .click();
  const done = line(new RegExp(`${TABLE}: rewrote .*; kept your row ADJ, ${weekText}`));
  await done.waitFor();
  expect(await done.textContent()).not.toMatch(/no longer sends/);
  await checkPane(page, "320 px, a refresh that kept the user's row");
  await screenshot("user-rows-320-1-kept");

  const after = await tableNow();
  const sku = after.headers.indexOf("sku");
  const at = after.values.findIndex((r) => r[sku] === "ADJ");
  expect(after.values[at]).toEqual(adjustment);
  expect(after.values[at - 1][0]).toBe(excelSerial(week)); // after its week's service rows
  expect(after.values[at + 1][0]).toBeGreaterThan(excelSerial(week));
  expect([after.unitsHidden, after.skuWidth, after.frozen]).toEqual([true, 90, before.frozen]);
  // Every row of revenue, the new ones too: the validation and the conditional format, one area.
  expect(after.validation).toBe("Decimal");
  const revenueColumn = String.fromCharCode(65 + after.headers.indexOf("revenue"));
  expect(after.formats).toEqual([
    `${after.body.split("!")[0]}!${revenueColumn}2:${revenueColumn}${after.values.length + 1}`,
  ]);
  expect(errors).toEqual([]);
});

test("sorted by revenue and filtered: refreshed, sorted and filtered again; once more the same day: no change", async () => {
  const shown = await page.evaluate(
    (name) =>
      window.previewWorkbook.run(async (ctx) => {
        const table = ctx.workbook.tables.getItem(name);
        const header = table.getHeaderRowRange().load("values");
        const body = table.getDataBodyRange().load("values");
        await ctx.sync();
        const headers = header.values[0] as string[];
        const sku = headers.indexOf("sku");
        const two = [...new Set(body.values.map((r) => String(r[sku])))].filter((s) => s !== "ADJ").slice(0, 2);
        table.sort.apply([{ key: headers.indexOf("revenue"), ascending: false }]);
        table.columns.getItem("sku").filter.applyValuesFilter(two);
        await ctx.sync();
        return two;
      }),
    TABLE,
  );
  const before = await tableNow();
  sim().setToday(addDays(sim().today(), 1));
  const refresh = () =>
    pane()
      .getByRole("button", { name: `Refresh ${TABLE}`, exact: true })
      .click();
  await lineAfter(refresh, new RegExp(`${TABLE}: rewrote `));
  const after = await tableNow();
  expect([after.sort, after.criteria]).toEqual([before.sort, before.criteria]);
  const sku = after.headers.indexOf("sku");
  const revenue = after.headers.indexOf("revenue");
  // Shown: the two SKUs picked, largest revenue first among them.
  const visible = after.values.filter((_, i) => !after.hidden[i]);
  expect(new Set(visible.map((r) => String(r[sku])))).toEqual(new Set(shown));
  expect(visible.map((r) => r[revenue])).toEqual([...visible.map((r) => r[revenue] as number)].sort((a, b) => b - a));
  expect(after.values.filter((r, i) => after.hidden[i] === shown.includes(String(r[sku])))).toEqual([]);

  await pane()
    .getByRole("button", { name: `Refresh ${TABLE}`, exact: true })
    .click();
  const same = line(new RegExp(`${TABLE}: No change: \\d+ rows re-read, all as before; kept your row ADJ`));
  await same.waitFor();
  expect(await same.textContent()).toMatch(/Revenue, [^:]+: no change; Units, [^:]+: no change/);
  await checkPane(page, "320 px, a refresh that changed nothing");
  await screenshot("user-rows-320-2-no-change");
  expect(errors).toEqual([]);
});
