// "Copy for sync" through the real pane in Chromium at Excel's narrow 320 px, against the preview page's in-memory
// workbook and the dev server's simulator: a table got by dropdowns, then its card's Copy for sync puts its query on
// the clipboard as a sync-file entry that `sales-data sync` takes, and says so; the card's buttons stay inside the
// pane. The screenshot is for a person to look at (test-output/copy-for-sync-320.png).
import { join } from "node:path";
import type { Page } from "playwright-core";
import { parseQueryOption } from "../../src/sync";
import { chooseRetailers, connectPane, OUTPUT_DIR, useBrowserRig } from "../support/browser";
import { checkPane, settled } from "../support/paneChecks";

jest.setTimeout(120_000);

const browser = useBrowserRig();
const TABLE = "Sales_northmart_SKU_weekly";
let page: Page;
const pane = () => page.locator("aside");

beforeAll(async () => {
  ({ page } = await browser.rig.page());
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.rig.origin });
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto(`${browser.rig.origin}/preview.html?width=320`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await connectPane(pane(), `${browser.rig.origin}/simulator`, "demo");
}, 120_000);

test("Copy for sync copies the table's query as a sync-file entry, at 320 px", async () => {
  await chooseRetailers(page, ["northmart"], pane());
  await pane().getByRole("combobox", { name: "Metrics", exact: true }).click();
  for (const m of ["Revenue", "Units"]) await page.getByRole("menuitemcheckbox", { name: m, exact: true }).click();
  await page.keyboard.press("Escape");
  await pane()
    .getByRole("checkbox", { name: /^Up to today/ })
    .check();
  await pane().getByRole("button", { name: "Get data" }).click();
  await pane()
    .getByText(new RegExp(`^Wrote [\\d,]+ rows to ${TABLE}`))
    .waitFor();

  const copy = pane().getByRole("button", { name: `Copy for sync ${TABLE}`, exact: true });
  await copy.click();
  await pane()
    .getByRole("status")
    .filter({ hasText: `${TABLE}: its query was copied for sync.` })
    .waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const entry = parseQueryOption(copied);
  expect(entry.table).toBe(TABLE);
  expect(entry.rolling).toBe(true);
  expect(entry.query).toMatchObject({
    level: "sku",
    retailers: ["northmart"],
    timeframe: "weekly",
    metrics: ["revenue", "units"],
  });

  await checkPane(page, "320 px, a table copied for sync");
  const box = (await copy.boundingBox())!;
  const paneBox = (await pane().boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(paneBox.x + paneBox.width);
  await settled(page);
  await pane()
    .locator('section[aria-labelledby="saved-title"]')
    .screenshot({ path: join(OUTPUT_DIR, "copy-for-sync-320.png") });
});
