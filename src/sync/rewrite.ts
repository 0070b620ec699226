// A window rewrite from start to end on any engine: lock and begin, delete the window, bulk-insert the new rows,
// record the run and its revisions, commit. A failure anywhere rolls back (the table is as it was) and is recorded
// as a failed run in a transaction of its own.
import type { IsoDate } from "../core/dates";
import type { RowBlock } from "./rowBlock";
import type { SyncEngine, SyncRevision, SyncRow, SyncRowChunks, SyncTableSpec, WindowWriter } from "./engine";
import { failureReason } from "./outcomeText";
import { runRow, type RunOf } from "./runLog";

/**
 * Where a rewrite is: reached in this order; `inserting` once the first chunk is in and the next is on its way. The
 * kill tests stop a rewrite at each (test/sync/engines.test.ts, crash.test.ts).
 * A seam: the kill tests and the bench's failure points name the stages they stop at.
 * @public
 */
export const REWRITE_STAGES = ["begun", "deleted", "inserting", "inserted", "recorded", "committed"] as const;
export type RewriteStage = (typeof REWRITE_STAGES)[number];

export interface WindowRewrite {
  spec: SyncTableSpec;
  /** The dates re-read: every stored row from `from` on is replaced by `rows`. */
  window: { from: IsoDate; to: IsoDate };
  rows: SyncRowChunks;
  /** The query as JSON, for the run log (never the key). */
  query: string;
  /** The figures this rewrite changes, recorded in sales_revisions. */
  revisions?: readonly SyncRevision[];
  startedAt?: Date;
  /** The service's today of this read (the next run's window reaches back from it). */
  readOn?: IsoDate;
  /** A rewrite already begun (its stored window read by the caller first); else one is begun here. */
  writer?: WindowWriter;
  lockWaitMs?: number;
  /** Told as each stage is reached (a test stops a rewrite there, or fails it). */
  onStage?: (stage: RewriteStage) => void | Promise<void>;
}

export interface RewriteResult {
  run: number;
  deleted: number;
  inserted: number;
  /** The user's columns the table holds, kept through the rewrite (their values with their rows). */
  userColumns: readonly string[];
}

async function* announcing(
  rows: SyncRowChunks,
  stage: () => void | Promise<void>,
): AsyncIterable<readonly SyncRow[] | RowBlock> {
  let n = 0;
  for await (const chunk of rows) {
    if (n++ === 1) await stage();
    yield chunk;
  }
}

/** What the run log says this rewrite was of. */
const runOf = (r: WindowRewrite, startedAt: Date): RunOf => ({
  table: r.spec.table,
  query: r.query,
  startedAt,
  window: r.window,
  readOn: r.readOn,
});

async function write(writer: WindowWriter, r: WindowRewrite, startedAt: Date): Promise<RewriteResult> {
  const stage = async (s: RewriteStage) => r.onStage?.(s);
  await stage("begun");
  const deleted = await writer.deleteWindow(r.window.from);
  await stage("deleted");
  const inserted = await writer.insert(announcing(r.rows, () => stage("inserting")));
  await stage("inserted");
  const revisions = r.revisions ?? [];
  const run = await writer.recordRun(
    runRow(runOf(r, startedAt), { outcome: "synced", deleted, inserted, changed: revisions.length }),
  );
  await writer.recordRevisions(run, revisions);
  await stage("recorded");
  await writer.commit();
  return { run, deleted, inserted, userColumns: writer.userColumns };
}

/** Failures a rewrite recorded in the run log, with their run's id: the caller records them no second time. */
const recorded = new WeakMap<object, number>();

/** The run a rewrite recorded for this failure, if it did. */
export const recordedFailure = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null ? recorded.get(error) : undefined;

/** Rewrites the window of one table in one transaction; on failure the table is as it was and the error rethrown. */
export async function rewriteWindow(engine: SyncEngine, r: WindowRewrite): Promise<RewriteResult> {
  const startedAt = r.startedAt ?? new Date();
  let writer: WindowWriter | undefined;
  let result: RewriteResult;
  try {
    writer = r.writer ?? (await engine.begin(r.spec, { lockWaitMs: r.lockWaitMs }));
    result = await write(writer, r, startedAt);
  } catch (error) {
    await writer?.rollback();
    const reason = failureReason(error);
    const run = await engine
      .recordRun(runRow(runOf(r, startedAt), { outcome: "failed", reason }))
      .catch(() => undefined);
    if (run !== undefined && typeof error === "object" && error !== null) recorded.set(error, run);
    throw error;
  }
  await r.onStage?.("committed");
  return result;
}
