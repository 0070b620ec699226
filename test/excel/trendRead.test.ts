// What a trend reads of a managed table (src/excel/tables/trendRead.ts): the period and metric cells of its last
// rows, in one sync and no more cells than the bound, found by TableColumn.id whatever the user did to the
// table (headers renamed, columns moved, rows filtered, calculated columns added), or by header for an older
// record; an empty table, a short one, a missing table or column, a table at the grid's bottom.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import type { Column } from "../../src/core/answer/tabulate";
import { trendCells, writeTable, type Destination, type TrendColumns } from "../../src/excel/tables";
import { WorkbookError } from "../../src/excel/errors";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

/** The most rows a card reads: the table's last 20,000 (README, "The trend on each card"). */
const TREND_ROWS = 20_000;

const COLUMNS: Column[] = [
  { name: "period", kind: "date" },
  { name: "sku", kind: "code" },
  { name: "revenue", kind: "decimal" },
  { name: "units", kind: "integer" },
];
const DAY = 46000;

/** `n` rows: period DAY + floor(i / 3), revenue i + 0.5, units i. */
const rows = (n: number) => Array.from({ length: n }, (_, i) => [DAY + Math.floor(i / 3), `S${i % 3}`, i + 0.5, i]);

interface Written {
  host: WorkbookHost;
  name: string;
  id: string;
  sheet: string;
  /** The period and revenue columns by TableColumn.id. */
  byId: TrendColumns;
}

async function written(n: number, destination: Destination = { kind: "new-sheet" }): Promise<Written> {
  const host = createWorkbookHost();
  const w = await writeTable(host.run, { columns: COLUMNS, values: rows(n) }, { name: "Trend", destination });
  host.stats.reset();
  return {
    host,
    name: w.tableName,
    id: w.tableId,
    sheet: w.sheet,
    byId: { period: w.columnIds![0], metric: w.columnIds![2] },
  };
}

/** One read, with the syncs and cells it took. */
async function read(t: Written, columns = t.byId, limit?: number) {
  t.host.stats.reset();
  const cells = await trendCells(t.host.run, { tableId: t.id, tableName: t.name }, columns, limit);
  return { cells, syncs: t.host.stats.syncs, cellsRead: t.host.stats.cellsRead };
}

test("a table shorter than the bound: all its rows, in one sync, two cells a row and the first row's period", async () => {
  const t = await written(30);
  const { cells, syncs, cellsRead } = await read(t);
  expect(syncs).toBe(1);
  expect(cellsRead).toBe(60 + 1);
  expect(cells).toEqual({
    periods: rows(30).map((r) => r[0]),
    values: rows(30).map((r) => r[2]),
    count: 30,
    cut: false,
    dayCells: EXCEL_DAY_CELLS,
    firstPeriod: DAY,
  });
});

test("a table taller than the bound: its last TREND_ROWS rows only, in one sync", async () => {
  const n = TREND_ROWS + 1_000;
  const t = await written(n);
  const { cells, syncs, cellsRead } = await read(t);
  expect(syncs).toBe(1);
  expect(cellsRead).toBe(2 * TREND_ROWS + 1);
  expect(cells!.count).toBe(n);
  expect(cells!.cut).toBe(true);
  // The first row's period, which the last rows do not hold: the table has other periods than those read.
  expect(cells!.firstPeriod).toBe(DAY);
  expect(cells!.periods[0]).toBe(DAY + Math.floor(1_000 / 3));
  expect(cells!.values).toHaveLength(TREND_ROWS);
  expect(cells!.values[0]).toBe(1_000 + 0.5);
  expect(cells!.values.at(-1)).toBe(n - 1 + 0.5);
  // Exactly the bound: all of it, not cut.
  const exact = await read(t, t.byId, n);
  expect({ rows: exact.cells!.values.length, cut: exact.cells!.cut }).toEqual({ rows: n, cut: false });
});

test("what the user did to the table: headers renamed, columns moved, a calculated column, rows filtered", async () => {
  const t = await written(12);
  const sheet = `'${t.sheet}'`;
  t.host.typeCell(`${sheet}!A1`, "Week starting"); // the period's header
  t.host.typeCell(`${sheet}!C1`, "Revenue (GBP)");
  t.host.typeCell(`${sheet}!E1`, "double");
  t.host.typeCell(`${sheet}!E2`, "=[@units]*2"); // a calculated column
  t.host.moveTableColumn(t.name, 2, 0); // revenue first
  t.host.moveTableColumn(t.name, 4, 1); // the calculated column second
  await t.host.run(async (ctx) => {
    const table = ctx.workbook.tables.getItem(t.name);
    table.autoFilter.apply(table.getRange(), 0, { filterOn: "Custom", criterion1: ">5" });
    await ctx.sync();
  });
  expect(t.host.snapshot().tables[0].filtered).toBe(true);
  const { cells, syncs } = await read(t);
  expect(syncs).toBe(1);
  // Hidden rows are the table's rows too: all twelve.
  expect(cells!.periods).toEqual(rows(12).map((r) => r[0]));
  expect(cells!.values).toEqual(rows(12).map((r) => r[2]));
});

test("a renamed table is found by its id; an older record by its name and the columns' headers", async () => {
  const t = await written(6);
  await t.host.run(async (ctx) => {
    ctx.workbook.tables.getItem(t.name).name = "Renamed";
    await ctx.sync();
  });
  expect((await read(t)).cells!.values).toEqual(rows(6).map((r) => r[2]));
  const older = await trendCells(t.host.run, { tableName: "Renamed" }, { period: "PERIOD", metric: "revenue" });
  expect(older!.values).toEqual(rows(6).map((r) => r[2]));
});

test("an empty table: Excel's one blank row", async () => {
  const t = await written(3);
  await t.host.run(async (ctx) => {
    ctx.workbook.tables.getItem(t.name).getDataBodyRange().delete("Up");
    await ctx.sync();
  });
  const { cells, syncs } = await read(t);
  expect(syncs).toBe(1);
  expect(cells).toEqual({
    periods: [""],
    values: [""],
    count: 1,
    cut: false,
    dayCells: EXCEL_DAY_CELLS,
    firstPeriod: "",
  });
});

test("a table gone: undefined; a column gone: refused in words; each said after one more sync", async () => {
  const t = await written(6);
  const gone = await read({ ...t, id: "{no-such-table}", name: "Nothing" });
  expect(gone.cells).toBeUndefined();
  expect(gone.syncs).toBe(3); // the read, the open, the probe for the missing table
  await t.host.run(async (ctx) => {
    ctx.workbook.tables.getItem(t.name).columns.getItem("revenue").getRange().delete("Left");
    await ctx.sync();
  });
  const attempt = trendCells(t.host.run, { tableId: t.id, tableName: t.name }, t.byId);
  await expect(attempt).rejects.toBeInstanceOf(WorkbookError);
  await expect(attempt).rejects.toThrow(`The table "${t.name}" has no column with id ${t.byId.metric} any more.`);
});

test("a table ending at the grid's last row: read by position instead, in two more syncs", async () => {
  const t = await written(9, { kind: "at", address: "Sheet1!A1048567" }); // header on 1,048,567, body to 1,048,576
  const { cells, syncs, cellsRead } = await read(t, t.byId, 5);
  expect(syncs).toBe(3); // the read that failed, the open, the read by position
  expect(cellsRead).toBe(10 + 4 + 2); // the rows, the open's header row, the first row's period in each read
  expect(cells).toEqual({
    periods: rows(9)
      .slice(4)
      .map((r) => r[0]),
    values: rows(9)
      .slice(4)
      .map((r) => r[2]),
    count: 9,
    cut: true,
    dayCells: EXCEL_DAY_CELLS,
    firstPeriod: DAY,
  });
});
