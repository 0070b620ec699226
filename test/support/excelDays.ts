// A table's date cell read back as a day, through the rule the refresh reads days by (EXCEL_DAY_CELLS): a serial
// the rule does not take as a day fails the test that read it.
import type { IsoDate } from "../../src/core/dates";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

export function dayOfSerial(serial: number): IsoDate {
  const day = EXCEL_DAY_CELLS.dayOf(serial);
  if (day === null) throw new Error(`${serial} is not a day Excel can hold`);
  return day;
}
