// Builds the /data response: periods overlapping the range, one row per period and SKU (or
// filter value) and, at store level, per store. The JSON text is assembled by hand from
// pre-escaped fragments because JSON.stringify of 100k row objects is the slow part.
import { skuProductName, storeLabel, type Catalog, type Retailer, type Sku, type Store } from "./catalog";
import type { Metric } from "./metrics";
import { addMonths, isoTimestamp, monthStart, weekStart, type Day } from "./dates";
import { badRequest } from "./errors";
import { bytes, JsonWriter } from "./json-writer";
import { metricsListFor, type DataQuery, type Timeframe } from "./query";
import { newSkuAcc, newStoreAcc, type SkuAcc, type StoreAcc, type ValueModel } from "./values";

// Read once: a global read per call is slow where the global object is intercepted (Jest runs tests in vm contexts).
const { abs, max, min, round } = Math;

/** History served: from the first day of the month 36 months before today's month. */
export const HISTORY_MONTHS = 36;
/**
 * The rows one answer may build by default: a guard for the simulator's memory, not a service rule (the service
 * states none). `maxRows: 0` lifts it, to play a service without a limit.
 */
export const DEFAULT_MAX_ROWS = 1_000_000;

export function historyStart(today: Day): Day {
  return addMonths(monthStart(today), -HISTORY_MONTHS);
}

export const PERIOD_FIELD: Record<Timeframe, string> = { daily: "date", weekly: "week", monthly: "month" };

export function comparisonColumn(metric: Metric, comparison: "period" | "year"): string {
  return `${metric}_vs_${comparison}_pct`;
}

interface Period {
  label: Uint8Array; // JSON fragment: {"<field>":"<timestamp>",
  a: Day; // first and last day inside the range that have data
  b: Day;
  baseA: Day; // comparison days; baseA > baseB when there is no comparison base
  baseB: Day;
}

function periods(q: DataQuery, today: Day): Period[] {
  const first = max(q.from, historyStart(today));
  const last = min(q.to, today - 1); // days on or after today have no data yet
  const field = PERIOD_FIELD[q.timeframe];
  const out: Period[] = [];
  const push = (start: Day, end: Day, shift: (d: Day) => Day, baseEnd: Day) => {
    const a = max(start, first);
    const b = min(end, last);
    if (a > b) return;
    let baseA = shift(a);
    let baseB = min(shift(b), baseEnd);
    if (baseA < historyStart(today)) [baseA, baseB] = [1, 0];
    out.push({ label: bytes(`{"${field}":"${isoTimestamp(start)}",`), a, b, baseA, baseB });
  };
  if (q.timeframe === "monthly") {
    for (let ms = monthStart(q.from); ms <= q.to; ms = addMonths(ms, 1)) {
      const me = addMonths(ms, 1) - 1;
      // Comparison: the same day offsets in the previous month (or the same month a year ago), clipped to that month.
      const bs = addMonths(ms, q.comparison === "year" ? -12 : -1);
      push(ms, me, (d) => bs + (d - ms), addMonths(bs, 1) - 1);
    }
  } else {
    const len = q.timeframe === "weekly" ? 7 : 1;
    // Year comparison: 52 weeks back (364 days), so weekdays line up.
    const back = q.comparison === "year" ? 364 : len;
    for (let s = q.timeframe === "weekly" ? weekStart(q.from) : q.from; s <= q.to; s += len) {
      push(s, s + len - 1, (d) => d - back, Infinity);
    }
  }
  return out;
}

interface Group {
  head: Uint8Array; // JSON fragment for the SKU / filter columns
  members: Sku[];
}

function skuGroups(catalog: Catalog, q: DataQuery, ranged: (s: Sku) => boolean, storeLevel: boolean): Group[] {
  const groups: Group[] = [];
  if (q.filter === 0) {
    for (const s of catalog.skus) {
      if (!ranged(s) || (q.viewby !== null && q.viewby !== String(s.code))) continue;
      const head = storeLevel
        ? `"sku":${s.code},"product_name":${JSON.stringify(s.name)}`
        : `"sku":${s.code},"sku_product_name":${JSON.stringify(skuProductName(s))}`;
      groups.push({ head: bytes(head), members: [s] });
    }
  } else {
    for (const value of catalog.filterValues[q.filter - 1]) {
      if (q.viewby !== null && q.viewby !== value) continue; // filter names are case sensitive
      const members = catalog.skus.filter((s) => s.filters[q.filter - 1] === value && ranged(s));
      if (members.length === 0) continue;
      const v = JSON.stringify(value);
      groups.push({
        head: bytes(storeLevel ? `"sku":${v},"product_name":${v}` : `"sku":${v},"sku_product_name":${v}`),
        members,
      });
    }
  }
  return groups;
}

const round2 = (x: number) => round(x * 100) / 100;

function skuMetric(m: Metric, a: SkuAcc, days: number): number | null {
  switch (m) {
    case "revenue":
      return a.revenueCents / 100;
    case "units":
      return a.units;
    case "average_price":
      return a.units > 0 ? round2(a.revenueCents / 100 / a.units) : null;
    case "availability":
      return a.rangedDays > 0 ? round2((100 * a.withStockDays) / a.rangedDays) : null;
    case "wastage":
      return a.wastage;
    // Rates of sale: per store selling, per week.
    case "unit_ros":
      return a.sellingDays > 0 ? round2((7 * a.units) / a.sellingDays) : null;
    case "value_ros":
      return a.sellingDays > 0 ? round2((7 * a.revenueCents) / 100 / a.sellingDays) : null;
    // Store counts of a period: the day average, rounded.
    case "ranged_stores":
      return round(a.rangedDays / days);
    case "stores_selling":
      return round(a.sellingDays / days);
    case "stores_with_stock":
      return round(a.withStockDays / days);
    default:
      return null;
  }
}

function storeMetric(m: Metric, a: StoreAcc): number | null {
  switch (m) {
    case "revenue":
      return a.revenueCents / 100;
    case "units":
      return a.units;
    case "average_price":
      return a.units > 0 ? round2(a.revenueCents / 100 / a.units) : null;
    case "stock":
      return a.stock;
    case "wastage":
      return a.wastage;
    case "lost_sales":
      return a.lostCents / 100;
    default:
      return null;
  }
}

function change(cur: number | null, base: number | null): number | null {
  if (cur === null || base === null || base === 0) return null;
  return round2(((cur - base) / abs(base)) * 100);
}

function addAcc(into: SkuAcc, a: SkuAcc): void {
  into.units += a.units;
  into.revenueCents += a.revenueCents;
  into.wastage += a.wastage;
  into.rangedDays += a.rangedDays;
  into.withStockDays += a.withStockDays;
  into.sellingDays += a.sellingDays;
}

function resetAcc(a: SkuAcc): void {
  a.days = a.units = a.revenueCents = a.wastage = a.rangedDays = a.withStockDays = a.sellingDays = 0;
}

/**
 * SKU level: fills `out` with the per-metric values of one group over days a..b; false when no
 * source ranges any member. Accumulators are reused across rows: this is the hot loop.
 */
function skuValues(
  model: ValueModel,
  q: DataQuery,
  sources: Source[],
  g: Group,
  a: Day,
  b: Day,
  today: Day,
  out: (number | null)[],
): boolean {
  const days = b - a + 1;
  let any = false;
  for (const src of sources) {
    const acc = src.acc;
    resetAcc(acc);
    for (const s of g.members) {
      if (!src.retailer.ranges[s.index]) continue;
      any = true;
      model.addSkuDays(src.retailer, s, a, b, today, acc);
    }
  }
  if (!any) return false;
  const ms = q.metrics;
  if (sources.length === 1) {
    for (let i = 0; i < ms.length; i++) out[i] = skuMetric(ms[i], sources[0].acc, days);
    return true;
  }
  // `all`: each metric sums over the retailers that serve it, and ratios are recomputed from those sums.
  const sum = newSkuAcc();
  for (let i = 0; i < ms.length; i++) {
    resetAcc(sum);
    for (const src of sources) if (src.serves.has(ms[i])) addAcc(sum, src.acc);
    out[i] = skuMetric(ms[i], sum, days);
  }
  return true;
}

interface Source {
  retailer: Retailer;
  serves: Set<Metric>;
  acc: SkuAcc;
}

/**
 * Answers of more rows than this are sent as they are built, in parts and without a Content-Length, as a service
 * streams a large answer: a day of 2.3 million store rows took longer to build whole than a client waits for an
 * answer to begin, and held 440 MB. Smaller answers are built whole and say their length.
 */
export const STREAMED_ROWS = 1_000_000;

/** Rows of a streamed answer in one part. */
const PART_ROWS = 20_000;

/** A data answer's JSON in parts, built as they are asked for; `whole()` joins them, for who needs it all at once. */
export class PartedBody {
  constructor(readonly parts: Iterable<Buffer>) {}

  whole(): Buffer {
    return Buffer.concat([...this.parts]);
  }
}

/**
 * The answer's JSON: whole, or in parts when it has more than STREAMED_ROWS rows. The rows are counted and refused
 * past `maxRows` (0: any size) before any part is built, so a refusal is an answer of its own.
 */
export function buildDataJson(
  catalog: Catalog,
  model: ValueModel,
  q: DataQuery,
  today: Day,
  maxRows: number = DEFAULT_MAX_ROWS,
): Buffer | PartedBody {
  const input: AnswerInput = { catalog, model, q, today, ps: periods(q, today), out: new JsonWriter() };
  const rows = q.level === "sku" ? skuRows(input) : storeRows(input);
  if (maxRows > 0 && rows.count > maxRows) throw tooLarge(rows.count, maxRows);
  const body = new PartedBody(inParts(input.out, rows.written));
  return rows.count > STREAMED_ROWS ? body : body.whole();
}

/** What an answer's rows are built from, and the writer they are written to. */
interface AnswerInput {
  catalog: Catalog;
  model: ValueModel;
  q: DataQuery;
  today: Day;
  ps: Period[];
  out: JsonWriter;
}

/** An answer's rows: at most `count` of them, each written to the writer as `written` is iterated. */
interface AnswerRows {
  count: number;
  written: Iterable<void>;
}

/** The JSON array of the rows, taken from the writer every PART_ROWS rows. */
function* inParts(out: JsonWriter, rows: Iterable<void>): Generator<Buffer> {
  const COMMA = 44;
  out.byte(91); // [
  let n = 0;
  for (const _ of rows) {
    if (++n % PART_ROWS === 0) yield out.take();
    out.byte(COMMA);
  }
  if (n > 0) out.drop(1); // the comma after the last row
  out.byte(93); // ]
  yield out.take();
}

const CLOSE = 125;

function metricNames(q: DataQuery) {
  return {
    names: q.metrics.map((m) => bytes(`,"${m}":`)),
    cmpNames: q.comparison ? q.metrics.map((m) => bytes(`,"${comparisonColumn(m, q.comparison!)}":`)) : [],
  };
}

function skuRows({ catalog, model, q, today, ps, out }: AnswerInput): AnswerRows {
  const { names, cmpNames } = metricNames(q);
  const sources: Source[] = (q.retailer ? [q.retailer] : catalog.retailers)
    .map((r) => ({
      retailer: r,
      serves: new Set(metricsListFor(r.metrics, "sku", q.timeframe) ?? []),
      acc: newSkuAcc(),
    }))
    .filter((src) => q.metrics.some((m) => src.serves.has(m)));
  const groups = skuGroups(catalog, q, (s) => sources.some((src) => src.retailer.ranges[s.index]), false);
  function* written(): Generator<void> {
    const vals: (number | null)[] = new Array(q.metrics.length).fill(null);
    const base: (number | null)[] = new Array(q.metrics.length).fill(null);
    for (const p of ps) {
      for (const g of groups) {
        if (!skuValues(model, q, sources, g, p.a, p.b, today, vals)) continue;
        out.raw(p.label);
        out.raw(g.head);
        for (let i = 0; i < vals.length; i++) {
          out.raw(names[i]);
          out.num(vals[i]);
        }
        if (q.comparison) {
          const hasBase = p.baseA <= p.baseB && skuValues(model, q, sources, g, p.baseA, p.baseB, today, base);
          for (let i = 0; i < vals.length; i++) {
            out.raw(cmpNames[i]);
            out.num(change(vals[i], hasBase ? base[i] : null));
          }
        }
        out.byte(CLOSE);
        yield;
      }
    }
  }
  return { count: ps.length * groups.length, written: written() };
}

function storeRows({ catalog, model, q, today, ps, out }: AnswerInput): AnswerRows {
  const { names, cmpNames } = metricNames(q);
  const r = q.retailer!; // parseDataQuery rejects `all` at store level
  const groups = skuGroups(catalog, q, (s) => r.ranges[s.index], true);
  // Which store carries which SKU, computed once per request rather than per period.
  const carries = new Map<Sku, Set<Store>>();
  for (const g of groups)
    for (const s of g.members) carries.set(s, new Set(r.stores.filter((st) => model.storeRanges(r, s, st))));
  const cells: { g: Group; st: Store; members: Sku[] }[] = [];
  for (const g of groups) {
    for (const st of r.stores) {
      const members = g.members.filter((s) => carries.get(s)!.has(st));
      if (members.length > 0) cells.push({ g, st, members });
    }
  }
  const storeHeads = new Map<Store, Uint8Array>(
    r.stores.map((st) => [st, bytes(`"store_id":${st.id},"store_name":${JSON.stringify(storeLabel(st))},`)]),
  );
  const values = (members: Sku[], st: Store, a: Day, b: Day) => {
    const acc = newStoreAcc();
    for (const s of members) model.addStoreDays(r, s, st, a, b, today, acc);
    return q.metrics.map((m) => storeMetric(m, acc));
  };
  function* written(): Generator<void> {
    for (const p of ps) {
      for (const c of cells) {
        const vals = values(c.members, c.st, p.a, p.b);
        out.raw(p.label);
        out.raw(storeHeads.get(c.st)!);
        out.raw(c.g.head);
        for (let i = 0; i < vals.length; i++) {
          out.raw(names[i]);
          out.num(vals[i]);
        }
        if (q.comparison) {
          const base = p.baseA <= p.baseB ? values(c.members, c.st, p.baseA, p.baseB) : null;
          for (let i = 0; i < vals.length; i++) {
            out.raw(cmpNames[i]);
            out.num(change(vals[i], base ? base[i] : null));
          }
        }
        out.byte(CLOSE);
        yield;
      }
    }
  }
  return { count: ps.length * cells.length, written: written() };
}

function tooLarge(n: number, maxRows: number) {
  return badRequest(
    `The request would return about ${n} rows, more than the simulator's limit of ${maxRows}: narrow the date range, use a longer timeframe or set 'viewby'.`,
  );
}
