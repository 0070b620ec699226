// What a pull and a refresh guard in the workbook: a table moved out of date order by hand is refused, a pull that
// fails part way is saved and completes on refresh, operations at the same time are serialized, an empty answer is
// refused, and service text lands as text even after a user reformatted a text column.
import type { SalesClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { asQuery } from "../support/query";
import { readManagedTables, readTable } from "../../src/excel";
import { pullTable, refreshAllTables, refreshTable } from "../../src/refresh";
import { SIM_TODAY } from "../support/simulator";
import { alteredClient } from "./support/alteredClient";
import { DAILY as daily, NEW_SHEET, refreshFixture } from "./support/fixture";

const f = refreshFixture();

function setBody(tableName: string, values: unknown[][]): Promise<void> {
  return f.host.run(async (context) => {
    context.workbook.tables.getItem(tableName).getDataBodyRange().values = values as string[][];
    await context.sync();
  });
}

describe("a table no longer in date order", () => {
  test("sorted newest first: refresh refuses, says how to fix it, and changes nothing", async () => {
    const { write } = await pullTable(f.deps, daily, { ...NEW_SHEET, rolling: true });
    const rows = (await readTable(f.host.run, write.tableName)).values;
    await setBody(write.tableName, [...rows].reverse());
    f.sim.simulator.setToday(addDays(SIM_TODAY, 1));
    const before = f.host.snapshot();
    const o = await refreshTable(f.deps, await f.record(write.tableName));
    expect(o.status).toBe("failed");
    expect(o.error).toMatch(
      new RegExp(`Sort "${write.tableName}" by \\S+ oldest to newest, then refresh\\. Nothing was written\\.`),
    );
    expect(f.host.snapshot()).toEqual(before);
  });

  test("sorted by another column (only the last rows out of order) is refused too", async () => {
    const { write } = await pullTable(f.deps, daily, NEW_SHEET);
    const rows = (await readTable(f.host.run, write.tableName)).values;
    const moved = [...rows.slice(0, -2), rows[rows.length - 1], rows[0]]; // an old row moved to the end
    await setBody(write.tableName, moved);
    const before = f.host.snapshot();
    const o = await refreshTable(f.deps, await f.record(write.tableName));
    expect(o.error).toMatch(/no longer in date order/);
    expect(f.host.snapshot()).toEqual(before);
  });
});

describe("a pull that Excel fails part way", () => {
  test.each([0, 1, 3, 6])(
    "keeps the whole rows written, saves the record, warns, and a refresh completes it (failure after %i actions)",
    async (afterActions) => {
      const small = { ...f.deps, limits: { rows: 10 } };
      f.host.failSync(4, { code: "GeneralException", afterActions }); // 1 names, 2 table + 10 rows, 3 rows 11-20, 4 fails
      const r = await pullTable(small, daily, NEW_SHEET);
      expect(r.write.complete).toBe(false);
      expect(r.write.rows).toBe(20);
      expect(r.write.error).toMatch(/GeneralException/);
      expect(r.warnings.join(" ")).toMatch(
        /^Wrote 20 of \d+ rows before Excel failed \(.*\)\. Refresh the table to complete it\.$/,
      );
      const table = await readTable(f.host.run, r.write.tableName);
      expect(table.values).toHaveLength(20);
      expect(await f.record(r.write.tableName)).toEqual(expect.objectContaining({ rows: 20 }));
      const o = await refreshTable(small, await f.record(r.write.tableName));
      expect(o.error).toBeUndefined();
      expect((await readTable(f.host.run, r.write.tableName)).values).toEqual(await f.freshPull(daily));
    },
  );
});

test("Get data records the table's id from the write itself: no extra round trip to identify it", async () => {
  let runs = 0;
  const counted = {
    ...f.deps,
    run: <T>(batch: (c: Excel.RequestContext) => Promise<T>) => (runs++, f.host.run(batch)),
  };
  const r = await pullTable(counted, daily, NEW_SHEET);
  const id = await f.host.run(async (ctx) => {
    const t = ctx.workbook.tables.getItem(r.write.tableName).load("id");
    await ctx.sync();
    return t.id;
  });
  expect(r.write.tableId).toBe(id);
  expect((await f.record(r.write.tableName)).tableId).toBe(id);
  expect(runs).toBe(2); // the write, then the record
});

describe("operations at the same time", () => {
  test("a pull and a refresh started together both keep their records and the table is consistent", async () => {
    const a = await pullTable(f.deps, daily, { ...NEW_SHEET, rolling: true });
    f.sim.simulator.setToday(addDays(SIM_TODAY, 2));
    const weekly = asQuery({ ...daily, timeframe: "weekly", from: "2026-09-07", to: addDays(SIM_TODAY, 2) });
    const recA = await f.record(a.write.tableName);
    const [b, o, all] = await Promise.all([
      pullTable(f.deps, weekly, NEW_SHEET),
      refreshTable(f.deps, recA),
      refreshAllTables(f.deps),
    ]);
    expect(o.error).toBeUndefined();
    expect(all.failed).toBe(0);
    const names = (await readManagedTables(f.host.run)).tables.map((t) => t.tableName).sort();
    expect(names).toEqual([a.write.tableName, b.write.tableName].sort());
    const today = f.sim.simulator.today();
    expect((await readTable(f.host.run, a.write.tableName)).values).toEqual(await f.freshPull({ ...daily, to: today }));
    expect((await readTable(f.host.run, b.write.tableName)).values).toEqual(await f.freshPull(weekly));
  });
});

test("an empty answer is refused before anything is written", async () => {
  const empty: SalesClient = alteredClient(f.client, () => []);
  const before = f.host.snapshot();
  await expect(pullTable({ ...f.deps, client: empty }, daily, NEW_SHEET)).rejects.toThrow(
    `The service has no rows for northmart, sku, daily, 2026-10-01 to ${SIM_TODAY}. Nothing was written; check the dates and View by.`,
  );
  expect(f.host.snapshot()).toEqual(before);
});

test("service text lands as text on refresh even after the user set its column to General", async () => {
  let textField: string | undefined;
  let i = 0;
  const tricky: SalesClient = alteredClient(f.client, (rows, periodField) => {
    textField ??= Object.keys(rows[0] ?? {}).find(
      (k) => k !== periodField && typeof rows[0][k] === "string" && Number.isNaN(Number(rows[0][k])),
    );
    return rows.map((r) => ({ ...r, [textField!]: i++ % 2 ? "+Vita" : "=SUM(1)" }));
  });
  const d = { ...f.deps, client: tricky };
  const { write } = await pullTable(d, daily, { ...NEW_SHEET, rolling: true });
  expect(textField).toBeDefined();
  const table = await readTable(f.host.run, write.tableName);
  const col = table.headers.findIndex((h) => h.toLowerCase() === textField!.toLowerCase());
  expect(col).toBeGreaterThanOrEqual(0);
  await f.host.run(async (context) => {
    context.workbook.tables.getItem(write.tableName).columns.getItemAt(col).getDataBodyRange().numberFormat =
      "General" as unknown as string[][];
    await context.sync();
  });
  f.sim.simulator.setToday(addDays(SIM_TODAY, 1));
  const o = await refreshTable(d, await f.record(write.tableName));
  expect(o.status).toBe("refreshed");
  const cells = f.host.snapshot().sheets.flatMap((s) => s.cells);
  expect(cells.filter((c) => c.formula !== undefined)).toEqual([]);
  const after = await readTable(f.host.run, write.tableName);
  expect(new Set(after.values.map((r) => r[col]))).toEqual(new Set(["=SUM(1)", "+Vita"]));
});
