// In-memory stand-in for the part of the Excel JavaScript API the add-in uses. Dev/test only:
// never imported by the production bundle. See docs/workbook-host.md.
import { parseAddress } from "./addresses";
import { copyModel } from "./copy";
import { Engine, InjectedFailure } from "./context";
import { HostRichApiError, hostError } from "./errors";
import { moveTableColumn, typeCell } from "./expansion";
import { WorkbookSnapshot, scanFor, sheetValues, snapshot } from "./inspect";
import { HostStats } from "./payload";
import { typeSpill } from "./spills";
import { interleave, type HostRun, type Interleaving, type PickTurn, type SessionTask } from "./sessions";
import { HostExcelRequestContext } from "./workbook";
import { WorkbookModel } from "./workbook-model";

export type { WorkbookSnapshot, SheetSnapshot, TableSnapshot, CellSnapshot } from "./inspect";
export type { SyncRecord } from "./payload";
export { interleavedRuns, interleavedWrites } from "./write-order";
export type { InjectedFailure } from "./context";
export { HostRichApiError } from "./errors";
export { ExcelEnums, installExcelGlobal } from "./enums";
export { PAYLOAD_LIMIT_BYTES, READ_CELL_LIMIT } from "./payload";
export type { HostSession, Interleaving, PickTurn, SessionTask } from "./sessions";

export interface WorkbookHost {
  /** Same shape as Excel.run: the batch gets a context typed Excel.RequestContext. */
  run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  readonly stats: HostStats;
  /** Makes the nth sync from now (1 = the next one) reject with this error (default GeneralException). */
  failSync(nthFromNow: number, error?: InjectedFailure): void;
  snapshot(): WorkbookSnapshot;
  sheetValues(sheet: string): unknown[][];
  scanFor(text: string): string[];
  /** Sets the user's selection (what getSelectedRange returns); "A1:B2" is on the active sheet. */
  selectRange(address: string): void;
  /**
   * What a user does by typing into one cell ("Sheet1!D1"; no sheet: the active one), between the add-in's
   * batches: Excel's data-entry rules, then AutoExpansion (a value right of a table adds a column, below it a
   * row) and calculated-column fill. Throws AccessDenied on a protected sheet. See docs/workbook-host.md.
   */
  typeCell(address: string, input: string | number | boolean): void;
  /**
   * What a user does by dragging a table column's header to another place in the table: the column (cells,
   * formats, TableColumn.id, filter) moves from position `from` to `to` (zero-based, within the table).
   */
  moveTableColumn(tableName: string, from: number, to: number): void;
  /**
   * What a user does by typing a formula whose result spills (=SEQUENCE(1,5)) into one cell: the host has no
   * formula engine, so `result` is what Excel would show, one value per cell of the spill range. A range not
   * empty shows #SPILL! in the formula's cell. See docs/workbook-host.md.
   */
  typeSpill(address: string, formula: string, result: (string | number | boolean)[][]): void;
  /**
   * Co-authoring: runs the tasks as sessions of the add-in open on this one workbook at once (each its own run,
   * all one workbook and its settings); their syncs, and the actions of people typing (session.act), apply one
   * at a time, each whole, in the order `pick` chooses whenever every running session waits at a sync point.
   * See docs/workbook-host.md, "Two sessions on one workbook".
   */
  interleave<T>(tasks: readonly SessionTask<T>[], pick: PickTurn): Promise<Interleaving<T>>;
  /**
   * A second workbook that starts as this one is now (as opening a saved copy of the file): every sheet, table,
   * name, setting and PivotTable copied, nothing shared, its own stats and no failure set. Many cases that start
   * from one prepared workbook each take a copy instead of preparing it again. `syncLatencyMs`: the copy's own
   * (default: this host's).
   */
  copy(opts?: { syncLatencyMs?: number }): WorkbookHost;
}

/** Excel.run over the engine's workbook; with `turn`, each sync first waits for it (a session's turn). */
function runOn(engine: Engine, turn?: () => Promise<void>): HostRun {
  return async <T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> => {
    const ctx = new HostExcelRequestContext(engine, turn);
    try {
      // The one cast between host proxies and office-js types; see type-checks.ts for what is verified.
      const pending = batch(ctx as unknown as Excel.RequestContext);
      if (!pending || typeof (pending as { then?: unknown }).then !== "function") {
        throw new HostRichApiError("RunMustReturnPromise", "The batch function passed to run must return a promise.");
      }
      const result = await pending;
      // Like Excel.run: whatever is still queued when the batch resolves is synced.
      if (ctx.pendingCount > 0) await ctx.sync();
      return result;
    } finally {
      ctx.close();
    }
  };
}

/**
 * `syncLatencyMs`: each sync takes this long (a timer), as Excel's round trips do, so that work outside the
 * workbook (an HTTP answer) can come between two syncs. Default 0: a sync resolves in a microtask.
 */
export function createWorkbookHost(opts?: { sheets?: string[]; syncLatencyMs?: number }): WorkbookHost {
  return hostOver(new WorkbookModel(opts?.sheets ?? ["Sheet1"]), opts?.syncLatencyMs ?? 0);
}

function hostOver(model: WorkbookModel, syncLatencyMs: number): WorkbookHost {
  const engine = new Engine(model, syncLatencyMs);
  return {
    run: runOn(engine),
    stats: engine.stats,
    failSync: (n, error) => engine.failSync(n, error),
    snapshot: () => snapshot(model),
    sheetValues: (name) => sheetValues(model, name),
    scanFor: (text) => scanFor(model, text),
    selectRange(address: string) {
      const p = parseAddress(address);
      const sheet = p.sheet !== undefined ? model.findSheet(p.sheet) : model.activeSheet;
      if (!sheet) throw hostError("ItemNotFound", `No worksheet in "${address}".`);
      model.activeSheet = sheet;
      model.selection = { sheet, rect: p.rect };
    },
    typeCell: (address, input) => typeCell(model, address, input),
    moveTableColumn: (tableName, from, to) => moveTableColumn(model, tableName, from, to),
    typeSpill: (address, formula, result) => typeSpill(model, address, formula, result),
    interleave: (tasks, pick) => interleave((turn) => runOn(engine, turn), tasks, pick),
    copy: (o) => hostOver(copyModel(model), o?.syncLatencyMs ?? syncLatencyMs),
  };
}
