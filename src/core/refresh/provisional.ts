// Days a table holds that were still provisional when it was last read (the service revises the last 4 to 7 days)
// and that this refresh cannot re-read: the window starts after them (store-level daily after a gap: the service
// keeps 14 days). They stay as first read, which may differ from the retailer's final figures; the refresh says so
// once, and the table's card keeps saying it.
import { addDays, type DateRange, type DayCells, type IsoDate } from "../dates";
import { dayWordsOf, type DaysOf } from "../words";
import { anchorOf } from "./refreshWindow";

/**
 * The stored days (of `storedPeriods`, read through `dayCells`) from 7 days before the last read (the first day still
 * provisional then: `anchorOf`) to the day before it, that are before the window's first day `start`: from the
 * first such day held to the last. Null when there are none (the window reaches back to them, or the table holds
 * none of them).
 */
export function provisionalLeft(p: {
  lastRead: IsoDate;
  start: IsoDate;
  storedPeriods: readonly unknown[];
  dayCells: DayCells;
}): DateRange | null {
  const first = anchorOf(p.lastRead, p.lastRead);
  const last = addDays(p.lastRead < p.start ? p.lastRead : p.start, -1);
  const held = p.storedPeriods
    .map((v) => p.dayCells.dayOf(v))
    .filter((d): d is IsoDate => d !== null && d >= first && d <= last)
    .sort();
  if (held.length === 0) return null;
  return { from: held[0], to: held[held.length - 1] };
}

/** "18-24 Nov were read while still provisional and can no longer be re-read; they may differ ... about 1%." */
export function provisionalText(range: DateRange, days: DaysOf): string {
  const one = range.from === range.to;
  return (
    `${dayWordsOf(days).compact(range)} ${one ? "was" : "were"} read while still provisional and can no longer be ` +
    `re-read; ${one ? "it" : "they"} may differ from the retailer's final figures by up to about 1%.`
  );
}
