// The preview's =SALES.*(...) parser and evaluator: the same registered implementations, cell references read
// from the in-memory workbook host, and spills equal to the client's answer for the same query.
import fc from "fast-check";
import { evaluateSalesFormula, parseSalesFormula, spillToCells, type EvaluateContext } from "../../dev/preview/formula";
import { createWorkbookHost } from "../../dev/workbook-host";
import { tabulate } from "../../src/core/answer/tabulate";
import { setFunctionsSession } from "../../src/functions/sharedEngine";
import { SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { expectedSpill, referenceClient, sessionFor } from "./helpers";
import { request } from "../support/query";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

describe("parseSalesFormula", () => {
  test("literals, omitted arguments and references", () => {
    expect(
      parseSalesFormula(`=sales.sku("north""mart", A1:A3, 46027, "2026-03-01", , "period", FALSE, Sheet2!$B$2, TRUE)`),
    ).toEqual({
      name: "SKU",
      args: [
        { kind: "literal", value: 'north"mart' },
        { kind: "ref", sheet: undefined, address: "A1:A3" },
        { kind: "literal", value: 46027 },
        { kind: "literal", value: "2026-03-01" },
        { kind: "omitted" },
        { kind: "literal", value: "period" },
        { kind: "literal", value: false },
        { kind: "ref", sheet: "Sheet2", address: "B2" },
        { kind: "literal", value: true },
      ],
    });
    expect(parseSalesFormula("=SALES.RETAILERS()")).toEqual({ name: "RETAILERS", args: [] });
    expect(parseSalesFormula(" = SALES.Value( 'My ''Sheet'!c3 ; -1.5e2 )").args).toEqual([
      { kind: "ref", sheet: "My 'Sheet", address: "C3" },
      { kind: "literal", value: -150 },
    ]);
  });

  test("string literals round-trip whatever they hold", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 4 }), (texts) => {
        const formula = `=SALES.FILTERS(${texts.map((t) => `"${t.replace(/"/g, '""')}"`).join(",")})`;
        expect(parseSalesFormula(formula).args).toEqual(texts.map((value) => ({ kind: "literal", value })));
      }),
    );
  });

  test("what the preview does not support is named", () => {
    for (const [formula, pattern] of [
      ["=SUM(A1:A3)", /Only formulas of the form =SALES\.NAME/],
      ['=SALES.SKU("a"&B1, "revenue", 1, 2)', /not supported in the preview/],
      ["=SALES.SKU(TODAY(), 1)", /TODAY\(\) is not supported in the preview/],
      ["=SALES.SKU(Table1[revenue])", /not supported in the preview/],
      ["=SALES.SKU(A:A)", /not supported in the preview/],
      ["=SALES.SKU({1,2})", /not supported in the preview/],
      ["=SALES.SKU(MyName)", /MyName is not supported in the preview/],
      ['=SALES.SKU("x"', /missing its closing/],
      ['=SALES.SKU("x) ', /missing its closing quote/],
      ['=SALES.SKU("x") + 1', /after the function call is not supported/],
      ["=SALES.PRICE(1)", /SALES\.PRICE is not a Sales Data function/],
    ] as const) {
      expect(() => parseSalesFormula(formula)).toThrow(pattern);
    }
  });
});

describe("evaluateSalesFormula", () => {
  let sim: TestSimulator;
  const host = createWorkbookHost({ sheets: ["Sheet1", "Inputs"] });
  const ctx: EvaluateContext = {
    defaultSheet: "Sheet1",
    readRange: (sheet, address) =>
      host.run(async (context) => {
        const r = context.workbook.worksheets.getItem(sheet).getRange(address);
        r.load("values");
        await context.sync();
        return r.values as unknown[][];
      }),
  };

  beforeAll(async () => {
    sim = await startTestSimulator();
    setFunctionsSession(await sessionFor(sim), { today: () => SIM_TODAY });
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Inputs").getRange("A1:C3").values = [
        ["revenue", "northmart", "northmart"],
        ["", 100001, ""],
        ["Units", "2026-02-01", "freshway"],
      ];
      await context.sync();
    });
  });
  afterAll(() => sim.close());

  test("a SKU formula with a range of metrics spills the client's answer for the same query", async () => {
    const spill = await evaluateSalesFormula(
      '=SALES.SKU(Inputs!B1, Inputs!A1:A3, "2026-01-05", "2026-03-01", "weekly", , "sku", Inputs!B2)',
      ctx,
    );
    const ref = await referenceClient(sim).getData(
      request({
        level: "sku",
        retailer: "northmart",
        timeframe: "weekly",
        metrics: "revenue,units",
        from: "2026-01-05",
        to: "2026-03-01",
        filter: "sku",
        viewby: "100001",
      }),
    );
    const t = tabulate(ref, ref.query, EXCEL_DAY_CELLS);
    expect(spill).toEqual(expectedSpill(t.headers, t.values));
    expect(spillToCells(spill).values[1][2]).toBe(`'${t.values[0][2]}`); // text lands as text
  });

  test("a range of retailers is one argument: the same spill as the comma list, with a retailer column", async () => {
    const range = await evaluateSalesFormula('=SALES.SKU(Inputs!C1:C3, "revenue", "2026-01-05", "2026-02-01")', ctx);
    const comma = await evaluateSalesFormula(
      '=SALES.SKU("northmart,freshway", "revenue", "2026-01-05", "2026-02-01")',
      ctx,
    );
    expect(range).toEqual(comma);
    expect((range as unknown[][])[0].slice(0, 2)).toEqual(["week", "retailer"]);
    expect(new Set((range as unknown[][]).slice(1).map((r) => r[1]))).toEqual(new Set(["northmart", "freshway"]));
  });

  test("SALES.VALUE gives one cell; errors come back as error values with the function's message", async () => {
    const v = await evaluateSalesFormula('=SALES.VALUE("northmart", "revenue", Inputs!B2, "2026-01-07")', ctx);
    expect(v).toEqual([[expect.any(Number)]]);
    expect(await evaluateSalesFormula('=SALES.VALUE("northmart", "revenue", 100001, "someday")', ctx)).toEqual({
      error: "#VALUE!",
      message: expect.stringMatching(/^date: "someday" is not a date/),
    });
    expect(await evaluateSalesFormula('=SALES.VALUE("northmart", "revenue", Inputs!B1:B2, "2026-01-07")', ctx)).toEqual(
      { error: "#VALUE!", message: expect.stringMatching(/^sku: a range of several cells/) },
    );
    expect(await evaluateSalesFormula("=SALES.METRICS()", ctx)).toMatchObject({ error: "#VALUE!" });
    expect(await evaluateSalesFormula("=SALES.NOPE()", ctx)).toMatchObject({ error: "#NAME?" });
    expect(spillToCells({ error: "#N/A", message: "x" })).toEqual({ values: [["'#N/A"]], numberFormat: [["General"]] });
  });

  test("formatted numbers become values plus number formats for the grid", () => {
    const cells = spillToCells([
      ["week", "revenue"],
      [{ type: "FormattedNumber", basicValue: 46027, numberFormat: "yyyy-mm-dd" }, 12.5],
    ]);
    expect(cells).toEqual({
      values: [
        ["'week", "'revenue"],
        [46027, 12.5],
      ],
      numberFormat: [
        ["General", "General"],
        ["yyyy-mm-dd", "General"],
      ],
    });
  });
});
