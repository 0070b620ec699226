// Every ConditionalFormatType as Microsoft's Excel JavaScript API reference describes it (ExcelApi 1.6): add(type)
// gives a format whose property of that type (cellValue, textComparison, topBottom, preset, custom, colorScale,
// dataBar, iconSet) holds the reference's object; another type's property fails and its *OrNullObject is a null
// object; each rule is checked against the reference's enums and bounds; a highlight's format, a data bar's bars and
// an icon set's criteria read back as set; priority, stopIfTrue and changeRuleTo* (ExcelApi 1.17). See
// docs/workbook-host.md, "Conditional formats".
import { createWorkbookHost, installExcelGlobal } from "../../dev/workbook-host";

type Host = ReturnType<typeof createWorkbookHost>;
type Type = `${Excel.ConditionalFormatType}`;

const TYPES: Type[] = [
  "CellValue",
  "ContainsText",
  "TopBottom",
  "PresetCriteria",
  "Custom",
  "ColorScale",
  "DataBar",
  "IconSet",
];
/** Each type's property on ConditionalFormat (the reference's names). */
const PROPERTY: Record<Type, keyof Excel.ConditionalFormat> = {
  CellValue: "cellValue",
  ContainsText: "textComparison",
  TopBottom: "topBottom",
  PresetCriteria: "preset",
  Custom: "custom",
  ColorScale: "colorScale",
  DataBar: "dataBar",
  IconSet: "iconSet",
};

let host: Host;
beforeEach(async () => {
  host = createWorkbookHost({ sheets: ["Data"] });
  await host.run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Data").getRange("A1:C4").values = [
      ["store", "note", "revenue"],
      ["Leeds", "Query: late", 200],
      ["York", "", 500],
      ["Hull", "query", 300],
    ];
    await ctx.sync();
  });
});

const run = <T>(batch: (ctx: Excel.RequestContext, s: Excel.Worksheet) => Promise<T>) =>
  host.run((ctx) => batch(ctx, ctx.workbook.worksheets.getItem("Data")));
const act = (batch: (s: Excel.Worksheet) => void) =>
  run(async (_, s) => {
    batch(s);
    await _.sync();
  });
/** The first format over B2 (a new one is added at the top). */
const first = (s: Excel.Worksheet) => s.getRange("B2").conditionalFormats.getItemAt(0);
const formats = () => host.snapshot().sheets[0].conditionalFormats;
const add = (type: Type, address = "B2:B4") => act((s) => void s.getRange(address).conditionalFormats.add(type));

describe("add(type): the format of each type, as the reference describes it", () => {
  /** What the typed property of a new format reads (its scalar properties). */
  const NEW: Record<Type, Record<string, unknown>> = {
    CellValue: { rule: { formula1: "", operator: "Invalid" } },
    ContainsText: { rule: { operator: "Invalid", text: "" } },
    TopBottom: { rule: { rank: 0, type: "Invalid" } },
    PresetCriteria: { rule: { criterion: "Invalid" } },
    Custom: {},
    ColorScale: {
      criteria: {
        minimum: { formula: null, type: "LowestValue", color: "#F8696B" },
        maximum: { formula: null, type: "HighestValue", color: "#63BE7B" },
      },
      threeColorScale: false,
    },
    DataBar: {
      axisColor: "#000000",
      axisFormat: "Automatic",
      barDirection: "Context",
      lowerBoundRule: { type: "Automatic" },
      showDataBarOnly: false,
      upperBoundRule: { type: "Automatic" },
    },
    IconSet: {
      criteria: [
        { formula: "=0", operator: "GreaterThanOrEqual", type: "Percent" },
        { formula: "=33", operator: "GreaterThanOrEqual", type: "Percent" },
        { formula: "=67", operator: "GreaterThanOrEqual", type: "Percent" },
      ],
      reverseIconOrder: false,
      showIconOnly: false,
      style: "ThreeTrafficLights1",
    },
  };

  test.each(TYPES)("%s: its property holds the reference's object; stopIfTrue as the reference says", async (type) => {
    await add(type);
    const read = await run(async (ctx, s) => {
      const cf = first(s).load("type,priority,stopIfTrue");
      const part = (cf[PROPERTY[type]] as unknown as { load(): { toJSON(): unknown } }).load();
      await ctx.sync();
      return { type: cf.type, priority: cf.priority, stopIfTrue: cf.stopIfTrue, part: part.toJSON() };
    });
    const scale = ["ColorScale", "DataBar", "IconSet"].includes(type);
    expect(read).toEqual({ type, priority: 0, stopIfTrue: scale ? null : false, part: NEW[type] });
  });

  test.each(TYPES)("%s: another type's property fails at sync, its *OrNullObject is a null object", async (type) => {
    await add(type);
    const nulls = await run(async (ctx, s) => {
      const cf = first(s);
      const probes = TYPES.map((t) => [t, cf[`${PROPERTY[t]}OrNullObject` as keyof Excel.ConditionalFormat]] as const);
      await ctx.sync();
      return probes.filter(([, p]) => (p as unknown as { isNullObject: boolean }).isNullObject).map(([t]) => t);
    });
    expect(nulls).toEqual(TYPES.filter((t) => t !== type));
    for (const other of TYPES.filter((t) => t !== type)) {
      await expect(
        run(async (ctx, s) => {
          // custom has no scalar of its own: its rule's formula is read through it
          (first(s)[PROPERTY[other]] as unknown as { load(p?: string): void }).load(
            other === "Custom" ? "rule/formula" : undefined,
          );
          await ctx.sync();
        }),
      ).rejects.toMatchObject({ code: "InvalidOperation" });
    }
  });

  test("a type the API does not have is refused (InvalidArgument); a protected sheet refuses a new format", async () => {
    await expect(add("Sparkline" as Type)).rejects.toMatchObject({ code: "InvalidArgument" });
    await act((s) => s.protection.protect());
    await expect(add("ContainsText")).rejects.toMatchObject({ code: "AccessDenied" });
    await act((s) => s.protection.unprotect());
    await act((s) => s.protection.protect({ allowFormatCells: true }));
    await add("ContainsText");
    expect(formats()!.map((f) => f.type)).toEqual(["ContainsText"]);
  });
});

describe("the highlights: a rule and a format each", () => {
  test('"Text that contains Query, fill red": made with the API\'s enums, read back, in the snapshot', async () => {
    const undo = installExcelGlobal();
    try {
      await act((s) => {
        const cf = s.getRange("B2:B4").conditionalFormats.add(Excel.ConditionalFormatType.containsText);
        cf.textComparison.format.fill.color = "red";
        cf.textComparison.rule = { operator: Excel.ConditionalTextOperator.contains, text: "Query" };
      });
    } finally {
      undo();
    }
    const read = await run(async (ctx, s) => {
      const text = first(s).textComparison.load("rule");
      const fill = text.format.fill.load("color");
      const font = text.format.font.load();
      await ctx.sync();
      return { rule: text.rule, fill: fill.color, font: font.toJSON() };
    });
    expect(read).toEqual({
      rule: { operator: "Contains", text: "Query" },
      fill: "red",
      font: { bold: null, color: null, italic: null, strikethrough: null, underline: null },
    });
    expect(formats()).toEqual([
      { ranges: "B2:B4", type: "ContainsText", rule: { operator: "Contains", text: "Query" }, format: { fill: "red" } },
    ]);
  });

  test("each type's rule, set whole and read back as stored", async () => {
    const rules: [Type, "cellValue" | "textComparison" | "topBottom" | "preset", object][] = [
      ["CellValue", "cellValue", { formula1: "=100", formula2: "=400", operator: "Between" }],
      ["ContainsText", "textComparison", { operator: "BeginsWith", text: "Qu" }],
      ["TopBottom", "topBottom", { rank: 10, type: "TopPercent" }],
      ["PresetCriteria", "preset", { criterion: "DuplicateValues" }],
    ];
    for (const [type, property, rule] of rules) {
      await add(type);
      await act((s) => void ((first(s)[property] as { rule: object }).rule = rule));
      const read = await run(async (ctx, s) => {
        const part = (first(s)[property] as unknown as { load(p: string): { rule: object } }).load("rule");
        await ctx.sync();
        return part.rule;
      });
      expect([type, read]).toEqual([type, rule]);
    }
    expect(formats()!.map((f) => [f.type, f.rule])).toEqual([...rules].reverse().map(([t, , r]) => [t, r]));
  });

  test.each<[Type, "cellValue" | "textComparison" | "topBottom" | "preset", object]>([
    ["CellValue", "cellValue", { formula1: "=1", operator: "Around" }],
    ["CellValue", "cellValue", { formula1: "=1", operator: "Between" }],
    ["CellValue", "cellValue", { operator: "GreaterThan" }],
    ["ContainsText", "textComparison", { operator: "Like", text: "Qu" }],
    ["ContainsText", "textComparison", { operator: "Contains" }],
    ["TopBottom", "topBottom", { rank: 0, type: "TopItems" }],
    ["TopBottom", "topBottom", { rank: 101, type: "BottomPercent" }],
    ["TopBottom", "topBottom", { rank: 1001, type: "TopItems" }],
    ["PresetCriteria", "preset", { criterion: "Sometimes" }],
    ["PresetCriteria", "preset", { criterion: "Invalid" }],
  ])("%s: the rule %j is refused (InvalidArgument), the rule before it kept", async (type, property, rule) => {
    await add(type);
    await expect(act((s) => void ((first(s)[property] as { rule: object }).rule = rule))).rejects.toMatchObject({
      code: "InvalidArgument",
    });
    expect(formats()![0].rule).toEqual(
      (
        {
          CellValue: { formula1: "", operator: "Invalid" },
          ContainsText: { operator: "Invalid", text: "" },
          TopBottom: { rank: 0, type: "Invalid" },
          PresetCriteria: { criterion: "Invalid" },
        } as Record<string, object>
      )[type],
    );
  });

  test("custom: a formula for the top-left cell, read also in R1C1; one without = is refused", async () => {
    await add("Custom", "A2:C4");
    await act((s) => void (first(s).custom.rule.formula = '=ISNUMBER(SEARCH("query",$B2))'));
    const read = await run(async (ctx, s) => {
      const rule = first(s).custom.rule.load("formula,formulaLocal,formulaR1C1");
      await ctx.sync();
      return rule.toJSON();
    });
    expect(read).toEqual({
      formula: '=ISNUMBER(SEARCH("query",$B2))',
      formulaLocal: '=ISNUMBER(SEARCH("query",$B2))',
      formulaR1C1: '=ISNUMBER(SEARCH("query",RC2))',
    });
    await act((s) => void (first(s).custom.rule.formulaR1C1 = "=RC3>250"));
    expect(formats()![0].rule).toEqual({ formula: "=$C2>250" });
    await expect(act((s) => void (first(s).custom.rule.formula = "C2>250"))).rejects.toMatchObject({
      code: "InvalidArgument",
    });
  });

  test("the format: font, fill, borders, number format; clear, clearFormat; what is not set reads null", async () => {
    await add("CellValue");
    await act((s) => {
      const f = first(s).cellValue.format;
      f.font.bold = true;
      f.font.italic = true;
      f.font.color = "#9C0006";
      f.font.underline = "Double";
      f.font.strikethrough = false;
      f.fill.color = "#FFC7CE";
      f.borders.bottom.style = "Dash";
      f.borders.getItem("EdgeLeft").color = "blue";
      f.numberFormat = "0.0%";
    });
    const read = await run(async (ctx, s) => {
      const f = first(s).cellValue.format.load("numberFormat");
      const borders = f.borders.load("items/sideIndex,items/color,items/style,count");
      await ctx.sync();
      return { numberFormat: f.numberFormat, count: borders.count, borders: borders.items.map((b) => b.toJSON()) };
    });
    expect(read).toEqual({
      numberFormat: "0.0%",
      count: 4,
      borders: [
        { sideIndex: "EdgeTop", color: null, style: null },
        { sideIndex: "EdgeBottom", color: null, style: "Dash" },
        { sideIndex: "EdgeLeft", color: "blue", style: null },
        { sideIndex: "EdgeRight", color: null, style: null },
      ],
    });
    expect(formats()![0].format).toEqual({
      bold: true,
      italic: true,
      fontColor: "#9C0006",
      underline: "Double",
      strikethrough: false,
      fill: "#FFC7CE",
      borders: { EdgeBottom: { style: "Dash" }, EdgeLeft: { color: "blue" } },
      numberFormat: "0.0%",
    });
    await act((s) => first(s).cellValue.format.font.clear());
    expect(formats()![0].format).toEqual({
      fill: "#FFC7CE",
      borders: { EdgeBottom: { style: "Dash" }, EdgeLeft: { color: "blue" } },
      numberFormat: "0.0%",
    });
    await act((s) => first(s).cellValue.format.clearFormat());
    expect(formats()![0].format).toEqual({});
    for (const wrong of [
      (s: Excel.Worksheet) => void (first(s).cellValue.format.font.underline = "Wavy" as "Single"),
      (s: Excel.Worksheet) => void (first(s).cellValue.format.borders.top.style = "Thick" as "Dot"),
      (s: Excel.Worksheet) => void (first(s).cellValue.format.font.bold = "yes" as unknown as boolean),
    ])
      await expect(act(wrong)).rejects.toMatchObject({ code: "InvalidArgument" });
  });
});

describe("the scales: colour scale, data bar, icon set", () => {
  test("a three-colour scale: its criteria set whole; a point of a type that needs a formula without one is refused", async () => {
    await add("ColorScale", "C2:C4");
    const criteria: Excel.ConditionalColorScaleCriteria = {
      minimum: { formula: null as unknown as string, type: "LowestValue", color: "blue" },
      midpoint: { formula: "50", type: "Percent", color: "yellow" },
      maximum: { formula: null as unknown as string, type: "HighestValue", color: "red" },
    };
    await act((s) => void (s.getRange("C2").conditionalFormats.getItemAt(0).colorScale.criteria = criteria));
    const read = await run(async (ctx, s) => {
      const scale = s.getRange("C2").conditionalFormats.getItemAt(0).colorScale.load();
      await ctx.sync();
      return scale.toJSON();
    });
    expect(read).toEqual({ criteria, threeColorScale: true });
    const bad = {
      ...criteria,
      midpoint: { type: "Percentile", color: "yellow" },
    } as Excel.ConditionalColorScaleCriteria;
    await expect(
      act((s) => void (s.getRange("C2").conditionalFormats.getItemAt(0).colorScale.criteria = bad)),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  test("a data bar: its settings and its positive and negative bars; bounds checked", async () => {
    await add("DataBar", "C2:C4");
    await act((s) => {
      const bar = s.getRange("C2").conditionalFormats.getItemAt(0).dataBar;
      bar.barDirection = "LeftToRight";
      bar.showDataBarOnly = true;
      bar.lowerBoundRule = { type: "Number", formula: "0" };
      bar.upperBoundRule = { type: "Percentile", formula: "90" };
      bar.positiveFormat.fillColor = "#00B050";
      bar.positiveFormat.gradientFill = false;
      bar.negativeFormat.matchPositiveFillColor = true;
    });
    const read = await run(async (ctx, s) => {
      const bar = s.getRange("C2").conditionalFormats.getItemAt(0).dataBar.load();
      const positive = bar.positiveFormat.load();
      const negative = bar.negativeFormat.load();
      await ctx.sync();
      return { bar: bar.toJSON(), positive: positive.toJSON(), negative: negative.toJSON() };
    });
    expect(read).toEqual({
      bar: {
        axisColor: "#000000",
        axisFormat: "Automatic",
        barDirection: "LeftToRight",
        lowerBoundRule: { type: "Number", formula: "0" },
        showDataBarOnly: true,
        upperBoundRule: { type: "Percentile", formula: "90" },
      },
      positive: { borderColor: "#638EC6", fillColor: "#00B050", gradientFill: false },
      negative: {
        borderColor: "#FF0000",
        fillColor: "#FF0000",
        matchPositiveBorderColor: false,
        matchPositiveFillColor: true,
      },
    });
    for (const wrong of [
      (b: Excel.DataBarConditionalFormat) => void (b.lowerBoundRule = { type: "HighestValue" }),
      (b: Excel.DataBarConditionalFormat) => void (b.upperBoundRule = { type: "Number" }),
      (b: Excel.DataBarConditionalFormat) => void (b.barDirection = "Upward" as "Context"),
    ])
      await expect(act((s) => wrong(s.getRange("C2").conditionalFormats.getItemAt(0).dataBar))).rejects.toMatchObject({
        code: "InvalidArgument",
      });
  });

  test("an icon set: a style of five icons takes five criteria; the first criterion keeps all but its icon", async () => {
    await add("IconSet", "C2:C4");
    const iconSet = (s: Excel.Worksheet) => s.getRange("C2").conditionalFormats.getItemAt(0).iconSet;
    await act((s) => void (iconSet(s).style = "FiveArrows"));
    const criteria = await run(async (ctx, s) => {
      const set = iconSet(s).load("criteria");
      await ctx.sync();
      return set.criteria;
    });
    expect(criteria.map((c) => c.formula)).toEqual(["=0", "=20", "=40", "=60", "=80"]);
    await act((s) => {
      iconSet(s).style = "ThreeTriangles";
      iconSet(s).criteria = [
        { type: "Number", operator: "GreaterThan", formula: "=5", customIcon: { set: "ThreeFlags", index: 0 } },
        { type: "Number", operator: "GreaterThanOrEqual", formula: "=700" },
        { type: "Number", operator: "GreaterThanOrEqual", formula: "=1000" },
      ];
    });
    expect(formats()![0].rule).toEqual({
      style: "ThreeTriangles",
      criteria: [
        { formula: "=0", operator: "GreaterThanOrEqual", type: "Percent", customIcon: { set: "ThreeFlags", index: 0 } },
        { formula: "=700", operator: "GreaterThanOrEqual", type: "Number" },
        { formula: "=1000", operator: "GreaterThanOrEqual", type: "Number" },
      ],
      reverseIconOrder: false,
      showIconOnly: false,
    });
    // "Note that this cannot be set if custom icons are used" (reverseIconOrder); two criteria for three icons.
    await expect(act((s) => void (iconSet(s).reverseIconOrder = true))).rejects.toMatchObject({
      code: "InvalidOperation",
    });
    await expect(act((s) => void (iconSet(s).criteria = criteria.slice(0, 2)))).rejects.toMatchObject({
      code: "InvalidArgument",
    });
    await expect(act((s) => void (iconSet(s).style = "SevenStars" as "ThreeStars"))).rejects.toMatchObject({
      code: "InvalidArgument",
    });
  });

  test("stopIfTrue reads null on a colour scale, data bar or icon set, and cannot be set there", async () => {
    for (const type of ["ColorScale", "DataBar", "IconSet"] as Type[]) {
      await add(type);
      await expect(act((s) => void (first(s).stopIfTrue = true))).rejects.toMatchObject({ code: "InvalidOperation" });
    }
    await add("ContainsText");
    await act((s) => void (first(s).stopIfTrue = true));
    const read = await run(async (ctx, s) => {
      const all = s.getRange("B2").conditionalFormats.load("items/type,items/stopIfTrue");
      await ctx.sync();
      return all.items.map((f) => [f.type, f.stopIfTrue]);
    });
    expect(read).toEqual([
      ["ContainsText", true],
      ["IconSet", null],
      ["DataBar", null],
      ["ColorScale", null],
    ]);
  });
});

describe("priority and changeRuleTo*", () => {
  test("priority moves a format in the sheet's list (negative: from the back), the others keep their order", async () => {
    for (const type of ["CellValue", "ContainsText", "DataBar"] as Type[]) await add(type);
    const order = () => formats()!.map((f) => f.type);
    expect(order()).toEqual(["DataBar", "ContainsText", "CellValue"]);
    await act((s) => void (s.getRange("B2").conditionalFormats.getItemAt(2).priority = 0));
    expect(order()).toEqual(["CellValue", "DataBar", "ContainsText"]);
    await act((s) => void (s.getRange("B2").conditionalFormats.getItemAt(0).priority = -1));
    expect(order()).toEqual(["DataBar", "ContainsText", "CellValue"]);
    await act((s) => void (s.getRange("B2").conditionalFormats.getItemAt(0).priority = 99));
    expect(order()).toEqual(["ContainsText", "CellValue", "DataBar"]);
  });

  test("changeRuleTo* (ExcelApi 1.17): the format becomes a new one of that type, its id and ranges kept", async () => {
    await add("Custom");
    const id = await run(async (ctx, s) => {
      const cf = first(s).load("id");
      await ctx.sync();
      return cf.id;
    });
    await act((s) => first(s).changeRuleToContainsText({ operator: "EndsWith", text: "late" }));
    expect(formats()).toEqual([
      { ranges: "B2:B4", type: "ContainsText", rule: { operator: "EndsWith", text: "late" }, format: {} },
    ]);
    await act((s) => first(s).changeRuleToIconSet());
    await act((s) => first(s).changeRuleToCustom("=LEN($B2)>3"));
    const read = await run(async (ctx, s) => {
      const cf = s.getRange("B2").conditionalFormats.getItem(id).load("type");
      const formula = cf.custom.rule.load("formula");
      await ctx.sync();
      return [cf.type, formula.formula];
    });
    expect(read).toEqual(["Custom", "=LEN($B2)>3"]);
    await expect(act((s) => first(s).changeRuleToTopBottom({ rank: 5000, type: "TopItems" }))).rejects.toMatchObject({
      code: "InvalidArgument",
    });
    expect(formats()![0].type).toBe("Custom");
  });

  test("a copy of the workbook has every type's format, and changing one leaves the other", async () => {
    for (const type of TYPES) await add(type);
    const copy = host.copy();
    await copy.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Data").getRange("B2").conditionalFormats.getItemAt(0).iconSet.style =
        "ThreeStars";
      await ctx.sync();
    });
    expect(copy.snapshot().sheets[0].conditionalFormats!.map((f) => f.type)).toEqual([...TYPES].reverse());
    expect((formats()![0].rule as { style: string }).style).toBe("ThreeTrafficLights1");
    expect((copy.snapshot().sheets[0].conditionalFormats![0].rule as { style: string }).style).toBe("ThreeStars");
  });
});
