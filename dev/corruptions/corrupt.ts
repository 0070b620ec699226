// Pure transforms that break one rule of the data contract while the answer stays well-formed
// JSON: periods outside the dates asked, repeated keys, spacing that does not fit the timeframe,
// non-UTC timestamps, periods that are not dates, nulls, missing and unasked columns, rows of
// another View by value, rows without their key, figures Excel cannot hold, and the omitted-metrics
// header written with other separators; and figures in another unit (scale), which breaks no rule of
// one answer but changes the numbers a table already holds.
// Used by the corrupting proxy (proxy.ts), property tests and the benchmark. Date maths is on
// whole UTC days (the simulator's `Day`), not date-fns: date-fns works in the local time zone.
import { addMonths, formatDay, parseDay, weekday, weekStart, type Day } from "../simulator/dates";
import {
  type Row,
  timeframeOf,
  periodDay,
  periodField,
  keyFields,
  metricFields,
  formatLike,
  withOffset,
  shuffled,
  count,
  otherValue,
} from "./answer-rows";

export type Corruption =
  /** n rows get a period one period before datefrom's period / after dateto's period, same key otherwise. */
  | { kind: "outside"; rows: number; side: "before" | "after" }
  /** n rows appended again as copies with different metric values (same period, sku, store_id). */
  | { kind: "repeat-key"; rows: number }
  /** daily: only one weekday kept; weekly: periods on consecutive days; monthly: periods 7 days apart. */
  | { kind: "respace" }
  /** every period re-written as the same instant with a UTC offset of `hours` (-12..14, non-zero). */
  | { kind: "offset"; hours: number }
  /**
   * Not a corruption but a calendar of its own: every period written as local midnight of its day with a UTC
   * offset of `hours` (1..14): another instant, the day before in UTC (a service in a zone east of UTC).
   */
  | { kind: "local-midnight"; hours: number }
  /** n rows get a period text that is not a date. */
  | { kind: "unplaceable"; rows: number }
  /** n rows get null for one metric (the given one, else a random asked metric). */
  | { kind: "null-values"; rows: number; metric?: string }
  /** the field removed from every row; header true lists it in X-Service-Omitted-Metrics, false (default) does not. */
  | { kind: "drop-column"; column: string; header?: boolean }
  /** a field nobody asked for added to every row. */
  | { kind: "add-column"; column: string; value: number | string | null }
  /**
   * A unit change at the source: the metric (else every metric) multiplied by `factor` (> 0, not 1; 100 is pence
   * for pounds) in every row, or in n rows (those holding a non-zero figure first); with `day`, only in the rows
   * of that day (a day of every SKU sent in another unit).
   */
  | { kind: "scale"; factor: number; metric?: string; rows?: number; day?: string }
  /**
   * n rows copied, each copy right after its row with another `sku` (another SKU code, or with a product filter
   * another filter value): `codes` other values in turn (default 1), none in the answer. For a View by answer.
   */
  | { kind: "other-viewby"; rows: number; codes?: number }
  /** n rows lose a key field (default `sku`): removed, null (default) or empty text. */
  | { kind: "missing-key"; rows: number; field?: "sku" | "store_id"; as?: "removed" | "null" | "empty" }
  /** n rows get `value` (1e308, -1e308, 5e-324: finite in JSON, not in Excel) in `field`, else a random asked metric. */
  | { kind: "unstorable"; rows: number; value: number; field?: string }
  /**
   * The X-Service-Omitted-Metrics header's names joined by spaces, semicolons, or a mix ("a; b c"), with
   * `unknown` (a name that is no metric) added when given. The rows are not changed.
   */
  | { kind: "omitted-header"; separator: "space" | "semicolon" | "mixed"; unknown?: string };

export interface CorruptionContext {
  /** The request's query (timeframe, type, metric, datefrom, dateto, ...). */
  params: URLSearchParams;
  /** A seeded random source in [0, 1): every random choice comes from it. */
  rng: () => number;
}

/** Period texts that are not dates. Note that V8's Date.parse accepts "week 3" (as 2001-03-01). */
export const UNPLACEABLE_PERIODS = ["2026-13-45", "week 3", ""] as const;
// ---- the transforms ---------------------------------------------------------------------------

function outside(rows: Row[], c: { rows: number; side: "before" | "after" }, ctx: CorruptionContext): Row[] {
  const field = periodField(rows, ctx.params);
  if (field === null) return rows;
  const tf = timeframeOf(ctx.params, field);
  const days = rows.map((r) => periodDay(r[field])).filter((d): d is Day => d !== null);
  const edge =
    parseDay(ctx.params.get(c.side === "before" ? "datefrom" : "dateto") ?? "") ??
    (days.length ? days.reduce((a, b) => (c.side === "before" ? Math.min(a, b) : Math.max(a, b))) : null);
  if (edge === null) return rows;
  const dir = c.side === "before" ? -1 : 1;
  // k periods beyond the edge's own period (k >= 1).
  const beyond = (k: number): Day => {
    if (tf === "monthly") return addMonths(edge, dir * k);
    if (tf === "weekly") return weekStart(edge) + dir * 7 * k;
    return edge + dir * k;
  };
  // Rows of different series first, so moved rows do not share a key; a series picked again goes
  // one more period out, so n rows are outside and no key repeats however large n is.
  const keys = keyFields(rows, ctx.params);
  const series = (r: Row) => JSON.stringify(keys.map((k) => r[k]));
  const order = shuffled(rows.length, ctx.rng);
  const seen = new Map<string, number>();
  const firsts: number[] = [];
  const repeats: number[] = [];
  for (const i of order) {
    const s = series(rows[i]);
    (seen.has(s) ? repeats : firsts).push(i);
    seen.set(s, 0);
  }
  seen.clear();
  const picked = [...firsts, ...repeats].slice(0, count(c.rows, rows.length));
  for (const i of picked) {
    const s = series(rows[i]);
    const k = (seen.get(s) ?? 0) + 1;
    seen.set(s, k);
    rows[i] = { ...rows[i], [field]: formatLike(rows[i][field], beyond(k)) };
  }
  return rows;
}

function repeatKey(rows: Row[], n: number, ctx: CorruptionContext): Row[] {
  const metrics = metricFields(rows, ctx.params, periodField(rows, ctx.params));
  const picked = shuffled(rows.length, ctx.rng).slice(0, count(n, rows.length));
  picked.sort((a, b) => a - b);
  for (const i of picked) {
    const copy = { ...rows[i] };
    for (const m of metrics) copy[m] = otherValue(copy[m], ctx.rng);
    rows.push(copy);
  }
  return rows;
}

function respace(rows: Row[], ctx: CorruptionContext): Row[] {
  const field = periodField(rows, ctx.params);
  if (field === null) return rows;
  const tf = timeframeOf(ctx.params, field);
  const distinct = [...new Set(rows.map((r) => periodDay(r[field])).filter((d): d is Day => d !== null))].sort(
    (a, b) => a - b,
  );
  if (distinct.length < 2) return rows; // one period has no spacing to break
  if (tf === "daily") {
    const keep = weekday(distinct[Math.floor(ctx.rng() * Math.min(7, distinct.length))]);
    return rows.filter((r) => {
      const d = periodDay(r[field]);
      return d === null || weekday(d) === keep;
    });
  }
  // The i-th period (in time order) moves to first + i days (weekly) or first + 7*i days (monthly).
  const step = tf === "weekly" ? 1 : 7;
  const index = new Map(distinct.map((d, i) => [d, i]));
  return rows.map((r) => {
    const d = periodDay(r[field]);
    if (d === null) return r;
    return { ...r, [field]: formatLike(r[field], distinct[0] + step * (index.get(d) ?? 0)) };
  });
}

function offset(rows: Row[], hours: number, ctx: CorruptionContext): Row[] {
  checkCorruption({ kind: "offset", hours });
  const field = periodField(rows, ctx.params);
  if (field === null) return rows;
  return rows.map((r) => {
    const v = r[field];
    const moved = typeof v === "string" ? withOffset(v, hours) : null;
    return moved === null ? r : { ...r, [field]: moved };
  });
}

function localMidnight(rows: Row[], hours: number, ctx: CorruptionContext): Row[] {
  checkCorruption({ kind: "local-midnight", hours });
  const field = periodField(rows, ctx.params);
  if (field === null) return rows;
  const zone = `+${String(Math.floor(hours)).padStart(2, "0")}:00`;
  return rows.map((r) => {
    const day = periodDay(r[field]);
    return day === null ? r : { ...r, [field]: `${formatDay(day)}T00:00:00${zone}` };
  });
}

function unplaceable(rows: Row[], n: number, ctx: CorruptionContext): Row[] {
  const field = periodField(rows, ctx.params);
  if (field === null) return rows;
  for (const i of shuffled(rows.length, ctx.rng).slice(0, count(n, rows.length))) {
    const text = UNPLACEABLE_PERIODS[Math.floor(ctx.rng() * UNPLACEABLE_PERIODS.length)];
    rows[i] = { ...rows[i], [field]: text };
  }
  return rows;
}

function nullValues(rows: Row[], c: { rows: number; metric?: string }, ctx: CorruptionContext): Row[] {
  const metrics = metricFields(rows, ctx.params, periodField(rows, ctx.params));
  const metric = c.metric ?? metrics[Math.floor(ctx.rng() * metrics.length)];
  if (metric === undefined) return rows;
  // Rows that hold a value first, so n values really become null where there are n to change.
  const order = shuffled(rows.length, ctx.rng);
  const held = order.filter((i) => rows[i][metric] !== null);
  const already = order.filter((i) => rows[i][metric] === null);
  for (const i of [...held, ...already].slice(0, count(c.rows, rows.length))) rows[i] = { ...rows[i], [metric]: null };
  return rows;
}

/** A figure times the factor, without binary noise (12.34 x 100 is 1234, not 1234.0000000000002). */
const scaled = (v: number, factor: number): number => Number((v * factor).toPrecision(15));

function scale(
  rows: Row[],
  c: { factor: number; metric?: string; rows?: number; day?: string },
  ctx: CorruptionContext,
): Row[] {
  const period = periodField(rows, ctx.params);
  const metrics = c.metric === undefined ? metricFields(rows, ctx.params, period) : [c.metric];
  const holds = (i: number) => metrics.some((m) => typeof rows[i][m] === "number" && rows[i][m] !== 0);
  const onDay = (i: number) => c.day === undefined || String(rows[i][period ?? ""] ?? "").startsWith(c.day);
  const order = shuffled(rows.length, ctx.rng).filter(onDay);
  const picked =
    c.rows === undefined
      ? order
      : [...order.filter(holds), ...order.filter((i) => !holds(i))].slice(0, count(c.rows, rows.length));
  for (const i of picked) {
    const row = { ...rows[i] };
    for (const m of metrics) if (typeof row[m] === "number") row[m] = scaled(row[m], c.factor);
    rows[i] = row;
  }
  return rows;
}

/** Another code for copies of rows of `sku`: numbers go on after the answer's largest code, text gets a suffix. */
function otherCode(sku: unknown, n: number, top: number): unknown {
  if (typeof sku === "number") return top + 1 + n;
  const text = String(sku ?? "");
  return text.trim() !== "" && Number.isFinite(Number(text)) ? String(top + 1 + n) : `${text} (other ${n + 1})`;
}

function otherViewBy(rows: Row[], c: { rows: number; codes?: number }, ctx: CorruptionContext): Row[] {
  const picked = new Set(shuffled(rows.length, ctx.rng).slice(0, count(c.rows, rows.length)));
  const codes = Math.max(1, Math.floor(c.codes ?? 1));
  const numbers = rows.map((r) => Number(r.sku)).filter((n) => Number.isFinite(n));
  const top = numbers.length ? Math.max(...numbers) : 0;
  // Copies of rows of different codes get different codes, so no key repeats (period, code, store).
  const source = new Map<unknown, number>();
  for (const r of rows) if (!source.has(r.sku)) source.set(r.sku, source.size);
  const out: Row[] = [];
  let copies = 0;
  rows.forEach((r, i) => {
    out.push(r);
    if (!picked.has(i)) return;
    const n = source.get(r.sku)! * codes + (copies++ % codes);
    out.push({ ...r, sku: otherCode(r.sku, n, top) });
  });
  return out;
}

function missingKey(
  rows: Row[],
  c: { rows: number; field?: "sku" | "store_id"; as?: "removed" | "null" | "empty" },
  ctx: CorruptionContext,
): Row[] {
  const field = c.field ?? "sku";
  for (const i of shuffled(rows.length, ctx.rng).slice(0, count(c.rows, rows.length))) {
    const row = { ...rows[i] };
    if (c.as === "removed") delete row[field];
    else row[field] = c.as === "empty" ? "" : null;
    rows[i] = row;
  }
  return rows;
}

function unstorable(rows: Row[], c: { rows: number; value: number; field?: string }, ctx: CorruptionContext): Row[] {
  const metrics = metricFields(rows, ctx.params, periodField(rows, ctx.params));
  const field = c.field ?? metrics[Math.floor(ctx.rng() * metrics.length)];
  if (field === undefined) return rows;
  for (const i of shuffled(rows.length, ctx.rng).slice(0, count(c.rows, rows.length)))
    rows[i] = { ...rows[i], [field]: c.value };
  return rows;
}

/** Separators of the omitted-metrics header's names: "mixed" takes these in turn. */
const HEADER_SEPARATORS = { space: [" "], semicolon: [";"], mixed: ["; ", " ", ", "] } as const;

/** Throws when a corruption cannot be applied as given (so a test learns at once, not per request). */
export function checkCorruption(c: Corruption): void {
  const n = (c as { rows?: unknown }).rows;
  if ("rows" in c && (typeof n !== "number" || !Number.isInteger(n) || n < 0))
    throw new RangeError(`${c.kind}: rows must be a whole number >= 0, got ${String(n)}`);
  if (c.kind === "local-midnight" && (!Number.isInteger(c.hours) || c.hours < 1 || c.hours > 14))
    throw new RangeError(`local-midnight: hours must be a whole number in 1..14, got ${c.hours}`);
  if (c.kind === "offset" && (!Number.isFinite(c.hours) || c.hours === 0 || c.hours < -12 || c.hours > 14))
    throw new RangeError(`offset: hours must be in -12..14 and not 0, got ${c.hours}`);
  if (c.kind === "outside" && c.side !== "before" && c.side !== "after")
    throw new RangeError(`outside: side must be "before" or "after", got ${String(c.side)}`);
  if (c.kind === "scale" && (!Number.isFinite(c.factor) || c.factor <= 0 || c.factor === 1))
    throw new RangeError(`scale: factor must be a number > 0 other than 1, got ${String(c.factor)}`);
  if ((c.kind === "drop-column" || c.kind === "add-column") && (typeof c.column !== "string" || c.column === ""))
    throw new RangeError(`${c.kind}: column must be a non-empty name`);
  checkNewKinds(c);
}

function checkNewKinds(c: Corruption): void {
  if (c.kind === "other-viewby" && c.codes !== undefined && !(Number.isInteger(c.codes) && c.codes >= 1))
    throw new RangeError(`other-viewby: codes must be a whole number >= 1, got ${String(c.codes)}`);
  if (c.kind === "missing-key" && c.field !== undefined && c.field !== "sku" && c.field !== "store_id")
    throw new RangeError(`missing-key: field must be "sku" or "store_id", got ${String(c.field)}`);
  if (c.kind === "missing-key" && c.as !== undefined && !["removed", "null", "empty"].includes(c.as))
    throw new RangeError(`missing-key: as must be "removed", "null" or "empty", got ${String(c.as)}`);
  // JSON has no Infinity or NaN (JSON.stringify writes null): the figure must be finite to reach the client.
  if (c.kind === "unstorable" && !(typeof c.value === "number" && Number.isFinite(c.value)))
    throw new RangeError(`unstorable: value must be a finite number, got ${String(c.value)}`);
  if (c.kind === "unstorable" && c.field !== undefined && (typeof c.field !== "string" || c.field === ""))
    throw new RangeError("unstorable: field must be a non-empty name");
  if (c.kind === "omitted-header" && !(c.separator in HEADER_SEPARATORS))
    throw new RangeError(
      `omitted-header: separator must be "space", "semicolon" or "mixed", got ${String(c.separator)}`,
    );
  if (c.kind === "omitted-header" && c.unknown !== undefined && !/^[^\s,;]+$/.test(c.unknown))
    throw new RangeError("omitted-header: unknown must be one name, without spaces, commas or semicolons");
}

/**
 * Applies one corruption. Pure: returns a new array of new row objects and leaves `rows` as it
 * was. Random choices come from `ctx.rng` only, so a seeded rng reproduces the result exactly.
 * A count larger than the rows is clamped; an answer with no rows gives [].
 */
export function corruptRows(rows: Record<string, unknown>[], c: Corruption, ctx: CorruptionContext): Row[] {
  if (rows.length === 0) return [];
  const copy = rows.map((r) => ({ ...r }));
  switch (c.kind) {
    case "outside":
      return outside(copy, c, ctx);
    case "repeat-key":
      return repeatKey(copy, c.rows, ctx);
    case "respace":
      return respace(copy, ctx);
    case "offset":
      return offset(copy, c.hours, ctx);
    case "local-midnight":
      return localMidnight(copy, c.hours, ctx);
    case "unplaceable":
      return unplaceable(copy, c.rows, ctx);
    case "null-values":
      return nullValues(copy, c, ctx);
    case "drop-column":
      return copy.map((r) => {
        delete r[c.column];
        return r;
      });
    case "add-column":
      return copy.map((r) => {
        delete r[c.column];
        r[c.column] = c.value;
        return r;
      });
    case "scale":
      return scale(copy, c, ctx);
    case "other-viewby":
      return otherViewBy(copy, c, ctx);
    case "missing-key":
      return missingKey(copy, c, ctx);
    case "unstorable":
      return unstorable(copy, c, ctx);
    case "omitted-header":
      return copy; // the header only: omittedHeaderAfter
  }
}

/**
 * The X-Service-Omitted-Metrics value after the corruptions (undefined = no header): a dropped
 * column is removed from it (the answer says nothing), or with `header: true` listed in it; an
 * omitted-header corruption joins the names with its separators and adds its unknown name.
 */
export function omittedHeaderAfter(value: string | undefined, corruptions: Corruption[]): string | undefined {
  let names = value === undefined ? [] : value.split(/[\s,;]+/).filter((n) => n !== "");
  let separators: readonly string[] = [","];
  for (const c of corruptions) {
    if (c.kind === "omitted-header") {
      if (c.unknown !== undefined) names.push(c.unknown);
      separators = HEADER_SEPARATORS[c.separator];
    }
    if (c.kind !== "drop-column") continue;
    names = names.filter((n) => n !== c.column);
    if (c.header) names.push(c.column);
  }
  if (names.length === 0) return value === "" ? "" : undefined;
  return names.map((n, i) => (i === 0 ? n : `${separators[(i - 1) % separators.length]}${n}`)).join("");
}
