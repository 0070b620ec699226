// Table AutoFilter and hidden rows: a filter hides the rows that do not match, writes still reach them, and
// nothing is re-evaluated until reapply.
import { createWorkbookHost } from "../../dev/workbook-host";

type Ctx = Excel.RequestContext;

async function salesTable() {
  const host = createWorkbookHost({ sheets: ["Data"] });
  await host.run(async (ctx) => {
    const t = ctx.workbook.worksheets.getItem("Data").tables.add("A1:C1", true);
    t.name = "Sales";
    t.getHeaderRowRange().values = [["store", "revenue", "day"]];
    t.rows.add(undefined, [
      ["Leeds", 50, 1],
      ["York", 150, 2],
      ["Hull", 250, 3],
      ["leeds", 120, 4],
    ]);
    await ctx.sync();
  });
  return host;
}

/** rowHidden of each data row (sheet rows 2..5), read through the API. */
async function hidden(host: ReturnType<typeof createWorkbookHost>): Promise<(boolean | null)[]> {
  return host.run(async (ctx: Ctx) => {
    const s = ctx.workbook.worksheets.getItem("Data");
    const rows = [2, 3, 4, 5].map((r) => s.getRange(`A${r}`).load("rowHidden"));
    await ctx.sync();
    return rows.map((r) => r.rowHidden);
  });
}

async function act(host: ReturnType<typeof createWorkbookHost>, f: (ctx: Ctx, t: Excel.Table) => void) {
  await host.run(async (ctx) => {
    f(ctx, ctx.workbook.tables.getItem("Sales"));
    await ctx.sync();
  });
}

describe("table.autoFilter", () => {
  test("a custom >100 criterion hides the rows whose numbers do not match; criteria and isDataFiltered read back", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.autoFilter.apply(t.getRange(), 1, { filterOn: "Custom", criterion1: ">100" }));
    expect(await hidden(host)).toEqual([true, false, false, false]);
    expect(host.snapshot().sheets[0].hiddenRows).toEqual([1]);
    expect(host.snapshot().tables[0].filtered).toBe(true);
    await host.run(async (ctx) => {
      const f = ctx.workbook.tables.getItem("Sales").autoFilter.load("enabled, isDataFiltered, criteria");
      const body = ctx.workbook.tables.getItem("Sales").getDataBodyRange().load("rowHidden");
      await ctx.sync();
      expect([f.enabled, f.isDataFiltered, body.rowHidden]).toEqual([true, true, null]);
      expect(f.criteria[1]).toEqual({ filterOn: "Custom", criterion1: ">100" });
      expect(f.criteria[0]).toEqual({ filterOn: "Custom" });
    });
  });

  test('a values list (filterOn "Values") matches text case-insensitively; two columns combine', async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.autoFilter.apply(t.getRange(), 0, { filterOn: "Values", values: ["LEEDS", "Hull"] }));
    expect(await hidden(host)).toEqual([false, true, false, false]);
    await act(host, (_, t) =>
      t.autoFilter.apply(t.getRange(), 1, {
        filterOn: "Custom",
        criterion1: "<100",
        criterion2: ">200",
        operator: "Or",
      }),
    );
    expect(await hidden(host)).toEqual([false, true, false, true]);
  });

  test("writing values reaches hidden rows; the filter is stale until reapply", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.autoFilter.apply(t.getRange(), 1, { filterOn: "Custom", criterion1: ">100" }));
    await act(host, (ctx) => {
      ctx.workbook.worksheets.getItem("Data").getRange("B2:B5").values = [[500], [5], [250], [120]];
    });
    expect(host.sheetValues("Data").map((r) => r[1])).toEqual(["revenue", 500, 5, 250, 120]);
    expect(await hidden(host)).toEqual([true, false, false, false]); // as before the write
    await act(host, (_, t) => t.autoFilter.reapply());
    expect(await hidden(host)).toEqual([false, true, false, false]);
  });

  test("rows added to a filtered table are visible until reapply; clearCriteria shows everything", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.autoFilter.apply(t.getRange(), 1, { filterOn: "Custom", criterion1: ">100" }));
    await act(host, (_, t) => t.rows.add(undefined, [["Ely", 1, 5]]));
    const row6 = async () =>
      host.run(async (ctx) => {
        const r = ctx.workbook.worksheets.getItem("Data").getRange("A6").load("rowHidden");
        await ctx.sync();
        return r.rowHidden;
      });
    expect(await row6()).toBe(false);
    await act(host, (_, t) => t.reapplyFilters());
    expect(await row6()).toBe(true);
    await act(host, (_, t) => t.autoFilter.clearCriteria());
    expect([...(await hidden(host)), await row6()]).toEqual([false, false, false, false, false]);
  });

  test("TableColumn.filter and clearFilters; a row hidden by hand stays hidden when the filter is cleared", async () => {
    const host = await salesTable();
    await act(host, (ctx, t) => {
      t.columns.getItem("store").filter.applyCustomFilter("=l*");
      ctx.workbook.worksheets.getItem("Data").getRange("A5").rowHidden = true;
    });
    expect(await hidden(host)).toEqual([false, true, true, true]);
    await act(host, (_, t) => t.clearFilters());
    expect(await hidden(host)).toEqual([false, false, false, true]);
    await act(host, (ctx) => (ctx.workbook.worksheets.getItem("Data").getRange("5:5").rowHidden = false));
    expect(await hidden(host)).toEqual([false, false, false, false]);
  });

  test("inserting whole rows moves hidden rows with them; inserting table rows does not", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.autoFilter.apply(t.getRange(), 1, { filterOn: "Custom", criterion1: ">100" }));
    await act(host, (_, t) => t.rows.add(0, [["First", 999, 0]]));
    expect(await hidden(host)).toEqual([true, false, false, false]); // row 2 now holds First, still hidden
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Data").getRange("1:1").insert("Down"));
    expect(await hidden(host)).toEqual([false, true, false, false]);
  });

  test("criteria the host does not model, a column out of range or another range fail at sync", async () => {
    const host = await salesTable();
    const attempt = (f: (t: Excel.Table) => void) =>
      host.run(async (ctx) => {
        f(ctx.workbook.tables.getItem("Sales"));
        await ctx.sync();
      });
    await expect(
      attempt((t) => t.autoFilter.apply(t.getRange(), 1, { filterOn: "TopItems", criterion1: "2" })),
    ).rejects.toMatchObject({
      code: "NotImplemented",
    });
    await expect(
      attempt((t) => t.autoFilter.apply(t.getRange(), 7, { filterOn: "Custom", criterion1: ">1" })),
    ).rejects.toMatchObject({
      code: "InvalidArgument",
    });
    await expect(
      attempt((t) => t.autoFilter.apply("A1:B2", 0, { filterOn: "Custom", criterion1: ">1" })),
    ).rejects.toMatchObject({
      code: "InvalidArgument",
    });
    await expect(attempt((t) => t.autoFilter.apply(t.getRange(), 0, { filterOn: "Custom" }))).rejects.toMatchObject({
      code: "InvalidArgument",
    });
    expect(await hidden(host)).toEqual([false, false, false, false]);
  });

  test("remove turns the AutoFilter off; a protected sheet refuses filtering unless allowAutoFilter", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.autoFilter.apply(t.getRange(), 1, { filterOn: "Custom", criterion1: ">100" }));
    await act(host, (_, t) => t.autoFilter.remove());
    await host.run(async (ctx) => {
      const t = ctx.workbook.tables.getItem("Sales").load("showFilterButton");
      const f = t.autoFilter.load("enabled, isDataFiltered");
      const range = t.autoFilter.getRangeOrNullObject();
      await ctx.sync();
      // eslint-disable-next-line office-addins/call-sync-before-read -- isNullObject comes back with the sync above
      expect([t.showFilterButton, f.enabled, f.isDataFiltered, range.isNullObject]).toEqual([
        false,
        false,
        false,
        true,
      ]);
    });
    expect(await hidden(host)).toEqual([false, false, false, false]);
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Data").protection.protect());
    const filterRevenue = (_: Ctx, t: Excel.Table) =>
      t.autoFilter.apply(t.getRange(), 1, { filterOn: "Custom", criterion1: ">100" });
    await expect(act(host, filterRevenue)).rejects.toMatchObject({ code: "AccessDenied" });
    await act(host, (ctx) => {
      const p = ctx.workbook.worksheets.getItem("Data").protection;
      p.unprotect();
      p.protect({ allowAutoFilter: true });
    });
    await act(host, filterRevenue);
    expect(await hidden(host)).toEqual([true, false, false, false]);
  });
});
