// SALES.VALUE batching. The cells of one calculation are collected until it goes quiet, then each
// (service, retailer, timeframe) group makes one data request for the union of its metrics over all SKUs, from
// its first cell's period to its last's, and each cell is picked from the answer by the period containing its
// date. A later cell inside a cached (or in-flight) group is answered from it. Owns the pending groups, the
// flush timer, the group meta and the picking; the engine owns the cache, the timeout and the arguments.
import type { DataResult, SalesClient } from "../api";
import type { DataRow } from "../api/schemas";
import type { ValueCall } from "../core/query/args";
import { addDays, addPeriods, dayOfTimestamp, periodStart, type IsoDate } from "../core/dates";
import type { Metric, Timeframe } from "../core/query/metrics";
import { queryKey, type DataRequest } from "../core/query/query";
import { storedPeriodContaining } from "../core/refresh/refreshWindow";
import { afterTodayText } from "../core/query/validate";
import { dayWords } from "../core/words";
import type { TtlCache } from "./cache";
import { FunctionError } from "./errors";

/** The service a call reads. */
export interface Connection {
  client: SalesClient;
  /** The service's address and paths: part of every cache key, so two services never mix. */
  scope: string;
}

interface ValueBatchOptions {
  /** Cells are collected until none has arrived for this long ... */
  batchWindowMs: number;
  /** ... or this long after the first of them, then requested together. */
  maxBatchWaitMs: number;
  /** The service's today (a period from today's on with no data yet says "yet"). */
  today: () => IsoDate;
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
interface ValueIndex {
  retailer: string;
  timeframe: Timeframe;
  /**
   * Period starts present in the answer, ascending (found from the rows, whatever day weeks start on): the shape
   * refresh's storedPeriodContaining reads.
   */
  starts: IsoDate[];
  rows: Map<string, DataRow>;
  skus: Set<string>;
  byName: Map<string, string>;
  omitted: Set<string>;
}

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

export class ValueBatcher {
  private readonly pending = new Map<string, PendingGroup>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private firstQueuedAt = 0;

  constructor(
    /** The engine's cache: group answers are kept there with their GroupMeta. */
    private readonly cache: TtlCache,
    /** One data request, settled within the engine's timeout. */
    private readonly fetchData: (client: SalesClient, query: DataRequest) => Promise<DataResult>,
    /** Read at each use, so the engine's configure() applies at once. */
    private readonly options: () => ValueBatchOptions,
  ) {}

  /** One cell's value: from a cached (or in-flight) group that covers it, else from the next batch's request. */
  value(connection: Connection, call: ValueCall): Promise<number> {
    const hit = this.covering(connection.scope, call);
    if (hit) return hit.then((idx) => pickValue(idx, call, this.options().today()));
    return new Promise<number>((resolve, reject) => this.enqueue(connection, { call, resolve, reject }));
  }

  /** The answer of a live group with the call's metric and whole period, if any. */
  private covering(scope: string, call: ValueCall): Promise<ValueIndex> | undefined {
    const need = valueRange(call.date, call.timeframe);
    const hit = this.cache.find<ValueIndex, GroupMeta>(
      (m) =>
        m.kind === "value" &&
        m.scope === scope &&
        m.retailer === call.retailer &&
        m.timeframe === call.timeframe &&
        m.metrics.includes(call.metric) &&
        m.from <= need.from &&
        m.to >= need.to,
    );
    return hit?.value;
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
    const { batchWindowMs, maxBatchWaitMs } = this.options();
    const now = Date.now();
    if (this.flushTimer === undefined) this.firstQueuedAt = now;
    else clearTimeout(this.flushTimer);
    const left = maxBatchWaitMs - (now - this.firstQueuedAt);
    this.flushTimer = setTimeout(() => this.flush(), Math.max(0, Math.min(batchWindowMs, left)));
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
    const { from, to } = spanOf(
      cells.map((c) => c.call.date),
      timeframe,
    );
    const query: DataRequest = { level: "sku", retailer, timeframe, metrics, from, to };
    const meta: GroupMeta = { kind: "value", scope: connection.scope, retailer, timeframe, metrics, from, to };
    const key = `${connection.scope}|value|${queryKey(query)}`;
    const index = this.cache.getOrLoad(
      key,
      () => this.fetchData(connection.client, query).then((r) => indexValues(r, retailer, timeframe)),
      meta,
    );
    const today = this.options().today();
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

/** The days a group reads: from its earliest cell's valueRange to its latest's. */
function spanOf(dates: IsoDate[], timeframe: Timeframe): { from: IsoDate; to: IsoDate } {
  let from = "";
  let to = "";
  for (const date of dates) {
    const r = valueRange(date, timeframe);
    if (!from || r.from < from) from = r.from;
    if (!to || r.to > to) to = r.to;
  }
  return { from, to };
}

/**
 * The days a SALES.VALUE group must read so that the period containing `date` is read whole, wherever the
 * service starts its weeks: weekly reads from 6 days before the Monday of the date's week to 12 days after it
 * (any 7-day week that contains the date lies inside), monthly the calendar month, daily the day.
 */
function valueRange(date: IsoDate, timeframe: Timeframe): { from: IsoDate; to: IsoDate } {
  if (timeframe === "daily") return { from: date, to: date };
  const start = periodStart(date, timeframe);
  if (timeframe === "weekly") return { from: addDays(start, -6), to: addDays(start, 12) };
  return { from: start, to: addDays(addPeriods(start, "monthly", 1), -1) };
}

/**
 * A group's answer indexed by (period start, SKU), with its SKUs, product names and omitted metrics.
 */
function indexValues(result: DataResult, retailer: string, timeframe: Timeframe): ValueIndex {
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
    starts: [...starts].sort(),
    rows,
    skus,
    byName,
    omitted: new Set(result.omittedMetrics),
  };
}

const PERIOD_WORD: Record<Timeframe, string> = { daily: "day", weekly: "week", monthly: "month" };

/**
 * One cell's figure from its group's answer, or #N/A saying what is missing (metric, period, SKU, value).
 */
function pickValue(idx: ValueIndex, call: ValueCall, today: IsoDate): number {
  const { retailer, metric, date, timeframe } = call;
  if (idx.omitted.has(metric)) {
    throw new FunctionError("#N/A", `${retailer} does not serve ${metric} at SKU level, ${timeframe}.`);
  }
  const sku = idx.skus.has(call.sku) ? call.sku : (idx.byName.get(call.sku.toLowerCase()) ?? normalizeCode(call.sku));
  const start = storedPeriodContaining(idx.starts, date, timeframe) ?? undefined;
  if (!start) {
    const why = date >= periodStart(today, timeframe) ? " yet" : "";
    const stops = date > today ? ` ${afterTodayText(today, dayWords)}` : "";
    throw new FunctionError(
      "#N/A",
      `${retailer} has no ${timeframe} data for the ${PERIOD_WORD[timeframe]} of ${dayWords(date)}${why}.${stops}`,
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
      `No ${metric} for SKU ${sku} at ${retailer} in the ${PERIOD_WORD[timeframe]} starting ${dayWords(start)}.`,
    );
  }
  return v;
}

/** "100001.0" and " 100001" name SKU 100001. */
function normalizeCode(sku: string): string {
  const n = Number(sku);
  return sku.trim() !== "" && Number.isFinite(n) ? String(n) : sku;
}
