// The one way src/excel opens a managed table (src/excel/tables/openTable.ts): one sync when the table is there,
// the caller's words when it is not, Excel's own failure otherwise.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import type { Column } from "../../src/core/answer/tabulate";
import { readColumnEnds, readPeriodTail, readTable, replaceTail, writeTable } from "../../src/excel/tables";
import { belowTable, findTable, openTable } from "../../src/excel/tables/openTable";

const COLUMNS: Column[] = [
  { name: "day", kind: "date" },
  { name: "name", kind: "text" },
  { name: "revenue", kind: "decimal" },
];

let host: WorkbookHost;
let tableName: string;
beforeEach(async () => {
  host = createWorkbookHost();
  const values = Array.from({ length: 5 }, (_, i) => [46000 + i, `Product ${i}`, i * 1.5]);
  tableName = (
    await writeTable(
      host.run,
      { columns: COLUMNS, values },
      { name: "Opened", destination: { kind: "at", address: "Sheet1!C3" } },
    )
  ).tableName;
});

test("one sync gives the table's name, sheet, header, position, body, first- and last-row formats, column ids and filter", async () => {
  host.stats.reset();
  const open = await host.run(async (ctx) => {
    const t = await openTable(ctx, tableName, "missing", {
      formats: true,
      lastFormats: true,
      columns: true,
      filter: true,
    });
    return { ...t, table: undefined, sheet: undefined, body: undefined };
  });
  expect(host.stats.syncs).toBe(1);
  expect(open).toEqual({
    table: undefined,
    sheet: undefined,
    body: undefined,
    name: "Opened",
    sheetName: "Sheet1",
    address: "Sheet1!C3:E8",
    headers: ["day", "name", "revenue"],
    top: 2,
    left: 2,
    columns: 3,
    bodyTop: 3,
    count: 5,
    totals: false,
    formats: ["yyyy-mm-dd", "@", "#,##0.00"],
    lastFormats: ["yyyy-mm-dd", "@", "#,##0.00"],
    columnRefs: [
      { id: 1, name: "day" },
      { id: 2, name: "name" },
      { id: 3, name: "revenue" },
    ],
    criteria: [{ filterOn: "Custom" }, { filterOn: "Custom" }, { filterOn: "Custom" }],
  });
});

test("a missing table: each operation says so in its own words", async () => {
  await expect(readTable(host.run, "Gone")).rejects.toMatchObject({
    name: "WorkbookError",
    kind: "not-found",
    message: 'The table "Gone" is not in this workbook.',
  });
  const gone = 'The table "Gone" is no longer in this workbook. It may have been renamed or deleted.';
  await expect(readPeriodTail(host.run, "Gone", "day", 46000)).rejects.toThrow(gone);
  await expect(
    replaceTail(host.run, "Gone", { periodColumn: "day", cutoff: 46000, data: { columns: COLUMNS, values: [] } }),
  ).rejects.toThrow(gone);
  await expect(readColumnEnds(host.run, "Gone", "day")).resolves.toBeUndefined();
  expect(await host.run((ctx) => findTable(ctx, "Gone"))).toBeUndefined();
});

test("any other failure of that sync is Excel's, passed on as it is", async () => {
  host.failSync(1, { code: "GeneralException", message: "Excel failed." });
  await expect(readTable(host.run, tableName)).rejects.toMatchObject({
    code: "GeneralException",
    message: "Excel failed.",
  });
});

test("a Total Row: opened with it said (totals), below it the first row under the table; the body never includes it", async () => {
  await host.run(async (ctx) => {
    ctx.workbook.tables.getItem(tableName).showTotals = true;
    await ctx.sync();
  });
  const open = await host.run((ctx) => openTable(ctx, tableName, "missing"));
  expect([open.count, open.totals, belowTable(open)]).toEqual([5, true, open.bodyTop + 6]);
  expect((await readTable(host.run, tableName)).values).toHaveLength(5);
  expect(await readColumnEnds(host.run, tableName, "day")).toEqual({ first: 46000, last: 46004 });
});
