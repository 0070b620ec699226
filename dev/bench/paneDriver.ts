// Driving the Preview's pane through a large pull, for the browser bench (pane-large.bench.ts) and the browser tests
// of one: a PerformanceObserver for long tasks installed before the page's scripts, the form filled as an analyst
// would, the renderer's peak memory read from /proc, and the bytes of the data answers the page received (the
// DevTools protocol's count, on the wire).
import { readFileSync } from "node:fs";
import type { Browser, CDPSession, Locator, Page } from "playwright-core";

/** A long task the page's observer saw: when it started (ms since the page's origin) and how long it took. */
export interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __longTasks?: LongTask[];
  }
}

/** Records every long task of the page (over 50 ms, the browser's threshold) from before its first script. */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: LongTask[] = [];
    window.__longTasks = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

/** The long tasks seen from `since` on (ms since the page's origin). */
export async function longTasksSince(page: Page, since: number): Promise<LongTask[]> {
  return page.evaluate((from) => (window.__longTasks ?? []).filter((t) => t.start + t.duration >= from), since);
}

/** The page's clock (performance.now()). */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** What the form is set to: a store-level daily query of one retailer, two metrics, From and To as YYYY-MM-DD. */
export interface StoreQuery {
  level?: "SKU" | "Store";
  retailers: readonly string[];
  timeframe: "Daily" | "Weekly" | "Monthly";
  metrics: readonly string[];
  from: string;
  to: string;
}

/** Fills the Get data form: level, retailers, timeframe, metrics and dates, as a person picks them. */
export async function fillQuery(page: Page, pane: Locator, q: StoreQuery): Promise<void> {
  await pane.getByRole("radio", { name: q.level ?? "Store" }).check();
  await pane.getByRole("combobox", { name: "Retailer", exact: true }).click();
  await page.getByRole("menuitemcheckbox").first().waitFor();
  const checked = page.locator('[role="menuitemcheckbox"][aria-checked="true"]');
  while ((await checked.count()) > 0) await checked.first().click();
  for (const r of q.retailers) await page.getByRole("menuitemcheckbox", { name: r, exact: true }).click();
  await page.keyboard.press("Escape");
  await pane.getByRole("combobox", { name: "Timeframe", exact: true }).click();
  await page.getByRole("option", { name: q.timeframe }).click();
  const metrics = pane.getByRole("combobox", { name: "Metrics", exact: true });
  await metrics.click();
  const picked = page.locator('[role="menuitemcheckbox"][aria-checked="true"]');
  while ((await picked.count()) > 0) await picked.first().click();
  for (const m of q.metrics) await page.getByRole("menuitemcheckbox", { name: m, exact: true }).click();
  await page.keyboard.press("Escape");
  await pane.getByRole("textbox", { name: "From", exact: true }).fill(q.from);
  await pane.getByRole("textbox", { name: "To", exact: true }).fill(q.to);
  await pane.getByRole("textbox", { name: "To", exact: true }).blur();
}

/** The renderer processes' ids (DevTools' SystemInfo, from the browser's own session). */
async function rendererIds(browser: Browser): Promise<number[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as {
      processInfo: { type: string; id: number }[];
    };
    return processInfo.filter((p) => p.type === "renderer").map((p) => p.id);
  } finally {
    await cdp.detach();
  }
}

/** A process's peak resident memory (VmHWM), in MB; 0 when it is gone. */
function peakMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/**
 * The peak resident memory of the page's renderer, in MB: the largest peak of the renderers that a new page
 * started (those running before `before` was taken are left out).
 */
export async function rendererPeakMb(browser: Browser, before: readonly number[]): Promise<number> {
  const ids = (await rendererIds(browser)).filter((id) => !before.includes(id));
  return Math.max(0, ...ids.map(peakMb));
}

/** The renderers running now, to tell a new page's from them (rendererPeakMb). */
export const runningRenderers = rendererIds;

/** Counts the bytes the page receives for requests whose URL holds `path` (on the wire, headers left out). */
export async function countReceived(page: Page, path: string): Promise<{ bytes(): number; requests(): number }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const watched = new Set<string>();
  let bytes = 0;
  cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string } }) => {
    if (e.request.url.includes(path)) watched.add(e.requestId);
  });
  cdp.on("Network.dataReceived", (e: { requestId: string; dataLength: number }) => {
    if (watched.has(e.requestId)) bytes += e.dataLength;
  });
  return { bytes: () => bytes, requests: () => watched.size };
}
