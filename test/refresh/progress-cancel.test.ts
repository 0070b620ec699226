// Refresh all's progress and Cancel, over the simulator and the in-memory workbook: it tells how many tables are
// reading and written (the tables read side by side, each named as it ends), and a cancel while the first table
// is written lets it finish and leaves the others "cancelled" and exactly as they were.
import { addDays } from "../../src/core/dates";
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshAllTables, type RefreshProgress } from "../../src/refresh";
import { CANCELLED_BEFORE_TABLE, TABLE_CANCELLED } from "../../src/refresh/outcomes";
import { SIM_TODAY } from "../support/simulator";
import { DAILY, NEW_SHEET, refreshFixture } from "./support/fixture";

const f = refreshFixture({ skus: 4, stores: 2 });

/** Three tables, pulled in this order (Refresh all refreshes them in the order they were saved). */
const QUERIES: Query[] = [
  DAILY,
  { ...DAILY, timeframe: "weekly", from: "2026-08-03" },
  asQuery({ ...DAILY, level: "store", metrics: "revenue", from: addDays(SIM_TODAY, -10) }),
];

async function threeTables(): Promise<string[]> {
  const names: string[] = [];
  for (const q of QUERIES) names.push((await pullTable(f.deps, q, { ...NEW_SHEET, rolling: true })).write.tableName);
  return names;
}

test("progress: the three reads side by side, then each table named as it ends, after its outcome; written up to 3", async () => {
  const names = await threeTables();
  await f.sim.reset();
  const heard: string[] = [];
  const progress: RefreshProgress[] = [];
  const summary = await refreshAllTables(
    { ...f.deps, onTableDone: (o) => heard.push(`done ${o.tableName}`) },
    {
      onProgress: (p) => {
        progress.push(p);
        if (p.tableName) heard.push(`ended ${p.tableName}`);
      },
    },
  );
  expect(progress[0]).toEqual({ total: 3, written: 0, failed: 0, reading: 1 });
  expect(Math.max(...progress.map((p) => p.reading))).toBe(3);
  const ended = progress.filter((p) => p.tableName);
  expect(ended.map((p) => p.written)).toEqual([1, 2, 3]);
  expect(ended.map((p) => p.tableName).sort()).toEqual([...names].sort());
  expect(progress[progress.length - 1]).toMatchObject({ total: 3, written: 3, failed: 0, reading: 0 });
  for (const n of names) expect(heard.indexOf(`done ${n}`)).toBeLessThan(heard.indexOf(`ended ${n}`));
  expect(summary.outcomes.map((o) => [o.tableName, o.status])).toEqual(names.map((n) => [n, "refreshed"]));
  expect(f.sim.count("/api/data")).toBe(3); // one request a table
});

test("cancel while the first table is written: it finishes, the others are cancelled and unchanged", async () => {
  const names = await threeTables();
  const before = await Promise.all(names.map((n) => readTable(f.host.run, n)));
  await f.sim.reset(); // request counts from here (the clock back at SIM_TODAY)
  f.sim.simulator.setToday(addDays(SIM_TODAY, 2)); // the service has new days and revisions: a refresh changes rows
  const controller = new AbortController();
  const summary = await refreshAllTables(
    { ...f.deps, onTableDone: () => controller.abort() }, // Cancel pressed while the first table was written
    { signal: controller.signal },
  );
  // In the workbook's order, whichever table was written first.
  expect(summary.outcomes.map((o) => o.tableName)).toEqual(names);
  const first = summary.outcomes.findIndex((o) => o.status === "refreshed");
  expect(summary.outcomes.filter((o) => o.status === "refreshed")).toHaveLength(1);
  const others = summary.outcomes.filter((_, i) => i !== first);
  expect(others.map((o) => o.status)).toEqual(["cancelled", "cancelled"]);
  for (const o of others) expect([TABLE_CANCELLED, CANCELLED_BEFORE_TABLE]).toContain(o.error);
  expect(summary.message).toMatch(/^1 of 3 tables refreshed, 2 cancelled\./);
  const after = await Promise.all(names.map((n) => readTable(f.host.run, n)));
  expect(after[first]).not.toEqual(before[first]);
  expect(after.filter((_, i) => i !== first)).toEqual(before.filter((_, i) => i !== first));
});
