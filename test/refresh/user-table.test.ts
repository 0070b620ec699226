// The table stays the user's: number formats, validation and conditional formats the user set,
// carried onto the rows refresh adds; hidden columns, widths and frozen panes kept; a sorted and filtered table. For a
// weekly SKU table and a daily store table, through the pane's refresh (tableOperations), with the service
// revising the window and adding periods, against the simulator and the host.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import type { Query } from "../../src/core/query/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshTable } from "../../src/refresh";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY } from "../support/simulator";
import { createClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { dayOf, startAnswerProxy, type AnswerProxy } from "./support/answerProxy";
import { NEW_SHEET, WEEKLY, recordOf, refreshFixture } from "./support/fixture";
import { dayOfSerial } from "../support/excelDays";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const headersOf = (t: { headers: string[] }) => ({ sku: t.headers.indexOf("sku") });

const fx = refreshFixture();

// The service through a proxy that can take rows out of its answers (a refresh held by the losses rule).
let proxy: AnswerProxy;
beforeAll(async () => (proxy = await startAnswerProxy(fx.sim.url)));
afterAll(() => proxy.close());
beforeEach(() => {
  proxy.change = null;
  fx.deps.client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => fx.sim.simulator.today() });
});

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

/** The sort Excel remembers for the table. */
const sortOf = (name: string) =>
  fx.host.run(async (ctx) => {
    const sort = ctx.workbook.tables.getItem(name).sort.load("fields,matchCase,method");
    await ctx.sync();
    return { fields: sort.fields, matchCase: sort.matchCase, method: sort.method };
  });

/** The table's filter criteria, by column. */
const criteriaOf = (name: string) =>
  fx.host.run(async (ctx) => {
    const filter = ctx.workbook.tables.getItem(name).autoFilter.load("criteria");
    await ctx.sync();
    return filter.criteria;
  });

/** The body rows (indexes) hidden now. */
const hiddenRowsOf = (name: string) =>
  fx.host.run(async (ctx) => {
    const body = ctx.workbook.tables.getItem(name).getDataBodyRange().load("rowCount");
    await ctx.sync();
    const rows = Array.from({ length: body.rowCount }, (_, i) => body.getRow(i).load("rowHidden"));
    await ctx.sync();
    return rows.flatMap((r, i) => (r.rowHidden ? [i] : []));
  });

/** A fresh pull of `query` in a workbook of its own, sorted by `fields`: its rows. */
async function freshSorted(query: Query, fields: Excel.SortField[]): Promise<unknown[][]> {
  const h = createWorkbookHost();
  const { write } = await pullTable({ ...fx.deps, run: h.run }, query, NEW_SHEET);
  await h.run(async (ctx) => {
    ctx.workbook.tables.getItem(write.tableName).sort.apply(fields);
    await ctx.sync();
  });
  return (await readTable(h.run, write.tableName)).values;
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
    // The service stops sending one SKU on the last day (week) of the window: the refresh removes its rows.
    const sku = headersOf(await readTable(fx.host.run, name)).sku;
    const gone = String(values[values.length - 1][sku]);
    const lastDay = dayOfSerial(values[values.length - 1][0] as number);
    proxy.change = (rows) => rows.filter((r) => !(dayOf(r) === lastDay && String(r.sku) === gone));
    const line = await paneRefresh(name);
    expect(line.text).toMatch(/ 0 added, [1-9]\d* removed/);
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

  test("hidden columns, widths, frozen panes, validation and conditional formats stay; new rows get the validation and formats", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const revenue = headers.indexOf("revenue");
    const rule = { decimal: { formula1: 0, operator: "GreaterThanOrEqualTo" } } as Excel.DataValidationRule;
    await act((ctx) => {
      const table = ctx.workbook.tables.getItem(name);
      // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read -- a navigation property, not a read
      const sheet = table.worksheet;
      table.columns.getItem("units").getRange().columnHidden = true;
      table.columns.getItem("sku").getRange().format.columnWidth = 90;
      sheet.freezePanes.freezeRows(1);
      sheet.freezePanes.freezeColumns(2);
      const column = table.columns.getItem("revenue").getDataBodyRange();
      column.dataValidation.rule = rule;
      const cf = column.conditionalFormats.add("CellValue");
      cf.cellValue.rule = { formula1: "=1000", operator: "GreaterThan" };
      cf.cellValue.format.fill.color = "#FFC7CE";
    });
    const sheetOf = () => fx.host.snapshot().sheets.find((x) => x.name === fx.host.snapshot().tables[0].sheet)!;
    const before = sheetOf();
    fx.sim.simulator.setToday(next);
    const line = await paneRefresh(name);
    expect(line.text).toMatch(/^rewrote .* [1-9]\d* added/);
    const after = await readTable(fx.host.run, name);
    expect(after.values).toEqual(await fx.freshPull({ ...query, to: next }));
    expect(after.values.length).toBeGreaterThan(values.length);
    const s = sheetOf();
    expect([s.hiddenColumns, s.columnWidths?.B, s.frozenRows, s.frozenColumns]).toEqual([
      before.hiddenColumns,
      90,
      1,
      2,
    ]);
    // Every body row of revenue, the new ones included, has the validation and the conditional format.
    const col = String.fromCharCode(65 + revenue);
    const body = `${col}2:${col}${after.values.length + 1}`;
    expect(s.validations).toEqual([
      { address: body, type: "Decimal", rule: { decimal: { formula1: "=0", operator: "GreaterThanOrEqualTo" } } },
    ]);
    expect(s.conditionalFormats!.map((f) => f.ranges)).toEqual([body]);
  });

  test('a user column formatted "text contains Query" and one format of every other type: all kept, on every new row', async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const sheet = fx.host.snapshot().tables.find((t) => t.name === name)!.sheet;
    const letter = (i: number) => String.fromCharCode(65 + i);
    // The user's notes column, typed beside the table (it joins it), with a note on the first row.
    fx.host.typeCell(`${sheet}!${letter(headers.length)}1`, "note");
    fx.host.typeCell(`${sheet}!${letter(headers.length)}2`, "Query: promo week");
    const columnOf: Record<string, string> = {};
    await act((ctx) => {
      const column = (header: string) => ctx.workbook.tables.getItem(name).columns.getItem(header).getDataBodyRange();
      const add = (header: string, type: Excel.ConditionalFormatType) => {
        columnOf[type] = header;
        return column(header).conditionalFormats.add(type);
      };
      const text = add("note", "ContainsText" as Excel.ConditionalFormatType).textComparison;
      text.rule = { operator: "Contains", text: "Query" };
      text.format.fill.color = "#FF0000";
      const custom = add("note", "Custom" as Excel.ConditionalFormatType).custom;
      custom.rule.formula = `=LEN($${letter(headers.length)}2)>40`;
      custom.format.font.italic = true;
      const high = add("revenue", "CellValue" as Excel.ConditionalFormatType).cellValue;
      high.rule = { formula1: "=1000", operator: "GreaterThan" };
      high.format.font.bold = true;
      add("revenue", "DataBar" as Excel.ConditionalFormatType).dataBar.barDirection = "LeftToRight";
      add("revenue", "ColorScale" as Excel.ConditionalFormatType);
      add("units", "IconSet" as Excel.ConditionalFormatType).iconSet.style = "FiveArrows";
      const top = add("units", "TopBottom" as Excel.ConditionalFormatType).topBottom;
      top.rule = { rank: 10, type: "TopItems" };
      top.format.fill.color = "#C6EFCE";
      add("sku", "PresetCriteria" as Excel.ConditionalFormatType).preset.rule = { criterion: "DuplicateValues" };
    });
    const formats = () => fx.host.snapshot().sheets.find((x) => x.name === sheet)!.conditionalFormats!;
    const before = formats();
    expect(before.map((f) => f.type).sort()).toEqual(Object.keys(columnOf).sort());
    fx.sim.simulator.setToday(next);
    const line = await paneRefresh(name);
    expect(line.text).toMatch(/^rewrote .* [1-9]\d* added/);
    const after = await readTable(fx.host.run, name);
    expect(after.values.length).toBeGreaterThan(values.length);
    // Each format as the user made it (type, rule, format, priority), over its column's whole body, new rows too.
    const body = (header: string) => {
      const c = letter(after.headers.indexOf(header));
      return `${c}2:${c}${after.values.length + 1}`;
    };
    expect(formats()).toEqual(before.map((f) => ({ ...f, ranges: body(columnOf[f.type]) })));
    expect(after.values[0][after.headers.indexOf("note")]).toBe("Query: promo week");
  });

  test("units deleted: the other columns refreshed, units named; Stop asking for units makes the query match", async () => {
    const name = await pull(query);
    await act((ctx) => ctx.workbook.tables.getItem(name).columns.getItem("units").delete());
    fx.sim.simulator.setToday(next);
    const line = await paneRefresh(name);
    expect(line.text).toMatch(
      /^rewrote .* [1-9]\d* added.*; units is no longer in the table; the other columns were refreshed\.$/,
    );
    expect(line.stopAsking).toEqual(["units"]);
    const revenueOnly = asQuery({ ...query, metrics: "revenue" });
    expect(await readTable(fx.host.run, name)).toMatchObject(await fx.freshTable({ ...revenueOnly, to: next }));
    // The offer: the saved query asks for revenue only; the next refresh says nothing more about units.
    const ops = tableOperations(fx.host.run, () => fx.deps);
    expect(await ops.stopAsking(name, ["units"])).toEqual({
      tableName: name,
      ok: true,
      text: "stopped asking for Units; its saved query now asks for Revenue.",
    });
    const record = await fx.record(name);
    expect([record.query.metrics, record.columns!.map((c) => c.field)]).toEqual([
      ["revenue"],
      (await readTable(fx.host.run, name)).headers,
    ]);
    fx.sim.simulator.setToday(addDays(next, 1));
    const again = await paneRefresh(name);
    expect(again.stopAsking).toBeUndefined();
    expect(again.text).not.toMatch(/units/);
    expect((await readTable(fx.host.run, name)).values).toEqual(
      await fx.freshPull({ ...revenueOnly, to: addDays(next, 1) }),
    );
  });

  test("the SKU column deleted: refused by name before anything is fetched, nothing written", async () => {
    const name = await pull(query);
    await act((ctx) => ctx.workbook.tables.getItem(name).columns.getItem("sku").delete());
    fx.sim.simulator.setToday(next);
    await fx.sim.reset();
    const before = fx.host.snapshot();
    const line = await paneRefresh(name);
    expect(line.text).toBe(
      `The column "sku" was deleted from "${name}". Refresh finds the rows it replaces by their date, retailer, SKU ` +
        "and store, and fills in what describes them, so it cannot refresh the table without it. Nothing was " +
        "written. Undo the deletion if you can; otherwise get the data again as a new table.",
    );
    expect(line.stopAsking).toBeUndefined();
    expect(fx.sim.count("/api/data")).toBe(0);
    expect(fx.host.snapshot()).toEqual(before);
  });

  test("a table sorted by revenue, largest first: refreshed in date order, then sorted again as the user left it", async () => {
    const name = await pull(query);
    const { headers } = await readTable(fx.host.run, name);
    const fields = [{ key: headers.indexOf("revenue"), ascending: false }];
    await act((ctx) => ctx.workbook.tables.getItem(name).sort.apply(fields));
    const remembered = await sortOf(name);
    fx.sim.simulator.setToday(next);
    const line = await paneRefresh(name);
    expect(line.text).toMatch(/^rewrote .* [1-9]\d* added/);
    expect(await sortOf(name)).toEqual(remembered);
    expect((await readTable(fx.host.run, name)).values).toEqual(await freshSorted({ ...query, to: next }, fields));
  });

  test("sorted, then filtered: refreshed with every row shown, sorted again, filtered again: as the user left it", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const sku = headers.indexOf("sku");
    const shown = [...new Set(values.map((r) => String(r[sku])))].slice(0, 2);
    const fields = [{ key: headers.indexOf("revenue"), ascending: false }];
    await act((ctx) => {
      const table = ctx.workbook.tables.getItem(name);
      table.sort.apply(fields);
      table.columns.getItem("sku").filter.applyValuesFilter(shown);
    });
    const remembered = await sortOf(name);
    const criteria = await criteriaOf(name);
    fx.sim.simulator.setToday(next);
    const line = await paneRefresh(name);
    expect(line.text).toMatch(/^rewrote .* [1-9]\d* added/);
    expect(await sortOf(name)).toEqual(remembered);
    expect(await criteriaOf(name)).toEqual(criteria);
    const after = await readTable(fx.host.run, name);
    expect(after.values).toEqual(await freshSorted({ ...query, to: next }, fields));
    // Shown: exactly the rows of the SKUs the filter picks.
    const hidden = await hiddenRowsOf(name);
    expect(after.values.map((r, i) => hidden.includes(i))).toEqual(
      after.values.map((r) => !shown.includes(String(r[sku]))),
    );
  });

  test("a sorted table whose refresh is held: sorted back as the user left it, cell by cell", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const lastDay = dayOfSerial(values[values.length - 1][0] as number);
    await act((ctx) =>
      ctx.workbook.tables.getItem(name).sort.apply([{ key: headers.indexOf("revenue"), ascending: false }]),
    );
    fx.sim.simulator.setToday(next);
    proxy.change = (rows) => rows.filter((r) => dayOf(r) !== lastDay); // the service sends nothing for that period
    const before = fx.host.snapshot();
    const line = await paneRefresh(name);
    expect(line.refreshAnyway).toBeDefined();
    expect(line.text).toMatch(/The table was left as it was/);
    expect(fx.host.snapshot()).toEqual(before);
  });
});

test("a sorted table, every sync of its refresh failed in turn: its rows the old or the new, then repaired", async () => {
  const [, query, next] = KINDS[0];
  const fields = [{ key: 3, ascending: false }];
  /** A weekly table sorted by revenue, largest first; the clock at `next`. */
  const sortedTable = async (host: WorkbookHost) => {
    const deps = { ...fx.deps, run: host.run };
    fx.sim.simulator.setToday(SIM_TODAY);
    const { write } = await pullTable(deps, query, { ...NEW_SHEET, rolling: true });
    await host.run(async (ctx) => {
      ctx.workbook.tables.getItem(write.tableName).sort.apply(fields);
      await ctx.sync();
    });
    fx.sim.simulator.setToday(next);
    return { deps, name: write.tableName, record: await recordOf(host.run, write.tableName) };
  };
  const rowSet = (rows: unknown[][]) =>
    JSON.stringify(
      rows
        .filter((r) => r.some((v) => v !== ""))
        .map((r) => JSON.stringify(r))
        .sort(),
    );
  const ref = createWorkbookHost();
  const r = await sortedTable(ref);
  expect((await readTable(ref.run, r.name)).headers[3]).toBe("revenue");
  const old = rowSet((await readTable(ref.run, r.name)).values);
  ref.stats.reset();
  expect((await refreshTable(r.deps, r.record)).status).toBe("refreshed");
  const syncs = ref.stats.syncLog.length;
  const fresh = rowSet((await readTable(ref.run, r.name)).values);
  for (let k = 1; k <= syncs; k++) {
    const host = createWorkbookHost();
    const t = await sortedTable(host);
    host.failSync(k, { code: "GeneralException", afterActions: 1 });
    await refreshTable(t.deps, t.record);
    expect([old, fresh]).toContain(rowSet((await readTable(host.run, t.name)).values));
    // Left in the user's sort or in date order (a failure between the two sorts): the next refresh keeps that one.
    const left = await host.run(async (ctx) => {
      const sort = ctx.workbook.tables.getItem(t.name).sort.load("fields");
      await ctx.sync();
      return sort.fields.map((f) => ({ key: f.key, ascending: f.ascending }));
    });
    const again = await refreshTable(t.deps, await recordOf(host.run, t.name));
    expect(again.error).toBeUndefined();
    const want = same(left, fields) ? fields : left;
    expect((await readTable(host.run, t.name)).values).toEqual(await freshSorted({ ...query, to: next }, want));
  }
}, 120_000);
