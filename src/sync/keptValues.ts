// A rewrite of a table that holds the user's columns (an analyst's category or note), or the sync's own in another
// order: before the window is deleted, its rows' values in the user's columns are kept by row key in a temporary
// table; the new rows (staged, stagingTable.ts, or bulk-loaded into a temporary table of the sync's columns: DuckDB's
// appender fills every column of a table, in order, so it cannot load such a table itself) are then inserted with
// the values kept. A row the
// table held keeps its values; a new row gets each column's default (NULL unless the user gave one). The temporary
// tables are made in the rewrite's transaction: a rollback or a killed process leaves none. A table of the sync's
// columns alone, in order, never comes here: its rows go straight in.
import type { IsoDate } from "../core/dates";
import type { RowBlock } from "./rowBlock";
import type { SyncTableSpec } from "./engine";
import { KEPT_VALUES_TABLE, NEW_ROWS_TABLE, quoteName } from "./sqlNames";
import type { Dialect, SqlSession } from "./sql";
import type { TableLayout } from "./tableShape";

/** Bulk-loads blocks into a temporary table of the connection's (the engine's appender or COPY). */
export type TemporaryLoad = (spec: SyncTableSpec, blocks: AsyncIterable<RowBlock>) => Promise<number>;

const names = (columns: readonly string[], alias = "") => columns.map((c) => `${alias}${quoteName(c)}`).join(", ");

export class KeptValues {
  /** The user's columns written by the rewrite (a computed one is the database's to fill). */
  private readonly carried: string[];
  private kept = false;

  constructor(
    private readonly s: SqlSession,
    private readonly d: Dialect,
    private readonly spec: SyncTableSpec,
    shape: TableLayout,
  ) {
    this.carried = shape.userColumns.filter((c) => !c.generated).map((c) => c.name);
  }

  /** Before the window from `from` is deleted: its rows' values in the user's columns, by row key. */
  async keep(from: IsoDate): Promise<void> {
    if (this.carried.length === 0) return;
    const { spec, d } = this;
    const columns = names([...spec.key, ...this.carried]);
    const table = quoteName(spec.table);
    if (!this.kept)
      // Made empty, then filled: PostgreSQL takes no bound values in CREATE TABLE AS.
      await this.s.exec(`CREATE TEMP TABLE ${quoteName(KEPT_VALUES_TABLE)} AS SELECT ${columns} FROM ${table} LIMIT 0`);
    this.kept = true;
    await this.s.exec(
      `INSERT INTO ${d.temporary(KEPT_VALUES_TABLE)} SELECT ${columns} FROM ${table} WHERE ${quoteName(spec.period)} >= $1::DATE`,
      [from],
    );
  }

  /** Loads checked blocks into the table: into a temporary table first, then each row with the values kept. */
  async load(blocks: AsyncIterable<RowBlock>, load: TemporaryLoad): Promise<number> {
    const { spec, d } = this;
    const typed = spec.columns.map((c) => `${quoteName(c.name)} ${d.types[c.type]}`).join(", ");
    await this.s.exec(`CREATE TEMP TABLE ${quoteName(NEW_ROWS_TABLE)} (${typed})`);
    const n = await load({ ...spec, table: NEW_ROWS_TABLE }, blocks);
    await this.insertFrom(d.temporary(NEW_ROWS_TABLE));
    await this.s.exec(`DROP TABLE ${d.temporary(NEW_ROWS_TABLE)}`);
    return n;
  }

  /**
   * Inserts the rows of `source` (a table of the sync's columns, as SQL names it) into the table, each row a key
   * kept holds with its values in the user's columns, the others with the columns' defaults; the rows inserted.
   */
  async insertFrom(source: string): Promise<number> {
    const { spec, d } = this;
    const table = quoteName(spec.table);
    const own = spec.columns.map((c) => c.name);
    const loaded = `FROM ${source} n`;
    if (!this.kept) return this.s.exec(`INSERT INTO ${table} (${names(own)}) SELECT ${names(own, "n.")} ${loaded}`);
    const kept = d.temporary(KEPT_VALUES_TABLE);
    const byKey = spec.key.map((k) => `k.${quoteName(k)} = n.${quoteName(k)}`).join(" AND ");
    const carried = await this.s.exec(
      `INSERT INTO ${table} (${names([...own, ...this.carried])}) ${d.overriding}
       SELECT ${names(own, "n.")}, ${names(this.carried, "k.")} ${loaded} JOIN ${kept} k ON ${byKey}`,
    );
    const added = await this.s.exec(
      `INSERT INTO ${table} (${names(own)}) SELECT ${names(own, "n.")} ${loaded}
        WHERE NOT EXISTS (SELECT 1 FROM ${kept} k WHERE ${byKey})`,
    );
    return carried + added;
  }

  /** Before COMMIT: the kept values let go (a PostgreSQL connection goes back to its pool, temporary tables and all). */
  async end(): Promise<void> {
    if (!this.kept) return;
    await this.s.exec(`DROP TABLE ${this.d.temporary(KEPT_VALUES_TABLE)}`);
    this.kept = false;
  }
}
