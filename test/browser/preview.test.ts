import { startBrowserRig, type BrowserRig } from "../support/browser";

jest.setTimeout(60_000);

let rig: BrowserRig;
beforeAll(async () => {
  rig = await startBrowserRig();
}, 120_000);
afterAll(() => rig?.close());

test("the preview page loads the pane and the workbook without console errors", async () => {
  const { page, errors } = await rig.page();
  await page.goto(`${rig.origin}/preview.html`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await page.getByTestId("grid").waitFor();
  await rig.screenshot(page, "preview-loaded");
  expect(await page.evaluate(() => window.previewWorkbook.sheetNames())).toEqual(["Sheet1"]);
  expect(await page.evaluate(() => window.previewWorkbook.tables())).toEqual([]);
  expect(errors).toEqual([]);
});

test("the task pane page itself loads outside Office without errors from our code", async () => {
  const { page, errors } = await rig.page();
  // office.js comes from Microsoft's CDN, which this machine cannot reach: that one failure is expected.
  await page.route("https://appsforoffice.microsoft.com/**", (route) => route.abort());
  await page.goto(`${rig.origin}/taskpane.html`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  expect(errors.filter((e) => !/appsforoffice|ERR_FAILED|net::/.test(e))).toEqual([]);
});
