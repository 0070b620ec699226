// One query of a sync into its table, in the table's turn (one table read and written at a time, so what a sync
// holds is one table's chunks, whatever the sync file's size): the first sync reads the whole range in the add-in's
// chunks and streams it into a new table; a later one re-reads the add-in's refresh window
// (src/core/refresh/refreshWindow.ts) into a staging table and, unless the losses rule or a unit change holds it,
// swaps it in, each revised figure recorded, all in one transaction (rewrite.ts). The database-side twin of
// src/refresh's steps: read, plan, write.
import { daysBetween, periodStart, type IsoDate } from "../core/dates";
import type { WindowPlan } from "../core/refresh/planWindow";
import { refreshWindow, windowInputOf } from "../core/refresh/refreshWindow";
import { changesText } from "../core/refresh/revisions";
import { earlyRowsWarning } from "../core/refresh/warnings";
import { andList, plural } from "../core/words";
import type { StoredPeriod, SyncEngine, SyncOutcome, WindowWriter } from "./engine";
import { shownName } from "./sqlNames";
import { failedMessage, failureReason, keptColumnsText } from "./outcomeText";
import { otherQueryColumns } from "./queryTable";
import { SyncError } from "./errors";
import type { SyncReader } from "./syncReads";
import { streamedRows, type StreamedRows } from "./streamedRows";
import {
  recordedFailure,
  rewritePlanned,
  rewriteWindow,
  type StagedPlan,
  type RewriteResult,
  type RewriteStage,
  type WindowRewrite,
} from "./rewrite";
import { runRow, type RunEnd } from "./runLog";
import type { SyncEntry } from "./syncFile";
import { planSync } from "./syncPlan";

export interface TableSyncOptions {
  engine: SyncEngine;
  reader: SyncReader;
  /** The service's today. */
  today: IsoDate;
  /** Accept what the losses rule and the unit check found. */
  anyway?: boolean;
  lockWaitMs?: number;
  /** Each chunk read: a progress bar counts them. */
  onProgress?: (p: SyncProgress) => void;
  /** The table's turn (one table read and written at a time); default: at once. */
  turn?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Each stage of the window rewrite (tests stop a sync there). */
  onStage?: (stage: RewriteStage) => void | Promise<void>;
  /** Settles once the run's key is accepted (syncAll's connection test); rejected, the table fails before it reads. */
  keyChecked?: Promise<void>;
  /** The rows of a first answer held until its end, before it is read again (streamedRows.ts; tests lower it). */
  heldRows?: number;
}

export interface SyncProgress {
  table: string;
  chunk: number;
  chunks: number;
  rows: number;
}

/** What one query's sync did. */
export interface TableSyncResult {
  table: string;
  outcome: SyncOutcome;
  /** The first sync of the table (the whole range read). */
  first: boolean;
  window: { from: IsoDate; to: IsoDate } | null;
  deleted: number;
  inserted: number;
  changed: number;
  /** The run's id in sales_sync_runs (null when it could not be recorded). */
  run: number | null;
  /** What happened, in words. */
  message: string;
  /** What the answer check, the plan and the rules had to say. */
  warnings: string[];
}

const ANYWAY = "Nothing was written; run the sync again with --anyway to accept it.";

class Run {
  readonly warnings = new Set<string>();
  readonly startedAt = new Date();
  constructor(
    readonly entry: SyncEntry,
    readonly o: TableSyncOptions,
  ) {}

  get query(): string {
    return JSON.stringify(this.entry.query);
  }

  heard(warnings: readonly string[]): void {
    for (const w of warnings) this.warnings.add(w);
  }

  result(r: Omit<TableSyncResult, "warnings" | "table"> & { table?: string }): TableSyncResult {
    return { table: this.entry.table, ...r, warnings: [...this.warnings] };
  }

  /** The window rewrite of this run (rewrite.ts: it records a failure of its own in the run log). */
  rewrite<H = never>(
    r: Omit<WindowRewrite, "query" | "startedAt" | "readOn" | "onStage">,
    plan?: StagedPlan<H>,
  ): Promise<RewriteResult | { held: H }> {
    const { o } = this;
    const of = { ...r, query: this.query, startedAt: this.startedAt, readOn: o.today, onStage: o.onStage };
    return plan ? rewritePlanned(o.engine, of, plan) : rewriteWindow(o.engine, of);
  }

  /** The query's answers for `dates` as blocks for the engine (streamedRows.ts), its warnings heard, its progress told. */
  read(dates: { from: IsoDate; to: IsoDate }, start?: IsoDate): Promise<StreamedRows> {
    const { entry, o } = this;
    return streamedRows({
      entry,
      reader: o.reader,
      maxNameBytes: o.engine.maxNameBytes,
      dates,
      start,
      heldRows: o.heldRows,
      told: ({ index, count, warnings, rows }) => {
        this.heard(warnings);
        o.onProgress?.({ table: entry.table, chunk: index + 1, chunks: count, rows });
      },
    });
  }

  /** A run that wrote nothing (held, failed, or nothing to do) in the run log, in a transaction of its own. */
  record(table: string, window: TableSyncResult["window"], end: RunEnd) {
    const of = { table, query: this.query, startedAt: this.startedAt, window, readOn: this.o.today };
    return this.o.engine.recordRun(runRow(of, end));
  }
}

/**
 * The first sync's dates: the query's, up to the service's today (a rolling query's end; a later `to` is read up
 * to today, and said). Undefined when they start after today: the service has nothing for them yet.
 */
function firstDates(run: Run): { from: IsoDate; to: IsoDate } | undefined {
  const { entry, o } = run;
  const { from, to } = entry.query;
  if (daysBetween(o.today, from) > 0) return undefined;
  return { from, to: pastToday(run) ? o.today : to };
}

/**
 * Whether the query's dates run past the service's today (not a rolling query's, which end there): they are read
 * up to today, and said, on a first sync and a later one alike.
 */
function pastToday(run: Run): boolean {
  const { entry, o } = run;
  if (entry.rolling) return true;
  if (daysBetween(o.today, entry.query.to) <= 0) return false;
  run.heard([
    `The service's data runs to its today, ${o.today}: the dates after it (to ${entry.query.to}) were not asked.`,
  ]);
  return true;
}

/** Held before anything is read or made: the query's dates are all after the service's today. */
async function notYet(run: Run): Promise<TableSyncResult> {
  const { from, to } = run.entry.query;
  const reason =
    `The query asks for ${from} to ${to}, after the service's today (${run.o.today}): the service has no data ` +
    "for those dates yet. Nothing was read or written; sync it again once those dates have passed, or correct its dates.";
  return heldWithout(run, null, reason);
}

/** A held outcome that wrote nothing, recorded in the run log (exit code 2: a scheduler sees it). */
async function heldWithout(run: Run, window: TableSyncResult["window"], reason: string): Promise<TableSyncResult> {
  const table = run.entry.table;
  const id = await run.record(table, window, { outcome: "held", reason });
  return run.result({
    outcome: "held",
    first: false,
    window,
    deleted: 0,
    inserted: 0,
    changed: 0,
    run: id,
    message: `Held ${shownName(table)}: ${reason}`,
  });
}

/** The first sync: the query's whole range, chunk by chunk, streamed into the new table in one transaction. */
async function firstSync(run: Run): Promise<TableSyncResult> {
  const { entry, o } = run;
  const asked = firstDates(run);
  if (!asked) return notYet(run);
  // A week or month that starts before the query's first day is the query's too (the service sends it whole), so
  // the dates said and recorded start with it.
  const dates = { from: periodStart(asked.from, entry.query.timeframe), to: asked.to };
  // Chunks without rows before the first with some are only counted: a read with no rows at all makes no table.
  const read = await run.read(asked);
  if (!read.blocks)
    return heldWithout(
      run,
      dates,
      `The service has no rows for ${dates.from} to ${dates.to}. Nothing was written, and the table was not made: ` +
        "check the query's retailer, View by and dates, then sync again.",
    );
  const { table } = read;
  const done = await run
    .rewrite({
      spec: table.spec,
      window: dates,
      rows: read.blocks,
      lockWaitMs: o.lockWaitMs,
    })
    .finally(read.stop);
  if ("held" in done) throw new Error("a first sync is never held by a plan");
  return run.result({
    table: table.spec.table,
    outcome: "synced",
    first: true,
    window: dates,
    deleted: done.deleted,
    inserted: done.inserted,
    changed: 0,
    run: done.run,
    message:
      `Synced ${shownName(table.spec.table)} for the first time: ${plural(done.inserted, "row")} from ${dates.from} ` +
      `to ${dates.to}${keptColumnsText(done.userColumns)}.`,
  });
}

/** The day of the last read: the last synced run's (never after today); today when there is none. */
async function lastReadOf(engine: SyncEngine, table: string, today: IsoDate): Promise<IsoDate> {
  const runs = await engine.runs({ table, limit: 50 });
  const read = runs.find((r) => r.outcome === "synced" && r.readOn)?.readOn;
  return read && read <= today ? read : today;
}

/**
 * A later sync: the refresh window re-read and staged as it is read, planned by the add-in's rules on the staged
 * rows, and swapped in, all in one transaction (rewrite.ts); held, nothing is written.
 */
async function laterSync(run: Run, periods: readonly StoredPeriod[]): Promise<TableSyncResult> {
  const { entry, o } = run;
  const q = entry.query;
  const lastRead = await lastReadOf(o.engine, entry.table, o.today);
  const days = periods.map((p) => p.period);
  pastToday(run);
  const win = refreshWindow(windowInputOf({ query: q, rolling: entry.rolling }, o.today, lastRead, days));
  const nothing = { first: false, deleted: 0, inserted: 0, changed: 0 };
  if (win.kind === "nothing") {
    const id = await run.record(entry.table, null, { outcome: "synced" });
    return run.result({
      ...nothing,
      outcome: "synced",
      window: null,
      run: id,
      message: `${shownName(entry.table)}: ${win.reason}`,
    });
  }
  const window = { from: win.start, to: win.to };
  const read = await run.read({ from: win.from, to: win.to }, win.start);
  const { table, counts } = read;
  let planned: WindowPlan | undefined;
  const plan = async (writer: WindowWriter, id: number) => {
    if (counts.early > 0) run.heard([earlyRowsWarning(counts.early, win.start)]);
    const p = await planSync({
      table,
      writer,
      when: { today: o.today, lastRead, level: q.level, timeframe: q.timeframe },
      window: win,
      periods,
      freshRows: counts.fresh,
      retailers: q.retailers,
      anyway: !!o.anyway,
      run: id,
    });
    planned = p.plan;
    if (p.plan.kind !== "write") return { write: false as const, held: p.plan };
    run.heard([...p.plan.holds.warnings, ...p.plan.warnings]);
    return { write: true as const, changed: p.changed };
  };
  const rows = read.blocks ?? [];
  const done = await run.rewrite({ spec: table.spec, window, rows, lockWaitMs: o.lockWaitMs }, plan).finally(read.stop);
  if ("held" in done) return heldPlan(run, table.spec.table, window, done.held);
  const said = planned?.kind === "write" ? changesText(planned.changes) : "";
  return run.result({
    table: table.spec.table,
    outcome: "synced",
    first: false,
    window,
    deleted: done.deleted,
    inserted: done.inserted,
    changed: done.changed,
    run: done.run,
    message:
      `Synced ${shownName(table.spec.table)}: ${window.from} to ${window.to} rewritten (${plural(done.deleted, "row")} ` +
      `deleted, ${plural(done.inserted, "row")} inserted, ${plural(done.changed, "figure")} revised)` +
      keptColumnsText(done.userColumns) +
      (said ? `. ${said}.` : "."),
  });
}

/** A plan that kept or refused the window: nothing written, the run logged as held with why. */
async function heldPlan(
  run: Run,
  table: string,
  window: { from: IsoDate; to: IsoDate },
  plan: Exclude<WindowPlan, { kind: "write" }>,
): Promise<TableSyncResult> {
  const reason =
    plan.kind === "keep"
      ? plan.warnings.join(" ")
      : `${[plan.holds.losses?.said, plan.holds.unitChange?.said].filter(Boolean).join(" ")} ${ANYWAY}`;
  const id = await run.record(table, window, { outcome: "held", reason });
  return run.result({
    table,
    first: false,
    deleted: 0,
    inserted: 0,
    changed: 0,
    outcome: "held",
    window,
    run: id,
    message: `Held ${shownName(table)}: ${reason}`,
  });
}

/** Before anything is read: the table holds another query's columns (two queries, one table name). */
function anotherQueryText(table: string, columns: readonly string[]): string {
  const them = andList(columns.map(shownName));
  return (
    `The table ${shownName(table)} holds ${them}, which this query does not ask for: another query writes it. ` +
    `Give this query a table of its own ("table" in the sync file, or in --query), or, if this query no longer ` +
    `asks for ${them}, drop ${columns.length > 1 ? "those columns" : "that column"} from the table. Nothing was read, and nothing was changed.`
  );
}

/** Syncs one query into its table, in its turn; never throws: a failure is its result (and a failed run in the log). */
export function syncTable(entry: SyncEntry, o: TableSyncOptions): Promise<TableSyncResult> {
  return (o.turn ?? ((work) => work()))(() => syncInTurn(entry, o));
}

async function syncInTurn(entry: SyncEntry, o: TableSyncOptions): Promise<TableSyncResult> {
  const run = new Run(entry, o);
  try {
    await o.keyChecked;
    const foreign = otherQueryColumns(
      entry.query,
      (await o.engine.storedColumns(entry.table)) ?? [],
      o.engine.foldsCase,
    );
    if (foreign.length > 0) throw new SyncError(anotherQueryText(entry.table, foreign));
    const periods = await o.engine.storedPeriods(entry.table);
    const stored = periods?.reduce((n, p) => n + p.rows, 0) ?? 0;
    return stored === 0 ? await firstSync(run) : await laterSync(run, periods!);
  } catch (error) {
    const reason = failureReason(error);
    // rewriteWindow records its own failures; one before it (a read, a refused answer) is recorded here.
    const id =
      recordedFailure(error) ?? (await run.record(entry.table, null, { outcome: "failed", reason }).catch(() => null));
    return run.result({
      outcome: "failed",
      first: false,
      window: null,
      deleted: 0,
      inserted: 0,
      changed: 0,
      run: id,
      message: failedMessage(entry.table, reason),
    });
  }
}
