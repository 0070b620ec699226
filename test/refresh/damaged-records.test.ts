// A hand-edited saved query among good ones: Refresh all refreshes the good tables and reports the damaged one
// by name with what is wrong; the pane lists it with that message, refuses to refresh it, and Stop managing
// forgets only it. The workbook's setting keeps the damaged record until then.
import { pullTable, refreshAllTables } from "../../src/refresh";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { DAILY, NEW_SHEET, refreshFixture } from "./support/fixture";

/** The workbook setting the saved queries live under, as saved workbooks hold it. */
const QUERY_SETTING = "SalesData.tables";

const fx = refreshFixture();

/** A workbook with one good table and, beside its record, a damaged one naming "Sales_broken". */
async function workbookWithDamagedRecord(): Promise<string> {
  const { write } = await pullTable(fx.deps, DAILY, NEW_SHEET);
  await fx.host.run(async (context) => {
    const setting = context.workbook.settings.getItem(QUERY_SETTING);
    setting.load("value");
    await context.sync();
    const stored = JSON.parse(setting.value as string) as { tables: unknown[] };
    const good = stored.tables[0] as Record<string, unknown>;
    stored.tables.push({
      ...good,
      tableName: "Sales_broken",
      query: { ...(good.query as object), timeframe: "hourly" },
    });
    context.workbook.settings.add(QUERY_SETTING, JSON.stringify(stored));
    await context.sync();
  });
  return write.tableName;
}

const storedNames = () =>
  fx.host.run(async (context) => {
    const setting = context.workbook.settings.getItem(QUERY_SETTING);
    setting.load("value");
    await context.sync();
    return (JSON.parse(setting.value as string) as { tables: { tableName: string }[] }).tables.map((t) => t.tableName);
  });

test("Refresh all refreshes the good table and fails the damaged one with its words", async () => {
  const good = await workbookWithDamagedRecord();
  fx.sim.simulator.setToday("2026-11-25");
  const summary = await refreshAllTables(fx.deps);
  expect(summary.outcomes.map((o) => [o.tableName, o.status])).toEqual([
    ["Sales_broken", "failed"],
    [good, "refreshed"],
  ]);
  expect(summary.outcomes[0].error).toMatch(/^The saved query of "Sales_broken" is damaged: .*timeframe/);
  expect(summary.message).toMatch(/^1 of 2 tables refreshed, 1 failed\./);
  expect((await storedNames()).sort()).toEqual([good, "Sales_broken"].sort()); // kept, not dropped
});

test("the pane lists it with its message, refuses to refresh or edit it, and Stop managing forgets only it", async () => {
  const good = await workbookWithDamagedRecord();
  const ops = tableOperations(fx.host.run, () => fx.deps);
  const rows = await ops.listManaged();
  expect(rows.map((r) => [r.tableName, r.problem !== undefined])).toEqual([
    [good, false],
    ["Sales_broken", true],
  ]);
  expect(rows[1].problem).toMatch(/^The saved query of "Sales_broken" is damaged/);
  const refused = await ops.refresh("Sales_broken");
  expect(refused).toEqual({ tableName: "Sales_broken", ok: false, text: rows[1].problem });
  await expect(ops.queryOf("Sales_broken")).rejects.toThrow(rows[1].problem!);
  await ops.stopManaging("Sales_broken");
  expect(await storedNames()).toEqual([good]);
});
