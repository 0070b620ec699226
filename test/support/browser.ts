// Real Chromium (Debian's, driven by playwright-core) against the real dev server: the preview page,
// the pane and the simulator, over https on localhost with the dev server's self-signed certificate.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { startDevServer, type RunningDevServer } from "../../dev/dev-server";

export const OUTPUT_DIR = join(__dirname, "..", "..", "test-output");

export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  const found = candidates.find((c): c is string => !!c && existsSync(c));
  if (!found)
    throw new Error("Browser tests need Chromium: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.");
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface BrowserRig {
  server: RunningDevServer;
  browser: Browser;
  origin: string;
  /** A fresh page that records console errors and uncaught exceptions. */
  page(): Promise<{ page: Page; errors: string[] }>;
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

export interface BrowserRigOptions {
  /** Serve the simulator's long-names retailer too (`LONG_NAME_RETAILER`): names of 60+ characters. */
  longNames?: boolean;
}

export async function startBrowserRig(options: BrowserRigOptions = {}): Promise<BrowserRig> {
  const home = mkdtempSync(join(tmpdir(), "sales-chromium-home-"));
  const port = await freePort();
  const server = await startDevServer({
    port,
    selfSigned: true,
    quiet: true,
    liveReload: false, // an edit to src while tests run must not reload a page mid-step
    // The simulator keeps the real date, as the pane does (it validates against this machine's date).
    simulator: { faults: true, longNames: options.longNames },
  });
  const browser = await chromium
    .launch({
      executablePath: chromiumPath(),
      env: { ...process.env, HOME: home }, // Chromium writes into $HOME
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--ignore-certificate-errors",
      ], // playwright gives every launch a fresh, empty profile directory of its own
    })
    .catch(async (err: Error) => {
      await server.close();
      throw err;
    });
  mkdirSync(OUTPUT_DIR, { recursive: true });
  return {
    server,
    browser,
    origin: server.origin,
    async page() {
      const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(String(e)));
      return { page, errors };
    },
    async screenshot(page, name) {
      await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`) });
    },
    async close() {
      await browser.close().catch(() => undefined);
      await server.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * Registers a test file's browser rig: started once before its tests, closed after them. Read `.rig` inside
 * tests and hooks (it is set once beforeAll has run).
 */
export function useBrowserRig(options: BrowserRigOptions = {}): { readonly rig: BrowserRig } {
  let rig: BrowserRig | undefined;
  beforeAll(async () => {
    rig = await startBrowserRig(options);
  }, 120_000);
  afterAll(() => rig?.close());
  return {
    get rig() {
      if (!rig) throw new Error("The browser rig has not started: read it inside a test or hook.");
      return rig;
    },
  };
}

/**
 * Chooses exactly `retailers` in the pane's Retailer dropdown, in that order (it takes one retailer or several:
 * what was chosen before is unpicked first). `scope` is the pane when the page holds more than one; the list
 * opens in a portal on the page.
 */
export async function chooseRetailers(
  page: Page,
  retailers: readonly string[],
  scope: Page | Locator = page,
): Promise<void> {
  await scope.getByRole("combobox", { name: "Retailer", exact: true }).click();
  await page.getByRole("menuitemcheckbox").first().waitFor();
  const checked = page.locator('[role="menuitemcheckbox"][aria-checked="true"]');
  while ((await checked.count()) > 0) await checked.first().click();
  for (const r of retailers) await page.getByRole("menuitemcheckbox", { name: r, exact: true }).click();
  await page.keyboard.press("Escape");
}

/**
 * Connects the pane to a service: its Service URL and API key, Test connection, and waits for "Connected.".
 * `scope` is the pane when the page holds more than one.
 */
export async function connectPane(scope: Page | Locator, url: string, key: string): Promise<void> {
  await scope.getByLabel("Service URL").fill(url);
  await scope.getByLabel("API key", { exact: true }).fill(key);
  await scope.getByRole("button", { name: "Test connection" }).click();
  await scope.getByText("Connected.").waitFor();
}
