// Replacing a table's tail (what refresh stands on): the rows from a cut-off on give way to new ones in one
// commit sync whose every prefix is safe; a window too big for one request is staged on a hidden sheet first.
import type { Column } from "../../core/tabulate";
import { WorkbookError } from "../errors";
import { NUMBER_FORMATS, blockRows, excelRows } from "../formats";
import type { ExcelRun } from "../run";
import { openTable, tableGone, type OpenTable } from "./openTable";
import { firstRowAtOrAfter, scanPeriodsBack } from "./periodScan";
import { fitsOneRead, queueRowsRead, readRowsInBlocks } from "./windowRead";
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
  /**
   * Headers of columns whose cells in the rows taken out (the old window) to return in `before`, for the
   * summary of what the refresh changed. Read in the commit sync, before its writes, when small (no extra
   * sync); in row blocks before the commit otherwise.
   */
  readBefore?: readonly string[];
}

/** The rows a replacement took out: their periods and their cells of the columns asked (`readBefore`). */
export interface RowsTakenOut {
  periods: unknown[];
  /** values[i][k]: row i's cell of readBefore[k]. */
  values: unknown[][];
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
  /** The old window's rows (when `readBefore` was given). */
  before?: RowsTakenOut;
}

/** A very hidden sheet that holds a big replacement while it is sent in blocks; deleted afterwards. */
export const STAGING_SHEET = "SalesData_staging";

/** What the commit does, worked out before the table is touched. */
interface TailPlan {
  /** Body index of the first row replaced. */
  cutAt: number;
  removed: number;
  added: number;
  /** Body rows after the commit. */
  finalRows: number;
  /** The window as one block: new rows, then blanks over the old rows left over (when the table shrinks). */
  window: Grid;
  perBlock: number;
}

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
 * `readBefore`: the old window's cells of those columns are loaded in the commit sync, queued before step 1
 * (loads change nothing, so every prefix stays safe), or in row blocks before the commit when over
 * READ_BLOCK_CELLS (src/excel/tables/windowRead.ts).
 */
export async function replaceTail(run: ExcelRun, tableName: string, rep: TailReplacement): Promise<TailResult> {
  const limits = { ...DEFAULT_LIMITS, ...rep.limits };
  const grid: Grid = excelRows(rep.data.values, rep.data.columns);
  return run(async (context) => {
    // A staging sheet left by a replacement that failed midway: found by openTable's sync, deleted by the
    // scan's first sync.
    const leftover = context.workbook.worksheets.getItemOrNullObject(STAGING_SHEET);
    const open = await openTable(context, tableName, tableGone(tableName), { refuseTotalRow: true });
    // eslint-disable-next-line office-addins/call-sync-before-read -- openTable's sync resolved it
    if (!leftover.isNullObject) leftover.delete();
    const pc = periodIndex(open, tableName, rep);
    const scan = await scanPeriodsBack(context, open, tableName, pc, rep.cutoff);
    const cutAt = firstRowAtOrAfter(scan, rep.cutoff);
    const plan = planTail(open, cutAt, grid, limits);
    await checkRoomBelow(context, open, tableName, plan);

    // The old window's cells asked for: in blocks now when big, else with the commit (queued before its writes).
    const cols = (rep.readBefore ?? []).map((h) => columnOf(open, tableName, h));
    const small = fitsOneRead(plan.removed, cols.length);
    const early = small ? undefined : await readRowsInBlocks(context, open, cutAt, plan.removed, cols);
    const staging = plan.window.length > plan.perBlock ? await stage(context, plan, rep) : undefined;
    checkCancel(rep.signal);
    const withCommit = small ? queueRowsRead(open, cutAt, plan.removed, cols) : undefined;
    const address = await commit(context, open, plan, rep.data.columns, staging);
    const taken = early ?? withCommit?.() ?? [];
    if (staging) {
      staging.delete();
      await context.sync();
    }
    const result: TailResult = { removed: plan.removed, added: plan.added, kept: cutAt, address, staged: !!staging };
    if (rep.readBefore) result.before = { periods: scan.values.slice(cutAt - scan.offset), values: taken };
    return result;
  });
}

/** The period column's index, once the table's columns are known to be the ones written. */
function periodIndex(open: OpenTable, tableName: string, rep: TailReplacement): number {
  const { headers } = open;
  const expected = rep.data.columns.map((c) => c.name);
  if (headers.length !== expected.length || headers.some((h, i) => h !== expected[i])) {
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
  return pc;
}

/** The index of a column asked for by header (`readBefore`). */
function columnOf(open: OpenTable, tableName: string, header: string): number {
  const c = open.headers.indexOf(header);
  if (c < 0)
    throw new WorkbookError("changed", `The table "${tableName}" has no "${header}" column. Nothing was written.`);
  return c;
}

function planTail(open: OpenTable, cutAt: number, grid: Grid, limits: BlockLimits): TailPlan {
  const cols = open.columns;
  const removed = open.count - cutAt;
  const added = grid.length;
  const finalRows = cutAt + added;
  checkFits(finalRows, cols, open.top, open.left);
  const span = Math.max(added, removed);
  const blank = new Array<string>(cols).fill("");
  const window: Grid = added === span ? grid : grid.concat(Array.from({ length: span - added }, () => blank));
  return { cutAt, removed, added, finalRows, window, perBlock: blockRows(window, cols, limits) };
}

/** A growing table needs the cells below it empty: refused, changing nothing, when they are not. */
async function checkRoomBelow(
  context: Excel.RequestContext,
  open: OpenTable,
  tableName: string,
  { finalRows }: TailPlan,
): Promise<void> {
  const { count, columns: cols } = open;
  if (
    finalRows > count &&
    !(await isEmpty(context, open.sheet, open.bodyTop + count, open.left, finalRows - count, cols))
  ) {
    throw new WorkbookError(
      "no-room",
      `"${tableName}" needs ${finalRows - count} more rows, but the cells below it are not empty. Move what is below the table; nothing was changed.`,
    );
  }
}

function checkCancel(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new WorkbookError("cancelled", "Refresh was cancelled; the table was not changed.");
}

/** The window in blocks on a new very hidden sheet, the table untouched; a cancel between blocks stops it. */
async function stage(
  context: Excel.RequestContext,
  { window, perBlock }: TailPlan,
  rep: TailReplacement,
): Promise<Excel.Worksheet> {
  const cols = rep.data.columns.length;
  const staging = context.workbook.worksheets.add(STAGING_SHEET);
  staging.visibility = "VeryHidden" as Excel.SheetVisibility;
  await context.sync();
  for (let done = 0; done < window.length; done += perBlock) {
    checkCancel(rep.signal);
    const n = Math.min(perBlock, window.length - done);
    suspend(context);
    setFormats(staging, done, 0, n, rep.data.columns);
    staging.getRangeByIndexes(done, 0, n, cols).values = window.slice(done, done + n);
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block per sync: each stays under the payload limit
    await context.sync();
  }
  return staging;
}

/** The commit: one sync, each prefix of it safe (see replaceTail). Returns the table's address after it. */
async function commit(
  context: Excel.RequestContext,
  { table, sheet, top, left, bodyTop, count }: OpenTable,
  { cutAt, finalRows, window }: TailPlan,
  columns: readonly Column[],
  staging: Excel.Worksheet | undefined,
): Promise<string> {
  const cols = columns.length;
  const span = window.length;
  suspend(context);
  if (finalRows > count) table.resize(sheet.getRangeByIndexes(top, left, 1 + finalRows, cols));
  // Rows replaced in place keep their formats; only rows new to the table get them.
  if (finalRows > count) setFormats(sheet, bodyTop + count, left, finalRows - count, columns);
  // Text columns of the rows replaced in place are Text (@) again, whatever a user made them since: service
  // text such as "=SUM(1)" or "+Vita" then lands as text (rows new to the table got it above; rows left blank
  // need none). Before the values, so every prefix stays safe.
  const inPlace = Math.min(finalRows, count) - cutAt;
  if (inPlace > 0) {
    columns.forEach((c, i) => {
      if (c.kind === "text")
        sheet.getRangeByIndexes(bodyTop + cutAt, left + i, inPlace, 1).numberFormat =
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
  return after.address;
}
