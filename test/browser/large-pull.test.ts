// The pane at a large brand's size, through the real pane in Chromium at 320 px (en-GB), against the command line's
// simulator in a process of its own with 300 SKUs and 2,500 stores (northmart: about 575,000 store-level rows a day)
// and its row limit lifted (--max-rows 0), as the service states none:
// - 14 days (about 8,000,000 rows) are refused after a part of the first day, the rest never asked for: the rows
//   and the room in the user's grouping, no parameter name, and Copy for sync to put them in a database;
// - one day is read in chunks as it comes, its progress rows read and then rows written, and Cancel pressed while
//   it reads or while it writes leaves the workbook as it was;
// - got whole, its table's card says in words that one day is too few for a trend.
import type { Page } from "playwright-core";
import { addDays, type IsoDate } from "../../src/core/dates";
import { parseQueryOption } from "../../src/sync";
import { countReceived, fillQuery, type StoreQuery } from "../../dev/bench/paneDriver";
import { connectPane, useBrowserRig } from "../support/browser";
import { startProcessSimulator, type ProcessSimulator } from "../support/processSimulator";

jest.setTimeout(180_000);

let sim: ProcessSimulator;
const rig: { simulator?: ProcessSimulator["simulator"] } = {};
beforeAll(async () => {
  sim = await startProcessSimulator(["--skus", "300", "--stores", "2500", "--max-rows", "0"]);
  rig.simulator = sim.simulator;
}, 60_000);
afterAll(() => sim?.close());
const browser = useBrowserRig({
  get simulator() {
    return rig.simulator;
  },
});

let page: Page;
const pane = () => page.locator("aside");
/** The service's parameter names: none may be read in a message for people. */
const PARAMETERS = /\b(type|retailer|timeframe|metric|datefrom|dateto|comparison|filter|viewby)\b/;
const TODAY = new Date().toISOString().slice(0, 10) as IsoDate;
const DAY: StoreQuery = {
  retailers: ["northmart"],
  timeframe: "Daily",
  metrics: ["Revenue", "Units"],
  from: addDays(TODAY, -1),
  to: addDays(TODAY, -1),
};
const workbook = () => page.evaluate(() => [window.previewWorkbook.sheetNames(), window.previewWorkbook.tables()]);

beforeEach(async () => {
  ({ page } = await browser.rig.page({ locale: "en-GB" }));
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.rig.origin });
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.goto(`${browser.rig.origin}/preview.html?width=320`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await connectPane(pane(), `${browser.rig.origin}/simulator`, "demo");
}, 120_000);
afterEach(() => page.context().close());

test("14 days of the large brand's stores: refused after a part of the first day, with Copy for sync", async () => {
  await fillQuery(page, pane(), { ...DAY, from: addDays(TODAY, -14) });
  const received = await countReceived(page, "/api/data");
  const requests = sim.dataRequests();
  await pane().getByRole("button", { name: "Get data" }).click();
  const said = pane().getByText(/^This query would give about /);
  await said.waitFor();
  const text = (await said.innerText()).replace(/\s+/g, " ").trim();
  const m =
    /^This query would give about (\d{1,3}(?:,\d{3})+) rows; Excel has room for 1,048,575 on a new sheet\. What fits: up to 1 day in From and To, (?:monthly data \(about [\d,]+ rows\), )?one SKU in View by, or Copy for sync below, to put all of it in a database\. Nothing was written\.$/.exec(
      text,
    );
  expect(m).not.toBeNull();
  // About 14 days of 575,000 rows, grouped the en-GB way.
  const projected = Number(m![1].replace(/,/g, ""));
  expect(projected).toBeGreaterThan(7_000_000);
  expect(projected).toBeLessThan(9_000_000);
  expect(text).not.toMatch(PARAMETERS);
  // Only the first day was asked for, and less than 15% of the whole answer read (a day's 100 MB of 1.4 GB).
  expect(sim.dataRequests() - requests).toBe(1);
  expect(received.bytes()).toBeGreaterThan(0);
  expect(received.bytes()).toBeLessThan(0.15 * 14 * 100_000_000);
  expect(await workbook()).toEqual([["Sheet1"], []]);

  await pane().getByRole("button", { name: "Copy for sync" }).click();
  await pane()
    .getByText(/^The query was copied for sync\./)
    .waitFor();
  const entry = parseQueryOption(await page.evaluate(() => navigator.clipboard.readText()));
  expect(entry.query).toMatchObject({
    level: "store",
    retailers: ["northmart"],
    timeframe: "daily",
    metrics: ["revenue", "units"],
    from: addDays(TODAY, -14),
    to: addDays(TODAY, -1),
  });
});

test("one day: rows read, then rows written, and Cancel while it writes leaves the workbook as it was", async () => {
  await fillQuery(page, pane(), DAY);
  const before = await workbook();
  await pane().getByRole("button", { name: "Get data" }).click();
  await pane()
    .getByText(/^Read [\d,]+ rows…$/)
    .waitFor();
  await pane()
    .getByText(/^Written [\d,]+ of [\d,]{7} rows$/)
    .waitFor();
  await pane().getByRole("button", { name: "Cancel" }).click();
  await pane().getByText("Cancelled: nothing was written.").waitFor();
  expect(await workbook()).toEqual(before);
});

test("one day: Cancel while it reads leaves the workbook as it was", async () => {
  await fillQuery(page, pane(), DAY);
  const before = await workbook();
  await pane().getByRole("button", { name: "Get data" }).click();
  await pane()
    .getByText(/^Read [\d,]+ rows…$/)
    .waitFor();
  await pane().getByRole("button", { name: "Cancel" }).click();
  await pane().getByText("Cancelled: nothing was written.").waitFor();
  expect(
    await pane()
      .getByText(/^Wrote /)
      .count(),
  ).toBe(0);
  expect(await workbook()).toEqual(before);
});

test("one day got whole: its table's card says one day is too few for a trend", async () => {
  await fillQuery(page, pane(), DAY);
  await pane().getByRole("button", { name: "Get data" }).click();
  const wrote = pane().getByText(/^Wrote [\d,]+ rows to /);
  await wrote.waitFor();
  const rows = Number(/^Wrote ([\d,]+)/.exec(await wrote.innerText())![1].replace(/,/g, ""));
  expect(rows).toBeGreaterThan(500_000);
  await pane().getByText("One day so far: the trend starts with the next refresh", { exact: false }).waitFor();
  const [sheets, tables] = (await workbook()) as [string[], { address: string }[]];
  expect(sheets).toHaveLength(2);
  expect(tables).toHaveLength(1);
  expect(tables[0].address).toMatch(new RegExp(`!A1:[A-Z]+${rows + 1}$`));
});
