// The pane's sentences that name days and metrics, in its words (decision 12): days in the user's date style,
// metrics by their plain names. What a refresh changed, for its line and for the card's trend. The figures and
// what they mean come from src/core/refresh/revisions.ts (MetricChange, amountText); only the words are the pane's.
import { metricLabel } from "../core/metrics";
import { amountText, type MetricChange } from "../core/refresh/revisions";
import type { DateStyle } from "../core/words";

const signed = (n: number): string => (n > 0 || amountText(n) === "0.00" ? "+" : "") + amountText(n);

/** "Revenue, 16/11/2026 to 28/11/2026: 40,666.81 to 40,807.05, +0.34%"; no change: "Units, ...: 812.00, no change". */
function changeWords(c: MetricChange, style: Pick<DateStyle, "range">): string {
  const head = `${metricLabel(c.metric)}, ${style.range(c)}: `;
  const blanks = c.blanks.before + c.blanks.after;
  const note = blanks ? ` (empty cells counted as 0: ${c.blanks.before} before, ${c.blanks.after} after)` : "";
  if (c.change === 0) return `${head}${amountText(c.after)}, no change${note}`;
  const delta = c.percent === null ? signed(c.change) : `${signed(c.percent)}%`;
  return `${head}${amountText(c.before)} to ${amountText(c.after)}, ${delta}${note}`;
}

/**
 * Every metric's change, "; "-separated; when none changed (and no cell was empty), each says so by its name and
 * dates: "Revenue, 16/11/2026 to 22/11/2026: no change; Units, 16/11/2026 to 22/11/2026: no change".
 */
export function changesWords(changes: readonly MetricChange[], style: Pick<DateStyle, "range">): string {
  if (changes.length === 0) return "";
  const quiet = changes.every((c) => c.change === 0 && c.blanks.before + c.blanks.after === 0);
  if (quiet) return changes.map((c) => `${metricLabel(c.metric)}, ${style.range(c)}: no change`).join("; ");
  return changes.map((c) => changeWords(c, style)).join("; ");
}
