// What changed, against the simulator: after the service revised recent days, a refresh reports for each
// metric the total over the re-read dates before and after and the change, and those totals are the sums of
// the table's column over those dates before and after the refresh (read from the workbook host).
import { dateStyle } from "../../src/core/words";
import { addDays } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import { asQuery } from "../support/query";
import { exactSum, type MetricChange } from "../../src/core/refresh/revisions";
import { readTable } from "../../src/excel";
import { pullTable, refreshAllTables, refreshTable, type RefreshOutcome } from "../../src/refresh";
import { refreshLine } from "../../src/taskpane/operations/tableOperations";
import { SIM_TODAY } from "../support/simulator";
import { DAILY, NEW_SHEET, refreshFixture } from "./support/fixture";

// Enough stores for a revision of 0.25-1% to move whole units.
const f = refreshFixture({ skus: 4, stores: 40 });

interface Table {
  headers: string[];
  values: unknown[][];
}

/** The sum of a column over the rows whose period (the first column) is in the change's dates. */
function sumOver(t: Table, c: MetricChange): { sum: number; blanks: number } {
  const m = t.headers.indexOf(c.metric);
  const rows = t.values.filter((r) => {
    const p = r[0] as number;
    return p >= excelSerial(c.from) && p <= excelSerial(c.to);
  });
  const nums = rows.map((r) => r[m]).filter((v): v is number => typeof v === "number");
  return { sum: exactSum(nums), blanks: rows.length - nums.length };
}

function expectTotalsOf(o: RefreshOutcome, before: Table, after: Table, metrics: string[]): void {
  expect(o.changes.map((c) => c.metric)).toEqual(metrics);
  for (const c of o.changes) {
    expect(c.from).toBe(o.window!.from);
    expect({ before: c.before, after: c.after }).toEqual({
      before: sumOver(before, c).sum,
      after: sumOver(after, c).sum,
    });
    expect(c.change).toBe(c.after - c.before);
    expect(c.percent).toBe(c.before === 0 ? null : (c.change / Math.abs(c.before)) * 100);
    expect(c.blanks).toEqual({ before: sumOver(before, c).blanks, after: sumOver(after, c).blanks });
  }
  // The service revised recent days: some metric moved.
  expect(o.changes.some((c) => c.change !== 0)).toBe(true);
}

test("a weekly SKU table: the complete weeks re-read, before and after; the week in progress is left out", async () => {
  const weekly = asQuery({ ...DAILY, timeframe: "weekly", from: "2026-08-03", metrics: "revenue,units" });
  f.sim.simulator.setToday("2026-11-25"); // a Wednesday: the week of 23 Nov holds two days
  const { write } = await pullTable(f.deps, weekly, { ...NEW_SHEET, rolling: true });
  const before = await readTable(f.host.run, write.tableName);
  f.sim.simulator.setToday("2026-11-27"); // anchor 18 Nov: the window starts at the stored week of 16 Nov
  const o = await refreshTable(f.deps, await f.record(write.tableName));
  const after = await readTable(f.host.run, write.tableName);
  expect(o.status).toBe("refreshed");
  expect(o.window!.from).toBe("2026-11-16");
  // The week of 23 Nov grew with two more days: not a revision, so not compared.
  expect(o.changes.every((c) => c.to === "2026-11-16")).toBe(true);
  expectTotalsOf(o, before, after, ["revenue", "units"]);
  // In the pane's words: days in the user's style (en-GB here), metrics by their plain names.
  const line = refreshLine(o, dateStyle("en-GB"));
  expect(line.ok).toBe(true);
  expect(line.text).toMatch(/^rewrote 16\/11\/2026 to 27\/11\/2026: \d+ rows replaced, \d+ added, \d+ removed; /);
  expect(line.text).toMatch(
    /; Revenue, 16\/11\/2026: [\d,]+\.\d\d to [\d,]+\.\d\d, [+-]\d+\.\d\d%; Units, 16\/11\/2026: /,
  );
});

test("a store-level daily table: the days re-read, before and after, in the summary of Refresh all", async () => {
  const store = asQuery({
    ...DAILY,
    level: "store",
    from: addDays(SIM_TODAY, -14),
    metrics: "revenue,units,lost_sales",
  });
  const { write } = await pullTable(f.deps, store, { ...NEW_SHEET, rolling: true });
  const before = await readTable(f.host.run, write.tableName);
  f.sim.simulator.setToday(addDays(SIM_TODAY, 2));
  const summary = await refreshAllTables(f.deps);
  const o = summary.outcomes[0];
  const after = await readTable(f.host.run, write.tableName);
  expect(o.status).toBe("refreshed");
  // Last read on SIM_TODAY: the window starts 7 days before it and compares the days up to the one before it.
  expect(o.window!.from).toBe(addDays(SIM_TODAY, -7));
  expect(o.changes.every((c) => c.to === addDays(SIM_TODAY, -1))).toBe(true);
  expectTotalsOf(o, before, after, ["revenue", "units", "lost_sales"]);
  expect(o.gaps).toEqual([]);
  // Refresh all's summary (the ribbon's message) says it too, in the words (store units are small:
  // a revision of under 1% often leaves them as they were).
  const amounts = "[\\d,]+\\.\\d\\d";
  const moved = `(${amounts}, no change|${amounts} to ${amounts}, [+-]\\d+\\.\\d\\d%)`;
  expect(summary.message).toMatch(
    new RegExp(
      `^1 of 1 table refreshed\\. ${write.tableName}: revenue, 16-22 Nov: ${moved}; units, 16-22 Nov: ${moved}; ` +
        `lost_sales, 16-22 Nov: ${amounts} to ${amounts}, [+-]\\d+\\.\\d\\d%\\.$`,
    ),
  );
});

test("refreshing twice in a row: no change", async () => {
  const { write } = await pullTable(f.deps, DAILY, { ...NEW_SHEET, rolling: true });
  f.sim.simulator.setToday(addDays(SIM_TODAY, 1));
  await refreshTable(f.deps, await f.record(write.tableName));
  const again = await refreshTable(f.deps, await f.record(write.tableName));
  expect(again.changes.length).toBe(2);
  expect(again.changes.every((c) => c.change === 0)).toBe(true);
  // Said as no change, each metric named with its dates.
  expect(refreshLine(again, dateStyle("en-GB")).text).toBe(
    `No change: ${again.rowsReplaced} rows re-read, all as before; Revenue, 17/11/2026 to 23/11/2026: no change; Units, 17/11/2026 to 23/11/2026: no change`,
  );
});
