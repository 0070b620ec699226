// The pane's words (docs/architecture.md, Decision 12): days in the user's date style, metrics by their plain
// names, for every message the pane shows; and, in them, what a refresh changed, for its line and for the card's
// trend. The figures and the sentences come from src/core (revisions.ts changesText); only the words are the pane's.
import { metricLabel } from "../core/query/metrics";
import { changesText, type MetricChange } from "../core/refresh/revisions";
import { styleDays, type DateStyle, type DayWords } from "../core/words";

/** A metric as the pane names it in a sentence: as its metric dropdown shows it, "Unit rate of sale (unit_ros)". */
export const paneMetric = (name: string): string => metricLabel(name);

/**
 * The pane's words for every message it is handed (the answer check, validation, the plan, refresh's outcomes):
 * days in the user's style, metrics by the names the metric dropdown shows. The one place the pane decides them
 * (docs/architecture.md, Decision 12): its operations and the session's ribbon refreshes take them from here.
 */
export const paneDayWords = (style: Pick<DateStyle, "range">): DayWords => ({
  ...styleDays(style),
  metric: paneMetric,
});

/**
 * Every metric's change, "; "-separated, in the pane's words: "Revenue, 16/11/2026 to 28/11/2026: 40,666.81 to
 * 40,807.05, +0.34%"; when none changed (and no cell was empty), each says so by its name and dates: "Revenue,
 * 16/11/2026 to 22/11/2026: no change; Units, 16/11/2026 to 22/11/2026: no change".
 */
export function changesWords(changes: readonly MetricChange[], style: Pick<DateStyle, "range">): string {
  return changesText(changes, paneDayWords(style));
}
