// Results shown where people look, in real Chromium at Excel's 320 px: the ribbon's Refresh all (the preview's
// banner runs the real command) while the pane is closed, and the pane opened after it shows that run's summary;
// a failing ribbon refresh opens the pane by itself on the summary naming the table and why; the pane's own
// Refresh all shows "0 of 2 written, 2 reading" (the tables read side by side) with Cancel, a card's Refresh
// "Refreshing 1 of 1: <table>". The table names are the
// simulator's long-names retailer's (80+ characters without a space): they must wrap, never widen the pane.
import type { Page } from "playwright-core";
import { LONG_NAME_RETAILER } from "../../dev/simulator";
import { addDays } from "../../src/core/dates";
import { chooseRetailers, useBrowserRig } from "../support/browser";
import { checkPane } from "../support/paneChecks";

jest.setTimeout(180_000);

const browser = useBrowserRig({ longNames: true });
const LONG_TABLE = `Sales_${LONG_NAME_RETAILER}_SKU_weekly`;
const SHORT_TABLE = "Sales_northmart_SKU_weekly";

let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ page, errors } = await browser.rig.page());
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(`${browser.rig.origin}/preview.html?width=320`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
}, 60_000);

const pane = () => page.getByRole("complementary", { name: "Sales Data pane" });
/** The notice at the top of the pane (its role is status or alert, as the run went). */
const notice = () => page.locator('[aria-label="Last Refresh all"]');
const today = () => browser.rig.server.simulator!.today();

/** Queues simulator faults through the dev server (the rig runs the simulator with faults on). */
async function inject(fault: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`${browser.rig.origin}/simulator/__simulator/faults`, { data: fault });
  expect(res.status()).toBe(200);
}
async function clearFaults(): Promise<void> {
  await page.request.post(`${browser.rig.origin}/simulator/__simulator/reset`);
}

async function getWeeklyTable(retailer: string, tableName: string): Promise<void> {
  await chooseRetailers(page, [retailer]);
  await page.getByRole("combobox", { name: "Metrics", exact: true }).click();
  await page.getByRole("menuitemcheckbox", { name: "Revenue", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("textbox", { name: "From", exact: true }).fill(addDays(today(), -63));
  await page.getByRole("checkbox", { name: /^Up to today/ }).check();
  await page.getByRole("button", { name: "Get data" }).click();
  await page.getByText(new RegExp(`^Wrote [\\d,]+ rows to ${tableName}`)).waitFor();
}

/** Presses the banner's ribbon Refresh all and waits for the command's console summary (the pane may be closed). */
async function ribbonRefreshAll(): Promise<string> {
  const logged = page.waitForEvent("console", { predicate: (m) => m.text().startsWith("Sales Data:") });
  await page.getByRole("button", { name: "Refresh all (ribbon)" }).click();
  return (await logged).text();
}

test("a ribbon Refresh all's summary appears when the pane opens", async () => {
  await page.getByLabel("Service URL").fill(`${browser.rig.origin}/simulator`);
  await page.getByLabel("API key", { exact: true }).fill("demo");
  await page.getByRole("button", { name: "Test connection" }).click();
  await page.getByText("Connected.").waitFor();
  await getWeeklyTable(LONG_NAME_RETAILER, LONG_TABLE);

  await page.getByRole("button", { name: "Close pane" }).click();
  await pane().waitFor({ state: "detached" });
  expect(await ribbonRefreshAll()).toMatch(/^Sales Data: 1 of 1 table refreshed\./);
  expect(await pane().count()).toBe(0); // it went well: the pane stays closed

  await page.getByRole("button", { name: "Open pane" }).click();
  const shown = notice();
  await shown.waitFor();
  expect(await shown.getAttribute("role")).toBe("status");
  const text = await shown.textContent();
  expect(text).toMatch(/^Refresh all from the ribbon, \d{1,2}:\d{2}(\s?[AP]M)?: 1 of 1 table refreshed\./);
  await browser.rig.screenshot(page, "ribbon-summary-1-after-ribbon-refresh-320");
  await checkPane(page, "the ribbon's summary in the pane opened after it");

  await shown.getByRole("button", { name: "Dismiss" }).click();
  await shown.waitFor({ state: "detached" });
  expect(errors).toEqual([]);
});

test("a failed ribbon Refresh all opens the pane by itself on the summary naming the table and why", async () => {
  await page.getByRole("button", { name: "Close pane" }).click();
  await pane().waitFor({ state: "detached" });
  await inject({ path: "/api/data", status: 400, detail: "The retailer's feed is being rebuilt.", count: 5 });
  expect(await ribbonRefreshAll()).toMatch(/^Sales Data: 0 of 1 table refreshed, 1 failed\./);
  await clearFaults();

  const shown = notice();
  await shown.waitFor(); // the command opened the pane
  expect(await shown.getAttribute("role")).toBe("alert");
  const text = (await shown.textContent()) ?? "";
  expect(text).toMatch(/^Refresh all from the ribbon, \d{1,2}:\d{2}(\s?[AP]M)?: 0 of 1 table refreshed, 1 failed\./);
  expect(text).toContain(`${LONG_TABLE}: `);
  expect(text).toContain("The retailer's feed is being rebuilt.");
  // Focused, so a screen reader reads it; the pane's top is in view.
  expect(await shown.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  expect(await pane().evaluate((el) => el.scrollTop)).toBe(0);
  await browser.rig.screenshot(page, "ribbon-summary-2-failed-opens-pane-320");
  await checkPane(page, "the failed ribbon refresh's summary");
  // The browser logs the refused requests itself; nothing else is an error.
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  errors.length = 0;

  // With the pane open, the next ribbon run's summary replaces it in place.
  expect(await ribbonRefreshAll()).toMatch(/^Sales Data: 1 of 1 table refreshed\./);
  await page.getByText(/^Refresh all from the ribbon, .*: 1 of 1 table refreshed\./).waitFor();
  expect(await notice().count()).toBe(1);
});

test("the pane's Refresh all shows the tables written and reading, with Cancel; a card's Refresh its table", async () => {
  await getWeeklyTable("northmart", SHORT_TABLE);
  const before = await page.evaluate(() => window.previewWorkbook.values(window.previewWorkbook.tables()[1].sheet));
  const simToday = today();
  browser.rig.server.simulator!.setToday(addDays(simToday, 1)); // the service revises the recent weeks
  // Slow answers keep the run on screen long enough to read and to press Cancel: the long-named table's answer
  // comes first, northmart's much later.
  await inject({ path: "/api/data", retailer: LONG_NAME_RETAILER, delayMs: 2000, count: 20 });
  await inject({ path: "/api/data", retailer: "northmart", delayMs: 8000, count: 20 });
  try {
    await page.getByRole("button", { name: "Refresh all", exact: true }).click();
    const progress = page.getByText("0 of 2 written, 2 reading");
    await progress.waitFor();
    await progress.scrollIntoViewIfNeeded();
    await browser.rig.screenshot(page, "ribbon-summary-3-refresh-all-progress-320");
    await checkPane(page, "Refresh all's progress line");
    await page.getByText("1 of 2 written, 1 reading").waitFor();
    await pane().getByRole("button", { name: "Cancel" }).click();
    await page.getByText(`${SHORT_TABLE}: Refresh was cancelled; the table was not changed.`).waitFor();
    await page.getByText(new RegExp(`^${LONG_TABLE}: rewrote `)).waitFor();
    await browser.rig.screenshot(page, "ribbon-summary-4-refresh-all-cancelled-320");
    await checkPane(page, "Refresh all's lines after Cancel");
    const after = await page.evaluate(() => window.previewWorkbook.values(window.previewWorkbook.tables()[1].sheet));
    expect(after).toEqual(before);
    // The pane's own run is shown in its tables section, not in the notice at the top.
    expect(await notice().count()).toBe(0);

    await page.getByRole("button", { name: `Refresh ${SHORT_TABLE}` }).click();
    await page.getByText(`Refreshing 1 of 1: ${SHORT_TABLE}`).waitFor();
    await pane().getByRole("button", { name: "Cancel" }).click();
    await page.getByText(`${SHORT_TABLE}: Refresh was cancelled; the table was not changed.`).waitFor();
  } finally {
    await clearFaults();
    browser.rig.server.simulator!.setToday(simToday); // later tests see the clock the pane started with
  }
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});

test("?pane=closed opens the preview without the pane; Open pane shows it", async () => {
  const { page: closed, errors: closedErrors } = await browser.rig.page();
  await closed.goto(`${browser.rig.origin}/preview.html?pane=closed&width=320`);
  await closed.getByTestId("grid").waitFor();
  expect(await closed.getByRole("complementary", { name: "Sales Data pane" }).count()).toBe(0);
  await closed.getByRole("button", { name: "Open pane" }).click();
  await closed.getByRole("heading", { name: "Sales Data" }).waitFor();
  expect(closedErrors).toEqual([]);
  await closed.close();
});
