// Writing tabulated results as a new Excel table, in row blocks: one sync per block, calculation and screen
// updating suspended while writing, nothing of the user's overwritten.
import type { Column } from "../../core/answer/tabulate";
import { errorText } from "../../core/errorText";
import { a1, parseAddress, quoteSheet } from "../addresses";
import { WorkbookError } from "../errors";
import { blockRows, excelHeader, excelRows } from "../formats";
import { sheetNameBase, tableNameBase, uniqueName, uniqueSheetName } from "../tableNames";
import type { ExcelRun } from "../excelRun";
import {
  DEFAULT_LIMITS,
  checkFits,
  isEmpty,
  setFormats,
  suspend,
  type BlockLimits,
  type Grid,
  type TableData,
} from "./writeBlocks";

export type Destination =
  { kind: "new-sheet"; sheetName?: string } | { kind: "selection" } | { kind: "at"; address: string };

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
  /** Its Table.id (ExcelApi 1.1), which Excel keeps across renames: read in the sync that creates the table. */
  tableId: string;
  sheet: string;
  /** The table's range, e.g. "Sheet2!A1:F101". */
  address: string;
  rows: number;
  /** False when cancelled or when Excel failed between blocks: the table then holds the first `rows` rows, whole. */
  complete: boolean;
  /** Why the write stopped early when Excel failed after the table was created (absent for a cancel). */
  error?: string;
  /**
   * Each column's TableColumn.id (ExcelApi 1.1), in the order of the data's columns: what refresh finds them by
   * after the user renamed or moved them. Absent when Excel failed before it could be read.
   */
  columnIds?: number[];
}

/** Where the new table goes: its sheet (created or found), its top-left cell, its width and its name. */
interface Spot {
  sheet: Excel.Worksheet;
  sheetName: string;
  top: number;
  left: number;
  cols: number;
  tableName: string;
}

/** The rows as Excel receives them, a block at a time, and how many go in one sync (the first creates the table). */
interface Rows {
  columns: readonly Column[];
  header: string[];
  /** `n` rows from `from` on, as Excel receives them: converted a block at a time, never the whole table at once. */
  cells(from: number, n: number): Grid;
  total: number;
  perBlock: number;
  first: number;
}

/** How far the rows after the first block got. */
interface Appended {
  written: number;
  complete: boolean;
  error?: string;
}

/** Excel's failure as "CODE: message" (the code once): the reason a write stopped early. */
const failureText = (err: unknown): string =>
  errorText(err, {
    excel: (code, message) => (code !== undefined && !message.includes(code) ? `${code}: ${message}` : message),
    other: (message) => message,
  });

/** Writes `data` as a new Excel table; see WriteOptions. */
export async function writeTable(run: ExcelRun, data: TableData, opts: WriteOptions): Promise<WriteResult> {
  const cols = data.columns.length;
  const total = data.values.length;
  if (cols === 0) throw new WorkbookError("too-large", "The result has no columns to write.");
  checkFits(total, cols, 0, 0);
  const header = excelHeader(data.columns.map((c) => c.name));
  const cells = (from: number, n: number): Grid => excelRows(data.values.slice(from, from + n), data.columns);
  const perBlock = blockRows(sampleRows(data, cells), cols, { ...DEFAULT_LIMITS, ...opts.limits });
  const rows: Rows = { columns: data.columns, header, cells, total, perBlock, first: Math.min(perBlock, total) };

  return run(async (context) => {
    const spot = await chooseSpot(context, opts, total, cols);
    // Block 1 creates the table (header and first rows); later blocks extend it. After every sync the
    // table holds whole rows only, so a cancel or a failure between blocks leaves a consistent table.
    const table = await createTable(context, spot, rows, opts.destination.kind === "new-sheet");
    opts.onProgress?.(rows.first, total);
    const done = await appendBlocks(context, spot, table, rows, opts);
    const { address, columnIds } = await tableAddress(context, spot, table, done, opts.select !== false);
    const { written, complete, error } = done;
    return {
      tableName: spot.tableName,
      tableId: table.id,
      sheet: spot.sheetName,
      address,
      rows: written,
      complete,
      ...(error !== undefined ? { error } : {}),
      ...(columnIds ? { columnIds } : {}),
    };
  });
}

/** The rows blockRows sizes a block by (a quarter, a half, three quarters through, the ends), as Excel receives them. */
function sampleRows(data: TableData, cells: (from: number, n: number) => Grid): Grid {
  const n = data.values.length;
  return [...new Set([0, n >> 2, n >> 1, (n * 3) >> 2, n - 1])].filter((i) => i >= 0).flatMap((i) => cells(i, 1));
}

/** A new sheet, or the given cell (the selection's or an address) when the table's cells there are empty. */
async function chooseSpot(
  context: Excel.RequestContext,
  opts: WriteOptions,
  total: number,
  cols: number,
): Promise<Spot> {
  const wb = context.workbook;
  wb.worksheets.load("items/name");
  wb.tables.load("items/name");
  const selected = opts.destination.kind === "selection" ? wb.getSelectedRange() : undefined;
  selected?.load("address");
  await context.sync();

  const tableName = uniqueName(
    tableNameBase(opts.name),
    wb.tables.items.map((t) => t.name),
  );
  if (opts.destination.kind === "new-sheet") {
    const sheetName = uniqueSheetName(
      sheetNameBase(opts.destination.sheetName ?? opts.name),
      wb.worksheets.items.map((s) => s.name),
    );
    return { sheet: wb.worksheets.add(sheetName), sheetName, top: 0, left: 0, cols, tableName };
  }
  const where = parseAddress(selected ? selected.address : (opts.destination as { address: string }).address);
  const sheetName = where.sheet || wb.worksheets.items[0].name;
  const sheet = wb.worksheets.getItem(sheetName);
  const { row: top, col: left } = where;
  checkFits(total, cols, top, left);
  if (!(await isEmpty(context, sheet, top, left, total + 1, cols))) {
    throw new WorkbookError(
      "no-room",
      `The ${total + 1} rows x ${cols} columns from ${a1(top, left, 1, 1)} on "${sheetName}" are not empty. ` +
        "Pick an empty area or write to a new sheet; nothing was overwritten.",
    );
  }
  return { sheet, sheetName, top, left, cols, tableName };
}

/**
 * One sync: the header and the first block's rows, made a table with its name, style and column widths; its
 * Table.id read back in the same sync.
 */
async function createTable(
  context: Excel.RequestContext,
  { sheet, top, left, cols, tableName }: Spot,
  { columns, header, cells, first }: Rows,
  freezeHeader: boolean,
): Promise<Excel.Table> {
  suspend(context);
  setFormats(sheet, top + 1, left, Math.max(first, 1), columns);
  sheet.getRangeByIndexes(top, left, 1 + first, cols).values = [header, ...cells(0, first)];
  const table = sheet.tables.add(sheet.getRangeByIndexes(top, left, 1 + Math.max(first, 1), cols), true);
  table.name = tableName;
  table.style = "TableStyleMedium2";
  sheet.getRangeByIndexes(top, left, 1 + Math.min(first, 200), cols).format.autofitColumns();
  if (freezeHeader) sheet.freezePanes.freezeRows(1);
  table.load("id");
  await context.sync();
  return table;
}

/** The rows after the first block, a block per sync, the table grown over each; stops at a cancel or a failure. */
async function appendBlocks(
  context: Excel.RequestContext,
  { sheet, top, left, cols }: Spot,
  table: Excel.Table,
  { columns, cells, total, perBlock, first }: Rows,
  opts: WriteOptions,
): Promise<Appended> {
  let written = first;
  while (written < total) {
    if (opts.signal?.aborted) return { written, complete: false };
    const n = Math.min(perBlock, total - written);
    try {
      suspend(context);
      setFormats(sheet, top + 1 + written, left, n, columns);
      sheet.getRangeByIndexes(top + 1 + written, left, n, cols).values = cells(written, n);
      table.resize(sheet.getRangeByIndexes(top, left, 1 + written + n, cols));
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block per sync is the design: each leaves whole rows
      await context.sync();
    } catch (err) {
      // The first `written` rows are whole. Part of this block may have landed, and Excel grows a table over
      // values written just below it: shrink the table back to those rows and clear the block's cells, so
      // the table holds exactly what is reported and can grow there on the next refresh.
      const back = sheet.getRangeByIndexes(top, left, 1 + Math.max(written, 1), cols);
      await undoBestEffort(context, table, back, sheet.getRangeByIndexes(top + 1 + written, left, n, cols));
      return { written, complete: false, error: failureText(err) };
    }
    written += n;
    opts.onProgress?.(written, total);
  }
  return { written, complete: true };
}

async function undoBestEffort(
  context: Excel.RequestContext,
  table: Excel.Table,
  tableRange: Excel.Range,
  block: Excel.Range,
): Promise<void> {
  try {
    table.resize(tableRange);
    block.clear("All");
    await context.sync();
  } catch {
    // Best effort: the rows written are whole; the next refresh replaces what is left.
  }
}

/**
 * The table's address and column ids after the write, with the table selected when asked. After a failed write,
 * when even that fails, the address of the rows written (the write's own error is the one reported).
 */
async function tableAddress(
  context: Excel.RequestContext,
  { sheet, sheetName, top, left, cols }: Spot,
  table: Excel.Table,
  { written, error }: Appended,
  select: boolean,
): Promise<{ address: string; columnIds?: number[] }> {
  try {
    const range = table.getRange();
    range.load("address");
    const columns = table.columns.load("items/id");
    if (select) {
      sheet.activate();
      range.select();
    }
    await context.sync();
    return { address: range.address, columnIds: columns.items.map((c) => c.id) };
  } catch (err) {
    if (error === undefined) throw err;
    return { address: `${quoteSheet(sheetName)}!${a1(top, left, 1 + Math.max(written, 1), cols)}` };
  }
}
