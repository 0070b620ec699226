// What a replacement takes out, read back for the summary of a refresh (replaceTail's `readBefore`, through
// src/excel/tables/windowRead.ts): the old window's cells of the columns asked, read in the commit sync before
// its writes (no extra sync) when small, in row blocks of READ_BLOCK_CELLS before the commit when big.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import type { Column } from "../../src/core/answer/tabulate";
import { readTable, replaceTail, writeTable, type TailReplacement } from "../../src/excel/tables";
import { READ_BLOCK_CELLS } from "../../src/excel/tables/windowRead";

const COLUMNS: Column[] = [
  { name: "day", kind: "date" },
  { name: "sku", kind: "code" },
  { name: "name", kind: "text" },
  { name: "revenue", kind: "decimal" },
  { name: "units", kind: "integer" },
];
const FIRST = 46000;

/** `days` days of `per` rows each: revenue = day index + row / 100 (+ `bump` for new figures), units = row. */
function rows(days: number, per: number, bump = 0, fromDay = 0): (string | number)[][] {
  return Array.from({ length: days * per }, (_, i) => {
    const d = fromDay + Math.floor(i / per);
    const k = i % per;
    return [FIRST + d, 100 + k, `Product ${k}`, d + k / 100 + bump, k];
  });
}

async function tableOf(host: WorkbookHost, values: (string | number)[][]): Promise<string> {
  const w = await writeTable(
    host.run,
    { columns: COLUMNS, values },
    { name: "Window", destination: { kind: "new-sheet" } },
  );
  return w.tableName;
}

/** The syncs of one replaceTail, and its result. */
async function replaced(host: WorkbookHost, name: string, rep: TailReplacement) {
  host.stats.reset();
  const result = await replaceTail(host.run, name, rep);
  return { result, syncs: host.stats.syncs };
}

test("a small window: the old cells come back with the commit, in no extra sync, before the new ones are written", async () => {
  const days = 20;
  const per = 3;
  const cut = 12;
  const fresh = rows(days - cut + 1, per, 0.5, cut); // the window again, revised, and one new day
  const rep = (readBefore?: string[]): TailReplacement => ({
    periodColumn: "day",
    cutoff: FIRST + cut,
    data: { columns: COLUMNS, values: fresh },
    readBefore,
  });
  const plain = createWorkbookHost();
  const without = await replaced(plain, await tableOf(plain, rows(days, per)), rep());
  expect(without.result.before).toBeUndefined();

  const host = createWorkbookHost();
  const name = await tableOf(host, rows(days, per));
  const old = (await readTable(host.run, name)).values.slice(cut * per);
  const withRead = await replaced(host, name, rep(["units", "revenue"]));
  expect(withRead.syncs).toBe(without.syncs);
  // The old window, in the order asked, with its periods; the table now holds the new rows.
  expect(withRead.result.before).toEqual({
    periods: old.map((r) => r[0]),
    values: old.map((r) => [r[4], r[3]]),
  });
  expect((await readTable(host.run, name)).values.slice(cut * per)).toEqual(fresh);
});

test("a window over READ_BLOCK_CELLS cells: read in row blocks before the commit, one sync each", async () => {
  const per = 5_000;
  const days = 14;
  const cut = 2; // 12 days x 5,000 rows x 2 columns = 120,000 cells: two blocks
  const taken = (days - cut) * per;
  const blocks = Math.ceil((taken * 2) / READ_BLOCK_CELLS);
  expect(blocks).toBe(2);
  const fresh = rows(days - cut, per, 0.25, cut);
  const rep = (readBefore?: string[]): TailReplacement => ({
    periodColumn: "day",
    cutoff: FIRST + cut,
    data: { columns: COLUMNS, values: fresh },
    readBefore,
  });
  const plain = createWorkbookHost();
  const without = await replaced(plain, await tableOf(plain, rows(days, per)), rep());

  const host = createWorkbookHost();
  const name = await tableOf(host, rows(days, per));
  const old = (await readTable(host.run, name)).values.slice(cut * per);
  const withRead = await replaced(host, name, rep(["revenue", "units"]));
  expect(withRead.syncs).toBe(without.syncs + blocks);
  expect(withRead.result.before!.values).toEqual(old.map((r) => [r[3], r[4]]));
  expect(withRead.result.before!.periods).toHaveLength(taken);
  expect(Math.max(...host.stats.responseBytes)).toBeLessThan(4_000_000);
}, 60_000);

test("staged through the hidden sheet, and a window with no old rows", async () => {
  const host = createWorkbookHost();
  const name = await tableOf(host, rows(10, 2));
  const old = (await readTable(host.run, name)).values.slice(12);
  const staged = await replaceTail(host.run, name, {
    periodColumn: "day",
    cutoff: FIRST + 6,
    data: { columns: COLUMNS, values: rows(5, 2, 1, 6) },
    limits: { rows: 3 },
    readBefore: ["revenue"],
  });
  expect(staged.staged).toBe(true);
  expect(staged.before!.values).toEqual(old.map((r) => [r[3]]));

  const appended = await replaceTail(host.run, name, {
    periodColumn: "day",
    cutoff: FIRST + 11,
    data: { columns: COLUMNS, values: rows(1, 2, 0, 11) },
    readBefore: ["revenue"],
  });
  expect(appended.before).toEqual({ periods: [], values: [] });
});
