// How the preview shows a cell: Excel's number formats that the add-in uses, applied to the value.
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

const grouped0 = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const grouped2 = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent1 = new Intl.NumberFormat("en-US", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function displayCell(value: unknown, numberFormat: string | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value !== "number") return String(value);
  switch (numberFormat) {
    case "yyyy-mm-dd":
      return EXCEL_DAY_CELLS.dayOf(value) ?? String(value);
    case "0":
      return String(Math.round(value));
    case "#,##0":
      return grouped0.format(value);
    case "#,##0.00":
      return grouped2.format(value);
    case "0.0%":
      return percent1.format(value);
    default:
      return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e6) / 1e6);
  }
}

export function isNumeric(value: unknown): boolean {
  return typeof value === "number";
}
