// The formats of rows a refresh adds (src/core/refresh/newRowFormats.ts): the row above's, the add-in's own where
// a service column has none, text always Text.
import { newRowFormats } from "../../src/core/refresh/newRowFormats";

/** The add-in's own formats by kind (as src/excel/formats.ts's). */
const NUMBER_FORMATS = {
  date: "yyyy-mm-dd",
  code: "0",
  text: "@",
  integer: "#,##0",
  decimal: "#,##0.00",
  percent: "0.0%",
};

const col = (name: string, kind: "date" | "text" | "integer" | "decimal") => ({ name, kind });

test("each column's format from the row above; text columns stay Text; a user column with none is left alone", () => {
  const layout = [
    col("week", "date"),
    col("product", "text"),
    col("revenue", "decimal"),
    null,
    col("units", "integer"),
  ];
  expect(newRowFormats(layout, ["dd mmm", "General", "£#,##0", "0.0%", "#,##0"], NUMBER_FORMATS)).toEqual([
    "dd mmm",
    "@",
    "£#,##0",
    "0.0%",
    "#,##0",
  ]);
  expect(newRowFormats(layout, [], NUMBER_FORMATS)).toEqual(["yyyy-mm-dd", "@", "#,##0.00", null, "#,##0"]);
});
