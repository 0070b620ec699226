// What holds a refresh before anything is written, and what "Refresh anyway" then accepts: the losses rule
// (src/core/refresh/losses.ts: stored rows the answer no longer has) and a unit change at the source
// (src/core/refresh/unitChange.ts: most figures of a metric a power of ten away from the stored ones). Both are decided
// in src/core on one comparison of the stored window with the answer; this module puts them into the outcome
// and its warnings.
import type { IsoDate } from "../core/dates";
import { heldBy, lossesSentences, lossesText, type WindowComparison } from "../core/refresh/losses";
import type { Timeframe } from "../core/metrics";
import {
  approvedUnits,
  unapprovedUnitChanges,
  unitChangeText,
  type RefreshApproval,
  type UnitChange,
  type WindowCheck,
} from "../core/refresh/unitChange";
import type { RefreshOptions } from "./deps";
import type { RefreshOutcome } from "./outcomes";

/**
 * The rules on the stored window against the answer: true when either holds the refresh (nothing is to be
 * written: not accepted by `anyway`). What each found goes into the outcome and its warnings, held or not.
 */
export function noteHolds(
  out: RefreshOutcome,
  check: WindowCheck,
  anyway: RefreshOptions["anyway"],
  when: { timeframe: Timeframe; today: IsoDate },
): boolean {
  const losses = noteLosses(out, check.comparison, anyway, when);
  const units = noteUnitChanges(out, check.unitChanges, anyway);
  return losses || units;
}

/**
 * The losses rule on the comparison: true when it holds the refresh (not with "Refresh anyway" for these losses
 * or more, or `true`). Stored rows removed, or that would be, go into the outcome and its warnings.
 */
function noteLosses(
  out: RefreshOutcome,
  c: WindowComparison,
  anyway: RefreshOptions["anyway"],
  when: { timeframe: Timeframe; today: IsoDate },
): boolean {
  const held = heldBy(c, anyway);
  if (c.removed > 0) {
    const words = lossesText(c, held, when.timeframe, when.today, held && typeof anyway === "object");
    const text = lossesSentences(words);
    const { removed: rows, undated, periods, wholePeriods } = c;
    out.losses = { rows, undated, periods, wholePeriods, held, text, said: words.said };
    out.warnings.push(text);
  }
  return held;
}

/**
 * The unit check: true when a change of unit holds the refresh (one "Refresh anyway" did not accept: another
 * metric, retailer or factor than its line showed). Changes found, held or written, go into the outcome and its
 * warnings.
 */
function noteUnitChanges(out: RefreshOutcome, changes: UnitChange[], anyway: RefreshOptions["anyway"]): boolean {
  if (changes.length === 0) return false;
  const held = unapprovedUnitChanges(changes, anyway).length > 0;
  const words = unitChangeText(changes, held, held && typeof anyway === "object");
  const text = lossesSentences(words);
  out.unitChange = { changes, held, text, said: words.said };
  out.warnings.push(text);
  return held;
}

/**
 * What the pane's "Refresh anyway" accepts for a held outcome: the losses and the unit changes its line shows,
 * no more (no losses when only a unit change held it). Undefined when nothing held it.
 */
export function refreshAnywayOf(o: RefreshOutcome): RefreshApproval | undefined {
  const losses = o.losses?.held ? o.losses : undefined;
  const units = o.unitChange?.held ? o.unitChange : undefined;
  if (o.status !== "kept" || (!losses && !units)) return undefined;
  return {
    rows: losses?.rows ?? 0,
    undated: losses?.undated ?? 0,
    periods: losses?.periods ?? [],
    wholePeriods: losses?.wholePeriods ?? [],
    ...(units ? { unitChanges: approvedUnits(units.changes) } : {}),
  };
}
