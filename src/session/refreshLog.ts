// What the shared runtime remembers of refreshes, for the pane: the last Refresh all's report (from the ribbon,
// the refresh on open or the pane) and each table's latest outcome. The ribbon and the refresh on open run
// while the pane is hidden or not yet mounted, so the pane reads the report from here when it shows, and
// listens for the next one. Memory only: a new runtime (the workbook opened again) starts empty.
import type { RefreshOutcome, RefreshSummary } from "../refresh";

/** Where a Refresh all was started: the ribbon's button, the refresh when the workbook opens, the pane. */
export type RefreshAllSource = "ribbon" | "open" | "pane";

export interface RefreshAllReport {
  /** When it finished (ISO 8601, UTC). */
  at: string;
  source: RefreshAllSource;
  /** The summary's words, "2 of 3 tables refreshed, 1 failed." then each table's changes and warnings. */
  message: string;
  /** False when a table failed or was cancelled, or the run could not start (no key) or failed as a whole. */
  ok: boolean;
  /** Each table's outcome, in the order refreshed (empty when the run did not reach the tables). */
  outcomes: RefreshOutcome[];
  /** True once the user dismissed its notice in the pane. */
  dismissed: boolean;
}

/** The report of a Refresh all that ran (its summary), or of one that did not (`{ message }`: no key, a failure). */
export function refreshAllReport(
  source: RefreshAllSource,
  result: RefreshSummary | { message: string },
  at: Date = new Date(),
): RefreshAllReport {
  const ran = "outcomes" in result;
  const outcomes = ran ? result.outcomes : [];
  // A table the losses rule or a unit change held waits for the user (Refresh anyway in the pane), as a failed
  // one does.
  const ok =
    ran &&
    outcomes.every((o) => o.status !== "failed" && o.status !== "cancelled" && !o.losses?.held && !o.unitChange?.held);
  return { at: at.toISOString(), source, message: result.message, ok, outcomes, dismissed: false };
}

/** Excel's table names ignore case, so the outcomes are kept by the lower-cased name. */
const keyOf = (tableName: string) => tableName.toLowerCase();

export class RefreshLog {
  private last: RefreshAllReport | undefined;
  private readonly outcomes = new Map<string, RefreshOutcome>();
  private readonly listeners = new Set<() => void>();

  /** The last Refresh all's report, from wherever it ran. */
  lastRefreshAll(): RefreshAllReport | undefined {
    return this.last;
  }

  /** The latest outcome of a table from any refresh (one table or all), under its name at that refresh. */
  latestOutcome(tableName: string): RefreshOutcome | undefined {
    return this.outcomes.get(keyOf(tableName));
  }

  recordRefreshAll(report: RefreshAllReport): void {
    this.last = report;
    for (const o of report.outcomes) this.outcomes.set(keyOf(o.tableName), o);
    this.changed();
  }

  recordOutcome(outcome: RefreshOutcome): void {
    this.outcomes.set(keyOf(outcome.tableName), outcome);
    this.changed();
  }

  /** The user closed the report's notice (only if it is still the last one: a newer report is shown). */
  dismiss(report: RefreshAllReport): void {
    if (this.last !== report || report.dismissed) return;
    this.last = { ...this.last, dismissed: true };
    this.changed();
  }

  /** Called after every record (a Refresh all's report, a table's outcome) and dismissal; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
