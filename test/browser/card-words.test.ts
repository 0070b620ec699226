// What the pane says around one table, at 320 px in en-US and en-GB (each in a time zone far from UTC): an answer
// that breaks off part-way is said as the service's answer breaking off (never as a service that cannot be
// reached), the Get data summary names the sheet as a sheet, the card says the days its last refresh re-read
// once and in plain words (no "window"), its change is not said again while the refresh line says it, and the
// summary goes once a refresh reports. Screenshots of each step go to test-output/card-words-<locale>-*.png.
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { addDays } from "../../src/core/dates";
import { chooseRetailers, connectPane, OUTPUT_DIR, useBrowserRig } from "../support/browser";
import { checkPane, settled } from "../support/paneChecks";

jest.setTimeout(180_000);

const browser = useBrowserRig();

const LOCALES = [
  { locale: "en-US", timezoneId: "Pacific/Honolulu" },
  { locale: "en-GB", timezoneId: "Pacific/Kiritimati" },
] as const;

const TABLE = "Sales_northmart_SKU_weekly";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const oneLine = async (l: Locator) => (await l.innerText()).replace(/\s+/g, " ").trim();
/** How many times `text` appears in `scope`'s text. */
const timesSaid = async (scope: Locator, text: string) => (await scope.innerText()).split(text).length - 1;

/** Checks the pane (nothing cut off at 320 px, axe-core) and saves the whole pane's picture. */
async function step(page: Page, locale: string, n: number, name: string): Promise<void> {
  const pane = page.locator("aside");
  await checkPane(page, `${locale}, ${name}`);
  const height = await pane.locator("main").evaluate((main) => main.scrollHeight);
  await page.setViewportSize({ width: 1280, height: Math.max(Math.ceil(height) + 2, 900) });
  await settled(page);
  await pane.screenshot({ path: join(OUTPUT_DIR, `card-words-${locale}-${n}-${name}.png`) });
}

async function inject(page: Page, fault: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`${browser.rig.origin}/simulator/__simulator/faults`, { data: fault });
  expect(res.status()).toBe(200);
}

describe.each(LOCALES)("around one table at 320 px, $locale", ({ locale, timezoneId }) => {
  test("a cut answer said as cut, the sheet named as one, the re-read days once, the summary gone after", async () => {
    const sim = browser.rig.server.simulator!;
    const today = sim.today();
    const context = await browser.rig.browser.newContext({
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 900 },
      locale,
      timezoneId,
    });
    try {
      const page = await context.newPage();
      await page.goto(`${browser.rig.origin}/preview.html?width=320`);
      const pane = page.locator("aside");
      await connectPane(pane, `${browser.rig.origin}/simulator`, "demo");
      await chooseRetailers(page, ["northmart"], pane);
      await pane.getByRole("combobox", { name: "Metrics", exact: true }).click();
      await page.getByRole("menuitemcheckbox", { name: "Revenue", exact: true }).click();
      await page.keyboard.press("Escape");
      const getData = pane.getByRole("button", { name: "Get data" });

      // 1. The first data answer promises its length, sends half and closes: reached, and broken off.
      await inject(page, { path: "/api/data", body: "truncated", count: 1 });
      await getData.click();
      const cut = pane.locator(".fui-MessageBar").filter({ hasText: "broke off" });
      await cut.waitFor();
      expect(await oneLine(cut)).toMatch(
        new RegExp(
          `^The service at ${escaped(browser.rig.origin)}/simulator answered, but its answer broke off ` +
            // Chromium may hand on none of the half that came before the socket closed.
            "(part-way \\(after [\\d,]+ (bytes|KB) of the [\\d,]+ KB it announced\\)|\\(none of the [\\d,]+ KB it " +
            "announced arrived\\))\\. Try again; if it keeps " +
            "breaking off, ask for fewer days in From and To: a shorter answer is less likely to be cut\\.$",
        ),
      );
      expect(await pane.innerText()).not.toMatch(/Could not reach|CORS|Service unreachable/);
      expect(await page.evaluate(() => window.previewWorkbook.tables())).toEqual([]);
      await step(page, locale, 1, "answer-broke-off");

      // 2. Get data again: the summary names the sheet as a sheet; a table only got says no re-read days.
      await getData.click();
      const summary = pane.getByRole("status").filter({ hasText: /^Wrote / });
      await summary.waitFor();
      const said = await oneLine(summary);
      const m = new RegExp(`^Wrote ([\\d,]+) rows to ${TABLE} on sheet (.+) covering \\S+ to \\S+\\.$`).exec(said);
      expect(m).not.toBeNull();
      const [, rows, sheet] = m!;
      const [table] = await page.evaluate(() => window.previewWorkbook.tables());
      expect([table.name, table.sheet]).toEqual([TABLE, sheet]);
      expect(await pane.innerText()).not.toContain("broke off"); // Get data's own last result replaced
      const card = pane.getByRole("listitem", { name: TABLE });
      await card.getByRole("img", { name: /^Total revenue by week/ }).waitFor();
      const got = await oneLine(card);
      expect(got).toContain(`${rows} rows on sheet ${sheet} · last refreshed `);
      expect(got).not.toMatch(/window|re-read/);
      await step(page, locale, 2, "data-written");

      // 3. A day later the service has revised recent days; the card's Refresh reports in the section's line.
      sim.setToday(addDays(today, 1));
      try {
        await pane.getByRole("button", { name: `Refresh ${TABLE}` }).click();
        const line = pane.getByRole("status").filter({ hasText: `${TABLE}: ` });
        await line.waitFor();
        const legend = card.getByText(/^re-read by the last refresh: /);
        await legend.waitFor();
        // The summary of the earlier Get data is gone: the refresh is what the pane reports now.
        expect(await pane.getByText(/^Wrote [\d,]+ rows to /).count()).toBe(0);
        // The re-read days, said once on the card (the chart's legend), never as a "window".
        const days = (await oneLine(legend)).replace("re-read by the last refresh: ", "");
        expect(days).toMatch(/^\d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/);
        expect(await timesSaid(card, days)).toBe(1);
        expect(await card.innerText()).not.toContain("window");
        // The change is said by the refresh line, not again by the card.
        expect(await oneLine(line)).toMatch(/; Revenue, .*%$/);
        expect(await timesSaid(pane, "Last refresh:")).toBe(0);
        await step(page, locale, 3, "refreshed");

        // 4. A pane opened afresh has no refresh line: the card says the change, once.
        await page.getByRole("button", { name: "Close pane" }).click();
        await pane.waitFor({ state: "detached" });
        await page.getByRole("button", { name: "Open pane" }).click();
        await card.getByText(/^Last refresh: Revenue, /).waitFor();
        expect(await timesSaid(pane, "Last refresh:")).toBe(1);
        expect(
          await pane
            .getByRole("status")
            .filter({ hasText: `${TABLE}: ` })
            .count(),
        ).toBe(0);
        await step(page, locale, 4, "reopened");
      } finally {
        sim.setToday(today); // later files see the clock the pane started with
      }
    } finally {
      await context.close();
    }
  });
});
