// "Refresh when this workbook opens" as the shared runtime starts it (src/commands/refreshOnOpen.ts): it runs only
// when the workbook asks for it and a key is saved, and its report waits in the session (source "open") for the
// pane; a run that fails is reported too, never thrown. Real HTTP to the simulator, the in-memory workbook.
import { startCorruptingProxy, type CorruptingProxy, type ProxyRule } from "../../dev/corruptions";
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import { refreshWhenWorkbookOpens } from "../../src/commands/refreshOnOpen";
import { setRefreshOnOpen } from "../../src/excel/refreshSettings";
import { pullTable } from "../../src/refresh";
import type { Session } from "../../src/session";
import { sessionFor } from "../functions/helpers";
import { asQuery } from "../support/query";
import { SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";

let sim: TestSimulator;
let proxy: CorruptingProxy; // in front of the simulator, for the tables the rules hold
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 3, stores: 2 });
  proxy = await startCorruptingProxy(sim.url);
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

let info: jest.SpyInstance;
let warn: jest.SpyInstance;
beforeEach(async () => {
  await sim.reset();
  proxy.clear();
  info = jest.spyOn(console, "info").mockImplementation(() => undefined);
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** A workbook with one managed table, and "Refresh when this workbook opens" set as given. */
async function workbook(session: Session, onOpen: boolean): Promise<{ host: WorkbookHost; tableName: string }> {
  const host = createWorkbookHost();
  const client = (await sessionFor(sim)).client();
  const { write } = await pullTable(
    { run: host.run, client, today: () => SIM_TODAY },
    asQuery({
      level: "sku",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue",
      from: "2026-11-01",
      to: SIM_TODAY,
    }),
    { destination: { kind: "new-sheet" }, rolling: true },
  );
  await setRefreshOnOpen(host.run, onOpen);
  await sim.reset();
  return { host, tableName: write.tableName };
}

test("the workbook asks for it: every table is refreshed and the report (source open) waits in the session", async () => {
  const session = await sessionFor(sim);
  const { host, tableName } = await workbook(session, true);
  const report = await refreshWhenWorkbookOpens(session, { run: host.run });
  expect(sim.count("/api/data")).toBeGreaterThan(0);
  expect(report).toMatchObject({ source: "open", ok: true, message: expect.stringMatching(/^1 of 1 table refreshed/) });
  expect(session.refreshes.lastRefreshAll()).toBe(report);
  expect(session.latestOutcome(tableName)).toMatchObject({ status: "refreshed" });
  expect(info).toHaveBeenCalledWith(`Sales Data: ${report!.message}`);
});

test("the setting off, or no key: nothing runs and nothing is recorded", async () => {
  const keyed = await sessionFor(sim);
  const off = await workbook(keyed, false);
  expect(await refreshWhenWorkbookOpens(keyed, { run: off.host.run })).toBeUndefined();
  const keyless = await sessionFor(null);
  const on = await workbook(keyless, true);
  expect(await refreshWhenWorkbookOpens(keyless, { run: on.host.run })).toBeUndefined();
  expect(sim.count()).toBe(0);
  expect(keyed.refreshes.lastRefreshAll()).toBeUndefined();
  expect(keyless.refreshes.lastRefreshAll()).toBeUndefined();
});

test("a run that fails before the tables is reported (not ok, with what Excel said) and not thrown", async () => {
  const session = await sessionFor(sim);
  const { host } = await workbook(session, true);
  // The setting is read (sync 1), then reading the saved queries fails (sync 2).
  host.failSync(2, { code: "GeneralException", message: "Excel is busy." });
  const report = await refreshWhenWorkbookOpens(session, { run: host.run });
  expect(report).toMatchObject({ source: "open", ok: false, outcomes: [] });
  expect(report!.message).toMatch(/^Refresh all failed\. Excel could not complete the change \(GeneralException\)/);
  expect(session.refreshes.lastRefreshAll()).toBe(report);
  expect(warn).toHaveBeenCalledWith(`Sales Data: ${report!.message}`);
  expect(sim.count()).toBe(0);
});

/**
 * The refresh as the workbook opens over a table pulled from the simulator, read through the corrupting proxy
 * whose next answer is corrupted as `rule` says: the report, the session, the table's name, the workbook before
 * and after, and the answers corrupted.
 */
async function refreshCorruptedAtOpen(rule: ProxyRule) {
  const session = await sessionFor({ ...sim, url: proxy.url });
  const { host, tableName } = await workbook(session, true);
  proxy.corrupt(rule);
  const before = host.snapshot();
  const report = await refreshWhenWorkbookOpens(session, { run: host.run });
  return { report, session, tableName, before, after: host.snapshot(), corrupted: proxy.corrupted() };
}

describe("a table the losses rule holds (the service's answer would remove stored rows)", () => {
  test("is reported as held with what would be removed, and left exactly as it was", async () => {
    // Through the proxy, which keeps one weekday of the next daily answer: most of the window's days would go.
    const { report, session, tableName, before, after, corrupted } = await refreshCorruptedAtOpen({
      corruptions: [{ kind: "respace" }],
      count: 1,
      seed: 7,
    });
    expect(corrupted).toBe(1);
    expect(after).toEqual(before);
    expect(report).toMatchObject({ source: "open", ok: false, message: expect.stringContaining("1 held") });
    expect(report!.message).toContain("The service no longer sends");
    expect(session.latestOutcome(tableName)).toMatchObject({ status: "kept", losses: { held: true } });
    expect(warn).toHaveBeenCalledWith(`Sales Data: ${report!.message}`);
  });
});

describe("a table held by a unit change at the source (the service's figures now in pence)", () => {
  test("is reported as held naming the metric and the factor, and left exactly as it was", async () => {
    const { report, session, tableName, before, after, corrupted } = await refreshCorruptedAtOpen({
      corruptions: [{ kind: "scale", factor: 100 }],
      count: 1,
    });
    expect(corrupted).toBe(1);
    expect(after).toEqual(before);
    expect(report).toMatchObject({
      source: "open",
      ok: false,
      message: expect.stringContaining("1 held (the service's figures changed unit; nothing written)"),
    });
    expect(report!.message).toContain("The service's revenue figures in the re-read days are 100 times");
    expect(session.latestOutcome(tableName)).toMatchObject({ status: "kept", unitChange: { held: true } });
    expect(warn).toHaveBeenCalledWith(`Sales Data: ${report!.message}`);
  });
});
