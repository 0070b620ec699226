// In real Chromium: formulas typed into the preview (window.previewWorkbook.setFormula) spill into the grid, and the
// spilled cells equal the client's answer for the same query.
import { checkRows, findPeriodField } from "../../src/api/rows";
import { tabulate } from "../../src/core/answer/tabulate";
import { startBrowserRig, type BrowserRig } from "../support/browser";
import { expectedSpill } from "../functions/helpers";

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
    const t = tabulate({ rows: checked, periodField: findPeriodField(checked) }, { metrics: ["revenue", "units"] });
    const expected = expectedSpill(t.headers, t.values);
    await page.waitForFunction((n) => window.previewWorkbook.values("Sheet1").length >= n, expected.length);
    expect(await page.evaluate(() => window.previewWorkbook.values("Sheet1"))).toEqual(expected);
    await rig.screenshot(page, "preview-sales-sku");
    expect(errors).toEqual([]);
  });
});
