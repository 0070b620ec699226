// What holds a refresh before anything is written, and what "Refresh anyway" then accepts: the losses rule
// (losses.ts: stored rows the answer no longer has) and a unit change at the source (unitChange.ts: most figures
// of a metric a power of ten away from the stored ones), on one comparison of the stored window with the answer.
// Pure: what each found, held or not, with its words.
import type { IsoDate } from "../dates";
import type { DayWords } from "../words";
import type { Timeframe } from "../query/metrics";
import { heldBy } from "./losses";
import type { WindowComparison } from "./windowFold";
import { lossesSentences, lossesText } from "./lossesText";
import {
  unapprovedUnitChanges,
  unitChangeText,
  type ChangeDays,
  type RefreshApproval,
  type WindowCheck,
} from "./unitChange";
import type { UnitChange } from "./unitTally";

/**
 * Stored rows a refresh removes (or would remove: `held`), by key; see losses.ts. Held, it is what the pane's
 * "Refresh anyway" accepts (an ApprovedLosses: rows, periods, wholePeriods, undated).
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
 * retailer that now reports in pence; see unitChange.ts). Held, `changes` are what the pane's "Refresh anyway"
 * accepts (that retailer's metric by that factor, no other).
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

/** What the two rules found on the stored window against the answer. */
export interface Holds {
  /** True when either rule holds the refresh: nothing is to be written. */
  held: boolean;
  /** Stored rows removed, or that would be: absent when none. */
  losses?: RefreshLosses;
  /** A change of unit, held or accepted: absent when none. */
  unitChange?: RefreshUnitChange;
  /** Their words, in that order (each its `text`). */
  warnings: string[];
}

/**
 * The losses rule and the unit check on one comparison. `anyway`: "Refresh anyway" with what a held line showed
 * (no more is accepted), or `true` (any loss, any unit change). What each found is reported, held or not.
 */
export function holdsOf(
  check: WindowCheck,
  anyway: boolean | RefreshApproval | undefined,
  when: { timeframe: Timeframe; today: IsoDate; days?: DayWords },
  /** The rows removed by key, where the surface names them (lossesText). */
  named?: string,
): Holds {
  const losses = lossesOf(check.comparison, anyway, when, named);
  const unitChange = unitChangeOf(check.unitChanges, anyway, {
    timeframe: when.timeframe,
    days: when.days ?? when.today,
  });
  return {
    // The losses rule is asked on the comparison itself, whether or not it names rows that go.
    held: heldBy(check.comparison, anyway) || !!unitChange?.held,
    ...(losses ? { losses } : {}),
    ...(unitChange ? { unitChange } : {}),
    warnings: [losses?.text, unitChange?.text].filter((t): t is string => t !== undefined),
  };
}

/** The losses rule's findings: absent when no stored row goes (nothing to say, and nothing held). */
function lossesOf(
  c: WindowComparison,
  anyway: boolean | RefreshApproval | undefined,
  when: { timeframe: Timeframe; today: IsoDate; days?: DayWords },
  named: string | undefined,
): RefreshLosses | undefined {
  if (c.removed === 0) return undefined;
  const held = heldBy(c, anyway);
  const words = lossesText(c, held, when.timeframe, when.days ?? when.today, held && typeof anyway === "object", named);
  const { removed: rows, undated, periods, wholePeriods } = c;
  return { rows, undated, periods, wholePeriods, held, text: lossesSentences(words), said: words.said };
}

/** The unit check's findings: held when a change is one "Refresh anyway" did not accept. Absent when none. */
function unitChangeOf(
  changes: UnitChange[],
  anyway: boolean | RefreshApproval | undefined,
  when: ChangeDays,
): RefreshUnitChange | undefined {
  if (changes.length === 0) return undefined;
  const held = unapprovedUnitChanges(changes, anyway).length > 0;
  const words = unitChangeText(changes, held, when, held && typeof anyway === "object");
  return { changes, held, text: lossesSentences(words), said: words.said };
}
