// A later sync's fresh rows counted and summed per period (and retailer) as they are staged, so the plan's counted
// read (unchangedRows.ts) asks the engine for the stored side alone, never for a second scan of the staging table
// (docs/sync.md, "How a window is rewritten"). The sums are exact (ExactSum): the same in any order.
import { ExactSum } from "../core/refresh/revisions";
import { RETAILER_COLUMN } from "../core/answer/retailersTable";
import type { RowBlock, SyncTableSpec } from "./engine";

/** One group's fresh rows: their count and, per figure column, non-zero figures, the exact sum and the blanks. */
export interface StagedGroup {
  period: string;
  retailer: string;
  rows: number;
  nonZero: number[];
  sums: ExactSum[];
  blanks: number[];
}

export class StagedTotals {
  /** The figure columns tallied, by name, in the table's order. */
  readonly figures: readonly string[];
  private readonly figureAt: readonly number[];
  private readonly periodAt: number;
  private readonly retailerAt: number;
  private readonly groups = new Map<string, StagedGroup>();

  constructor(spec: SyncTableSpec) {
    const doubles = spec.columns.flatMap((c, i) => (c.type === "double" ? [[c.name, i] as const] : []));
    this.figures = doubles.map(([name]) => name);
    this.figureAt = doubles.map(([, i]) => i);
    this.periodAt = spec.columns.findIndex((c) => c.name === spec.period);
    this.retailerAt =
      spec.key.indexOf(RETAILER_COLUMN) > 0 ? spec.columns.findIndex((c) => c.name === RETAILER_COLUMN) : -1;
  }

  /** The group of a period and retailer (made empty the first time). */
  private group(period: string, retailer: string): StagedGroup {
    const id = `${period}\u0000${retailer}`;
    let g = this.groups.get(id);
    if (!g) {
      const n = this.figures.length;
      g = {
        period,
        retailer,
        rows: 0,
        nonZero: new Array<number>(n).fill(0),
        blanks: new Array<number>(n).fill(0),
        sums: [],
      };
      for (let m = 0; m < n; m++) g.sums.push(new ExactSum());
      this.groups.set(id, g);
    }
    return g;
  }

  /** Counts a block of checked rows (none before the window: rowChecks.ts) as the staging table takes them. */
  add({ width, length, cells }: RowBlock): void {
    const { figureAt, periodAt, retailerAt } = this;
    let last: StagedGroup | undefined;
    for (let r = 0, at = 0; r < length; r++, at += width) {
      const period = cells[at + periodAt] as string;
      const retailer = retailerAt < 0 ? "" : String(cells[at + retailerAt] ?? "");
      const g =
        last && last.period === period && last.retailer === retailer ? last : (last = this.group(period, retailer));
      g.rows++;
      for (let m = 0; m < figureAt.length; m++) {
        const v = cells[at + figureAt[m]];
        if (typeof v === "number") {
          g.sums[m].add(v);
          if (v !== 0) g.nonZero[m]++;
        } else g.blanks[m]++;
      }
    }
  }

  /** Every group with a row staged. */
  all(): StagedGroup[] {
    return [...this.groups.values()];
  }
}

/** Blocks told to `totals` on their way to the staging table. */
export async function* tallied(blocks: AsyncIterable<RowBlock>, totals: StagedTotals): AsyncIterable<RowBlock> {
  for await (const block of blocks) {
    totals.add(block);
    yield block;
  }
}
