// Days as Excel holds them: serial numbers in the 1900 date system (the number of days since 1899-12-30, after
// Excel's 1900 leap-year bug), a date cell's value. The rules of src/core read a table's days through
// EXCEL_DAY_CELLS; the service's days become serials only here, where cells meet Excel.
import { dayNumber, dayOfNumber, type DayCells, type IsoDate } from "../core/dates";
import { MAX_EXCEL_SERIAL, SERIAL_OF_DAY_ZERO } from "../core/query/relativeDates";
import { keyCellsOf, rowKey } from "../core/refresh/userColumns";

/** Excel's serial number for a day: 2026-01-05 -> 46027. */
export const excelSerial = (day: IsoDate): number => dayNumber(day) + SERIAL_OF_DAY_ZERO;

/** The day of an Excel serial number (its time of day dropped). */
const fromExcelSerial = (serial: number): IsoDate => dayOfNumber(serial - SERIAL_OF_DAY_ZERO);

/** A table's days in Excel: a number Excel shows as a date (a date cell's value) is a day; anything else is not. */
export const EXCEL_DAY_CELLS: DayCells = {
  dayOf: (cell) => (typeof cell === "number" && cell >= 1 && cell <= MAX_EXCEL_SERIAL ? fromExcelSerial(cell) : null),
  cellOf: excelSerial,
};

/** A row's key (src/core/refresh/userColumns.ts rowKey) from its key cells as the table holds them. */
export const excelRowKey = (cells: readonly unknown[]): string | null => rowKey(keyCellsOf(cells, EXCEL_DAY_CELLS));
