// The metrics a retailer left out, as the X-Service-Omitted-Metrics header names them, in the names the user
// knows: the metrics list's spelling where a name matches one, the service's text as given where none does (the
// answer check, src/core/answer/answerCheck.ts, says such a name is no metric and ignores it).
import { METRICS } from "../query/metrics";

/**
 * Names in the header are separated by commas, semicolons or whitespace, in any mix ("wastage availability",
 * "wastage;availability", "wastage, availability"): the spec shows none, and metric names have no spaces.
 */
const SEPARATORS = /[\s,;]+/;

/**
 * The header's names matched case-insensitively to the metrics asked for (which come from the retailer's metrics
 * list), then to the service's metric names; a name that matches neither is kept as the service wrote it, to be
 * shown as text. Each name once, in the header's order.
 */
export function omittedMetricNames(header: string | null | undefined, asked: readonly string[]): string[] {
  const known = new Map<string, string>();
  for (const name of [...METRICS, ...asked]) known.set(name.toLowerCase(), name);
  const names = (header ?? "")
    .split(SEPARATORS)
    .filter((n) => n !== "")
    .map((n) => known.get(n.toLowerCase()) ?? n);
  return [...new Set(names)];
}
