// A write in blocks that Excel fails part way, at every sync and after every action of it: the table then holds
// exactly the rows writeTable reports, whole, and nothing of the failed block is left in or below it. (Excel
// grows a table over values written just below it, so a block can be inside the table before its resize.)
import { createWorkbookHost } from "../../dev/workbook-host";
import type { Cell, Column } from "../../src/core/answer/tabulate";
import { readTable, replaceTail, writeTable } from "../../src/excel";

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

describe("replaceTail growing over cells the user filled below the table", () => {
  const WEEK: Column[] = [
    { name: "week", kind: "date" },
    { name: "sku", kind: "code" },
    { name: "revenue", kind: "decimal" },
  ];
  const weeks = (n: number, first: number): Cell[][] =>
    Array.from({ length: n }, (_, i) => [first + Math.floor(i / 5) * 7, 100 + (i % 5), i + 0.25]);
  const OLD = weeks(10, 46000); // Tail!A1:C11
  const NEW = weeks(15, 46007); // the second week again, then two more: the table grows by 10 rows
  const EXPECTED = [...OLD.slice(0, 5), ...NEW];
  const replacement = { periodColumn: "week", cutoff: 46007, data: { columns: WEEK, values: NEW } };

  async function setup() {
    const host = createWorkbookHost();
    const w = await writeTable(
      host.run,
      { columns: WEEK, values: OLD },
      { name: "Tail", destination: { kind: "new-sheet" } },
    );
    host.typeCell(`${w.sheet}!B13`, "mine");
    host.typeCell(`${w.sheet}!A14`, "=SUM(Tail[revenue])");
    host.typeCell(`${w.sheet}!E13`, "beside");
    host.stats.reset();
    return { host, sheet: w.sheet };
  }

  /** Where the user's cells are: each found exactly once, below the table, or beside it where it was. */
  function userCells(host: ReturnType<typeof createWorkbookHost>, sheet: string, lastRow: number) {
    const cells = host.snapshot().sheets.find((s) => s.name === sheet)!.cells;
    const mine = cells.filter((c) => c.value === "mine");
    const total = cells.filter((c) => c.formula === "=SUM(Tail[revenue])");
    const beside = cells.filter((c) => c.value === "beside");
    expect([mine.length, total.length, beside.map((c) => c.address)]).toEqual([1, 1, ["E13"]]);
    expect(mine[0].row).toBeGreaterThan(lastRow);
    expect(total[0].row).toBe(mine[0].row + 1); // they moved together
    return mine[0].row;
  }

  test("after a failure at any sync and after any action, nothing is lost and a re-run gives the exact table", async () => {
    const clean = await setup();
    await replaceTail(clean.host.run, "Tail", replacement);
    const actions = clean.host.stats.syncLog.map((s) => s.actions);
    expect((await readTable(clean.host.run, "Tail")).values).toEqual(EXPECTED);
    expect(userCells(clean.host, clean.sheet, 20)).toBe(22); // B13 then, B23 now: just below the grown table
    let points = 0;
    for (let k = 1; k <= actions.length; k++) {
      for (let after = 0; after <= actions[k - 1]; after++) {
        const { host, sheet } = await setup();
        host.failSync(k, { code: "GeneralException", afterActions: after });
        await replaceTail(host.run, "Tail", replacement).catch(() => undefined);
        const now = (await readTable(host.run, "Tail")).values;
        while (now.length > 0 && now[now.length - 1].every((v) => v === "")) now.pop();
        expect([OLD, EXPECTED]).toContainEqual(now);
        userCells(host, sheet, now.length);
        await replaceTail(host.run, "Tail", replacement);
        expect((await readTable(host.run, "Tail")).values).toEqual(EXPECTED);
        userCells(host, sheet, EXPECTED.length);
        points++;
      }
    }
    expect(points).toBeGreaterThan(10);
  });
});
