// The user's columns of a managed table (src/core/refresh/userColumns.ts): which columns are the service's (by id, or by
// header for an older record), a row's key, what each user cell of the rows a refresh writes becomes, what a
// cell written elsewhere must be to stay what it was, and whether a filter can stay in force.
import fc from "fast-check";
import { createWorkbookHost } from "../../dev/workbook-host";
import type { Column } from "../../src/core/answer/tabulate";
import { addDays, isIsoDate, ISO_DAY_CELLS } from "../../src/core/dates";
import { EXCEL_DAY_CELLS, excelRowKey } from "../../src/excel/excelDays";
import {
  cellInput,
  columnLayout,
  deletedColumns,
  deletedColumnsText,
  filterPlan,
  keyCellsOf,
  keyColumns,
  rowKey,
  userCells,
  type UserCell,
  type UserCellsInput,
} from "../../src/core/refresh/userColumns";

/** What keyCellsOf makes of a period cell that holds something but no day: one marker, whatever the text. */
const NOT_A_DAY = keyCellsOf(["total"], ISO_DAY_CELLS)[0];

const formula = fc.constantFrom("=RC[-1]*2", "=[@revenue]/[@units]", "=R1C1+1");
const constant = fc.oneof(
  fc.constantFrom("", "note", "=looks like a formula", "0012", "TRUE", "2026-01-02", "+Vita"),
  fc.integer({ min: -5, max: 5 }),
);
/** A cell as Excel reads it: a formula reads its computed value (#VALUE! in the host); a constant reads itself. */
const userCell: fc.Arbitrary<UserCell> = fc.oneof(
  formula.map((f) => ({ formula: f, value: "#VALUE!" })),
  constant.map((v) => ({ formula: v, value: v })),
);
const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom("a", "b", "c", "d", "e") }, fc.constant(null));

const input: fc.Arbitrary<UserCellsInput> = fc.integer({ min: 1, max: 3 }).chain((columns) =>
  fc.record({
    columns: fc.constant(columns),
    before: fc.option(fc.array(userCell, { minLength: columns, maxLength: columns }), { nil: undefined }),
    old: fc.array(fc.record({ key, cells: fc.array(userCell, { minLength: columns, maxLength: columns }) }), {
      maxLength: 8,
    }),
    keys: fc.array(key, { maxLength: 10 }),
  }),
);

/** A column where every row holds the same formula: what a calculated column looks like. */
const calculatedInput: fc.Arbitrary<UserCellsInput> = input.map((i) => ({
  ...i,
  before: i.before?.map((c, u) => (u === 0 ? { formula: "=[@x]*2", value: "#VALUE!" } : c)),
  old: i.old.map((r) => ({ ...r, cells: r.cells.map((c, u) => (u === 0 ? { formula: "=[@x]*2", value: 1 } : c)) })),
}));

const isEmpty = (c: UserCell | undefined) => cellInput(c) === "";

/** The old row each written row takes its user cells from: the k-th row written with a key gets the k-th old one. */
function matches(i: UserCellsInput): (number | null)[] {
  const used = new Set<number>();
  return i.keys.map((k) => {
    if (k === null) return null;
    const j = i.old.findIndex((r, n) => r.key === k && !used.has(n));
    if (j < 0) return null;
    used.add(j);
    return j;
  });
}

describe("userCells", () => {
  test("each row written ends with its key's cells, a calculated formula where it had none, or empty", () => {
    fc.assert(
      fc.property(fc.oneof(input, calculatedInput), (i) => {
        const plan = userCells(i);
        const src = matches(i);
        i.keys.forEach((_, n) => {
          for (let u = 0; u < i.columns; u++) {
            const w = plan.cells[n][u];
            const j = src[n];
            const calc = plan.calculated[u];
            const had = j === null ? undefined : i.old[j].cells[u];
            const expected = calc !== null && isEmpty(had) ? calc : j === null ? "" : cellInput(had);
            // What the cell holds after the write: null leaves what was there (nothing below the old rows).
            const ends = w === null ? cellInput(n < i.old.length ? i.old[n].cells[u] : undefined) : w;
            expect(ends).toEqual(expected);
            // A cell is written only where it changes: what it holds already is left as it is (null).
            if (w !== null) expect(w).not.toEqual(cellInput(n < i.old.length ? i.old[n].cells[u] : undefined));
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  test("a calculated column: all non-empty cells of the row before and the keyed old rows hold one formula", () => {
    fc.assert(
      fc.property(fc.oneof(input, calculatedInput), (i) => {
        const plan = userCells(i);
        for (let u = 0; u < i.columns; u++) {
          const cells = [i.before?.[u], ...i.old.filter((r) => r.key !== null).map((r) => r.cells[u])];
          const filled = cells.filter((c) => !isEmpty(c)).map((c) => cellInput(c));
          const one = filled.length > 0 && filled.every((f) => f === filled[0]) && String(filled[0]).startsWith("=");
          expect(plan.calculated[u]).toBe(one ? filled[0] : null);
        }
      }),
      { numRuns: 500 },
    );
    const every = { columns: 1, old: [{ key: "a", cells: [{ formula: "=[@x]*2", value: 1 }] }], keys: ["b", "a"] };
    // Row 0 (new by key) takes the place of a row holding the formula already: left as it is.
    expect(userCells(every)).toEqual({ cells: [[null], ["=[@x]*2"]], calculated: ["=[@x]*2"] });
  });

  test("a text that reads like a formula is written as text, a formula as a formula", () => {
    const old = [
      { key: "a", cells: [{ formula: "=looks like a formula", value: "=looks like a formula" }] },
      { key: "b", cells: [{ formula: "=RC[-1]*2", value: 4 }] },
    ];
    expect(userCells({ columns: 1, old, keys: ["b", "a", "c"] }).cells).toEqual([
      ["=RC[-1]*2"],
      ["'=looks like a formula"],
      [null],
    ]);
  });
});

describe("cellInput", () => {
  test("a constant written back through formulasR1C1 reads as it did (the host's data-entry rules)", async () => {
    const host = createWorkbookHost();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom("0012", "1,234", "-5", "TRUE", "false", "2026-01-02", "12:30", "'quoted", "50%", "+x", "@y"),
          fc.string({ maxLength: 6 }),
          fc.integer(),
          fc.boolean(),
        ),
        async (v) => {
          const read = await host.run(async (ctx) => {
            const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1");
            r.formulasR1C1 = [[cellInput({ formula: v, value: v })]];
            r.load("values");
            await ctx.sync();
            // eslint-disable-next-line office-addins/call-sync-after-load, office-addins/call-sync-before-read -- synced above
            return r.values[0][0] as unknown;
          });
          expect(read).toEqual(v);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("columnLayout", () => {
  const fields = ["date", "sku", "product_name", "revenue", "units"];

  test("with a record: each id's column holds its field wherever it moved and whatever it is called", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([1, 2, 3, 4, 5, 11, 12, 13], { minLength: 8, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        (order, renamed) => {
          const recorded = fields.map((f, i) => ({ id: i + 1, field: f, name: f }));
          const table = order.map((id, i) => ({
            id,
            name: renamed[i] ? `col ${id}` : (fields[id - 1] ?? `user ${id}`),
          }));
          const layout = columnLayout({ table, recorded, fields: [] });
          expect(layout.fields).toEqual(order.map((id) => fields[id - 1] ?? null));
          expect(layout.record).toEqual(
            table.flatMap((c) => (c.id <= 5 ? [{ id: c.id, field: fields[c.id - 1], name: c.name }] : [])),
          );
          expect(deletedColumns(table, recorded)).toEqual([]);
        },
      ),
    );
  });

  test("without a record: the period column as read, then headers exactly, then in any case; the rest are the user's", () => {
    const table = ["Day", "SKU", "note", "revenue", "Units", "per unit"].map((name, i) => ({ id: i + 1, name }));
    const layout = columnLayout({ table, fields, periodField: "date", periodIndex: 0 });
    expect(layout.fields).toEqual(["date", "sku", null, "revenue", "units", null]);
    expect(layout.record.map((r) => r.name)).toEqual(["Day", "SKU", "revenue", "Units"]);
  });

  test("a deleted service column is named, with its field when it was renamed", () => {
    const recorded = [
      { id: 1, field: "date", name: "date" },
      { id: 4, field: "revenue", name: "Revenue GBP" },
      { id: 5, field: "units", name: "units" },
    ];
    const gone = deletedColumns([{ id: 1, name: "date" }], recorded);
    expect(deletedColumnsText("Sales", gone)).toMatch(
      /^The columns "Revenue GBP \(the service's revenue\)" and "units" were deleted from "Sales"\. .* cannot refresh the table without them\. Nothing was written\./,
    );
  });
});

describe("row keys", () => {
  const columns: Column[] = [
    { name: "date", kind: "date" },
    { name: "sku", kind: "code" },
    { name: "product_name", kind: "text" },
    { name: "store_id", kind: "code" },
    { name: "revenue", kind: "decimal" },
  ];

  test("the period, then the SKU and store; without them every code and text column", () => {
    expect(keyColumns(columns, 0)).toEqual([0, 1, 3]);
    expect(keyColumns([columns[0], columns[2], columns[4]], 0)).toEqual([0, 1]);
    expect(keyColumns(columns, -1)).toEqual([]);
  });

  test("a table of several retailers: the retailer is part of the key, so a row's notes stay with its retailer", () => {
    const several: Column[] = [columns[0], { name: "retailer", kind: "text" }, ...columns.slice(1)];
    expect(keyColumns(several, 0)).toEqual([0, 1, 2, 4]);
  });

  test("equal keys for equal cells only, a code read back as a number and sent as text alike; none for a row without a period", () => {
    const cells = fc.tuple(
      fc.oneof(
        fc.integer({ min: 0, max: 2 }).map((d) => addDays("2025-12-09", d)),
        fc.constantFrom<unknown>("", null, undefined, NOT_A_DAY, 46000, "2025-12-32"),
      ),
      fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom("1", "2", "x", "", null)),
    );
    // The model: the period, then each code as text (an empty cell as "").
    const asText = (c: readonly unknown[]) =>
      JSON.stringify([c[0], ...c.slice(1).map((v) => (v == null ? "" : String(v)))]);
    fc.assert(
      fc.property(cells, cells, (a, b) => {
        if (!isIsoDate(a[0])) expect(rowKey(a)).toBeNull();
        else if (isIsoDate(b[0])) expect(rowKey(a) === rowKey(b)).toBe(asText(a) === asText(b));
      }),
    );
    // So the user's notes of a row whose SKU the table reads back as a number stay with it when the service
    // sends the SKU as text (src/excel/tables/userCells.ts keys both sides with excelRowKey, through rowKey).
    expect(rowKey(["2025-12-09", 100002])).toBe(rowKey(["2025-12-09", "100002"]));
    expect(rowKey(["2025-12-09", 1])).not.toBe(rowKey(["2025-12-10", 1]));
    // The key names its day by Excel's serial, as the written-keys records saved in workbooks since version 1 do;
    // a table's serial cells key as their days do.
    expect(rowKey(["2025-12-09", 100002])).toBe('[46000,"100002"]');
    expect(excelRowKey([46000, 100002])).toBe(rowKey(["2025-12-09", "100002"]));
    expect(excelRowKey(["2025-12-09", 1])).toBeNull();
  });

  test("a row's key cells as the rules read them: the period as the store's day, empty as it is, anything else not a day", () => {
    const row = (period: unknown) => [period, "northmart", 100002];
    expect(keyCellsOf(row(46000), EXCEL_DAY_CELLS)).toEqual(row("2025-12-09"));
    expect(keyCellsOf(row(46000.75), EXCEL_DAY_CELLS)).toEqual(row("2025-12-09"));
    expect(keyCellsOf(row("2025-12-09"), ISO_DAY_CELLS)).toEqual(row("2025-12-09"));
    for (const empty of ["", null, undefined]) {
      expect(keyCellsOf(row(empty), EXCEL_DAY_CELLS)).toEqual(row(empty));
      expect(keyCellsOf(row(empty), ISO_DAY_CELLS)).toEqual(row(empty));
    }
    // A day typed as text in Excel, a serial in a database, a total, a date of another form: not a day.
    for (const [cell, days] of [
      ["2025-12-09", EXCEL_DAY_CELLS],
      [46000, ISO_DAY_CELLS],
      ["Total", EXCEL_DAY_CELLS],
      ["09/12/2025", ISO_DAY_CELLS],
      [0, EXCEL_DAY_CELLS],
      [-1, EXCEL_DAY_CELLS],
    ] as const)
      expect(keyCellsOf(row(cell), days)).toEqual(row(NOT_A_DAY));
    // The cells given are not changed.
    const given = row(46000);
    keyCellsOf(given, EXCEL_DAY_CELLS);
    expect(given).toEqual(row(46000));
  });
});

describe("filterPlan", () => {
  const headers = ["date", "sku", "revenue"];
  const none = { filterOn: "Custom" };

  test("no criteria: nothing to do; values or custom criteria: applied again after the write", () => {
    expect(filterPlan("Sales", headers, [none, none, none])).toEqual({ kind: "none" });
    expect(filterPlan("Sales", headers, [])).toEqual({ kind: "none" });
    expect(filterPlan("Sales", headers, [none, { filterOn: "Values", values: ["1"] }, none])).toEqual({
      kind: "reapply",
    });
    expect(filterPlan("Sales", headers, [{ filterOn: "Dynamic", dynamicCriteria: "ThisWeek" }])).toEqual({
      kind: "reapply",
    });
    expect(filterPlan("Sales", headers, [none, none, { filterOn: "Custom", criterion1: ">100" }])).toEqual({
      kind: "reapply",
    });
  });

  test("a filter by colour or icon is refused with the column and how to clear it", () => {
    for (const [filterOn, words] of [
      ["CellColor", "cell colour"],
      ["FontColor", "font colour"],
      ["Icon", "icon"],
    ]) {
      expect(filterPlan("Sales", headers, [none, none, { filterOn }])).toEqual({
        kind: "refuse",
        message:
          `"Sales" is filtered by ${words} on "revenue", which refresh cannot keep: the rows it rewrites do not carry ` +
          'the colours and icons of the rows they replace. Clear that filter (the filter button of "revenue" > Clear ' +
          'Filter From "revenue"), refresh, then filter again. Nothing was written.',
      });
    }
  });
});
