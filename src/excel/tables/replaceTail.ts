// Replacing a table's tail (what refresh stands on): the rows from a cut-off on give way to new ones in one
// commit sync whose every prefix is safe; a window too big for one request is staged on a hidden sheet first.
import { filterPlan, type ServiceColumn } from "../../core/refresh/userColumns";
import type { KeptRow } from "../../core/refresh/userRows";
import { WorkbookError } from "../errors";
import { blockRows, excelRows, jsonBytes } from "../formats";
import type { ExcelRun } from "../excelRun";
import { queueTableGuard, refuseIfChanged, repairUserCells, tableChangedText, userCellsUnsureText } from "./coauthor";
import { openTable, tableGone, type OpenTable, type RememberedSort } from "./openTable";
import { firstRowAtOrAfter, scanPeriodsBack } from "./periodScan";
import { makeRoom, roomBelow } from "./roomBelow";
import { RUNTIME_SESSION, addStagingSheet, deleteLeftovers } from "./staging";
import {
  freshKeys,
  keyColumnsOf,
  planUserCells,
  placeColumns,
  queueUserRecheck,
  userWrites,
  windowGrid,
  type Placement,
  type UserWriteBlock,
} from "./userCells";
import { queueLastRowRules } from "./columnRules";
import { commit, serviceColumnsOf, type CommitHow, type TailPlan } from "./tailCommit";
import { readKeptRows, writtenOrder } from "./keptRows";
import { canSetRanges } from "../requirements";
import { fitsOneRead, queueRowsRead, readRowsInBlocks } from "./windowRead";
import {
  DEFAULT_LIMITS,
  checkFits,
  setFormats,
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
  /**
   * The user's rows of the window to keep (src/core/refresh/userRows.ts): each stored row (index from the window's
   * first row) moves, whole, to its place among the rows written (`at`). Read before the commit (one sync).
   */
  keep?: readonly KeptRow[];
  /**
   * Queued in the commit after its guard and before its writes: what must be written with the rows and never
   * without them (refresh's record of the keys it wrote). One action per prefix step, so any prefix stays safe.
   */
  withRows?: (context: Excel.RequestContext) => void;
  /** Conditional formats can be extended to the rows the table grows into (setRanges, ExcelApi 1.17). */
  setRanges?: boolean;
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
  /** The user's rows kept in the window (`keep`), moved to their places. */
  userRowsKept: number;
  /** Columns whose conditional formats could not be carried to the new rows (no ExcelApi 1.17); absent when none. */
  formatsNotCarried?: string[];
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
 *   0. `withRows`: what must be written with the rows (refresh's record of the keys written, which names the
 *      add-in's rows of the old window and of the new one alike, so it is right whichever the table then holds);
 *   1. growing: the table is resized over the empty rows below it (old rows + blank rows at the end);
 *   2. number formats of the rows new to the table, each column's from the row above (newRowFormats), and its
 *      validation and conditional formats (columnRules.ts); rows replaced keep theirs;
 *   3. ONE write of the whole window: the new rows, the user's kept rows (`keep`) whole at their places, then
 *      blank rows where old rows are left over; with user columns or kept rows, through `formulasR1C1`, each user
 *      cell holding what its row key had (null: left as it is);
 *   4. shrinking: the table is resized to its new end and the rows left below lose their formats and validation;
 *   5. `sortAgain`: the user's sort is applied again (the caller sorted the table into date order before this
 *      run, every row shown; a failure before this step leaves it in date order, with the old window or the new);
 *   6. an AutoFilter with criteria in force is applied again (writes reach hidden rows; the filter is never
 *      cleared, so it stays in force even when the sync fails), after the sort so the rows it shows are in order.
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
    // The user's rows of the window, read whole (one sync when there are some), written back at their places.
    const keyCols = keyColumnsOf(placement, rep.data, pi);
    const kept = rep.keep?.length ? await readKeptRows(context, open, cutAt, rep.keep, placement, keyCols) : [];
    const order = writtenOrder(grid.length, kept);
    const fresh = freshKeys(rep.data, pi);
    const keys = order.map((o) => ("kept" in o ? kept[o.kept].key : fresh[o.fresh]));
    const users = await planUserCells(context, open, placement, keyCols, keys, cutAt);
    const window = windowGrid(grid, placement, open.columns, order, kept, users?.plan);
    const plan = planTail(open, cutAt, window, limits, placement.user);
    if (plan.staged) checkUserBytes(tableName, plan.userBlocks, open, placement.user, limits);
    // Growing: the last row's validation and conditional formats, loaded with roomBelow's sync (it makes one).
    const lastRules = plan.finalRows > open.count ? queueLastRowRules(open) : undefined;
    const insert = await roomBelow(context, open, tableName, plan.finalRows).catch((err: unknown) =>
      refuseIfChanged(context, open, tableName, err, { commit: false }),
    );
    const rules = lastRules ? await lastRules.finish(context) : undefined;

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
    const how: CommitHow = {
      placement,
      staging,
      formulas: !!users || kept.length > 0,
      reapply: filter.kind === "reapply",
      sortAgain: rep.sortAgain,
      keptAt: kept.map((k) => k.at),
      withRows: rep.withRows,
      rules,
      setRanges: rep.setRanges ?? canSetRanges(),
    };
    const { address, missed } = await commit(context, open, plan, how).catch((err: unknown) =>
      refuseIfChanged(context, open, tableName, err, { commit: true, cleanUp: staging }),
    );
    const taken = early ?? withCommit?.() ?? [];
    const repaired = await repairUserCells(context, open, Math.max(1, plan.finalRows), cutAt, recheck?.() ?? []);
    if (staging) {
      staging.delete();
      await context.sync();
    }
    const done = { cutAt, address, staged: !!staging, how, kept, missed, repaired };
    return tailResult(tableName, plan, done, {
      userColumns: users ? placement.user.map((u) => open.headers[u]) : undefined,
      before: rep.readBefore ? { periods: scan.values.slice(cutAt - scan.offset), values: taken } : undefined,
    });
  });
}

/** What replaceTail did, as its caller reads it. */
function tailResult(
  tableName: string,
  plan: { removed: number; added: number },
  done: {
    cutAt: number;
    address: string;
    staged: boolean;
    how: CommitHow;
    kept: readonly unknown[];
    missed: NonNullable<TailResult["formatsNotCarried"]>;
    repaired: boolean;
  },
  read: Pick<TailResult, "userColumns" | "before">,
): TailResult {
  const result: TailResult = {
    removed: plan.removed,
    added: plan.added,
    kept: done.cutAt,
    address: done.address,
    staged: done.staged,
    filterReapplied: done.how.reapply,
    userRowsKept: done.kept.length,
    ...(done.missed.length > 0 ? { formatsNotCarried: done.missed } : {}),
  };
  if (read.userColumns) result.userColumns = read.userColumns;
  if (!done.repaired) result.userCellsUnsure = userCellsUnsureText(tableName, result.userColumns ?? []);
  if (read.before) result.before = read.before;
  return result;
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
