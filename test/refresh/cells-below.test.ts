// Cells the user filled below a table that grows at refresh: a note, formulas (a total over the
// table's revenue column, one pointing beside the table, one beside it pointing at a cell that moves) and a plain
// value. Refresh inserts cells below the table, in its columns only, so they move down with it: each ends where it
// was relative to the table's last row, with its content, format and figure; the service columns equal a fresh
// pull; cells beside the table stay. What such an insert cannot move (a merged area across the table's edge, a
// table partly under its columns, a spill reaching past them) is refused by name with the workbook as it was; what
// is below the rows the table grows over does not matter. Daily and weekly SKU tables, simulator and host.
import type { WorkbookHost } from "../../dev/workbook-host";
import type { Query } from "../../src/core/query/query";
import { readTable } from "../../src/excel";
import { columnLetters, parseAddress } from "../../src/excel/addresses";
import { pullTable, refreshTable } from "../../src/refresh";
import { evaluateCell } from "./support/formulas";
import { DAILY, NEW_SHEET, WEEKLY, refreshFixture } from "./support/fixture";

const fx = refreshFixture();

const KINDS: [string, Query, string][] = [
  ["daily SKU", { ...DAILY, from: "2026-11-01" }, "2026-11-24"],
  ["weekly SKU", WEEKLY, "2026-12-02"],
];

/** The table as pulled: its name, sheet, last row (1-based) and width, and a column's letter. */
async function pulled(query: Query) {
  const name = (await pullTable(fx.deps, query, { ...NEW_SHEET, rolling: true })).write.tableName;
  const t = await readTable(fx.host.run, name);
  const a = parseAddress(t.address);
  const col = (i: number) => columnLetters(a.col + i);
  return { name, sheet: t.sheet, last: a.row + a.rows, rows: t.values.length, width: a.cols, col };
}

/** The cell at `address` of `sheet` in the snapshot (undefined when empty). */
function cellOf(host: WorkbookHost, sheet: string, address: string) {
  return host
    .snapshot()
    .sheets.find((s) => s.name === sheet)
    ?.cells.find((c) => c.address === address);
}

async function lastRow(name: string): Promise<number> {
  const a = parseAddress((await readTable(fx.host.run, name)).address);
  return a.row + a.rows;
}

describe.each(KINDS)("%s table", (_, query, next) => {
  test("a note, formulas and a value below it move down with it; cells beside it stay; figures right", async () => {
    const t = await pulled(query);
    const L = t.last;
    const beside = t.col(t.width + 1); // one column clear of the table
    const type = (address: string, v: string | number) => fx.host.typeCell(`${t.sheet}!${address}`, v);
    type(`B${L + 2}`, "checked by Ann");
    type(`A${L + 3}`, `=SUM(${t.name}[revenue])`);
    type(`${beside}${L + 3}`, 100);
    type(`C${L + 3}`, `=${beside}${L + 3}*2`);
    type(`B${L + 4}`, 1234.5);
    type(`${beside}${L + 4}`, `=B${L + 4}`);
    type(`${beside}2`, "beside the table");
    await fx.host.run(async (ctx) => {
      ctx.workbook.worksheets.getItem(t.sheet).getRange(`B${L + 4}`).numberFormat = [["#,##0.00"]];
      await ctx.sync();
    });
    fx.sim.simulator.setToday(next);
    const o = await refreshTable(fx.deps, await fx.record(t.name));
    expect([o.status, o.error]).toEqual(["refreshed", undefined]);
    const fresh = await fx.freshTable({ ...query, to: next });
    expect((await readTable(fx.host.run, t.name)).values).toEqual(fresh.values);
    const L2 = await lastRow(t.name);
    expect(L2 - L).toBe(o.rowsAdded - o.rowsRemoved);
    expect(L2 - L).toBeGreaterThanOrEqual(2); // over the note's row: cells were inserted
    const at = (address: string) => cellOf(fx.host, t.sheet, address);
    expect(at(`B${L2 + 2}`)?.value).toBe("checked by Ann");
    expect(at(`A${L2 + 3}`)?.formula).toBe(`=SUM(${t.name}[revenue])`);
    const revenue = fresh.headers.indexOf("revenue");
    const total = fresh.values.reduce((n, row) => n + (row[revenue] as number), 0);
    expect(await evaluateCell(fx.host, t.sheet, `A${L2 + 3}`)).toBeCloseTo(total, 6);
    expect(at(`C${L2 + 3}`)?.formula).toBe(`=${beside}${L + 3}*2`); // still the cell beside, which stayed
    expect(await evaluateCell(fx.host, t.sheet, `C${L2 + 3}`)).toBe(200);
    expect([at(`B${L2 + 4}`)?.value, at(`B${L2 + 4}`)?.numberFormat]).toEqual([1234.5, "#,##0.00"]);
    expect(at(`${beside}${L + 4}`)?.formula).toBe(`=B${L2 + 4}`); // follows the value it pointed at
    expect(await evaluateCell(fx.host, t.sheet, `${beside}${L + 4}`)).toBe(1234.5);
    expect([at(`${beside}2`)?.value, at(`${beside}${L + 3}`)?.value]).toEqual(["beside the table", 100]);
    // Nothing else below the table: the rows it grew over hold its rows, the old places of the cells are in it.
    const cells = fx.host.snapshot().sheets.find((s) => s.name === t.sheet)!.cells;
    const under = cells.filter((c) => c.row >= L2 && c.column < t.width);
    expect(under.map((c) => c.address).sort()).toEqual([`B${L2 + 2}`, `A${L2 + 3}`, `C${L2 + 3}`, `B${L2 + 4}`].sort());
  });

  test("something far below the rows it grows over changes nothing: no cells are moved", async () => {
    const t = await pulled(query);
    const far = t.last + 40;
    await fx.host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem(t.sheet);
      s.getRange(`B${far}`).values = [["far below"]];
      s.getRange(`${t.col(t.width - 1)}${far + 1}:${t.col(t.width)}${far + 1}`).merge();
      await ctx.sync();
    });
    fx.sim.simulator.setToday(next);
    const o = await refreshTable(fx.deps, await fx.record(t.name));
    expect(o.status).toBe("refreshed");
    expect(cellOf(fx.host, t.sheet, `B${far}`)?.value).toBe("far below");
    expect(fx.host.snapshot().sheets.find((s) => s.name === t.sheet)?.mergedAreas).toEqual([
      `${t.col(t.width - 1)}${far + 1}:${t.col(t.width)}${far + 1}`,
    ]);
  });

  /** What is in the way, put there by the user; the words that name it (after "needs N more rows ... only. "). */
  const OBSTACLES: [
    string,
    (t: Awaited<ReturnType<typeof pulled>>) => [(ctx: Excel.RequestContext) => void, string],
  ][] = [
    [
      "a merged area across the table's edge",
      (t) => {
        const area = `${t.col(t.width - 1)}${t.last + 10}:${t.col(t.width)}${t.last + 10}`;
        return [
          (ctx) => ctx.workbook.worksheets.getItem(t.sheet).getRange(area).merge(),
          `The merged cells ${area} below the table are in the way: they reach past those columns, and Excel ` +
            `cannot move part of a merged area. Unmerge them, or move them out of columns ${t.col(0)}:${t.col(t.width - 1)}`,
        ];
      },
    ],
    [
      "a table partly under its columns",
      (t) => {
        const area = `${t.col(t.width - 1)}${t.last + 20}:${t.col(t.width + 1)}${t.last + 22}`;
        return [
          (ctx) => void (ctx.workbook.worksheets.getItem(t.sheet).tables.add(area, true).name = "Targets"),
          `The table "Targets" (${area}) below it is in the way: it reaches past those columns, and Excel cannot ` +
            `move part of a table. Move that table out of columns ${t.col(0)}:${t.col(t.width - 1)}, or entirely under them`,
        ];
      },
    ],
    [
      "a spill reaching past its columns",
      (t) => {
        const anchor = `${t.col(t.width - 1)}${t.last + 15}`;
        fx.host.typeSpill(`${t.sheet}!${anchor}`, "=SEQUENCE(1,3)", [[1, 2, 3]]);
        return [
          () => undefined,
          `The spilled range ${anchor}:${t.col(t.width + 1)}${t.last + 15} (the formula in ${anchor}) is ` +
            "in the way: it reaches past those columns, so moving the cells in them would cut it apart. Move " +
            `that formula so its results stay out of columns ${t.col(0)}:${t.col(t.width - 1)}`,
        ];
      },
    ],
  ];

  test.each(OBSTACLES)("%s: refused by name before anything is written, the workbook as it was", async (_, put) => {
    const t = await pulled(query);
    fx.host.typeCell(`${t.sheet}!B${t.last + 2}`, "checked by Ann");
    const [batch, words] = put(t);
    await fx.host.run(async (ctx) => {
      batch(ctx);
      await ctx.sync();
    });
    fx.sim.simulator.setToday(next);
    const grow = (await fx.freshPull({ ...query, to: next })).length - t.rows;
    const before = fx.host.snapshot();
    const o = await refreshTable(fx.deps, await fx.record(t.name));
    expect(o.status).toBe("failed");
    expect(o.error).toBe(
      `"${t.name}" needs ${grow} more rows, so refresh moves the cells below it down, in its columns ` +
        `(${t.col(0)}:${t.col(t.width - 1)}) only. ${words}, then refresh again. Nothing was changed.`,
    );
    expect(fx.host.snapshot()).toEqual(before);
  });
});
