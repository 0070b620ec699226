// A table's refresh outcome, assembled once from what its steps returned (refreshSteps.ts): the table as found, the
// window, the answer's warnings, the plan and the write, or the step that failed; then the pivots on the table
// and what is still missing. Pure: imports src/core and the steps' types only.
import { stillMissingOf } from "../core/refresh/plan";
import { rowCounts } from "../core/refresh/rowCounts";
import { formatsNotCarriedWarning } from "../core/refresh/warnings";
import { MANUAL_CALCULATION_NOTE, type RefreshOutcome, type RefreshStatus } from "./outcomes";
import type { RefreshSteps } from "./refreshSteps";

/** What came after the steps: the pivots on the table (refreshed, or the words of their failure), manual calculation. */
export interface AfterSteps {
  pivots?: { count: number; warning?: string };
  /** The workbook calculates manually: formulas on the table wait for F9 (said after a single table's refresh). */
  manualCalculation?: boolean;
}

/** The status the steps reached: refreshed once written and recorded, kept when the plan wrote nothing. */
export function statusOf(steps: RefreshSteps): RefreshStatus {
  if (steps.failure) return steps.failure.status;
  if (steps.written) return "refreshed";
  return steps.plan ? "kept" : "unchanged";
}

export function refreshOutcome(steps: RefreshSteps, after: AfterSteps = {}): RefreshOutcome {
  const { record, stored, window: win, answer, plan, written, failure } = steps;
  const table = steps.table ?? record;
  const holds = plan && plan.kind !== "keep" ? plan.holds : undefined;
  const wrote = written && plan?.kind === "write" ? plan : undefined;
  const c = wrote?.comparison;
  const gaps = wrote ? wrote.gaps : [...(record.gaps ?? [])];
  // Missing dates are named until a refresh gets rows for them: those not named just now, in one line.
  const still = failure ? undefined : stillMissingOf(gaps, wrote?.newGaps ?? [], steps.days ?? steps.today);
  const warnings = [
    ...(win?.kind === "nothing" ? [win.reason] : []),
    ...(answer ? [...answer.warnings, ...answer.laid.warnings] : []),
    ...(plan?.kind === "keep" ? plan.warnings : (holds?.warnings ?? [])),
    ...(wrote && written?.change.userCellsUnsure ? [written.change.userCellsUnsure] : []),
    ...(wrote && written?.change.formatsNotCarried
      ? [formatsNotCarriedWarning(written.change.formatsNotCarried, written.change.added - written.change.removed)]
      : []),
    ...(wrote?.warnings ?? []),
    ...(after.pivots?.warning ? [after.pivots.warning] : []),
    ...(still ? [still] : []),
    ...(after.manualCalculation ? [MANUAL_CALCULATION_NOTE] : []),
  ];
  return {
    tableName: table.tableName,
    sheet: stored?.tail.sheet ?? table.sheet,
    status: statusOf(steps),
    rowsReplaced: c?.replaced ?? 0,
    rowsAdded: c?.added ?? 0,
    rowsRemoved: c?.removed ?? 0,
    ...(written && c ? { rowsAsBefore: c.same } : {}),
    ...(written && wrote?.userRows ? { userRows: wrote.userRows } : {}),
    rows: written ? rowCounts(written.change).rows : (stored?.tail.count ?? record.rows),
    ...(win?.kind === "window" ? { window: { from: win.from, to: win.to } } : {}),
    omittedMetrics: answer?.omittedMetrics ?? [],
    ...(answer?.laid.kind === "laid" && answer.laid.deleted ? { deletedMetrics: answer.laid.deleted } : {}),
    ...(answer?.retailers ? { retailers: answer.retailers } : {}),
    warnings,
    ...(holds?.losses ? { losses: holds.losses } : {}),
    ...(holds?.unitChange ? { unitChange: holds.unitChange } : {}),
    ...(wrote?.blanked ? { blanked: wrote.blanked } : {}),
    ...(failure ? { error: failure.error } : {}),
    ...(written ? { refreshedAt: written.refreshedAt } : {}),
    changes: written?.changes ?? [],
    gaps,
    pivotsRefreshed: after.pivots?.count ?? 0,
  };
}
