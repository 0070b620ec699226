// Steps 1 and 2 of a table's refresh, which write nothing: read the table's tail (Excel) and work out the
// window (src/core/refresh/refreshWindow.ts), then fetch and check the service's answer for it (src/api) and lay it onto
// the table's columns (src/core/refresh/answerLayout.ts). The write (writeForRefresh.ts) comes after, in the table's
// turn of the queue.
import type { ReadOptions, SalesClient } from "../api/client";
import { fetchTable } from "../api";
import type { IsoDate } from "../core/dates";
import { RETAILER_COLUMN } from "../core/answer/retailersTable";
import { layAnswer, type ReadWindow } from "../core/refresh/answerLayout";
import { kindOfFormat } from "../core/refresh/tableLayout";
import { anchorOf, lastReadOf, refreshWindow, windowInputOf, type WindowRule } from "../core/refresh/refreshWindow";
import { WorkbookError } from "../excel/errors";
import { NUMBER_FORMATS } from "../excel/formats";
import { readPeriodTail, tailReach } from "../excel/tables";
import { protectedSheetError } from "../excel/workbookState";
import type { RefreshDeps, RefreshOptions, RefreshableTable } from "./refreshDeps";
import { followTables, tableDeletedText } from "./identity";
import { failureOf, type FetchedWindow, type RefreshSteps, type StoredTable } from "./refreshSteps";
import { EXCEL_DAY_CELLS } from "../excel/excelDays";

/**
 * Steps 1 and 2: the table's tail and window, then the answer for the window. Never throws: a failure (a deleted
 * table, a protected sheet, a refused answer, a cancel) is kept in the steps returned. `rule`: which window to
 * re-read (the add-in's is refreshWindow; the benchmark passes an append-only one to show what it would miss).
 * `opts.pool`: Refresh all's one request pool, shared by every table of the run.
 */
export async function readForRefresh(
  deps: RefreshDeps,
  managed: RefreshableTable,
  opts: Pick<RefreshOptions, "signal"> & Pick<ReadOptions, "pool"> = {},
  rule: WindowRule = refreshWindow,
): Promise<RefreshSteps> {
  let steps: RefreshSteps = { record: managed, today: deps.today(), ...(deps.days ? { days: deps.days } : {}) };
  try {
    const table = await currentTable(deps, managed);
    steps = { ...steps, table };
    const stored = await readStored(deps, table, steps.today);
    const window = rule(stored.input);
    steps = { ...steps, stored, window };
    if (window.kind === "nothing") return steps;
    const answer = await fetchWindow(deps.client, table, stored, window, { ...opts, days: deps.days });
    steps = { ...steps, answer };
    if (answer.laid.kind === "refused") throw new WorkbookError("changed", answer.laid.reason);
    return steps;
  } catch (err) {
    return { ...steps, failure: failureOf(err, opts.signal) };
  }
}

/**
 * The record under its table's current names (a renamed table or sheet is followed by Table.id); refuses a
 * deleted table, and a protected sheet before anything is fetched.
 */
async function currentTable(deps: RefreshDeps, managed: RefreshableTable): Promise<RefreshableTable> {
  const [{ table, identity }] = await followTables(deps.run, [managed]);
  if (!identity) throw new WorkbookError("not-found", tableDeletedText(managed.tableName));
  if (identity.sheetProtected) throw protectedSheetError(identity.sheet, identity.name);
  return table;
}

/** Step 1: the tail of the table's period column (and, several retailers, each row's retailer) and the window's input. */
async function readStored(deps: RefreshDeps, table: RefreshableTable, today: IsoDate): Promise<StoredTable> {
  const lastRead = lastReadOf(table, today);
  // A table of several retailers: each row's retailer is read too, so no retailer's rows go without its answer.
  const several = table.query.retailers.length > 1;
  const tail = await readPeriodTail(
    deps.run,
    table.tableName,
    table.periodColumn,
    tailReach(anchorOf(today, lastRead)),
    table.columns,
    several ? RETAILER_COLUMN : undefined,
    table.query.metrics,
  );
  const kinds = tail.formats.map((f) => kindOfFormat(f, NUMBER_FORMATS));
  const days = tail.periods.map((p) => EXCEL_DAY_CELLS.dayOf(p));
  return { tail, kinds, several, lastRead, input: windowInputOf(table, today, lastRead, days) };
}

/**
 * Step 2: the service's rows for the window, checked against the question (src/api) and laid onto the table's
 * service columns (by id; an older record by header); what was left out is warned. The user's columns are not
 * in the answer: the write keeps them.
 */
async function fetchWindow(
  client: SalesClient,
  table: RefreshableTable,
  { tail, kinds }: StoredTable,
  win: ReadWindow,
  opts: ReadOptions,
): Promise<FetchedWindow> {
  const result = await fetchTable(client, { ...table.query, from: win.from, to: win.to }, EXCEL_DAY_CELLS, opts);
  const laid = layAnswer(
    { ...tail, kinds, recorded: table.columns, recordedPeriod: table.periodColumn },
    { table: result.table, periodField: result.periodField, metrics: result.query.metrics },
    win,
    EXCEL_DAY_CELLS,
    opts.days,
  );
  return {
    omittedMetrics: result.omittedMetrics,
    ...(result.perRetailer ? { retailers: result.perRetailer } : {}),
    warnings: result.warnings,
    laid,
  };
}
