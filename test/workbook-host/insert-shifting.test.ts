/* The rule's static heuristic misreads isNullObject read after a sync. */ /* eslint-disable office-addins/call-sync-before-read */
// Range.insert(Down) over part of a sheet, as Excel does it: what moves (values, formulas, formats, whole tables,
// merged areas and spills inside the shifted columns), what stays (cells beside them), how formulas are rewritten
// to point at the same cells, and what Excel refuses (part of a table, a merged area, a pivot table, cells pushed
// off the sheet), changing nothing. Also Range.merge/unmerge/getMergedAreasOrNullObject, spills (host.typeSpill,
// hasSpill, getSpillingToRangeOrNullObject, getSpillParentOrNullObject) and Range.getTables.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";

const down = "Down" as Excel.InsertShiftDirection;
type Ctx = Excel.RequestContext;

const act = (host: WorkbookHost, batch: (ctx: Ctx) => void) =>
  host.run(async (ctx) => {
    batch(ctx);
    await ctx.sync();
  });
const sheet = (ctx: Ctx, name = "Data") => ctx.workbook.worksheets.getItem(name);

/** A cell's formula (or value) and number format as the snapshot has them. */
function cellAt(host: WorkbookHost, address: string, sheetName = "Data") {
  const c = host
    .snapshot()
    .sheets.find((s) => s.name === sheetName)!
    .cells.find((x) => x.address === address);
  return c && { value: c.value, formula: c.formula, numberFormat: c.numberFormat };
}

/** Data: a table B1:D4 (three body rows), cells below it in B:D and beside it in A and E. */
async function sheetWithTable(): Promise<WorkbookHost> {
  const host = createWorkbookHost({ sheets: ["Data", "Report"] });
  await act(host, (ctx) => {
    const s = sheet(ctx);
    s.getRange("B1:D4").values = [
      ["day", "sku", "revenue"],
      [1, 10, 5],
      [2, 11, 6],
      [3, 12, 7],
    ];
    s.tables.add("B1:D4", true).name = "Sales";
    s.getRange("C7").values = [["a note"]];
    s.getRange("D7").numberFormat = [["0.00"]];
    s.getRange("D7").values = [[12.5]];
    s.getRange("B8").formulas = [["=SUM(Sales[revenue])+D7+E7"]];
    s.getRange("E7").values = [["beside"]];
    s.getRange("A9").values = [["left of it"]];
  });
  return host;
}

describe("Range.insert(Down) over some columns", () => {
  test("cells in the shifted columns move with their formats and formulas; cells beside them stay", async () => {
    const host = await sheetWithTable();
    await act(host, (ctx) => void sheet(ctx).getRange("B5:D7").insert(down));
    expect(cellAt(host, "C10")).toEqual({ value: "a note", formula: undefined, numberFormat: undefined });
    expect(cellAt(host, "D10")).toEqual({ value: 12.5, formula: undefined, numberFormat: "0.00" });
    // D7 moved to D10; E7 did not: the formula follows one and not the other.
    expect(cellAt(host, "B11")?.formula).toBe("=SUM(Sales[revenue])+D10+E7");
    expect(cellAt(host, "E7")?.value).toBe("beside");
    expect(cellAt(host, "A9")?.value).toBe("left of it");
    expect(["C7", "D7", "B8"].map((a) => cellAt(host, a))).toEqual([undefined, undefined, undefined]);
    expect(host.snapshot().tables[0].address).toBe("Data!B1:D4"); // inserted below it: not part of it
  });

  test("references: moved cells, a range the insertion falls inside, a split range, other sheets, names", async () => {
    const host = await sheetWithTable();
    await act(host, (ctx) => {
      const s = sheet(ctx);
      s.getRange("G1:G6").formulas = [
        ["=C7&$D$7"], // both move
        ["=SUM(D2:D9)"], // the insertion falls inside: grows
        ["=SUM(A7:E7)"], // only some of its columns move: stays
        ["=SUM(D2:D4)"], // above the insertion: stays
        ['="C7"&LOG10(100)&Sales[@revenue]'], // text, a function name, a structured reference
        ["=D1048575"], // pushed off the sheet
      ];
      sheet(ctx, "Report").getRange("A1:A2").formulas = [["=Data!C7+'Data'!$D7:$D8"], ["=C7"]];
      ctx.workbook.names.add("Total", s.getRange("D7:D8"));
    });
    await act(host, (ctx) => void sheet(ctx).getRange("B5:D7").insert(down));
    expect(["G1", "G2", "G3", "G4", "G5", "G6"].map((a) => cellAt(host, a)?.formula)).toEqual([
      "=C10&$D$10",
      "=SUM(D2:D12)",
      "=SUM(A7:E7)",
      "=SUM(D2:D4)",
      '="C7"&LOG10(100)&Sales[@revenue]',
      "=#REF!",
    ]);
    expect(cellAt(host, "A1", "Report")?.formula).toBe("=Data!C10+'Data'!$D10:$D11");
    expect(cellAt(host, "A2", "Report")?.formula).toBe("=C7"); // Report's own C7
    expect(host.snapshot().names.find((n) => n.name === "Total")?.formula).toBe("=Data!$D$10:$D$11");
  });

  test("a table entirely inside the shifted columns moves whole; one partly inside is refused with Excel's words", async () => {
    const host = await sheetWithTable();
    await act(host, (ctx) => void sheet(ctx).tables.add("C12:D13", true));
    await act(host, (ctx) => void sheet(ctx).getRange("B5:D7").insert(down));
    expect(host.snapshot().tables.map((t) => t.address)).toEqual(["Data!B1:D4", "Data!C15:D16"]);
    await act(host, (ctx) => void sheet(ctx).tables.add("D20:F21", true));
    const before = host.snapshot();
    await expect(act(host, (ctx) => void sheet(ctx).getRange("B5:D5").insert(down))).rejects.toMatchObject({
      code: "InsertDeleteConflict",
      message: expect.stringContaining(
        "This operation is not allowed. The operation is attempting to shift cells in a table on your worksheet.",
      ),
    });
    expect(host.snapshot()).toEqual(before);
  });

  test("cells pushed off the end of the sheet: refused, nothing changed", async () => {
    const host = await sheetWithTable();
    await act(host, (ctx) => void (sheet(ctx).getRange("C1048576").values = [["last"]]));
    const before = host.snapshot();
    await expect(act(host, (ctx) => void sheet(ctx).getRange("B5:D6").insert(down))).rejects.toMatchObject({
      code: "NonBlankCellOffSheet",
    });
    expect(host.snapshot()).toEqual(before);
  });

  test("a pivot table report in the shifted cells: refused as Excel does, nothing changed", async () => {
    const host = await sheetWithTable();
    await act(host, (ctx) => {
      const p = sheet(ctx).pivotTables.add("P", ctx.workbook.tables.getItem("Sales"), "C20");
      p.dataHierarchies.add(p.hierarchies.getItem("revenue"));
    });
    const before = host.snapshot();
    await expect(act(host, (ctx) => void sheet(ctx).getRange("B5:D5").insert(down))).rejects.toMatchObject({
      code: "InvalidOperation",
      message: expect.stringContaining("because it will affect a PivotTable"),
    });
    expect(host.snapshot()).toEqual(before);
    await act(host, (ctx) => void sheet(ctx).getRange("H5:I5").insert(down)); // beside it: allowed
  });

  test("Range.getTables: overlapping, or fully inside", async () => {
    const host = await sheetWithTable();
    await act(host, (ctx) => {
      sheet(ctx).tables.add("C12:D13", true).name = "Inside";
      sheet(ctx).tables.add("D20:F21", true).name = "Across";
    });
    await host.run(async (ctx) => {
      const below = sheet(ctx).getRange("B5:D1048576");
      const touching = below.getTables(false).load("items/name");
      const inside = below.getTables(true).load("items/name");
      await ctx.sync();
      expect(touching.items.map((t) => t.name)).toEqual(["Inside", "Across"]);
      expect(inside.items.map((t) => t.name)).toEqual(["Inside"]);
    });
  });
});

describe("merged cells", () => {
  test("merge keeps the top-left value; the areas are listed; unmerge; a table refuses them", async () => {
    const host = await sheetWithTable();
    await act(host, (ctx) => {
      sheet(ctx).getRange("C7:D8").merge();
      sheet(ctx).getRange("F1:G2").merge(true);
    });
    expect(cellAt(host, "C7")?.value).toBe("a note");
    expect(cellAt(host, "D7")).toBeUndefined(); // cleared by the merge
    expect(host.snapshot().sheets[0].mergedAreas).toEqual(["F1:G1", "F2:G2", "C7:D8"]);
    await host.run(async (ctx) => {
      const none = sheet(ctx).getRange("A20:Z30").getMergedAreasOrNullObject();
      const some = sheet(ctx).getRange("D8:G8").getMergedAreasOrNullObject().load("address, areaCount, cellCount");
      const areas = some.areas.load("items/rowIndex, items/columnIndex, items/rowCount, items/columnCount");
      await ctx.sync();
      expect(none.isNullObject).toBe(true);
      expect([some.address, some.areaCount, some.cellCount]).toEqual(["Data!C7:D8", 1, 4]);
      expect(areas.items.map((a) => [a.rowIndex, a.columnIndex, a.rowCount, a.columnCount])).toEqual([[6, 2, 2, 2]]);
    });
    await expect(act(host, (ctx) => sheet(ctx).getRange("B3:C3").merge())).rejects.toMatchObject({
      code: "InvalidOperation",
    });
    await expect(
      act(host, (ctx) => void ctx.workbook.tables.getItem("Sales").resize("Data!B1:D8")),
    ).rejects.toMatchObject({ code: "InvalidOperation", message: expect.stringContaining("merged cells (C7:D8)") });
    await act(host, (ctx) => sheet(ctx).getRange("D8").unmerge());
    expect(host.snapshot().sheets[0].mergedAreas).toEqual(["F1:G1", "F2:G2"]);
  });

  test("an insert moves a merged area inside its columns and refuses one across their edge, changing nothing", async () => {
    const host = await sheetWithTable();
    await act(host, (ctx) => sheet(ctx).getRange("C9:D9").merge());
    await act(host, (ctx) => void sheet(ctx).getRange("B5:D6").insert(down));
    expect(host.snapshot().sheets[0].mergedAreas).toEqual(["C11:D11"]);
    await act(host, (ctx) => sheet(ctx).getRange("A20:B20").merge());
    const before = host.snapshot();
    await expect(act(host, (ctx) => void sheet(ctx).getRange("B5:D6").insert(down))).rejects.toMatchObject({
      code: "InvalidOperation",
      message: "We can't do that to a merged cell. (the insertion would move part of A20:B20)",
    });
    expect(host.snapshot()).toEqual(before);
  });
});

describe("spills", () => {
  const values = async (host: WorkbookHost, address: string) =>
    host.run(async (ctx) => {
      const r = sheet(ctx).getRange(address).load("values");
      await ctx.sync();
      return r.values;
    });

  test("a spilling formula: its cells, hasSpill, the spill range and its parent; blocked where not empty", async () => {
    const host = await sheetWithTable();
    host.typeSpill("Data!F10", "=SEQUENCE(2,2)", [
      [1, 2],
      [3, 4],
    ]);
    expect(await values(host, "F10:G11")).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(cellAt(host, "F10")?.formula).toBe("=SEQUENCE(2,2)");
    await host.run(async (ctx) => {
      const s = sheet(ctx);
      const [all, none, some] = ["F10:G11", "A1:B2", "F10:H10"].map((a) => s.getRange(a).load("hasSpill"));
      const to = s.getRange("F10").getSpillingToRangeOrNullObject().load("address");
      const notAnchor = s.getRange("G11").getSpillingToRangeOrNullObject();
      const parent = s.getRange("G11").getSpillParentOrNullObject().load("address");
      const noParent = s.getRange("H11").getSpillParentOrNullObject();
      await ctx.sync();
      expect([all.hasSpill, none.hasSpill, some.hasSpill]).toEqual([true, false, null]);
      expect([to.address, notAnchor.isNullObject, parent.address, noParent.isNullObject]).toEqual([
        "Data!F10:G11",
        true,
        "Data!F10",
        true,
      ]);
    });
    host.typeSpill("Data!B6", "=SEQUENCE(2)", [[1], [2]]); // B7 is empty: it spills
    host.typeSpill("Data!C6", "=SEQUENCE(2)", [[1], [2]]); // C7 holds the note: in its way
    expect(await values(host, "C6:C7")).toEqual([["#SPILL!"], ["a note"]]);
    expect(host.snapshot().sheets[0].spills).toEqual(["B6:B7", "F10:G11"]);
  });

  test("typing into a spilled cell blocks the spill; clearing one changes nothing", async () => {
    const host = await sheetWithTable();
    host.typeSpill("Data!F10", "=SEQUENCE(1,3)", [[1, 2, 3]]);
    await act(host, (ctx) => sheet(ctx).getRange("G10").clear());
    expect(await values(host, "F10:H10")).toEqual([[1, 2, 3]]);
    host.typeCell("Data!H10", "mine");
    expect(await values(host, "F10:H10")).toEqual([["#SPILL!", "", "mine"]]);
    expect(host.snapshot().sheets[0].spills).toBeUndefined();
  });

  test("an insert moves a spill inside its columns; one across their edge is laid out again from its anchor", async () => {
    const host = await sheetWithTable();
    host.typeSpill("Data!C10", "=SEQUENCE(2,2)", [
      [1, 2],
      [3, 4],
    ]);
    host.typeSpill("Data!A14", "=SEQUENCE(1,3)", [[5, 6, 7]]); // A14:C14, across the edge of columns B:D
    await act(host, (ctx) => void sheet(ctx).getRange("B5:D6").insert(down));
    expect(await values(host, "C12:D13")).toEqual([
      [1, 2],
      [3, 4],
    ]);
    // A14 did not move; B14:C14 are empty after the shift, so it spills there as before.
    expect(await values(host, "A14:C14")).toEqual([[5, 6, 7]]);
    expect(host.snapshot().sheets[0].spills).toEqual(["C12:D13", "A14:C14"]);
    // Five more rows: the note (now C9) moves to C14, into its way.
    await act(host, (ctx) => void sheet(ctx).getRange("B5:D9").insert(down));
    expect(await values(host, "A14:C14")).toEqual([["#SPILL!", "", "a note"]]);
    expect(await values(host, "C17:D18")).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});
