// The engine behind the SALES functions: arguments checked by the shared rules, results cached for a TTL
// (keyed by the service's address and the normalized query, never the key), SALES.SKU / SALES.STORE read
// through fetchTableSized (src/api/tableRead.ts, what the pane's Get data writes, for one retailer or several),
// SALES.VALUE calls handed to the batcher (./valueBatch.ts: one data request per retailer and timeframe), and
// every call settled within the timeout (./deadline.ts), so no cell is left on #BUSY!.
import { fetchTableSized } from "../api/tableRead";
import { AnswerTooLarge } from "../core/query/sizeAdvice";
import { tabulateActions } from "../core/answer/actions";
import {
  listRetailerArg,
  parseFilterField,
  parseMetricsListArgs,
  parseTableArgs,
  parseValueArgs,
  type TableArgs,
  type TableCall,
  type ValueArgs,
} from "../core/query/args";
import { daysBetween, todayIso, type IsoDate } from "../core/dates";
import { afterTodayText } from "../core/query/validate";
import { dayWords, rangeText } from "../core/words";
import { servedMetrics, type Level } from "../core/query/metrics";
import { queryKey, type DataRequest } from "../core/query/query";
import type { Tabulated } from "../core/answer/tabulate";
import type { Session } from "../session";
import { TtlCache } from "./cache";
import { withDeadline } from "./deadline";
import { FunctionError, timeoutError, toFunctionError } from "./errors";
import { DEFAULT_MAX_CELLS, checkSize, listSpill, tableSpill, type OutputOptions, type SpillCell } from "./output";
import { ValueBatcher, type Connection } from "./valueBatch";
import { EXCEL_DAY_CELLS } from "../excel/excelDays";

export interface FunctionsOptions {
  /** The service's today, for relative dates ("today", "-7d", ...). Default: this machine's date. */
  today?: () => IsoDate;
  /** How long results are kept (default 15 minutes; the service's data changes daily). */
  ttlMs?: number;
  /** Every call settles within this time (default 30 s, the client's default timeout). */
  timeoutMs?: number;
  /** SALES.VALUE calls are collected until none has arrived for this long (default 15 ms) ... */
  batchWindowMs?: number;
  /** ... or this long after the first of them (default 150 ms), then requested together. */
  maxBatchWaitMs?: number;
  /** Largest result a formula may return, in cells (default 100,000). */
  maxCells?: number;
  /** Return dates and percentages as Excel FormattedNumber values (set where ExcelApi 1.16 is supported). */
  formattedNumbers?: boolean;
  /** How long a call waits for the runtime to hand over its session before it gives #N/A (default 10 s). */
  startupWaitMs?: number;
  /** Clock for the cache (tests). */
  now?: () => number;
}

const DEFAULTS = {
  ttlMs: 15 * 60_000,
  timeoutMs: 30_000,
  batchWindowMs: 15,
  maxBatchWaitMs: 150,
  maxCells: DEFAULT_MAX_CELLS,
  formattedNumbers: false,
  startupWaitMs: 10_000,
};

/** SALES.VALUE's argument names for the validation's fields. */
const VALUE_FIELDS = { metrics: "metric", from: "date", to: "date" };

const NOT_STARTED_MESSAGE =
  "Sales Data has not started in this workbook yet. Open the Sales Data pane (Home > Sales Data), then recalculate.";

type TooBig = { tooBig: true; rows: number; columns: number };
type CachedTable = Tabulated | TooBig;

export class FunctionsEngine {
  private opts: Required<Omit<FunctionsOptions, "now" | "today">> & { today: () => IsoDate };
  private readonly cache: TtlCache;
  private readonly values: ValueBatcher;

  constructor(
    /** The runtime's session, or a promise of it while the runtime is starting. */
    private readonly sessionSource: () => Session | Promise<Session>,
    options: FunctionsOptions = {},
  ) {
    this.opts = { ...DEFAULTS, today: () => todayIso(), ...stripUndefined(options) };
    this.cache = new TtlCache(this.opts.ttlMs, options.now);
    this.values = new ValueBatcher(
      this.cache,
      (client, query) => this.withOwnDeadline((signal) => client.getData(query, { signal })),
      () => this.opts,
    );
  }

  configure(options: FunctionsOptions): void {
    this.opts = { ...this.opts, ...stripUndefined(options) };
    this.cache.setTtl(this.opts.ttlMs);
  }

  /** Forgets every cached result (and the client's cached lists): the next calls read the service again. */
  clearCache(): void {
    this.cache.clear();
    try {
      const session = this.sessionSource();
      if (!(session instanceof Promise) && session.hasKey()) session.client().clearLists();
    } catch {
      // no client: nothing cached there
    }
  }

  // ---- the functions ----

  sku(args: TableArgs): Promise<SpillCell[][]> {
    return this.table("sku", args);
  }

  store(args: TableArgs): Promise<SpillCell[][]> {
    return this.table("store", args);
  }

  value(args: ValueArgs): Promise<number> {
    return this.guarded(async () => {
      const call = parseValueArgs(args, this.opts.today());
      return this.values.value(await this.connection(), call);
    }, VALUE_FIELDS);
  }

  retailers(): Promise<string[][]> {
    return this.guarded(async () => {
      const { client, scope } = await this.connection();
      const list = await this.cache.getOrLoad(`${scope}|retailers`, () => client.listRetailers());
      return listSpill(list, this.output()) as string[][];
    });
  }

  metrics(retailer: unknown, level?: unknown, timeframe?: unknown): Promise<string[][]> {
    return this.guarded(async () => {
      const r = listRetailerArg(retailer);
      const wanted = parseMetricsListArgs(level, timeframe);
      const { client, scope } = await this.connection();
      const records = await this.cache.getOrLoad(`${scope}|metrics|${r}`, () => client.listMetrics(r));
      const record = records.find((x) => x.retailer === r) ?? records[0];
      if (!record) throw new FunctionError("#N/A", `The service has no metrics list for ${r}.`);
      const list = servedMetrics(record, wanted.level, wanted.timeframe);
      const where = `${wanted.level === "sku" ? "SKU" : "store"} level, ${wanted.timeframe}`;
      if (list === null) throw new FunctionError("#N/A", `${r} has no data at ${where}.`);
      if (list.length === 0) throw new FunctionError("#N/A", `${r} serves no metrics at ${where}.`);
      return listSpill(list, this.output()) as string[][];
    });
  }

  filters(retailer: unknown, field?: unknown): Promise<string[][]> {
    return this.guarded(async () => {
      const r = listRetailerArg(retailer);
      const f = parseFilterField(field);
      const { client, scope } = await this.connection();
      const record = await this.cache.getOrLoad(`${scope}|filters|${r}`, () => client.listFilters(r));
      const items = (record as Record<string, unknown>)[f];
      const list = Array.isArray(items) ? items.filter((x) => x !== null && x !== undefined).map(String) : [];
      if (list.length === 0) throw new FunctionError("#N/A", `${r} has no entries in ${f}.`);
      return listSpill(list, this.output()) as string[][];
    });
  }

  actions(retailer: unknown): Promise<SpillCell[][]> {
    return this.guarded(async () => {
      const r = listRetailerArg(retailer);
      const { client, scope } = await this.connection();
      const list = await this.cache.getOrLoad(`${scope}|actions|${r}`, () => client.getActions(r));
      return tableSpill(tabulateActions(list, EXCEL_DAY_CELLS), true, this.output());
    });
  }

  // ---- internals ----

  private output(): OutputOptions {
    return { formattedNumbers: this.opts.formattedNumbers, maxCells: this.opts.maxCells };
  }

  private table(level: Level, args: TableArgs): Promise<SpillCell[][]> {
    return this.guarded(async () => {
      const call = parseTableArgs(level, args, this.opts.today());
      const maxCells = this.opts.maxCells;
      const table = await this.cachedTable(await this.connection(), call, maxCells);
      if ("tooBig" in table) {
        checkSize(table.rows + (call.headers ? 1 : 0), table.columns, maxCells);
        throw new FunctionError("#N/A", "This result is too large for a formula. Use the Sales Data pane.");
      }
      if (table.values.length === 0) throw new FunctionError("#N/A", noRowsMessage(call.queries, this.opts.today()));
      return tableSpill(table, call.headers, this.output());
    });
  }

  /**
   * The table the pane's Get data writes for the same query (fetchTableSized's answer, in period order as
   * src/refresh/pull.ts writes it), cached for the TTL and shared by identical calls in flight. Keyed by the
   * scope and each retailer's normalized query in the order given (one retailer: the query's key as before).
   */
  private cachedTable({ client, scope }: Connection, call: TableCall, maxCells: number): Promise<CachedTable> {
    const key = `${scope}|data|${maxCells}|${call.queries.map(queryKey).join("|")}`;
    return this.cache.getOrLoad<CachedTable>(key, async () => {
      // In chunks sized by the first answer, as the pane reads; the read stops once the rows pass what a spill may
      // hold (its width known from the query), the rest never sent.
      const columns = spillWidth(call.query, call.query.metrics.length);
      // At least one metric's column: a retailer may leave the others out.
      const maxRows = Math.floor(maxCells / spillWidth(call.query, 1));
      let answer;
      try {
        answer = await this.withOwnDeadline((signal) =>
          fetchTableSized(client, call.query, EXCEL_DAY_CELLS, { signal, maxRows }),
        );
      } catch (err) {
        if (err instanceof AnswerTooLarge) return { tooBig: true, rows: err.size.rows, columns };
        throw err;
      }
      const t = answer.table;
      // A result too big to spill is remembered as such (not kept whole), so a recalculation answers at once.
      const size = t.values.length * t.columns.length;
      return size > maxCells ? { tooBig: true, rows: t.values.length, columns: t.columns.length } : t;
    });
  }

  /** The session's client and the cache scope; waits (bounded) for the runtime to hand over its session. */
  private async connection(): Promise<Connection> {
    const source = this.sessionSource();
    const notStarted = () => new FunctionError("#N/A", NOT_STARTED_MESSAGE);
    const session =
      source instanceof Promise ? await withDeadline(this.opts.startupWaitMs, notStarted, () => source) : source;
    await session.ready();
    const client = session.client(); // SalesApiError "auth" with the no-key message when there is no key
    const c = session.connection();
    const scope = JSON.stringify([String(c?.baseUrl ?? "").replace(/\/+$/, ""), c?.paths ?? {}]);
    return { client, scope };
  }

  /**
   * A read aborted at the timeout. Its own deadline (not the calling cell's): the read may be shared by every
   * cell that finds it in the cache, so one cell's guard must not cancel it for the others.
   */
  private withOwnDeadline<T>(read: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const ms = this.opts.timeoutMs;
    return withDeadline(ms, () => timeoutError(ms), read);
  }

  /** Runs a call so that it always settles: with its result, a FunctionError, or #N/A after the timeout. */
  private guarded<T>(work: () => Promise<T>, fields?: Record<string, string>): Promise<T> {
    const ms = this.opts.timeoutMs;
    return withDeadline(ms, () => timeoutError(ms), work).catch((err: unknown) => {
      throw toFunctionError(err, fields);
    });
  }
}

/**
 * #N/A's words for a table without rows: the retailers, the dates and the viewby asked, days as the functions
 * say them ("7 Dec to 28 Dec 2026"); a To after the service's today says where the data stops.
 */
function noRowsMessage(queries: readonly DataRequest[], today: IsoDate): string {
  const q = queries[0];
  const who =
    queries.length === 1
      ? q.retailer
      : `any of the ${queries.length} retailers (${queries.map((x) => x.retailer).join(", ")})`;
  const stops = daysBetween(today, q.to) > 0 ? ` ${afterTodayText(today, dayWords)}` : "";
  return `The service has no rows for ${who}, ${rangeText(q)}${q.viewby ? `, viewby "${q.viewby}"` : ""}.${stops}`;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The columns of a table result with `metrics` of the query's metrics: the period, the level's key fields, each
 * metric (and its comparison), a retailer's column for several.
 */
function spillWidth(
  query: { level: Level; comparison?: unknown; retailers: readonly string[] },
  metrics: number,
): number {
  const keys = query.level === "store" ? 4 : 2;
  return 1 + keys + metrics * (query.comparison ? 2 : 1) + (query.retailers.length > 1 ? 1 : 0);
}
