// "Refresh anyway" in the pane's operations, against the simulator over HTTP (through the corrupting proxy, which
// keeps one weekday of a daily answer) and the in-memory workbook: a refresh that would lose whole days is held,
// its line says what it would remove (once) and carries those losses for "Refresh anyway"; refreshing with them
// (anyway) writes the table and its line says what was removed, unless the service's answer by then would
// remove more: held again, with the new losses. Other lines are not flagged. A refresh held because a metric's
// figures changed unit at the source (the proxy's scale) is flagged the same way, and its Refresh anyway accepts
// that change.
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { createClient, type SalesClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { REFRESH_ANYWAY } from "../../src/core/refresh/lossesText";
import { readTable } from "../../src/excel";
import { pullTable, type RefreshDeps } from "../../src/refresh";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { SIM_KEY, SIM_TODAY } from "../support/simulator";
import { DAILY, NEW_SHEET, refreshFixture } from "../refresh/support/fixture";

const f = refreshFixture({ skus: 4, stores: 3 });

let proxy: CorruptingProxy;
let client: SalesClient;
beforeAll(async () => {
  proxy = await startCorruptingProxy(f.sim.url);
  client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => f.sim.simulator.today() });
});
afterAll(() => proxy.close());
beforeEach(() => proxy.clear());

/** The fixture's deps, reading the service through the proxy. */
const deps = (): RefreshDeps => ({ ...f.deps, client });
const ops = () => tableOperations(f.host.run, deps);

/** A rolling daily SKU table pulled on SIM_TODAY; the clock then moves a day on. */
async function dailyTable(): Promise<string> {
  const { write } = await pullTable(deps(), DAILY, { ...NEW_SHEET, rolling: true });
  f.sim.simulator.setToday(addDays(SIM_TODAY, 1));
  return write.tableName;
}

/**
 * The service's daily answers keep one weekday only: a refresh window loses most of its days. `count` answers
 * (default: from now on), each keeping the weekday `seed` picks (the same for each answer of one call).
 */
const loseDays = (count?: number, seed = 1) => {
  for (let i = 0; i < (count ?? 1); i++)
    proxy.corrupt({
      corruptions: [{ kind: "respace" }],
      match: { timeframe: "daily" },
      seed,
      count: count === undefined ? undefined : 1,
    });
};

test("a refresh that would lose whole days: held, its line says what it would remove once, with Refresh anyway", async () => {
  const name = await dailyTable();
  const before = await readTable(f.host.run, name);
  loseDays(2); // the same answer twice: held, then written with what was shown

  const pane = ops();
  const line = await pane.refresh(name);
  expect(proxy.corrupted()).toBeGreaterThan(0);
  expect(line).toEqual({ tableName: name, ok: false, refreshAnyway: expect.any(Object), text: expect.any(String) });
  expect(line.text).toMatch(/^The service no longer sends [\d,]+ stored rows \(.+\): nothing at all for .+/);
  expect(line.text).toContain("The table was left as it was.");
  // Said once, and without the words that point to the pane: its button stands for them.
  expect(line.text.match(/no longer sends/g)).toHaveLength(1);
  expect(line.text).not.toContain(REFRESH_ANYWAY);
  expect(line.text).not.toContain("kept as it was");
  expect(await readTable(f.host.run, name)).toEqual(before);

  // The outcome behind the line: held, its text in the warnings.
  const outcome = pane.latestOutcome(name);
  expect(outcome?.status).toBe("kept");
  expect(outcome?.losses?.held).toBe(true);
  // The losses the button accepts: those the line shows.
  const { rows, undated, periods, wholePeriods } = outcome!.losses!;
  expect(line.refreshAnyway).toEqual({ rows, undated, periods, wholePeriods });

  // Refresh anyway (the service's answer as shown): written; the line says what was removed and offers nothing more.
  const anyway = await pane.refresh(name, undefined, { anyway: line.refreshAnyway });
  expect(anyway.refreshAnyway).toBeUndefined();
  expect(anyway.text).toMatch(/^rewrote .*: \d+ rows replaced, \d+ added, [1-9]\d* removed; /);
  expect(anyway.text).toMatch(
    /the service no longer sends [\d,]+ stored rows \(.+\); they were removed from the table\b/,
  );
  expect(anyway.text).not.toMatch(/\.;/);
  expect(pane.latestOutcome(name)?.rowsRemoved).toBe(rows);
  expect((await readTable(f.host.run, name)).values.length).toBeLessThan(before.values.length);
});

test("Refresh all flags each held table's line", async () => {
  const name = await dailyTable();
  loseDays();
  const lines = await ops().refreshAll();
  expect(lines).toEqual([
    expect.objectContaining({
      tableName: name,
      ok: false,
      refreshAnyway: expect.objectContaining({ rows: expect.any(Number) }),
    }),
  ]);
});

test("a refresh that loses nothing, and one kept on an empty answer, are not flagged", async () => {
  const name = await dailyTable();
  const line = await ops().refresh(name);
  expect(line.refreshAnyway).toBeUndefined();
  expect(line.text).toMatch(/^rewrote /);

  await f.sim.inject({ path: "/api/data", body: "empty" });
  const kept = await ops().refresh(name);
  expect(kept.refreshAnyway).toBeUndefined();
  expect(kept.text).toMatch(/^kept as it was; the service returned no rows for /);
});

test("Refresh anyway when the service's answer would by then remove other days: held again with the new losses, nothing written", async () => {
  const name = await dailyTable();
  const before = await readTable(f.host.run, name);
  loseDays(1, 1); // the answer the held line shows
  loseDays(2, 3); // the answers after it: another weekday kept, so other days would go
  const pane = ops();
  const shown = await pane.refresh(name);
  expect(shown.refreshAnyway).toBeDefined();

  const again = await pane.refresh(name, undefined, { anyway: shown.refreshAnyway });
  expect(again).toEqual(expect.objectContaining({ ok: false, refreshAnyway: expect.any(Object) }));
  expect(again.refreshAnyway).not.toEqual(shown.refreshAnyway);
  expect(again.text).toContain("That is more than you accepted with Refresh anyway. The table was left as it was.");
  expect(await readTable(f.host.run, name)).toEqual(before);

  // Its own Refresh anyway: written.
  const written = await pane.refresh(name, undefined, { anyway: again.refreshAnyway });
  expect(written.text).toMatch(/^rewrote /);
  expect(pane.latestOutcome(name)?.rowsRemoved).toBe(again.refreshAnyway!.rows);
});

test("a unit change at the source: held, its line names the metric and the factor, with Refresh anyway, which writes it", async () => {
  const name = await dailyTable();
  const before = await readTable(f.host.run, name);
  proxy.corrupt({ corruptions: [{ kind: "scale", factor: 100, metric: "revenue" }] }); // from now on, in pence

  const pane = ops();
  const line = await pane.refresh(name);
  expect(line).toEqual({
    tableName: name,
    ok: false,
    refreshAnyway: {
      rows: 0,
      undated: 0,
      periods: [],
      wholePeriods: [],
      unitChanges: [{ metric: "revenue", factor: 100 }],
    },
    text: expect.any(String),
  });
  expect(line.text).toMatch(
    /^The service's revenue figures in the re-read days are 100 times what the table holds for the same rows \(\d+ of \d+ rows\), as if the retailer had changed its unit \(pence for pounds\)\. The table was left as it was\.$/,
  );
  expect(line.text).not.toContain(REFRESH_ANYWAY);
  expect(await readTable(f.host.run, name)).toEqual(before);
  expect(pane.latestOutcome(name)).toMatchObject({ status: "kept", unitChange: { held: true } });

  // Refresh all shows the same line, with its button; its report is not ok and counts the table as held.
  const [all] = await pane.refreshAll();
  expect(all).toEqual(line);
  expect(pane.lastRefreshAll()).toMatchObject({
    ok: false,
    message: expect.stringMatching(
      /^0 of 1 table refreshed, 1 held \(the service's figures changed unit; nothing written\)\. /,
    ),
  });

  // Refresh anyway: written, and said; the line offers nothing more.
  const anyway = await pane.refresh(name, undefined, { anyway: line.refreshAnyway });
  expect(anyway.refreshAnyway).toBeUndefined();
  expect(anyway.text).toMatch(
    /^rewrote .*: \d+ rows replaced, \d+ added, 0 removed; .*the service's revenue figures in the re-read days were 100 times what the table held .* They were written; the older rows keep the old unit/,
  );
  expect(await readTable(f.host.run, name)).not.toEqual(before);
  // The next refresh compares pence with pence: written, not held.
  // (The same day, the same answer: written, and said as no change.)
  expect((await pane.refresh(name)).text).toMatch(/^No change: \d+ rows re-read, all as before; /);
});
