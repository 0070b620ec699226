// The commit of a tail's replacement (replaceTail.ts plans it): one sync whose every prefix is safe, the steps in
// the order replaceTail's comment gives and why.
import { newRowFormats } from "../../core/refresh/newRowFormats";
import { NUMBER_FORMATS } from "../formats";
import { queueNewRowRules, type LastRowRules } from "./columnRules";
import type { OpenTable, RememberedSort } from "./openTable";
import { queueSortAgain } from "./tableSort";
import type { Placement, UserWriteBlock } from "./userCells";
import { runs } from "./windowRead";
import { setNumberFormats, suspend, type Grid } from "./writeBlocks";

/** What the commit does, worked out before the table is touched. */
export interface TailPlan {
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

/** The table columns of the service's cells, in order (what the staging sheet holds, side by side). */
export const serviceColumnsOf = ({ layout }: Placement): number[] => layout.flatMap((c, i) => (c ? [i] : []));

/** How the commit writes: where the columns go, the staged rows if any, user cells through formulas, the filter. */
export interface CommitHow {
  placement: Placement;
  staging: Excel.Worksheet | undefined;
  /** The window holds user cells (write through formulasR1C1, so a formula stays a formula). */
  formulas: boolean;
  reapply: boolean;
  sortAgain: RememberedSort | undefined;
  /** Where the kept rows are in the window (a staged commit writes them whole after the copies). */
  keptAt: number[];
  withRows?: (context: Excel.RequestContext) => void;
  /** The last row's validation and conditional formats, for the rows the table grows into. */
  rules?: LastRowRules;
  setRanges: boolean;
}

/**
 * The commit: one sync, each prefix of it safe (see replaceTail). Returns the table's address after it, and the
 * columns whose conditional formats could not be carried to the new rows.
 */
export async function commit(
  context: Excel.RequestContext,
  open: OpenTable,
  plan: TailPlan,
  how: CommitHow,
): Promise<{ address: string; missed: string[] }> {
  const { cutAt, finalRows } = plan;
  const { table, sheet, top, left, bodyTop, count, columns: cols } = open;
  const { layout } = how.placement;
  // A Total Row is the range's last row: a resize moves it (label, functions) to the new end, directly under the body.
  const totals = open.totals ? 1 : 0;
  suspend(context);
  how.withRows?.(context);
  let missed: string[] = [];
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
  // ...and each column's validation and conditional formats, from the row above (columnRules.ts).
  if (finalRows > count && how.rules) missed = queueNewRowRules(open, how.rules, finalRows - count, how.setRanges);
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
  putWindowCells(open, plan, how);
  if (finalRows < count) {
    // At least one body row stays: Excel tables cannot have none.
    const rowsNow = Math.max(1, finalRows);
    // The Total Row moves up onto a row the window just blanked; the rows given up below it lose their formats.
    table.resize(sheet.getRangeByIndexes(top, left, 1 + rowsNow + totals, cols));
    if (count > rowsNow) {
      const given = sheet.getRangeByIndexes(bodyTop + rowsNow + totals, left, count - rowsNow, cols);
      given.clear("Formats");
      given.dataValidation.clear();
    }
  }
  // A sorted table was put in date order with every row shown (tableSort.ts): the user's sort again over all of
  // them, then the filter again, so the rows it shows are in the user's order.
  if (how.sortAgain) queueSortAgain(open, how.sortAgain);
  if (how.reapply) table.autoFilter.reapply();
  const after = table.getRange();
  after.load("address");
  await context.sync();
  return { address: after.address, missed };
}

/**
 * Step 3 of the commit: the window, in one write (or, staged, one copy per run of service columns and the
 * user cells that change).
 */
function putWindowCells(
  { sheet, left, bodyTop, columns: cols }: OpenTable,
  { cutAt, window, userBlocks }: TailPlan,
  { placement, staging, formulas, keptAt }: CommitHow,
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
  // The user's kept rows, whole: the copies took values only (their formulas stay formulas).
  for (const at of keptAt) sheet.getRangeByIndexes(top + at, left, 1, cols).formulasR1C1 = [window[at]];
}
