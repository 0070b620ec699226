// The ribbon's Refresh all (src/commands): it refreshes the tables and the SALES formulas, records its report in
// the session (what the pane shows when it opens), returns and logs its summary, and opens the pane when the user
// has something to see (no key, a table failed, the run failed), only where the host has Office.addin, or
// through the opener it is given (the preview's). Real HTTP to the simulator, the in-memory workbook as Excel
// (through the Excel.run global, as in Office).
import { startCorruptingProxy, type ProxyRule } from "../../dev/corruptions";
import { createWorkbookHost, installExcelGlobal, type WorkbookHost } from "../../dev/workbook-host";
import { registerCommands, ribbonRefreshAll, type RibbonRefreshSummary } from "../../src/commands/commands";
import { asQuery } from "../support/query";
import { officeRun } from "../../src/excel/excelRun";
import { refreshSalesFunctions } from "../../src/functions";
import { pullTable } from "../../src/refresh";
import { NO_KEY_MESSAGE, type Session, type WorkbookTarget } from "../../src/session";
import { SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { sessionFor } from "../functions/helpers";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 4, stores: 2 });
});
afterAll(() => sim.close());

const g = globalThis as Record<string, unknown>;
let showAsTaskpane: jest.Mock<Promise<void>, []>;
let completed: jest.Mock<void, []>;
let undoExcel: () => void = () => undefined;
let info: jest.SpyInstance;
/** What the runtime root hands the commands: Excel through its global, and the SALES formulas' recalculation. */
const workbook: WorkbookTarget = { run: officeRun, afterRefreshAll: () => refreshSalesFunctions(officeRun) };
const refreshAll = (session: Session, e: Office.AddinCommands.Event) => ribbonRefreshAll(session, workbook, e);

beforeEach(async () => {
  await sim.reset();
  showAsTaskpane = jest.fn(() => Promise.resolve());
  completed = jest.fn();
  g.Office = { addin: { showAsTaskpane } };
  info = jest.spyOn(console, "info").mockImplementation(() => undefined);
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
  // Refresh all reads this machine's today: pin it to the simulator's. Only Date is faked; timers are real.
  jest.useFakeTimers({
    now: new Date(`${SIM_TODAY}T12:00:00Z`),
    advanceTimers: true,
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  });
});
afterEach(() => {
  undoExcel();
  undoExcel = () => undefined;
  delete g.Office;
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const event = () => ({ completed }) as unknown as Office.AddinCommands.Event;

const WEEKLY = asQuery({
  level: "sku",
  retailers: "northmart",
  timeframe: "weekly",
  metrics: "revenue",
  from: "2026-10-05",
  to: SIM_TODAY,
});
const DAILY = asQuery({ ...WEEKLY, timeframe: "daily", from: "2026-11-01" });

/** A workbook with one managed table of `query`, pulled through the session's client; Excel.run is that workbook. */
async function workbookWithTable(session: Session, query = WEEKLY): Promise<{ host: WorkbookHost; tableName: string }> {
  const host = createWorkbookHost();
  const { write } = await pullTable({ run: host.run, client: session.client(), today: () => SIM_TODAY }, query, {
    destination: { kind: "new-sheet" },
    rolling: true,
  });
  undoExcel = installExcelGlobal(host.run as Parameters<typeof installExcelGlobal>[0]);
  await sim.reset();
  return { host, tableName: write.tableName };
}

test("no key: nothing is sent, the pane opens, and the summary says to enter the key", async () => {
  const session = await sessionFor(null);
  const summary = await refreshAll(session, event());
  expect(sim.count()).toBe(0);
  expect(showAsTaskpane).toHaveBeenCalledTimes(1);
  expect(completed).toHaveBeenCalledTimes(1);
  expect(summary).toEqual({
    at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
    message: expect.stringContaining(NO_KEY_MESSAGE),
    failed: 0,
    ok: false,
  });
  expect(session.refreshes.lastRefreshAll()).toEqual({
    at: summary.at,
    source: "ribbon",
    message: `nothing was refreshed. ${NO_KEY_MESSAGE}`,
    ok: false,
    outcomes: [],
    dismissed: false,
  });
});

test("every table refreshed: the summary is returned and logged, the pane stays closed", async () => {
  const session = await sessionFor(sim);
  const { tableName } = await workbookWithTable(session);
  const summary: RibbonRefreshSummary = await refreshAll(session, event());
  expect(sim.count("/api/data")).toBeGreaterThan(0);
  expect(summary).toMatchObject({ ok: true, failed: 0, message: expect.stringMatching(/^Sales Data: 1 of 1 table/) });
  // The session keeps the report for the pane: the same words without the prefix, and the table's outcome.
  const report = session.refreshes.lastRefreshAll()!;
  expect(report).toMatchObject({ at: summary.at, source: "ribbon", ok: true, dismissed: false });
  expect(`Sales Data: ${report.message}`).toBe(summary.message);
  expect(report.outcomes.map((o) => [o.tableName, o.status])).toEqual([[tableName, "refreshed"]]);
  expect(session.latestOutcome(tableName)).toBe(report.outcomes[0]);
  expect(info).toHaveBeenCalledWith(summary.message);
  expect(showAsTaskpane).not.toHaveBeenCalled();
  expect(completed).toHaveBeenCalledTimes(1);
});

test("a table that fails: the pane opens and the summary counts it", async () => {
  const session = await sessionFor(sim);
  const { host, tableName } = await workbookWithTable(session);
  // The table was deleted by hand: its saved query is still there, so Refresh all tries it and fails.
  await host.run(async (context) => {
    context.workbook.tables.getItem(tableName).delete();
    await context.sync();
  });
  // The pane opens on the report: it is in the session by the time the pane is asked to show.
  let recordedWhenShown: unknown;
  showAsTaskpane.mockImplementation(async () => void (recordedWhenShown = session.refreshes.lastRefreshAll()));
  expect(await refreshAll(session, event())).toMatchObject({
    ok: false,
    failed: 1,
    message: expect.stringMatching(/1 failed/),
  });
  expect(showAsTaskpane).toHaveBeenCalledTimes(1);
  expect(completed).toHaveBeenCalledTimes(1);
  expect(recordedWhenShown).toMatchObject({ source: "ribbon", ok: false });
  const [failed] = session.refreshes.lastRefreshAll()!.outcomes;
  expect(failed).toMatchObject({ tableName, status: "failed", error: expect.stringContaining(tableName) });
});

/**
 * Refresh all over a daily table pulled through the corrupting proxy, whose next answer is corrupted as `rule`
 * says: the summary, the session, the table's name, the workbook before and after, and the answers corrupted.
 */
async function refreshAllCorrupted(rule: ProxyRule) {
  const proxy = await startCorruptingProxy(sim.url);
  try {
    const session = await sessionFor({ ...sim, url: proxy.url });
    const { host, tableName } = await workbookWithTable(session, DAILY);
    proxy.corrupt(rule);
    const before = host.snapshot();
    const summary = await refreshAll(session, event());
    return { summary, session, tableName, before, after: host.snapshot(), corrupted: proxy.corrupted() };
  } finally {
    await proxy.close();
  }
}

test("a table the losses rule holds: left as it was, the summary says held and what would go, the pane opens on it", async () => {
  // The proxy keeps one weekday of the next daily answer: most of the window would go.
  const { summary, session, tableName, before, after } = await refreshAllCorrupted({
    corruptions: [{ kind: "respace" }],
    count: 1,
    seed: 7,
  });
  expect(after).toEqual(before);
  expect(summary).toMatchObject({ ok: false, failed: 0, message: expect.stringContaining("1 held") });
  expect(summary.message).toContain("The service no longer sends");
  expect(session.latestOutcome(tableName)).toMatchObject({ status: "kept", losses: { held: true } });
  expect(showAsTaskpane).toHaveBeenCalledTimes(1);
});

test("a table held by a unit change at the source: left as it was, the summary says held and which metric, the pane opens on it", async () => {
  // The proxy's next daily answer has its revenue in pence (x100).
  const { summary, session, tableName, before, after, corrupted } = await refreshAllCorrupted({
    corruptions: [{ kind: "scale", factor: 100, metric: "revenue" }],
    count: 1,
  });
  expect(corrupted).toBe(1);
  expect(after).toEqual(before);
  expect(summary).toMatchObject({
    ok: false,
    failed: 0,
    message: expect.stringContaining("1 held (the service's figures changed unit; nothing written)"),
  });
  expect(summary.message).toContain("The service's revenue figures in the re-read days are 100 times");
  expect(session.latestOutcome(tableName)).toMatchObject({ status: "kept", unitChange: { held: true } });
  expect(showAsTaskpane).toHaveBeenCalledTimes(1);
  expect(console.warn).toHaveBeenCalledWith(summary.message);
});

test("the opener it is given (the preview's) opens the pane instead of Office's, only when something failed", async () => {
  const session = await sessionFor(sim);
  const { host, tableName } = await workbookWithTable(session);
  const showPane = jest.fn();
  expect((await ribbonRefreshAll(session, workbook, event(), { showPane })).ok).toBe(true);
  expect(showPane).not.toHaveBeenCalled();
  await host.run(async (context) => {
    context.workbook.tables.getItem(tableName).delete();
    await context.sync();
  });
  expect((await ribbonRefreshAll(session, workbook, undefined, { showPane })).ok).toBe(false);
  expect(showPane).toHaveBeenCalledTimes(1);
  expect(showAsTaskpane).not.toHaveBeenCalled();
  // An opener that fails is said in the console; the command still completes with its summary.
  showPane.mockRejectedValueOnce(new Error("no pane here"));
  expect((await ribbonRefreshAll(session, workbook, event(), { showPane })).failed).toBe(1);
  expect(completed).toHaveBeenCalledTimes(2);
});

test("a Refresh all that cannot run at all opens the pane with the reason; a host without Office.addin is fine", async () => {
  const session = await sessionFor(sim);
  // No Excel global: Excel.run throws.
  expect(await refreshAll(session, event())).toMatchObject({
    ok: false,
    failed: 0,
    message: /^Sales Data: Refresh all failed\./,
  });
  expect(showAsTaskpane).toHaveBeenCalledTimes(1);
  expect(session.refreshes.lastRefreshAll()).toMatchObject({
    source: "ribbon",
    ok: false,
    outcomes: [],
    message: /^Refresh all failed\. ./,
  });

  g.Office = {}; // a host without SharedRuntime 1.1
  expect(await refreshAll(await sessionFor(null), event())).toMatchObject({
    ok: false,
    message: expect.stringContaining(NO_KEY_MESSAGE),
  });
  expect(completed).toHaveBeenCalledTimes(2);

  showAsTaskpane.mockRejectedValueOnce(new Error("not supported"));
  g.Office = { addin: { showAsTaskpane } };
  await refreshAll(await sessionFor(null), event());
  expect(completed).toHaveBeenCalledTimes(3);
});

test("registerCommands associates the manifest's refreshAll", async () => {
  const associate = jest.fn();
  g.Office = { actions: { associate }, addin: { showAsTaskpane } };
  registerCommands(await sessionFor(null), workbook);
  expect(associate).toHaveBeenCalledWith("refreshAll", expect.any(Function));
  const handler = associate.mock.calls[0][1] as (e: Office.AddinCommands.Event) => Promise<RibbonRefreshSummary>;
  expect((await handler(event())).ok).toBe(false);
  expect(completed).toHaveBeenCalledTimes(1);
});
