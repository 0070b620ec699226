// What users set on a table's columns besides values and number formats, as Excel keeps them: hidden columns and
// widths (attributes of sheet columns), data validation and conditional formats (rules over areas of the sheet:
// they move and grow with inserted cells, shrink with deleted ones, stay put under writes and sorts; a table
// growing through the API does not extend them, a row typed below it does). See docs/workbook-host.md.
/* eslint-disable office-addins/load-object-before-read, office-addins/call-sync-before-read */
import { createWorkbookHost } from "../../dev/workbook-host";

type Host = ReturnType<typeof createWorkbookHost>;
type Ctx = Excel.RequestContext;

/** "Sales" on Data!A1:C5: week, store, revenue, four rows. */
async function sales() {
  const host = createWorkbookHost({ sheets: ["Data"] });
  await host.run(async (ctx) => {
    const s = ctx.workbook.worksheets.getItem("Data");
    s.getRange("A1:C5").values = [
      ["week", "store", "revenue"],
      [45600, "Leeds", 200],
      [45607, "York", 500],
      [45614, "Hull", 300],
      [45621, "Bath", 100],
    ];
    s.tables.add("A1:C5", true).name = "Sales";
    await ctx.sync();
  });
  return host;
}

async function act(host: Host, f: (ctx: Ctx, s: Excel.Worksheet) => void) {
  await host.run(async (ctx) => {
    f(ctx, ctx.workbook.worksheets.getItem("Data"));
    await ctx.sync();
  });
}

const sheet = (host: Host) => host.snapshot().sheets.find((s) => s.name === "Data")!;

const LIST: Excel.DataValidationRule = { list: { inCellDropDown: true, source: "Leeds,York,Hull,Bath" } };
const POSITIVE = { decimal: { formula1: 0, operator: "GreaterThan" } } as Excel.DataValidationRule;

describe("hidden columns and widths", () => {
  test("columnHidden reads true, false or null over the range; it hides whole columns", async () => {
    const host = await sales();
    await act(host, (_, s) => (s.getRange("B:B").columnHidden = true));
    const read = await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      const [b, ab, c] = [s.getRange("B2"), s.getRange("A1:B9"), s.getRange("C:C")].map((r) => r.load("columnHidden"));
      await ctx.sync();
      return [b.columnHidden, ab.columnHidden, c.columnHidden];
    });
    expect(read).toEqual([true, null, false]);
    expect(sheet(host).hiddenColumns).toEqual([1]);
  });

  test("a whole column inserted before a hidden one moves it; cells inserted in some rows do not", async () => {
    const host = await sales();
    await act(host, (_, s) => {
      s.getRange("C:C").columnHidden = true;
      s.getRange("C:C").format.columnWidth = 30;
    });
    await act(host, (_, s) => void s.getRange("H2:H3").insert("Right"));
    expect(sheet(host).hiddenColumns).toEqual([2]);
    await act(host, (_, s) => void s.getRange("A:A").insert("Right"));
    expect(sheet(host).hiddenColumns).toEqual([3]);
    expect(sheet(host).columnWidths).toEqual({ D: 30 });
  });

  test("columnWidth: 48 points by default, the width set, null over columns that differ; autofit sizes from text", async () => {
    const host = await sales();
    await act(host, (_, s) => (s.getRange("A:B").format.columnWidth = 60));
    const read = await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      const [a, ac, d] = [s.getRange("A1"), s.getRange("A1:C1"), s.getRange("D9")].map((r) =>
        r.format.load("columnWidth"),
      );
      await ctx.sync();
      return [a.columnWidth, ac.columnWidth, d.columnWidth];
    });
    expect(read).toEqual([60, null, 48]);
    await act(host, (_, s) => s.getRange("B1:B5").format.autofitColumns());
    expect(sheet(host).columnWidths!.B).toBe(Math.ceil("store".length * 5.25 + 7.5));
  });

  test("a protected sheet refuses hiding a column unless it allows formatting columns", async () => {
    const host = await sales();
    await act(host, (_, s) => s.protection.protect());
    await expect(act(host, (_, s) => (s.getRange("B:B").columnHidden = true))).rejects.toMatchObject({
      code: "AccessDenied",
    });
    await act(host, (_, s) => {
      s.protection.unprotect();
      s.protection.protect({ allowFormatColumns: true });
      s.getRange("B:B").columnHidden = true;
    });
    expect(sheet(host).hiddenColumns).toEqual([1]);
  });
});

describe("data validation", () => {
  test("a rule set on a column reads back with its type, its operands as formulas, and Excel's defaults", async () => {
    const host = await sales();
    await act(host, (_, s) => {
      s.getRange("C2:C5").dataValidation.rule = POSITIVE;
      s.getRange("B2:B5").dataValidation.rule = LIST;
      s.getRange("B2:B5").dataValidation.prompt = { showPrompt: true, title: "Store", message: "Pick one" };
    });
    const read = await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      const c = s.getRange("C3").dataValidation.load("type,rule,ignoreBlanks,errorAlert");
      const b = s.getRange("B2:B5").dataValidation.load("type,prompt");
      const a = s.getRange("A2").dataValidation.load("type,rule");
      await ctx.sync();
      return { c: c.toJSON(), b: b.toJSON(), a: a.toJSON() };
    });
    expect(read.c).toEqual({
      type: "Decimal",
      rule: { decimal: { formula1: "=0", operator: "GreaterThan" } },
      ignoreBlanks: true,
      errorAlert: { showAlert: true, style: "Stop", title: "", message: "" },
    });
    expect(read.b).toEqual({ type: "List", prompt: { showPrompt: true, title: "Store", message: "Pick one" } });
    expect(read.a).toEqual({ type: "None", rule: {} });
    expect(sheet(host).validations).toEqual([
      { address: "B2:B5", type: "List", rule: LIST },
      { address: "C2:C5", type: "Decimal", rule: { decimal: { formula1: "=0", operator: "GreaterThan" } } },
    ]);
  });

  test("MixedCriteria where only some cells have one, Inconsistent where they differ", async () => {
    const host = await sales();
    await act(host, (_, s) => {
      s.getRange("B2:B3").dataValidation.rule = LIST;
      s.getRange("C2:C5").dataValidation.rule = POSITIVE;
    });
    const types = await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Data");
      const out = ["B2:B5", "B2:C3"].map((a) => s.getRange(a).dataValidation.load("type,rule"));
      await ctx.sync();
      return out.map((v) => [v.type, v.rule]);
    });
    expect(types).toEqual([
      ["MixedCriteria", {}],
      ["Inconsistent", {}],
    ]);
  });

  test("a rule over cells that already have one is refused until they are cleared", async () => {
    const host = await sales();
    await act(host, (_, s) => (s.getRange("C2:C5").dataValidation.rule = POSITIVE));
    await expect(act(host, (_, s) => (s.getRange("C5:C6").dataValidation.rule = LIST))).rejects.toMatchObject({
      code: "InvalidOperation",
    });
    await act(host, (_, s) => {
      s.getRange("C5:C6").dataValidation.clear();
      s.getRange("C5:C6").dataValidation.rule = LIST;
    });
    expect(sheet(host).validations!.map((v) => [v.address, v.type])).toEqual([
      ["C2:C4", "Decimal"],
      ["C5:C6", "List"],
    ]);
  });

  test("cells inserted inside the area grow it; deleted rows shrink it; writes and Clear Formats leave it", async () => {
    const host = await sales();
    await act(host, (_, s) => (s.getRange("C2:C5").dataValidation.rule = POSITIVE));
    await act(host, (_, s) => void s.getRange("A3:C4").insert("Down")); // inside the table: it grows by 2
    expect(sheet(host).validations!.map((v) => v.address)).toEqual(["C2:C7"]);
    await act(host, (_, s) => void s.getRange("A2:C2").delete("Up"));
    expect(sheet(host).validations!.map((v) => v.address)).toEqual(["C2:C6"]);
    await act(host, (_, s) => {
      s.getRange("C2:C6").values = [[1], [2], [3], [4], [5]];
      s.getRange("C2:C6").clear("Formats");
    });
    expect(sheet(host).validations!.map((v) => v.address)).toEqual(["C2:C6"]);
    await act(host, (_, s) => s.getRange("C6").clear("All"));
    expect(sheet(host).validations!.map((v) => v.address)).toEqual(["C2:C5"]);
  });
});

describe("conditional formats", () => {
  async function highlighted() {
    const host = await sales();
    await act(host, (_, s) => {
      const cf = s.getRange("C2:C5").conditionalFormats.add("CellValue");
      cf.cellValue.rule = { formula1: "=250", operator: "GreaterThan" };
      cf.cellValue.format.fill.color = "#FFC7CE";
      cf.cellValue.format.font.color = "#9C0006";
    });
    return host;
  }

  test("added over a range: read back by the range's collection, with its rule, format and range", async () => {
    const host = await highlighted();
    const read = await host.run(async (ctx) => {
      const formats = ctx.workbook.worksheets.getItem("Data").getRange("C4").conditionalFormats;
      formats.load("items/id,items/type,items/priority");
      const count = formats.getCount();
      await ctx.sync();
      const cf = formats.items[0];
      const rule = cf.cellValue.load("rule");
      const fill = cf.cellValue.format.fill.load("color");
      const range = cf.getRange().load("address");
      const ranges = cf.getRanges().load("address");
      await ctx.sync();
      return {
        count: count.value,
        type: cf.type,
        priority: cf.priority,
        rule: rule.rule,
        fill: fill.color,
        range: range.address,
        ranges: ranges.address,
      };
    });
    expect(read).toEqual({
      count: 1,
      type: "CellValue",
      priority: 0,
      rule: { formula1: "=250", operator: "GreaterThan" },
      fill: "#FFC7CE",
      range: "Data!C2:C5",
      ranges: "Data!C2:C5",
    });
    expect(sheet(host).conditionalFormats).toEqual([
      {
        ranges: "C2:C5",
        type: "CellValue",
        rule: { formula1: "=250", operator: "GreaterThan" },
        format: { fill: "#FFC7CE", fontColor: "#9C0006" },
      },
    ]);
  });

  test("inserted cells grow or split it; getRange then fails and getRanges names every area", async () => {
    const host = await sales();
    await act(host, (_, s) => void s.getRange("E2:E5").conditionalFormats.add("Custom"));
    await act(host, (_, s) => void s.getRange("E3:F3").insert("Down"));
    expect(sheet(host).conditionalFormats![0].ranges).toBe("E2:E6");
    await act(host, (_, s) => void s.getRange("E4").insert("Right")); // only row 4 shifts: the area splits there
    expect(sheet(host).conditionalFormats![0].ranges).toBe("E2:E3, F4, E5:E6");
    const ranges = await host.run(async (ctx) => {
      const cf = ctx.workbook.worksheets.getItem("Data").getRange("E2").conditionalFormats.getItemAt(0);
      const all = cf.getRanges().load("address,areaCount");
      const one = cf.getRangeOrNullObject();
      await ctx.sync();
      return { address: all.address, areas: all.areaCount, one: one.isNullObject };
    });
    expect(ranges).toEqual({ address: "Data!E2:E3, Data!F4, Data!E5:E6", areas: 3, one: true });
    await expect(
      host.run(async (ctx) => {
        const cf = ctx.workbook.worksheets.getItem("Data").getRange("E2").conditionalFormats.getItemAt(0);
        cf.getRange().load("address");
        await ctx.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidOperation" });
  });

  test("setRanges (ExcelApi 1.17) moves it onto the areas given; clearAll, Clear Formats and delete take it off", async () => {
    const host = await highlighted();
    await act(host, (_, s) => {
      const cf = s.getRange("C2").conditionalFormats.getItemAt(0);
      cf.setRanges("Data!C2:C5, Data!C6:C9");
    });
    expect(sheet(host).conditionalFormats![0].ranges).toBe("C2:C9");
    await act(host, (_, s) => s.getRange("C8:C9").clear("Formats"));
    expect(sheet(host).conditionalFormats![0].ranges).toBe("C2:C7");
    await act(host, (_, s) => s.getRange("C2:C3").conditionalFormats.clearAll());
    expect(sheet(host).conditionalFormats![0].ranges).toBe("C4:C7");
    await act(host, (_, s) => s.getRange("C4").conditionalFormats.getItemAt(0).delete());
    expect(sheet(host).conditionalFormats).toBeUndefined();
  });

  test("a custom rule and a colour scale, the newest first; a type the API does not have is refused", async () => {
    const host = await sales();
    await act(host, (_, s) => {
      const custom = s.getRange("A2:C5").conditionalFormats.add("Custom");
      custom.custom.rule.formula = "=$C2>250";
      custom.custom.format.font.bold = true;
      s.getRange("C2:C5").conditionalFormats.add("ColorScale");
    });
    expect(sheet(host).conditionalFormats!.map((f) => [f.type, f.ranges])).toEqual([
      ["ColorScale", "C2:C5"],
      ["Custom", "A2:C5"],
    ]);
    await expect(
      act(host, (_, s) => void s.getRange("A2").conditionalFormats.add("Sparkline" as Excel.ConditionalFormatType)),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });
});

describe("a table that grows", () => {
  async function ruled() {
    const host = await sales();
    await act(host, (_, s) => {
      s.getRange("C2:C5").dataValidation.rule = POSITIVE;
      s.getRange("C2:C5").conditionalFormats.add("CellValue").cellValue.rule = {
        formula1: "=250",
        operator: "GreaterThan",
      };
    });
    return host;
  }
  const rules = (host: Host) => ({
    validations: sheet(host).validations!.map((v) => v.address),
    formats: sheet(host).conditionalFormats!.map((f) => f.ranges),
  });

  test("through the API (resize, rows.add at the end, values written below): the rules stay where they were", async () => {
    const host = await ruled();
    await act(host, (ctx) => ctx.workbook.tables.getItem("Sales").resize("A1:C7"));
    await act(host, (ctx) => ctx.workbook.tables.getItem("Sales").rows.add(undefined, [[45642, "Ely", 50]]));
    await act(host, (_, s) => (s.getRange("A9:C9").values = [[45649, "Rye", 70]]));
    expect(rules(host)).toEqual({ validations: ["C2:C5"], formats: ["C2:C5"] });
  });

  test("a row typed below it gets the rules of the row above, as Excel's AutoExpansion gives it", async () => {
    const host = await ruled();
    host.typeCell("Data!A6", 45628);
    expect(rules(host)).toEqual({ validations: ["C2:C6"], formats: ["C2:C6"] });
  });

  test("copyFrom with formats from cells with rules is not modelled (refused), values are", async () => {
    const host = await ruled();
    await act(host, (_, s) => s.getRange("E2:E5").copyFrom("C2:C5", "Values"));
    await expect(act(host, (_, s) => s.getRange("E2:E5").copyFrom("C2:C5", "Formats"))).rejects.toMatchObject({
      code: "NotImplemented",
    });
  });

  test("a copy of the workbook has them, and changing one leaves the other", async () => {
    const host = await ruled();
    const copy = host.copy();
    await act(copy, (_, s) => s.getRange("C2:C5").clear("All"));
    expect(rules(host)).toEqual({ validations: ["C2:C5"], formats: ["C2:C5"] });
    expect(sheet(copy).validations).toBeUndefined();
  });
});
