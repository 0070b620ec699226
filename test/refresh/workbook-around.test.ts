// What people do to the workbook around a managed table, then refresh: rename the table or its sheet
// (the saved query follows by Table.id), delete the table (reported, Stop managing offered), protect the sheet
// (refused before anything is fetched; Refresh all goes on), build a pivot on it (refreshed with it), set
// calculation to manual (said). For a weekly SKU table and a daily store table, against the simulator and host.
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshAllTables, refreshTable } from "../../src/refresh";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { SIM_TODAY } from "../support/simulator";
import { NEW_SHEET, WEEKLY, refreshFixture } from "./support/fixture";

const fx = refreshFixture();

const QUERIES: [string, Query][] = [
  ["weekly SKU", WEEKLY],
  [
    "daily store",
    asQuery({
      level: "store",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue",
      from: "2026-11-12",
      to: SIM_TODAY,
    }),
  ],
];

const pull = async (q: Query) => (await pullTable(fx.deps, q, { ...NEW_SHEET, rolling: true })).write.tableName;

/** The next day at the service: recent days revised. */
const nextDay = () => fx.sim.simulator.setToday("2026-11-24");

const act = (batch: (ctx: Excel.RequestContext) => void) =>
  fx.host.run(async (ctx) => {
    batch(ctx);
    await ctx.sync();
  });

describe.each(QUERIES)("%s table", (_, query) => {
  test("renamed table and sheet: the refresh follows them, the record and the pane show the new names", async () => {
    const name = await pull(query);
    const sheet = (await fx.record(name)).sheet;
    await act((ctx) => {
      ctx.workbook.tables.getItem(name).name = "Finance_view";
      ctx.workbook.worksheets.getItem(sheet).name = "Finance";
    });
    nextDay();
    const o = await refreshTable(fx.deps, await fx.record(name));
    expect([o.status, o.tableName, o.sheet]).toEqual(["refreshed", "Finance_view", "Finance"]);
    expect((await fx.record("Finance_view")).sheet).toBe("Finance");
    expect((await readTable(fx.host.run, "Finance_view")).values).toEqual(await fx.freshPull(query));
    const rows = await tableOperations(fx.host.run, () => fx.deps).listManaged();
    expect(rows.map((r) => [r.tableName, r.sheet, r.problem])).toEqual([["Finance_view", "Finance", undefined]]);
  });

  test("a renamed table found by the pane before any refresh (the record follows at once)", async () => {
    const name = await pull(query);
    await act((ctx) => void (ctx.workbook.tables.getItem(name).name = "Renamed"));
    const rows = await tableOperations(fx.host.run, () => fx.deps).listManaged();
    expect(rows.map((r) => r.tableName)).toEqual(["Renamed"]);
    expect((await fx.record("Renamed")).tableName).toBe("Renamed");
  });

  test("a deleted table is reported with what to do, and listed with Stop managing", async () => {
    const name = await pull(query);
    const record = await fx.record(name);
    await act((ctx) => ctx.workbook.tables.getItem(name).delete());
    await fx.sim.reset();
    const o = await refreshTable(fx.deps, record);
    expect(o.status).toBe("failed");
    expect(o.error).toContain(`The table "${name}" is no longer in this workbook`);
    expect(fx.sim.count("/api/data")).toBe(0);
    const rows = await tableOperations(fx.host.run, () => fx.deps).listManaged();
    expect(rows).toEqual([expect.objectContaining({ tableName: name, problem: o.error })]);
  });

  test("a protected sheet is refused before anything is fetched; Refresh all goes on with the others", async () => {
    const name = await pull(query);
    const other = await pull(asQuery({ ...query, metrics: "units" }));
    const sheet = (await fx.record(name)).sheet;
    const before = (await readTable(fx.host.run, name)).values;
    await act((ctx) => ctx.workbook.worksheets.getItem(sheet).protection.protect());
    await fx.sim.reset();
    nextDay();
    const summary = await refreshAllTables(fx.deps);
    const byName = new Map(summary.outcomes.map((o) => [o.tableName, o]));
    expect(byName.get(name)?.status).toBe("failed");
    expect(byName.get(name)?.error).toBe(
      `The sheet "${sheet}" is protected, so "${name}" cannot be refreshed. Unprotect it (Review > Unprotect Sheet), refresh, then protect it again. Nothing was fetched or written.`,
    );
    expect(byName.get(other)?.status).toBe("refreshed");
    expect(byName.get(name)?.window).toBeUndefined(); // nothing was asked of the service for it
    expect((await readTable(fx.host.run, name)).values).toEqual(before);
  });

  test("a pivot on the table is refreshed with it, and manual calculation is said", async () => {
    const name = await pull(query);
    await act((ctx) => {
      ctx.workbook.worksheets.add("Report");
      const pivot = ctx.workbook.worksheets
        .getItem("Report")
        .pivotTables.add("ByPeriod", ctx.workbook.tables.getItem(name), "Report!A1");
      pivot.dataHierarchies.add(pivot.hierarchies.getItem("revenue"));
      ctx.workbook.application.calculationMode = "Manual" as Excel.CalculationMode;
    });
    const total = () =>
      fx.host.run(async (ctx) => {
        const r = ctx.workbook.pivotTables.getItem("ByPeriod").layout.getDataBodyRange().load("values");
        await ctx.sync();
        return r.values.flat().reduce((a: number, v) => a + (typeof v === "number" ? v : 0), 0);
      });
    const sum = async () => {
      const t = await readTable(fx.host.run, name);
      const c = t.headers.indexOf("revenue");
      return t.values.reduce((a, r) => a + (r[c] as number), 0);
    };
    nextDay();
    const o = await refreshTable(fx.deps, await fx.record(name));
    expect(o.status).toBe("refreshed");
    expect(o.pivotsRefreshed).toBe(1);
    expect(o.warnings).toContain(
      "Calculation in this workbook is manual: formulas built on the tables update when you recalculate (F9).",
    );
    expect(await total()).toBeCloseTo(await sum(), 6);
    const all = await refreshAllTables(fx.deps);
    expect(all.message).toMatch(/1 pivot table refreshed\..*Calculation in this workbook is manual/);
  });
});

test("a pivot on a protected sheet: a warning that says what Excel refused, not that the refresh failed", async () => {
  const name = await pull(QUERIES[0][1]);
  await act((ctx) => {
    const report = ctx.workbook.worksheets.add("Report");
    const pivot = report.pivotTables.add("P", ctx.workbook.tables.getItem(name), "A1");
    pivot.dataHierarchies.add(pivot.hierarchies.getItem("revenue"));
    report.protection.protect();
  });
  nextDay();
  const o = await refreshTable(fx.deps, await fx.record(name));
  expect(o.status).toBe("refreshed");
  const warning = o.warnings.find((w) => w.includes("pivot"));
  expect(warning).toMatch(/^The pivot tables built on this table were not refreshed \(Excel reported \w+/);
  expect(warning).not.toMatch(/could not finish the refresh|old or its new recent rows/);
});

describe("Refresh all of three tables, two of them with a pivot", () => {
  const query = QUERIES[0][1];
  /** Three tables; a pivot on the first two. */
  async function three(): Promise<string[]> {
    const names = [
      await pull(query),
      await pull(asQuery({ ...query, metrics: "units" })),
      await pull(asQuery({ ...query, metrics: "revenue" })),
    ];
    await act((ctx) => {
      const report = ctx.workbook.worksheets.add("Report");
      names.slice(0, 2).forEach((name, i) => {
        const pivot = report.pivotTables.add(`P${i}`, ctx.workbook.tables.getItem(name), i === 0 ? "A1" : "H1");
        pivot.dataHierarchies.add(pivot.hierarchies.getItem(i === 0 ? "revenue" : "units"));
      });
    });
    nextDay();
    return names;
  }
  const pivotLines = (lines: { tableName: string; text: string }[]) =>
    lines
      .filter((l) => l.text.includes("pivot"))
      .map((l) => [l.tableName, /\d+ pivot tables? refreshed[^;]*/.exec(l.text)?.[0]]);

  test("below ExcelApi 1.15: every pivot refreshed once after the tables, the count said once", async () => {
    const names = await three();
    const summary = await refreshAllTables(fx.deps);
    expect(summary.outcomes.map((o) => o.status)).toEqual(["refreshed", "refreshed", "refreshed"]);
    expect(summary.outcomes.map((o) => o.pivotsRefreshed)).toEqual([0, 0, 2]);
    expect(summary.message).toMatch(/^3 of 3 tables refreshed, 2 pivot tables refreshed\./);
    fx.sim.simulator.setToday("2026-11-25");
    const lines = await tableOperations(fx.host.run, () => fx.deps).refreshAll();
    expect(pivotLines(lines)).toEqual([
      [
        names[2],
        "2 pivot tables refreshed (every pivot table in the workbook: this Excel does not tell which table each reads)",
      ],
    ]);
  });

  test("ExcelApi 1.15: each table's line counts the pivots on it; the summary counts each pivot once", async () => {
    const names = await three();
    const office = { context: { requirements: { isSetSupported: () => true } } };
    (globalThis as { Office?: unknown }).Office = office;
    try {
      const summary = await refreshAllTables(fx.deps);
      expect(summary.outcomes.map((o) => o.pivotsRefreshed)).toEqual([1, 1, 0]);
      expect(summary.message).toMatch(/^3 of 3 tables refreshed, 2 pivot tables refreshed\./);
      fx.sim.simulator.setToday("2026-11-25");
      const lines = await tableOperations(fx.host.run, () => fx.deps).refreshAll();
      expect(pivotLines(lines)).toEqual([
        [names[0], "1 pivot table refreshed"],
        [names[1], "1 pivot table refreshed"],
      ]);
    } finally {
      delete (globalThis as { Office?: unknown }).Office;
    }
  });
});
