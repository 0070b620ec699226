// A window's rows that the answer sends exactly as stored, counted where they are held (docs/sync.md, "How a window
// is rewritten"): most of a re-read window is unchanged, and the rules need only their counts and totals, so the join
// sends the sync only the pairs that differ, and each period's unchanged rows are told to the fold as one record.
// Those are each side's rows of the period, counted and summed by the engine, less the rows of the pairs that
// differ. Where a key repeats among unchanged rows the two sides' remainders disagree, and the window is read again
// pair by pair (RepeatedUnchanged), as the fold tells repeats.
import { ExactSum, isNumber } from "../core/refresh/revisions";
import type { CountedRows, UnchangedRows } from "../core/refresh/countedRows";
import { RepeatedKeyError, type WindowPair } from "../core/refresh/windowFold";
import { RETAILER_COLUMN } from "../core/answer/retailersTable";
import type { PairColumns, SyncCell } from "./engine";
import { quoteName } from "./sqlNames";
import type { EngineSession } from "./sql";

/** Unchanged rows' counts disagree between the sides: some key repeats, so the pairs must be told one by one. */
export class RepeatedUnchanged extends Error {
  constructor() {
    super("a key repeats among the window's unchanged rows");
  }
}

/** One side's rows of a group (a period, and its retailer where the key has one); the fresh side's sums stay 0. */
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

/**
 * A figure's sum as both engines give it the same way every run: each figure rounded to 10 decimals and summed
 * exactly (a sum of doubles in parallel threads differs in its last digits from run to run).
 */
const exactSumSql = (column: string) => `CAST(sum(CAST(${column} AS DECIMAL(38, 10))) AS DOUBLE PRECISION)`;

/** Counts one side of each group of the window: the engine's totals, less the rows of the pairs that differ. */
export class UnchangedCount {
  private readonly groups = new Map<string, { keys: SyncCell[]; stored: Side; fresh: Side }>();
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
      this.groups.set(id, (g = { keys: cells, stored: emptySide(n), fresh: emptySide(n) }));
    }
    return g;
  }

  /** Both tables' rows and non-zero figures per group from `from` on; the stored side's sums and blanks too. */
  async load(session: EngineSession, at: { table: string; staging: string; period: string; from: string }) {
    const q = quoteName;
    const groupBy = [`CAST(${q(at.period)} AS TEXT)`, ...(this.retailerAt > 0 ? [q(RETAILER_COLUMN)] : [])];
    // The fresh side is only counted: the unchanged rows' figures are the stored side's.
    const perMetric = (side: "stored" | "fresh") =>
      this.c.metrics.flatMap((m) => [
        `count(CASE WHEN ${q(m)} <> 0 THEN 1 END)`,
        side === "stored" ? `coalesce(${exactSumSql(q(m))}, 0)` : "0",
        side === "stored" ? `count(*) - count(${q(m)})` : "0",
      ]);
    for (const [table, side] of [
      [at.table, "stored"],
      [at.staging, "fresh"],
    ] as const) {
      const rows = await session.rows(
        `SELECT ${groupBy.join(", ")}, count(*), ${perMetric(side).join(", ")} FROM ${table}
          WHERE ${q(at.period)} >= $1::DATE GROUP BY ${groupBy.map((_, i) => String(i + 1)).join(", ")}`,
        [at.from],
      );
      for (const r of rows) {
        const keys: unknown[] = [r[0]];
        if (this.retailerAt > 0) keys[this.retailerAt] = r[1];
        const s = this.groupOf(keys)[side];
        const base = groupBy.length;
        s.rows += Number(r[base]);
        this.c.metrics.forEach((_, m) => {
          s.nonZero[m] += Number(r[base + 1 + 3 * m]);
          s.sums[m].add(Number(r[base + 2 + 3 * m]));
          s.blanks[m] += Number(r[base + 3 + 3 * m]);
        });
      }
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
   * The staged rows of `periods` (newPeriods), counted and summed per group as added rows, which then leave the
   * groups' totals; two rows of one key among them are refused as the fold refuses them (RepeatedKeyError).
   */
  async added(
    session: EngineSession,
    at: { staging: string; period: string },
    periods: readonly string[],
  ): Promise<CountedRows[]> {
    if (periods.length === 0) return [];
    const q = quoteName;
    const inPeriods = `CAST(${q(at.period)} AS TEXT) IN (${periods.map((_, i) => `$${i + 1}`).join(", ")})`;
    const keys = this.c.key.map(q).join(", ");
    const [repeat] = await session.rows(
      `SELECT CAST(${q(at.period)} AS TEXT), ${this.c.key.slice(1).map(q).join(", ")} FROM ${at.staging}
        WHERE ${inPeriods} GROUP BY ${keys} HAVING count(*) > 1 LIMIT 1`,
      periods,
    );
    if (repeat) throw new RepeatedKeyError(repeat);
    const groupBy = [`CAST(${q(at.period)} AS TEXT)`, ...(this.retailerAt > 0 ? [q(RETAILER_COLUMN)] : [])];
    const perMetric = this.c.metrics.flatMap((m) => [`coalesce(${exactSumSql(q(m))}, 0)`, `count(*) - count(${q(m)})`]);
    const ordinals = groupBy.map((_, i) => String(i + 1)).join(", ");
    const rows = await session.rows(
      `SELECT ${groupBy.join(", ")}, count(*), ${perMetric.join(", ")} FROM ${at.staging} WHERE ${inPeriods}
        GROUP BY ${ordinals} ORDER BY ${ordinals}`,
      periods,
    );
    return rows.map((r) => {
      const keys: unknown[] = [r[0]];
      if (this.retailerAt > 0) keys[this.retailerAt] = r[1];
      const g = this.groupOf(keys);
      const base = groupBy.length;
      g.fresh = emptySide(this.c.metrics.length); // told as added rows, not as unchanged ones
      return {
        keys: g.keys,
        rows: Number(r[base]),
        sums: this.c.metrics.map((_, m) => Number(r[base + 1 + 2 * m])),
        blanks: this.c.metrics.map((_, m) => Number(r[base + 2 + 2 * m])),
      };
    });
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
          s.sums[m].add(-v);
          if (v !== 0) s.nonZero[m]--;
        } else s.blanks[m]--;
      });
    }
  }

  /** The unchanged rows of each group, in date order; RepeatedUnchanged when the sides' counts disagree. */
  remainder(): UnchangedRows[] {
    const out: UnchangedRows[] = [];
    for (const g of [...this.groups.values()].sort((a, b) => String(a.keys[0]).localeCompare(String(b.keys[0])))) {
      const { stored, fresh } = g;
      if (stored.rows !== fresh.rows || stored.nonZero.some((n, m) => n !== fresh.nonZero[m]))
        throw new RepeatedUnchanged();
      if (stored.rows === 0) continue;
      out.push({
        keys: g.keys,
        rows: stored.rows,
        nonZero: stored.nonZero,
        sums: stored.sums.map((s) => s.value),
        blanks: stored.blanks,
      });
    }
    return out;
  }
}
