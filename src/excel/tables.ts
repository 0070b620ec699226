// Writing tabulated results as Excel tables, and replacing a table's tail (what refresh stands on).
// Rules kept here: no sync over ~4 MB or 250k cells, calculation and screen updating suspended while
// writing, one sync per block, nothing of the user's overwritten, the table's identity never changes.
import type { Cell, Column } from "../core/tabulate";
import { a1, parseAddress, quoteSheet } from "./addresses";
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
  /** False when cancelled or when Excel failed between blocks: the table then holds the first `rows` rows, whole. */
  complete: boolean;
  /** Why the write stopped early when Excel failed after the table was created (absent for a cancel). */
  error?: string;
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

function failureText(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  const message = e && typeof e.message === "string" ? e.message : String(err);
  return e && typeof e.code === "string" && !message.includes(e.code) ? `${e.code}: ${message}` : message;
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
    let error: string | undefined;
    while (written < total) {
      if (opts.signal?.aborted) {
        complete = false;
        break;
      }
      const n = Math.min(perBlock, total - written);
      try {
        suspend(context);
        setFormats(sheet, top + 1 + written, left, n, data.columns);
        sheet.getRangeByIndexes(top + 1 + written, left, n, cols).values = grid.slice(written, written + n);
        table.resize(sheet.getRangeByIndexes(top, left, 1 + written + n, cols));
        await context.sync();
      } catch (err) {
        // The table exists and holds the first `written` rows, whole. Part of this block may have landed below
        // it (cells that were empty): clear them so the table can grow there on the next refresh.
        complete = false;
        error = failureText(err);
        try {
          sheet.getRangeByIndexes(top + 1 + written, left, n, cols).clear("All");
          await context.sync();
        } catch {
          // Best effort: the table itself is consistent.
        }
        break;
      }
      written += n;
      opts.onProgress?.(written, total);
    }

    let address = `${quoteSheet(sheetName)}!${a1(top, left, 1 + Math.max(written, 1), cols)}`;
    try {
      const range = table.getRange();
      range.load("address");
      if (opts.select !== false) {
        sheet.activate();
        range.select();
      }
      await context.sync();
      address = range.address;
    } catch (err) {
      if (error === undefined) throw err;
    }
    return { tableName, sheet: sheetName, address, rows: written, complete, ...(error !== undefined ? { error } : {}) };
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
  /** Checked before the table is touched (and between staging blocks): a cancel then changes nothing. */
  signal?: AbortSignal;
}

export interface TailResult {
  /** Rows at or after the cut-off before the replacement. */
  removed: number;
  added: number;
  /** Rows before the cut-off, left exactly as they were. */
  kept: number;
  address: string;
  /** True when the new rows were too big for one request and went through the staging sheet. */
  staged: boolean;
}

/** A very hidden sheet that holds a big replacement while it is sent in blocks; deleted afterwards. */
export const STAGING_SHEET = "SalesData_staging";

/**
 * Replaces every row of the table whose period is at or after the cut-off with `data`, keeping the
 * table's name, header, formats and position and leaving the rows before the cut-off untouched.
 *
 * Failure safety (Excel does not roll a failed batch back: the actions before a failing one stay applied).
 * The table changes in one "commit" sync whose every prefix is safe:
 *   1. growing: the table is resized over the empty rows below it (old rows + blank rows at the end);
 *   2. number formats of the rows new to the table (formats only; replaced rows keep theirs);
 *   3. ONE write of the whole window: the new rows, then blank rows where old rows are left over;
 *   4. shrinking: the table is resized to its new end and the rows left below lose their formats.
 * So after any failure the table holds the rows before the cut-off and either the old window or the new one,
 * possibly followed by blank rows, which are part of the window the next refresh replaces. A window too big
 * for one request (over ~4 MB) is first written in blocks to a very hidden staging sheet (the table is not
 * touched), then step 3 is one `copyFrom` of the staged rows; the staging sheet is deleted after the commit,
 * and a leftover one (a failure in between) is deleted by the next replacement.
 */
export async function replaceTail(run: ExcelRun, tableName: string, rep: TailReplacement): Promise<TailResult> {
  const limits = { ...DEFAULT_LIMITS, ...rep.limits };
  const cols = rep.data.columns.length;
  const grid: Grid = excelRows(rep.data.values, rep.data.columns);
  return run(async (context) => {
    const wb = context.workbook;
    const table = wb.tables.getItemOrNullObject(tableName);
    table.load("name,showTotals");
    const headerRange = table.getHeaderRowRange();
    headerRange.load("values");
    const whole = table.getRange();
    whole.load("rowIndex,columnIndex,rowCount,columnCount,address");
    // eslint-disable-next-line office-addins/call-sync-before-read -- a navigation property, not a read
    const sheet = table.worksheet;
    sheet.load("name");
    const leftover = wb.worksheets.getItemOrNullObject(STAGING_SHEET);
    await context.sync();
    if (table.isNullObject)
      throw new WorkbookError(
        "not-found",
        `The table "${tableName}" is no longer in this workbook. It may have been renamed or deleted.`,
      );
    refuseTotalRow(table, tableName);
    const body = table.getDataBodyRange();
    body.load("rowIndex,rowCount");
    await context.sync();
    if (!leftover.isNullObject) leftover.delete(); // from a replacement that failed midway; synced below

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

    const top = whole.rowIndex;
    const bodyTop = body.rowIndex;
    const left = whole.columnIndex;
    const count = body.rowCount;
    const cutAt = await firstRowAtOrAfter(
      context,
      sheet,
      bodyTop,
      left + pc,
      count,
      rep.cutoff,
      tableName,
      headers[pc],
    );
    const removed = count - cutAt;
    const added = grid.length;
    const finalRows = cutAt + added;
    checkFits(finalRows, cols, top, left);

    if (finalRows > count && !(await isEmpty(context, sheet, bodyTop + count, left, finalRows - count, cols))) {
      throw new WorkbookError(
        "no-room",
        `"${tableName}" needs ${finalRows - count} more rows, but the cells below it are not empty. Move what is below the table; nothing was changed.`,
      );
    }

    // The window as one block: new rows, then blanks over the old rows left over (when the table shrinks).
    const span = Math.max(added, removed);
    const blank = new Array<string>(cols).fill("");
    const window: Grid = added === span ? grid : grid.concat(Array.from({ length: span - added }, () => blank));
    const perBlock = blockRows(window, cols, limits);
    const staged = window.length > perBlock;
    const checkCancel = () => {
      if (rep.signal?.aborted)
        throw new WorkbookError("cancelled", "Refresh was cancelled; the table was not changed.");
    };

    let staging: Excel.Worksheet | undefined;
    if (staged) {
      staging = wb.worksheets.add(STAGING_SHEET);
      staging.visibility = "VeryHidden" as Excel.SheetVisibility;
      await context.sync();
      for (let done = 0; done < window.length; done += perBlock) {
        checkCancel();
        const n = Math.min(perBlock, window.length - done);
        suspend(context);
        setFormats(staging, done, 0, n, rep.data.columns);
        staging.getRangeByIndexes(done, 0, n, cols).values = window.slice(done, done + n);
        await context.sync();
      }
    } else if (!leftover.isNullObject) {
      await context.sync();
    }
    checkCancel();

    // The commit: one sync, each prefix of it safe (see above).
    suspend(context);
    if (finalRows > count) table.resize(sheet.getRangeByIndexes(top, left, 1 + finalRows, cols));
    // Rows replaced in place keep their formats; only rows new to the table get them.
    if (finalRows > count) setFormats(sheet, bodyTop + count, left, finalRows - count, rep.data.columns);
    // Text columns are Text (@) again for every row written, whatever a user made them since: service text
    // such as "=SUM(1)" or "+Vita" then lands as text. Before the values, so every prefix stays safe.
    if (span > 0) {
      rep.data.columns.forEach((c, i) => {
        if (c.kind === "text")
          sheet.getRangeByIndexes(bodyTop + cutAt, left + i, span, 1).numberFormat =
            NUMBER_FORMATS.text as unknown as string[][];
      });
    }
    if (span > 0) {
      const target = sheet.getRangeByIndexes(bodyTop + cutAt, left, span, cols);
      if (staging) target.copyFrom(staging.getRangeByIndexes(0, 0, span, cols), "Values");
      else target.values = window;
    }
    if (finalRows < count) {
      // At least one body row stays: Excel tables cannot have none.
      const rowsNow = Math.max(1, finalRows);
      table.resize(sheet.getRangeByIndexes(top, left, 1 + rowsNow, cols));
      if (count > rowsNow) sheet.getRangeByIndexes(bodyTop + rowsNow, left, count - rowsNow, cols).clear("Formats");
    }
    const after = table.getRange();
    after.load("address");
    await context.sync();

    if (staging) {
      staging.delete();
      await context.sync();
    }
    return { removed, added, kept: cutAt, address: after.address, staged };
  });
}

export interface PeriodTail {
  tableName: string;
  sheet: string;
  headers: string[];
  /** Number formats of the first body row (what each column is shown as). */
  formats: string[];
  /** The header of the period column read. */
  periodColumn: string;
  /** Body rows of the table. */
  count: number;
  /** Index (in the body) of the first period value returned. */
  offset: number;
  /** Period values of body rows offset .. count-1. */
  periods: unknown[];
}

/**
 * Reads the table's header and the tail of its period column, from the last row back to the first row whose
 * period is a number below `until` (or the table's start): what a refresh needs to place its window, without
 * reading the whole table. One column, 100,000 cells per sync.
 */
export async function readPeriodTail(
  run: ExcelRun,
  tableName: string,
  /** The period column's header; when absent (or not found), the first column shown as a date. */
  periodColumn: string | undefined,
  until: number,
): Promise<PeriodTail> {
  return run(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(tableName);
    table.load("name,showTotals");
    await context.sync();
    if (table.isNullObject)
      throw new WorkbookError(
        "not-found",
        `The table "${tableName}" is no longer in this workbook. It may have been renamed or deleted.`,
      );
    refuseTotalRow(table, tableName);
    const headerRange = table.getHeaderRowRange();
    headerRange.load("values");
    const whole = table.getRange();
    whole.load("rowIndex,columnIndex,rowCount,columnCount");
    const body = table.getDataBodyRange();
    body.load("rowIndex,rowCount");
    const sheet = table.worksheet;
    sheet.load("name");
    await context.sync();
    const headers = headerRange.values[0].map(String);
    const bodyTop = body.rowIndex;
    const count = body.rowCount;
    const firstRow = sheet.getRangeByIndexes(bodyTop, whole.columnIndex, 1, whole.columnCount);
    firstRow.load("numberFormat");
    await context.sync();
    const formats = firstRow.numberFormat[0].map(String);
    let pc = periodColumn === undefined ? -1 : headers.indexOf(periodColumn);
    if (pc < 0) pc = formats.indexOf(NUMBER_FORMATS.date);
    if (pc < 0)
      throw new WorkbookError(
        "changed",
        `The table "${tableName}" has no date column (${periodColumn ?? "period"}), so it cannot be refreshed. Nothing was written.`,
      );
    const step = 100_000; // one column: well under the 5 MB response limit
    let end = count;
    const parts: unknown[][] = [];
    while (end > 0) {
      const start = Math.max(0, end - step);
      const part = sheet.getRangeByIndexes(bodyTop + start, whole.columnIndex + pc, end - start, 1);
      part.load("values");
      await context.sync();
      const column = part.values.map((r) => r[0] as unknown);
      parts.unshift(column);
      end = start;
      if (column.some((v) => typeof v === "number" && v < until)) break;
    }
    checkDateOrder(parts.flat(), tableName, headers[pc]);
    return {
      tableName: table.name,
      sheet: sheet.name,
      headers,
      formats,
      periodColumn: headers[pc],
      count,
      offset: end,
      periods: parts.flat(),
    };
  });
}

/** Refresh rewrites a table's tail by row position, which a Total Row below the body would break. */
function refuseTotalRow(table: Excel.Table, tableName: string): void {
  if (table.showTotals)
    throw new WorkbookError(
      "changed",
      `Turn off the Total Row of "${tableName}" (Table Design > Total Row), refresh, then turn it back on. Nothing was written.`,
    );
}

/**
 * Refresh places its window by position, so the period column must still be in date order (oldest first).
 * Checks that the numbers of `values` (in table order) never decrease; blanks (e.g. rows left empty by an
 * interrupted refresh) are skipped. A user's sort (newest first, by revenue, ...) breaks it: refused.
 */
function checkDateOrder(values: readonly unknown[], tableName: string, periodHeader: string): void {
  let last = -Infinity;
  for (const v of values) {
    if (typeof v !== "number") continue;
    if (v < last) throw outOfOrder(tableName, periodHeader);
    last = v;
  }
}

function outOfOrder(tableName: string, periodHeader: string): WorkbookError {
  return new WorkbookError(
    "changed",
    `The rows of "${tableName}" are no longer in date order (the table was sorted or rows were moved), so refresh cannot tell which rows to replace. ` +
      `Sort "${tableName}" by ${periodHeader} oldest to newest, then refresh. Nothing was written.`,
  );
}

/**
 * Index of the first body row whose period is on or after `cutoff`. Refuses a table whose rows are not in
 * date order: the values read must never decrease, and the row just before the window (read too when it
 * falls outside the block) must be below the cut-off.
 */
async function firstRowAtOrAfter(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  bodyTop: number,
  col: number,
  count: number,
  cutoff: number,
  tableName: string,
  periodHeader: string,
): Promise<number> {
  const step = 100_000; // one column: well under the 5 MB response limit
  let end = count;
  let after = Infinity; // the smallest period below the block read last (in table order: the next values)
  while (end > 0) {
    const start = Math.max(0, end - step);
    const part = sheet.getRangeByIndexes(bodyTop + start, col, end - start, 1);
    // The row above the block too, so the row before the window is always checked against its neighbour.
    const above = start > 0 ? sheet.getRangeByIndexes(bodyTop + start - 1, col, 1, 1) : undefined;
    part.load("values");
    above?.load("values");
    await context.sync();
    const values = part.values.map((r) => r[0] as unknown);
    if (above) values.unshift(above.values[0][0]);
    checkDateOrder([...values, Number.isFinite(after) ? after : ""], tableName, periodHeader);
    const first = above ? start - 1 : start;
    for (let i = values.length - 1; i >= 0; i--) {
      const v = values[i];
      if (typeof v === "number" && v < cutoff) return first + i + 1;
    }
    for (const v of values) if (typeof v === "number") after = Math.min(after, v);
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
    const body = table.getDataBodyRange(); // without the Total Row, when shown
    body.load("rowIndex,rowCount");
    // eslint-disable-next-line office-addins/call-sync-before-read -- a navigation property, not a read
    const sheet = table.worksheet;
    sheet.load("name");
    table.load("name");
    await context.sync();
    if (table.isNullObject) throw new WorkbookError("not-found", `The table "${tableName}" is not in this workbook.`);
    const cols = whole.columnCount;
    const count = body.rowCount;
    const step = Math.max(1, Math.floor(MAX_SYNC_CELLS / cols));
    const values: unknown[][] = [];
    let formats: string[] = [];
    for (let r = 0; r < count; r += step) {
      const part = sheet.getRangeByIndexes(body.rowIndex + r, whole.columnIndex, Math.min(step, count - r), cols);
      part.load("values");
      const firstRow = r === 0 ? sheet.getRangeByIndexes(body.rowIndex, whole.columnIndex, 1, cols) : undefined;
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

/** The first and last values of a table's column (for a period column: the period covered). */
export async function readColumnEnds(
  run: ExcelRun,
  tableName: string,
  column: string,
): Promise<{ first: unknown; last: unknown } | undefined> {
  return run(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(tableName);
    const header = table.getHeaderRowRange();
    header.load("values");
    const body = table.getDataBodyRange();
    body.load("rowCount");
    await context.sync();
    if (table.isNullObject) return undefined;
    const c = header.values[0].map(String).indexOf(column);
    if (c < 0 || body.rowCount === 0) return undefined;
    const first = body.getCell(0, c);
    const last = body.getCell(body.rowCount - 1, c);
    first.load("values");
    last.load("values");
    await context.sync();
    return { first: first.values[0][0], last: last.values[0][0] };
  });
}
