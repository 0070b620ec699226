// Step 3 of a table's refresh, in its turn of the write queue: read the stored window's key and metric cells
// (Excel), plan (src/core/refresh/plan.ts: the empty-answer keep, the losses rule, the unit check, what is
// written), then write: one safe rewrite of the window (replaceTail) and the saved record. The only step that
// changes the workbook.
import type { IsoDate } from "../core/dates";
import type { LaidAnswer } from "../core/refresh/answerLayout";
import {
  planFromAnswer,
  planFromStored,
  revisionOf,
  type PlanInput,
  type StoredCells,
  type StoredRows,
  type WritePlan,
} from "../core/refresh/plan";
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
import type { RefreshDeps, RefreshOptions, RefreshableTable } from "./deps";
import { cancelled, cancelledError, failureOf, type RefreshSteps, type WrittenWindow } from "./steps";

/**
 * Step 3, after readForRefresh: plan and write. Never throws: a failure is kept in the steps returned. Steps that
 * already failed, or found nothing to read (a window with nothing to refresh), are returned as they are.
 */
export async function writeForRefresh(
  deps: RefreshDeps,
  steps: RefreshSteps,
  opts: Pick<RefreshOptions, "signal" | "anyway"> = {},
): Promise<RefreshSteps> {
  const planned = planInputOf(steps);
  if (steps.failure || !planned) return steps;
  const { input, table } = planned;
  let now = steps;
  try {
    const first = planFromAnswer(input);
    if (first.kind === "keep") return { ...steps, plan: first };
    if (first.kind === "refused") throw new WorkbookError("changed", first.reason);
    if (cancelled(opts.signal)) throw cancelledError();
    // A table the user sorted: in date order first (tableSort.ts), sorted again by the commit or, nothing written, here.
    const sorted = input.tail.sort;
    if (sorted) await putInDateOrder(deps.run, input.tableName, dateOrderOf(input, sorted));
    let written: WrittenWindow | undefined;
    try {
      const stored = await readStoredCells(deps, input, first.cells, table.tableId);
      // What the add-in wrote (a row it never wrote is the user's): tracked for a table whose id is known.
      const tracked = table.tableId === undefined ? {} : { written: stored.written ?? null };
      const plan = planFromStored({ ...input, ...tracked }, stored, opts.anyway);
      now = { ...steps, plan };
      if (plan.kind !== "write") return now;
      if (cancelled(opts.signal)) throw cancelledError();
      written = await writeTail(deps, table, { input, plan }, opts.signal);
      now = { ...now, written };
      await saveRecord(deps, { table, laid: input.answer, window: input.window, plan, written, today: steps.today });
      return now;
    } finally {
      if (sorted && !written) await sortBack(deps.run, input.tableName, sorted);
    }
  } catch (err) {
    return { ...now, failure: failureOf(err, opts.signal) };
  }
}

/** The sort into date order: the period, then the key columns (keyColumns: retailer, SKU, store), by column id. */
function dateOrderOf({ answer, tail }: PlanInput & { tail: PeriodTail }, remembered: RememberedSort): DateOrder {
  const at = (i: number) => tail.columns.findIndex((c) => c.id === answer.service[i]?.id);
  const keys = keyColumns(answer.data.columns, answer.periodIndex).map(at);
  return { keys, periodIndex: tail.periodIndex, periods: tail.periods, remembered };
}

/** The plan's input from steps 1 and 2, with the table; undefined when they did not reach an answer to write. */
function planInputOf(
  steps: RefreshSteps,
): { input: PlanInput & { tail: PeriodTail }; table: RefreshableTable } | undefined {
  const { table, stored, window: win, answer } = steps;
  if (!table || !stored || win?.kind !== "window" || answer?.laid.kind !== "laid") return undefined;
  const { today, level, timeframe } = stored.input;
  const input = {
    tableName: stored.tail.tableName,
    when: { today, lastRead: stored.lastRead, level, timeframe, ...(steps.days ? { days: steps.days } : {}) },
    window: win,
    tail: { ...stored.tail, ...(stored.tail.also ? { retailers: stored.tail.also } : {}) },
    several: stored.several,
    answer: answer.laid,
    retailers: answer.retailers,
    gaps: table.gaps ?? [],
  };
  return { input, table };
}

/**
 * The stored window's cells the plan compares, with a narrow window's settled rows before it (none asked: none
 * read). A table whose row count changed since its tail was read is refused here; replaceTail refuses one changed
 * after this read.
 */
async function readStoredCells(
  deps: RefreshDeps,
  { tail, answer }: PlanInput & { tail: PeriodTail },
  cells: StoredCells | undefined,
  tableId: string | undefined,
): Promise<StoredRows & { written?: WrittenKeys | null }> {
  if (!cells) return { window: [] };
  const stored = await readWindowCells(deps.run, tail.tableName, {
    ...cells,
    service: answer.service,
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
  table: RefreshableTable,
  { input, plan }: { input: PlanInput & { tail: PeriodTail }; plan: WritePlan },
  signal: AbortSignal | undefined,
): Promise<WrittenWindow> {
  const { data, periodField, service } = input.answer;
  const change = await replaceTail(deps.run, table.tableName, {
    periodColumn: periodField,
    cutoff: input.window.cutoff,
    data,
    service,
    signal,
    limits: deps.limits,
    readBefore: plan.readBefore,
    expect: plan.expect,
    session: deps.sessionId,
    sortAgain: input.tail.sort,
    keep: plan.kept,
    // The record of the keys written goes with the rows, in the commit: never one without the other.
    ...(plan.record && table.tableId !== undefined ? { withRows: recordWithRows(table.tableId, plan.record) } : {}),
  });
  const refreshedAt = (deps.now?.() ?? new Date()).toISOString();
  const users = plan.kept.map((k) => k.row);
  return { change, refreshedAt, changes: revisionOf(input, change.before, users) };
}

/** What the record keeps of a write: when, which window, the day of this read (the next window reaches back to it), open gaps. */
interface RecordUpdate {
  table: RefreshableTable;
  laid: Extract<LaidAnswer, { kind: "laid" }>;
  window: PlanInput["window"];
  plan: WritePlan;
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
