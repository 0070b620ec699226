// In real Chromium: formulas typed into the preview (window.previewWorkbook.setFormula) spill into the grid, and the
// spilled cells equal the client's answer for the same query.
import { checkRows, findPeriodField } from "../../src/api/dataRows";
import { tabulate } from "../../src/core/answer/tabulate";
import { addDays, todayIso } from "../../src/core/dates";
import { dayWords } from "../../src/core/words";
import { startBrowserRig, type BrowserRig } from "../support/browser";
import { expectedSpill } from "../functions/helpers";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

jest.setTimeout(90_000);

describe("SALES formulas in the preview", () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startBrowserRig();
  }, 120_000);
  afterAll(() => rig?.close());

  test("=SALES.SKU typed into Sheet1!A1 spills the client's answer", async () => {
    const { page, errors } = await rig.page();
    await page.addInitScript(() => {
      window.localStorage.setItem(
        "preview:SalesData.connection",
        JSON.stringify({ baseUrl: `${window.location.origin}/simulator`, apiKey: "demo" }),
      );
    });
    await page.goto(`${rig.origin}/preview.html`);
    await page.getByTestId("grid").waitFor();
    await page.evaluate(() =>
      window.previewWorkbook.setFormula(
        "Sheet1!A1",
        '=SALES.SKU("northmart", "revenue,units", "2026-01-05", "2026-03-01", , , "sku", 100001)',
      ),
    );
    const rows = await page.evaluate(async () => {
      const q =
        "type=sku&retailer=northmart&timeframe=weekly&metric=revenue,units&datefrom=2026-01-05&dateto=2026-03-01&filter=sku&viewby=100001";
      const res = await fetch(`/simulator/api/data?${q}`, { headers: { Authorization: "Token demo" } });
      return (await res.json()) as unknown;
    });
    const checked = checkRows(rows);
    const t = tabulate(
      { rows: checked, periodField: findPeriodField(checked) },
      { metrics: ["revenue", "units"] },
      EXCEL_DAY_CELLS,
    );
    const expected = expectedSpill(t.headers, t.values);
    await page.waitForFunction((n) => window.previewWorkbook.values("Sheet1").length >= n, expected.length);
    expect(await page.evaluate(() => window.previewWorkbook.values("Sheet1"))).toEqual(expected);
    await rig.screenshot(page, "preview-sales-sku");
    expect(errors).toEqual([]);
  });

  test("a SALES function's #VALUE! shows its message on the cell, as Excel does on the error's indicator", async () => {
    const { page, errors } = await rig.page();
    await page.addInitScript(() => {
      window.localStorage.setItem(
        "preview:SalesData.connection",
        JSON.stringify({ baseUrl: `${window.location.origin}/simulator`, apiKey: "demo" }),
      );
    });
    await page.goto(`${rig.origin}/preview.html`);
    await page.getByTestId("grid").waitFor();
    const before = rig.server.simulator!.requestCount("/api/data");
    // Dates after the service's today: refused before anything is sent, with the functions' day words.
    const today = todayIso();
    await page.evaluate(
      ([from, to]) =>
        window.previewWorkbook.setFormula("Sheet1!B2", `=SALES.SKU("northmart", "revenue", "${from}", "${to}")`),
      [addDays(today, 3), addDays(today, 10)] as const,
    );
    const message = `from: The service's today is ${dayWords(today)}: the data stops there.`;
    expect(await page.evaluate(() => window.previewWorkbook.cellErrors())).toEqual([
      { address: "Sheet1!B2", error: "#VALUE!", message },
    ]);
    const cell = page.locator('td[data-address="B2"]');
    await page.locator('td[data-address="B2"].has-note').waitFor(); // the grid drawn again after the write
    expect(await cell.getAttribute("title")).toBe(message);
    expect(await cell.textContent()).toBe("#VALUE!");
    expect(await cell.getAttribute("class")).toContain("has-note"); // the marker in its corner
    // Read without hovering, under the grid: the cell, its error and its message.
    const notes = page.getByRole("list", { name: "Messages of the cells with errors" });
    expect(await notes.innerText()).toBe(`B2 #VALUE! ${message}`);
    expect(rig.server.simulator!.requestCount("/api/data")).toBe(before);
    await rig.screenshot(page, "preview-sales-error-message");
    // A formula that works again leaves no message behind.
    await page.evaluate(() =>
      window.previewWorkbook.setFormula("Sheet1!B2", '=SALES.VALUE("northmart", "revenue", 100001, "2026-03-02")'),
    );
    await page.waitForFunction(() => window.previewWorkbook.cellErrors().length === 0);
    await notes.waitFor({ state: "detached" });
    expect(await cell.getAttribute("title")).toBeNull();
    expect(errors).toEqual([]);
  });
});
