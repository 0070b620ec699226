// "Refresh anyway" through the real pane in Chromium at Excel's narrow 320 px, against the preview page's in-memory
// workbook: a daily table is pulled, then the service (the simulator behind the corrupting proxy) sends one
// weekday of each daily answer only, so the next refresh would remove whole days. Refresh holds the table and
// says what it would remove, with "Refresh anyway"; the table is as it was. By the time "Refresh anyway" is
// clicked the service keeps another weekday (other days would go): held again, the new line with its own button,
// the table as it was. That "Refresh anyway" writes it and its new line says what was removed. Then the service
// starts sending revenue in pence (the proxy's scale, x100): the refresh is held naming the metric and the factor,
// with "Refresh anyway", which writes it.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { addDays } from "../../src/core/dates";
import { chooseRetailers, connectPane, OUTPUT_DIR, useBrowserRig } from "../support/browser";
import { checkPane, settled } from "../support/paneChecks";
import { SIM_KEY, startTestSimulator, type TestSimulator } from "../support/simulator";

jest.setTimeout(120_000);

const browser = useBrowserRig();
let twin: TestSimulator; // same seed and clock as the dev server's simulator: the same answers
let proxy: CorruptingProxy; // in front of the twin: the pane's Service URL
let page: Page;
let errors: string[];

const TABLE = "Sales_northmart_SKU_daily";
const today = () => browser.rig.server.simulator!.today();
const pane = () => page.locator("aside");

beforeAll(async () => {
  twin = await startTestSimulator({ today: today() });
  proxy = await startCorruptingProxy(twin.url);
  ({ page, errors } = await browser.rig.page());
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto(`${browser.rig.origin}/preview.html?width=320`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await connectPane(pane(), proxy.url, SIM_KEY);
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await twin?.close();
});

/** Pictures for a person to look at: the whole pane, and its tables section (the refresh lines) at full size. */
async function screenshot(name: string) {
  await settled(page);
  await pane().screenshot({ path: join(OUTPUT_DIR, `${name}.png`) });
  await pane()
    .locator('section[aria-labelledby="saved-title"]')
    .screenshot({ path: join(OUTPUT_DIR, `${name}-tables.png`) });
}

async function tableCells(): Promise<unknown[][]> {
  const tables = await page.evaluate(() => window.previewWorkbook.tables());
  const table = tables.find((t) => t.name === TABLE);
  expect(table).toBeDefined();
  return page.evaluate((sheet) => window.previewWorkbook.values(sheet), table!.sheet);
}

test("a refresh that would remove whole days is held with Refresh anyway; Refresh anyway writes it", async () => {
  // A rolling daily table of the last three weeks.
  await chooseRetailers(page, ["northmart"], pane());
  await pane().getByRole("combobox", { name: "Timeframe", exact: true }).click();
  await page.getByRole("option", { name: "Daily", exact: true }).click();
  await pane().getByRole("combobox", { name: "Metrics", exact: true }).click();
  for (const m of ["Revenue", "Units"]) await page.getByRole("menuitemcheckbox", { name: m, exact: true }).click();
  await page.keyboard.press("Escape");
  await pane().getByRole("textbox", { name: "From", exact: true }).fill(addDays(today(), -21));
  await pane()
    .getByRole("checkbox", { name: /^Up to today/ })
    .check();
  await pane().getByRole("button", { name: "Get data" }).click();
  await pane()
    .getByText(new RegExp(`^Wrote [\\d,]+ rows to ${TABLE}`))
    .waitFor();
  const before = await tableCells();

  // The service sends one weekday of a daily answer: the refresh window (8 days) loses most days. The first
  // answer keeps the weekday seed 1 picks; the two after it the one seed 3 picks (another weekday).
  const daily = { timeframe: "daily" };
  proxy.corrupt({ corruptions: [{ kind: "respace" }], match: daily, seed: 1, count: 1 });
  for (let i = 0; i < 2; i++) proxy.corrupt({ corruptions: [{ kind: "respace" }], match: daily, seed: 3, count: 1 });
  await pane()
    .getByRole("button", { name: `Refresh ${TABLE}`, exact: true })
    .click();
  const anyway = pane().getByRole("button", { name: `Refresh anyway ${TABLE}`, exact: true });
  await anyway.waitFor();
  expect(proxy.corrupted()).toBeGreaterThan(0);
  expect(await anyway.textContent()).toBe("Refresh anyway");
  const held = pane()
    .getByRole("status")
    .filter({ hasText: `${TABLE}: The service no longer sends` });
  const heldText = (await held.textContent()) ?? "";
  expect(heldText).toMatch(
    /no longer sends [\d,]+ stored rows \(.+\): nothing at all for .+\. The table was left as it was\./,
  );
  expect(heldText.match(/no longer sends/g)).toHaveLength(1);
  expect(await tableCells()).toEqual(before); // nothing written

  // At 320 px the held words wrap and the button is whole, inside the pane.
  await checkPane(page, "320 px, a refresh held with Refresh anyway");
  const box = (await anyway.boundingBox())!;
  const paneBox = (await pane().boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(paneBox.x + paneBox.width);
  await screenshot("refresh-anyway-320-1-held");

  // Refresh anyway accepts what was shown, no more: the service's answer now would remove other days, so the
  // table is held again and the new line says so, with its own button.
  await anyway.click();
  const again = pane().getByRole("status").filter({ hasText: "That is more than you accepted with Refresh anyway." });
  await again.waitFor();
  expect(await anyway.count()).toBe(1);
  expect(await tableCells()).toEqual(before); // nothing written
  await screenshot("refresh-anyway-320-2-held-again");

  // Refresh anyway on the new line: written, and the new line says what was removed; no button any more.
  await anyway.click();
  const done = pane()
    .getByRole("status")
    .filter({ hasText: new RegExp(`${TABLE}: rewrote .* removed; .*they were removed from the table\\b`) });
  await done.waitFor();
  expect(await anyway.count()).toBe(0);
  const after = await tableCells();
  expect(after.length).toBeLessThan(before.length);
  await checkPane(page, "320 px, after Refresh anyway");
  await screenshot("refresh-anyway-320-3-written");
  expect(errors).toEqual([]);
});

test("a unit change at the source (revenue in pence) is held with Refresh anyway; Refresh anyway writes it", async () => {
  // The table the test above wrote (its answers in the old unit); from now on every answer's revenue is x100.
  const before = await tableCells();
  proxy.corrupt({ corruptions: [{ kind: "scale", factor: 100, metric: "revenue" }] });
  await pane()
    .getByRole("button", { name: `Refresh ${TABLE}`, exact: true })
    .click();
  const anyway = pane().getByRole("button", { name: `Refresh anyway ${TABLE}`, exact: true });
  await anyway.waitFor();
  const held = pane()
    .getByRole("status")
    .filter({ hasText: `${TABLE}: The service's Revenue figures` });
  expect(await held.textContent()).toMatch(
    /The service's Revenue figures in the re-read days are 100 times what the table holds for the same rows \(\d+ of \d+ rows\), as if the retailer had changed its unit \(pence for pounds\)\. The table was left as it was[.;]/,
  );
  expect(await tableCells()).toEqual(before); // nothing written
  await checkPane(page, "320 px, a unit change held with Refresh anyway");
  await screenshot("refresh-anyway-320-4-unit-held");

  await anyway.click();
  const done = pane()
    .getByRole("status")
    .filter({ hasText: new RegExp(`${TABLE}: rewrote .*were 100 times what the table held .*They were written`) });
  await done.waitFor();
  expect(await anyway.count()).toBe(0);
  expect(await tableCells()).not.toEqual(before);
  expect(errors).toEqual([]);
});
