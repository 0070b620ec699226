// A window rewrite from start to end on any engine, in one transaction holding the table's lock. A first sync's rows
// go straight into the table it makes; a later sync's are staged, planned on (the losses rule, the unit check, the
// revisions recorded as found: syncPlan.ts), then swapped in: the window deleted, the staged rows inserted. Then the
// run is recorded and committed. A failure anywhere rolls back (the table is as it was) and is recorded as a failed
// run in a transaction of its own; a held plan rolls back and is the caller's to record.
import type { IsoDate } from "../core/dates";
import type { RowBlock } from "./rowBlock";
import type { SyncEngine, SyncRevision, SyncRow, SyncRowChunks, SyncTableSpec, WindowWriter } from "./engine";
import { failureReason } from "./outcomeText";
import { runRow, type RunOf } from "./runLog";
import { KeyOrderFeed, WindowFold } from "../core/refresh/windowFold";
import { pairColumns, repeatedKeyInWords, revisedAsFolded } from "./syncPlan";

/**
 * Where a rewrite is, reached in this order. A later sync's: `staging` once the first chunk is staged and the next is
 * on its way, `staged` with every row in the staging table, `revised` once the plan has recorded the figures it
 * revises. A first sync's: `inserting` once the first chunk is in its new table and the next is on its way.
 * A seam: the kill tests and the bench's failure points stop a rewrite at each (test/sync/engines.test.ts,
 * crash.test.ts).
 * @public
 */
export const REWRITE_STAGES = {
  later: ["begun", "staging", "staged", "revised", "deleted", "inserted", "recorded", "committed"],
  first: ["begun", "deleted", "inserting", "inserted", "recorded", "committed"],
} as const;
export type RewriteStage = (typeof REWRITE_STAGES)["later" | "first"][number];

/** What a later sync's plan decided on the staged rows: write, with the figures it recorded as revised, or not. */
export type RewriteVerdict<H> = { write: true; changed: number } | { write: false; held: H };

export interface WindowRewrite {
  spec: SyncTableSpec;
  /** The dates re-read: every stored row from `from` on is replaced by `rows`. */
  window: { from: IsoDate; to: IsoDate };
  rows: SyncRowChunks;
  /** The query as JSON, for the run log (never the key). */
  query: string;
  /** The figures this rewrite changes, recorded in sales_revisions, where the caller has them listed (else each figure that changed). */
  revisions?: readonly SyncRevision[];
  startedAt?: Date;
  /** The service's today of this read (the next run's window reaches back from it). */
  readOn?: IsoDate;
  lockWaitMs?: number;
  /** Told as each stage is reached (a test stops a rewrite there, or fails it). */
  onStage?: (stage: RewriteStage) => void | Promise<void>;
}

export interface RewriteResult {
  run: number;
  deleted: number;
  inserted: number;
  /** The figures recorded as revised. */
  changed: number;
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

/** A later sync's plan on the staged rows, told the run's id for the revisions it records. */
export type StagedPlan<H> = (writer: WindowWriter, run: number) => Promise<RewriteVerdict<H>>;

/**
 * A rewrite with no plan of its own: each figure that changed recorded as its chunk of the join goes by, the rows
 * told to a key-order feed all the same (two staged rows of one key are refused).
 */
async function everyRevision(writer: WindowWriter, run: number): Promise<RewriteVerdict<never>> {
  const metrics = writer.spec.columns.filter((c) => c.type === "double").map((c) => c.name);
  const counted = { changed: 0 };
  const feed = new KeyOrderFeed(new WindowFold({ metrics }));
  try {
    for await (const pairs of revisedAsFolded(writer, pairColumns(writer.spec, metrics), run, () => true, counted))
      for (const pair of pairs) feed.add(pair);
  } catch (error) {
    throw repeatedKeyInWords(error, writer.spec.table);
  }
  return { write: true, changed: counted.changed };
}

type Written = Omit<RewriteResult, "run" | "userColumns"> & { run?: number };

async function write<H>(
  writer: WindowWriter,
  r: WindowRewrite,
  plan: StagedPlan<H> | undefined,
  stage: (s: RewriteStage) => Promise<void>,
): Promise<Written | { held: H }> {
  if (writer.created) {
    // Nothing to delete in a new table; its window still bounds the rows it takes (rowChecks.ts).
    await writer.deleteWindow(r.window.from);
    await stage("deleted");
    const inserted = await writer.insert(announcing(r.rows, () => stage("inserting")));
    await stage("inserted");
    if (!r.revisions) return { deleted: 0, inserted, changed: 0 };
    const run = await writer.reserveRun();
    return { run, deleted: 0, inserted, changed: await writer.recordRevisions(run, r.revisions) };
  }
  await writer.stage(
    r.window.from,
    announcing(r.rows, () => stage("staging")),
  );
  await stage("staged");
  const run = await writer.reserveRun();
  const verdict = plan
    ? await plan(writer, run)
    : r.revisions
      ? { write: true as const, changed: await writer.recordRevisions(run, r.revisions) }
      : await everyRevision(writer, run);
  if (!verdict.write) return { held: verdict.held };
  await stage("revised");
  const deleted = await writer.deleteWindow(r.window.from);
  await stage("deleted");
  const inserted = await writer.insertStaged();
  await stage("inserted");
  return { run, deleted, inserted, changed: verdict.changed };
}

/** Failures a rewrite recorded in the run log, with their run's id: the caller records them no second time. */
const recorded = new WeakMap<object, number>();

/** The run a rewrite recorded for this failure, if it did. */
export const recordedFailure = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null ? recorded.get(error) : undefined;

/** Rewrites the window of one table in one transaction; on failure the table is as it was and the error rethrown. */
export async function rewriteWindow(engine: SyncEngine, r: WindowRewrite): Promise<RewriteResult> {
  const done = await rewritePlanned<never>(engine, r);
  if ("held" in done) throw new Error("a rewrite without a plan is never held");
  return done;
}

/**
 * rewriteWindow with a later sync's plan between staging and the swap: a plan that holds is rolled back, nothing
 * written, and its `held` returned for the caller to record.
 */
export async function rewritePlanned<H>(
  engine: SyncEngine,
  r: WindowRewrite,
  plan?: StagedPlan<H>,
): Promise<RewriteResult | { held: H }> {
  const startedAt = r.startedAt ?? new Date();
  const stage = async (s: RewriteStage) => r.onStage?.(s);
  let writer: WindowWriter | undefined;
  let result: RewriteResult;
  try {
    writer = await engine.begin(r.spec, { lockWaitMs: r.lockWaitMs });
    await stage("begun");
    const done = await write(writer, r, plan, stage);
    if ("held" in done) {
      await writer.rollback();
      return done;
    }
    const run = await writer.recordRun(runRow(runOf(r, startedAt), { outcome: "synced", ...done }), done.run);
    await stage("recorded");
    await writer.commit();
    result = { ...done, run, userColumns: writer.userColumns };
  } catch (error) {
    await writer?.rollback();
    const reason = failureReason(error);
    const run = await engine
      .recordRun(runRow(runOf(r, startedAt), { outcome: "failed", reason }))
      .catch(() => undefined);
    if (run !== undefined && typeof error === "object" && error !== null) recorded.set(error, run);
    throw error;
  }
  await stage("committed");
  return result;
}
