// The steps of one table's refresh and the plain data between them: (1) read the table's tail and work out the
// window (readForRefresh.ts), (2) fetch and check the answer for it (readForRefresh.ts), (3) in the table's turn of the
// write queue, read the stored window's cells, plan, write (writeForRefresh.ts); then its outcome, assembled once
// from what the steps returned (refreshOutcome.ts). A step that fails is kept here in words; nothing after it runs.
import { isSalesApiError } from "../api/errors";
import type { IsoDate } from "../core/dates";
import type { LaidAnswer } from "../core/refresh/answerLayout";
import type { RewritePlan } from "../core/refresh/planRewrite";
import type { MetricChange } from "../core/refresh/revisions";
import type { ColumnKind } from "../core/answer/tabulate";
import type { RetailerSummary } from "../core/answer/retailersTable";
import type { RefreshWindow, WindowInput } from "../core/refresh/refreshWindow";
import { WorkbookError } from "../excel/errors";
import type { PeriodTail, TailResult } from "../excel/tables";
import type { RefreshableTable } from "./refreshDeps";
import { refreshErrorText, TABLE_CANCELLED } from "./outcomes";
import type { DayWords } from "../core/words";

/** Step 1: the stored table as read (its period column's tail), and the window rule's input from it. */
export interface StoredTable {
  tail: PeriodTail;
  /** The column kind each table column's number format shows. */
  kinds: (ColumnKind | undefined)[];
  /** A table of several retailers (each tail row's retailer was read too). */
  several: boolean;
  /** The service's today when the table was last read: the window reaches back to 7 days before it. */
  lastRead: IsoDate;
  input: WindowInput;
}

/** Step 2: the answer for the window, checked (src/api) and laid onto the table (src/core/refresh/answerLayout.ts). */
export interface FetchedWindow {
  /** Metrics the service left out this time; several retailers: each one's rows and omitted metrics. */
  omittedMetrics: string[];
  retailers?: RetailerSummary[];
  /** What the answer check and the query's validation said. */
  warnings: string[];
  laid: LaidAnswer;
}

/** Step 3's write: what replaceTail did, when, and what the revision changed. */
export interface WrittenWindow {
  change: TailResult;
  refreshedAt: string;
  changes: MetricChange[];
}

export interface RefreshFailure {
  status: "failed" | "cancelled";
  /** In words for the user. */
  error: string;
}

/** What the steps of one table's refresh returned, as far as they went. */
export interface RefreshSteps {
  /** The saved record the refresh was asked for. */
  record: RefreshableTable;
  /** The service's today when the refresh started. */
  today: IsoDate;
  /** How what it says writes days and metrics (RefreshDeps.days); absent: the service's words. */
  days?: DayWords;
  /** The record under its table's current names (Table.id followed through renames). */
  table?: RefreshableTable;
  stored?: StoredTable;
  window?: RefreshWindow;
  answer?: FetchedWindow;
  plan?: RewritePlan;
  written?: WrittenWindow;
  /** The step that failed or was cancelled: the steps after it did not run. */
  failure?: RefreshFailure;
}

export const cancelled = (signal?: AbortSignal) => !!signal?.aborted;

function isCancel(err: unknown): boolean {
  return (
    (isSalesApiError(err) && err.kind === "cancelled") || (err instanceof WorkbookError && err.kind === "cancelled")
  );
}

/** A step's failure in words: a cancel (the caller's signal, or a cancel error) or what went wrong. */
export function failureOf(err: unknown, signal: AbortSignal | undefined): RefreshFailure {
  return isCancel(err) || cancelled(signal)
    ? { status: "cancelled", error: TABLE_CANCELLED }
    : { status: "failed", error: refreshErrorText(err) };
}

/** Thrown between steps when the caller cancelled: the table is left as it was. */
export const cancelledError = () => new WorkbookError("cancelled", TABLE_CANCELLED);
