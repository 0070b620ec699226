// Refresh against the simulator over real HTTP and the in-memory workbook host: the window, the rewrite,
// Refresh all, the saved record, and a formula over the table's columns.
import { addDays } from "../../src/core/dates";
import type { DataRequest } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { getRefreshOnOpen, setRefreshOnOpen } from "../../src/excel/refreshSettings";
import { pullTable, refreshAllTables, refreshOnOpen, refreshTable } from "../../src/refresh";
import { SIM_TODAY } from "../support/simulator";
import { DAILY as daily, refreshFixture } from "./support/fixture";

const f = refreshFixture();

describe("refresh against the simulator", () => {
  test("a rolling daily table equals a fresh pull after days of refreshes; twice in a row changes nothing", async () => {
    const { write } = await pullTable(f.deps, daily, { destination: { kind: "new-sheet" }, rolling: true });
    for (let d = 1; d <= 10; d++) {
      f.sim.simulator.setToday(addDays(SIM_TODAY, d));
      const o = await refreshTable(f.deps, await f.record(write.tableName));
      expect(o.status).toBe("refreshed");
      expect(o.rowsAdded).toBe(6); // one new day of 6 SKUs
    }
    const today = f.sim.simulator.today();
    const table = await readTable(f.host.run, write.tableName);
    expect(table.values).toEqual(await f.freshPull({ ...daily, to: today }));

    const before = f.host.snapshot();
    const again = await refreshTable(f.deps, await f.record(write.tableName));
    expect(again).toEqual(expect.objectContaining({ status: "refreshed", rowsAdded: 0, rowsRemoved: 0 }));
    expect(f.host.snapshot().sheets).toEqual(before.sheets);
    const rec = await f.record(write.tableName);
    expect(rec.lastWindow).toEqual({ from: addDays(today, -7), to: today });
    expect(rec.lastRead).toBe(today);
  });

  test("a weekly table starts its window at the stored week containing the anchor and matches a fresh pull", async () => {
    const weekly = asQuery({
      ...daily,
      timeframe: "weekly",
      metrics: "revenue,units,availability",
      from: "2026-06-01",
    });
    const { write } = await pullTable(f.deps, weekly, { destination: { kind: "new-sheet" }, rolling: true });
    f.sim.simulator.setToday("2026-11-26"); // a Thursday; last read Monday 11-23 -> anchor 11-16 (a Monday)
    const o = await refreshTable(f.deps, await f.record(write.tableName));
    expect(o.window).toEqual({ from: "2026-11-16", to: "2026-11-26" });
    f.sim.simulator.setToday("2026-12-02");
    const o2 = await refreshTable(f.deps, await f.record(write.tableName));
    expect(o2.window).toEqual({ from: "2026-11-16", to: "2026-12-02" }); // anchor 11-19 -> its stored week
    expect((await readTable(f.host.run, write.tableName)).values).toEqual(
      await f.freshPull({ ...weekly, to: "2026-12-02" }),
    );
  });

  test("a fixed query that ended before the window has nothing to refresh and says so", async () => {
    const fixed = { ...daily, from: "2026-09-01", to: "2026-09-30" };
    const { write } = await pullTable(f.deps, fixed, { destination: { kind: "new-sheet" }, rolling: false });
    const o = await refreshTable(f.deps, await f.record(write.tableName));
    expect(o.error).toBeUndefined();
    expect(o.status).toBe("unchanged");
    expect(o.warnings.join(" ")).toMatch(/nothing to refresh/);
    expect(o.window).toBeUndefined();
  });

  test("the service returning nothing for a window that holds rows keeps them and warns", async () => {
    const { write } = await pullTable(f.deps, daily, { destination: { kind: "new-sheet" }, rolling: true });
    const before = await readTable(f.host.run, write.tableName);
    const empty = { ...f.client, getData: async (q: DataRequest) => ({ ...(await f.client.getData(q)), rows: [] }) };
    const o = await refreshTable({ ...f.deps, client: empty }, await f.record(write.tableName));
    expect(o.status).toBe("kept");
    expect(o.warnings.join(" ")).toMatch(/kept, not deleted/);
    expect(await readTable(f.host.run, write.tableName)).toEqual(before);
  });

  test("store-level daily never reaches before the 14-day retention", async () => {
    const store = asQuery({ ...daily, level: "store", from: addDays(SIM_TODAY, -14) });
    const { write } = await pullTable(f.deps, store, { destination: { kind: "new-sheet" }, rolling: true });
    f.sim.simulator.setToday(addDays(SIM_TODAY, 12)); // last read 12 days ago: the anchor (19 days back) is too old
    const o = await refreshTable(f.deps, await f.record(write.tableName));
    expect(o.status).toBe("refreshed");
    expect(o.window!.from).toBe(addDays(SIM_TODAY, 12 - 14));
    const values = (await readTable(f.host.run, write.tableName)).values;
    const days = [...new Set(values.map((r) => r[0]))];
    expect(days.length).toBe(14 + 12); // the old rows stay, the window was rewritten, the new days added
  });

  test("Refresh all: every table, a failing one does not stop the others, then the after hook", async () => {
    const a = await pullTable(f.deps, daily, { destination: { kind: "new-sheet" }, rolling: true });
    const b = await pullTable(f.deps, asQuery({ ...daily, retailers: "budgetbox" }), {
      destination: { kind: "new-sheet" },
      rolling: true,
    });
    const c = await pullTable(
      f.deps,
      { ...daily, timeframe: "weekly" },
      { destination: { kind: "new-sheet" }, rolling: true },
    );
    await f.host.run(async (ctx) => {
      ctx.workbook.tables.getItem(b.write.tableName).delete();
      await ctx.sync();
    });
    f.sim.simulator.setToday(addDays(SIM_TODAY, 1));
    const done: string[] = [];
    let after = 0;
    const summary = await refreshAllTables({
      ...f.deps,
      onTableDone: (o) => done.push(o.tableName),
      afterRefreshAll: async () => void after++,
    });
    // Each told once, as it ends (in the order they end); the outcomes in the workbook's order.
    expect([...done].sort()).toEqual([a.write.tableName, b.write.tableName, c.write.tableName].sort());
    expect(summary.outcomes.map((o) => o.tableName)).toEqual([a.write.tableName, b.write.tableName, c.write.tableName]);
    expect(summary.outcomes.map((o) => o.status)).toEqual(["refreshed", "failed", "refreshed"]);
    expect(summary.outcomes[1].error).toMatch(/no longer in this workbook/);
    // The counts, then what each refreshed table's revision did.
    expect(summary.message).toMatch(
      new RegExp(`^2 of 3 tables refreshed, 1 failed\\. ${a.write.tableName}: .+\\. ${c.write.tableName}: .+\\.$`),
    );
    expect(after).toBe(1);
  });

  test("a formula over the table's columns still refers to the table after refresh", async () => {
    const { write } = await pullTable(f.deps, daily, { destination: { kind: "new-sheet" }, rolling: true });
    await f.host.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").formulas = [[`=SUM(${write.tableName}[revenue])`]];
      ctx.workbook.names.add("TotalRevenue", `=SUM(${write.tableName}[revenue])`);
      await ctx.sync();
    });
    f.sim.simulator.setToday(addDays(SIM_TODAY, 3));
    await refreshTable(f.deps, await f.record(write.tableName));
    const snap = f.host.snapshot();
    const t = snap.tables.find((x) => x.name === write.tableName)!;
    expect(t.headers).toContain("revenue");
    expect(t.address.split("!")[1].startsWith("A1:")).toBe(true);
    expect(snap.sheets.find((s) => s.name === "Sheet1")!.cells[0].formula).toBe(`=SUM(${write.tableName}[revenue])`);
    const rows = (await readTable(f.host.run, write.tableName)).values.length;
    expect(t.rowCount).toBe(rows);
    expect(rows).toBe((await f.freshPull({ ...daily, to: f.sim.simulator.today() })).length);
  });

  test("refresh on open: off by default, on when the workbook asks", async () => {
    await pullTable(f.deps, daily, { destination: { kind: "new-sheet" }, rolling: true });
    expect(await getRefreshOnOpen(f.host.run)).toBe(false);
    expect(await refreshOnOpen(f.deps)).toBeNull();
    await setRefreshOnOpen(f.host.run, true);
    const s = await refreshOnOpen(f.deps);
    expect(s?.outcomes).toHaveLength(1);
  });
});
