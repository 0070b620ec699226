// Long date ranges are read in chunks so that no single request is huge. Chunks start on period starts
// (Monday weeks, calendar months), so a period is never split between two requests.
import { addDays, addPeriods, daysBetween, periodStart, type IsoDate } from "../dates";
import type { Level, Timeframe } from "./metrics";

export interface DateChunk {
  from: IsoDate;
  to: IsoDate;
}

/** Periods per request. Store level is chunked finer: one week of a big retailer is ~100k rows. */
const CHUNK_PERIODS: Record<Level, Record<Timeframe, number>> = {
  sku: { daily: 184, weekly: 104, monthly: 60 },
  store: { daily: 14, weekly: 8, monthly: 3 },
};

export function planChunks(
  range: { from: IsoDate; to: IsoDate; level: Level; timeframe: Timeframe },
  periodsPerChunk: number = CHUNK_PERIODS[range.level][range.timeframe],
): DateChunk[] {
  const { from, to, timeframe } = range;
  const chunks: DateChunk[] = [];
  let start = from;
  // The first chunk runs to the end of the period `periodsPerChunk` periods after from's own period.
  let nextStart = addPeriods(periodStart(from, timeframe), timeframe, periodsPerChunk);
  while (daysBetween(nextStart, to) >= 0) {
    chunks.push({ from: start, to: addDays(nextStart, -1) });
    start = nextStart;
    nextStart = addPeriods(nextStart, timeframe, periodsPerChunk);
  }
  chunks.push({ from: start, to });
  return chunks;
}
