// pane.*: the Preview's pane at a large brand's size, in headless Chromium at 320 px, against the dev server's
// simulator with 300 SKUs and 2,500 stores (northmart: about 575,000 store-level rows a day) and its row limit lifted.
// - pane.big_pull_longest_task_ms: one day of northmart's store data (Revenue, Units) got into a new table: the
//   longest task the page's PerformanceObserver saw from Get data to the table written. Goal: at most 200.
// - pane.big_pull_peak_mb: the page's renderer's peak resident memory (VmHWM) at the end of that pull. Goal: 500.
// - pane.big_pull_rows: the rows written (a canary: the pull happened at its size).
// - pane.cancel_worst_ms: Cancel pressed at 25%, 50% and 75% of that pull, on a fresh page each (half the rows read,
//   the first rows written, half the rows written: the pull's progress, not a clock a busy machine moves): the worst
//   time from the press to the pane done (Cancel gone). Goal: at most 500. pane.cancel_workbook_changed counts the
//   presses after which the workbook's sheets or tables were not as before (guarded: 0); pane.cancel_missed, those
//   that came after the pull was done, or as it ended (the table whole, the pane saying so).
// - pane.too_big_fraction_read: 14 days of the same (about 8,000,000 rows): refused before writing, naming the rows
//   and the room; the data answers' bytes the page received, divided by the whole answer's (each day's answer, read
//   from the simulator directly). Goal: at most 0.15.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { startDevServer, type RunningDevServer } from "../dev-server";
import { addDays, type IsoDate } from "../../src/core/dates";
import {
  countReceived,
  fillQuery,
  longTasksSince,
  observeLongTasks,
  pageNow,
  rendererPeakMb,
  runningRenderers,
  type StoreQuery,
} from "./paneDriver";
import type { Report } from "./run";

const SKUS = 300;
const STORES = 2500;
const PULL_TIMEOUT_MS = 300_000;

export async function run(report: Report): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), "sales-bench-chromium-"));
  const server = await startDevServer({
    sourceMaps: false,
    port: await freePort(),
    commandPort: 0,
    selfSigned: true,
    quiet: true,
    liveReload: false,
    compress: false,
    simulator: { skus: SKUS, stores: STORES, maxRows: 0 },
  });
  let browser: Browser | undefined;
  try {
    browser = await launch(home);
    const today = server.simulator!.today() as IsoDate;
    const day = addDays(today, -1);
    const oneDay: StoreQuery = {
      retailers: ["northmart"],
      timeframe: "Daily",
      metrics: ["Revenue", "Units"],
      from: day,
      to: day,
    };

    // One day, to the end.
    const before = await runningRenderers(browser);
    const page = await openPane(browser, server);
    await fillQuery(page, page.locator("aside"), oneDay);
    const t0 = await pageNow(page);
    const started = Date.now();
    await page.locator("aside").getByRole("button", { name: "Get data" }).click();
    const wrote = page.locator("aside").getByText(/^Wrote [\d,]+ rows to /);
    await wrote.waitFor({ timeout: PULL_TIMEOUT_MS });
    const pullMs = Date.now() - started;
    const tasks = await longTasksSince(page, t0);
    const rows = Number(/^Wrote ([\d,]+)/.exec(await wrote.innerText())![1].replace(/,/g, ""));
    report("pane.big_pull_rows", rows, { above: 500_000 });
    report("pane.big_pull_ms", pullMs);
    report("pane.big_pull_longest_task_ms", Math.round(Math.max(0, ...tasks.map((t) => t.duration))));
    report("pane.big_pull_long_tasks", tasks.length);
    report("pane.big_pull_peak_mb", await rendererPeakMb(browser, before));
    await page.context().close();

    // Cancel at 25%, 50% and 75% of that pull.
    let worst = 0;
    let changed = 0;
    let missed = 0;
    // A quarter of the way is half the rows read (reading is about half the pull), half way the first rows
    // written, three quarters half the rows written: the pull's own progress, not a clock a busy machine moves.
    const stages: [phase: string, rows: number][] = [
      ["Read", rows / 2],
      ["Written", 1],
      ["Written", rows / 2],
    ];
    for (const [phase, at] of stages) {
      const p = await openPane(browser, server);
      const pane = p.locator("aside");
      await fillQuery(p, pane, oneDay);
      const workbook = () => p.evaluate(() => [window.previewWorkbook.sheetNames(), window.previewWorkbook.tables()]);
      const asBefore = JSON.stringify(await workbook());
      await pane.getByRole("button", { name: "Get data" }).click();
      const cancel = pane.getByRole("button", { name: "Cancel" });
      await p.waitForFunction(
        ([want, n]) =>
          [...document.querySelectorAll("aside [role=status]")].some((el) => {
            const m = /^(Read|Written) ([\d,]+)/.exec(el.textContent ?? "");
            return m !== null && (m[1] !== want ? want === "Read" : Number(m[2].replace(/,/g, "")) >= Number(n));
          }),
        [phase, at] as const,
        { polling: 50, timeout: PULL_TIMEOUT_MS },
      );
      // Where the button is now (the progress line moves it as its words change).
      const box = await cancel.boundingBox({ timeout: 1000 }).catch(() => null);
      if (!box) {
        missed++; // the pull was quicker this time, and done before the press
        await p.context().close();
        continue;
      }
      const pressed = Date.now();
      // A person's click, where the button is: it lands when the page's thread takes it.
      await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await cancel.waitFor({ state: "detached", timeout: PULL_TIMEOUT_MS });
      const done = Date.now() - pressed;
      if (await pane.getByText(/^Wrote [\d,]+ rows to /).count()) {
        missed++; // pressed as it ended: the table is whole, as the pane says
      } else {
        worst = Math.max(worst, done);
        if (JSON.stringify(await workbook()) !== asBefore) changed++;
      }
      await p.context().close();
    }
    report("pane.cancel_worst_ms", worst);
    report("pane.cancel_missed", missed, { below: 1 });
    report("pane.cancel_workbook_changed", changed, { equals: 0 });

    // 14 days, the limit lifted: refused before writing, after a part of the first day.
    const whole = await wholeAnswerBytes(server, addDays(today, -14), day);
    const p = await openPane(browser, server);
    const pane = p.locator("aside");
    await fillQuery(p, pane, { ...oneDay, from: addDays(today, -14) });
    const received = await countReceived(p, "/api/data");
    await pane.getByRole("button", { name: "Get data" }).click();
    const refusal = pane.getByText(/^This query would give about [\d,]+ rows; Excel has room for 1,048,575 /);
    await refusal.waitFor({ timeout: PULL_TIMEOUT_MS });
    await pane.getByRole("button", { name: "Cancel" }).waitFor({ state: "detached" });
    report("pane.too_big_answer_mb", Math.round(whole / 1e6), { above: 1000 });
    report("pane.too_big_fraction_read", received.bytes() / whole);
    report("pane.too_big_requests", received.requests());
    await p.context().close();
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** A fresh page of the Preview at 320 px, in en-GB, its long tasks observed, connected to the simulator. */
async function openPane(browser: Browser, server: RunningDevServer): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    locale: "en-GB",
    viewport: { width: 1280, height: 1000 },
  });
  const page = await context.newPage();
  await observeLongTasks(page);
  await page.goto(`${server.origin}/preview.html?width=320`);
  const pane = page.locator("aside");
  await pane.getByLabel("Service URL").fill(`${server.origin}/simulator`);
  await pane.getByLabel("API key", { exact: true }).fill(server.simulator!.apiKey);
  await pane.getByRole("button", { name: "Test connection" }).click();
  await pane.getByText("Connected.").waitFor();
  return page;
}

/** The bytes of the whole answer to the query, each day's answer read from the simulator directly and counted. */
async function wholeAnswerBytes(server: RunningDevServer, from: IsoDate, to: IsoDate): Promise<number> {
  let bytes = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const params = new URLSearchParams({
      type: "store",
      retailer: "northmart",
      timeframe: "daily",
      metric: "revenue,units",
      datefrom: d,
      dateto: d,
    });
    const res = await fetch(`${server.commandUrl}/api/data?${params}`, {
      headers: { Authorization: `Token ${server.simulator!.apiKey}` },
    });
    if (!res.ok || !res.body) throw new Error(`The simulator answered ${res.status} for ${d}.`);
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  }
  return bytes;
}

async function launch(home: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    env: { ...process.env, HOME: home },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--ignore-certificate-errors"],
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}
