import fc from "fast-check";
import { checkRows, findPeriodField } from "../../src/api/dataRows";
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
    ).toThrow('row 2, field "units"');
    expect(() => checkRows({ rows: [] })).toThrow("expected a JSON array of rows");
  });
});

describe("findPeriodField", () => {
  test("finds the period column by its values, whatever its name", () => {
    expect(findPeriodField([{ day: "2026-01-05T00:00:00Z", sku: 1, sku_product_name: "1 - X" }])).toBe("day");
    expect(findPeriodField([{ sku: 1, month: "2026-01-01", revenue: 3 }])).toBe("month");
    expect(findPeriodField([{ sku: 1, revenue: 3 }])).toBeUndefined();
  });
});
