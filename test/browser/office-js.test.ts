// The development page loads the genuine office.js from @microsoft/office-js, served by the dev server (no
// Microsoft CDN, so `npm start` works offline), and the shared runtime's page (the pane, the SALES functions and
// the ribbon's commands: one page) starts with it outside Office without an error. The production build keeps
// the CDN (test/build.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { useBrowserRig } from "../support/browser";

jest.setTimeout(60_000);

const browser = useBrowserRig();
const OFFICE_JS = join(__dirname, "..", "..", "node_modules", "@microsoft", "office-js", "dist", "office.js");
// office.js's own logger adds this hidden frame 3 s after it starts, in Office or not
// (o15apptofilemappingtable.js, ULSEndpointProxy): the one address outside the dev server the page may ask for.
const OFFICE_TELEMETRY = "https://telemetryservice.firstpartyapps.oaspapps.com/telemetryservice/telemetryproxy.html";

test("the dev server serves office.js as @microsoft/office-js has it, and the page asks for that copy", async () => {
  const { page } = await browser.rig.page();
  const served = await page.request.get(`${browser.rig.origin}/office-js/office.js`);
  expect(served.status()).toBe(200);
  expect(await served.text()).toBe(readFileSync(OFFICE_JS, "utf8"));
  const html = await (await page.request.get(`${browser.rig.origin}/taskpane.html`)).text();
  expect(html).toMatch(/<script src="office-js\/office\.js"><\/script>/);
  expect(html).not.toContain("appsforoffice.microsoft.com");
});

test("the shared runtime's page starts with the genuine office.js outside Office: no error, the pane drawn, nothing fetched from the internet but office.js's own logger", async () => {
  const { page, errors } = await browser.rig.page();
  const outside: string[] = [];
  const officeFiles: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.origin !== browser.rig.origin) outside.push(r.url());
    if (url.pathname.startsWith("/office-js/")) officeFiles.push(url.pathname);
  });
  await page.goto(`${browser.rig.origin}/taskpane.html`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  // office.js itself ran: Office is defined and says it is not in an Office application.
  const info = await page.evaluate(async () => {
    const office = (window as unknown as { Office?: { onReady(): Promise<{ host: unknown }> } }).Office;
    return office ? { host: (await office.onReady()).host } : undefined;
  });
  expect(info).toEqual({ host: null });
  expect(officeFiles).toContain("/office-js/office.js");
  // Past office.js's 3 s, so its logger's frame is asked for whatever the machine's speed, and nothing else is.
  await page.waitForTimeout(3_500);
  expect(outside.filter((url) => url !== OFFICE_TELEMETRY)).toEqual([]);
  expect(errors).toEqual([]);
});
