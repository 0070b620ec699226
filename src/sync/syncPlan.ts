// A later sync's rewrite plan: the add-in's own (src/core/refresh/planWindow.ts), whose three questions the database
// answers in days and rows: the periods before the window (the table's periods), the window's stored rows joined with
// the staged answer in key order (writer.pairs), and the settled rows from a day (writer.readWindow). As each chunk
// of the join is folded, the figures it revises go to sales_revisions: a metric of a row whose key is stored and sent
// again, in a period complete when last read (a week still running then has grown since: not a revision), old and
// new differing; and the figures of stored rows the answer no longer has (new: null). Written before the plan
// decides, they go with a held plan's rollback.
import type { IsoDate } from "../core/dates";
import type { ReadWindow } from "../core/refresh/answerLayout";
import type { PlanWhen } from "../core/refresh/foldedPlan";
import { planWindow, type WindowPlan } from "../core/refresh/planWindow";
import { completeWhenRead, metricColumns } from "../core/refresh/revisions";
import { RepeatedKeyError, type FoldRow, type WindowPair } from "../core/refresh/windowFold";
import { SyncError } from "./errors";
import { RepeatedUnchanged } from "./unchangedRows";
import { shownName } from "./sqlNames";
import { RETAILER_COLUMN } from "../core/answer/retailersTable";
import type { PairChunk, PairColumns, StoredPeriod, SyncRevision, SyncTableSpec, WindowWriter } from "./engine";
import { planColumns, type QueryTable } from "./queryTable";

export interface SyncPlanInput {
  table: QueryTable;
  writer: WindowWriter;
  when: PlanWhen;
  window: ReadWindow;
  /** The table's periods with their rows (before this run). */
  periods: readonly StoredPeriod[];
  /** The answer's rows staged for the window. */
  freshRows: number;
  retailers: readonly string[];
  /** --anyway: accept what the losses rule and the unit check found. */
  anyway: boolean;
  /** The run's id (reserved): its revisions are recorded under it. */
  run: number;
}

/** The plan, and the figures it recorded as revised. */
export interface SyncPlan {
  plan: WindowPlan;
  changed: number;
}

/** The columns the join reads: the key, the metrics (figures, not comparisons), the rest. */
export function pairColumns(spec: SyncTableSpec, metrics: readonly string[]): PairColumns {
  const taken = new Set([...spec.key, ...metrics]);
  return { key: spec.key, metrics, others: spec.columns.filter((c) => !taken.has(c.name)) };
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * The join's chunks as the plan reads them, each chunk's revised figures recorded once it has been folded (when
 * the generator is asked for the next): `counted` adds up how many.
 */
export async function* revisedAsFolded(
  writer: WindowWriter,
  columns: PairColumns,
  run: number,
  complete: (period: IsoDate) => boolean,
  counted: { changed: number },
  unchangedCounted = false,
): AsyncGenerator<WindowPair[]> {
  const names = columns.key.slice(1);
  for await (const chunk of writer.pairs(columns, unchangedCounted)) {
    yield chunk.pairs;
    const revisions = revisionsOf(chunk, columns.metrics, names, complete);
    if (revisions.length > 0) counted.changed += await writer.recordRevisions(run, revisions);
  }
}

function revisionsOf(
  chunk: PairChunk,
  metrics: readonly string[],
  names: readonly string[],
  complete: (period: IsoDate) => boolean,
): SyncRevision[] {
  const out: SyncRevision[] = [];
  for (const { stored, fresh } of chunk.pairs) {
    if (!stored) continue;
    const period = stored.keys[0] as IsoDate;
    if (fresh && !complete(period)) continue;
    let key: Record<string, string | number> | undefined;
    for (let m = 0; m < metrics.length; m++) {
      const old = num(stored.metrics[m]);
      const now = fresh ? num(fresh.metrics[m]) : null;
      if (old === now || (!fresh && old === null)) continue;
      key ??= Object.fromEntries(names.map((n, i) => [n, stored.keys[i + 1] as string | number]));
      out.push({ period, key, metric: metrics[m], old, new: now });
    }
  }
  return out;
}

/**
 * The plan of a later sync on its staged rows (see the file's head). The unchanged rows are counted in the engine;
 * where a key repeats among them, the figures recorded so far are taken back and the pairs read one by one.
 */
export async function planSync(p: SyncPlanInput): Promise<SyncPlan> {
  try {
    return await planOnce(p, true);
  } catch (error) {
    if (!(error instanceof RepeatedUnchanged)) throw error;
    await p.writer.forgetRevisions(p.run);
    return planOnce(p, false);
  }
}

async function planOnce(p: SyncPlanInput, unchangedCounted: boolean): Promise<SyncPlan> {
  const { table, writer, window: win } = p;
  const { spec } = table;
  const cols = planColumns(table);
  const metrics = metricColumns(cols).map((m) => cols[m].name);
  const columns = pairColumns(spec, metrics);
  const complete = completeWhenRead(p.when.lastRead, p.when.timeframe);
  const counted = { changed: 0 };
  const keyAt = spec.key.indexOf(RETAILER_COLUMN);
  let plan: WindowPlan;
  try {
    plan = await planWindow(
      {
        before: p.periods.filter((s) => s.period < win.start),
        window: () => revisedAsFolded(writer, columns, p.run, complete, counted, unchangedCounted),
        settled: (from) => settledRows(writer, spec, columns, from, win.start),
      },
      {
        when: p.when,
        window: win,
        metrics,
        ...(p.retailers.length > 1 && keyAt >= 0 ? { retailers: { names: p.retailers, keyAt } } : {}),
        storedRows: p.periods.filter((s) => s.period >= win.start).reduce((n, s) => n + s.rows, 0),
        freshRows: p.freshRows,
        anyway: p.anyway,
      },
    );
  } catch (error) {
    throw repeatedKeyInWords(error, spec.table);
  }
  return { plan, changed: counted.changed };
}

/** Two staged rows of one key (the fold's RepeatedKeyError) as the sync says it; any other error as it is. */
export function repeatedKeyInWords(error: unknown, table: string): unknown {
  if (!(error instanceof RepeatedKeyError)) return error;
  return new SyncError(
    `Two rows for table ${shownName(table)} share a key (${error.keys.join(", ")}): a table keeps one row per key. ` +
      "Nothing was changed.",
  );
}

/** The stored rows from `from` to the window's `start` (a narrow window's last settled periods): few. */
async function* settledRows(
  writer: WindowWriter,
  spec: SyncTableSpec,
  columns: PairColumns,
  from: IsoDate,
  start: IsoDate,
): AsyncIterable<FoldRow[]> {
  const at = (names: readonly string[]) => names.map((n) => spec.columns.findIndex((c) => c.name === n));
  const [keys, metrics] = [at(columns.key), at(columns.metrics)];
  const [period] = at([spec.period]);
  for await (const chunk of writer.readWindow(from))
    yield chunk
      .filter((r) => (r[period] as string) < start)
      .map((r) => ({ keys: keys.map((i) => r[i]), metrics: metrics.map((i) => r[i]) }));
}
