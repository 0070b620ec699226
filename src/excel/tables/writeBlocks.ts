// What both writes (a new table, a table's tail) share: block limits, the per-block steps (formats,
// suspension) and the checks for room before anything is written.
import type { Cell, Column } from "../../core/answer/tabulate";
import { WorkbookError } from "../errors";
import { NUMBER_FORMATS } from "../formats";
import { MAX_BLOCK_ROWS, MAX_COLUMNS, MAX_ROWS, MAX_SYNC_BYTES, MAX_SYNC_CELLS } from "../excelRun";

export interface BlockLimits {
  bytes: number;
  cells: number;
  rows: number;
}

export const DEFAULT_LIMITS: BlockLimits = { bytes: MAX_SYNC_BYTES, cells: MAX_SYNC_CELLS, rows: MAX_BLOCK_ROWS };

export interface TableData {
  columns: readonly Column[];
  values: readonly Cell[][];
}

/** Rows as written to `values` (see excelRows); null leaves a cell as it is (a user cell refresh keeps). */
export type Grid = (string | number | boolean | null)[][];

/** Number formats by column kind for `rows` rows from (row, col); a null column (the user's) is left as it is. */
export function setFormats(
  sheet: Excel.Worksheet,
  row: number,
  col: number,
  rows: number,
  columns: readonly (Column | null)[],
): void {
  columns.forEach((c, i) => {
    // A single value applies to every cell of the range (documented; the typings only know arrays).
    if (c)
      sheet.getRangeByIndexes(row, col + i, rows, 1).numberFormat = NUMBER_FORMATS[c.kind] as unknown as string[][];
  });
}

/** One number format per column for `rows` rows from (row, col); a null column is left as it is. */
export function setNumberFormats(
  sheet: Excel.Worksheet,
  row: number,
  col: number,
  rows: number,
  formats: readonly (string | null)[],
): void {
  formats.forEach((f, i) => {
    if (f !== null) sheet.getRangeByIndexes(row, col + i, rows, 1).numberFormat = f as unknown as string[][];
  });
}

/** For the next sync only: no recalculation or repaint between the cells of a block. */
export function suspend(context: Excel.RequestContext): void {
  context.application.suspendApiCalculationUntilNextSync();
  context.application.suspendScreenUpdatingUntilNextSync();
}

/**
 * Refuses, before writing, what Excel's grid cannot hold. The workbook layer does not know the query: what would fit
 * instead is said by whoever does, before it gets here (src/refresh/pull.ts, src/core/query/sizeAdvice.ts).
 */
export function checkFits(rows: number, cols: number, topRow: number, leftCol: number): void {
  if (cols > MAX_COLUMNS - leftCol) {
    throw new WorkbookError(
      "too-large",
      `The result has ${cols} columns; from this cell Excel has room for ${MAX_COLUMNS - leftCol}. Ask for fewer metrics.`,
    );
  }
  if (rows + 1 > MAX_ROWS - topRow) {
    throw new WorkbookError(
      "too-large",
      `The result has ${rows.toLocaleString("en-US")} rows; Excel has room for ${(MAX_ROWS - topRow - 1).toLocaleString("en-US")} here. Nothing was written.`,
    );
  }
}

/** True when every cell of the rectangle is empty (checked only where the sheet has content). */
export async function isEmpty(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  row: number,
  col: number,
  rows: number,
  cols: number,
): Promise<boolean> {
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load("rowIndex,columnIndex,rowCount,columnCount");
  await context.sync();
  if (used.isNullObject) return true;
  const top = Math.max(row, used.rowIndex);
  const left = Math.max(col, used.columnIndex);
  const bottom = Math.min(row + rows, used.rowIndex + used.rowCount);
  const right = Math.min(col + cols, used.columnIndex + used.columnCount);
  if (top >= bottom || left >= right) return true;
  const step = Math.max(1, Math.floor(MAX_SYNC_CELLS / (right - left)));
  for (let r = top; r < bottom; r += step) {
    const part = sheet.getRangeByIndexes(r, left, Math.min(step, bottom - r), right - left);
    part.load("formulas");
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block of cells per sync (payload limit); stops at the first filled one
    await context.sync();
    if (part.formulas.some((line) => line.some((v) => v !== ""))) return false;
  }
  return true;
}
