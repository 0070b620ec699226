// "Stop asking for units" through the real pane in Chromium at Excel's narrow 320 px, against the preview page's
// in-memory workbook: a weekly table of revenue and units is pulled, the user deletes its units
// column, the service revises recent weeks and adds one; Refresh writes the other columns and says units is no
// longer in the table, with "Stop asking for units" on the table's line, whole inside the pane. Clicking it makes
// the saved query ask for revenue only: the next refresh says nothing about units.
import { join } from "node:path";
import { addDays } from "../../src/core/dates";
import { chooseRetailers, connectPane, OUTPUT_DIR, useBrowserRig } from "../support/browser";
import { checkPane, settled } from "../support/paneChecks";

jest.setTimeout(120_000);

const browser = useBrowserRig();
const TABLE = "Sales_northmart_SKU_weekly";

test("units deleted: the line says so and offers Stop asking for units, whole at 320 px; it makes the query match", async () => {
  const rig = browser.rig;
  const { page, errors } = await rig.page();
  const pane = page.locator("aside");
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto(`${rig.origin}/preview.html?width=320`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await connectPane(pane, `${rig.origin}/simulator`, "demo");
  await chooseRetailers(page, ["northmart"], pane);
  await pane.getByRole("combobox", { name: "Metrics", exact: true }).click();
  for (const m of ["Revenue", "Units"]) await page.getByRole("menuitemcheckbox", { name: m, exact: true }).click();
  await page.keyboard.press("Escape");
  const today = rig.server.simulator!.today();
  await pane.getByRole("textbox", { name: "From", exact: true }).fill(addDays(today, -63));
  await pane.getByRole("checkbox", { name: /^Up to today/ }).check();
  await pane.getByRole("button", { name: "Get data" }).click();
  await pane.getByText(new RegExp(`^Wrote [\\d,]+ rows to ${TABLE}`)).waitFor();

  // The user deletes the units column (as in Excel: Table Design, right-click, Delete > Table Columns).
  await page.evaluate(
    (name) =>
      window.previewWorkbook.run(async (context) => {
        context.workbook.tables.getItem(name).columns.getItem("units").delete();
        await context.sync();
      }),
    TABLE,
  );
  rig.server.simulator!.setToday(addDays(today, 9));
  await pane.getByRole("button", { name: `Refresh ${TABLE}`, exact: true }).click();
  const offer = pane.getByRole("button", { name: "Stop asking for Units", exact: true });
  await offer.waitFor();
  const line = pane.getByRole("status").filter({ hasText: `${TABLE}: rewrote` });
  expect(await line.textContent()).toContain("Units is no longer in the table; the other columns were refreshed.");

  // At 320 px the line wraps and the offer is whole, inside the pane.
  await checkPane(page, "320 px, a deleted units column with Stop asking for units");
  const box = (await offer.boundingBox())!;
  const paneBox = (await pane.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(paneBox.x);
  expect(box.x + box.width).toBeLessThanOrEqual(paneBox.x + paneBox.width);
  await settled(page);
  await pane
    .locator('section[aria-labelledby="saved-title"]')
    .screenshot({ path: join(OUTPUT_DIR, "stop-asking-320-1-offer.png") });

  await offer.click();
  await pane
    .getByRole("status")
    .filter({ hasText: `${TABLE}: stopped asking for Units; its saved query now asks for Revenue.` })
    .waitFor();
  expect(await offer.count()).toBe(0);
  await pane
    .getByText(/revenue/)
    .first()
    .waitFor();

  rig.server.simulator!.setToday(addDays(today, 10));
  await pane.getByRole("button", { name: `Refresh ${TABLE}`, exact: true }).click();
  // The line that said "stopped asking" gives way to the new refresh's (which may find nothing changed).
  const next = pane.getByRole("status").filter({ hasText: new RegExp(`${TABLE}: (rewrote|No change)`) });
  await next.waitFor();
  expect(await next.textContent()).not.toMatch(/units/);
  await checkPane(page, "320 px, after Stop asking for units");
  await settled(page);
  await pane
    .locator('section[aria-labelledby="saved-title"]')
    .screenshot({ path: join(OUTPUT_DIR, "stop-asking-320-2-after.png") });
  expect(errors).toEqual([]);
});
