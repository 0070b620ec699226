// Date presets of the query builder, and where an "Up to today" (rolling) query ends.
import { addDays, periodStart, type IsoDate } from "../dates";

export type PresetId = "last-7-days" | "last-4-weeks" | "last-13-weeks" | "last-52-weeks" | "year-to-date";

export const PRESETS: { id: PresetId; label: string }[] = [
  { id: "last-7-days", label: "Last 7 days" },
  { id: "last-4-weeks", label: "Last 4 weeks" },
  { id: "last-13-weeks", label: "Last 13 weeks" },
  { id: "last-52-weeks", label: "Last 52 weeks" },
  { id: "year-to-date", label: "Year to date" },
];

/** The range a preset means on `today`: whole weeks (Monday to Sunday) for the week presets. */
export function presetRange(id: PresetId, today: IsoDate): { from: IsoDate; to: IsoDate } {
  const yesterday = addDays(today, -1);
  const lastSunday = addDays(periodStart(today, "weekly"), -1);
  switch (id) {
    case "last-7-days":
      return { from: addDays(today, -7), to: yesterday };
    case "last-4-weeks":
      return { from: addDays(lastSunday, -27), to: lastSunday };
    case "last-13-weeks":
      return { from: addDays(lastSunday, -90), to: lastSunday };
    case "last-52-weeks":
      return { from: addDays(lastSunday, -363), to: lastSunday };
    case "year-to-date":
      return { from: `${today.slice(0, 4)}-01-01`, to: yesterday };
  }
}

/**
 * The `to` of a rolling ("Up to today") query on `today`: today itself, as refresh reads it too. The service
 * has nothing for today until tomorrow's synchronisation; asking for it costs nothing and keeps pull and
 * refresh on one definition.
 */
export function rollingEnd(today: IsoDate): IsoDate {
  return today;
}
