// The worker's Chromium (test/support/browserWorker.ts) runs with the features Playwright turns off, and without
// the address bar popup's renderer that each new window would otherwise start (test/support/chromiumFeatures.ts).
// Chromium honours only the last --disable-features switch, so ours must repeat Playwright's: read back from the
// command line Chromium shows.
import { DISABLED_FEATURES } from "../support/chromiumFeatures";
import { useBrowserRig } from "../support/browser";

const browser = useBrowserRig();

/** Every --disable-features switch on the worker Chromium's command line, in order, each as its list of names. */
async function disableFeatureSwitches(): Promise<string[][]> {
  const { page } = await browser.rig.page();
  await page.goto("chrome://version");
  const commandLine = (await page.locator("#command_line").textContent()) ?? "";
  await page.context().close();
  return [...commandLine.matchAll(/--disable-features=(\S*)/g)].map((m) => m[1].split(",").filter(Boolean));
}

test("the last --disable-features switch is ours, and it keeps every feature Playwright turns off", async () => {
  const switches = await disableFeatureSwitches();
  expect(switches.length).toBeGreaterThanOrEqual(2); // Playwright's, then ours
  expect(switches.at(-1)).toEqual(DISABLED_FEATURES);
  const missing = switches.slice(0, -1).flatMap((names) => names.filter((n) => !DISABLED_FEATURES.includes(n)));
  // A name here is one Playwright turns off that ours would turn back on: add it to DISABLED_FEATURES.
  expect(missing).toEqual([]);
});

test("a page opens without the address bar popup's renderer", async () => {
  const { page } = await browser.rig.page();
  await page.goto(`${browser.rig.origin}/help.html`);
  const session = await browser.rig.browser.newBrowserCDPSession();
  const { targetInfos } = await session.send("Target.getTargets");
  await session.detach();
  const urls = targetInfos.map((t) => t.url);
  expect(urls).toContain(`${browser.rig.origin}/help.html`); // the page itself is seen
  expect(urls.filter((u) => u.startsWith("chrome://omnibox-popup"))).toEqual([]);
  await page.context().close();
});
