// The newcomer's path through the real pane at 320 px (the width Excel gives it), from a blank pane to a refreshed
// table, in two locales (en-US and en-GB, each in a time zone far from UTC): no message before its control is
// touched, every message once and beside its control, Get data saying in one line why it cannot run yet, one date
// style (the user's) everywhere in the pane, the Get data summary's range equal to the card's, counts of data rows,
// metrics by plain names, View by's text that matches no choice said, and a To after the service's today warned
// before anything is sent. Screenshots of each step go to test-output/newcomer-<locale>-*.png.
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { addDays, todayIso } from "../../src/core/dates";
import { OUTPUT_DIR, useBrowserRig } from "../support/browser";
import { checkPane, settled } from "../support/paneChecks";

jest.setTimeout(180_000);

const browser = useBrowserRig();

/** Each locale with a time zone far from UTC: a day formatted in local time instead of UTC would shift by one. */
const LOCALES = [
  { locale: "en-US", timezoneId: "Pacific/Honolulu" },
  { locale: "en-GB", timezoneId: "Pacific/Kiritimati" },
] as const;
type Locale = (typeof LOCALES)[number]["locale"];

/** A day as the locale writes it, by the test's own rule (not the pane's): 11/28/2026 in en-US, 28/11/2026 in en-GB. */
function written(iso: string, locale: Locale): string {
  const [y, m, d] = iso.split("-");
  return locale === "en-US" ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

/** The day a date written in the locale's style names, or null when it is none. */
function readBack(text: string, locale: Locale): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [month, day] = locale === "en-US" ? [m[1], m[2]] : [m[2], m[1]];
  const iso = `${m[3]}-${month}-${day}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * Every date in `text` is in the locale's style and a real day; none in another style (YYYY-MM-DD, "16 Nov",
 * "Nov 16", 8/24/26). Returns the days found.
 */
function expectOneDateStyle(text: string, locale: Locale, where: string): string[] {
  const months = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec";
  const others = [
    /\b\d{4}-\d{2}-\d{2}\b/,
    new RegExp(`\\b\\d{1,2}(?:-\\d{1,2})? (?:${months})\\b`),
    new RegExp(`\\b(?:${months}) \\d{1,2}\\b`),
  ];
  for (const other of others) expect([where, text.match(other)?.[0]]).toEqual([where, undefined]);
  const slashed = text.match(/\b\d{1,4}\/\d{1,2}\/\d{1,4}\b/g) ?? [];
  const days = slashed.map((d) => readBack(d, locale));
  expect([where, slashed.filter((_, i) => days[i] === null)]).toEqual([where, []]);
  return days as string[];
}

/** The messages the pane shows: every field's message and every message bar, as their text. */
async function messagesOf(pane: Locator): Promise<string[]> {
  const texts = await pane.locator(".fui-Field__validationMessage, .fui-MessageBar").allInnerTexts();
  return texts.map((t) => t.replace(/\s+/g, " ").trim());
}

/** Why Get data cannot run yet: its one line, or "" when it can. */
async function notReadyOf(pane: Locator): Promise<string> {
  const line = pane.locator("#get-data-not-ready");
  return (await line.count()) ? (await line.innerText()).trim() : "";
}

/** How many times `text` appears in the pane's text. */
async function timesSaid(pane: Locator, text: string): Promise<number> {
  return (await pane.innerText()).split(text).length - 1;
}

interface Walk {
  page: Page;
  pane: Locator;
  locale: Locale;
  step(name: string): Promise<void>;
}

async function openWalk(context: BrowserContext, locale: Locale): Promise<Walk & { errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${browser.rig.origin}/preview.html?width=320`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  const pane = page.locator("aside");
  let n = 0;
  return {
    page,
    pane,
    locale,
    errors,
    async step(name) {
      await checkPane(page, `${locale}, ${name}`);
      // Tall enough for the whole pane, so that its screenshot holds all of it.
      const height = await pane.locator("main").evaluate((main) => main.scrollHeight);
      await page.setViewportSize({ width: 1280, height: Math.max(Math.ceil(height) + 2, 900) });
      await settled(page);
      n += 1;
      await pane.screenshot({ path: join(OUTPUT_DIR, `newcomer-${locale}-${n}-${name}.png`) });
    },
  };
}

async function choose(w: Walk, label: string, option: string) {
  await w.pane.getByRole("combobox", { name: label, exact: true }).click();
  await w.page.getByRole("option", { name: option, exact: true }).click();
}

async function chooseMany(w: Walk, label: string, options: string[]) {
  await w.pane.getByRole("combobox", { name: label, exact: true }).click();
  for (const o of options) await w.page.getByRole("menuitemcheckbox", { name: o, exact: true }).click();
  await w.page.keyboard.press("Escape");
}

const dataRequests = () => browser.rig.server.simulator!.requestCount("/api/data");

describe.each(LOCALES)("the newcomer's path at 320 px, $locale", ({ locale, timezoneId }) => {
  test("from a blank pane to a refreshed table: messages when asked and once, one date style, one range", async () => {
    const today = todayIso(); // the service's today: the simulator keeps this machine's (UTC) date
    const context = await browser.rig.browser.newContext({
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 900 },
      locale,
      timezoneId,
    });
    try {
      const w = await openWalk(context, locale);
      const { pane, page } = w;
      const getData = pane.getByRole("button", { name: "Get data" });
      const from = pane.getByRole("textbox", { name: "From", exact: true });
      const to = pane.getByRole("textbox", { name: "To", exact: true });

      // 1. A blank pane: nothing but the simulator's offer; Get data cannot run, and says why in one line.
      expect(await messagesOf(pane)).toEqual([expect.stringMatching(/^No service yet\?/)]);
      expect(await getData.isDisabled()).toBe(true);
      expect(await notReadyOf(pane)).toMatch(/^Connect first/);
      // The dates the form starts with are in the user's style (the last 13 whole weeks).
      expect(readBack(await from.inputValue(), locale)).not.toBeNull();
      await w.step("opened");

      await pane.getByRole("button", { name: "Use the simulator" }).click();
      await pane.getByText("Connected.").waitFor();
      expect(await messagesOf(pane)).toEqual(["Connected."]);
      expect(await notReadyOf(pane)).toBe("To get data, choose a retailer; choose one or more metrics.");
      await w.step("connected");

      // 2. Level to Store says nothing of an empty Metrics; Daily makes the preset From too early for store daily
      // data, said once (in Get data's line: From was not touched), and To stays in line with From.
      await pane.getByRole("radio", { name: "Store" }).check();
      expect(await messagesOf(pane)).toEqual(["Connected."]);
      await choose(w, "Timeframe", "Daily");
      expect(await messagesOf(pane)).toEqual(["Connected."]);
      expect(await timesSaid(pane, "kept for 14 days only")).toBe(1);
      expect(await notReadyOf(pane)).toMatch(/; From: Store-level daily data is kept for 14 days only: /);
      await w.step("store-daily");
      // Typed in the user's style, a From before the limit: said beside From, once; the line only names it.
      await from.fill(written(addDays(today, -30), locale));
      const earliest = written(addDays(today, -14), locale);
      expect(await messagesOf(pane)).toEqual([
        "Connected.",
        `Store-level daily data is kept for 14 days only: the earliest From is ${earliest}. Use weekly store data for older dates.`,
      ]);
      expect(await timesSaid(pane, "kept for 14 days only")).toBe(1);
      expect(await notReadyOf(pane)).toBe("To get data, choose a retailer; choose one or more metrics; fix From.");
      const [fromBox, toBox, paneBox] = [await from.boundingBox(), await to.boundingBox(), await pane.boundingBox()];
      expect(toBox!.y).toBe(fromBox!.y); // To in line with From, whatever From's message
      expect(toBox!.x + toBox!.width).toBeLessThanOrEqual(paneBox!.x + paneBox!.width);
      await w.step("store-daily-from-typed");

      // 3. Back to weekly SKU data of the last 13 weeks; one retailer; metrics by their plain names.
      await pane.getByRole("radio", { name: "SKU" }).check();
      await choose(w, "Timeframe", "Weekly");
      await pane.getByRole("button", { name: "Last 13 weeks" }).click();
      expect(await messagesOf(pane)).toEqual(["Connected."]);
      await chooseMany(w, "Retailer", ["northmart"]);
      await pane.getByRole("combobox", { name: "Metrics", exact: true }).click();
      const options = await page.getByRole("menuitemcheckbox").allInnerTexts();
      expect(options).toContain("Unit rate of sale (unit_ros)");
      expect(options).toContain("Revenue");
      expect(options.join("\n")).not.toMatch(/^unit_ros$/m);
      await w.step("metrics-list");
      for (const o of ["Revenue", "Unit rate of sale (unit_ros)"])
        await page.getByRole("menuitemcheckbox", { name: o, exact: true }).click();
      await page.keyboard.press("Escape");
      expect(await pane.getByRole("combobox", { name: "Metrics", exact: true }).textContent()).toBe(
        "Revenue, Unit rate of sale (unit_ros)",
      );
      expect(await getData.isEnabled()).toBe(true);
      expect(await notReadyOf(pane)).toBe("");

      // 4. View by shows code and product name; text that matches no choice is said, not replaced (Tab included).
      const viewBy = pane.getByRole("combobox", { name: "View by", exact: true });
      await viewBy.click();
      const product = (await page.getByRole("option").allInnerTexts()).find((t) => t.startsWith("100001 - "));
      expect(product).toBe("100001 - Sunvale Orange Juice 1L");
      const typed = "100001 - Sunvale Orange Juice";
      await viewBy.fill(typed);
      await page.keyboard.press("Tab");
      expect(await viewBy.inputValue()).toBe(typed);
      await page.keyboard.press("Escape"); // the list closed, to see the field's message in the picture
      const notAChoice = `"${typed}" is not one of the SKUs in the list. Choose one from the list, or clear View by for every SKU.`;
      expect(await messagesOf(pane)).toEqual(["Connected.", notAChoice]);
      expect(await getData.isDisabled()).toBe(true);
      expect(await notReadyOf(pane)).toBe("To get data, fix View by.");
      await w.step("view-by-not-a-choice");
      await viewBy.fill("");
      expect(await messagesOf(pane)).toEqual(["Connected."]);

      // 5. A To after the service's today is warned before anything is sent; Get data may still run.
      const before = dataRequests();
      await to.fill(written(addDays(today, 9), locale));
      const stops = `The service's today is ${written(today, locale)}: the data stops there.`;
      expect(await messagesOf(pane)).toEqual(["Connected.", stops]);
      expect(await getData.isEnabled()).toBe(true);
      expect(dataRequests()).toBe(before);
      await w.step("to-after-today");
      await pane.getByRole("button", { name: "Last 13 weeks" }).click();
      expect(await messagesOf(pane)).toEqual(["Connected."]);

      // 6. Get data: data rows counted, the range the card says too.
      await getData.click();
      const summary = pane.getByRole("status").filter({ hasText: /^Wrote / });
      await summary.waitFor();
      const said = (await summary.innerText()).replace(/\s+/g, " ").trim();
      const m = /^Wrote ([\d,]+) rows to (\S+) on sheet (.+) covering (\S+) to (\S+)\.$/.exec(said);
      expect(m).not.toBeNull();
      const [, rows, tableName, sheet, first, last] = m!;
      const table = (await page.evaluate(() => window.previewWorkbook.tables())).find((t) => t.name === tableName)!;
      const cells = await page.evaluate((s) => window.previewWorkbook.values(s), table.sheet);
      expect(Number(rows.replace(/,/g, ""))).toBe(cells.length - 1); // data rows: the header is not one
      const card = pane.getByRole("listitem", { name: tableName });
      await card.waitFor();
      const cardText = (await card.innerText()).replace(/\s+/g, " ");
      expect(cardText).toContain(
        `northmart · SKU · weekly · Revenue, Unit rate of sale (unit_ros) · ${first} to ${last}`,
      );
      expect(cardText).toContain(`${rows} rows on sheet ${sheet}`);
      expect([readBack(first, locale), readBack(last, locale)]).toEqual([
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      ]);
      await card.getByRole("img", { name: /^Total revenue by week/ }).waitFor();
      expect(await timesSaid(pane, said)).toBe(1);
      await w.step("data-written");

      // 7. Refresh: its line and the card's trend in the same style.
      await pane.getByRole("button", { name: `Refresh ${tableName}` }).click();
      await pane
        .getByRole("status")
        // Refreshed on the day it was read: nothing changed, and said so.
        .filter({ hasText: new RegExp(`${tableName}: (rewrote |No change: )`) })
        .waitFor();
      await card.getByText(/^re-read by the last refresh: /).waitFor();
      await w.step("refreshed");

      // The whole pane: one date style (the inputs' values too), every message once.
      const text = await pane.innerText();
      const days = expectOneDateStyle(text, locale, "the pane");
      expect(days).toContain(readBack(first, locale));
      for (const input of [from, to]) expect(readBack(await input.inputValue(), locale)).not.toBeNull();
      const messages = await messagesOf(pane);
      for (const message of messages) expect([message, await timesSaid(pane, message)]).toEqual([message, 1]);
      expect(w.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test("a service that cannot be reached is said once, in Connection, in an analyst's words", async () => {
  const context = await browser.rig.browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const page = await context.newPage();
    // A connection saved earlier to an address where nothing listens (a port just freed): no list can be read.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await page.addInitScript((url) => {
      window.localStorage.setItem("preview:SalesData.connection", JSON.stringify({ baseUrl: url, apiKey: "demo" }));
    }, `https://127.0.0.1:${port}`);
    await page.goto(`${browser.rig.origin}/preview.html?width=320`);
    const pane = page.locator("aside");
    await pane.getByRole("status").filter({ hasText: "Service unreachable." }).waitFor();
    // Said by the status line, in the same render that would have said it in Get data too.
    expect(await timesSaid(pane, "Could not reach the service")).toBe(1);
    expect(await pane.locator('section[aria-labelledby="builder-title"]').innerText()).not.toContain("reach");
    expect(await pane.innerText()).not.toContain("CORS");
    await checkPane(page, "unreachable service");
    await pane.screenshot({ path: join(OUTPUT_DIR, "newcomer-unreachable.png") });
  } finally {
    await context.close();
  }
});
