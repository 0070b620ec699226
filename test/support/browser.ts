// Real Chromium (Debian's, driven by playwright-core) against the real dev server: the preview page,
// the pane and the simulator, over https on localhost with the dev server's self-signed certificate.
// The dev server and Chromium are the jest worker's (test/support/browserWorker.ts): a test file's rig mounts a
// simulator of its own and opens browser contexts of its own, closed with the rig.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import type { RunningDevServer } from "../../dev/dev-server";
import { createSimulator, type Simulator } from "../../dev/simulator";
import type { WorkerBrowser } from "./browserWorker";

export const OUTPUT_DIR = join(__dirname, "..", "..", "test-output");

export interface BrowserRig {
  /** The worker's dev server, its `simulator` this file's own. */
  server: RunningDevServer;
  browser: Browser;
  origin: string;
  /** A fresh page (in a fresh context, in `locale` when given) that records console errors and uncaught exceptions. */
  page(opts?: { locale?: string }): Promise<{ page: Page; errors: string[] }>;
  screenshot(page: Page, name: string): Promise<void>;
  /** Closes this rig's contexts and unmounts its simulator; the worker's server and browser stay for the next file. */
  close(): Promise<void>;
}

export interface BrowserRigOptions {
  /** Serve the simulator's long-names retailer too (`LONG_NAME_RETAILER`): names of 60+ characters. */
  longNames?: boolean;
  /** This simulator mounted instead of the harness's (one in a process of its own: processSimulator.ts). */
  simulator?: Simulator;
}

/** The worker's browser, from the test environment (test/support/environment.ts, set in jest.config.js). */
function worker(): Promise<WorkerBrowser> {
  const shared = (globalThis as { __salesWorker?: { browser(): Promise<WorkerBrowser> } }).__salesWorker;
  if (!shared)
    throw new Error("Browser tests run in the test environment test/support/environment.ts (see jest.config.js).");
  return shared.browser();
}

export async function startBrowserRig(options: BrowserRigOptions = {}): Promise<BrowserRig> {
  const { server, browser, mount, unmount } = await worker();
  // The simulator keeps the real date, as the pane does (it validates against this machine's date). It sends an
  // answer it already built again (the same question on the same day), as the harness's simulators all do.
  const simulator =
    options.simulator ?? createSimulator({ faults: true, longNames: options.longNames, rememberAnswers: true });
  mount(simulator);
  const contexts: BrowserContext[] = [];
  mkdirSync(OUTPUT_DIR, { recursive: true });
  return {
    server: { ...server, simulator, close: async () => unmount(simulator) },
    browser,
    origin: server.origin,
    async page(opts = {}) {
      const context = await browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 1280, height: 860 },
        ...(opts.locale ? { locale: opts.locale } : {}),
      });
      contexts.push(context);
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
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      unmount(simulator);
    },
  };
}

/**
 * Registers a test file's browser rig: started once before its tests, closed after them. Read `.rig` inside
 * tests and hooks (it is set once beforeAll has run).
 */
export function useBrowserRig(options: BrowserRigOptions = {}): { readonly rig: BrowserRig } {
  let rig: BrowserRig | undefined;
  let starting: Promise<BrowserRig> | undefined;
  // The worker's first file waits for the run's build (up to 180 s, test/support/devServer.ts) and starts the dev
  // server and Chromium: on a busy machine that is past two minutes.
  beforeAll(async () => {
    starting = startBrowserRig(options);
    rig = await starting;
  }, 300_000);
  // A start that outlived its hook is closed too: its simulator, left mounted, would refuse the worker's next file.
  afterAll(async () => (rig ?? (await starting?.catch(() => undefined)))?.close());
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
