// Replacing a table's tail (what refresh stands on): the rows from a cut-off on give way to new ones in one
// commit sync whose every prefix is safe; a window too big for one request is staged on a hidden sheet first.
import { newRowFormats } from "../../core/refresh/newRowFormats";
import { filterPlan, type ServiceColumn } from "../../core/refresh/userColumns";
import { WorkbookError } from "../errors";
import { NUMBER_FORMATS, blockRows, excelRows, jsonBytes } from "../formats";
import type { ExcelRun } from "../run";
import { queueTableGuard, refuseIfChanged, repairUserCells, tableChangedText, userCellsUnsureText } from "./coauthor";
import { openTable, tableGone, type OpenTable, type RememberedSort } from "./openTable";
import { firstRowAtOrAfter, scanPeriodsBack } from "./periodScan";
import { makeRoom, roomBelow } from "./roomBelow";
import { RUNTIME_SESSION, addStagingSheet, deleteLeftovers } from "./staging";
import { queueSortAgain } from "./tableSort";
import {
  planUserCells,
  placeColumns,
  queueUserRecheck,
  tableGrid,
  userWrites,
  type Placement,
  type UserWriteBlock,
} from "./userCells";
import { fitsOneRead, queueRowsRead, readRowsInBlocks, runs } from "./windowRead";
import {
  DEFAULT_LIMITS,
  checkFits,
  setFormats,
  setNumberFormats,
  suspend,
  type BlockLimits,
  type Grid,
  type TableData,
} from "./writeBlocks";

export interface TailReplacement {
  /** The period column's name in `data.columns` (dates as Excel serials, rows in period order). */
  periodColumn: string;
  /** Rows whose period is on or after this serial are replaced. */
  cutoff: number;
  /** The new rows, one column per service field. */
  data: TableData;
  /**
   * The table column of each data column (aligned with `data.columns`) by TableColumn.id, so a column the user
   * renamed or moved is still filled and a deleted one is refused by name. The table's other columns are the
   * user's: kept in every row before the cut-off, by row key in the rows written, a calculated column's formula
   * or empty in rows new by key (src/core/refresh/userColumns.ts). Absent: the table's columns must be `data`'s, by
   * header, in order (a table nobody adds to, such as the Actions table).
   */
  service?: readonly ServiceColumn[];
  limits?: Partial<BlockLimits>;
  /** Checked before the table is touched (and between staging blocks): a cancel then changes nothing. */
  signal?: AbortSignal;
  /**
   * Names (in `data.columns`) of columns whose cells in the rows taken out (the old window) to return in
   * `before`, for the summary of what the refresh changed. Read in the commit sync, before its writes, when
   * small (no extra sync); in row blocks before the commit otherwise.
   */
  readBefore?: readonly string[];
  /**
   * The table as the caller last read it (refresh compared those rows with the answer): the body index of the
   * first row at or after the cut-off, and the body rows. When the table differs now, it is refused inside this
   * run before anything is written (tableChangedText): the rows replaced would not be the rows compared.
   */
  expect?: { cutAt: number; count: number };
  /** This add-in instance's session id (staging.ts), in its staging sheet's name; default: the runtime's. */
  session?: string;
  /** The sort the user left (the caller put the table in date order first, tableSort.ts): applied again last. */
  sortAgain?: RememberedSort;
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
  /** The user's columns (headers), when the table has any: their cells were kept by row key. */
  userColumns?: string[];
  /** The AutoFilter had criteria in force: they were left in force and applied again after the write. */
  filterReapplied: boolean;
  /** A co-author changed the table again while user cells were being put back with their rows (coauthor.ts). */
  userCellsUnsure?: string;
}

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
  /**
   * Too big for one request: the service cells go through the staging sheet first and the commit writes the
   * user cells that change (`userBlocks`), which must fit one request.
   */
  staged: boolean;
  userBlocks: UserWriteBlock[];
}

/**
 * Replaces every row of the table whose period is at or after the cut-off with `data`, keeping the
 * table's name, header, formats and position and leaving the rows before the cut-off untouched.
 *
 * Failure safety (Excel does not roll a failed batch back: the actions before a failing one stay applied).
 * A table that grows over rows below it that are not empty first gets room: cells are inserted below it, in its
 * columns, in a sync of their own just before the commit (src/excel/tables/roomBelow.ts; what cannot move is
 * refused by name before anything is written). Blank cells under the table change nothing in it: after a failure
 * there, the table is as it was with blank rows under it, which the next refresh grows over.
 * The table changes in one "commit" sync whose every prefix is safe:
 *   1. growing: the table is resized over the empty rows below it (old rows + blank rows at the end);
 *   2. number formats of the rows new to the table, each column's from the row above (newRowFormats); rows replaced keep theirs;
 *   3. ONE write of the whole window: the new rows, then blank rows where old rows are left over; with user
 *      columns, through `formulasR1C1`, each user cell holding what its row key had (null: left as it is);
 *   4. shrinking: the table is resized to its new end and the rows left below lose their formats;
 *   5. an AutoFilter with criteria in force is applied again (writes reach hidden rows; the filter is never
 *      cleared, so it stays in force even when the sync fails);
 *   6. `sortAgain`: the user's sort is applied again (the caller sorted the table into date order before this
 *      run; a failure before this step leaves it in date order, with the old window or the new one).
 * So after any failure the table holds the rows before the cut-off and either the old window or the new one,
 * possibly followed by blank rows, which are part of the window the next refresh replaces. A window too big
 * for one request (over ~4 MB) is first written in blocks to a very hidden staging sheet (the table is not
 * touched), then step 3 is one `copyFrom` of the staged rows per run of adjacent service columns (one for a
 * table without user columns) and one `formulasR1C1` write per run of user columns, of the rows whose user
 * cells change (a window whose changing user cells would not fit one request is refused before anything is
 * written: checkUserBytes); the staging sheet (this session's: staging.ts) is deleted after the commit or its
 * refusal, a leftover one (a failure in between) by this session's next replacement or anyone's an hour later.
 * Co-authors (coauthor.ts): the commit's batch opens with a guard Excel refuses unless the table is as read
 * (where, how long, how wide, its columns' order): a table changed since is refused, nothing written. Moving user
 * cells are read again in that batch; any a co-author typed in meanwhile are put right in one more sync.
 * `readBefore`: the old window's cells of those columns are loaded in the commit sync, queued before step 1
 * (loads change nothing, so every prefix stays safe), or in row blocks before the commit when over
 * READ_BLOCK_CELLS (src/excel/tables/windowRead.ts). User columns: their cells in the old window and the row
 * before it are read before the commit (one more sync, one per block of rows for a big window).
 * `expect`: the body rows and the window's first row are checked in this run, after the scan and before
 * anything is written (the leftover staging sheet too): a table changed since the caller read it is refused.
 */
export async function replaceTail(run: ExcelRun, tableName: string, rep: TailReplacement): Promise<TailResult> {
  const limits = { ...DEFAULT_LIMITS, ...rep.limits };
  const grid: Grid = excelRows(rep.data.values, rep.data.columns);
  return run(async (context) => {
    // Staging sheets left by replacements that failed midway: listed by openTable's sync, deleted once the table
    // is known to be as the caller read it (this session's; a co-author's only when old: staging.ts).
    const sheets = context.workbook.worksheets.load("items/name");
    const open = await openTable(context, tableName, tableGone(tableName), {
      columns: true,
      filter: true,
      lastFormats: true,
    });
    const placement = placeColumns(open, tableName, rep.data.columns, rep.service);
    const filter = filterPlan(tableName, open.headers, open.criteria);
    if (filter.kind === "refuse") throw new WorkbookError("changed", filter.message);
    const pi = dataColumn(rep, tableName, rep.periodColumn);
    checkExpected(rep, tableName, { count: open.count });
    const scan = await scanPeriodsBack(context, open, tableName, placement.place[pi], rep.cutoff);
    const cutAt = firstRowAtOrAfter(scan, rep.cutoff);
    checkExpected(rep, tableName, { cutAt });
    const session = rep.session ?? RUNTIME_SESSION;
    await deleteLeftovers(context, sheets, session);
    const users = await planUserCells(context, open, placement, rep.data, pi, cutAt);
    const plan = planTail(open, cutAt, tableGrid(grid, placement, open.columns, users?.plan), limits, placement.user);
    if (plan.staged) checkUserBytes(tableName, plan.userBlocks, open, placement.user, limits);
    const insert = await roomBelow(context, open, tableName, plan.finalRows).catch((err: unknown) =>
      refuseIfChanged(context, open, tableName, err, { commit: false }),
    );

    // The old window's cells asked for: in blocks now when big, else with the commit (queued before its writes).
    const cols = (rep.readBefore ?? []).map((h) => placement.place[dataColumn(rep, tableName, h)]);
    const small = fitsOneRead(plan.removed, cols.length);
    const early = small ? undefined : await readRowsInBlocks(context, open, cutAt, plan.removed, cols);
    const staging = plan.staged ? await stage(context, plan, placement, rep, session) : undefined;
    checkCancel(rep.signal);
    await makeRoom(context, open, tableName, insert);
    // Co-authors (coauthor.ts): the commit's batch opens with the guard, then reads the moving user cells again.
    queueTableGuard(open);
    const recheck = users && queueUserRecheck(open, users);
    const withCommit = small ? queueRowsRead(open, cutAt, plan.removed, cols) : undefined;
    const how = { placement, staging, formulas: !!users, reapply: filter.kind === "reapply", sortAgain: rep.sortAgain };
    const address = await commit(context, open, plan, how).catch((err: unknown) =>
      refuseIfChanged(context, open, tableName, err, { commit: true, cleanUp: staging }),
    );
    const taken = early ?? withCommit?.() ?? [];
    const repaired = await repairUserCells(context, open, Math.max(1, plan.finalRows), cutAt, recheck?.() ?? []);
    if (staging) {
      staging.delete();
      await context.sync();
    }
    const result: TailResult = {
      removed: plan.removed,
      added: plan.added,
      kept: cutAt,
      address,
      staged: !!staging,
      filterReapplied: how.reapply,
    };
    if (users) result.userColumns = placement.user.map((u) => open.headers[u]);
    if (!repaired) result.userCellsUnsure = userCellsUnsureText(tableName, result.userColumns ?? []);
    if (rep.readBefore) result.before = { periods: scan.values.slice(cutAt - scan.offset), values: taken };
    return result;
  });
}

/** Refuses (nothing written yet) a table whose rows or window start are not what the caller read (`expect`). */
function checkExpected(rep: TailReplacement, tableName: string, now: { cutAt?: number; count?: number }): void {
  const e = rep.expect;
  if (!e) return;
  if ((now.count !== undefined && now.count !== e.count) || (now.cutAt !== undefined && now.cutAt !== e.cutAt))
    throw new WorkbookError("changed", tableChangedText(tableName));
}

/** The index in `data.columns` of a column asked for by name (the period, readBefore). */
function dataColumn(rep: TailReplacement, tableName: string, name: string): number {
  const c = rep.data.columns.findIndex((col) => col.name === name);
  if (c < 0)
    throw new WorkbookError("changed", `The table "${tableName}" has no "${name}" column. Nothing was written.`);
  return c;
}

function planTail(open: OpenTable, cutAt: number, grid: Grid, limits: BlockLimits, user: readonly number[]): TailPlan {
  const cols = open.columns;
  const removed = open.count - cutAt;
  const added = grid.length;
  const finalRows = cutAt + added;
  checkFits(finalRows, cols, open.top, open.left);
  const span = Math.max(added, removed);
  const blank = new Array<string>(cols).fill("");
  const window: Grid = added === span ? grid : grid.concat(Array.from({ length: span - added }, () => blank));
  const perBlock = blockRows(window, cols, limits);
  // User cells vary row by row (a long note here and there), so their window is measured, not estimated.
  const staged = window.length > perBlock || (user.length > 0 && jsonBytes(window) > limits.bytes);
  const userBlocks = staged ? userWrites(window, user) : [];
  return { cutAt, removed, added, finalRows, window, perBlock, staged, userBlocks };
}

/**
 * The user cells a staged commit writes must fit one request with it: refused, before anything is written,
 * when they do not (rows moved, each taking its long notes or varied formulas to its new place).
 */
function checkUserBytes(
  tableName: string,
  blocks: readonly UserWriteBlock[],
  { headers }: OpenTable,
  user: readonly number[],
  limits: BlockLimits,
): void {
  const bytes = blocks.reduce((n, b) => n + jsonBytes(b.cells), 0);
  if (bytes <= limits.bytes) return;
  const mb = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;
  throw new WorkbookError(
    "too-large",
    `Refresh would have to rewrite ${mb(bytes)} of your own columns in "${tableName}" (${user.map((u) => headers[u]).join(", ")}) to keep ` +
      `each row's cells with its row, more than Excel accepts in one request (${mb(limits.bytes)}). Nothing was ` +
      "written. Clear a big notes column (or move its text out of the table) and refresh again, or get the data " +
      "again as a new table.",
  );
}

function checkCancel(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new WorkbookError("cancelled", "Refresh was cancelled; the table was not changed.");
}

/** The table columns of the service's cells, in order (what the staging sheet holds, side by side). */
const serviceColumnsOf = ({ layout }: Placement): number[] => layout.flatMap((c, i) => (c ? [i] : []));

/**
 * The window's service cells in blocks on a new very hidden sheet (staged column s holds table column
 * serviceColumnsOf[s]), the table untouched; a cancel between blocks stops it.
 */
async function stage(
  context: Excel.RequestContext,
  { window, perBlock }: TailPlan,
  placement: Placement,
  rep: TailReplacement,
  session: string,
): Promise<Excel.Worksheet> {
  const svc = serviceColumnsOf(placement);
  const formats = svc.map((t) => placement.layout[t]);
  const staging = addStagingSheet(context, session);
  await context.sync();
  for (let done = 0; done < window.length; done += perBlock) {
    checkCancel(rep.signal);
    const n = Math.min(perBlock, window.length - done);
    suspend(context);
    setFormats(staging, done, 0, n, formats);
    staging.getRangeByIndexes(done, 0, n, svc.length).values = window
      .slice(done, done + n)
      .map((row) => svc.map((t) => row[t] ?? ""));
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block per sync: each stays under the payload limit
    await context.sync();
  }
  return staging;
}

/** How the commit writes: where the columns go, the staged rows if any, user cells through formulas, the filter. */
interface CommitHow {
  placement: Placement;
  staging: Excel.Worksheet | undefined;
  /** The window holds user cells (write through formulasR1C1, so a formula stays a formula). */
  formulas: boolean;
  reapply: boolean;
  sortAgain: RememberedSort | undefined;
}

/** The commit: one sync, each prefix of it safe (see replaceTail). Returns the table's address after it. */
async function commit(context: Excel.RequestContext, open: OpenTable, plan: TailPlan, how: CommitHow): Promise<string> {
  const { cutAt, finalRows } = plan;
  const { table, sheet, top, left, bodyTop, count, columns: cols } = open;
  const { layout } = how.placement;
  // A Total Row is the range's last row: a resize moves it (label, functions) to the new end, directly under the body.
  const totals = open.totals ? 1 : 0;
  suspend(context);
  if (finalRows > count) table.resize(sheet.getRangeByIndexes(top, left, 1 + finalRows + totals, cols));
  // Rows replaced in place keep their formats; rows new to the table take the row above's (newRowFormats).
  if (finalRows > count)
    setNumberFormats(
      sheet,
      bodyTop + count,
      left,
      finalRows - count,
      newRowFormats(layout, open.lastFormats, NUMBER_FORMATS),
    );
  // Text columns of the rows replaced in place are Text (@) again, whatever a user made them since: service
  // text such as "=SUM(1)" or "+Vita" then lands as text (rows new to the table got it above; rows left blank
  // need none). Before the values, so every prefix stays safe.
  const inPlace = Math.min(finalRows, count) - cutAt;
  if (inPlace > 0) {
    layout.forEach((c, i) => {
      if (c?.kind === "text")
        sheet.getRangeByIndexes(bodyTop + cutAt, left + i, inPlace, 1).numberFormat =
          NUMBER_FORMATS.text as unknown as string[][];
    });
  }
  writeWindow(open, plan, how);
  if (finalRows < count) {
    // At least one body row stays: Excel tables cannot have none.
    const rowsNow = Math.max(1, finalRows);
    // The Total Row moves up onto a row the window just blanked; the rows given up below it lose their formats.
    table.resize(sheet.getRangeByIndexes(top, left, 1 + rowsNow + totals, cols));
    if (count > rowsNow)
      sheet.getRangeByIndexes(bodyTop + rowsNow + totals, left, count - rowsNow, cols).clear("Formats");
  }
  if (how.reapply) table.autoFilter.reapply();
  // After the filter: a sort moves only the rows shown, so the rows the filter now shows are sorted among themselves.
  if (how.sortAgain) queueSortAgain(open, how.sortAgain);
  const after = table.getRange();
  after.load("address");
  await context.sync();
  return after.address;
}

/**
 * Step 3 of the commit: the window, in one write (or, staged, one copy per run of service columns and the
 * user cells that change).
 */
function writeWindow(
  { sheet, left, bodyTop, columns: cols }: OpenTable,
  { cutAt, window, userBlocks }: TailPlan,
  { placement, staging, formulas }: CommitHow,
): void {
  const span = window.length;
  if (span === 0) return;
  const top = bodyTop + cutAt;
  if (!staging) {
    const target = sheet.getRangeByIndexes(top, left, span, cols);
    if (formulas) target.formulasR1C1 = window;
    else target.values = window;
    return;
  }
  let staged = 0;
  for (const [first, n] of runs(serviceColumnsOf(placement))) {
    sheet
      .getRangeByIndexes(top, left + first, span, n)
      .copyFrom(staging.getRangeByIndexes(0, staged, span, n), "Values");
    staged += n;
  }
  for (const b of userBlocks)
    sheet.getRangeByIndexes(top + b.row, left + b.first, b.cells.length, b.cells[0].length).formulasR1C1 = b.cells;
}
