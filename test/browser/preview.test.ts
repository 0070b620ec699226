import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { useBrowserRig } from "../support/browser";

jest.setTimeout(60_000);

const browser = useBrowserRig();

test("the preview page loads the pane and the workbook without console errors", async () => {
  const { page, errors } = await browser.rig.page();
  await page.goto(`${browser.rig.origin}/preview.html`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await page.getByTestId("grid").waitFor();
  await browser.rig.screenshot(page, "preview-loaded");
  expect(await page.evaluate(() => window.previewWorkbook.sheetNames())).toEqual(["Sheet1"]);
  expect(await page.evaluate(() => window.previewWorkbook.tables())).toEqual([]);
  expect(errors).toEqual([]);
});

test("the task pane page still draws the pane when office.js cannot load, with no error from our code", async () => {
  const { page, errors } = await browser.rig.page();
  // office.js blocked (a proxy, an offline CDN in production): that one failed load is the only error.
  await page.route(`${browser.rig.origin}/office-js/office.js`, (route) => route.abort());
  await page.goto(`${browser.rig.origin}/taskpane.html`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  expect(errors).toEqual(["Failed to load resource: net::ERR_FAILED"]);
});

test("the dev server lets Excel on the web fetch functions.json (CORS)", async () => {
  const { page } = await browser.rig.page();
  const res = await page.request.get(`${browser.rig.origin}/functions.json`, {
    headers: { Origin: "https://excel.officeapps.live.com" },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()["access-control-allow-origin"]).toBe("*");
  expect((await res.json()).functions.length).toBe(7);
});

test("a service that does not allow the add-in's origin: the pane names the likely cause, in an analyst's words", async () => {
  // A service without CORS headers, on another origin: the browser refuses to let the page read it.
  const server = createServer((_, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end('{"success": true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { page } = await browser.rig.page();
    await page.goto(`${browser.rig.origin}/preview.html`);
    await page.getByLabel("Service URL").fill(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await page.getByLabel("API key", { exact: true }).fill("some-key");
    await page.getByRole("button", { name: "Test connection" }).click();
    await page.getByText("Service unreachable.").waitFor();
    await browser.rig.screenshot(page, "pane-cors-refused");
    const said = await page.getByRole("status").filter({ hasText: "Service unreachable." }).textContent();
    expect(said).toContain(`the service must allow requests from this add-in's origin (${browser.rig.origin})`);
    expect(said).not.toContain("CORS"); // a word for developers, not for the analyst reading the pane
  } finally {
    server.close();
  }
});
