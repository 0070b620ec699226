// The one rewrite plan both surfaces run (the refresh on a workbook's table, the sync on a database table): from
// the answer alone, kept (an empty answer where the store holds rows) or refused (no retailer column to tell
// several retailers' rows apart); otherwise the stored cells it names are read, and from them refused by the
// losses rule or a unit change, or written (with what the revision changed once written). Pure but for the read
// the store does for it: where the rows live (Excel, SQL) is the caller's; the rules are plan.ts's.
import type { DateRange } from "../dates";
import type { Holds } from "./holds";
import {
  planFromAnswer,
  planFromStored,
  revisionOf,
  type PlanAnswer,
  type PlanInput,
  type StoredCells,
  type StoredRows,
  type WritePlan,
} from "./plan";
import type { MetricChange, WindowRows } from "./revisions";
import type { RefreshApproval } from "./unitChange";
import type { WrittenKeys } from "./writtenKeys";

/** The store's side: the tail of its period column, and a reader of the stored cells the plan asks for. */
export interface RewriteStored {
  tail: PlanInput["tail"];
  /**
   * Reads the stored cells the plan compares (undefined: none to compare, though the store may prepare for the
   * write); with, in a store that tracks the user's rows, what the add-in wrote there (null: no record yet).
   */
  read(cells: StoredCells | undefined): Promise<StoredRows & { written?: WrittenKeys | null }>;
}

/** The answer's rows for the window and, several retailers, the retailers read (each one's rows are counted). */
export interface RewriteAnswer extends PlanAnswer {
  retailers?: readonly { retailer: string }[];
}

/** What the plan is decided by, besides the rows: the table, the days, the record's gaps and what is accepted. */
export interface RewriteRules {
  tableName: string;
  when: PlanInput["when"];
  window: PlanInput["window"];
  several: boolean;
  /** The open gaps the table's record keeps (none where no record keeps them). */
  gaps: readonly DateRange[];
  /** The store holds rows of the user's, told by the record of the keys the add-in wrote (a workbook's table). */
  tracksUserRows: boolean;
  /** What the user accepted of what the losses rule and the unit check found ("Refresh anyway", --anyway). */
  anyway?: boolean | RefreshApproval;
}

/** A write, with what the revision changed: each metric's total over the re-read dates, old cells against new. */
export interface RewriteWrite extends WritePlan {
  /** `before`: the old window's cells (the plan's readBefore columns); `users`: the user's rows among them, not revised. */
  revisions(before: WindowRows | undefined, users?: readonly number[]): MetricChange[];
}

export type RewritePlan =
  /** The answer is empty where the store holds rows (or, several retailers, for one of them): nothing written. */
  | { kind: "keep"; warnings: string[] }
  /** The losses rule or a unit change refuses the rewrite: nothing written, what they found reported. */
  | { kind: "refused"; holds: Holds; reason?: undefined }
  /** The stored rows cannot be compared with the answer (several retailers, no retailer column): nothing written. */
  | { kind: "refused"; reason: string; holds?: undefined }
  | RewriteWrite;

/** The rewrite plan of a stored window against the service's answer for it, by the add-in's refresh rules. */
export async function planRewrite(
  stored: RewriteStored,
  answer: RewriteAnswer,
  rules: RewriteRules,
): Promise<RewritePlan> {
  const { retailers, ...rows } = answer;
  const input: PlanInput = {
    tableName: rules.tableName,
    when: rules.when,
    window: rules.window,
    tail: stored.tail,
    several: rules.several,
    answer: rows,
    ...(retailers ? { retailers } : {}),
    gaps: rules.gaps,
  };
  const first = planFromAnswer(input);
  if (first.kind !== "compare") return first;
  const read = await stored.read(first.cells);
  const tracked = rules.tracksUserRows ? { written: read.written ?? null } : {};
  const planned = { ...input, ...tracked };
  const plan = planFromStored(planned, read, rules.anyway);
  if (plan.kind !== "write") return plan;
  return { ...plan, revisions: (before, users) => revisionOf(planned, before, users) };
}
