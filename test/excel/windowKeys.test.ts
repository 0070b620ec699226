// The stored window's key and metric cells, read before a refresh writes anything (src/excel/tables/windowKeys.ts,
// for src/core/refresh/losses.ts): by the service columns' ids (a renamed or moved column is still found; an older record
// by header), from a body row to the end, one sync to open the table and one per block of READ_BLOCK_CELLS cells;
// the host enforces Excel's rules (load then sync, payload limits).
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import type { Column } from "../../src/core/answer/tabulate";
import type { ServiceColumn } from "../../src/core/refresh/userColumns";
import { readTable, readWindowCells, writeTable } from "../../src/excel/tables";
import { READ_BLOCK_CELLS } from "../../src/excel/tables/windowRead";

const COLUMNS: Column[] = [
  { name: "day", kind: "date" },
  { name: "sku", kind: "code" },
  { name: "name", kind: "text" },
  { name: "revenue", kind: "decimal" },
  { name: "units", kind: "integer" },
];
const FIRST = 46000;

const rows = (days: number, per: number) =>
  Array.from({ length: days * per }, (_, i) => {
    const d = Math.floor(i / per);
    const k = i % per;
    return [FIRST + d, 100 + k, `Product ${k}`, d + k / 100, k];
  });

async function table(host: WorkbookHost, values: (string | number)[][]) {
  const w = await writeTable(
    host.run,
    { columns: COLUMNS, values },
    { name: "Sales", destination: { kind: "new-sheet" } },
  );
  const service: ServiceColumn[] = COLUMNS.map((c, i) => ({ id: w.columnIds![i], field: c.name, name: c.name }));
  return { name: w.tableName, sheet: w.sheet, service };
}

test("by id: the window's cells of the fields asked, after a rename and a move, in two syncs", async () => {
  const host = createWorkbookHost();
  const t = await table(host, rows(6, 3));
  host.typeCell(`'${t.sheet}'!D1`, "Revenue GBP"); // the revenue header, renamed
  host.moveTableColumn(t.name, 4, 0); // units first
  const { headers, values: all } = await readTable(host.run, t.name);
  expect(headers).toEqual(["units", "day", "sku", "name", "Revenue GBP"]);
  host.stats.reset();
  const read = await readWindowCells(host.run, t.name, {
    from: 12,
    fields: ["day", "sku", "revenue", "units"],
    service: t.service,
  });
  expect(host.stats.syncs).toBe(2);
  expect(read.count).toBe(18);
  expect(read.rows).toEqual(all.slice(12).map((r) => [r[1], r[2], r[4], r[0]]));
});

test("an older record (no ids): by header; a field with no column is refused, changing nothing", async () => {
  const host = createWorkbookHost();
  const t = await table(host, rows(2, 2));
  const read = await readWindowCells(host.run, t.name, { from: 1, fields: ["sku", "day"] });
  expect(read.rows).toEqual(
    rows(2, 2)
      .slice(1)
      .map((r) => [r[1], r[0]]),
  );
  const before = host.snapshot();
  await expect(readWindowCells(host.run, t.name, { from: 0, fields: ["store_id"] })).rejects.toThrow(
    'The table "Sales" has no column for store_id, so refresh cannot tell which rows it would replace. Nothing was written.',
  );
  expect(host.snapshot()).toEqual(before);
  // From the end: nothing to read, one sync (the table's opening).
  host.stats.reset();
  expect(await readWindowCells(host.run, t.name, { from: 4, fields: ["day"] })).toEqual({ count: 4, rows: [] });
  expect(host.stats.syncs).toBe(1);
});

test("a window over READ_BLOCK_CELLS cells: row blocks, one sync each, none over the limit", async () => {
  const host = createWorkbookHost();
  const per = 5_000;
  const t = await table(host, rows(14, per));
  const from = 2 * per; // 60,000 rows x 4 fields = 240,000 cells: three blocks
  const blocks = Math.ceil(((14 * per - from) * 4) / READ_BLOCK_CELLS);
  expect(blocks).toBe(3);
  host.stats.reset();
  const read = await readWindowCells(host.run, t.name, {
    from,
    fields: ["day", "sku", "revenue", "units"],
    service: t.service,
  });
  expect(host.stats.syncs).toBe(1 + blocks);
  expect(host.stats.syncLog.every((s) => s.cellsRead <= READ_BLOCK_CELLS)).toBe(true);
  expect(read.rows.length).toBe(14 * per - from);
  expect(read.rows[0]).toEqual([FIRST + 2, 100, 2, 0]);
  expect(read.rows[read.rows.length - 1]).toEqual([FIRST + 13, 100 + per - 1, 13 + (per - 1) / 100, per - 1]);
});
