// Redirects in a real browser, where `redirect: "manual"` hides the Location: the pane in
// Chromium, its Service URL a front on 127.0.0.1 (the corrupting proxy with redirect rules) before a twin of the
// simulator; another origin on 127.0.0.2 serves the same service. Within the origin, the client sends the request
// again letting the browser follow, and connects; to another origin, the answer is refused with the message naming
// where, and the browser never carried the key there; to an origin that does not allow the add-in (no CORS), the
// browser will not follow and says nothing more, and the message says the service redirected.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { useBrowserRig } from "../support/browser";
import { SIM_KEY, startTestSimulator, type TestSimulator } from "../support/simulator";

jest.setTimeout(120_000);

const browser = useBrowserRig();
let twin: TestSimulator;
let front: CorruptingProxy;
let other: CorruptingProxy;
let page: Page;

beforeAll(async () => {
  twin = await startTestSimulator({ today: browser.rig.server.simulator!.today() });
  front = await startCorruptingProxy(twin.url);
  other = await startCorruptingProxy(twin.url, { host: "127.0.0.2" });
}, 120_000);
afterAll(async () => {
  await front?.close();
  await other?.close();
  await twin?.close();
});
beforeEach(async () => {
  // A page of its own (a fresh context: nothing saved), so no read of the test before arrives late.
  ({ page } = await browser.rig.page());
  await page.goto(`${browser.rig.origin}/preview.html`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  front.clear();
  other.clear();
});

async function testConnection(url: string): Promise<string> {
  await page.getByLabel("Service URL").fill(url);
  await page.getByLabel("API key", { exact: true }).fill(SIM_KEY);
  await page.getByRole("button", { name: "Test connection" }).click();
  const status = page.getByRole("status").filter({ hasText: /Connected\.|Not connected\.|unreachable/ });
  await status.waitFor();
  return (await status.textContent()) ?? "";
}

const gets = (p: CorruptingProxy) => p.requests().filter((r) => r.method === "GET");

test("a redirect within the origin: sent again for the browser to follow, with the key, and connected", async () => {
  front.redirect({ path: "/old", to: front.url, strip: true });
  expect(await testConnection(`${front.url}/old`)).toContain("Connected.");
  // The first answer was an opaque redirect (no Location to read); the second attempt let the browser follow.
  const tests = gets(front).filter((r) => r.url.endsWith("/api/test/")); // then the pane reads its lists
  expect(tests.map((r) => [r.url, r.headers.includes("authorization")])).toEqual([
    ["/old/api/test/", true],
    ["/old/api/test/", true],
    ["/api/test/", true],
  ]);
  expect(other.requests()).toEqual([]);
});

test("a redirect to another origin: refused, naming where; the browser never carried the key there", async () => {
  front.redirect({ to: other.url });
  const text = await testConnection(front.url);
  await browser.rig.screenshot(page, "pane-redirect-refused");
  expect(text).toContain(
    `Not connected. The service redirected to ${other.url}/api/test/; the add-in refused it, as it sends your API key over https only (http only to localhost and 127.0.0.1).`,
  );
  expect(other.requests().filter((r) => r.headers.includes("authorization") || r.url.includes(SIM_KEY))).toEqual([]);
});

test("a redirect the browser will not follow (an origin without CORS): the message says the service redirected", async () => {
  const seen: IncomingHttpHeaders[] = [];
  const plain = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { "Content-Type": "application/json" }); // no Access-Control-Allow-Origin
    res.end('{"success": true}');
  });
  await new Promise<void>((resolve) => plain.listen(0, "127.0.0.2", resolve));
  try {
    front.redirect({ to: `http://127.0.0.2:${(plain.address() as AddressInfo).port}` });
    const text = await testConnection(front.url);
    expect(text).toContain(
      `Not connected. The service at ${front.url} redirected the request and the browser would not follow (to plain http, or to a site that does not allow this add-in). Open the Service URL in a browser to see where it leads, and set that address as the Service URL if you trust it.`,
    );
    expect(seen.filter((h) => h.authorization !== undefined)).toEqual([]);
  } finally {
    plain.closeAllConnections();
    plain.close();
  }
});
