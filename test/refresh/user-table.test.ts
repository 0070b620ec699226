// The table stays the user's (issue 23): number formats the user set, carried onto the rows refresh adds. For a
// weekly SKU table and a daily store table, through the pane's refresh (tableOperations), with the service
// revising the window and adding periods, against the simulator and the host.
import type { Query } from "../../src/core/query/query";
import { readTable } from "../../src/excel";
import { pullTable } from "../../src/refresh";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { asQuery } from "../support/query";
import { SIM_TODAY } from "../support/simulator";
import { NEW_SHEET, WEEKLY, refreshFixture } from "./support/fixture";

const fx = refreshFixture();

const KINDS: [string, Query, string][] = [
  ["weekly SKU", WEEKLY, "2026-12-02"],
  [
    "daily store",
    asQuery({
      level: "store",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue,units",
      from: "2026-11-12",
      to: SIM_TODAY,
    }),
    "2026-11-25",
  ],
];

const pull = async (q: Query) => (await pullTable(fx.deps, q, { ...NEW_SHEET, rolling: true })).write.tableName;

const act = (batch: (ctx: Excel.RequestContext) => void) =>
  fx.host.run(async (ctx) => {
    batch(ctx);
    await ctx.sync();
  });

/** The pane's Refresh of one table: its line. */
const paneRefresh = (name: string) => tableOperations(fx.host.run, () => fx.deps).refresh(name);

/** Each body row's number formats. */
const formatsOf = (name: string) =>
  fx.host.run(async (ctx) => {
    const body = ctx.workbook.tables.getItem(name).getDataBodyRange().load("numberFormat");
    await ctx.sync();
    return body.numberFormat as string[][];
  });

/** Where the body and the Total Row are. */
const tableState = (name: string) =>
  fx.host.run(async (ctx) => {
    const table = ctx.workbook.tables.getItem(name);
    const body = table.getDataBodyRange().load("rowIndex,rowCount");
    const total = table.getTotalRowRange().load("rowIndex");
    const sheet = table.worksheet.load("name");
    await ctx.sync();
    return { sheet: sheet.name, bodyEnd: body.rowIndex + body.rowCount, totalAt: total.rowIndex };
  });

/**
 * The table's Total Row: on, directly under the body, its formulas. `setUp`: turned on first, with the user's
 * label and an average of revenue (the drop-down's SUBTOTAL 101) beside Excel's default total of the last column.
 */
async function totalRow(name: string, setUp = false): Promise<unknown[][]> {
  if (setUp)
    await act((ctx) => {
      const table = ctx.workbook.tables.getItem(name);
      table.showTotals = true;
      table.getTotalRowRange().getCell(0, 0).values = [["All rows"]];
      table.columns.getItem("revenue").getTotalRowRange().formulas = [["=SUBTOTAL(101,[revenue])"]];
    });
  return fx.host.run(async (ctx) => {
    const table = ctx.workbook.tables.getItem(name).load("showTotals");
    const body = table.getDataBodyRange().load("rowIndex,rowCount");
    const total = table.getTotalRowRange().load("rowIndex,formulas");
    await ctx.sync();
    expect(table.showTotals).toBe(true);
    expect(total.rowIndex).toBe(body.rowIndex + body.rowCount);
    return total.formulas;
  });
}

describe.each(KINDS)("%s table", (_, query, next) => {
  test("new rows take the user's format from the row above; columns left alone keep the add-in's", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const rev = headers.indexOf("revenue");
    // The first row formatted apart by hand: the column has no one format that Excel would extend by itself.
    await act((ctx) => {
      const column = ctx.workbook.tables.getItem(name).columns.getItem("revenue").getDataBodyRange();
      column.numberFormat = "£#,##0" as unknown as string[][];
      column.getCell(0, 0).numberFormat = [["0.0"]];
    });
    fx.sim.simulator.setToday(next);
    const line = await paneRefresh(name);
    expect(line.text).toMatch(/^rewrote .* [1-9]\d* added/);
    const after = await readTable(fx.host.run, name);
    expect(after.values.length).toBeGreaterThan(values.length);
    expect(after.values).toEqual(await fx.freshPull({ ...query, to: next }));
    const formats = await formatsOf(name);
    const last = formats[values.length - 1];
    expect(last[rev]).toBe("£#,##0");
    expect(last[headers.indexOf("units")]).toBe("#,##0");
    expect(formats.slice(values.length)).toEqual(formats.slice(values.length).map(() => last));
  });

  test("a Total Row stays on and last, with the user's label and functions; new rows go above it", async () => {
    const name = await pull(query);
    const before = await totalRow(name, true);
    fx.sim.simulator.setToday(next);
    const line = await paneRefresh(name);
    expect(line.text).toMatch(/^rewrote .* [1-9]\d* added/);
    expect(await totalRow(name)).toEqual(before);
    expect((await readTable(fx.host.run, name)).values).toEqual(await fx.freshPull({ ...query, to: next }));
  });

  test("a Total Row under a table that shrinks stays directly under the body; nothing is left below it", async () => {
    const name = await pull(query);
    const { values } = await readTable(fx.host.run, name);
    const before = await totalRow(name, true);
    // Two rows typed into the body by hand, of a SKU the service does not have: the refresh removes them.
    const extra = values.slice(-2).map((r) => r.map((v, k) => (k === 1 ? "by hand" : v)));
    await act((ctx) => void ctx.workbook.tables.getItem(name).rows.add(undefined, extra as (string | number)[][]));
    expect((await readTable(fx.host.run, name)).values).toHaveLength(values.length + 2);
    const line = await paneRefresh(name);
    expect(line.text).toMatch(/ 0 added, 2 removed/);
    expect(await totalRow(name)).toEqual(before);
    expect((await readTable(fx.host.run, name)).values).toEqual(await fx.freshPull(query));
    const t = await tableState(name);
    expect(
      fx.host
        .snapshot()
        .sheets.find((x) => x.name === t.sheet)!
        .cells.filter((c) => c.row > t.totalAt),
    ).toEqual([]);
  });
});
