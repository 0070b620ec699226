// Step 3 of a table's refresh, in its turn of the write queue: the rewrite plan (src/core/refresh/planRewrite.ts:
// the empty-answer keep, the losses rule, the unit check, what is written), reading the stored window's key and
// metric cells (Excel) it asks for; then one safe rewrite of the window (replaceTail) and the saved record. The only
// step that changes the workbook.
import type { DayCells, IsoDate } from "../core/dates";
import type { LaidAnswer } from "../core/refresh/answerLayout";
import type { PlanInput, StoredCells, StoredRows } from "../core/refresh/plan";
import { planRewrite, type RewriteRules, type RewriteWrite } from "../core/refresh/planRewrite";
import { mergeRanges } from "../core/refresh/gaps";
import { keyColumns } from "../core/refresh/userColumns";
import { rowCounts } from "../core/refresh/rowCounts";
import { WorkbookError } from "../excel/errors";
import { updateManagedTables } from "../excel/queryStore";
import { recordWithRows } from "../excel/writtenStore";
import type { WrittenKeys } from "../core/refresh/writtenKeys";
import {
  putInDateOrder,
  readWindowCells,
  replaceTail,
  sortBack,
  tableChangedText,
  type DateOrder,
  type PeriodTail,
  type RememberedSort,
} from "../excel/tables";
import type { RefreshDeps, RefreshOptions, RefreshableTable } from "./refreshDeps";
import { cancelled, cancelledError, failureOf, type RefreshSteps, type WrittenWindow } from "./refreshSteps";
import { EXCEL_DAY_CELLS, excelSerial } from "../excel/excelDays";

type Laid = Extract<LaidAnswer, { kind: "laid" }>;

/** What step 3 plans on: the table's tail as read, the answer laid onto its columns, the plan's rules. */
interface Planned {
  tail: PeriodTail & { retailers?: readonly unknown[]; dayCells: DayCells };
  laid: Laid;
  rules: RewriteRules;
  retailers?: readonly { retailer: string }[];
  table: RefreshableTable;
}

/**
 * Step 3, after readForRefresh: plan and write. Never throws: a failure is kept in the steps returned. Steps that
 * already failed, or found nothing to read (a window with nothing to refresh), are returned as they are.
 */
export async function writeForRefresh(
  deps: RefreshDeps,
  steps: RefreshSteps,
  opts: Pick<RefreshOptions, "signal" | "anyway"> = {},
): Promise<RefreshSteps> {
  const planned = plannedOf(steps);
  if (steps.failure || !planned) return steps;
  const { tail, laid, table } = planned;
  let now = steps;
  // A table the user sorted: in date order first (tableSort.ts), sorted again by the commit or, nothing written, here.
  let sorted = false;
  let written: WrittenWindow | undefined;
  try {
    try {
      const read = async (cells: StoredCells | undefined) => {
        if (cancelled(opts.signal)) throw cancelledError();
        if (tail.sort) {
          await putInDateOrder(deps.run, tail.tableName, dateOrderOf(laid, tail, tail.sort));
          sorted = true;
        }
        return readStoredCells(deps, { tail, laid }, cells, table.tableId);
      };
      const answer = { ...laid, ...(planned.retailers ? { retailers: planned.retailers } : {}) };
      const plan = await planRewrite({ tail, read }, answer, { ...planned.rules, anyway: opts.anyway });
      if (plan.kind === "refused" && plan.reason !== undefined) throw new WorkbookError("changed", plan.reason);
      now = { ...steps, plan };
      if (plan.kind !== "write") return now;
      if (cancelled(opts.signal)) throw cancelledError();
      written = await writeTail(deps, planned, plan, opts.signal);
      now = { ...now, written };
      await saveRecord(deps, { table, laid, window: planned.rules.window, plan, written, today: steps.today });
      return now;
    } finally {
      if (sorted && !written) await sortBack(deps.run, tail.tableName, tail.sort!);
    }
  } catch (err) {
    return { ...now, failure: failureOf(err, opts.signal) };
  }
}

/** The sort into date order: the period, then the key columns (keyColumns: retailer, SKU, store), by column id. */
function dateOrderOf(answer: Laid, tail: PeriodTail, remembered: RememberedSort): DateOrder {
  const at = (i: number) => tail.columns.findIndex((c) => c.id === answer.service[i]?.id);
  const keys = keyColumns(answer.data.columns, answer.periodIndex).map(at);
  return { keys, periodIndex: tail.periodIndex, periods: tail.periods, remembered };
}

/** What step 3 plans on, from steps 1 and 2, with the table; undefined when they did not reach an answer to write. */
function plannedOf(steps: RefreshSteps): Planned | undefined {
  const { table, stored, window: win, answer } = steps;
  if (!table || !stored || win?.kind !== "window" || answer?.laid.kind !== "laid") return undefined;
  const { today, level, timeframe } = stored.input;
  const tableName = stored.tail.tableName;
  const rules: RewriteRules = {
    tableName,
    when: { today, lastRead: stored.lastRead, level, timeframe, ...(steps.days ? { days: steps.days } : {}) },
    window: win,
    several: stored.several,
    gaps: table.gaps ?? [],
    // What the add-in wrote (a row it never wrote is the user's): tracked for a table whose id is known.
    tracksUserRows: table.tableId !== undefined,
  };
  const tail = {
    ...stored.tail,
    dayCells: EXCEL_DAY_CELLS,
    ...(stored.tail.also ? { retailers: stored.tail.also } : {}),
  };
  return { tail, laid: answer.laid, rules, ...(answer.retailers ? { retailers: answer.retailers } : {}), table };
}

/**
 * The stored window's cells the plan compares, with a narrow window's settled rows before it (none asked: none
 * read). A table whose row count changed since its tail was read is refused here; replaceTail refuses one changed
 * after this read.
 */
async function readStoredCells(
  deps: RefreshDeps,
  { tail, laid }: { tail: PeriodTail; laid: Laid },
  cells: StoredCells | undefined,
  tableId: string | undefined,
): Promise<StoredRows & { written?: WrittenKeys | null }> {
  if (!cells) return { window: [] };
  const stored = await readWindowCells(deps.run, tail.tableName, {
    ...cells,
    service: laid.service,
    ...(tableId === undefined ? {} : { recordOf: tableId }),
  });
  if (stored.count !== tail.count) throw new WorkbookError("changed", tableChangedText(tail.tableName));
  return {
    settled: stored.rows.slice(0, cells.settled),
    window: stored.rows.slice(cells.settled),
    written: stored.written,
  };
}

/** One safe rewrite of the window (service columns by id; the user's kept by row key), the old metric cells back. */
async function writeTail(
  deps: RefreshDeps,
  { table, laid, tail, rules }: Planned,
  plan: RewriteWrite,
  signal: AbortSignal | undefined,
): Promise<WrittenWindow> {
  const { data, periodField, service } = laid;
  const change = await replaceTail(deps.run, table.tableName, {
    periodColumn: periodField,
    cutoff: excelSerial(rules.window.start),
    data,
    service,
    signal,
    limits: deps.limits,
    readBefore: plan.readBefore,
    expect: plan.expect,
    session: deps.sessionId,
    sortAgain: tail.sort,
    keep: plan.kept,
    // The record of the keys written goes with the rows, in the commit: never one without the other.
    ...(plan.record && table.tableId !== undefined ? { withRows: recordWithRows(table.tableId, plan.record) } : {}),
  });
  const refreshedAt = (deps.now?.() ?? new Date()).toISOString();
  const users = plan.kept.map((k) => k.row);
  return { change, refreshedAt, changes: plan.revisions(change.before, users) };
}

/** What the record keeps of a write: when, which window, the day of this read (the next window reaches back to it), open gaps. */
interface RecordUpdate {
  table: RefreshableTable;
  laid: Laid;
  window: PlanInput["window"];
  plan: RewriteWrite;
  written: WrittenWindow;
  today: IsoDate;
}

async function saveRecord(deps: RefreshDeps, u: RecordUpdate): Promise<void> {
  await updateManagedTables(deps.run, (tables) =>
    tables.map((t) =>
      t.tableName === u.table.tableName
        ? {
            ...t,
            tableId: u.table.tableId,
            lastRefreshedAt: u.written.refreshedAt,
            rows: rowCounts(u.written.change).rows,
            periodColumn: u.laid.periodField,
            columns: u.laid.record ?? t.columns,
            lastWindow: { from: u.window.from, to: u.window.to },
            lastRead: u.today,
            gaps: u.plan.gaps.length > 0 ? u.plan.gaps : undefined,
            provisional: u.plan.provisional
              ? mergeRanges([...(t.provisional ?? []), u.plan.provisional])
              : t.provisional,
          }
        : t,
    ),
  );
}
