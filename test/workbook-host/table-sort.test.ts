// Table.sort (ExcelApi 1.2): apply sorts whole body rows and remembers the sort by column; reapply sorts the rows as
// they are now; clear forgets it. Excel's order, blanks last, stability, formulas moved as copied, hidden rows kept
// in place, and what the host refuses.
import { createWorkbookHost } from "../../dev/workbook-host";

type Host = ReturnType<typeof createWorkbookHost>;
type Ctx = Excel.RequestContext;

/** "Sales" on Data!A1:C5: week, store, revenue (rows in week order). */
async function salesTable(rows: (string | number | boolean)[][] = WEEKS) {
  const host = createWorkbookHost({ sheets: ["Data"] });
  await host.run(async (ctx) => {
    const t = ctx.workbook.worksheets.getItem("Data").tables.add("A1:C1", true);
    t.name = "Sales";
    t.getHeaderRowRange().values = [["week", "store", "revenue"]];
    t.rows.add(undefined, rows);
    await ctx.sync();
  });
  return host;
}

const WEEKS = [
  [1, "Leeds", 200],
  [2, "York", 500],
  [3, "Hull", 200],
  [4, "Bath", 350],
];

async function act(host: Host, f: (ctx: Ctx, t: Excel.Table) => void) {
  await host.run(async (ctx) => {
    f(ctx, ctx.workbook.tables.getItem("Sales"));
    await ctx.sync();
  });
}

/** The body's values, row by row. */
const body = (host: Host) => host.sheetValues("Data").slice(1);
const column = (host: Host, c: number) => body(host).map((r) => r[c]);

async function sortState(host: Host) {
  return host.run(async (ctx) => {
    const s = ctx.workbook.tables.getItem("Sales").sort.load("fields,matchCase,method");
    await ctx.sync();
    return { fields: s.fields, matchCase: s.matchCase, method: s.method };
  });
}

function cellAt(host: Host, address: string) {
  return host.snapshot().sheets[0].cells.find((c) => c.address === address);
}

describe("Table.sort.apply", () => {
  test("sorts whole rows by revenue, largest first; ties keep their order; the sort is remembered", async () => {
    const host = await salesTable();
    expect(await sortState(host)).toEqual({ fields: [], matchCase: false, method: "PinYin" });
    await act(host, (_, t) => t.sort.apply([{ key: 2, ascending: false }]));
    expect(body(host)).toEqual([
      [2, "York", 500],
      [4, "Bath", 350],
      [1, "Leeds", 200], // a tie with Hull: stays first
      [3, "Hull", 200],
    ]);
    expect(await sortState(host)).toEqual({
      fields: [{ key: 2, ascending: false, sortOn: "Value", dataOption: "Normal" }],
      matchCase: false,
      method: "PinYin",
    });
    expect(host.snapshot().tables[0].sort).toEqual([{ key: 2, ascending: false }]);
  });

  test("Excel's order: numbers, text (any case), FALSE, TRUE, errors; blanks last in both directions", async () => {
    const host = await salesTable([
      [1, "b", ""],
      [2, "A", true],
      [3, "x", 5],
      [4, "y", false],
      [5, "z", "=1/0"],
      [6, "a", -2],
      [7, "B", "beta"],
    ]);
    await act(host, (_, t) => t.sort.apply([{ key: 2 }]));
    expect(column(host, 0)).toEqual([6, 3, 7, 4, 2, 5, 1]); // -2, 5, beta, FALSE, TRUE, #VALUE!, blank
    await act(host, (_, t) => t.sort.apply([{ key: 2, ascending: false }]));
    expect(column(host, 0)).toEqual([5, 2, 4, 7, 3, 6, 1]); // the blank row still last
    await act(host, (_, t) => t.sort.apply([{ key: 1 }]));
    expect(column(host, 1)).toEqual(["A", "a", "B", "b", "x", "y", "z"]); // case-insensitive; ties keep their order
  });

  test("several fields: the first decides, the next breaks its ties; TextAsNumber compares numeric text as numbers", async () => {
    const host = await salesTable([
      [1, "York", "'10"],
      [2, "Hull", "'9"],
      [3, "York", "'2"],
      [4, "Hull", "'30"],
    ]);
    await act(host, (_, t) => t.sort.apply([{ key: 1 }, { key: 2, ascending: false }]));
    expect(column(host, 0)).toEqual([2, 4, 3, 1]); // as text, Hull "9" > "30" and York "2" > "10"
    await act(host, (_, t) => t.sort.apply([{ key: 1 }, { key: 2, ascending: false, dataOption: "TextAsNumber" }]));
    expect(column(host, 0)).toEqual([4, 2, 1, 3]); // Hull 30, 9; York 10, 2
  });

  test("moves formats, text prefixes and formulas (relative rows shift as copied; off the sheet: #REF!); cells beside the table and formulas pointing in stay", async () => {
    // Microsoft KB 40401's example, under a header row: B holds =A4, =A3, =A2 (the week of the row below, of its
    // own row, of the row above) and C the same with $; sorting by A ascending reverses the rows.
    const host = createWorkbookHost({ sheets: ["Data"] });
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      s.getRange("A1:D4").formulas = [
        ["n", "rel", "abs", "note"],
        [3, "=A4", "=$A$4", "'=not a formula"],
        [2, "=A3", "=$A$3", "plain"],
        [1, "=A2", "=$A$2", "x"],
      ];
      s.getRange("A2").numberFormat = [["0.0"]];
      s.getRange("E2:E4").values = [["beside 2"], ["beside 3"], ["beside 4"]];
      s.getRange("G2").formulas = [["=D2"]];
      s.tables.add("A1:D4", true).name = "Sales";
      await ctx.sync();
    });
    await act(host, (_, t) => t.sort.apply([{ key: 0 }]));
    const formulas = await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Data").getRange("A2:G4").load("formulas,numberFormat");
      await ctx.sync();
      return { f: r.formulas, nf: r.numberFormat.map((row) => row[0]) };
    });
    expect(formulas.f).toEqual([
      [1, "=#REF!", "=$A$2", "x", "beside 2", "", "=D2"],
      [2, "=A3", "=$A$3", "plain", "beside 3", "", ""],
      [3, "=A6", "=$A$4", "=not a formula", "beside 4", "", ""],
    ]);
    expect(formulas.nf).toEqual(["General", "General", "0.0"]);
    expect(cellAt(host, "D4")).toMatchObject({ value: "=not a formula", quotePrefix: true });
  });

  test("with a filter in force, hidden rows stay where they are; the visible rows are sorted among themselves", async () => {
    const host = await salesTable([
      [1, "Leeds", 200],
      [2, "York", 50],
      [3, "Hull", 400],
      [4, "Bath", 70],
      [5, "Ely", 300],
    ]);
    await act(host, (_, t) => t.autoFilter.apply(t.getRange(), 2, { filterOn: "Custom", criterion1: ">100" }));
    await act(host, (_, t) => t.sort.apply([{ key: 2, ascending: false }]));
    expect(column(host, 0)).toEqual([3, 2, 5, 4, 1]); // rows 3 and 5 (York, Bath) hidden: not moved
    expect(host.snapshot().sheets[0].hiddenRows).toEqual([2, 4]);
  });

  test("refuses what it does not model or Excel does not take; a refused sort changes nothing", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.sort.apply([{ key: 2, ascending: false }]));
    const before = body(host);
    const refused = async (fields: Excel.SortField[], code: string, matchCase?: boolean, method?: string) => {
      await expect(
        act(host, (_, t) => t.sort.apply(fields, matchCase, method as Excel.SortMethod)),
      ).rejects.toMatchObject({ code });
      expect(body(host)).toEqual(before);
      expect((await sortState(host)).fields).toEqual([expect.objectContaining({ key: 2, ascending: false })]);
    };
    await refused([], "InvalidArgument");
    await refused([{ key: 3 }], "InvalidArgument");
    await refused([{ key: 0 }, { key: 0, ascending: false }], "InvalidArgument");
    await refused([{ key: 0, sortOn: "CellColor", color: "#FF0000" }], "NotImplemented");
    await refused([{ key: 0, icon: { set: "ThreeArrows", index: 0 } }], "NotImplemented");
    await refused([{ key: 0, subField: "price" }], "NotImplemented");
    await refused([{ key: 1 }], "NotImplemented", true);
    await refused([{ key: 1 }], "NotImplemented", false, "StrokeCount");
    await refused([{ key: 1 }], "InvalidArgument", false, "Alphabetical");
  });

  test("a protected sheet refuses sorting, even with allowSort (every cell is locked)", async () => {
    const host = await salesTable();
    await act(host, (ctx) => ctx.workbook.worksheets.getItem("Data").protection.protect({ allowSort: true }));
    await expect(act(host, (_, t) => t.sort.apply([{ key: 2 }]))).rejects.toMatchObject({ code: "AccessDenied" });
    expect(column(host, 0)).toEqual([1, 2, 3, 4]);
  });
});

describe("the remembered sort: reapply, clear, and changes to the table", () => {
  test("rows written, added below or resized into are not sorted until reapply, which sorts them all", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.sort.apply([{ key: 2, ascending: false }]));
    await act(host, (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      s.getRange("C5").values = [[900]]; // Hull's revenue revised (the last row)
      s.getRange("A6:C6").values = [[5, "Ely", 600]]; // written below: the table grows over it
    });
    await act(host, (_, t) => t.rows.add(undefined, [[6, "Wells", 100]]));
    await act(host, (_, t) => t.resize("A1:C8"));
    await act(host, (ctx) => (ctx.workbook.worksheets.getItem("Data").getRange("A8:C8").values = [[7, "Ripon", 800]]));
    expect(column(host, 2)).toEqual([500, 350, 200, 900, 600, 100, 800]); // nothing moved by itself
    await act(host, (_, t) => t.sort.reapply());
    expect(column(host, 2)).toEqual([900, 800, 600, 500, 350, 200, 100]);
  });

  test("the sort follows its column when the column moves and when the table is renamed", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.sort.apply([{ key: 2, ascending: false }]));
    host.moveTableColumn("Sales", 2, 0); // revenue first
    await act(host, (_, t) => (t.name = "Weekly"));
    await host.run(async (ctx) => {
      const t = ctx.workbook.tables.getItem("Weekly");
      t.getDataBodyRange().getCell(0, 0).values = [[10]]; // York's revenue down to 10
      t.sort.reapply();
      const s = t.sort.load("fields");
      await ctx.sync();
      expect(s.fields).toEqual([expect.objectContaining({ key: 0, ascending: false })]);
    });
    expect(column(host, 0)).toEqual([350, 200, 200, 10]);
  });

  test("a sorted column deleted takes its condition with it; with none left, reapply is refused", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.sort.apply([{ key: 2, ascending: false }, { key: 0 }]));
    await act(host, (_, t) => t.columns.getItem("revenue").delete());
    expect((await sortState(host)).fields).toEqual([expect.objectContaining({ key: 0, ascending: true })]);
    await act(host, (_, t) => t.columns.getItem("week").delete());
    expect((await sortState(host)).fields).toEqual([]);
    await expect(act(host, (_, t) => t.sort.reapply())).rejects.toMatchObject({ code: "InvalidOperation" });
  });

  test("clear forgets the sort without moving a row; reapply then fails (InvalidOperation)", async () => {
    const host = await salesTable();
    await act(host, (_, t) => t.sort.apply([{ key: 2, ascending: false }]));
    const sorted = body(host);
    await act(host, (_, t) => t.sort.clear());
    expect(body(host)).toEqual(sorted);
    expect((await sortState(host)).fields).toEqual([]);
    expect(host.snapshot().tables[0].sort).toEqual([]);
    await expect(act(host, (_, t) => t.sort.reapply())).rejects.toMatchObject({ code: "InvalidOperation" });
  });
});
