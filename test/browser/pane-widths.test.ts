// Nothing in the pane is cut off at the widths Excel gives a task pane: the newcomer's path (a wrong key then the
// right one, the long-name retailer, a long filter value, Get data, Pull actions, Refresh all) at 320 and 450 px,
// light and dark, with the layout and axe-core checked after every step. The 320 px screenshots of the whole pane
// after the path (test-output/pane-320-light.png and -dark.png) are the README's: `npm run readme-images` copies
// them to docs/images, so a test run never changes a tracked file.
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { LONG_NAME_RETAILER } from "../../dev/simulator/long-names";
import { OUTPUT_DIR, useBrowserRig } from "../support/browser";
import { checkPane, settled } from "../support/paneChecks";

jest.setTimeout(240_000);

const browser = useBrowserRig({ longNames: true });

type Theme = "light" | "dark";
const RUNS = [320, 450].flatMap((width) => (["light", "dark"] as Theme[]).map((theme) => ({ width, theme })));

/** One run's page and what it does after each step: both checks, and at 320 px a screenshot of the pane. */
interface Run {
  page: Page;
  pane: Locator;
  step(name: string, opts?: { main?: boolean }): Promise<void>;
}

function runOf(page: Page, width: number, theme: Theme): Run {
  const pane = page.locator("aside");
  let n = 0;
  return {
    page,
    pane,
    async step(name, opts = {}) {
      await checkPane(page, `${width} px, ${theme}, ${name}`);
      n += 1;
      // Every step in light; the main ones in dark.
      if (width === 320 && (theme === "light" || opts.main)) {
        await fitViewportToPane(page);
        await pane.screenshot({ path: join(OUTPUT_DIR, `pane-widths-320-${theme}-${n}-${name}.png`) });
      }
    },
  };
}

/** Makes the page tall enough for the whole pane, so a screenshot of the aside holds all of it. */
async function fitViewportToPane(page: Page): Promise<void> {
  const height = await page.locator("aside main").evaluate((main) => {
    const last = main.lastElementChild?.getBoundingClientRect().bottom ?? 0;
    return last - main.getBoundingClientRect().top + parseFloat(getComputedStyle(main).paddingBottom);
  });
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: Math.max(Math.ceil(height) + 2, 600) });
  await settled(page);
}

async function connect(run: Run) {
  const { page, pane } = run;
  await pane.getByLabel("Service URL").fill(`${new URL(page.url()).origin}/simulator`);
  await pane.getByLabel("API key", { exact: true }).fill("not-the-key");
  await pane.getByRole("button", { name: "Test connection" }).click();
  const status = pane.getByRole("status").filter({ hasText: "Key rejected." });
  await status.waitFor();
  // The whole message is read: it wraps onto several lines rather than running off at the pane's edge.
  const [height, lineHeight] = await status
    .locator(".fui-MessageBarBody")
    .evaluate((el) => [el.getBoundingClientRect().height, parseFloat(getComputedStyle(el).lineHeight)]);
  expect(height).toBeGreaterThan(1.5 * lineHeight);
  await run.step("key-rejected", { main: true });

  await pane.getByRole("button", { name: "Use the simulator" }).click();
  await pane.getByText("Connected.").waitFor();
  await run.step("connected");
}

/** The Retailer dropdown with the long-name retailer chosen: one line high, its arrow in view, the name whole
 * on hover. */
async function chooseLongRetailer(run: Run) {
  const { pane, page } = run;
  const retailer = pane.getByRole("combobox", { name: "Retailer", exact: true });
  await retailer.click();
  // One retailer or several: the options are checkboxes, and the list stays open until Escape.
  await page.getByRole("menuitemcheckbox", { name: LONG_NAME_RETAILER }).waitFor();
  await run.step("retailer-list");
  await page.getByRole("menuitemcheckbox", { name: LONG_NAME_RETAILER }).click();
  await page.keyboard.press("Escape");
  await run.step("retailer-chosen", { main: true });

  const timeframe = pane.getByRole("combobox", { name: "Timeframe", exact: true });
  expect((await retailer.boundingBox())!.height).toBe((await timeframe.boundingBox())!.height);
  const button = (await retailer.boundingBox())!;
  const arrow = (await retailer.locator(".fui-Dropdown__expandIcon").boundingBox())!;
  expect(arrow.x + arrow.width).toBeLessThanOrEqual(button.x + button.width);
  expect(await retailer.locator("[title]").getAttribute("title")).toBe(LONG_NAME_RETAILER);
  expect(await retailer.textContent()).toBe(LONG_NAME_RETAILER); // what a screen reader reads
}

/** Two metrics, a filter, and a View by value of 60 characters or more, chosen from the list. */
async function chooseMetricsAndFilter(run: Run): Promise<string> {
  const { pane, page } = run;
  await pane.getByRole("combobox", { name: "Metrics", exact: true }).click();
  for (const m of ["Revenue", "Units"]) await page.getByRole("menuitemcheckbox", { name: m, exact: true }).click();
  await page.keyboard.press("Escape");
  await pane.getByRole("combobox", { name: "Filter", exact: true }).click();
  await page.getByRole("option", { name: /^filter2 / }).waitFor();
  await run.step("filter-list");
  await page.getByRole("option", { name: /^filter2 / }).click();

  const viewBy = pane.getByRole("combobox", { name: "View by", exact: true });
  await viewBy.click();
  await page.getByRole("option").first().waitFor();
  const value = (await page.getByRole("option").allTextContents()).find((t) => t.length >= 60);
  expect(value).toBeDefined();
  await run.step("view-by-list");
  await page.getByRole("option", { name: value!, exact: true }).click();
  expect(await viewBy.inputValue()).toBe(value);
  expect(await viewBy.getAttribute("title")).toBe(value);
  await run.step("filter-chosen");
  return value!;
}

async function getData(run: Run): Promise<string> {
  const { pane, page } = run;
  await pane.getByRole("button", { name: "Get data" }).click();
  await pane
    .getByRole("status")
    .filter({ hasText: /^Wrote [\d,]+ rows to Sales_/ })
    .waitFor();
  const [table] = await page.evaluate(() => window.previewWorkbook.tables());
  expect(table.name.length).toBeGreaterThan(60);
  // The summary names the table whole (wrapped, not cut).
  expect(
    await pane
      .getByRole("status")
      .filter({ hasText: /^Wrote/ })
      .textContent(),
  ).toContain(table.name);
  await run.step("data-written", { main: true });
  return table.name;
}

async function pullActions(run: Run) {
  const { pane, page } = run;
  await pane.getByRole("combobox", { name: "Retailers for actions", exact: true }).click();
  await page.getByRole("menuitemcheckbox", { name: LONG_NAME_RETAILER, exact: true }).click();
  await page.keyboard.press("Escape");
  await pane.getByRole("button", { name: "Pull actions" }).click();
  await pane.getByText(/^Wrote \d+ actions to Sales_Actions/).waitFor();
  await run.step("actions-pulled");
}

async function refreshAll(run: Run, tableName: string) {
  const { pane } = run;
  const tables = pane.locator('section[aria-labelledby="saved-title"]');
  await tables.getByRole("listitem", { name: tableName }).waitFor();
  await tables.getByRole("button", { name: "Refresh all", exact: true }).click();
  await tables
    .getByRole("status")
    .filter({ hasText: `${tableName}: ` })
    .waitFor();
  // The card's trend of its first metric, refreshed: the chart and the re-read window's legend fit too.
  const card = tables.getByRole("listitem", { name: tableName });
  await card.getByRole("img", { name: /^Total revenue by week/ }).waitFor();
  await card.getByText(/^re-read by the last refresh: /).waitFor();
  await run.step("refreshed-all", { main: true });
}

test.each(RUNS)("the newcomer's path fits a $width px pane, $theme", async ({ width, theme }) => {
  const { page, errors } = await browser.rig.page();
  await page.setViewportSize({ width: 1280, height: 2000 });
  await page.goto(`${browser.rig.origin}/preview.html?width=${width}&theme=${theme}`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  const run = runOf(page, width, theme);
  expect((await run.pane.boundingBox())!.width).toBe(width);
  await run.step("opened");

  await connect(run);
  await chooseLongRetailer(run);
  await chooseMetricsAndFilter(run);
  const tableName = await getData(run);
  await pullActions(run);
  await refreshAll(run, tableName);

  if (width === 320) {
    // The README's pictures of the pane: all of it, after the whole path (dev/readme-images.ts copies them).
    await fitViewportToPane(page);
    await run.pane.screenshot({ path: join(OUTPUT_DIR, `pane-320-${theme}.png`) });
  }
  // The wrong key's refused request is the only error the browser logs.
  expect(errors).toEqual(["Failed to load resource: the server responded with a status of 401 (Unauthorized)"]);
  await page.context().close();
});
