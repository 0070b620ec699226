// What refresh tells the user: the outcome of one table, the summary of Refresh all, and the words of their
// warnings and errors. Pure: imports src/core only. The words of a window's warnings are src/core/refresh's
// (warnings.ts, src/core/refresh/holds.ts); refreshOutcome.ts assembles a table's outcome from its steps.
import type { IsoDate, DateRange } from "../core/dates";
import { errorText } from "../core/errorText";
import { midSentence, plural, rangeIn, type DayWords } from "../core/words";
import type { RefreshLosses, RefreshUnitChange } from "../core/refresh/holds";
import { changesText, type MetricChange } from "../core/refresh/revisions";
import { type RetailerSummary } from "../core/answer/retailersTable";

export type { RefreshLosses, RefreshUnitChange } from "../core/refresh/holds";

export type RefreshStatus =
  /** The window was rewritten. */
  | "refreshed"
  /** Nothing to refresh: a fixed query whose dates end before the window (its figures are final). */
  | "unchanged"
  /**
   * Nothing was written and the table was left as it was: the service returned nothing for a window that holds
   * rows (or nothing for one of several retailers), or the losses rule held the refresh (`losses.held`), or a
   * unit change at the source did (`unitChange.held`).
   */
  | "kept"
  | "failed"
  | "cancelled";

export interface RefreshOutcome {
  tableName: string;
  sheet: string;
  status: RefreshStatus;
  /** Stored rows in the window rewritten with the service's current figures (their key is in the answer). */
  rowsReplaced: number;
  /** New rows: keys (period, retailer, SKU or filter value, store) the window did not hold. */
  rowsAdded: number;
  /** Stored rows in the window whose key the service no longer returns (blank rows are not counted). */
  rowsRemoved: number;
  /** Of `rowsReplaced`: rows whose every cell the service sent again as it was (absent when nothing was written). */
  rowsAsBefore?: number;
  /** The user's rows in the window (keys the add-in never wrote), kept where they were: how many, in words. */
  userRows?: { rows: number; text: string };
  /** Rows of the table after the refresh. */
  rows: number;
  /** The dates read from the service (absent when nothing was read). */
  window?: { from: IsoDate; to: IsoDate };
  /** Metrics the service left out this time (their cells in the window are empty). */
  omittedMetrics: string[];
  /**
   * Metrics the query asks for whose columns the user deleted: left out, the other columns refreshed (said in
   * `warnings`); the pane offers to stop asking for them. Absent when none.
   */
  deletedMetrics?: string[];
  /** A table of several retailers: each one's rows in the window read and the metrics it omitted. */
  retailers?: RetailerSummary[];
  warnings: string[];
  /**
   * Stored rows removed, or that would have been (`held`): absent when none. Said in `warnings` too (its `text`).
   */
  losses?: RefreshLosses;
  /** A change of unit at the source, held or written (accepted): absent when none. Said in `warnings` too. */
  unitChange?: RefreshUnitChange;
  /**
   * Stored figures (non-empty cells) the answer replaced with an empty cell, in rows of the same key: per metric,
   * how many and their periods (ISO first days, distinct, in order). Absent when none. Said in `warnings` too.
   */
  blanked?: { metric: string; rows: number; periods: string[] }[];
  /** For "failed" and "cancelled": what went wrong, in words for the user. */
  error?: string;
  /** When this refresh finished (ISO timestamp). */
  refreshedAt?: string;
  /**
   * What the revision did: each metric's total over the re-read dates before and after (empty when nothing
   * was compared: no rows written, or none stored in the window).
   */
  changes: MetricChange[];
  /** Dates the table has no rows for after this refresh (what its saved record keeps), in date order. */
  gaps: DateRange[];
  /** Pivot tables on this table refreshed after the write (Excel does not refresh them by itself). */
  pivotsRefreshed: number;
  /**
   * Refresh all where Excel does not tell which table a pivot reads (below ExcelApi 1.15): every pivot of the
   * workbook was refreshed once after the tables, and `pivotsRefreshed` of the last table refreshed counts them
   * (the others' are 0), so the count is said once.
   */
  pivotsOfWorkbook?: boolean;
}

export interface RefreshSummary {
  outcomes: RefreshOutcome[];
  refreshed: number;
  failed: number;
  /** One line for a notification: "3 tables refreshed, 1 failed." */
  message: string;
}

/** The outcome of a table before anything happened to it (its open gaps as its record keeps them). */
export function outcomeBase(t: { tableName: string; sheet: string; rows: number; gaps?: DateRange[] }): RefreshOutcome {
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
    changes: [],
    gaps: [...(t.gaps ?? [])],
    pivotsRefreshed: 0,
  };
}

/**
 * Parts of a line joined with "; ": a part's closing full stop is left out before the semicolon (never ".;"),
 * the last part keeps its own.
 */
export function joinNotes(parts: readonly string[]): string {
  return parts
    .map((p, i) => (i < parts.length - 1 ? p.replace(/\.$/, "") : p))
    .map((p, i) => (i > 0 ? midSentence(p) : p))
    .join("; ");
}

/** What a table's refresh changed and warned, in one line ("" when nothing): for the summary of Refresh all. */
function revisionNote(o: RefreshOutcome, days: DayWords | undefined): string {
  if (o.status !== "refreshed" && o.status !== "kept") return "";
  return joinNotes([o.userRows?.text ?? "", changesText(o.changes, days), ...o.warnings].filter((t) => t !== ""));
}

/** A refresh that sent every row of the window again as it was, and added and removed none. */
const nothingChanged = (o: RefreshOutcome): boolean =>
  o.status === "refreshed" &&
  o.rowsReplaced > 0 &&
  o.rowsAdded === 0 &&
  o.rowsRemoved === 0 &&
  o.rowsAsBefore === o.rowsReplaced;

/**
 * The rows of a refresh written, in words: "No change: 24 rows re-read, all as before", else "rewrote FROM to TO:
 * 40 rows replaced, 10 added, 0 removed"; then the user's rows kept ("kept your row ADJ, 16-22 Nov").
 */
export function rowsText(
  o: RefreshOutcome,
  range: (r: { from: string; to: string }) => string = (r) => `${r.from} to ${r.to}`,
): string {
  const rows = nothingChanged(o)
    ? `No change: ${o.rowsReplaced.toLocaleString("en-US")} ${o.rowsReplaced === 1 ? "row" : "rows"} re-read, all as before`
    : `rewrote ${o.window ? range(o.window) : "the window"}: ${plural(o.rowsReplaced, "row")} replaced, ${o.rowsAdded.toLocaleString("en-US")} added, ${o.rowsRemoved} removed`;
  return o.userRows ? `${rows}; ${o.userRows.text}` : rows;
}

/** Refresh all's summary; `days`: the surface's words for what changed (its warnings come worded already). */
export function summarize(outcomes: RefreshOutcome[], notes: string[] = [], days?: DayWords): RefreshSummary {
  const failed = outcomes.filter((o) => o.status === "failed").length;
  const refreshed = outcomes.filter((o) => o.status === "refreshed" || o.status === "unchanged").length;
  // Held by the losses rule (it would remove stored rows), or else by a unit change, apart from tables kept on
  // an empty answer.
  const held = outcomes.filter((o) => o.status === "kept" && o.losses?.held).length;
  const unitHeld = outcomes.filter((o) => o.status === "kept" && !o.losses?.held && o.unitChange?.held).length;
  const kept = outcomes.filter((o) => o.status === "kept").length - held - unitHeld;
  const stopped = outcomes.filter((o) => o.status === "cancelled").length;
  const parts = [
    outcomes.length === 0
      ? "No Sales Data tables in this workbook."
      : `${refreshed} of ${outcomes.length} table${outcomes.length === 1 ? "" : "s"} refreshed`,
  ];
  if (held) parts.push(`${held} held (refresh would remove stored rows; nothing written)`);
  if (unitHeld) parts.push(`${unitHeld} held (the service's figures changed unit; nothing written)`);
  if (kept) parts.push(`${kept} kept (the service returned nothing)`);
  if (failed) parts.push(`${failed} failed`);
  if (stopped) parts.push(`${stopped} cancelled`);
  const pivots = outcomes.reduce((n, o) => n + o.pivotsRefreshed, 0);
  if (pivots) parts.push(pivotsText(pivots));
  // Each table's revision and warnings (what changed, missing dates), after the counts.
  const details = outcomes.flatMap((o) => {
    const note = revisionNote(o, days);
    return note ? [`${o.tableName}: ${note.replace(/\.$/, "")}.`] : [];
  });
  const tail = [...details, ...notes];
  return { outcomes, refreshed, failed, message: parts.join(", ") + "." + (tail.length ? " " + tail.join(" ") : "") };
}

export const TABLE_CANCELLED = "Refresh was cancelled; the table was not changed.";
export const CANCELLED_BEFORE_TABLE = "Refresh all was cancelled before this table.";

export const noRowsToPull = (
  q: { level: string; timeframe: string; from: IsoDate; to: IsoDate },
  retailers: readonly string[],
  days?: DayWords,
) =>
  `The service has no rows for ${retailers.join(", ")}, ${q.level}, ${q.timeframe}, ${rangeIn(days, q)}. Nothing was written; check the dates and View by.`;

export const partialPullWarning = (written: number, total: number, error: string): string =>
  `Wrote ${written.toLocaleString("en-US")} of ${plural(total, "row")} before Excel failed (${error}). Refresh the table to complete it.`;

const unfinished = (code: string | undefined, message: string): string =>
  `Excel could not finish the refresh${code ? ` (${code})` : ""}: ${message} The table holds either its old or its new recent rows; refresh again to complete it.`;

/**
 * A failed refresh in words: a service or workbook error (a UserError) as it is worded; anything else that
 * carries a message (Excel's errors, any Error, an object with a message) as Excel failing part way through the
 * write; the rest as String(err). (test/refresh/outcomes.test.ts pins each of these words.) Only for a failure
 * of the refresh itself: what fails after the data is written says so with sideFailureText.
 */
export function refreshErrorText(err: unknown): string {
  const message = (err as { message?: unknown } | null | undefined)?.message;
  return errorText(err, {
    excel: unfinished,
    other: (text) => (typeof message === "string" ? unfinished(undefined, message) : text),
  });
}

/**
 * A failure after the tables were written (their pivots, the SALES formulas' recalculation) in words that claim
 * nothing about the tables: a UserError as worded; Excel's code and message; anything else as unexpected.
 */
function sideFailureText(err: unknown): string {
  const trimmed = (m: string) => m.trim().replace(/\.$/, "");
  return errorText(err, {
    excel: (code, message) => `Excel reported ${code || "an error"}${trimmed(message) ? `: ${trimmed(message)}` : ""}`,
    other: (message) => `an unexpected error${trimmed(message) ? `: ${trimmed(message)}` : ""}`,
  });
}

export const recalcFailedNote = (err: unknown): string =>
  `The SALES formulas were not recalculated (${sideFailureText(err)}).`;

const pivotsText = (n: number): string => `${n} pivot table${n === 1 ? "" : "s"} refreshed`;

/** A line's pivots: those on its table, or (Refresh all below ExcelApi 1.15, on one line) the workbook's. */
export function pivotsLineText(o: RefreshOutcome): string {
  if (!o.pivotsRefreshed) return "";
  const which = o.pivotsOfWorkbook
    ? " (every pivot table in the workbook: this Excel does not tell which table each reads)"
    : "";
  return pivotsText(o.pivotsRefreshed) + which;
}

/** The pivots of one table (`tables` 1) or of every table Refresh all refreshed were not refreshed (the data is written). */
export const pivotsFailedWarning = (err: unknown, tables = 1): string =>
  `The pivot tables built on ${tables === 1 ? "this table" : "the tables refreshed"} were not refreshed (${sideFailureText(err)}); refresh them with Data > Refresh All.`;

export const MANUAL_CALCULATION_NOTE =
  "Calculation in this workbook is manual: formulas built on the tables update when you recalculate (F9).";
