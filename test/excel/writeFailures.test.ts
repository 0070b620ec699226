// A write in blocks that Excel fails part way, at every sync and after every action of it: the table then holds
// exactly the rows writeTable reports, whole, and nothing of the failed block is left in or below it. (Excel
// grows a table over values written just below it, so a block can be inside the table before its resize.)
import { createWorkbookHost } from "../../dev/workbook-host";
import type { Cell, Column } from "../../src/core/tabulate";
import { readTable, writeTable } from "../../src/excel";

const COLUMNS: Column[] = [
  { name: "day", kind: "date" },
  { name: "sku", kind: "code" },
  { name: "revenue", kind: "decimal" },
];
const ROWS: Cell[][] = Array.from({ length: 25 }, (_, i) => [46000 + i, 100 + i, i + 0.5]);

async function usedRows(host: ReturnType<typeof createWorkbookHost>, sheet: string): Promise<number> {
  return host.run(async (ctx) => {
    const used = ctx.workbook.worksheets.getItem(sheet).getUsedRangeOrNullObject(true);
    used.load("rowCount");
    await ctx.sync();
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/call-sync-after-load -- synced above
    return used.isNullObject ? 0 : used.rowCount;
  });
}

test("after a failure at any point of a later block, the table holds the reported rows and nothing more", async () => {
  const seen = new Set<number>();
  // syncs: 1 looks, 2 creates the table with block 1, 3 and 4 are blocks 2 and 3; 2 + 3 formats + values + resize.
  for (const nth of [3, 4]) {
    for (let afterActions = 0; afterActions <= 7; afterActions++) {
      const host = createWorkbookHost();
      host.failSync(nth, { code: "GeneralException", afterActions });
      const w = await writeTable(
        host.run,
        { columns: COLUMNS, values: ROWS },
        {
          name: "Sales",
          destination: { kind: "new-sheet" },
          limits: { rows: 10 },
        },
      );
      expect(w.complete).toBe(false);
      const t = await readTable(host.run, w.tableName);
      expect(t.values.length).toBe(w.rows);
      expect(t.values.every((r) => r.every((v) => v !== ""))).toBe(true);
      expect(t.values.map((r) => r[1])).toEqual(ROWS.slice(0, w.rows).map((r) => r[1]));
      expect(await usedRows(host, w.sheet)).toBe(1 + w.rows); // nothing of the failed block below the table
      seen.add(w.rows);
    }
  }
  expect([...seen].sort()).toEqual([10, 20]);
});
