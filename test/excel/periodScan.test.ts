// The one backward read of a period column (src/excel/tables/periodScan.ts): 100,000 cells per sync from the
// end, stopping at the first block that reaches below the limit, refusing rows out of date order.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import type { Column } from "../../src/core/answer/tabulate";
import { readPeriodTail, writeTable } from "../../src/excel/tables";
import { openTable } from "../../src/excel/tables/openTable";
import { firstRowAtOrAfter, scanPeriodsBack, type PeriodScan } from "../../src/excel/tables/periodScan";

const COLUMNS: Column[] = [
  { name: "n", kind: "integer" },
  { name: "day", kind: "date" },
];
const ROWS = 250_000; // blocks from the end: rows 150,000.., 50,000.., 0..
const FIRST = 1000; // row i holds the period FIRST + i

async function tableOf(host: WorkbookHost, rows = ROWS): Promise<string> {
  const values = Array.from({ length: rows }, (_, i) => [i, FIRST + i]);
  const w = await writeTable(
    host.run,
    { columns: COLUMNS, values },
    { name: "Scan", destination: { kind: "new-sheet" } },
  );
  return w.tableName;
}

let host: WorkbookHost;
let name: string;
beforeAll(async () => {
  host = createWorkbookHost();
  name = await tableOf(host);
}, 30_000);

async function scan(below: number): Promise<{ result: PeriodScan; syncs: number }> {
  return host.run(async (ctx) => {
    const open = await openTable(ctx, name, "missing");
    host.stats.reset();
    const result = await scanPeriodsBack(ctx, open, name, 1, below);
    return { result, syncs: host.stats.syncs };
  });
}

test("stops at the first block (from the end) holding a period below the limit", async () => {
  const { result, syncs } = await scan(FIRST + 200_000);
  expect(syncs).toBe(1);
  expect(result.offset).toBe(150_000);
  expect(result.values).toHaveLength(100_000);
  expect(result.values[0]).toBe(FIRST + 150_000);
  expect(firstRowAtOrAfter(result, FIRST + 200_000)).toBe(200_000);
});

test("a window that starts on a block's first row is placed from the row above, without the block before", async () => {
  const { result, syncs } = await scan(FIRST + 150_000);
  expect(syncs).toBe(1);
  expect(result.offset).toBe(149_999);
  expect(result.values[0]).toBe(FIRST + 149_999);
  expect(result.values).toHaveLength(100_001);
  expect(firstRowAtOrAfter(result, FIRST + 150_000)).toBe(150_000);
});

test("nothing below the limit: every block is read, and every row is in the window", async () => {
  const { result, syncs } = await scan(FIRST);
  expect(syncs).toBe(3);
  expect(result.offset).toBe(0);
  expect(result.values).toHaveLength(ROWS);
  expect(firstRowAtOrAfter(result, FIRST)).toBe(0);
});

test("rows out of date order across a block boundary are refused, in refresh's words", async () => {
  const other = createWorkbookHost();
  const table = await tableOf(other);
  await other.run(async (ctx) => {
    // The row just above the last block now comes after the block's first row.
    ctx.workbook.worksheets.getItem("Scan").getRange("B150001").values = [[FIRST + 150_001]];
    await ctx.sync();
  });
  await expect(readPeriodTail(other.run, table, "day", FIRST + 200_000)).rejects.toMatchObject({
    kind: "changed",
    message:
      `The rows of "${table}" are no longer in date order (the table was sorted or rows were moved), so refresh cannot tell which rows to replace. ` +
      `Sort "${table}" by day oldest to newest, then refresh. Nothing was written.`,
  });
}, 30_000);
