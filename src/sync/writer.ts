// The base's writer (engineBase.ts begins it): one transaction on one table, ended by any failure (rolled back at
// once, so a failed step can never be committed), and a commit that is confirmed by reading back what the database
// kept. A first sync's rows go straight into the table it made; a later sync's are staged (stagingTable.ts), joined with
// the stored window for the plan (windowPairs.ts) and swapped in, the user's columns' values kept with their rows.
import type { IsoDate } from "../core/dates";
import { plural } from "../core/words";
import type {
  PairChunk,
  PairColumns,
  SyncRevision,
  SyncRow,
  SyncRowChunks,
  SyncRun,
  SyncTableSpec,
  WindowWriter,
} from "./engine";
import { SyncError } from "./errors";
import { quoteName, REVISIONS_TABLE, shownName } from "./sqlNames";
import { KeptValues } from "./keptValues";
import { checkedChunks, rowCheck } from "./rowChecks";
import { insertRun, readRun, REVISIONS_SPEC, revisionRows } from "./runLog";
import type { Dialect, EngineSession } from "./sql";
import { Staging } from "./stagingTable";
import { SYNC_COLUMNS_ONLY, type TableLayout } from "./tableShape";
import { RepeatedUnchanged } from "./unchangedRows";
import { windowPairs } from "./windowPairs";

/** A transaction the base has begun: the engine's session in it, holding the table's lock. */
export interface EngineTransaction {
  session: EngineSession;
  dialect: Dialect;
  /** The database in words, for messages. */
  where: string;
  /** Releases the table's lock and the session (after COMMIT or ROLLBACK). */
  release(): Promise<void>;
}

type State = "open" | "committed" | "rolled back";

export class TransactionWriter implements WindowWriter {
  private state: State = "open";
  private window: IsoDate | null = null;
  private inserted = 0;
  private runId: number | null = null;
  /** The table is not the sync's columns alone: rows go in through temporary tables, the user's values kept. */
  private readonly kept: KeptValues | null;
  /** A later sync's staged rows and the window they replace (stage). */
  private staged: { staging: Staging; from: IsoDate } | null = null;
  /** The window's rows the swap left in place, re-read exactly as stored (Dialect.swapsChangedRows); else null. */
  private unchanged: number | null = null;

  constructor(
    readonly spec: SyncTableSpec,
    private readonly tx: EngineTransaction,
    private readonly shape: TableLayout = SYNC_COLUMNS_ONLY,
  ) {
    this.kept = shape.direct ? null : new KeptValues(tx.session, tx.dialect, spec, shape);
  }

  get userColumns(): string[] {
    return this.shape.userColumns.map((c) => c.name);
  }

  get created(): boolean {
    return !!this.shape.created;
  }

  async *readWindow(from: IsoDate, chunkRows = 10_000): AsyncIterable<SyncRow[]> {
    this.mustBeOpen();
    const columns = this.spec.columns.map((c) => quoteName(c.name)).join(", ");
    const sql = `SELECT ${columns} FROM ${quoteName(this.spec.table)} WHERE ${quoteName(this.spec.period)} >= $1::DATE
      ORDER BY ${this.spec.key.map(quoteName).join(", ")}`;
    try {
      yield* this.tx.session.stream(sql, [from], chunkRows);
    } catch (error) {
      throw await this.failed(error);
    }
  }

  /**
   * Deletes the window from `from` on; the rows it held. Where the engine swaps only the changed rows, those the staged
   * rows repeat exactly stay in place, and are counted as deleted and inserted again: the window's rows are replaced.
   */
  deleteWindow(from: IsoDate): Promise<number> {
    return this.step(async () => {
      const { session, dialect } = this.tx;
      const table = quoteName(this.spec.table);
      const inWindow = `${quoteName(this.spec.period)} >= $1::DATE`;
      await this.kept?.keep(from);
      this.window = from;
      if (!this.staged || !dialect.swapsChangedRows)
        return session.exec(`DELETE FROM ${table} WHERE ${inWindow}`, [from]);
      const deleted = await this.staged.staging.deleteChanged(from);
      const [{ n }] = await session.all(`SELECT count(*) AS n FROM ${table} WHERE ${inWindow}`, [from]);
      this.unchanged = Number(n);
      return deleted + this.unchanged;
    });
  }

  insert(rows: SyncRowChunks): Promise<number> {
    return this.step(async () => {
      const from = this.window ?? undefined;
      const blocks = checkedChunks(rows, rowCheck(this.spec, from));
      const n = this.kept
        ? await this.kept.load(blocks, (staging, b) => this.tx.session.bulkLoad(staging, b, true))
        : await this.tx.session.bulkLoad(this.spec, blocks);
      this.inserted += n;
      return n;
    });
  }

  stage(from: IsoDate, rows: SyncRowChunks): Promise<number> {
    return this.step(async () => {
      const staging = new Staging(this.tx.session, this.tx.dialect, this.spec);
      this.staged = { staging, from };
      return staging.load(checkedChunks(rows, rowCheck(this.spec, from)));
    });
  }

  async *pairs(columns: PairColumns, counted = false): AsyncIterable<PairChunk> {
    this.mustBeOpen();
    const staged = this.mustBeStaged();
    const { dialect } = this.tx;
    const { staging } = staged;
    const differing = dialect.swapsChangedRows && !dialect.joinsInChunks ? staging.differingRows() : undefined;
    const at = { table: this.spec.table, staging: staging.table, period: this.spec.period, from: staged.from };
    try {
      yield* windowPairs(this.tx.session, dialect, { ...at, differing }, columns, counted ? staging.totals : undefined);
    } catch (error) {
      // Repeats among the unchanged rows end the counted read only: the plan reads the pairs again, one by one.
      if (error instanceof RepeatedUnchanged) throw error;
      throw await this.failed(error);
    }
  }

  insertStaged(): Promise<number> {
    return this.step(async () => {
      const unchanged = this.unchanged ?? 0;
      const n = (await this.mustBeStaged().staging.insertInto(this.kept, this.unchanged !== null)) + unchanged;
      this.inserted += n;
      return n;
    });
  }

  reserveRun(): Promise<number> {
    return this.step(async () => {
      const [{ id }] = await this.tx.session.all(this.tx.dialect.nextRunId);
      return Number(id);
    });
  }

  recordRun(run: SyncRun, id?: number): Promise<number> {
    return this.step(async () => (this.runId = await insertRun(this.tx.session, run, id, this.tx.dialect)));
  }

  recordRevisions(run: number, revisions: Iterable<SyncRevision>): Promise<number> {
    return this.step(async () => {
      const chunks = revisionRows(run, this.spec.table, revisions);
      return this.tx.session.bulkLoad(REVISIONS_SPEC, checkedChunks(chunks, rowCheck(REVISIONS_SPEC)));
    });
  }

  forgetRevisions(run: number): Promise<void> {
    return this.step(async () => {
      await this.tx.session.exec(`DELETE FROM ${REVISIONS_TABLE} WHERE run_id = $1`, [run]);
    });
  }

  async commit(): Promise<void> {
    this.mustBeOpen();
    try {
      await this.kept?.end();
      await this.staged?.staging.drop();
      await this.tx.session.exec("COMMIT");
      this.state = "committed";
      await this.confirm();
    } catch (error) {
      // A COMMIT that failed may have ended the transaction itself (DuckDB out of memory): then ROLLBACK fails too,
      // and its "no transaction is active" must not hide why the COMMIT failed.
      if (this.state === "open") await this.rollback().catch(() => undefined);
      throw error;
    } finally {
      if (this.state === "committed") await this.tx.release();
    }
  }

  async rollback(): Promise<void> {
    if (this.state !== "open") return;
    this.state = "rolled back";
    try {
      await this.tx.session.exec("ROLLBACK");
    } finally {
      await this.tx.release();
    }
  }

  /**
   * What COMMIT kept: the run's row, and the window holding exactly the rows inserted. DuckDB, after a failed flush,
   * returns from COMMIT without an error while rolling everything back; this is where that is caught.
   */
  private async confirm(): Promise<void> {
    const s = this.tx.session;
    const lost = () =>
      new SyncError(
        `${this.tx.dialect.name} did not keep the rewrite of ${shownName(this.spec.table)} in ${this.tx.where} ` +
          "at COMMIT: the table is as it was before this run. Run the sync again.",
      );
    if (this.runId !== null && (await readRun(s, this.tx.dialect, this.runId)) === null) throw lost();
    if (this.window === null) return;
    const [{ n }] = await s.all(
      `SELECT count(*) AS n FROM ${quoteName(this.spec.table)} WHERE ${quoteName(this.spec.period)} >= $1::DATE`,
      [this.window],
    );
    if (this.runId === null && Number(n) !== this.inserted) throw lost();
    if (Number(n) !== this.inserted)
      throw new SyncError(
        `After COMMIT, ${shownName(this.spec.table)} in ${this.tx.where} holds ${plural(Number(n), "row")} from ` +
          `${this.window} on, where this run inserted ${plural(this.inserted, "row")}. Run the sync again.`,
      );
  }

  private mustBeStaged(): { staging: Staging; from: IsoDate } {
    if (!this.staged)
      throw new SyncError(`The rewrite of ${shownName(this.spec.table)} has staged no rows to compare or swap in.`);
    return this.staged;
  }

  private mustBeOpen(): void {
    if (this.state !== "open")
      throw new SyncError(
        `The rewrite of ${shownName(this.spec.table)} has already ended (${this.state}); begin a new one.`,
      );
  }

  /** One step of the rewrite: any failure in it rolls the whole transaction back before it is rethrown. */
  private async step<T>(work: () => Promise<T>): Promise<T> {
    this.mustBeOpen();
    try {
      return await work();
    } catch (error) {
      throw await this.failed(error);
    }
  }

  private async failed(error: unknown): Promise<unknown> {
    await this.rollback().catch(() => undefined);
    return error;
  }
}
