// What the session remembers of refreshes, for the pane: each table's latest outcome from any refresh made with
// the session's deps (one table or all), and the last Refresh all's report, which the pane's own Refresh all
// records too (source "pane"). Over the simulator and the in-memory workbook.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import { addDays } from "../../src/core/dates";
import { readManagedTables } from "../../src/excel";
import { pullTable, refreshAllTables, refreshTable } from "../../src/refresh";
import { outcomeBase, summarize } from "../../src/refresh/outcomes";
import { RefreshLog, refreshAllReport, type Session } from "../../src/session";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { sessionFor } from "../functions/helpers";
import { SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { asQuery } from "../support/query";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 3, stores: 2 });
});
afterAll(() => sim.close());

/** A workbook with two managed tables (daily and weekly northmart), pulled from the simulator. */
async function twoTables(session: Session): Promise<{ host: WorkbookHost; names: string[] }> {
  const host = createWorkbookHost();
  const deps = session.refreshDeps({ run: host.run });
  const names: string[] = [];
  for (const timeframe of ["daily", "weekly"]) {
    const query = asQuery({
      level: "sku",
      retailers: "northmart",
      timeframe,
      metrics: "revenue",
      from: "2026-09-07",
      to: SIM_TODAY,
    });
    names.push((await pullTable(deps, query, { destination: { kind: "new-sheet" }, rolling: true })).write.tableName);
  }
  return { host, names };
}

test("a table's latest outcome is kept from a single refresh and from Refresh all, by any case of its name", async () => {
  const session = await sessionFor(sim);
  const { host, names } = await twoTables(session);
  const [daily] = (await readManagedTables(host.run)).tables;
  expect(session.latestOutcome(daily.tableName)).toBeUndefined();

  const one = await refreshTable(session.refreshDeps({ run: host.run }), daily);
  expect(session.latestOutcome(daily.tableName)).toBe(one);
  expect(session.latestOutcome(daily.tableName.toUpperCase())).toBe(one);
  expect(session.latestOutcome(names[1])).toBeUndefined();

  const all = await refreshAllTables(session.refreshDeps({ run: host.run }));
  expect(names.map((n) => session.latestOutcome(n))).toEqual(all.outcomes);
  expect(session.latestOutcome(names[0])).not.toBe(one);
  expect(session.refreshes.lastRefreshAll()).toBeUndefined(); // refresh itself records no report: its callers do
});

test("the pane's Refresh all records its report (source pane), passes progress on, and its listeners hear it", async () => {
  const session = await sessionFor(sim);
  const { host, names } = await twoTables(session);
  sim.simulator.setToday(addDays(SIM_TODAY, 1));
  try {
    const ops = tableOperations(host.run, () => session.refreshDeps({ run: host.run }), {
      refreshes: session.refreshes,
    });
    let heard = 0;
    const off = ops.onRefreshRecorded(() => heard++);
    const progress: string[] = [];
    const lines = await ops.refreshAll({
      onProgress: (p) => p.tableName && progress.push(`${p.written}/${p.total} ${p.tableName}`),
    });
    off();
    // Told as each table ends, whichever ends first.
    expect(progress.map((p) => p.split(" ")[0])).toEqual(["1/2", "2/2"]);
    expect(progress.map((p) => p.split(" ")[1]).sort()).toEqual([...names].sort());
    const report = ops.lastRefreshAll()!;
    expect(report).toMatchObject({ source: "pane", ok: true, message: expect.stringMatching(/^2 of 2 tables/) });
    expect(report.outcomes.map((o) => o.tableName)).toEqual(names);
    expect(lines.map((l) => l.tableName)).toEqual(names);
    expect(ops.latestOutcome(names[1])).toBe(report.outcomes[1]);
    expect(heard).toBeGreaterThanOrEqual(3); // each table's outcome, then the report
    const counted = heard;
    await ops.refreshAll();
    expect(heard).toBe(counted); // unsubscribed: nothing more heard
    expect(ops.lastRefreshAll()).not.toBe(report); // but the next run was recorded
  } finally {
    sim.simulator.setToday(SIM_TODAY);
  }
});

test("the pane's single Refresh keeps the latest outcome even in a log of its own (no session deps)", async () => {
  const session = await sessionFor(sim);
  const { host, names } = await twoTables(session);
  const client = session.client();
  const ops = tableOperations(host.run, () => ({ run: host.run, client, today: () => SIM_TODAY }));
  expect(ops.latestOutcome(names[0])).toBeUndefined();
  const line = await ops.refresh(names[0]);
  expect(line.ok).toBe(true);
  expect(ops.latestOutcome(names[0])).toMatchObject({ tableName: names[0], status: "refreshed" });
});

describe("RefreshLog and refreshAllReport", () => {
  const table = (name: string) => outcomeBase({ tableName: name, sheet: "S", rows: 1 });
  const at = new Date("2026-11-23T10:32:00Z");

  test("ok only when every table was refreshed (or kept, or had nothing to do); a run that did not happen is not ok", () => {
    const good = { ...table("Sales_a"), status: "refreshed" as const };
    const failed = { ...table("Sales_b"), status: "failed" as const, error: "gone" };
    const cancelled = { ...table("Sales_c"), status: "cancelled" as const };
    const kept = { ...table("Sales_d"), status: "kept" as const };
    expect(refreshAllReport("ribbon", summarize([good, kept]), at)).toEqual({
      at: "2026-11-23T10:32:00.000Z",
      source: "ribbon",
      message: "1 of 2 tables refreshed, 1 kept (the service returned nothing).",
      ok: true,
      outcomes: [good, kept],
      dismissed: false,
    });
    expect(refreshAllReport("open", summarize([good, failed]), at).ok).toBe(false);
    expect(refreshAllReport("pane", summarize([good, cancelled]), at).ok).toBe(false);
    expect(refreshAllReport("ribbon", { message: "nothing was refreshed." }, at)).toMatchObject({
      ok: false,
      outcomes: [],
    });
  });

  test("a dismissal marks only the report it was for; listeners hear records and dismissals until unsubscribed", () => {
    const log = new RefreshLog();
    const heard: string[] = [];
    const off = log.onChange(() => heard.push(log.lastRefreshAll()?.source ?? "-"));
    const first = refreshAllReport("ribbon", summarize([table("Sales_a")]), at);
    log.recordRefreshAll(first);
    const second = refreshAllReport("open", summarize([table("Sales_a")]), at);
    log.recordRefreshAll(second);
    log.dismiss(first); // an older report: nothing changes
    expect(log.lastRefreshAll()).toBe(second);
    log.dismiss(second);
    expect(log.lastRefreshAll()).toMatchObject({ source: "open", dismissed: true });
    log.dismiss(log.lastRefreshAll()!); // already dismissed: no second notice
    off();
    log.recordOutcome(table("Sales_b"));
    expect(heard).toEqual(["ribbon", "open", "open"]);
    expect(log.latestOutcome("SALES_B")).toMatchObject({ tableName: "Sales_b" });
  });
});
