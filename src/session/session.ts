// The shared runtime's one session: the user's connection (from the per-user store) and the client built
// from it. The pane, the SALES functions and the ribbon commands all read the service through it, so they
// share the client's list cache and in-flight requests, and a key entered in the pane serves the formulas.
import { createClient, keyToSend, SalesApiError, type SalesClient } from "../api";
import { redact } from "../api/errors";
import { todayIso, type IsoDate } from "../core/dates";
import { errorText } from "../core/errorText";
import type { ExcelRun } from "../excel/excelRun";
import type { RefreshDeps, RefreshOutcome } from "../refresh";
import type { ConnectionSettings, ConnectionStore } from "./connectionStore";
import { RefreshLog } from "./refreshLog";
import type { DayWords } from "../core/words";

export const NO_KEY_MESSAGE = "Enter your API key in the Sales Data pane.";

type Listener = (settings: ConnectionSettings | null) => void;

/** Where refreshes and pulls write: Excel (or the preview's workbook), and what runs after Refresh all. */
export interface WorkbookTarget {
  run: ExcelRun;
  /** After Refresh all: clear the SALES functions' cache and recalculate their formulas. */
  afterRefreshAll?: () => Promise<void> | void;
}

export class Session {
  private settings: ConnectionSettings | null = null;
  private current: SalesClient | null = null;
  private readonly listeners = new Set<Listener>();
  private loaded: Promise<void> | null = null;
  private problem: string | undefined;
  /** The last Refresh all's report and each table's latest outcome, for the pane (wherever they ran). */
  readonly refreshes = new RefreshLog();
  /**
   * How what a refresh says writes days and metrics, wherever it runs (the ribbon's, on open's: read later in the
   * pane): the pane's words once the runtime knows the user's locale; until then the service's own words.
   */
  days: DayWords | undefined;

  constructor(
    private readonly store: ConnectionStore,
    private readonly clientOptions: { timeoutMs?: number; today?: () => string; fetch?: typeof fetch } = {},
  ) {}

  /** Reads the saved connection once; later calls wait for the same read. */
  ready(): Promise<void> {
    this.loaded ??= this.store.read().then(({ settings, problem }) => {
      this.problem = problem;
      this.apply(settings);
    });
    return this.loaded;
  }

  /**
   * Why the connection saved on this device could not be used (a damaged record, or settings no client can be
   * built from, such as an http:// address), if it could not; never the key.
   */
  loadProblem(): string | undefined {
    return this.problem;
  }

  /** The service's today (the simulator's clock in tests; this machine's UTC date in the add-in). */
  today(): IsoDate {
    return (this.clientOptions.today ?? todayIso)();
  }

  /**
   * Everything a refresh or a pull needs, built in this one place: the workbook, the client, today; and each
   * table's outcome kept in `refreshes`, whoever refreshed it.
   */
  refreshDeps(target: WorkbookTarget): RefreshDeps {
    const after = target.afterRefreshAll;
    return {
      run: target.run,
      client: this.client(),
      today: () => this.today(),
      ...(this.days ? { days: this.days } : {}),
      onTableDone: (outcome) => this.refreshes.recordOutcome(outcome),
      afterRefreshAll: after ? async () => void (await after()) : undefined,
    };
  }

  /** A table's latest refresh outcome in this session (from Refresh, Refresh all, the ribbon or on open). */
  latestOutcome(tableName: string): RefreshOutcome | undefined {
    return this.refreshes.latestOutcome(tableName);
  }

  connection(): ConnectionSettings | null {
    return this.settings;
  }

  /** True when there is a client to read the service with: a key is saved and the connection can be used. */
  hasKey(): boolean {
    return this.current !== null;
  }

  /** The client for the saved connection; a SalesApiError of kind "auth" when there is no key. */
  client(): SalesClient {
    if (!this.current) throw new SalesApiError("auth", NO_KEY_MESSAGE);
    return this.current;
  }

  async save(settings: ConnectionSettings): Promise<void> {
    await this.store.save(settings);
    this.problem = undefined;
    this.apply(settings);
  }

  async forgetKey(): Promise<void> {
    await this.store.forgetKey();
    this.apply(this.settings ? { ...this.settings, apiKey: "" } : null);
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private apply(settings: ConnectionSettings | null): void {
    this.settings = settings;
    this.current = null;
    if (settings && keyToSend(settings.apiKey)) {
      try {
        this.current = createClient({
          baseUrl: settings.baseUrl,
          apiKey: settings.apiKey,
          paths: settings.paths,
          ...this.clientOptions,
        });
      } catch (err) {
        // An unusable saved connection (an http:// address, say): no client, and the pane's status line says why.
        const why = redact(errorText(err), keyToSend(settings.apiKey));
        this.problem = `The connection saved on this device was not used. ${why}`;
      }
    }
    for (const l of this.listeners) l(settings);
  }
}
