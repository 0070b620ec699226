// A later sync's rewrite plan: the add-in's own (src/core/refresh/planRewrite.ts) on the database's rows: the
// stored window and the answer as plain rows with their keys (the period first, a day held as its own text:
// ISO_DAY_CELLS), so the empty-answer keep, the losses rule, the unit-change rule and the gaps decide exactly as a
// refresh decides. Then each figure the write changes, for sales_revisions, and the metric totals before and after,
// in words.
import { compareDays, ISO_DAY_CELLS, type IsoDate } from "../core/dates";
import type { Level, Timeframe } from "../core/metrics";
import type { ReadWindow } from "../core/refresh/answerLayout";
import { pairByKey } from "../core/refresh/losses";
import type { StoredCells } from "../core/refresh/plan";
import { planRewrite, type RewritePlan, type RewriteStored } from "../core/refresh/planRewrite";
import { changesText, completeWhenRead, metricColumns } from "../core/refresh/revisions";
import { levelFrom, narrowWindow } from "../core/refresh/unitChange";
import { keyCellsOf, keyColumns } from "../core/refresh/userColumns";
import type { TableShape } from "../core/refresh/tableLayout";
import type { Cell } from "../core/answer/tabulate";
import type { StoredPeriod, SyncRevision, SyncRow } from "./engine";
import { planColumns, type QueryTable } from "./queryTable";

export interface SyncPlanInput {
  table: QueryTable;
  when: { today: IsoDate; lastRead: IsoDate; level: Level; timeframe: Timeframe };
  window: ReadWindow;
  /** The table's periods with their rows (before this run). */
  periods: readonly StoredPeriod[];
  /** The stored rows from the window's start on, ordered by the row key (the period first). */
  stored: readonly SyncRow[];
  /** A narrow window (settledFrom): the stored rows of the settled periods before it, for the unit check's level. */
  settled?: readonly SyncRow[];
  /** The answer's rows for the window, as table rows. */
  fresh: readonly SyncRow[];
  retailers: readonly string[];
  /** --anyway: accept what the losses rule and the unit check found. */
  anyway: boolean;
}

/** The plan, with what it was decided on (for the revisions once written). */
export interface SyncPlan {
  plan: RewritePlan;
  /** The answer's rows in the window as the plan read them, and the days it was read on. */
  answer: TableShape;
  when: SyncPlanInput["when"];
  /** The fresh rows in the window, in period order: what is written. */
  rows: SyncRow[];
}

/** The stored table as the plan reads its tail: the last period before the window, then the window's rows. */
function tailOf(p: SyncPlanInput, several: boolean): RewriteStored["tail"] {
  const count = p.periods.reduce((n, s) => n + s.rows, 0);
  const before = p.periods.filter((s) => s.period < p.window.start).at(-1);
  const periods = [...(before ? [before.period] : []), ...p.stored.map((r) => r[0])];
  const retailers = several ? [...(before ? [""] : []), ...p.stored.map((r) => r[1])] : undefined;
  return {
    count,
    offset: count - periods.length,
    periods,
    dayCells: ISO_DAY_CELLS,
    ...(retailers ? { retailers } : {}),
  };
}

export async function planSync(p: SyncPlanInput): Promise<SyncPlan> {
  const columns = planColumns(p.table);
  const several = p.retailers.length > 1;
  // Rows the service labelled before the window are not written (the stored rows cover them).
  const rows = p.fresh.filter((r) => (r[0] as string) >= p.window.start);
  rows.sort((a, b) => compareDays(a[0] as IsoDate, b[0] as IsoDate));
  const answer = { columns, values: rows as Cell[][] };
  // The stored rows are in hand (read in the table's transaction): the cells the plan asks for are picked from them.
  const read = async (cells: StoredCells | undefined) => {
    if (!cells) return { window: [] };
    const at = cells.fields.map((f) => columns.findIndex((c) => c.name === f));
    const pick = (stored: readonly SyncRow[]) => stored.map((row) => at.map((i) => row[i]));
    return { window: pick(p.stored), settled: pick(p.settled ?? []) };
  };
  const plan = await planRewrite(
    { tail: tailOf(p, several), read },
    { data: answer, periodIndex: 0, retailers: p.retailers.map((retailer) => ({ retailer })) },
    {
      tableName: p.table.spec.table,
      when: p.when,
      window: p.window,
      several,
      gaps: [],
      tracksUserRows: false,
      anyway: p.anyway,
    },
  );
  return { plan, answer, when: p.when, rows };
}

/**
 * A narrow window (src/core/refresh/unitChange.ts narrowWindow, on the stored window's rows): the first day of the
 * settled periods whose figures give each key's level, read before the plan; undefined for a wider window.
 */
export function settledFrom(
  p: Pick<SyncPlanInput, "when" | "window" | "periods" | "stored" | "retailers">,
): IsoDate | undefined {
  const complete = completeWhenRead(p.when.lastRead, p.when.timeframe);
  const groups = p.retailers.length > 1 ? p.stored.map((r) => r[1]) : undefined;
  if (
    !narrowWindow(
      p.stored.map((r) => ISO_DAY_CELLS.dayOf(r[0])),
      complete,
      groups,
    )
  )
    return undefined;
  return levelFrom(p.periods.filter((s) => s.period < p.window.start).map((s) => s.period));
}

/**
 * Each figure the write changes: a metric of a row whose key is stored and sent again, in a period complete when
 * last read (a week still running then has grown since: that is not a revision), old and new differing; and the
 * figures of stored rows the answer no longer has (new: null).
 */
export function figureRevisions(w: SyncPlan, stored: readonly SyncRow[]): SyncRevision[] {
  const data = w.answer;
  const keys = keyColumns(data.columns, 0);
  const metrics = metricColumns(data.columns);
  const side = (rows: readonly SyncRow[]) => ({
    keys: rows.map((r) =>
      keyCellsOf(
        keys.map((k) => r[k]),
        ISO_DAY_CELLS,
      ),
    ),
    metrics: rows.map((r) => metrics.map((m) => r[m])),
  });
  const before = side(stored);
  const after = side(w.rows);
  const pairs = pairByKey(before, after);
  const complete = completeWhenRead(w.when.lastRead, w.when.timeframe);
  const names = data.columns.map((c) => c.name);
  const out: SyncRevision[] = [];
  const add = (row: SyncRow, m: number, old: unknown, now: unknown) => {
    const key = Object.fromEntries(keys.slice(1).map((k) => [names[k], row[k] as string | number]));
    out.push({ period: row[0] as IsoDate, key, metric: names[metrics[m]], old: num(old), new: num(now) });
  };
  pairs.storedOf.forEach((s, i) => {
    if (s === undefined || !complete(w.rows[i][0] as IsoDate)) return;
    metrics.forEach((_, m) => {
      if (num(before.metrics[s][m]) !== num(after.metrics[i][m]))
        add(w.rows[i], m, before.metrics[s][m], after.metrics[i][m]);
    });
  });
  for (const s of pairs.left)
    metrics.forEach((_, m) => {
      if (num(before.metrics[s][m]) !== null) add(stored[s], m, before.metrics[s][m], null);
    });
  return out;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The metric totals before and after over the re-read dates, in words ("revenue, 16-22 Nov: 40,666.81 to ..."). */
export function revisionText(w: SyncPlan, stored: readonly SyncRow[]): string {
  if (w.plan.kind !== "write") return "";
  const metrics = metricColumns(w.answer.columns);
  const before = { periods: stored.map((r) => r[0]), values: stored.map((r) => metrics.map((m) => r[m])) };
  return changesText(w.plan.revisions(before));
}
