import fc from "fast-check";
import { RowFormatError, checkRows, findPeriodField } from "../../src/api/dataRows";
import { DataRowSchema } from "../../src/api/schemas";
import { runs } from "../support/properties";

describe("checkRows", () => {
  test("the fast pass and the zod schema give the same verdict on any row", () => {
    const value = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.string({ maxLength: 4 }),
      fc.boolean(),
      fc.constant(null),
      fc.constant([1]),
      fc.constant({ a: 1 }),
    );
    const key = fc.constantFrom(
      "week",
      "sku",
      "sku_product_name",
      "store_id",
      "store_name",
      "product_name",
      "revenue",
      "units",
      "revenue_vs_year_pct",
      "x",
    );
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), (row) => {
        const zodSays = DataRowSchema.safeParse(row).success;
        let fastSays = true;
        try {
          checkRows([row]);
        } catch {
          fastSays = false;
        }
        expect(fastSays).toBe(zodSays);
      }),
      runs(10000, 1000), // 1,000 still finds a type check dropped from the fast pass (README, "Test run time")
    );
  });

  test("a wrong type names the row and the field", () => {
    expect(() =>
      checkRows([
        { sku: 1, units: 2 },
        { sku: 1, units: "2" },
      ]),
    ).toThrow(new RowFormatError(1, "units", 'units is the text "2", not a number'));
    expect(() => checkRows([{ sku: 1 }, { sku: 1, store_name: 7 }])).toThrow(
      "row 2: store_name is the number 7, not text",
    );
    expect(() => checkRows([{ sku: [1] }])).toThrow("row 1: sku is a list, not a number or text");
    expect(() => checkRows([{ sku: 1 }, "x"])).toThrow('row 2: the text "x", not a row of fields');
    // Rows counted as a person counts them, with the thousands grouped; a long text shortened.
    expect(() => checkRows([{ units: "y".repeat(50) }], 1233)).toThrow(
      `row 1,234: units is the text "${"y".repeat(40)}…"`,
    );
    expect(() => checkRows({ rows: [] })).toThrow("its answer is a group of fields, not a list of rows");
    expect(() => checkRows(null)).toThrow("its answer is empty, not a list of rows");
  });
});

describe("findPeriodField", () => {
  test("finds the period column by its values, whatever its name", () => {
    expect(findPeriodField([{ day: "2026-01-05T00:00:00Z", sku: 1, sku_product_name: "1 - X" }])).toBe("day");
    expect(findPeriodField([{ sku: 1, month: "2026-01-01", revenue: 3 }])).toBe("month");
    expect(findPeriodField([{ sku: 1, revenue: 3 }])).toBeUndefined();
  });
});
