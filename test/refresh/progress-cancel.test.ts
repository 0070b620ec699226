// Refresh all's progress and Cancel, over the simulator and the in-memory workbook: it tells which table it is at
// before each one (index, total, name, in the order refreshed), and a cancel after the first table leaves the
// others "cancelled" and exactly as they were, without asking the service for them.
import { addDays } from "../../src/core/dates";
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshAllTables, type RefreshProgress } from "../../src/refresh";
import { CANCELLED_BEFORE_TABLE } from "../../src/refresh/outcomes";
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

test("progress before each table: 1, 2, 3 of 3 with the table's name, each before that table's outcome", async () => {
  const names = await threeTables();
  await f.sim.reset();
  const heard: string[] = [];
  const progress: RefreshProgress[] = [];
  const summary = await refreshAllTables(
    { ...f.deps, onTableDone: (o) => heard.push(`done ${o.tableName}`) },
    {
      onProgress: (p) => {
        progress.push(p);
        heard.push(`start ${p.tableName}`);
      },
    },
  );
  expect(progress).toEqual(names.map((tableName, i) => ({ index: i + 1, total: 3, tableName })));
  expect(heard).toEqual(names.flatMap((n) => [`start ${n}`, `done ${n}`]));
  expect(summary.outcomes.map((o) => o.status)).toEqual(["refreshed", "refreshed", "refreshed"]);
  expect(f.sim.count("/api/data")).toBe(3); // one request a table
});

test("cancel after the first table: it is refreshed, the others are cancelled, unchanged and never fetched", async () => {
  const names = await threeTables();
  const before = await Promise.all(names.map((n) => readTable(f.host.run, n)));
  await f.sim.reset(); // request counts from here (the clock back at SIM_TODAY)
  f.sim.simulator.setToday(addDays(SIM_TODAY, 2)); // the service has new days and revisions: a refresh changes rows
  const controller = new AbortController();
  const progress: RefreshProgress[] = [];
  const summary = await refreshAllTables(
    { ...f.deps, onTableDone: () => controller.abort() }, // Cancel pressed while the first table was written
    { signal: controller.signal, onProgress: (p) => progress.push(p) },
  );
  expect(progress).toEqual([{ index: 1, total: 3, tableName: names[0] }]);
  expect(summary.outcomes.map((o) => [o.tableName, o.status])).toEqual([
    [names[0], "refreshed"],
    [names[1], "cancelled"],
    [names[2], "cancelled"],
  ]);
  expect(summary.outcomes.slice(1).map((o) => o.error)).toEqual([CANCELLED_BEFORE_TABLE, CANCELLED_BEFORE_TABLE]);
  expect(summary.message).toMatch(/^1 of 3 tables refreshed, 2 cancelled\./);
  const after = await Promise.all(names.map((n) => readTable(f.host.run, n)));
  expect(after[0]).not.toEqual(before[0]);
  expect(after.slice(1)).toEqual(before.slice(1));
  expect(f.sim.count("/api/data")).toBe(1); // only the first table's window was asked for (one request a table)
});
