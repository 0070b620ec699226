// What the add-in wrote into a table's recent periods, kept so that a row it never wrote (a finance user's
// adjustment typed into the table) is known as the user's and kept (userRows.ts). Compact and bounded, because it
// is saved in the workbook and travels with the file: for each period of the window last written (the only rows a
// refresh rewrites), the number of distinct keys written and their 32-bit hashes, sorted, as delta varints in
// base64 (about 3 bytes a key in a large period); a period of more than EXACT_KEYS_PER_PERIOD keys (or past the
// record's EXACT_KEYS_PER_RECORD) keeps only its count and the sum of its hashes (an order-free digest), which tells
// a period holding exactly the rows written, or those and one row more (which it names), but not which rows are the
// user's beyond that. docs/refresh.md, "Your
// own rows in the table", has the sizes measured. Pure.
import { z } from "zod";
import { addDays, compareDays, isIsoDate, periodStart, type IsoDate } from "../dates";
import type { Timeframe } from "../query/metrics";

/**
 * Above this many distinct keys a period keeps only its count and digest (a store-level week of a big retailer).
 */
const EXACT_KEYS_PER_PERIOD = 8192;

/**
 * Exact keys in a whole record at most: a window of many periods (a table not refreshed for weeks) keeps the newest
 * periods exact and the older ones (which the next refresh rewrites only if this read's day was not saved) as
 * digests. About 200 KB of base64 at most, well inside the commit's margin under Excel's 5 MB request limit.
 */
const EXACT_KEYS_PER_RECORD = 65_536;

export interface WrittenPeriod {
  /** The period's first day. */
  period: IsoDate;
  /** Distinct keys written in it. */
  rows: number;
  /** Their hashes, sorted, as delta varints in base64 (absent over EXACT_KEYS_PER_PERIOD). */
  keys?: string;
  /** The sum of their hashes modulo 2^32 (present over EXACT_KEYS_PER_PERIOD). */
  sum?: number;
}

/** The record: the first period it covers and each period written from it on. */
export interface WrittenKeys {
  version: 1;
  from: IsoDate;
  periods: WrittenPeriod[];
}

const day = z.string().refine(isIsoDate);
const WrittenKeysSchema = z.object({
  version: z.literal(1),
  from: day,
  periods: z.array(
    z.object({
      period: day,
      rows: z.int().min(0),
      keys: z.string().optional(),
      sum: z.int().min(0).optional(),
    }),
  ),
});

/**
 * The record as read back from the workbook, or null when there is none or it cannot be read (then every stored row
 * counts as the add-in's, as for a table written before the record existed: the safe direction, since a row taken
 * for the user's is kept beside the service's rows).
 */
export function parseWrittenKeys(value: unknown): WrittenKeys | null {
  let raw = value;
  if (typeof value === "string") {
    try {
      raw = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = WrittenKeysSchema.safeParse(raw);
  return parsed.success ? (parsed.data as WrittenKeys) : null;
}

/** FNV-1a over the key's UTF-16 units: 32 bits, the same in every runtime. */
export const keyHash = (key: string): number => keyHashOn(0x811c9dc5, key);

/** keyHash continued over `text` from `h`, the hash of the text before it: keyHash(a + b) = keyHashOn(keyHash(a), b). */
export function keyHashOn(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The sum of hashes modulo 2^32: the same for the same keys in any order. */
export const hashSum = (hashes: Iterable<number>): number => {
  let s = 0;
  for (const h of hashes) s = (s + h) >>> 0;
  return s;
};

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function toBase64(bytes: readonly number[]): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    out += b === undefined ? "=" : B64[(n >> 6) & 63];
    out += c === undefined ? "=" : B64[n & 63];
  }
  return out;
}

function fromBase64(text: string): number[] | null {
  const clean = text.replace(/=+$/, "");
  const bytes: number[] = [];
  let bits = 0;
  let acc = 0;
  for (const ch of clean) {
    const v = B64.indexOf(ch);
    if (v < 0) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  return bytes;
}

/** Sorted distinct hashes as delta varints (LEB128: 7 bits a byte) in base64. */
function encodeHashes(hashes: Iterable<number>): string {
  const sorted = [...new Set(hashes)].sort((a, b) => a - b);
  const bytes: number[] = [];
  let last = 0;
  for (const h of sorted) {
    let d = h - last;
    last = h;
    while (d >= 0x80) {
      bytes.push((d % 0x80) | 0x80);
      d = Math.floor(d / 0x80);
    }
    bytes.push(d);
  }
  return toBase64(bytes);
}

/** The hashes of encodeHashes, or null when the text is not one (a damaged record). */
export function decodeHashes(text: string): number[] | null {
  const bytes = fromBase64(text);
  if (!bytes) return null;
  const out: number[] = [];
  let last = 0;
  let d = 0;
  let scale = 1;
  for (const b of bytes) {
    d += (b & 0x7f) * scale;
    if (b & 0x80) {
      scale *= 0x80;
      continue;
    }
    last += d;
    if (last > 0xffffffff) return null;
    out.push(last);
    d = 0;
    scale = 1;
  }
  return scale === 1 ? out : null;
}

/** The first period a refresh after a read on `today` rewrites: the period of today - 7 (refreshWindow.ts anchorOf); Get data's record starts there. */
export const recordFrom = (today: IsoDate, timeframe: Timeframe): IsoDate => periodStart(addDays(today, -7), timeframe);

/** A key written: its period (first day) and its row key (userColumns.ts rowKey). */
export interface KeyWritten {
  period: IsoDate;
  key: string;
}

/** The record of the keys written in the periods from `from` on (earlier ones are never rewritten by the next refresh). */
export function writtenKeys(from: IsoDate, written: Iterable<KeyWritten>): WrittenKeys {
  const byPeriod = new Map<IsoDate, Set<number>>();
  for (const { period, key } of written) {
    if (period < from) continue;
    const set = byPeriod.get(period) ?? new Set<number>();
    set.add(keyHash(key));
    byPeriod.set(period, set);
  }
  let budget = EXACT_KEYS_PER_RECORD;
  const periods = [...byPeriod.keys()]
    .sort((a, b) => compareDays(b, a)) // the newest first get the budget
    .map((p): WrittenPeriod => {
      const hashes = byPeriod.get(p)!;
      const base = { period: p, rows: hashes.size };
      const exact = hashes.size <= EXACT_KEYS_PER_PERIOD && hashes.size <= budget;
      if (!exact) return { ...base, sum: hashSum(hashes) };
      budget -= hashes.size;
      return { ...base, keys: encodeHashes(hashes) };
    })
    .reverse();
  return { version: 1, from, periods };
}
