// A newcomer's path through the real pane, in Chromium, against the preview page and the simulator.
import type { Page } from "playwright-core";
import { createClient } from "../../src/api";
import { tabulate } from "../../src/core/answer/tabulate";
import { addDays, todayIso } from "../../src/core/dates";
import { chooseRetailers, startBrowserRig, type BrowserRig } from "../support/browser";
import { seriousAxeViolations, settled } from "../support/paneChecks";
import { request } from "../support/query";
import { startTestSimulator, type TestSimulator } from "../support/simulator";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

jest.setTimeout(120_000);

let rig: BrowserRig;
let twin: TestSimulator; // same seed and clock as the dev server's simulator: the same answers
let page: Page;
let errors: string[];

beforeAll(async () => {
  rig = await startBrowserRig();
  twin = await startTestSimulator({ today: rig.server.simulator!.today() });
  ({ page, errors } = await rig.page());
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto(`${rig.origin}/preview.html`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
}, 120_000);
afterAll(async () => {
  await twin?.close();
  await rig?.close();
});

const dataRequests = () => rig.server.simulator!.requestCount("/api/data");
const today = () => rig.server.simulator!.today();

async function choose(label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

async function chooseMany(label: string, options: string[]) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  // Fluent UI gives the options of a multi-select dropdown the menuitemcheckbox role.
  for (const o of options) await page.getByRole("menuitemcheckbox", { name: o, exact: true }).click();
  await page.keyboard.press("Escape");
}

async function connect(url: string, key: string) {
  await page.getByLabel("Service URL").fill(url);
  await page.getByLabel("API key", { exact: true }).fill(key);
  await page.getByRole("button", { name: "Test connection" }).click();
}

test("1. Test connection: a wrong key is rejected, the right one connects", async () => {
  await connect(`${rig.origin}/simulator`, "not-the-key");
  await page.getByText("Key rejected.").waitFor();
  await rig.screenshot(page, "pane-1-key-rejected");
  // The browser logs the refused request itself; that is expected, anything else is not. Only the test was
  // sent: a rejected key is not saved, so nothing else used it.
  expect(errors).toEqual(["Failed to load resource: the server responded with a status of 401 (Unauthorized)"]);
  expect(rig.server.simulator!.requestCount()).toBe(1);
  errors.length = 0;
  await connect(`${rig.origin}/simulator`, "demo");
  await page.getByText("Connected.").waitFor();
  await rig.screenshot(page, "pane-2-connected");
  // The key field is masked unless the user asks to see it.
  expect(await page.getByLabel("API key", { exact: true }).getAttribute("type")).toBe("password");
});

test("2. a weekly SKU query with three metrics and a comparison writes the client's answer as a table", async () => {
  await chooseRetailers(page, ["northmart"]);
  await chooseMany("Metrics", ["Revenue", "Units", "Availability"]);
  const from = addDays(today(), -63);
  const to = today(); // "Up to today"
  await page.getByRole("textbox", { name: "From", exact: true }).fill(from);
  await page.getByRole("checkbox", { name: /^Up to today/ }).check();
  await choose("Comparison", "vs previous period");
  await page.getByRole("button", { name: "Get data" }).click();
  await page.getByText(/^Wrote [\d,]+ rows to Sales_northmart_SKU_weekly/).waitFor();
  await rig.screenshot(page, "pane-3-table-written");

  const tables = await page.evaluate(() => window.previewWorkbook.tables());
  expect(tables).toHaveLength(1);
  const cells = await page.evaluate((sheet) => window.previewWorkbook.values(sheet), tables[0].sheet);
  const client = createClient({ baseUrl: twin.url, apiKey: "sk-test-Zq8v1-SECRET", today });
  const answer = await client.getData(
    request({
      level: "sku",
      retailer: "northmart",
      timeframe: "weekly",
      metrics: "revenue,units,availability",
      from,
      to,
      comparison: "period",
    }),
  );
  const expected = tabulate(answer, answer.query, EXCEL_DAY_CELLS);
  expect(cells[0]).toEqual(expected.headers);
  expect(cells.slice(1)).toEqual(expected.values.map((r) => r.map((v) => (v === null ? "" : v))));
});

test("3. a metric the retailer cannot serve is named as omitted", async () => {
  await chooseRetailers(page, ["pharmaplus"]);
  await page.getByRole("button", { name: "Get data" }).click();
  await page.getByText("Omitted by the retailer: Availability.").waitFor();
  await rig.screenshot(page, "pane-4-omitted");
});

test("4. a store daily query before the 14-day limit is refused before sending, said once beside From", async () => {
  await page.getByRole("checkbox", { name: /^Up to today/ }).uncheck();
  await page.getByRole("radio", { name: "Store" }).check();
  await chooseRetailers(page, ["northmart"]);
  await choose("Timeframe", "Daily");
  await chooseMany("Metrics", ["Revenue"]);
  const before = dataRequests();
  await page.getByRole("textbox", { name: "From", exact: true }).fill(addDays(today(), -30));
  await page.getByRole("textbox", { name: "To", exact: true }).fill(addDays(today(), -2));
  const said = page.getByText(/kept for 14 days only: the earliest From is/);
  await said.waitFor();
  expect(await said.count()).toBe(1);
  // Get data cannot run: it is disabled, and its line points to From.
  expect(await page.getByRole("button", { name: "Get data" }).isDisabled()).toBe(true);
  await page.getByText(/^To get data, (.*; )?fix From\.$/).waitFor();
  await rig.screenshot(page, "pane-5-store-daily-refused");
  expect(dataRequests()).toBe(before);
});

test("5. pull actions into an Actions table", async () => {
  await chooseMany("Retailers for actions", ["northmart", "freshway"]);
  await page.getByRole("button", { name: "Pull actions" }).click();
  await page.getByText(/^Wrote \d+ actions to Sales_Actions/).waitFor();
  const tables = await page.evaluate(() => window.previewWorkbook.tables());
  const actions = tables.find((t) => t.name === "Sales_Actions")!;
  const cells = await page.evaluate((sheet) => window.previewWorkbook.values(sheet), actions.sheet);
  expect(cells[0]).toEqual([
    "retailer",
    "alert_date",
    "action",
    "action_description",
    "sku_code",
    "sku_description",
    "store_id",
    "store_description",
    "client_name",
  ]);
  expect(cells.slice(1).map((r) => r[2])).toContain("no_sales");
  // Service text that starts like a formula landed as text.
  expect(cells.slice(1).some((r) => /^[+-]/.test(String(r[3])))).toBe(true);
  await rig.screenshot(page, "pane-6-actions");
});

test("6. the saved query is listed and refreshes", async () => {
  const item = page.getByRole("listitem", { name: "Sales_northmart_SKU_weekly" });
  await item.waitFor();
  expect(await item.textContent()).toContain("northmart · SKU · weekly · Revenue, Units, Availability · ");
  expect(await item.textContent()).toContain(" to today · vs previous period");
  await page.getByRole("button", { name: "Refresh Sales_northmart_SKU_weekly" }).click();
  await page
    // The same day as the pull: nothing changed, and said so; another day: what was rewritten.
    .getByText(
      /^Sales_northmart_SKU_weekly: (rewrote \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}: \d+ rows replaced|No change: \d+ rows re-read, all as before)/,
    )
    .waitFor();
  await rig.screenshot(page, "pane-7-refreshed");
  expect(errors).toEqual([]);
});

test("7. accessibility: no serious or critical axe-core violations, and a sensible keyboard order", async () => {
  await settled(page);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Tab from the Service URL walks the connection controls in reading order.
  await page.getByLabel("Service URL").focus();
  const order: string[] = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    order.push(
      await page.evaluate(
        () =>
          document.activeElement?.getAttribute("aria-label") ||
          document.activeElement?.textContent?.trim() ||
          (document.activeElement as HTMLInputElement | null)?.type ||
          "",
      ),
    );
  }
  expect(order).toEqual(["password", "Show API key", "Endpoint paths", "Test connection", "Forget key"]);
});

test("8. after the service revises recent days, Refresh rewrites exactly the changed window", async () => {
  const table = (await page.evaluate(() => window.previewWorkbook.tables())).find(
    (t) => t.name === "Sales_northmart_SKU_weekly",
  )!;
  const before = await page.evaluate((sheet) => window.previewWorkbook.values(sheet), table.sheet);
  const from = addDays(today(), -63); // as in test 2
  // Two days later at the service: the last weeks' totals are revised.
  const later = addDays(today(), 2);
  rig.server.simulator!.setToday(later);
  twin.simulator.setToday(later);
  await page.getByRole("button", { name: "Refresh Sales_northmart_SKU_weekly" }).click();
  // The message of test 6's refresh may still be shown: the table's cells changing is what says this one wrote.
  await page.waitForFunction(([sheet, was]) => JSON.stringify(window.previewWorkbook.values(sheet)) !== was, [
    table.sheet,
    JSON.stringify(before),
  ] as const);
  await page
    .getByText(/^Sales_northmart_SKU_weekly: rewrote .* rows replaced/)
    .last()
    .waitFor();
  const after = await page.evaluate((sheet) => window.previewWorkbook.values(sheet), table.sheet);
  await rig.screenshot(page, "pane-8-refreshed-after-revision");

  // Equal to a fresh pull of the same query now, cell for cell.
  const client = createClient({ baseUrl: twin.url, apiKey: "sk-test-Zq8v1-SECRET", today: () => later });
  // The pane's today is this machine's; the service is two days ahead of it now.
  const fresh = await client.getData(
    request({
      level: "sku",
      retailer: "northmart",
      timeframe: "weekly",
      metrics: "revenue,units,availability",
      from,
      to: todayIso(),
      comparison: "period",
    }),
  );
  const expected = tabulate(fresh, fresh.query, EXCEL_DAY_CELLS).values.map((r) => r.map((v) => (v === null ? "" : v)));
  expect(after.slice(1)).toEqual(expected);
  // Settled weeks were not touched; some recent cells did change.
  const changed = after.slice(1).filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i + 1]));
  expect(changed.length).toBeGreaterThan(0);
  expect(after.slice(1, 49)).toEqual(before.slice(1, 49)); // the first week's rows (48 SKUs) are settled
});
