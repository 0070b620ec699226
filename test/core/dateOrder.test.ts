// What a sort into date order leaves in the period column (src/core/refresh/dateOrder.ts): Excel's default order,
// blanks last, stable; a table of several retailers by retailer within a period.
import { dateOrdered } from "../../src/core/refresh/dateOrder";

test("numbers, then text (case-insensitive), then logicals, then errors; blanks last; ties keep their order", () => {
  const cells = ["", 46350, "b", true, "#N/A", "A", 46340, false, null];
  expect(dateOrdered(cells).periods).toEqual([46340, 46350, "A", "b", false, true, "#N/A", "", null]);
});

test("the period column in date order, each row's retailer beside it sorted within its period", () => {
  const periods = [46350, 46343, "", 46350, 46343];
  const retailers = ["pharmaplus", "pharmaplus", "", "northmart", "northmart"];
  expect(dateOrdered(periods, retailers)).toEqual({
    periods: [46343, 46343, 46350, 46350, ""],
    also: ["northmart", "pharmaplus", "northmart", "pharmaplus", ""],
  });
  expect(dateOrdered([3, 1, 2])).toEqual({ periods: [1, 2, 3] });
});
