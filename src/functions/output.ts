// Results in the shape a custom function returns: a 2D array that spills, numbers as numbers, text as text,
// empty cells as "", period dates as date serials. Where Excel supports data types (ExcelApi 1.16), dates and
// comparison percentages are FormattedNumber values, so they display as dates / percentages without the
// user formatting the spill; elsewhere they are plain serials and fractions.
import type { ColumnKind, Tabulated } from "../core/answer/tabulate";
import { FunctionError } from "./errors";

/** Excel's formatted-number cell value (Excel.FormattedNumberCellValue), as a custom function returns it. */
export interface FormattedNumber {
  type: "FormattedNumber";
  basicValue: number;
  numberFormat: string;
}

export type SpillCell = string | number | boolean | FormattedNumber;

export interface OutputOptions {
  /** Return FormattedNumber values for dates and percentages (only where Excel supports them). */
  formattedNumbers: boolean;
  /** Largest result a formula may return, in cells (header included). */
  maxCells: number;
}

/** 100,000 cells: beyond that a spill makes Excel slow to recalculate and Excel on the web nears its 5 MB limit. */
export const DEFAULT_MAX_CELLS = 100_000;

const DATE_FORMAT = "yyyy-mm-dd";
const PERCENT_FORMAT = "0.0%";

const FORMAT_OF: Partial<Record<ColumnKind, string>> = { date: DATE_FORMAT, percent: PERCENT_FORMAT };

function formatted(value: number, numberFormat: string): FormattedNumber {
  return { type: "FormattedNumber", basicValue: value, numberFormat };
}

/** Refuses results too large for a formula (the pane writes those as tables, in blocks). */
export function checkSize(rows: number, columns: number, maxCells: number): void {
  const cells = rows * columns;
  if (cells > maxCells) {
    throw new FunctionError(
      "#N/A",
      `This result is ${rows.toLocaleString("en-US")} rows x ${columns} columns (${cells.toLocaleString("en-US")} cells), ` +
        `more than a formula should spill (${maxCells.toLocaleString("en-US")} cells): huge spills hang Excel. ` +
        `Use the Sales Data pane to pull it as a table, or narrow the dates, metrics or viewby.`,
    );
  }
}

/** A tabulated data result as a spill: optional header row, "" for missing values, formats where supported. */
export function tableSpill(table: Tabulated, headers: boolean, opts: OutputOptions): SpillCell[][] {
  const width = table.columns.length;
  checkSize(table.values.length + (headers ? 1 : 0), width, opts.maxCells);
  const formats = table.columns.map((c) => (opts.formattedNumbers ? FORMAT_OF[c.kind] : undefined));
  const out: SpillCell[][] = headers ? [[...table.headers]] : [];
  for (const row of table.values) {
    const cells: SpillCell[] = new Array(width);
    for (let c = 0; c < width; c++) {
      const v = row[c];
      const f = formats[c];
      cells[c] = v === null || v === undefined ? "" : f && typeof v === "number" ? formatted(v, f) : v;
    }
    out.push(cells);
  }
  return out;
}

/** One value per row (the list functions). */
export function listSpill(items: readonly (string | number)[], opts: OutputOptions): (string | number)[][] {
  checkSize(items.length, 1, opts.maxCells);
  return items.map((i) => [i]);
}
