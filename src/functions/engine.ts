// The engine behind the SALES functions: arguments checked by the shared rules, results cached for a TTL
// (keyed by the service's address and the normalized query, never the key), SALES.VALUE calls of one
// calculation merged into one data request per (retailer, timeframe), and every call settled within the
// timeout, so no cell is left on #BUSY!.
import type { DataResult, SalesClient } from "../api";
import type { DataRow } from "../api/schemas";
import { tabulateActions } from "../core/actions";
import {
  listRetailerArg,
  parseFilterField,
  parseMetricsListArgs,
  parseTableArgs,
  parseValueArgs,
  type TableArgs,
  type ValueArgs,
  type ValueCall,
} from "../core/args";
import {
  addDays,
  addPeriods,
  dayOfTimestamp,
  excelSerial,
  fromExcelSerial,
  periodStart,
  todayIso,
  type IsoDate,
} from "../core/dates";
import { servedMetrics, type Level, type Metric, type Timeframe } from "../core/metrics";
import { queryKey, type NormalizedQuery } from "../core/query";
import { storedPeriodContaining } from "../core/refresh";
import { tabulate, type Tabulated } from "../core/tabulate";
import type { Session } from "../session";
import { TtlCache } from "./cache";
import { withDeadline } from "./deadline";
import { FunctionError, timeoutError, toFunctionError } from "./errors";
import { DEFAULT_MAX_CELLS, checkSize, listSpill, tableSpill, type OutputOptions, type SpillCell } from "./output";

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

export const NOT_STARTED_MESSAGE =
  "Sales Data has not started in this workbook yet. Open the Sales Data pane (Home > Sales Data), then recalculate.";

interface Connection {
  client: SalesClient;
  /** The service's address and paths: part of every cache key, so two services never mix. */
  scope: string;
}

/** What a SALES.VALUE group request covers: later calls inside it are answered from it. */
interface GroupMeta {
  kind: "value";
  scope: string;
  retailer: string;
  timeframe: Timeframe;
  metrics: string[];
  from: IsoDate;
  to: IsoDate;
}

/** A SALES.VALUE group's answer, indexed for picking cells. */
export interface ValueIndex {
  retailer: string;
  timeframe: Timeframe;
  /**
   * Period starts present in the answer, as Excel serials, ascending (found from the rows, whatever day weeks
   * start on): the shape refresh's storedPeriodContaining reads.
   */
  starts: number[];
  rows: Map<string, DataRow>;
  skus: Set<string>;
  byName: Map<string, string>;
  omitted: Set<string>;
}

type TooBig = { tooBig: true; rows: number; columns: number };
type CachedTable = Tabulated | TooBig;

interface PendingValue {
  call: ValueCall;
  resolve: (v: number) => void;
  reject: (e: unknown) => void;
}

interface PendingGroup {
  connection: Connection;
  retailer: string;
  timeframe: Timeframe;
  cells: PendingValue[];
}

export class FunctionsEngine {
  private opts: Required<Omit<FunctionsOptions, "now" | "today">> & { today: () => IsoDate };
  private readonly cache: TtlCache;
  private readonly pending = new Map<string, PendingGroup>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private firstQueuedAt = 0;

  constructor(
    /** The runtime's session, or a promise of it while the runtime is starting. */
    private readonly sessionSource: () => Session | Promise<Session>,
    options: FunctionsOptions = {},
  ) {
    this.opts = { ...DEFAULTS, today: () => todayIso(), ...stripUndefined(options) };
    this.cache = new TtlCache(this.opts.ttlMs, options.now);
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
      const connection = await this.connection();
      const need = valueRange(call.date, call.timeframe);
      const hit = this.cache.find<ValueIndex, GroupMeta>(
        (m) =>
          m.kind === "value" &&
          m.scope === connection.scope &&
          m.retailer === call.retailer &&
          m.timeframe === call.timeframe &&
          m.metrics.includes(call.metric) &&
          m.from <= need.from &&
          m.to >= need.to,
      );
      if (hit) return pickValue(await hit.value, call, this.opts.today());
      return new Promise<number>((resolve, reject) => this.enqueue(connection, { call, resolve, reject }));
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
      return tableSpill(tabulateActions(list), true, this.output());
    });
  }

  // ---- internals ----

  private output(): OutputOptions {
    return { formattedNumbers: this.opts.formattedNumbers, maxCells: this.opts.maxCells };
  }

  private table(level: Level, args: TableArgs): Promise<SpillCell[][]> {
    return this.guarded(async () => {
      const call = parseTableArgs(level, args, this.opts.today());
      const { client, scope } = await this.connection();
      const maxCells = this.opts.maxCells;
      const key = `${scope}|data|${maxCells}|${queryKey(call.query)}`;
      const table = await this.cache.getOrLoad<CachedTable>(key, async () => {
        const result = await this.fetchData(client, call.query);
        const t = tabulate(result, result.query);
        // A result too big to spill is remembered as such (not kept whole), so a recalculation answers at once.
        const size = t.values.length * t.columns.length;
        return size > maxCells ? { tooBig: true, rows: t.values.length, columns: t.columns.length } : t;
      });
      if ("tooBig" in table) {
        checkSize(table.rows + (call.headers ? 1 : 0), table.columns, maxCells);
        throw new FunctionError("#N/A", "This result is too large for a formula. Use the Sales Data pane.");
      }
      if (table.values.length === 0) {
        throw new FunctionError(
          "#N/A",
          `The service has no rows for ${call.query.retailer}, ${call.query.from} to ${call.query.to}` +
            `${call.query.viewby ? `, viewby "${call.query.viewby}"` : ""}.`,
        );
      }
      return tableSpill(table, call.headers, this.output());
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
   * One data request, aborted at the timeout. Its own deadline (not the calling cell's): the request may be
   * shared by every cell that finds it in the cache, so one cell's guard must not cancel it for the others.
   */
  private fetchData(client: SalesClient, query: NormalizedQuery): Promise<DataResult> {
    const ms = this.opts.timeoutMs;
    return withDeadline(
      ms,
      () => timeoutError(ms),
      (signal) => client.getData(query, { signal }),
    );
  }

  /** Runs a call so that it always settles: with its result, a FunctionError, or #N/A after the timeout. */
  private guarded<T>(work: () => Promise<T>, fields?: Record<string, string>): Promise<T> {
    const ms = this.opts.timeoutMs;
    return withDeadline(ms, () => timeoutError(ms), work).catch((err: unknown) => {
      throw toFunctionError(err, fields);
    });
  }

  private enqueue(connection: Connection, cell: PendingValue): void {
    const { retailer, timeframe } = cell.call;
    const key = JSON.stringify([connection.scope, retailer, timeframe]);
    let group = this.pending.get(key);
    if (!group) {
      group = { connection, retailer, timeframe, cells: [] };
      this.pending.set(key, group);
    }
    group.cells.push(cell);
    // Collect until the calculation goes quiet (or the longest wait is reached), then request.
    const now = Date.now();
    if (this.flushTimer === undefined) this.firstQueuedAt = now;
    else clearTimeout(this.flushTimer);
    const left = this.opts.maxBatchWaitMs - (now - this.firstQueuedAt);
    this.flushTimer = setTimeout(() => this.flush(), Math.max(0, Math.min(this.opts.batchWindowMs, left)));
  }

  private flush(): void {
    this.flushTimer = undefined;
    const groups = [...this.pending.values()];
    this.pending.clear();
    for (const g of groups) this.runGroup(g);
  }

  /** One request for a (retailer, timeframe) group: the union of its metrics, from its first period to its last. */
  private runGroup(group: PendingGroup): void {
    const { connection, retailer, timeframe, cells } = group;
    const metrics: Metric[] = [...new Set(cells.map((c) => c.call.metric))];
    let from = "";
    let to = "";
    for (const c of cells) {
      const r = valueRange(c.call.date, timeframe);
      if (!from || r.from < from) from = r.from;
      if (!to || r.to > to) to = r.to;
    }
    const query: NormalizedQuery = { level: "sku", retailer, timeframe, metrics, from, to };
    const meta: GroupMeta = { kind: "value", scope: connection.scope, retailer, timeframe, metrics, from, to };
    const key = `${connection.scope}|value|${queryKey(query)}`;
    const index = this.cache.getOrLoad(
      key,
      () => this.fetchData(connection.client, query).then((r) => indexValues(r, retailer, timeframe)),
      meta,
    );
    const today = this.opts.today();
    for (const cell of cells) {
      index.then((idx) => {
        try {
          cell.resolve(pickValue(idx, cell.call, today));
        } catch (err) {
          cell.reject(err);
        }
      }, cell.reject);
    }
  }
}

/**
 * The days a SALES.VALUE group must read so that the period containing `date` is read whole, wherever the
 * service starts its weeks: weekly reads from 6 days before the Monday of the date's week to 12 days after it
 * (any 7-day week that contains the date lies inside), monthly the calendar month, daily the day.
 */
export function valueRange(date: IsoDate, timeframe: Timeframe): { from: IsoDate; to: IsoDate } {
  if (timeframe === "daily") return { from: date, to: date };
  const start = periodStart(date, timeframe);
  if (timeframe === "weekly") return { from: addDays(start, -6), to: addDays(start, 12) };
  return { from: start, to: addDays(addPeriods(start, "monthly", 1), -1) };
}

export function indexValues(result: DataResult, retailer: string, timeframe: Timeframe): ValueIndex {
  const field = result.periodField;
  const rows = new Map<string, DataRow>();
  const skus = new Set<string>();
  const byName = new Map<string, string>();
  const starts = new Set<IsoDate>();
  for (const row of result.rows) {
    const day = dayOfTimestamp(String(row[field] ?? ""));
    if (!day || row.sku === undefined || row.sku === null) continue;
    const sku = String(row.sku);
    starts.add(day);
    skus.add(sku);
    if (typeof row.sku_product_name === "string") byName.set(row.sku_product_name.trim().toLowerCase(), sku);
    rows.set(`${day}|${sku}`, row);
  }
  return {
    retailer,
    timeframe,
    starts: [...starts].sort().map(excelSerial),
    rows,
    skus,
    byName,
    omitted: new Set(result.omittedMetrics),
  };
}

const PERIOD_WORD: Record<Timeframe, string> = { daily: "day", weekly: "week", monthly: "month" };

export function pickValue(idx: ValueIndex, call: ValueCall, today: IsoDate): number {
  const { retailer, metric, date, timeframe } = call;
  if (idx.omitted.has(metric)) {
    throw new FunctionError("#N/A", `${retailer} does not serve ${metric} at SKU level, ${timeframe}.`);
  }
  const sku = idx.skus.has(call.sku) ? call.sku : (idx.byName.get(call.sku.toLowerCase()) ?? normalizeCode(call.sku));
  const serial = storedPeriodContaining(idx.starts, date, timeframe);
  const start = serial === null ? undefined : fromExcelSerial(serial);
  if (!start) {
    const why = date >= periodStart(today, timeframe) ? " yet" : "";
    throw new FunctionError(
      "#N/A",
      `${retailer} has no ${timeframe} data for the ${PERIOD_WORD[timeframe]} of ${date}${why}.`,
    );
  }
  if (!idx.skus.has(sku)) {
    throw new FunctionError(
      "#N/A",
      `SKU ${call.sku} is not in ${retailer}'s data. SALES.FILTERS("${retailer}") lists the SKU codes.`,
    );
  }
  const row = idx.rows.get(`${start}|${sku}`);
  const v = row?.[metric];
  if (typeof v !== "number") {
    throw new FunctionError(
      "#N/A",
      `No ${metric} for SKU ${sku} at ${retailer} in the ${PERIOD_WORD[timeframe]} starting ${start}.`,
    );
  }
  return v;
}

/** "100001.0" and " 100001" name SKU 100001. */
function normalizeCode(sku: string): string {
  const n = Number(sku);
  return sku.trim() !== "" && Number.isFinite(n) ? String(n) : sku;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
