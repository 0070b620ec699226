// Several retailers in one table, through the real pane in Chromium at Excel's narrow 320 px, against the preview
// page's in-memory workbook and the dev server's simulator: the user picks two retailers, gets data, and finds one
// table with a `retailer` column after the period (rows by period, then retailer in the order picked, each equal
// to that retailer's own pull) and a summary of each retailer's rows; a retailer that omits a metric is named
// with it, and its cells of that metric are empty. After each summary the pane fits and axe-core is content.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { tabulate } from "../../src/core/answer/tabulate";
import { chooseRetailers, OUTPUT_DIR, useBrowserRig } from "../support/browser";
import { checkPane, settled } from "../support/paneChecks";
import { request } from "../support/query";
import { SIM_KEY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

jest.setTimeout(120_000);

const browser = useBrowserRig();
let twin: TestSimulator; // same seed and clock as the dev server's simulator: the same answers
let page: Page;
let errors: string[];

const today = () => browser.rig.server.simulator!.today();
const pane = () => page.locator("aside");

beforeAll(async () => {
  twin = await startTestSimulator({ today: today() });
  ({ page, errors } = await browser.rig.page());
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto(`${browser.rig.origin}/preview.html?width=320`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await pane().getByLabel("Service URL").fill(`${browser.rig.origin}/simulator`);
  await pane().getByLabel("API key", { exact: true }).fill("demo");
  await pane().getByRole("button", { name: "Test connection" }).click();
  await pane().getByText("Connected.").waitFor();
}, 120_000);
afterAll(() => twin?.close());

async function chooseMetrics(metrics: string[]) {
  await pane().getByRole("combobox", { name: "Metrics", exact: true }).click();
  for (const m of metrics) await page.getByRole("menuitemcheckbox", { name: m, exact: true }).click();
  await page.keyboard.press("Escape");
}

/** The pane's whole height in view, then a picture of it (for a person to look at). */
async function screenshot(name: string) {
  await settled(page);
  await pane().screenshot({ path: join(OUTPUT_DIR, `${name}.png`) });
}

/** Each retailer's own weekly pull, tabulated as a single-retailer table: the oracle for the merged one. */
async function singlePull(retailer: string, metrics: string, from: string, to: string) {
  const client = createClient({ baseUrl: twin.url, apiKey: SIM_KEY, today });
  const answer = await client.getData(request({ level: "sku", retailer, timeframe: "weekly", metrics, from, to }));
  return tabulate(answer, answer.query, EXCEL_DAY_CELLS);
}

async function tableCells(name: string): Promise<unknown[][]> {
  const tables = await page.evaluate(() => window.previewWorkbook.tables());
  const table = tables.find((t) => t.name === name);
  expect(table).toBeDefined();
  return page.evaluate((sheet) => window.previewWorkbook.values(sheet), table!.sheet);
}

const from = () => addDays(today(), -63);
const to = () => addDays(today(), -1);

test("two retailers: one table with a retailer column, rows by period then retailer, and each one's rows said", async () => {
  await chooseRetailers(page, ["northmart", "freshway"], pane());
  const retailer = pane().getByRole("combobox", { name: "Retailer", exact: true });
  // The list open with two retailers checked fits the pane too.
  await retailer.click();
  await checkPane(page, "320 px, the retailer list with two checked");
  await page.keyboard.press("Escape");
  expect(await retailer.textContent()).toBe("northmart, freshway");
  expect(await retailer.locator("[title]").getAttribute("title")).toBe("northmart, freshway");

  // freshway has no daily data: Daily cannot be chosen with it, and says why.
  await pane().getByRole("combobox", { name: "Timeframe", exact: true }).click();
  const daily = page.getByRole("option", { name: "Daily (not served by freshway at this level)" });
  expect(await daily.getAttribute("aria-disabled")).toBe("true");
  await page.keyboard.press("Escape");

  await chooseMetrics(["Revenue", "Units"]);
  await pane().getByRole("textbox", { name: "From", exact: true }).fill(from());
  await pane().getByRole("textbox", { name: "To", exact: true }).fill(to());
  await pane().getByRole("button", { name: "Get data" }).click();
  const status = pane()
    .getByRole("status")
    .filter({ hasText: /^Wrote [\d,]+ rows to Sales_northmart_freshway_SKU_weekly/ });
  await status.waitFor();

  // The table: each retailer's own pull, a retailer column inserted after the period, merged by period with
  // northmart's rows before freshway's within each week (the order picked).
  const cells = await tableCells("Sales_northmart_freshway_SKU_weekly");
  const singles = await Promise.all(
    ["northmart", "freshway"].map(async (r) => ({ r, t: await singlePull(r, "revenue,units", from(), to()) })),
  );
  const [n] = singles;
  expect(cells[0]).toEqual([n.t.headers[0], "retailer", ...n.t.headers.slice(1)]);
  const expected = singles
    .flatMap(({ r, t }) => t.values.map((row) => [row[0], r, ...row.slice(1)].map((v) => (v === null ? "" : v))))
    .sort((a, b) => (a[0] as number) - (b[0] as number)); // stable: retailer order, then the service's, within a week
  expect(cells.slice(1)).toEqual(expected);
  const periods = cells.slice(1).map((row) => row[0] as number);
  expect(periods).toEqual([...periods].sort((a, b) => a - b));
  expect(new Set(cells.slice(1).map((row) => row[1]))).toEqual(new Set(["northmart", "freshway"]));

  // The summary: each retailer's rows, as many as the table holds of it.
  const rowsOf = (r: string) => cells.slice(1).filter((row) => row[1] === r).length;
  const text = (await status.textContent()) ?? "";
  expect(text).toContain(`northmart: ${rowsOf("northmart")} rows · freshway: ${rowsOf("freshway")} rows.`);
  expect(text).not.toContain("omitted");

  await checkPane(page, "320 px, two retailers' table written");
  await screenshot("multi-retailer-320-1-two-retailers");
  expect(errors).toEqual([]);
});

test("a retailer that omits a metric is named with it; its cells of that metric are empty", async () => {
  await chooseRetailers(page, ["northmart", "pharmaplus"], pane());
  // Metrics offers what either serves; availability says pharmaplus does not serve it, and a note says so.
  await pane().getByRole("combobox", { name: "Metrics", exact: true }).click();
  await page.getByRole("menuitemcheckbox", { name: "Availability (not pharmaplus)", exact: true }).click();
  await checkPane(page, "320 px, the metrics list naming a retailer that does not serve one");
  await screenshot("multi-retailer-320-2a-metrics-list");
  await page.keyboard.press("Escape");
  const metrics = pane().getByRole("combobox", { name: "Metrics", exact: true });
  expect(await metrics.textContent()).toBe("Revenue, Units, Availability");
  await pane()
    .getByText("What any chosen retailer serves. A metric a retailer does not serve is empty in its rows.")
    .waitFor();
  await pane()
    .getByText("pharmaplus does not serve Availability at SKU level, weekly: the service will leave it out.")
    .waitFor();

  await pane().getByRole("button", { name: "Get data" }).click();
  const status = pane()
    .getByRole("status")
    .filter({ hasText: /^Wrote [\d,]+ rows to Sales_northmart_pharmaplus_SKU_weekly/ });
  await status.waitFor();

  const cells = await tableCells("Sales_northmart_pharmaplus_SKU_weekly");
  const availability = cells[0].indexOf("availability");
  expect(availability).toBeGreaterThan(1);
  const rows = cells.slice(1);
  const of = (r: string) => rows.filter((row) => row[1] === r);
  expect(of("pharmaplus").length).toBeGreaterThan(0);
  expect(of("pharmaplus").every((row) => row[availability] === "")).toBe(true);
  expect(of("northmart").every((row) => typeof row[availability] === "number")).toBe(true);

  const text = (await status.textContent()) ?? "";
  expect(text).toContain(
    `northmart: ${of("northmart").length} rows · pharmaplus: ${of("pharmaplus").length} rows, omitted Availability.`,
  );

  await checkPane(page, "320 px, a retailer's omitted metric named");
  await screenshot("multi-retailer-320-2-omitted");
  expect(errors).toEqual([]);
});

test("`all` stands alone: picking it clears the others, picking a retailer clears it", async () => {
  const retailer = pane().getByRole("combobox", { name: "Retailer", exact: true });
  await retailer.click();
  await page.getByRole("menuitemcheckbox", { name: "All retailers (Sales Summary)", exact: true }).click();
  expect(await page.locator('[role="menuitemcheckbox"][aria-checked="true"]').allTextContents()).toEqual([
    "All retailers (Sales Summary)",
  ]);
  await page.getByRole("menuitemcheckbox", { name: "freshway", exact: true }).click();
  await page.keyboard.press("Escape");
  expect(await retailer.textContent()).toBe("freshway");
  expect(errors).toEqual([]);
});
