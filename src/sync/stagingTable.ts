// A later sync's fresh rows, staged in a table of the rewrite's own transaction before the plan is made: bulk-loaded
// as the answers are read (the engine's appender or COPY), joined with the stored window by the plan
// (windowPairs.ts), then swapped in by SQL once the writer has deleted the window: inserted, the user's columns
// carried by key (keptValues.ts). The engine holds the window, not the sync: DuckDB's staging is a table of the file
// (compressed and written out as it fills, never a temporary table, which DuckDB keeps in memory), PostgreSQL's a
// temporary table of the session. Made in the transaction, it is gone with a rollback or a killed process, as a
// merge over a staging table is in dlt, ingestr and dbt.
import { createHash } from "node:crypto";
import type { IsoDate } from "../core/dates";
import type { SyncTableSpec } from "./engine";
import type { KeptValues } from "./keptValues";
import type { RowBlock } from "./rowBlock";
import { quoteName } from "./sqlNames";
import type { Dialect, EngineSession } from "./sql";
import { StagedTotals, tallied } from "./stagedTotals";
import { differingSwap, type DifferingRows, type MadeDiffering } from "./windowPairs";

/** The staging table's name for a table: its own in the file (two tables' rewrites may stage at once). */
function stagingName(table: string): string {
  return `sales_sync_staging_${createHash("sha256").update(table, "utf8").digest("hex").slice(0, 12)}`;
}

export class Staging {
  readonly name: string;
  /** The staging table as SQL names it (in the temporary schema where the engine stages there). */
  readonly table: string;
  /** The staged rows' counts and sums per period, taken as they are loaded. */
  readonly totals: StagedTotals;
  private made = false;
  /** The pairs that differ, made into a table by the plan's join (windowPairs.ts DifferingRows), once it has. */
  private differing: MadeDiffering | null = null;

  constructor(
    private readonly s: EngineSession,
    private readonly d: Dialect,
    private readonly spec: SyncTableSpec,
  ) {
    this.name = stagingName(spec.table);
    this.table = d.stagesInTemporary ? d.temporary(this.name) : quoteName(this.name);
    this.totals = new StagedTotals(spec);
  }

  /** Makes the staging table and loads checked blocks into it; the rows staged. */
  async load(blocks: AsyncIterable<RowBlock>): Promise<number> {
    const { spec, d } = this;
    const typed = spec.columns.map((c) => `${quoteName(c.name)} ${d.types[c.type]}`).join(", ");
    await this.s.exec(`CREATE ${d.stagesInTemporary ? "TEMP " : ""}TABLE ${quoteName(this.name)} (${typed})`);
    this.made = true;
    const n = await this.s.bulkLoad({ ...spec, table: this.name }, tallied(blocks, this.totals), d.stagesInTemporary);
    // PostgreSQL plans the join by a table's statistics, which a temporary table has only once analysed.
    if (d.stagesInTemporary) await this.s.exec(`ANALYZE ${this.table}`);
    return n;
  }

  /** Where the plan's join is to make the differing pairs' table, for the swap to go by; none once it is made. */
  differingRows(): DifferingRows | undefined {
    if (this.differing) return undefined;
    const name = `${this.name}_differing`;
    const table = this.d.temporary(name);
    const made = (staged: readonly string[], newPeriods: readonly string[]) => {
      this.differing = { table, staged, added: newPeriods.length ? this.rowsOf(staged, newPeriods) : undefined };
    };
    return { name, table, made };
  }

  /** The staged rows of the days `periods` (the table's own, so written as literals), their columns `columns`. */
  private rowsOf(columns: readonly string[], periods: readonly string[]): string {
    const days = periods.map((p) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(p)) throw new Error(`not a day: ${JSON.stringify(p)}`);
      return `DATE '${p}'`;
    });
    return `SELECT ${columns.map(quoteName).join(", ")} FROM ${this.table} WHERE ${quoteName(this.spec.period)} IN (${days.join(", ")})`;
  }

  /** The key's columns of the table's row `s` and the staged row `n` equal. */
  private sameKey(): string {
    return this.spec.key.map((k) => `s.${quoteName(k)} = n.${quoteName(k)}`).join(" AND ");
  }

  /**
   * Deletes the table's rows from `from` on but those a staged row repeats in every sync column (the rows re-read as
   * stored stay in place: Dialect.swapsChangedRows); the rows deleted.
   */
  deleteChanged(from: IsoDate): Promise<number> {
    const { spec } = this;
    if (this.differing) return this.s.exec(differingSwap(spec, this.differing).remove);
    const same = spec.columns
      .filter((c) => !spec.key.includes(c.name))
      .map((c) => ` AND s.${quoteName(c.name)} IS NOT DISTINCT FROM n.${quoteName(c.name)}`)
      .join("");
    return this.s.exec(
      `DELETE FROM ${quoteName(spec.table)} AS s WHERE s.${quoteName(spec.period)} >= $1::DATE
        AND NOT EXISTS (SELECT 1 FROM ${this.table} n WHERE ${this.sameKey()}${same})`,
      [from],
    );
  }

  /**
   * Inserts the staged rows into the table (once its window is deleted, or its changed rows: `onlyNew` leaves out the
   * staged rows whose key the table still holds): with the values `kept` holds of the user's columns, by row key, or
   * straight; then drops the staging table. The rows inserted.
   */
  async insertInto(kept: KeptValues | null, onlyNew = false): Promise<number> {
    const { s, spec } = this;
    const own = spec.columns.map((c) => quoteName(c.name)).join(", ");
    const held = `SELECT 1 FROM ${quoteName(spec.table)} s WHERE ${this.sameKey()}`;
    const source = !onlyNew
      ? this.table
      : this.differing
        ? differingSwap(spec, this.differing).staged
        : `(SELECT * FROM ${this.table} n WHERE NOT EXISTS (${held}))`;
    const inserted = kept
      ? await kept.insertFrom(source)
      : await s.exec(`INSERT INTO ${quoteName(spec.table)} (${own}) SELECT ${own} FROM ${source} AS n`);
    await this.drop();
    return inserted;
  }

  /** Drops the staging table (before COMMIT: it is the rewrite's, never the file's). */
  async drop(): Promise<void> {
    if (this.differing) await this.s.exec(`DROP TABLE ${this.differing.table}`);
    this.differing = null;
    if (!this.made) return;
    this.made = false;
    await this.s.exec(`DROP TABLE ${this.table}`);
  }
}
