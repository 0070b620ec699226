// What "Refresh anyway" accepts for a held outcome. The rules that hold a refresh (the losses rule, a unit
// change at the source) are src/core/refresh/holds.ts's; the plan applies them (src/core/refresh/plan.ts).
import { approvedUnits, type RefreshApproval } from "../core/refresh/unitChange";
import type { RefreshOutcome } from "./outcomes";

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
