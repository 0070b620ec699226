// One query of a sync into its table: the first sync reads the whole range in the add-in's chunks and streams it
// in; a later one re-reads the add-in's refresh window (src/core/refresh/window.ts) and, unless the losses rule or
// a unit change holds it, rewrites it in one transaction with each changed figure recorded. The database-side twin
// of src/refresh's steps: read (window, answer), then plan and write in the table's turn.
import { excelSerial, type IsoDate } from "../core/dates";
import type { ReadWindow } from "../core/refresh/answerLayout";
import { refreshWindow, windowInputOf } from "../core/refresh/window";
import { plural } from "../core/words";
import type { StoredPeriod, SyncEngine, SyncOutcome, SyncRow, WindowWriter } from "./engine";
import { shownName } from "./names";
import { AnswerRows, type ChunkRows } from "./answerRows";
import { failedMessage, failureReason, keptColumnsText } from "./outcomeText";
import { rowsOf, type RowBlock } from "./block";
import type { QueryTable } from "./queryTable";
import { readChunks, type ReadChunk, type SyncReader } from "./read";
import { rewriteWindow, type RewriteStage } from "./rewrite";
import { runRow, type RunEnd } from "./runLog";
import type { SyncEntry } from "./syncFile";
import { figureRevisions, planWindow, revisionText, settledFrom } from "./windowPlan";

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
  /** The table's turn to write (one table written at a time); default: at once. */
  turn?: <T>(write: () => Promise<T>) => Promise<T>;
  /** Each stage of the window rewrite (tests stop a sync there). */
  onStage?: (stage: RewriteStage) => void | Promise<void>;
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

  /** A run that wrote nothing (held, failed, or nothing to do) in the run log, in a transaction of its own. */
  record(table: string, window: TableSyncResult["window"], end: RunEnd) {
    const of = { table, query: this.query, startedAt: this.startedAt, window, readOn: this.o.today };
    return this.o.engine.recordRun(runRow(of, end));
  }
}

/** The first sync: the query's whole range, chunk by chunk, streamed into the new table in one transaction. */
async function firstSync(run: Run): Promise<TableSyncResult> {
  const { entry, o } = run;
  const dates = { from: entry.query.from, to: entry.rolling ? o.today : entry.query.to };
  const answers = new AnswerRows(entry, o.engine.maxNameBytes);
  const chunks = readChunks(o.reader, entry.query, dates, answers.take);
  // The chunk in hand is the only reference to its rows, let go once they are written.
  let c: IteratorResult<ReadChunk<ChunkRows>> | null = await chunks.next();
  if (c.done) throw new Error("a read of no chunks");
  const table = answers.table;
  let rows = 0;
  const inHand = ({ value, index, count }: ReadChunk<ChunkRows>): RowBlock => {
    run.heard(value.warnings);
    rows += value.rows.length;
    o.onProgress?.({ table: table.spec.table, chunk: index + 1, chunks: count, rows });
    return value.rows;
  };
  async function* stream(): AsyncIterable<RowBlock> {
    while (!c!.done) {
      yield inHand(c!.value);
      c = null;
      c = await chunks.next();
    }
  }
  const turn = o.turn ?? ((write) => write());
  const done = await turn(() =>
    rewriteWindow(o.engine, {
      spec: table.spec,
      window: dates,
      rows: stream(),
      query: run.query,
      startedAt: run.startedAt,
      readOn: o.today,
      lockWaitMs: o.lockWaitMs,
      onStage: o.onStage,
    }),
  );
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

/** A later sync: the refresh window re-read, planned by the add-in's rules, rewritten in one transaction. */
async function laterSync(run: Run, periods: readonly StoredPeriod[]): Promise<TableSyncResult> {
  const { entry, o } = run;
  const q = entry.query;
  const lastRead = await lastReadOf(o.engine, entry.table, o.today);
  const serials = periods.map((p) => excelSerial(p.period));
  const win = refreshWindow(windowInputOf({ query: q, rolling: entry.rolling }, o.today, lastRead, serials));
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
  const answers = new AnswerRows(entry, o.engine.maxNameBytes);
  const fresh: SyncRow[] = [];
  for await (const c of readChunks(o.reader, q, { from: win.from, to: win.to }, answers.take)) {
    run.heard(c.value.warnings);
    for (const row of rowsOf(c.value.rows)) fresh.push(row);
    o.onProgress?.({ table: entry.table, chunk: c.index + 1, chunks: c.count, rows: 0 });
  }
  const table = answers.table;
  const turn = o.turn ?? ((write) => write());
  return turn(() => writeWindow(run, table, { win, lastRead, periods, fresh }));
}

interface Fetched {
  win: ReadWindow;
  lastRead: IsoDate;
  periods: readonly StoredPeriod[];
  fresh: SyncRow[];
}

/** A narrow window's settled rows (from `from`, before the window's `start`), for the unit check's level; few. */
async function settledRows(writer: WindowWriter, from: IsoDate | undefined, start: IsoDate): Promise<SyncRow[]> {
  if (from === undefined) return [];
  const rows: SyncRow[] = [];
  for await (const chunk of writer.readWindow(from)) rows.push(...chunk.filter((r) => (r[0] as string) < start));
  return rows;
}

/** In the table's transaction: read the stored window, plan, then hold (nothing written) or rewrite. */
async function writeWindow(run: Run, table: QueryTable, f: Fetched): Promise<TableSyncResult> {
  const { entry, o } = run;
  const q = entry.query;
  const writer = await o.engine.begin(table.spec, { lockWaitMs: o.lockWaitMs });
  const window = { from: f.win.start, to: f.win.to };
  const stored: SyncRow[] = [];
  let planned;
  try {
    for await (const chunk of writer.readWindow(f.win.start)) stored.push(...chunk);
    const when = { today: o.today, lastRead: f.lastRead, level: q.level, timeframe: q.timeframe };
    const seen = { when, window: f.win, periods: f.periods, stored, retailers: q.retailers };
    planned = planWindow({
      ...seen,
      table,
      settled: await settledRows(writer, settledFrom(seen), f.win.start),
      fresh: f.fresh,
      anyway: !!o.anyway,
    });
  } catch (error) {
    await writer.rollback();
    throw error;
  }
  const { plan } = planned;
  if (plan.kind !== "write") {
    await writer.rollback();
    const reason =
      plan.kind === "keep"
        ? plan.warnings.join(" ")
        : `${[plan.holds.losses?.said, plan.holds.unitChange?.said].filter(Boolean).join(" ")} ${ANYWAY}`;
    const id = await run.record(table.spec.table, window, { outcome: "held", reason });
    return run.result({
      table: table.spec.table,
      first: false,
      deleted: 0,
      inserted: 0,
      changed: 0,
      outcome: "held",
      window,
      run: id,
      message: `Held ${shownName(table.spec.table)}: ${reason}`,
    });
  }
  for (const w of [...plan.holds.warnings, ...plan.warnings]) run.warnings.add(w);
  const revisions = figureRevisions(planned, stored);
  const done = await rewriteWindow(o.engine, {
    spec: table.spec,
    window,
    rows: [planned.rows],
    query: run.query,
    revisions,
    startedAt: run.startedAt,
    readOn: o.today,
    writer,
    onStage: o.onStage,
  });
  const said = revisionText(planned, stored);
  return run.result({
    table: table.spec.table,
    outcome: "synced",
    first: false,
    window,
    deleted: done.deleted,
    inserted: done.inserted,
    changed: revisions.length,
    run: done.run,
    message:
      `Synced ${shownName(table.spec.table)}: ${window.from} to ${window.to} rewritten (${plural(done.deleted, "row")} ` +
      `deleted, ${plural(done.inserted, "row")} inserted, ${plural(revisions.length, "figure")} revised)` +
      keptColumnsText(done.userColumns) +
      (said ? `. ${said}.` : "."),
  });
}

/** Syncs one query into its table; never throws: a failure is its result (and a failed run in the log). */
export async function syncTable(entry: SyncEntry, o: TableSyncOptions): Promise<TableSyncResult> {
  const run = new Run(entry, o);
  try {
    const periods = await o.engine.storedPeriods(entry.table);
    const stored = periods?.reduce((n, p) => n + p.rows, 0) ?? 0;
    return stored === 0 ? await firstSync(run) : await laterSync(run, periods!);
  } catch (error) {
    const reason = failureReason(error);
    // rewriteWindow records its own failures; one before it (a read, a refused answer) is recorded here.
    const id = await run.record(entry.table, null, { outcome: "failed", reason }).catch(() => null);
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
