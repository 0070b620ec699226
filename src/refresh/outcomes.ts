// What refresh tells the user: the outcome of one table, the summary of Refresh all, and the words of their
// warnings and errors. Pure: imports src/core only.
import { addPeriods, type IsoDate, type DateRange } from "../core/dates";
import { errorText } from "../core/errorText";
import { type Gap } from "../core/refresh/gaps";
import { STORE_DAILY_RETENTION_DAYS, type Timeframe } from "../core/metrics";
import { changesText, type MetricChange } from "../core/refresh/revisions";
import type { UnitChange } from "../core/refresh/unitChange";
import { rangeText } from "../core/words";
import { type RetailerSummary } from "../core/answer/retailersTable";

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

/**
 * Stored rows a refresh removes (or would remove: `held`), by key; see src/core/refresh/losses.ts. Held, it is what the
 * pane's "Refresh anyway" accepts (an ApprovedLosses: rows, periods, wholePeriods, undated).
 */
export interface RefreshLosses {
  /**
   * Stored rows of the window whose key (period, retailer, SKU or filter value, store) the answer no longer has,
   * and rows of the window without a date that hold something (`undated`).
   */
  rows: number;
  /** Of `rows`: rows without a date (no number in the date cell) that hold a key or a figure. */
  undated: number;
  /** Those rows' periods (first days, ISO yyyy-mm-dd) with how many rows each, in date order. */
  periods: { period: string; rows: number }[];
  /** Periods (per retailer in a table of several: "northmart 2026-11-16") that held rows and get none now. */
  wholePeriods: string[];
  /** True: the losses rule held the table (status "kept", nothing written) and the pane may offer "Refresh anyway"; false: written, and reported. */
  held: boolean;
  /** The user's words: what was (or would be) removed, e.g. "The service no longer sends 20 stored rows (16-22 Nov: 20); ..." */
  text: string;
  /** `text` as the pane shows it: held, without the sentence that points to Refresh anyway (its button does). */
  said: string;
}

/**
 * Metrics whose re-read figures are a power of ten away from the stored ones in most rows of the same key (a
 * retailer that now reports in pence; see src/core/refresh/unitChange.ts). Held, `changes` are what the pane's "Refresh
 * anyway" accepts (that retailer's metric by that factor, no other).
 */
export interface RefreshUnitChange {
  /** Each metric (per retailer in a table of several) with its factor and the rows compared and changed. */
  changes: UnitChange[];
  /** True: held (status "kept", nothing written), "Refresh anyway" in the pane; false: written (accepted), and reported. */
  held: boolean;
  /** The user's words: "The service's revenue figures in the re-read days are 100 times what the table holds ..." */
  text: string;
  /** `text` as the pane shows it: held, without the sentence that points to Refresh anyway (its button does). */
  said: string;
}

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
  /** Rows of the table after the refresh. */
  rows: number;
  /** The dates read from the service (absent when nothing was read). */
  window?: { from: IsoDate; to: IsoDate };
  /** Metrics the service left out this time (their cells in the window are empty). */
  omittedMetrics: string[];
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
  return parts.map((p, i) => (i < parts.length - 1 ? p.replace(/\.$/, "") : p)).join("; ");
}

/** What a table's refresh changed and warned, in one line ("" when nothing): for the summary of Refresh all. */
function revisionNote(o: RefreshOutcome): string {
  if (o.status !== "refreshed" && o.status !== "kept") return "";
  return joinNotes([changesText(o.changes), ...o.warnings].filter((t) => t !== ""));
}

export function summarize(outcomes: RefreshOutcome[], notes: string[] = []): RefreshSummary {
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
    const note = revisionNote(o);
    return note ? [`${o.tableName}: ${note.replace(/\.$/, "")}.`] : [];
  });
  const tail = [...details, ...notes];
  return { outcomes, refreshed, failed, message: parts.join(", ") + "." + (tail.length ? " " + tail.join(" ") : "") };
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

/** A table of several retailers: some retailers' answers were empty where the table holds their rows. */
export const keptRetailerRowsWarning = (
  from: IsoDate,
  to: IsoDate,
  retailers: readonly { retailer: string; storedRows: number }[],
): string =>
  `The service returned no rows for ${retailers.map((r) => `${r.retailer} (the table has ${r.storedRows} of its rows there)`).join(", ")} for ${from} to ${to}. The table was kept as it was, nothing deleted. Check ${retailers.length === 1 ? "that retailer's connection" : "those retailers' connections"} in the service, then refresh again.`;

/** "those days are" / "that week is" ...: the periods of a missing range. */
function periodWords(gap: DateRange, timeframe: string): string {
  const tf: Timeframe = timeframe === "weekly" || timeframe === "monthly" ? timeframe : "daily";
  const many = addPeriods(gap.from, tf, 1) <= gap.to;
  const unit = tf === "weekly" ? "week" : tf === "monthly" ? "month" : "day";
  return many ? `those ${unit}s are` : `that ${unit} is`;
}

/**
 * A missing range in words. `today` leaves out the year of dates in the current year. Store-level daily data
 * before the first day asked: "The service no longer has store-level daily data for 8 Oct to 2 Nov (it keeps
 * 14 days); those days are missing from the table."
 */
export function gapWarning(gap: Gap, level: string, timeframe: string, today: IsoDate): string {
  const when = rangeText(gap, today);
  const what = periodWords(gap, timeframe);
  if (gap.reason === "no-rows") return `The service returned no rows for ${when}; ${what} missing from the table.`;
  if (level === "store" && timeframe === "daily")
    return `The service no longer has store-level daily data for ${when} (it keeps ${STORE_DAILY_RETENTION_DAYS} days); ${what} missing from the table.`;
  return `Refresh did not ask the service for ${when}; ${what} missing from the table.`;
}

/** Missing ranges found by an earlier refresh and still open. */
export const stillMissingWarning = (gaps: readonly DateRange[], today: IsoDate): string =>
  `Still missing from the table: ${gaps.map((g) => rangeText(g, today)).join("; ")}.`;

/** The service returned nothing for a window where the table had no rows either. */
export const noRowsWarning = (from: IsoDate, to: IsoDate): string =>
  `The service returned no rows for ${from} to ${to}; nothing was written. Refresh again later: the next refresh asks for these dates again.`;

export const noRowsToPull = (
  q: { level: string; timeframe: string; from: IsoDate; to: IsoDate },
  retailers: readonly string[],
) =>
  `The service has no rows for ${retailers.join(", ")}, ${q.level}, ${q.timeframe}, ${q.from} to ${q.to}. Nothing was written; check the dates and View by.`;

export const partialPullWarning = (written: number, total: number, error: string): string =>
  `Wrote ${written.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows before Excel failed (${error}). Refresh the table to complete it.`;

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
