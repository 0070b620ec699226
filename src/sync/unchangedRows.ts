// A window's rows that the answer sends exactly as stored, counted where they are held (docs/sync.md, "How a window
// is rewritten"): most of a re-read window is unchanged, and the rules need only their counts and totals, so the join
// sends the sync only the pairs that differ, and each period's unchanged rows are told to the fold as one record.
// Those are each side's rows of the period less the rows of the pairs that differ: the stored side counted by the
// engine, the fresh side counted and summed as it was staged (stagedTotals.ts). Where a key repeats among unchanged
// rows the two sides' remainders disagree, and the window is read again pair by pair (RepeatedUnchanged), as the fold
// tells repeats.
import { ExactSum, isNumber } from "../core/refresh/revisions";
import type { CountedRows, UnchangedRows } from "../core/refresh/countedRows";
import { RepeatedKeyError, type WindowPair } from "../core/refresh/windowFold";
import { RETAILER_COLUMN } from "../core/answer/retailersTable";
import type { PairColumns, SyncCell } from "./engine";
import type { StagedTotals } from "./stagedTotals";
import { quoteName } from "./sqlNames";
import type { EngineSession } from "./sql";

/** Unchanged rows' counts disagree between the sides: some key repeats, so the pairs must be told one by one. */
export class RepeatedUnchanged extends Error {
  constructor() {
    super("a key repeats among the window's unchanged rows");
  }
}

/** One side's rows of a group (a period, and its retailer where the key has one); the stored side's sums stay 0. */
interface Side {
  rows: number;
  nonZero: number[];
  sums: ExactSum[];
  blanks: number[];
}

const emptySide = (n: number): Side => ({
  rows: 0,
  nonZero: new Array<number>(n).fill(0),
  sums: Array.from({ length: n }, () => new ExactSum()),
  blanks: new Array<number>(n).fill(0),
});

/** Groups in date order, then by retailer. */
const byGroup = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Counts both sides of each group of the window, less the rows of the pairs that differ. */
export class UnchangedCount {
  private readonly groups = new Map<string, { id: string; keys: SyncCell[]; stored: Side; fresh: Side }>();
  private readonly retailerAt: number;

  constructor(private readonly c: PairColumns) {
    this.retailerAt = c.key.indexOf(RETAILER_COLUMN);
  }

  private groupOf(keys: readonly unknown[]) {
    const period = String(keys[0]);
    const retailer = this.retailerAt > 0 ? String(keys[this.retailerAt] ?? "") : "";
    const id = `${period}\u0000${retailer}`;
    let g = this.groups.get(id);
    if (!g) {
      const cells: SyncCell[] = new Array<SyncCell>(this.c.key.length).fill(null);
      cells[0] = period;
      if (this.retailerAt > 0) cells[this.retailerAt] = retailer;
      const n = this.c.metrics.length;
      this.groups.set(id, (g = { id, keys: cells, stored: emptySide(n), fresh: emptySide(n) }));
    }
    return g;
  }

  /** The stored rows, non-zero figures and blanks per group from `from` on (by the engine), and the staged ones. */
  async load(session: EngineSession, at: { table: string; period: string; from: string }, staged: StagedTotals) {
    const q = quoteName;
    const groupBy = [`CAST(${q(at.period)} AS TEXT)`, ...(this.retailerAt > 0 ? [q(RETAILER_COLUMN)] : [])];
    const perMetric = this.c.metrics.flatMap((m) => [`count(CASE WHEN ${q(m)} <> 0 THEN 1 END)`, `count(${q(m)})`]);
    const rows = await session.rows(
      `SELECT ${groupBy.join(", ")}, count(*), ${perMetric.join(", ")} FROM ${at.table}
        WHERE ${q(at.period)} >= $1::DATE GROUP BY ${groupBy.map((_, i) => String(i + 1)).join(", ")}`,
      [at.from],
    );
    for (const r of rows) {
      const keys: unknown[] = [r[0]];
      if (this.retailerAt > 0) keys[this.retailerAt] = r[1];
      const s = this.groupOf(keys).stored;
      const base = groupBy.length;
      s.rows += Number(r[base]);
      this.c.metrics.forEach((_, m) => {
        s.nonZero[m] += Number(r[base + 1 + 2 * m]);
        s.blanks[m] += Number(r[base]) - Number(r[base + 2 + 2 * m]);
      });
    }
    const figureOf = this.c.metrics.map((m) => staged.figures.indexOf(m));
    for (const g of staged.all()) {
      const keys: unknown[] = [g.period];
      if (this.retailerAt > 0) keys[this.retailerAt] = g.retailer;
      const s = this.groupOf(keys).fresh;
      s.rows += g.rows;
      figureOf.forEach((f, m) => {
        s.nonZero[m] += g.nonZero[f];
        s.sums[m].join(g.sums[f]);
        s.blanks[m] += g.blanks[f];
      });
    }
  }

  /** The periods (days, as text) whose groups the stored window holds no row of: the join can leave them out. */
  newPeriods(): string[] {
    const stored = new Set<string>();
    const all = new Set<string>();
    for (const g of this.groups.values()) {
      const period = String(g.keys[0]);
      all.add(period);
      if (g.stored.rows > 0) stored.add(period);
    }
    return [...all].filter((p) => !stored.has(p)).sort();
  }

  /**
   * The staged rows of `periods` (newPeriods), as added rows, which then leave the groups' totals; two rows of one
   * key among them are refused as the fold refuses them (RepeatedKeyError).
   */
  async added(
    session: EngineSession,
    at: { staging: string; period: string },
    periods: readonly string[],
  ): Promise<CountedRows[]> {
    if (periods.length === 0) return [];
    const q = quoteName;
    const keys = this.c.key.map(q).join(", ");
    const [repeat] = await session.rows(
      `SELECT CAST(${q(at.period)} AS TEXT), ${this.c.key.slice(1).map(q).join(", ")} FROM ${at.staging}
        WHERE ${q(at.period)} IN (${periods.map((_, i) => `$${i + 1}::DATE`).join(", ")})
        GROUP BY ${keys} HAVING count(*) > 1 LIMIT 1`,
      periods,
    );
    if (repeat) throw new RepeatedKeyError(repeat);
    const chosen = new Set(periods);
    const out: CountedRows[] = [];
    for (const g of [...this.groups.values()].sort(byGroup)) {
      if (!chosen.has(String(g.keys[0]))) continue;
      out.push({ keys: g.keys, rows: g.fresh.rows, sums: g.fresh.sums.map((s) => s.value), blanks: g.fresh.blanks });
      g.fresh = emptySide(this.c.metrics.length); // told as added rows, not as unchanged ones
    }
    return out;
  }

  /** A pair that differs: its rows are taken off their sides' totals. */
  differs(pair: WindowPair): void {
    for (const [row, side] of [
      [pair.stored, "stored"],
      [pair.fresh, "fresh"],
    ] as const) {
      if (!row) continue;
      const s = this.groupOf(row.keys)[side];
      s.rows--;
      this.c.metrics.forEach((_, m) => {
        const v = row.metrics[m];
        if (isNumber(v)) {
          if (side === "fresh") s.sums[m].add(-v);
          if (v !== 0) s.nonZero[m]--;
        } else s.blanks[m]--;
      });
    }
  }

  /** The unchanged rows of each group, in date order; RepeatedUnchanged when the sides' counts disagree. */
  remainder(): UnchangedRows[] {
    const out: UnchangedRows[] = [];
    for (const g of [...this.groups.values()].sort(byGroup)) {
      const { stored, fresh } = g;
      const differ = (a: number[], b: number[]) => a.some((n, m) => n !== b[m]);
      if (stored.rows !== fresh.rows || differ(stored.nonZero, fresh.nonZero) || differ(stored.blanks, fresh.blanks))
        throw new RepeatedUnchanged();
      if (stored.rows === 0) continue;
      out.push({
        keys: g.keys,
        rows: stored.rows,
        nonZero: fresh.nonZero,
        sums: fresh.sums.map((s) => s.value),
        blanks: fresh.blanks,
      });
    }
    return out;
  }
}
