// Losses at refresh (issue 15; design note 8: "a refresh never removes stored rows without saying so"): the
// stored rows of the window compared with the service's answer for it, row by row by key, before anything is
// written. Which stored rows the answer no longer has (and their dates), which periods it has nothing for,
// which stored figures it sends empty; whether the refresh is held (nothing written, the user asked); the
// words. Pure; src/excel reads the stored window, src/refresh decides with this and writes. See
// docs/refresh.md, "Losses at refresh".
import { addDays, addPeriods, fromExcelSerial, type IsoDate } from "./dates";
import { rangeText } from "./gaps";
import type { Timeframe } from "./metrics";
import { rowKey } from "./userColumns";

/** One side of the window: each row's key cells and metric cells. */
export interface WindowSide {
  /**
   * Each row's key cells (src/core/userColumns.ts keyColumns): the period (an Excel serial) first, then the
   * retailer (a table of several), the SKU or filter value, the store. A row whose period is not a number (a
   * blank row) has no key.
   */
  keys: readonly (readonly unknown[])[];
  /** Each row's metric cells, in the order of `metrics` (may be shorter than `keys`: missing cells are empty). */
  metrics: readonly (readonly unknown[])[];
}

export interface WindowAnswer {
  /** The stored rows of the window (period on or after the cut-off: the rows a refresh rewrites), in table order. */
  stored: WindowSide;
  /** The answer's rows for the window, as they would be written. */
  fresh: WindowSide;
  /** The metrics' names (the service's fields), in the order of the metric cells. */
  metrics: readonly string[];
  /** Index, in the key cells, of the retailer: a table of several retailers (whole periods are per retailer). */
  retailerAt?: number;
}

export interface PeriodCount {
  /** The period's first day. */
  period: IsoDate;
  rows: number;
}

/** Stored figures the answer sends empty, per metric. */
export interface BlankedFigures {
  metric: string;
  /** Rows (of the same key before and after) whose figure became an empty cell. */
  rows: number;
  /** Their periods (first days), distinct, in date order. */
  periods: IsoDate[];
}

export interface WindowComparison {
  /** Stored rows whose key the answer has (the k-th stored row of a key matches the k-th fresh row of it). */
  replaced: number;
  /** Fresh rows whose key the stored window did not have (or had fewer of). */
  added: number;
  /** Stored rows whose key the answer no longer has. Blank stored rows (no period) are not counted. */
  removed: number;
  /** The removed rows' periods with how many each, in date order. */
  periods: PeriodCount[];
  /**
   * Periods that held stored rows and get no fresh row at all ("2026-11-16"; a table of several retailers:
   * per retailer, "northmart 2026-11-16"), in date order.
   */
  wholePeriods: string[];
  /** Stored figures (non-empty cells) replaced by an empty cell in rows of the same key, per metric with any. */
  blanked: BlankedFigures[];
}

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === "";

/**
 * The key of a row from its key cells (userColumns' rowKey), codes compared as text: a SKU read back from a cell
 * as 100002 and sent as "100002" is the same row. Null for a row without a number period.
 */
export function windowKey(cells: readonly unknown[]): string | null {
  if (typeof cells[0] !== "number") return null;
  return rowKey([cells[0], ...cells.slice(1).map((v) => (isEmpty(v) ? "" : String(v)))]);
}

/** The group a row's period belongs to for the whole-period rule: its period, per retailer in a table of several. */
function groupOf(cells: readonly unknown[], retailerAt: number | undefined): string {
  const day = fromExcelSerial(cells[0] as number);
  if (retailerAt === undefined || retailerAt < 0) return day;
  const r = cells[retailerAt];
  return `${isEmpty(r) ? "" : String(r)} ${day}`;
}

/**
 * The stored window against the answer, by row key. Repeated keys are matched in order (the k-th stored row of
 * a key with the k-th fresh row of it), so removed + replaced is the stored rows with a key and added +
 * replaced the fresh rows.
 */
export function compareWindow(input: WindowAnswer): WindowComparison {
  const { stored, fresh, metrics, retailerAt } = input;
  const queues = new Map<string, number[]>();
  stored.keys.forEach((cells, i) => {
    const k = windowKey(cells);
    if (k === null) return;
    const q = queues.get(k);
    if (q) q.push(i);
    else queues.set(k, [i]);
  });
  let replaced = 0;
  let added = 0;
  const blankedAt = metrics.map(() => new Map<number, number>()); // per metric: period serial -> rows
  const freshGroups = new Set<string>();
  fresh.keys.forEach((cells, j) => {
    const k = windowKey(cells);
    if (k !== null) freshGroups.add(groupOf(cells, retailerAt));
    const i = k === null ? undefined : queues.get(k)?.shift();
    if (i === undefined) {
      added++;
      return;
    }
    replaced++;
    const before = stored.metrics[i] ?? [];
    const after = fresh.metrics[j] ?? [];
    metrics.forEach((_, m) => {
      if (!isEmpty(before[m]) && isEmpty(after[m])) {
        const p = cells[0] as number;
        blankedAt[m].set(p, (blankedAt[m].get(p) ?? 0) + 1);
      }
    });
  });

  // What is left in the queues is removed: by period, and the groups that get nothing at all.
  const left = [...queues.values()].flat().sort((a, b) => a - b);
  const byPeriod = new Map<number, number>();
  for (const i of left) {
    const p = stored.keys[i][0] as number;
    byPeriod.set(p, (byPeriod.get(p) ?? 0) + 1);
  }
  const whole: { group: string; period: number; at: number }[] = [];
  const seen = new Set<string>();
  stored.keys.forEach((cells, i) => {
    if (windowKey(cells) === null) return;
    const g = groupOf(cells, retailerAt);
    if (seen.has(g)) return;
    seen.add(g);
    if (!freshGroups.has(g)) whole.push({ group: g, period: cells[0] as number, at: i });
  });
  whole.sort((a, b) => a.period - b.period || a.at - b.at);

  const serials = (m: Map<number, number>) => [...m.keys()].sort((a, b) => a - b);
  return {
    replaced,
    added,
    removed: left.length,
    periods: serials(byPeriod).map((p) => ({ period: fromExcelSerial(p), rows: byPeriod.get(p)! })),
    wholePeriods: whole.map((w) => w.group),
    blanked: metrics.flatMap((metric, m) => {
      const at = blankedAt[m];
      if (at.size === 0) return [];
      const rows = [...at.values()].reduce((a, b) => a + b, 0);
      return [{ metric, rows, periods: serials(at).map(fromExcelSerial) }];
    }),
  };
}

/** Why the losses rule holds a refresh (nothing written, the user asked), or null when it may write. */
export type HoldReason = { tooMany: boolean; whole: boolean };

/**
 * The losses rule: a refresh that would remove more stored rows than it replaces and adds, or would leave a
 * period (per retailer, in a table of several) that held stored rows with none, is held. Null: it may write
 * (what it removes is reported).
 */
export function holdReason(c: WindowComparison): HoldReason | null {
  const tooMany = c.removed > c.replaced + c.added;
  const whole = c.wholePeriods.length > 0;
  return tooMany || whole ? { tooMany, whole } : null;
}

/** How many periods a sentence lists before "and N more". */
const LISTED = 8;

/** A period (its first day) as its days: "18 Nov", a week "16-22 Nov", a month "1-30 Nov". */
export function periodText(period: IsoDate, timeframe: Timeframe, today?: IsoDate): string {
  const to = timeframe === "daily" ? period : addDays(addPeriods(period, timeframe, 1), -1);
  return rangeText({ from: period, to }, today, true);
}

function listed(items: readonly string[]): string {
  if (items.length <= LISTED) return items.join(", ");
  return `${items.slice(0, LISTED).join(", ")} and ${items.length - LISTED} more`;
}

/** "northmart 2026-11-16" -> "northmart 16-22 Nov". */
function wholeText(group: string, timeframe: Timeframe, today?: IsoDate): string {
  const at = group.lastIndexOf(" ");
  const who = at < 0 ? "" : group.slice(0, at + 1);
  return who + periodText(group.slice(at + 1), timeframe, today);
}

const rowsWord = (n: number) => `${n.toLocaleString("en-US")} stored row${n === 1 ? "" : "s"}`;

export const REFRESH_ANYWAY = "Nothing was written; refresh anyway from the pane to accept it.";

/**
 * The losses in the user's words. Written: "The service no longer sends 4 stored rows (18 Nov: 2, 19 Nov: 2);
 * they were removed from the table." Held: what would be removed, why it was held, and that the table was left
 * as it was ("... Nothing was written; refresh anyway from the pane to accept it.").
 */
export function lossesText(
  c: Pick<WindowComparison, "removed" | "replaced" | "added" | "periods" | "wholePeriods">,
  held: boolean,
  timeframe: Timeframe,
  today?: IsoDate,
): string {
  const counts = listed(c.periods.map((p) => `${periodText(p.period, timeframe, today)}: ${p.rows}`));
  const what = `The service no longer sends ${rowsWord(c.removed)} (${counts})`;
  if (!held) return `${what}; ${c.removed === 1 ? "it was" : "they were"} removed from the table.`;
  const why: string[] = [];
  if (c.wholePeriods.length > 0)
    why.push(`nothing at all for ${listed(c.wholePeriods.map((g) => wholeText(g, timeframe, today)))}`);
  if (c.removed > c.replaced + c.added)
    why.push(`more rows than it replaces or adds (${(c.replaced + c.added).toLocaleString("en-US")})`);
  return `${what}: ${why.join(", and ")}. The table was left as it was. ${REFRESH_ANYWAY}`;
}

/**
 * Stored figures the answer sent empty, in words: "The service sent no value where the table had figures:
 * revenue in 3 rows (18 Nov, 19 Nov); units in 1 row (19 Nov). Those cells are empty now."
 */
export function blankedText(blanked: readonly BlankedFigures[], timeframe: Timeframe, today?: IsoDate): string {
  const parts = blanked.map(
    (b) =>
      `${b.metric} in ${b.rows.toLocaleString("en-US")} row${b.rows === 1 ? "" : "s"} (${listed(b.periods.map((p) => periodText(p, timeframe, today)))})`,
  );
  return `The service sent no value where the table had figures: ${parts.join("; ")}. Those cells are empty now.`;
}
