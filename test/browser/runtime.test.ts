// The shared runtime's start-up order, on the real page Excel loads (taskpane.html, built by webpack with the
// metadata plugin's CustomFunctions.associate calls): an office.js stand-in records what the page does and
// lets the test decide when Office is ready. Office's rules: functions and commands are associated while the
// script loads, before anything is awaited; Office.context (partitionKey, theme) is read only after onReady.
import type { Page } from "playwright-core";
import { useBrowserRig } from "../support/browser";

jest.setTimeout(60_000);

const browser = useBrowserRig();

/** What office.js gives the shared runtime at load; Office.context appears only when __officeReady() is called. */
const OFFICE_STAND_IN = `
window.__log = [];
window.CustomFunctions = {
  associate: (id) => window.__log.push("associate:" + id),
  Error: class extends Error { constructor(code, message) { super(message); this.code = code; } },
  ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
};
let resolveReady;
const ready = new Promise((resolve) => (resolveReady = resolve));
window.Office = {
  onReady: (cb) => ready.then((info) => { if (cb) cb(info); return info; }),
  actions: { associate: (id) => window.__log.push("command:" + id) },
  addin: { setStartupBehavior: async () => undefined, showAsTaskpane: async () => undefined },
  StartupBehavior: { load: "load", none: "none" },
};
window.__officeReady = () => {
  window.__log.push("office-ready");
  window.Office.context = { partitionKey: "p1:", requirements: { isSetSupported: () => false } };
  resolveReady({ host: "Excel", platform: "OfficeOnline" });
};
`;

const log = (page: Page) => page.evaluate(() => (window as unknown as { __log: string[] }).__log);

test("functions and commands are associated at load; the connection is read under partitionKey once Office is ready", async () => {
  const { page } = await browser.rig.page();
  await page.route(`${browser.rig.origin}/office-js/office.js`, (route) =>
    route.fulfill({ contentType: "text/javascript", body: OFFICE_STAND_IN }),
  );
  // A connection saved by the previous version under the unpartitioned name (Office.context was not read then).
  const saved = { baseUrl: `${browser.rig.origin}/simulator`, apiKey: "demo" };
  await page.goto(`${browser.rig.origin}/help.html`);
  await page.evaluate((s) => localStorage.setItem("SalesData.connection", JSON.stringify(s)), saved);

  await page.goto(`${browser.rig.origin}/taskpane.html`);
  await page.waitForFunction(() => (window as unknown as { __log?: string[] }).__log?.includes("command:refreshAll"));
  const ids = (
    (await (await page.request.get(`${browser.rig.origin}/functions.json`)).json()) as { functions: { id: string }[] }
  ).functions.map((f) => f.id);
  expect(ids.length).toBe(7);
  // Everything Excel may call is associated although Office has not said it is ready.
  expect((await log(page)).sort()).toEqual([...ids.map((id) => `associate:${id}`), "command:refreshAll"].sort());
  expect(await page.getByRole("heading", { name: "Sales Data" }).count()).toBe(0); // the pane waits for the theme
  expect(await page.evaluate(() => localStorage.getItem("SalesData.connection"))).not.toBeNull(); // not read yet

  await page.evaluate(() => (window as unknown as { __officeReady: () => void }).__officeReady());
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  await page.waitForFunction((s) => localStorage.getItem("p1:SalesData.connection") === s, JSON.stringify(saved));
  expect(await page.evaluate(() => localStorage.getItem("SalesData.connection"))).toBeNull();
  expect(await page.getByLabel("Service URL").inputValue()).toBe(saved.baseUrl);
  await browser.rig.screenshot(page, "runtime-office-ready");
});

test("a damaged saved connection is named in the pane's status, not silently dropped", async () => {
  const { page } = await browser.rig.page();
  await page.goto(`${browser.rig.origin}/help.html`);
  await page.evaluate(() => localStorage.setItem("preview:SalesData.connection", '{"baseUrl": "https://x.example"'));
  await page.goto(`${browser.rig.origin}/preview.html`);
  const status = page.getByRole("status").filter({ hasText: "Not connected." });
  await status.waitFor();
  expect(await status.textContent()).toContain("The saved connection on this device is damaged (unreadable)");
  await browser.rig.screenshot(page, "pane-connection-damaged");
});

test("a saved connection the add-in cannot use keeps the pane up and says why", async () => {
  const { page, errors } = await browser.rig.page();
  await page.goto(`${browser.rig.origin}/help.html`);
  await page.evaluate(() =>
    localStorage.setItem(
      "preview:SalesData.connection",
      JSON.stringify({ baseUrl: "http://sales.example.com", apiKey: "key-5678" }),
    ),
  );
  await page.goto(`${browser.rig.origin}/preview.html`);
  const status = page.getByRole("status").filter({ hasText: "Not connected." });
  await status.waitFor();
  expect(await status.textContent()).toContain("The connection saved on this device was not used.");
  expect(await status.textContent()).not.toContain("key-5678");
  await page.getByRole("heading", { name: "Get data" }).waitFor(); // the rest of the pane is there
  expect(errors).toEqual([]);
});
