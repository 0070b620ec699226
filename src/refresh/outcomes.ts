// What refresh tells the user: the outcome of one table, the summary of Refresh all, and the words of their
// warnings and errors. Pure: imports src/core only.
import type { IsoDate } from "../core/dates";
import { errorText } from "../core/errorText";

export type RefreshStatus =
  /** The window was rewritten. */
  | "refreshed"
  /** Nothing to refresh (a fixed query whose figures are final) or nothing changed. */
  | "unchanged"
  /** The service returned nothing for a window that holds rows: the rows were kept. */
  | "kept"
  | "failed"
  | "cancelled";

export interface RefreshOutcome {
  tableName: string;
  sheet: string;
  status: RefreshStatus;
  /** Stored rows in the window rewritten with the service's current figures. */
  rowsReplaced: number;
  /** New rows (new periods, or rows the service has more of now). */
  rowsAdded: number;
  /** Stored rows in the window that the service no longer returns. */
  rowsRemoved: number;
  /** Rows of the table after the refresh. */
  rows: number;
  /** The dates read from the service (absent when nothing was read). */
  window?: { from: IsoDate; to: IsoDate };
  /** Metrics the service left out this time (their cells in the window are empty). */
  omittedMetrics: string[];
  warnings: string[];
  /** For "failed" and "cancelled": what went wrong, in words for the user. */
  error?: string;
  /** When this refresh finished (ISO timestamp). */
  refreshedAt?: string;
}

export interface RefreshSummary {
  outcomes: RefreshOutcome[];
  refreshed: number;
  failed: number;
  /** One line for a notification: "3 tables refreshed, 1 failed." */
  message: string;
}

/** The outcome of a table before anything happened to it. */
export function outcomeBase(t: { tableName: string; sheet: string; rows: number }): RefreshOutcome {
  return {
    tableName: t.tableName,
    sheet: t.sheet,
    status: "unchanged",
    rowsReplaced: 0,
    rowsAdded: 0,
    rowsRemoved: 0,
    rows: t.rows,
    omittedMetrics: [],
    warnings: [],
  };
}

export function summarize(outcomes: RefreshOutcome[], notes: string[] = []): RefreshSummary {
  const failed = outcomes.filter((o) => o.status === "failed").length;
  const refreshed = outcomes.filter((o) => o.status === "refreshed" || o.status === "unchanged").length;
  const kept = outcomes.filter((o) => o.status === "kept").length;
  const stopped = outcomes.filter((o) => o.status === "cancelled").length;
  const parts = [
    outcomes.length === 0
      ? "No Sales Data tables in this workbook."
      : `${refreshed} of ${outcomes.length} table${outcomes.length === 1 ? "" : "s"} refreshed`,
  ];
  if (kept) parts.push(`${kept} kept (the service returned nothing)`);
  if (failed) parts.push(`${failed} failed`);
  if (stopped) parts.push(`${stopped} cancelled`);
  return { outcomes, refreshed, failed, message: parts.join(", ") + "." + (notes.length ? " " + notes.join(" ") : "") };
}

export const TABLE_CANCELLED = "Refresh was cancelled; the table was not changed.";
export const CANCELLED_BEFORE_TABLE = "Refresh all was cancelled before this table.";

export const extraColumnsWarning = (extra: readonly string[]): string =>
  `The service now also sends ${extra.join(", ")}; the table keeps its columns, so ${extra.length === 1 ? "it was" : "they were"} left out. Get the data again to include ${extra.length === 1 ? "it" : "them"}.`;

export const missingColumnsWarning = (missing: readonly string[], start: IsoDate): string =>
  `The service did not send ${missing.join(", ")} this time: ${missing.length === 1 ? "that column is" : "those columns are"} empty from ${start} on.`;

export const earlyRowsWarning = (early: number, start: IsoDate): string =>
  `${early} row(s) the service labelled before ${start} were left out (the stored rows cover them).`;

export const keptRowsWarning = (from: IsoDate, to: IsoDate, storedRows: number): string =>
  `The service returned no rows for ${from} to ${to}, where the table has ${storedRows} row(s). They were kept, not deleted. Check the retailer's connection in the service, then refresh again.`;

export const noRowsToPull = (q: { retailer: string; level: string; timeframe: string; from: IsoDate; to: IsoDate }) =>
  `The service has no rows for ${q.retailer}, ${q.level}, ${q.timeframe}, ${q.from} to ${q.to}. Nothing was written; check the dates and View by.`;

export const partialPullWarning = (written: number, total: number, error: string): string =>
  `Wrote ${written.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows before Excel failed (${error}). Refresh the table to complete it.`;

const unfinished = (code: string | undefined, message: string): string =>
  `Excel could not finish the refresh${code ? ` (${code})` : ""}: ${message} The table holds either its old or its new recent rows; refresh again to complete it.`;

/**
 * A failed refresh in words: a service or workbook error (a UserError) as it is worded; anything else that
 * carries a message (Excel's errors, any Error, an object with a message) as Excel failing part way; the rest
 * as String(err).
 */
export function refreshErrorText(err: unknown): string {
  const message = (err as { message?: unknown } | null | undefined)?.message;
  return errorText(err, {
    excel: unfinished,
    other: (text) => (typeof message === "string" ? unfinished(undefined, message) : text),
  });
}

export const recalcFailedNote = (err: unknown): string =>
  `The SALES formulas were not recalculated: ${refreshErrorText(err)}`;
