// replaceTail and what a table holds besides the service's rows: the user's rows of the window moved
// whole to their places (formulas and text kept), the record written in the commit with the rows, the last row's
// validation and conditional formats (of every type) carried to the rows the table grows into (setRanges, ExcelApi
// 1.17; below it, said), the rows a table gives up losing them; and the syncs this costs.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import type { Cell, Column } from "../../src/core/answer/tabulate";
import { readTable, replaceTail, writeTable } from "../../src/excel";

const COLUMNS: Column[] = [
  { name: "week", kind: "date" },
  { name: "sku", kind: "code" },
  { name: "name", kind: "text" },
  { name: "revenue", kind: "decimal" },
];
const W1 = 46342; // 2026-11-16
const W2 = W1 + 7;

const rows = (week: number, skus: number[], revenue = 10): Cell[][] =>
  skus.map((s) => [week, 100000 + s, `Product ${s}`, revenue + s]);

let host: WorkbookHost;
const act = (batch: (ctx: Excel.RequestContext) => void) =>
  host.run(async (ctx) => {
    batch(ctx);
    await ctx.sync();
  });
const sheet = () => host.snapshot().sheets.find((s) => s.name !== "Sheet1")!;

beforeEach(async () => {
  host = createWorkbookHost();
  await writeTable(
    host.run,
    { columns: COLUMNS, values: [...rows(W1 - 7, [1, 2]), ...rows(W1, [1, 2])] },
    { name: "Sales", destination: { kind: "new-sheet" } },
  );
});

test("a kept row moves whole to its place, its formula a formula and its text text, in the commit with the record", async () => {
  // The user's row, typed after the rows of W1: a formula for revenue, text that reads as a number in a code column.
  await act((ctx) => {
    ctx.workbook.tables.getItem("Sales").rows.add(4, [[W1, "'0012", "Adjustment", "=-2*5"]]);
  });
  host.stats.reset();
  const result = await replaceTail(host.run, "Sales", {
    periodColumn: "week",
    cutoff: W1,
    data: { columns: COLUMNS, values: [...rows(W1, [1, 2, 3]), ...rows(W2, [1])] },
    keep: [{ row: 2, at: 3 }],
    withRows: (ctx) => ctx.workbook.settings.add("SalesData.written.test", "recorded"),
  });
  expect(result.userRowsKept).toBe(1);
  const values = (await readTable(host.run, "Sales")).values;
  expect(values.slice(2)).toEqual([...rows(W1, [1, 2, 3]), [W1, "0012", "Adjustment", "#VALUE!"], ...rows(W2, [1])]);
  const cell = sheet().cells.find((c) => c.address === "D7")!;
  expect(cell.formula).toBe("=-2*5");
  // The record and the rows changed in one sync: the commit.
  const commits = host.stats.syncLog.filter((s) => s.tablesWritten.length > 0);
  expect(commits).toHaveLength(1);
  expect(host.snapshot().settings["SalesData.written.test"]).toBe("recorded");
});

describe("the last row's validation and conditional formats", () => {
  const rule = { decimal: { formula1: 0, operator: "GreaterThan" } } as Excel.DataValidationRule;
  async function ruled(formats: boolean) {
    await act((ctx) => {
      const column = ctx.workbook.tables.getItem("Sales").columns.getItem("revenue").getDataBodyRange();
      column.dataValidation.rule = rule;
      if (formats) column.conditionalFormats.add("Custom").custom.rule.formula = "=D2>11";
    });
  }
  const grow = (setRanges?: boolean) =>
    replaceTail(host.run, "Sales", {
      periodColumn: "week",
      cutoff: W1,
      data: { columns: COLUMNS, values: [...rows(W1, [1, 2]), ...rows(W2, [1, 2, 3])] },
      ...(setRanges === undefined ? {} : { setRanges }),
    });

  test("carried to the rows the table grows into; one more sync only for the formats' areas", async () => {
    const syncsOf = async (formats: boolean) => {
      const h = host;
      host = h.copy();
      await ruled(formats);
      host.stats.reset();
      await grow();
      const n = host.stats.syncs;
      const s = sheet();
      host = h;
      return {
        n,
        validations: s.validations!.map((v) => v.address),
        formats: s.conditionalFormats?.map((f) => f.ranges),
      };
    };
    const plain = await (async () => {
      const h = host;
      host = h.copy();
      host.stats.reset();
      await grow();
      const n = host.stats.syncs;
      host = h;
      return n;
    })();
    const withRule = await syncsOf(false);
    const withFormat = await syncsOf(true);
    expect(withRule).toEqual({ n: plain, validations: ["D2:D8"], formats: undefined });
    expect(withFormat).toEqual({ n: plain + 1, validations: ["D2:D8"], formats: ["D2:D8"] });
  });

  test.each([
    "CellValue",
    "ContainsText",
    "TopBottom",
    "PresetCriteria",
    "Custom",
    "ColorScale",
    "DataBar",
    "IconSet",
  ] as Excel.ConditionalFormatType[])(
    "a %s format on a column: kept as it was, carried to the rows the table grows into",
    async (type) => {
      await act((ctx) => {
        const name = ctx.workbook.tables.getItem("Sales").columns.getItem("name").getDataBodyRange();
        name.conditionalFormats.add(type);
      });
      const before = sheet().conditionalFormats!;
      expect(before.map((f) => [f.type, f.ranges])).toEqual([[type, "C2:C5"]]);
      await grow();
      expect(sheet().conditionalFormats).toEqual(before.map((f) => ({ ...f, ranges: "C2:C8" })));
    },
  );

  test("where Excel cannot change a format's areas (below ExcelApi 1.17): the validation carried, the format said", async () => {
    await ruled(true);
    const result = await grow(false);
    expect(result.formatsNotCarried).toEqual(["revenue"]);
    expect(sheet().conditionalFormats!.map((f) => f.ranges)).toEqual(["D2:D5"]);
    expect(sheet().validations!.map((v) => v.address)).toEqual(["D2:D8"]);
  });

  test("the rows a table gives up lose their validation and conditional formats", async () => {
    await ruled(true);
    await replaceTail(host.run, "Sales", {
      periodColumn: "week",
      cutoff: W1,
      data: { columns: COLUMNS, values: rows(W1, [1]) },
    });
    expect(sheet().validations!.map((v) => v.address)).toEqual(["D2:D4"]);
    expect(sheet().conditionalFormats!.map((f) => f.ranges)).toEqual(["D2:D4"]);
  });
});
