// What one jest worker shares between its browser test files: one dev server and one Chromium, started when the
// first file asks and kept until the worker exits. The workers share one webpack build: the first to need it makes
// it into webpack's filesystem cache in the run's folder (test/support/globalSetup.ts), the others wait for it,
// and each dev server restores it from there (about 3 s of CPU instead of 12). Each file still gets its own
// simulator (mounted at /simulator while it runs) and its own browser contexts (cookies and storage of their own).
//
// This module is loaded by the test environment (test/support/environment.ts), outside the test files' module
// registries, so it lives as long as the worker; test files reach it through that environment's global
// (test/support/browser.ts), never by importing it.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { startDevServer, type RunningDevServer } from "../../dev/dev-server";
import type { Simulator } from "../../dev/simulator";
import { DISABLED_FEATURES } from "./chromiumFeatures";
import { BUILD, freePort, sharedBuildCache } from "./devServer";
import { closeWhenWorkerEnds } from "./workerEnd";

function chromiumPath(): string {
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

export interface WorkerBrowser {
  server: RunningDevServer;
  browser: Browser;
  /** Mounts a test file's simulator at /simulator; throws while another file's is mounted. */
  mount(simulator: Simulator): void;
  unmount(simulator: Simulator): void;
}

let started: Promise<WorkerBrowser> | undefined;
let home: string | undefined;

async function start(): Promise<WorkerBrowser> {
  home = mkdtempSync(join(tmpdir(), "sales-chromium-home-"));
  let mounted: Simulator | undefined;
  const cacheDirectory = await sharedBuildCache();
  const server = await startDevServer({
    ...BUILD,
    cacheDirectory,
    compress: false, // localhost: gzip would only cost CPU
    port: await freePort(),
    selfSigned: true,
    quiet: true,
    liveReload: false, // an edit to src while tests run must not reload a page mid-step
    simulator: () => mounted,
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
        `--disable-features=${DISABLED_FEATURES.join(",")}`,
      ], // playwright gives every launch a fresh, empty profile directory of its own
    })
    .catch(async (err: Error) => {
      await server.close();
      throw err;
    });
  return {
    server,
    browser,
    mount(simulator) {
      if (mounted) throw new Error("Another browser rig of this worker is still open: close it first.");
      mounted = simulator;
    },
    unmount(simulator) {
      if (mounted === simulator) mounted = undefined;
    },
  };
}

/** The worker's dev server and Chromium, started on the first call. */
export function workerBrowser(): Promise<WorkerBrowser> {
  if (!started) closeWhenWorkerEnds(closeWorkerBrowser);
  started ??= start().catch((err: unknown) => {
    started = undefined; // the next file tries again, and says why it failed
    throw err;
  });
  return started;
}

/** Closes them: when the worker is told to end (workerEnd.ts), or in jest's own process at its global teardown. */
export async function closeWorkerBrowser(): Promise<void> {
  const running = await started?.catch(() => undefined);
  started = undefined;
  if (running) {
    await running.browser.close().catch(() => undefined);
    await running.server.close();
  }
  if (home) rmSync(home, { recursive: true, force: true });
  home = undefined;
}

// A worker killed before it closed them: playwright kills the browser it launched, and this removes Chromium's HOME.
process.on("exit", () => {
  if (home) rmSync(home, { recursive: true, force: true });
});
