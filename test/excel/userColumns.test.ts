// replaceTail with the user's columns beside the service's (src/excel/tables/userCells.ts): service columns found
// by TableColumn.id wherever they moved, user cells following their row's key when rows shift (relative formulas
// adjusted, through formulasR1C1), a calculated column's formula in rows new by key, notes empty there, a user
// column between two service columns never given service data; the direct and the staged path; the AutoFilter
// applied again; what it costs in syncs.
import { PAYLOAD_LIMIT_BYTES } from "../../dev/workbook-host";
import { replaceTail, type TailReplacement } from "../../src/excel/tables";
import { COLUMNS, DAY, dayTable, rows, type Table } from "./support/dayTable";

/**
 * Days 0..3 of SKUs 1..3, then the user: a calculated column (=[@revenue]*2), a notes column moved between sku
 * and revenue, notes on day 2 SKU 2 and day 3 SKU 3, and on day 3 SKU 1 a relative formula (=D{row}*10).
 */
async function decorated(): Promise<Table> {
  const t = await dayTable([0, 1, 2, 3], [1, 2, 3]);
  const { host, sheet } = t;
  host.typeCell(`'${sheet}'!D1`, "double");
  host.typeCell(`'${sheet}'!D2`, "=[@revenue]*2");
  host.typeCell(`'${sheet}'!E1`, "note");
  host.typeCell(`'${sheet}'!E9`, "day 2 sku 2");
  host.typeCell(`'${sheet}'!E13`, "day 3 sku 3");
  host.moveTableColumn(t.name, 4, 2);
  host.typeCell(`'${sheet}'!C11`, "=D11*10");
  return t;
}

/** The table's cells as formulas (a formula reads as written), header first. */
async function formulas(t: Table): Promise<unknown[][]> {
  return t.host.run(async (ctx) => {
    const r = ctx.workbook.tables.getItem(t.name).getRange().load("formulas");
    await ctx.sync();
    return r.formulas;
  });
}

/** Replaces days 2.. with day 2 (SKUs 1, 4, 2, 3: SKU 4 new, between), day 3 without SKU 2, and a new day 4. */
function revision(t: Table, limits?: TailReplacement["limits"]): TailReplacement {
  return {
    periodColumn: "day",
    cutoff: DAY + 2,
    data: { columns: COLUMNS, values: [...rows([2], [1, 4, 2, 3], 0.5), ...rows([3], [1, 3], 0.5), ...rows([4], [1])] },
    service: t.service,
    limits,
  };
}

const EXPECTED = [
  ["day", "sku", "note", "revenue", "double"],
  ...rows([0, 1], [1, 2, 3]).map(([d, s, r]) => [d, s, "", r, "=[@revenue]*2"]),
  [DAY + 2, 1, "", 2.501, "=[@revenue]*2"],
  [DAY + 2, 4, "", 2.504, "=[@revenue]*2"], // new by key: the formula, no note
  [DAY + 2, 2, "day 2 sku 2", 2.502, "=[@revenue]*2"], // moved down one row: its note with it
  [DAY + 2, 3, "", 2.503, "=[@revenue]*2"],
  [DAY + 3, 1, "=D12*10", 3.501, "=[@revenue]*2"], // moved down one row: the relative formula follows
  [DAY + 3, 3, "day 3 sku 3", 3.503, "=[@revenue]*2"],
  [DAY + 4, 1, "", 4.001, "=[@revenue]*2"],
];

describe.each([
  ["in one write", undefined],
  ["staged on the hidden sheet", { rows: 2 }],
])("replaceTail with user columns, %s", (_, limits) => {
  test("service columns by id; user cells follow their keys; calculated formula in new rows", async () => {
    const t = await decorated();
    const result = await replaceTail(t.host.run, t.name, revision(t, limits));
    expect(result).toEqual(
      expect.objectContaining({ removed: 6, added: 7, kept: 6, staged: !!limits, filterReapplied: false }),
    );
    expect(result.userColumns).toEqual(["note", "double"]);
    expect(await formulas(t)).toEqual(EXPECTED);
  });
});

test("a SKU the table reads back as a number and the service now sends as text is the same row: its notes stay", async () => {
  const t = await decorated();
  const rep = revision(t);
  const asText = { ...rep, data: { ...rep.data, values: rep.data.values.map(([d, s, r]) => [d, String(s), r]) } };
  await replaceTail(t.host.run, t.name, asText);
  const notes = (await formulas(t)).map((r) => r[2]);
  expect(notes).toEqual(EXPECTED.map((r) => r[2]));
});

test("a renamed, moved service column is filled where it is; a deleted one is refused by name, nothing written", async () => {
  const t = await decorated();
  t.host.typeCell(`'Sales'!D1`, "Revenue GBP");
  t.host.moveTableColumn(t.name, 3, 0);
  await replaceTail(t.host.run, t.name, revision(t));
  const moved = EXPECTED.map((r) => [r[3], r[0], r[1], r[2], r[4]]);
  moved[0][0] = "Revenue GBP";
  expect(await formulas(t)).toEqual(moved);

  await t.host.run(async (ctx) => {
    ctx.workbook.tables.getItem(t.name).columns.getItem("sku").getRange().delete("Left");
    await ctx.sync();
  });
  const before = t.host.snapshot();
  await expect(replaceTail(t.host.run, t.name, revision(t))).rejects.toThrow(
    /^The column "sku" was deleted from "Sales"\. Refresh finds the rows it replaces by their date, retailer, SKU and store/,
  );
  expect(t.host.snapshot()).toEqual(before);
});

test("a filter stays in force and is applied again: new and rewritten rows filtered like the rest", async () => {
  const t = await decorated();
  await t.host.run(async (ctx) => {
    ctx.workbook.tables.getItem(t.name).columns.getItem("sku").filter.applyValuesFilter(["1", "4"]);
    await ctx.sync();
  });
  const result = await replaceTail(t.host.run, t.name, revision(t));
  expect(result.filterReapplied).toBe(true);
  const snap = t.host.snapshot();
  const shown = EXPECTED.slice(1).map((r) => r[1] === 1 || r[1] === 4);
  expect(snap.sheets.find((s) => s.name === "Sales")!.hiddenRows).toEqual(shown.flatMap((v, i) => (v ? [] : [i + 1])));
  expect(snap.tables[0].filtered).toBe(true);
});

test("syncs: a table without user columns as before; with them one more, to read the old window's user cells", async () => {
  const count = async (t: Table, rep: TailReplacement) => {
    t.host.stats.reset();
    await replaceTail(t.host.run, t.name, rep);
    return t.host.stats.syncs;
  };
  const plain = await dayTable([0, 1, 2, 3], [1, 2, 3]);
  const byHeader = await count({ ...plain, service: [] }, { ...revision({} as Table), service: undefined });
  const byIds = await dayTable([0, 1, 2, 3], [1, 2, 3]);
  const byId = await count(byIds, revision(byIds));
  const decoratedTable = await decorated();
  const withUser = await count(decoratedTable, revision(decoratedTable));
  expect(byId).toBe(byHeader);
  expect(withUser).toBe(byHeader + 1);
});

describe("a big window whose rows shift by one key (a SKU missing on the first day)", () => {
  const SKUS = Array.from({ length: 3000 }, (_, i) => i + 1);
  /** Days 0..8 of every SKU; the window is days 2..8 (21,000 rows), SKU 1 missing on day 2. */
  const big = () => dayTable([0, 1, 2, 3, 4, 5, 6, 7, 8], SKUS);
  const shifted = (t: Table, limits?: TailReplacement["limits"]): TailReplacement => ({
    periodColumn: "day",
    cutoff: DAY + 2,
    data: { columns: COLUMNS, values: [...rows([2], SKUS.slice(1), 0.5), ...rows([3, 4, 5, 6, 7, 8], SKUS, 0.5)] },
    service: t.service,
    limits,
  });

  test("calculated columns are not rewritten: the commit stays under the payload limit (it went over it)", async () => {
    const t = await big();
    // Three calculated columns with long formulas: 21,000 rows of them came to about 5.7 MB in one commit.
    const ops = ["*", "+", "-"];
    const long = (op: string) => `=[@revenue]${op}2+0*LEN("${"x".repeat(60)}")`;
    ops.forEach((op, k) => {
      const col = "DEF"[k];
      t.host.typeCell(`'${t.sheet}'!${col}1`, `calc ${k}`);
      t.host.typeCell(`'${t.sheet}'!${col}2`, long(op));
    });
    t.host.stats.reset();
    const result = await replaceTail(t.host.run, t.name, shifted(t));
    expect(result).toEqual(expect.objectContaining({ removed: 21000, added: 20999, kept: 6000 }));
    expect(t.host.stats.maxRequestBytes).toBeLessThan(PAYLOAD_LIMIT_BYTES);
    // Every row still holds the formulas (the snapshot reads the cells without a request).
    const snap = t.host.snapshot();
    const cells = snap.sheets.find((s) => s.name === t.sheet)!.cells;
    expect(snap.tables[0].rowCount).toBe(6000 + 20999);
    for (const [k, op] of ops.entries()) {
      const column = cells.filter((c) => c.column === 3 + k && c.row > 0);
      expect(column.length).toBe(6000 + 20999);
      expect(column.every((c) => c.formula === long(op))).toBe(true);
    }
    const first = cells.filter((c) => c.row === 6001 && c.column < 3).map((c) => c.value);
    expect(first).toEqual([DAY + 2, 2, 2.502]);
  });

  test("user cells that must move but cannot fit one request: refused before anything is written", async () => {
    const t = await big();
    t.host.typeCell(`'${t.sheet}'!D1`, "note");
    await t.host.run(async (ctx) => {
      const notes = SKUS.flatMap((_, i) =>
        [0, 1, 2, 3, 4, 5, 6, 7, 8].map((d) => [`note ${d}/${i} ${"n".repeat(60)}`]),
      );
      ctx.workbook.tables.getItem(t.name).columns.getItem("note").getDataBodyRange().values = notes;
      await ctx.sync();
    });
    const before = t.host.snapshot();
    // 21,000 notes of about 75 bytes must move up one row: about 1.6 MB, over a budget of 0.2 MB.
    await expect(replaceTail(t.host.run, t.name, shifted(t, { bytes: 200_000 }))).rejects.toThrow(
      /^Refresh would have to rewrite 1\.6 MB of your own columns in "Sales" \(note\) .* Nothing was written\. Clear a big notes column/,
    );
    expect(t.host.snapshot()).toEqual(before);
  });
});
