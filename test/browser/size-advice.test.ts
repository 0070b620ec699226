// A query too large for the room at the selected cell, through the real pane in Chromium at 320 px (en-GB), against
// the harness's simulator: the pane knows after the query's first week that it cannot fit, stops there, and says
// the rows, the room and only what would change something for this query: no weekly data for a weekly query, no
// View by once one is set, and Copy for sync to put the rows in a database instead. Nothing is written.
import type { Page } from "playwright-core";
import { addDays, type IsoDate } from "../../src/core/dates";
import { fillQuery } from "../../dev/bench/paneDriver";
import { connectPane, useBrowserRig } from "../support/browser";

jest.setTimeout(120_000);

const browser = useBrowserRig();
let page: Page;
const pane = () => page.locator("aside");

/** Grouped the en-GB way (1,234), or under a thousand. */
const COUNT = String.raw`(?:\d{1,3}(?:,\d{3})+|\d{1,3})`;
/** The service's parameter names: none may be read in a message for people. */
const PARAMETERS = /\b(type|retailer|timeframe|metric|datefrom|dateto|comparison|filter|viewby)\b/;

beforeAll(async () => {
  ({ page } = await browser.rig.page({ locale: "en-GB" }));
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.goto(`${browser.rig.origin}/preview.html?width=320`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await connectPane(pane(), `${browser.rig.origin}/simulator`, "demo");
  // The table would go at A1048000: Excel has room for 576 rows below its header there.
  await page.evaluate(() =>
    window.previewWorkbook.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1048000").select();
      await context.sync();
    }),
  );
}, 120_000);

/** Get data, and the refusal it gives (the pane's error line). */
async function refusal(): Promise<string> {
  const requests = browser.rig.server.simulator!.requestCount("/api/data");
  await pane().getByRole("button", { name: "Get data" }).click();
  const said = pane().getByText(/^This query would give about /);
  await said.waitFor();
  await pane().getByRole("button", { name: "Cancel" }).waitFor({ state: "detached" });
  // The first week alone was asked for: the rest never sent.
  expect(browser.rig.server.simulator!.requestCount("/api/data") - requests).toBe(1);
  return (await said.innerText()).replace(/\s+/g, " ").trim();
}

test("a weekly query is not told to be weekly, and one with View by set is not told to set it", async () => {
  const today = browser.rig.server.simulator!.today() as IsoDate;
  // Four whole weeks before this one.
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const weeks = { retailers: ["northmart"], timeframe: "Weekly", metrics: ["Revenue"] } as const;
  await fillQuery(page, pane(), { ...weeks, from: addDays(monday, -28), to: addDays(monday, -1) });
  await pane().getByRole("radio", { name: "At the selected cell" }).check();

  const weekly = await refusal();
  expect(weekly).toMatch(
    new RegExp(
      `^This query would give about ${COUNT} rows; Excel has room for 576 below the selected cell\\. What fits: ` +
        `one SKU in View by or Copy for sync below, to put all of it in a database\\. Nothing was written\\.$`,
    ),
  );
  expect(weekly).not.toMatch(/weekly|monthly/);
  expect(weekly).not.toMatch(PARAMETERS);
  await pane().getByRole("button", { name: "Copy for sync" }).waitFor();

  // One SKU in View by, over 30 weeks: still too many rows, and View by is not offered again.
  const viewBy = pane().getByRole("combobox", { name: "View by", exact: true });
  await viewBy.click();
  await page.getByRole("option", { name: /^100001 - / }).click();
  await pane()
    .getByRole("textbox", { name: "From", exact: true })
    .fill(addDays(monday, -30 * 7));
  await pane().getByRole("textbox", { name: "From", exact: true }).blur();
  const withViewBy = await refusal();
  expect(withViewBy).toMatch(
    new RegExp(
      `^This query would give about ${COUNT} rows; Excel has room for 576 below the selected cell\\. What fits: ` +
        // (30 weeks as months would be seven or eight months of the weeks' rows: over the room, not offered.)
        `up to ${COUNT} weeks in From and To or Copy for sync below, to put all of it in a database\\. ` +
        `Nothing was written\\.$`,
    ),
  );
  expect(withViewBy).not.toContain("View by");
  expect(withViewBy).not.toContain("weekly");
  expect(await page.evaluate(() => window.previewWorkbook.tables())).toEqual([]);
});
