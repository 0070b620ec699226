// Writing tabulated results as Excel tables, and replacing a table's tail (what refresh stands on).
// Rules kept here: no sync over ~4 MB or 250k cells, calculation and screen updating suspended while
// writing, one sync per block, nothing of the user's overwritten, the table's identity never changes.
import type { Cell, Column } from "../core/tabulate";
import { a1, parseAddress } from "./addresses";
import { WorkbookError } from "./errors";
import { NUMBER_FORMATS, blockRows, excelHeader, excelRows } from "./formats";
import { sheetNameBase, tableNameBase, uniqueName, uniqueSheetName } from "./names";
import { MAX_BLOCK_ROWS, MAX_COLUMNS, MAX_ROWS, MAX_SYNC_BYTES, MAX_SYNC_CELLS, type ExcelRun } from "./run";

export type Destination =
  { kind: "new-sheet"; sheetName?: string } | { kind: "selection" } | { kind: "at"; address: string };

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

export interface WriteOptions {
  /** Free text the table name is made from (e.g. "Sales northmart SKU weekly"); made valid and unique. */
  name: string;
  destination: Destination;
  onProgress?: (rowsWritten: number, rowsTotal: number) => void;
  signal?: AbortSignal;
  limits?: Partial<BlockLimits>;
  /** Activate the sheet and select the table when done (default true). */
  select?: boolean;
}

export interface WriteResult {
  tableName: string;
  sheet: string;
  /** The table's range, e.g. "Sheet2!A1:F101". */
  address: string;
  rows: number;
  /** False when cancelled between blocks: the table then holds the first `rows` rows, whole. */
  complete: boolean;
}

type Grid = (string | number | boolean)[][];

function setFormats(sheet: Excel.Worksheet, row: number, col: number, rows: number, columns: readonly Column[]): void {
  columns.forEach((c, i) => {
    // A single value applies to every cell of the range (documented; the typings only know arrays).
    sheet.getRangeByIndexes(row, col + i, rows, 1).numberFormat = NUMBER_FORMATS[c.kind] as unknown as string[][];
  });
}

function suspend(context: Excel.RequestContext): void {
  context.application.suspendApiCalculationUntilNextSync();
  context.application.suspendScreenUpdatingUntilNextSync();
}

/** Refuses, before writing, what Excel's grid cannot hold. */
function checkFits(rows: number, cols: number, topRow: number, leftCol: number): void {
  if (cols > MAX_COLUMNS - leftCol) {
    throw new WorkbookError(
      "too-large",
      `The result has ${cols} columns; from this cell Excel has room for ${MAX_COLUMNS - leftCol}. Ask for fewer metrics.`,
    );
  }
  if (rows + 1 > MAX_ROWS - topRow) {
    throw new WorkbookError(
      "too-large",
      `The result has ${rows.toLocaleString("en-US")} rows; Excel has room for ${(MAX_ROWS - topRow - 1).toLocaleString("en-US")} here. ` +
        "Narrow the query: a shorter date range, a weekly or monthly timeframe, or one SKU or filter in View by.",
    );
  }
}

/** True when every cell of the rectangle is empty (checked only where the sheet has content). */
async function isEmpty(
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
    await context.sync();
    if (part.formulas.some((line) => line.some((v) => v !== ""))) return false;
  }
  return true;
}

/** Writes `data` as a new Excel table; see WriteOptions. */
export async function writeTable(run: ExcelRun, data: TableData, opts: WriteOptions): Promise<WriteResult> {
  const cols = data.columns.length;
  const total = data.values.length;
  if (cols === 0) throw new WorkbookError("too-large", "The result has no columns to write.");
  checkFits(total, cols, 0, 0);
  const header = excelHeader(data.columns.map((c) => c.name));
  const grid: Grid = excelRows(data.values, data.columns);
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const perBlock = blockRows(grid, cols, limits);

  return run(async (context) => {
    const wb = context.workbook;
    wb.worksheets.load("items/name");
    wb.tables.load("items/name");
    const selected = opts.destination.kind === "selection" ? wb.getSelectedRange() : undefined;
    selected?.load("address");
    await context.sync();

    let sheet: Excel.Worksheet;
    let sheetName: string;
    let top = 0;
    let left = 0;
    if (opts.destination.kind === "new-sheet") {
      sheetName = uniqueSheetName(
        sheetNameBase(opts.destination.sheetName ?? opts.name),
        wb.worksheets.items.map((s) => s.name),
      );
      sheet = wb.worksheets.add(sheetName);
    } else {
      const where = parseAddress(selected ? selected.address : (opts.destination as { address: string }).address);
      sheetName = where.sheet || wb.worksheets.items[0].name;
      sheet = wb.worksheets.getItem(sheetName);
      top = where.row;
      left = where.col;
      checkFits(total, cols, top, left);
      if (!(await isEmpty(context, sheet, top, left, total + 1, cols))) {
        throw new WorkbookError(
          "no-room",
          `The ${total + 1} rows x ${cols} columns from ${a1(top, left, 1, 1)} on "${sheetName}" are not empty. ` +
            "Pick an empty area or write to a new sheet; nothing was overwritten.",
        );
      }
    }
    const tableName = uniqueName(
      tableNameBase(opts.name),
      wb.tables.items.map((t) => t.name),
    );

    // Block 1 creates the table (header and first rows); later blocks extend it. After every sync the
    // table holds whole rows only, so a cancel or a failure between blocks leaves a consistent table.
    const first = Math.min(perBlock, total);
    suspend(context);
    setFormats(sheet, top + 1, left, Math.max(first, 1), data.columns);
    sheet.getRangeByIndexes(top, left, 1 + first, cols).values = [header, ...grid.slice(0, first)];
    const table = sheet.tables.add(sheet.getRangeByIndexes(top, left, 1 + Math.max(first, 1), cols), true);
    table.name = tableName;
    table.style = "TableStyleMedium2";
    sheet.getRangeByIndexes(top, left, 1 + Math.min(first, 200), cols).format.autofitColumns();
    if (opts.destination.kind === "new-sheet") sheet.freezePanes.freezeRows(1);
    await context.sync();
    opts.onProgress?.(first, total);

    let written = first;
    let complete = true;
    while (written < total) {
      if (opts.signal?.aborted) {
        complete = false;
        break;
      }
      const n = Math.min(perBlock, total - written);
      suspend(context);
      setFormats(sheet, top + 1 + written, left, n, data.columns);
      sheet.getRangeByIndexes(top + 1 + written, left, n, cols).values = grid.slice(written, written + n);
      table.resize(sheet.getRangeByIndexes(top, left, 1 + written + n, cols));
      await context.sync();
      written += n;
      opts.onProgress?.(written, total);
    }

    const range = table.getRange();
    range.load("address");
    if (opts.select !== false) {
      sheet.activate();
      range.select();
    }
    await context.sync();
    return { tableName, sheet: sheetName, address: range.address, rows: written, complete };
  });
}

export interface TailReplacement {
  /** Header of the period column (dates as Excel serials, rows in period order). */
  periodColumn: string;
  /** Rows whose period is on or after this serial are replaced. */
  cutoff: number;
  /** The new rows, in the table's column order. */
  data: TableData;
  limits?: Partial<BlockLimits>;
}

export interface TailResult {
  /** Rows at or after the cut-off before the replacement. */
  removed: number;
  added: number;
  /** Rows before the cut-off, left exactly as they were. */
  kept: number;
  address: string;
}

/**
 * Replaces every row of the table whose period is at or after the cut-off with `data`, keeping the
 * table's name, header, formats and position and leaving the rows before the cut-off untouched.
 * The rows are written in place, then the table is resized; a replacement that fits one request
 * (the usual case: a week of daily rows) is a single sync, so it applies whole or not at all.
 */
export async function replaceTail(run: ExcelRun, tableName: string, rep: TailReplacement): Promise<TailResult> {
  const limits = { ...DEFAULT_LIMITS, ...rep.limits };
  const cols = rep.data.columns.length;
  const grid: Grid = excelRows(rep.data.values, rep.data.columns);
  return run(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(tableName);
    table.load("name");
    const headerRange = table.getHeaderRowRange();
    headerRange.load("values");
    const whole = table.getRange();
    whole.load("rowIndex,columnIndex,rowCount,columnCount,address");
    // eslint-disable-next-line office-addins/call-sync-before-read -- a navigation property, not a read
    const sheet = table.worksheet;
    sheet.load("name");
    await context.sync();
    if (table.isNullObject)
      throw new WorkbookError(
        "not-found",
        `The table "${tableName}" is no longer in this workbook. It may have been renamed or deleted.`,
      );

    const headers = headerRange.values[0].map(String);
    const expected = rep.data.columns.map((c) => c.name);
    if (headers.length !== cols || headers.some((h, i) => h !== expected[i])) {
      throw new WorkbookError(
        "changed",
        `The columns of "${tableName}" were changed (${headers.join(", ")}). Nothing was written.`,
      );
    }
    const pc = headers.indexOf(rep.periodColumn);
    if (pc < 0)
      throw new WorkbookError(
        "changed",
        `The table "${tableName}" has no "${rep.periodColumn}" column. Nothing was written.`,
      );

    const bodyTop = whole.rowIndex + 1;
    const left = whole.columnIndex;
    const count = whole.rowCount - 1;
    const cutAt = await firstRowAtOrAfter(context, sheet, bodyTop, left + pc, count, rep.cutoff);
    const removed = count - cutAt;
    const added = grid.length;
    checkFits(cutAt + added, cols, whole.rowIndex, left);

    if (added > removed && !(await isEmpty(context, sheet, bodyTop + count, left, added - removed, cols))) {
      throw new WorkbookError(
        "no-room",
        `"${tableName}" needs ${added - removed} more rows, but the cells below it are not empty. Move what is below the table; nothing was changed.`,
      );
    }

    // In place, in blocks of whole rows; a window that fits one request is one sync.
    const perBlock = blockRows(grid, cols, limits);
    let done = 0;
    do {
      const n = Math.min(perBlock, added - done);
      const last = done + n >= added;
      suspend(context);
      if (n > 0) {
        setFormats(sheet, bodyTop + cutAt + done, left, n, rep.data.columns);
        sheet.getRangeByIndexes(bodyTop + cutAt + done, left, n, cols).values = grid.slice(done, done + n);
      }
      const rowsNow = Math.max(cutAt + done + n, last ? 0 : count);
      if (last) {
        // At least one body row stays: Excel tables cannot have none.
        table.resize(sheet.getRangeByIndexes(whole.rowIndex, left, 1 + Math.max(1, rowsNow), cols));
        if (rowsNow < count)
          sheet
            .getRangeByIndexes(bodyTop + Math.max(1, rowsNow), left, count - Math.max(1, rowsNow), cols)
            .clear("Contents");
        if (rowsNow === 0) sheet.getRangeByIndexes(bodyTop, left, 1, cols).clear("Contents");
      } else if (cutAt + done + n > count) {
        table.resize(sheet.getRangeByIndexes(whole.rowIndex, left, 1 + cutAt + done + n, cols));
      }
      await context.sync();
      done += n;
    } while (done < added);

    const after = table.getRange();
    after.load("address");
    await context.sync();
    return { removed, added, kept: cutAt, address: after.address };
  });
}

/** Index of the first body row whose period is on or after `cutoff` (rows are in period order). */
async function firstRowAtOrAfter(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  bodyTop: number,
  col: number,
  count: number,
  cutoff: number,
): Promise<number> {
  const step = 100_000; // one column: well under the 5 MB response limit
  let end = count;
  while (end > 0) {
    const start = Math.max(0, end - step);
    const part = sheet.getRangeByIndexes(bodyTop + start, col, end - start, 1);
    part.load("values");
    await context.sync();
    const values = part.values;
    for (let i = values.length - 1; i >= 0; i--) {
      const v = values[i][0];
      if (typeof v === "number" && v < cutoff) return start + i + 1;
    }
    end = start;
  }
  return 0;
}

export interface TableContents {
  name: string;
  sheet: string;
  address: string;
  headers: string[];
  values: unknown[][];
  formats: string[];
}

/** Reads a whole table (header, body values, the first row's formats), in blocks. */
export async function readTable(run: ExcelRun, tableName: string): Promise<TableContents> {
  return run(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(tableName);
    const whole = table.getRange();
    whole.load("rowIndex,columnIndex,rowCount,columnCount,address");
    const headerRange = table.getHeaderRowRange();
    headerRange.load("values");
    // eslint-disable-next-line office-addins/call-sync-before-read -- a navigation property, not a read
    const sheet = table.worksheet;
    sheet.load("name");
    table.load("name");
    await context.sync();
    if (table.isNullObject) throw new WorkbookError("not-found", `The table "${tableName}" is not in this workbook.`);
    const cols = whole.columnCount;
    const count = whole.rowCount - 1;
    const step = Math.max(1, Math.floor(MAX_SYNC_CELLS / cols));
    const values: unknown[][] = [];
    let formats: string[] = [];
    for (let r = 0; r < count; r += step) {
      const part = sheet.getRangeByIndexes(whole.rowIndex + 1 + r, whole.columnIndex, Math.min(step, count - r), cols);
      part.load("values");
      const firstRow = r === 0 ? sheet.getRangeByIndexes(whole.rowIndex + 1, whole.columnIndex, 1, cols) : undefined;
      firstRow?.load("numberFormat");
      await context.sync();
      if (firstRow) formats = firstRow.numberFormat[0].map(String);
      for (const row of part.values) values.push(row);
    }
    return {
      name: table.name,
      sheet: sheet.name,
      address: whole.address,
      headers: headerRange.values[0].map(String),
      values,
      formats,
    };
  });
}
