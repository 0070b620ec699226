// What people do to a managed table's columns and filter, then refresh: a calculated column,
// a typed-notes column, renamed service headers (the date's too), a moved column, a filter; the service revises
// recent days and adds new ones. For a weekly SKU table, a daily store table and a table of three retailers, against the simulator and host:
// the service's columns equal a fresh pull by field wherever they are, the user's cells are kept by row key
// (formula in rows added, notes empty there), the filter is in force, the headers are the user's. A deleted
// service column is refused by name with nothing fetched or written; an older record is upgraded by header.
import { createWorkbookHost } from "../../dev/workbook-host";
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { updateManagedTables } from "../../src/excel/queryStore";
import { pullTable, refreshTable } from "../../src/refresh";
import { SIM_TODAY } from "../support/simulator";
import { alteredClient } from "./support/alteredClient";
import { NEW_SHEET, WEEKLY, refreshFixture } from "./support/fixture";

const fx = refreshFixture();

interface Case {
  query: Query;
  /** The service's today at the refresh: recent days revised, new periods added. */
  next: string;
  /** And at a second refresh. */
  after: string;
  /** What identifies a row with its period. */
  keys: string[];
}

const WEEKLY_SKU: Case = {
  query: WEEKLY,
  next: "2026-12-02",
  after: "2026-12-09",
  keys: ["sku"],
};

const CASES: [string, Case][] = [
  ["weekly SKU", WEEKLY_SKU],
  [
    "daily store",
    {
      query: asQuery({
        level: "store",
        retailers: "northmart",
        timeframe: "daily",
        metrics: "revenue,units",
        from: "2026-11-12",
        to: SIM_TODAY,
      }),
      next: "2026-11-25",
      after: "2026-11-26",
      keys: ["sku", "store_id"],
    },
  ],
  [
    "weekly SKU of three retailers",
    {
      ...WEEKLY_SKU,
      query: asQuery({ ...WEEKLY_SKU.query, retailers: ["northmart", "freshway", "pharmaplus"] }),
      keys: ["retailer", "sku"],
    },
  ],
];

const CALC = "=[@revenue]/[@units]";

const letters = (i: number): string =>
  (i < 26 ? "" : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));
const cell = (sheet: string, row: number, col: number) => `'${sheet.replace(/'/g, "''")}'!${letters(col)}${row + 1}`;

/** A table as the user sees it: ids, headers, body values and formulas, the body rows hidden, the filter. */
async function state(name: string) {
  const t = await fx.host.run(async (ctx) => {
    const table = ctx.workbook.tables.getItem(name);
    const cols = table.columns.load("items/id,items/name");
    const body = table.getDataBodyRange().load("values,formulas,rowIndex");
    const filter = table.autoFilter.load("criteria");
    const sheet = table.worksheet.load("name");
    await ctx.sync();
    return {
      ids: cols.items.map((c) => c.id),
      headers: cols.items.map((c) => c.name),
      values: body.values,
      formulas: body.formulas,
      top: body.rowIndex,
      criteria: filter.criteria,
      sheet: sheet.name,
    };
  });
  const hiddenRows = fx.host.snapshot().sheets.find((s) => s.name === t.sheet)!.hiddenRows;
  const hidden = t.values.map((_, i) => hiddenRows.includes(t.top + i));
  return { ...t, hidden };
}

type State = Awaited<ReturnType<typeof state>>;

/** A row's key (period and key fields) in a state whose headers are `headers` (the period is found by `period`). */
function keysOf(s: State, columns: string[]): string[] {
  const at = columns.map((h) => s.headers.indexOf(h));
  return s.values.map((r) => JSON.stringify(at.map((i) => r[i])));
}

/** The table a fresh pull of the query writes: headers (the service's fields) and values. */
async function freshTable(query: Query) {
  const h = createWorkbookHost();
  const r = await pullTable({ ...fx.deps, run: h.run }, query, NEW_SHEET);
  return readTable(h.run, r.write.tableName);
}

/** Each service field's column of the refreshed table (found by the recorded id) equals the fresh pull's. */
async function expectServiceColumnsFresh(name: string, query: Query) {
  const fresh = await freshTable(query);
  const s = await state(name);
  const record = await fx.record(name);
  expect(record.columns!.map((c) => c.field)).toEqual(expect.arrayContaining(fresh.headers));
  expect(s.values.length).toBe(fresh.values.length);
  for (const [k, field] of fresh.headers.entries()) {
    const id = record.columns!.find((c) => c.field === field)!.id;
    const at = s.ids.indexOf(id);
    expect([field, s.values.map((r) => r[at])]).toEqual([field, fresh.values.map((r) => r[k])]);
  }
}

const act = (batch: (ctx: Excel.RequestContext) => void) =>
  fx.host.run(async (ctx) => {
    batch(ctx);
    await ctx.sync();
  });

/**
 * What the user does: a calculated column and a notes column typed beside the table, notes in the first row and
 * the last rows, the revenue and period headers renamed, units moved next to the period and the notes between
 * two service columns, a values filter on a key column, and a formula on the table elsewhere.
 */
async function userWork(name: string, c: Case) {
  const s = await state(name);
  const w = s.headers.length;
  const last = s.values.length; // sheet row of the last body row (header in row 0)
  fx.host.typeCell(cell(s.sheet, 0, w), "per unit");
  fx.host.typeCell(cell(s.sheet, 1, w), CALC);
  fx.host.typeCell(cell(s.sheet, 0, w + 1), "note");
  fx.host.typeCell(cell(s.sheet, 1, w + 1), "first row: settled");
  fx.host.typeCell(cell(s.sheet, last - 12, w + 1), "'=looks like a formula");
  fx.host.typeCell(cell(s.sheet, last - 1, w + 1), 42);
  fx.host.typeCell(cell(s.sheet, last, w + 1), "promo week");
  fx.host.typeCell(cell(s.sheet, 0, s.headers.indexOf("revenue")), "Revenue GBP");
  fx.host.typeCell(cell(s.sheet, 0, 0), "Period");
  fx.host.moveTableColumn(name, s.headers.indexOf("units"), 1);
  fx.host.moveTableColumn(name, w + 1, 3);
  const key = c.keys[0];
  const shown = [...new Set(s.values.map((r) => String(r[s.headers.indexOf(key)])))].slice(0, 2);
  await act((ctx) => {
    ctx.workbook.tables.getItem(name).columns.getItem(key).filter.applyValuesFilter(shown);
    ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").formulas = [[`=SUM(${name}[per unit])`]];
  });
  return shown;
}

describe.each(CASES)("%s table", (_, c) => {
  test("user columns stay by row key, service columns are filled by id, the filter stays in force", async () => {
    const name = (await pullTable(fx.deps, c.query, { ...NEW_SHEET, rolling: true })).write.tableName;
    const shown = await userWork(name, c);
    const before = await state(name);
    const keyCols = ["Period", ...c.keys];
    const noteAt = before.headers.indexOf("note");
    const notes = new Map(keysOf(before, keyCols).map((k, i) => [k, before.formulas[i][noteAt]]));
    expect(before.hidden.some((h) => h)).toBe(true);

    fx.sim.simulator.setToday(c.next);
    const o = await refreshTable(fx.deps, await fx.record(name));
    expect(o.error).toBeUndefined();
    expect(o.status).toBe("refreshed");
    expect(o.rowsAdded).toBeGreaterThan(0);
    expect(o.warnings.join(" ")).not.toMatch(/per unit|note|did not send/);

    const after = await state(name);
    expect(after.headers).toEqual(before.headers); // the user's names, in the user's order
    expect(after.ids).toEqual(before.ids);
    await expectServiceColumnsFresh(name, { ...c.query, to: c.next });

    // Rows before the window: every cell as it was. Rows written: the notes their key had, the formula in all.
    const kept = before.values.length - o.rowsReplaced - o.rowsRemoved;
    expect(after.formulas.slice(0, kept)).toEqual(before.formulas.slice(0, kept));
    const calcAt = after.headers.indexOf("per unit");
    const keys = keysOf(after, keyCols);
    const newKeys = keys.filter((k) => !notes.has(k));
    expect(newKeys.length).toBe(o.rowsAdded);
    keys.forEach((k, i) => {
      expect([k, after.formulas[i][noteAt]]).toEqual([k, notes.get(k) ?? ""]);
      expect(after.formulas[i][calcAt]).toBe(CALC);
    });
    expect(after.formulas.map((r) => r[noteAt])).toEqual(
      expect.arrayContaining(["first row: settled", "=looks like a formula", 42, "promo week"]),
    );
    expect(after.values.find((r) => r[noteAt] === "=looks like a formula")).toBeDefined(); // still text

    // The filter: the same criteria, applied to every row (rewritten and new rows too).
    expect(after.criteria).toEqual(before.criteria);
    const keyAt = after.headers.indexOf(c.keys[0]);
    expect(after.hidden).toEqual(after.values.map((r) => !shown.includes(String(r[keyAt]))));
    const sheet1 = fx.host.snapshot().sheets.find((s) => s.name === "Sheet1")!;
    expect(sheet1.cells[0].formula).toBe(`=SUM(${name}[per unit])`);

    // The record keeps the ids, with the headers now; the next refresh loses nothing either.
    const record = await fx.record(name);
    expect(record.columns!.find((x) => x.field === "revenue")).toEqual(
      expect.objectContaining({ name: "Revenue GBP", id: before.ids[before.headers.indexOf("Revenue GBP")] }),
    );
    fx.sim.simulator.setToday(c.after);
    expect((await refreshTable(fx.deps, record)).status).toBe("refreshed");
    await expectServiceColumnsFresh(name, { ...c.query, to: c.after });
  });

  test("a deleted key column: refused by name before anything is fetched, nothing written", async () => {
    const name = (await pullTable(fx.deps, c.query, { ...NEW_SHEET, rolling: true })).write.tableName;
    await userWork(name, c);
    await act((ctx) => ctx.workbook.tables.getItem(name).columns.getItem("sku").getRange().delete("Left"));
    const before = fx.host.snapshot();
    await fx.sim.reset();
    fx.sim.simulator.setToday(c.next);
    const o = await refreshTable(fx.deps, await fx.record(name));
    expect(o.status).toBe("failed");
    expect(o.error).toBe(
      `The column "sku" was deleted from "${name}". Refresh finds the rows it replaces by their date, retailer, ` +
        "SKU and store, and fills in what describes them, so it cannot refresh the table without it. Nothing was " +
        "written. Undo the deletion if you can; otherwise get the data again as a new table.",
    );
    expect(fx.sim.count("/api/data")).toBe(0);
    expect(fx.host.snapshot().sheets).toEqual(before.sheets);
  });

  test("a record saved before column ids were kept: matched by header, user columns kept, ids recorded", async () => {
    const name = (await pullTable(fx.deps, c.query, { ...NEW_SHEET, rolling: true })).write.tableName;
    await updateManagedTables(fx.host.run, (ts) => ts.map(({ columns: _, ...t }) => t));
    const s = await state(name);
    fx.host.typeCell(cell(s.sheet, 0, s.headers.length), "note");
    fx.host.typeCell(cell(s.sheet, s.values.length, s.headers.length), "last row");
    fx.host.typeCell(cell(s.sheet, 0, 0), "Day"); // the period is still found: the column shown as a date
    const keyOf = (st: State) =>
      keysOf({ ...st, headers: [s.headers[0], ...st.headers.slice(1)] }, [s.headers[0], ...c.keys]);
    const key = keyOf(s)[s.values.length - 1];
    fx.sim.simulator.setToday(c.next);
    const o = await refreshTable(fx.deps, await fx.record(name));
    expect([o.status, o.warnings.join(" ")]).toEqual(["refreshed", expect.not.stringMatching(/note/)]);
    const after = await state(name);
    const row = keyOf(after).indexOf(key);
    expect(after.values[row][s.headers.length]).toBe("last row");
    expect(after.values.filter((r) => r[s.headers.length] !== "")).toHaveLength(1);
    const record = await fx.record(name);
    expect(record.columns!.map((x) => [x.id, x.field])).toEqual(s.headers.map((h, i) => [i + 1, h]));
    expect(record.columns![0].name).toBe("Day");
    await expectServiceColumnsFresh(name, { ...c.query, to: c.next });
  });
});

test("an older record upgraded on an empty answer keeps no layout: the key columns stay the service's", async () => {
  const query = CASES[1][1].query;
  const lagging = (drop: (day: string) => boolean) =>
    alteredClient(fx.client, (rows, field) => rows.filter((row) => !drop(String(row[field]).slice(0, 10))));
  // Pulled while the service had nothing for the last 10 days; a record saved before column ids were kept.
  const cut = "2026-11-14";
  const name = (await pullTable({ ...fx.deps, client: lagging((d) => d >= cut) }, query, NEW_SHEET)).write.tableName;
  await updateManagedTables(fx.host.run, (ts) => ts.map(({ columns: _, ...t }) => t));
  const s = await state(name);
  fx.host.typeCell(cell(s.sheet, 0, s.headers.length), "note");
  // The window starts after the table's last row; the service answers with no rows at all.
  const empty = await refreshTable({ ...fx.deps, client: lagging(() => true) }, await fx.record(name));
  expect(empty.status).toBe("refreshed");
  expect((await fx.record(name)).columns).toBeUndefined();
  // The next refresh gets rows: the key columns are filled like a fresh pull's, the note column is the user's.
  const o = await refreshTable(fx.deps, await fx.record(name));
  expect(o.status).toBe("refreshed");
  const record = await fx.record(name);
  expect(record.columns!.map((c) => c.field)).toEqual(s.headers);
  await expectServiceColumnsFresh(name, query);
});
