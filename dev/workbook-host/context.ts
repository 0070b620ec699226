// The request context: a queue of actions applied to the model only at sync(), in order.
import { HostRichApiError, hostError, isHostError } from "./errors";
import { HostStats, PAYLOAD_LIMIT_BYTES, READ_CELL_LIMIT, SyncRecord, jsonLength } from "./payload";
import { intersects, type Rect } from "./addresses";
import type { WorkbookModel } from "./workbook-model";
import type { SheetModel, TableModel } from "./model-types";

export interface InjectedFailure {
  code: string;
  message?: string;
  /** How many actions of the failing batch are applied before it fails (default 0: none). */
  afterActions?: number;
}

/** How long the host works on a batch before it lets the page's other work have a turn (the pane, a click). */
const SLICE_MS = 40;

/** The event loop's next turn: a macrotask, so input and rendering come first (setImmediate where there is one). */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** State shared by every context of one host. */
export class Engine {
  readonly stats = new HostStats();
  private failures = new Map<number, InjectedFailure>();
  private syncOrdinal = 0;
  private runs = 0;
  /** The batch being applied: the next waits for it, so batches never interleave even while one gives turns. */
  private applying: Promise<void> = Promise.resolve();
  /** When the host last gave the page a turn. */
  private turnAt = Date.now();

  /** Waits for the batch being applied; the function returned ends this one's turn. */
  async exclusive(): Promise<() => void> {
    let done!: () => void;
    const before = this.applying;
    this.applying = new Promise((resolve) => (done = resolve));
    await before;
    return done;
  }

  /**
   * A turn for the page when the host has worked SLICE_MS since the last: Excel applies a batch outside the pane's
   * thread, and so that the preview, where the host shares it, is measured as Excel would be, a large batch (a block
   * of 20,000 rows, a table grown over them) is applied in slices.
   */
  pace(): Promise<void> | undefined {
    if (Date.now() - this.turnAt < SLICE_MS) return undefined;
    return nextTurn().then(() => {
      this.turnAt = Date.now();
    });
  }

  /** @param syncLatencyMs how long each sync's round trip takes (0: a microtask, the default). */
  constructor(
    readonly model: WorkbookModel,
    readonly syncLatencyMs = 0,
  ) {}

  /** The next Excel.run's number (SyncRecord.run). */
  nextRun(): number {
    return ++this.runs;
  }

  failSync(nthFromNow: number, error?: InjectedFailure): void {
    if (!Number.isInteger(nthFromNow) || nthFromNow < 1)
      throw new RangeError("failSync: nthFromNow must be an integer >= 1");
    this.failures.set(
      this.syncOrdinal + nthFromNow,
      error ?? { code: "GeneralException", message: "Injected failure." },
    );
  }

  nextSync(): { ordinal: number; failure?: InjectedFailure } {
    const ordinal = ++this.syncOrdinal;
    const failure = this.failures.get(ordinal);
    this.failures.delete(ordinal);
    return { ordinal, failure };
  }
}

export interface QueuedAction {
  /** What goes over the wire; its JSON is the request payload. */
  record: unknown;
  /** Human-readable statement for error debugInfo. */
  statement: string;
  /**
   * Applies the action; queries return a commit to run once the whole sync succeeded. A large one (cells written
   * by the hundred thousand) may return its steps instead, which the sync takes one at a time, the page given turns
   * between them (Engine.pace).
   */
  run: (io: SyncIO) => void | (() => void) | ActionSteps;
}

/** An action's work in steps: each `next()` does a slice of it; done once it has all been done. */
export type ActionSteps = Iterator<void, void>;

export const isSteps = (v: unknown): v is ActionSteps => typeof (v as ActionSteps | undefined)?.next === "function";

/** Per-sync bookkeeping handed to actions. */
export interface SyncIO {
  addResponse(bytes: number): void;
  readCells(count: number): void;
  /** Number-format writes: counted in cellsWritten only. */
  wroteCells(count: number): void;
  /** Values or formulas written: counted in cellsWritten and valueCellsWritten. */
  wroteValues(count: number): void;
  /** The action changed these cells (or the table's shape): the tables over them go in the sync's tablesWritten. */
  wroteIn(sheet: SheetModel, rect: Rect): void;
}

/** The bookkeeping of one sync: response bytes and cells read (each with its limit), cells written. */
function syncIO(
  stats: HostStats,
  record: SyncRecord,
  tables: () => readonly TableModel[],
): SyncIO & { readonly responseBytes: number } {
  let responseBytes = 0;
  let cellsRead = 0;
  return {
    get responseBytes() {
      return responseBytes;
    },
    addResponse: (b) => {
      responseBytes += b;
      if (responseBytes > PAYLOAD_LIMIT_BYTES) {
        throw hostError(
          "ResponsePayloadSizeLimitExceeded",
          `The response payload size has exceeded the limit of ${PAYLOAD_LIMIT_BYTES} bytes.`,
        );
      }
    },
    readCells: (n) => {
      cellsRead += n;
      record.cellsRead += n;
      stats.cellsRead += n;
      if (cellsRead > READ_CELL_LIMIT) {
        throw hostError("ResponsePayloadSizeLimitExceeded", `A sync may read at most ${READ_CELL_LIMIT} cells.`);
      }
    },
    wroteCells: (n) => (stats.cellsWritten += n),
    wroteValues: (n) => {
      stats.cellsWritten += n;
      stats.valueCellsWritten += n;
    },
    wroteIn: (sheet, rect) => {
      for (const t of tables()) {
        if (t.sheet !== sheet || !intersects(t.rect, rect) || record.tablesWritten.includes(t.name)) continue;
        record.tablesWritten.push(t.name);
      }
    },
  };
}

export class HostRequestContext {
  private queue: QueuedAction[] = [];
  private closed = false;
  private cache = new Map<object, unknown>();
  private suspendCalc = false;
  private suspendScreen = false;
  readonly trackedObjects = { add: (_o: unknown) => undefined, remove: (_o: unknown) => undefined };
  readonly requestHeaders: { [name: string]: string } = {};
  /** Which Excel.run this context is (1 for the engine's first), recorded with each of its syncs. */
  readonly runId: number;

  /**
   * @param turn co-authoring (sessions.ts): waited for before each sync applies, so the syncs of several
   * sessions apply one at a time in the order a test chooses. Absent: a sync applies at once.
   */
  constructor(
    readonly engine: Engine,
    private readonly turn?: () => Promise<void>,
  ) {
    this.runId = engine.nextRun();
  }

  get debugInfo() {
    return { pendingStatements: this.queue.map((a) => a.statement) };
  }

  get pendingCount(): number {
    return this.queue.length;
  }

  close(): void {
    this.closed = true;
  }

  enqueue(action: QueuedAction): void {
    if (this.closed) {
      throw new HostRichApiError(
        "InvalidRequestContext",
        "Cannot use the object across different request contexts (the Excel.run batch has ended).",
      );
    }
    this.queue.push(action);
  }

  /** Resolve-once-per-sync cache for object paths (an object path is instantiated when first used in a batch). */
  cached<T>(key: object, resolve: () => T): T {
    if (this.cache.has(key)) return this.cache.get(key) as T;
    const v = resolve();
    this.cache.set(key, v);
    return v;
  }

  /** An action's steps, one at a time, the page given a turn between them when the host has worked long. */
  private async stepThrough(steps: ActionSteps): Promise<void> {
    for (let step = steps.next(); !step.done; step = steps.next()) {
      const turn = this.engine.pace();
      if (turn) await turn;
    }
  }

  suspendCalculation(): void {
    this.suspendCalc = true;
  }

  suspendScreenUpdating(): void {
    this.suspendScreen = true;
  }

  trace(_message: string): void {}

  load(object: { load(option?: unknown): unknown }, option?: unknown): void {
    object.load(option);
  }

  async sync<T>(passThroughValue?: T): Promise<T> {
    if (this.closed)
      throw new HostRichApiError(
        "InvalidRequestContext",
        "The request context is no longer valid (Excel.run has ended).",
      );
    const actions = this.queue;
    this.queue = [];
    const record: SyncRecord = {
      requestBytes: 0,
      responseBytes: 0,
      actions: actions.length,
      cellsRead: 0,
      calculationSuspended: this.suspendCalc,
      screenUpdatingSuspended: this.suspendScreen,
      tablesWritten: [],
      run: this.runId,
    };
    this.suspendCalc = false;
    this.suspendScreen = false;
    // A sync is a round trip: never synchronous; with a latency, other work (an HTTP answer) can come between.
    const { syncLatencyMs } = this.engine;
    await (syncLatencyMs > 0 ? new Promise((done) => setTimeout(done, syncLatencyMs)) : Promise.resolve());
    // A co-author's syncs may apply before this one; once its turn comes, the whole batch applies at once.
    if (this.turn) await this.turn();
    const { engine } = this;
    const stats = engine.stats;
    record.requestBytes = jsonLength({ actions: actions.map((a) => a.record) });
    stats.syncs++;
    stats.requestBytes.push(record.requestBytes);
    stats.maxRequestBytes = Math.max(stats.maxRequestBytes, record.requestBytes);
    stats.syncLog.push(record);
    const { failure } = engine.nextSync();
    const io = syncIO(stats, record, () => engine.model.tables);
    const fail = (e: HostRichApiError): never => {
      record.error = e.code;
      record.responseBytes = 0;
      stats.responseBytes.push(0);
      this.cache.clear();
      throw e;
    };
    if (record.requestBytes > PAYLOAD_LIMIT_BYTES) {
      fail(
        hostError(
          "RequestPayloadSizeLimitExceeded",
          `The request payload size (${record.requestBytes} bytes) has exceeded the limit of ${PAYLOAD_LIMIT_BYTES} bytes.`,
        ),
      );
    }
    const commits: (() => void)[] = [];
    const runUpTo = failure ? Math.min(failure.afterActions ?? 0, actions.length) : actions.length;
    const release = await engine.exclusive();
    try {
      for (let i = 0; i < runUpTo; i++) {
        const a = actions[i];
        try {
          const out = a.run(io);
          if (isSteps(out)) await this.stepThrough(out);
          else if (out) commits.push(out);
        } catch (e) {
          const err = isHostError(e)
            ? e
            : new HostRichApiError("GeneralException", e instanceof Error ? e.message : String(e));
          err.debugInfo.statement = a.statement;
          err.debugInfo.errorLocation = a.statement;
          fail(err);
        }
        const turn = engine.pace();
        if (turn) await turn;
      }
    } finally {
      release();
    }
    if (failure) fail(new HostRichApiError(failure.code, failure.message ?? `Injected failure (${failure.code}).`));
    record.responseBytes = io.responseBytes;
    stats.responseBytes.push(io.responseBytes);
    for (const c of commits) c();
    this.cache.clear();
    const turn = engine.pace();
    if (turn) await turn;
    return passThroughValue as T;
  }
}
