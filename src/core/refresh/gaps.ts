// Missing dates: the days, weeks or months a refreshed table has no row for, between the rows it kept and the
// rows the service returned, or inside the re-read window where the service returned no row at all for a
// period. The open ones stay with the table's saved record until a refresh gets rows for them. Pure;
// docs/refresh.md says the same for a finance user.
import { addDays, addPeriods, compareDays, type DateRange, type IsoDate } from "../dates";
import type { Timeframe } from "../query/metrics";

/**
 * Why a table has no rows for a range: `not-asked` - before the first day refresh asked the service for (for
 * store-level daily data: days the service no longer keeps); `no-rows` - asked, and the service returned no
 * row at all for those periods.
 */
export type GapReason = "not-asked" | "no-rows";

export interface Gap extends DateRange {
  reason: GapReason;
}

export interface GapInput {
  timeframe: Timeframe;
  /** Period (first day) of the last stored row kept before the window; null when no row was kept. */
  lastKept: IsoDate | null;
  /** The first day asked of the service (the window's start, or the query's start when later). */
  askedFrom: IsoDate;
  /** Periods (first days) of the rows the service returned for the window, in any order, repeats allowed. */
  periods: readonly IsoDate[];
}

/**
 * The ranges of days the table has no row for after a refresh: every period after one that has rows and
 * before the next one that has rows (the last row kept, then the periods the service returned). A period with
 * some rows is never missing (a SKU or a store without sales that day is not a gap); a period with no row at
 * all is. Nothing after the last period returned is missing (the service's latest data may still be coming),
 * nor anything when the service returned nothing. Each range is split where asking started: before it
 * `not-asked`, from it on `no-rows`.
 */
export function missingRanges(input: GapInput): Gap[] {
  const { lastKept, timeframe } = input;
  const returned = [...new Set(input.periods)].filter((p) => lastKept === null || p > lastKept).sort();
  const seq = lastKept === null ? returned : [lastKept, ...returned];
  const gaps: Gap[] = [];
  for (let i = 1; i < seq.length; i++) {
    const next = addPeriods(seq[i - 1], timeframe, 1);
    if (next < seq[i]) gaps.push(...splitAt({ from: next, to: addDays(seq[i], -1) }, input.askedFrom));
  }
  return gaps;
}

function splitAt(r: DateRange, asked: IsoDate): Gap[] {
  if (r.to < asked) return [{ ...r, reason: "not-asked" }];
  if (r.from >= asked) return [{ ...r, reason: "no-rows" }];
  return [
    { from: r.from, to: addDays(asked, -1), reason: "not-asked" },
    { from: asked, to: r.to, reason: "no-rows" },
  ];
}

/** The ranges in date order, overlapping or touching ones joined; only `from` and `to` are kept. */
export function mergeRanges(ranges: readonly DateRange[]): DateRange[] {
  const sorted = ranges
    .filter((r) => r.from <= r.to)
    .map((r) => ({ from: r.from, to: r.to }))
    .sort((a, b) => compareDays(a.from, b.from));
  const out: DateRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.from <= addDays(last.to, 1)) {
      if (r.to > last.to) last.to = r.to;
    } else out.push(r);
  }
  return out;
}

/** The days of `ranges` outside `cut`. */
export function subtractRange(ranges: readonly DateRange[], cut: DateRange): DateRange[] {
  const out: DateRange[] = [];
  for (const r of mergeRanges(ranges)) {
    if (r.to < cut.from || r.from > cut.to) out.push(r);
    else {
      if (r.from < cut.from) out.push({ from: r.from, to: addDays(cut.from, -1) });
      if (r.to > cut.to) out.push({ from: addDays(cut.to, 1), to: r.to });
    }
  }
  return out;
}

/** True when every day of `r` is in `ranges`. */
export function isCovered(r: DateRange, ranges: readonly DateRange[]): boolean {
  let rest: DateRange[] = [r];
  for (const c of ranges) rest = subtractRange(rest, c);
  return rest.length === 0;
}

/**
 * The missing ranges a table's record keeps after a refresh: the ones it kept before, less the days the
 * refresh re-read (`reread`: those are decided again by `found`), plus the ones this refresh found.
 */
export function openGaps(previous: readonly DateRange[], reread: DateRange, found: readonly DateRange[]): DateRange[] {
  return mergeRanges([...subtractRange(previous, reread), ...found]);
}
