// Reading and rewriting a data answer's rows, for the corrupting transforms (corrupt.ts): the request's timeframe,
// a row's period (its UTC day, whatever its text), key and metric fields, a day written like the answer's own
// period texts or with a UTC offset; and the seeded random choices every transform draws from. Date maths is on
// whole UTC days (the simulator's `Day`), not date-fns: date-fns works in the local time zone.
import { PERIOD_FIELD } from "../simulator/data";
import { formatDay, parseDay, type Day } from "../simulator/dates";

export type Row = Record<string, unknown>;
type Timeframe = "daily" | "weekly" | "monthly";

const MS_PER_DAY = 86_400_000;

/** mulberry32: a small deterministic generator; the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- reading an answer ------------------------------------------------------------------------

export function timeframeOf(params: URLSearchParams, field: string | null): Timeframe {
  const t = params.get("timeframe");
  if (t === "daily" || t === "weekly" || t === "monthly") return t;
  const byField = (Object.keys(PERIOD_FIELD) as Timeframe[]).find((k) => PERIOD_FIELD[k] === field);
  return byField ?? "daily";
}

/** A period text's UTC day (the instant's day, so an offset timestamp reads as its UTC day), or null. */
export function periodDay(value: unknown): Day | null {
  if (typeof value !== "string" || parseDay(value.slice(0, 10)) === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / MS_PER_DAY);
}

/**
 * The period field: the simulator's name for the request's timeframe when the rows have it,
 * else the first field whose value reads as a date.
 */
export function periodField(rows: Row[], params: URLSearchParams): string | null {
  const first = rows[0];
  if (!first) return null;
  const t = params.get("timeframe");
  const named = t === "daily" || t === "weekly" || t === "monthly" ? PERIOD_FIELD[t] : null;
  if (named !== null && named in first) return named;
  for (const row of rows.slice(0, 20)) {
    const found = Object.keys(row).find((k) => periodDay(row[k]) !== null);
    if (found) return found;
  }
  return null;
}

/** The fields that key a row besides its period: sku, and store_id at store level. */
export function keyFields(rows: Row[], params: URLSearchParams): string[] {
  const first = rows[0] ?? {};
  const keys = ["sku"];
  if (params.get("type") === "store" || "store_id" in first) keys.push("store_id");
  return keys;
}

/** Metrics asked for that the rows carry; else every numeric field that is not a key. */
export function metricFields(rows: Row[], params: URLSearchParams, period: string | null): string[] {
  const first = rows[0] ?? {};
  const asked = (params.get("metric") ?? "").split(",").filter((m) => m !== "" && m in first);
  if (asked.length) return asked;
  const keys = keyFields(rows, params);
  return Object.keys(first).filter((k) => k !== period && !keys.includes(k) && typeof first[k] === "number");
}

/** Write a day like the sample period text: date only, with milliseconds, or the simulator's `...T00:00:00Z`. */
export function formatLike(sample: unknown, day: Day): string {
  if (typeof sample === "string" && /^\d{4}-\d{2}-\d{2}$/.test(sample)) return formatDay(day);
  if (typeof sample === "string" && /\.\d+Z$/.test(sample)) return new Date(day * MS_PER_DAY).toISOString();
  return `${formatDay(day)}T00:00:00Z`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The same instant as `value`, written in local time at `hours` from UTC: "...T23:00:00-01:00". */
export function withOffset(value: string, hours: number): string | null {
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || periodDay(value) === null) return null;
  const minutes = Math.round(hours * 60);
  const local = new Date(ms + minutes * 60_000);
  const frac = /\.\d+/.exec(value)?.[0] ?? "";
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return (
    `${local.toISOString().slice(0, 19)}${frac ? `.${pad(local.getUTCMilliseconds(), 3)}` : ""}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

// ---- random choices ---------------------------------------------------------------------------

/** The indexes 0..n-1 in a random order (Fisher-Yates with the given rng). */
export function shuffled(n: number, rng: () => number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function count(n: number, max: number): number {
  return Math.max(0, Math.min(max, Math.floor(Number.isFinite(n) ? n : 0)));
}

/** A different value for a metric: an integer stays an integer, 2 decimals stay 2 decimals. */
export function otherValue(v: unknown, rng: () => number): number {
  if (typeof v !== "number" || !Number.isFinite(v)) return 1 + Math.floor(rng() * 100);
  if (Number.isInteger(v)) return v + 1 + Math.floor(rng() * Math.max(10, Math.abs(v) * 0.3));
  const next = Math.round(v * (1.1 + rng() * 0.4) * 100) / 100;
  return next === v ? v + 1 : next;
}
