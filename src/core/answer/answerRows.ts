// The answer check's rules for one row, which src/core/answer/answerCheck.ts runs in its one pass over an answer: the row
// inside the dates asked, its key present (SKU or filter value; the store at store level) and sent once a day, its
// SKU or filter value the View by one, and its figures ones Excel can hold. Pure; the words are in answerWords.ts.
import { addPeriods, type IsoDate } from "../dates";
import type { Filter, Level, Timeframe } from "../query/metrics";

/** Weekly and monthly: the period that starts on `day` meets the dates asked. Daily: `day` is one of them. */
export function overlaps(day: IsoDate, q: { timeframe: Timeframe; from: IsoDate; to: IsoDate }): boolean {
  if (day > q.to) return false;
  if (q.timeframe === "daily") return day >= q.from;
  return addPeriods(day, q.timeframe, 1) > q.from;
}

/**
 * A day's row keys: the SKUs (or filter values) of rows without a store, and the stores seen with each SKU. A row
 * without a store and a row with one are the same key when their SKU is (one hides the other).
 */
export class DayKeys {
  private readonly bare = new Set<unknown>();
  private readonly stores = new Map<unknown, Set<unknown>>();

  /** Adds a row's key (its SKU or filter value, its store); false when the day already has it. */
  add(rowSku: unknown, rowStore: unknown): boolean {
    const sku = keyCode(rowSku);
    const store = keyCode(rowStore);
    if (store === undefined) {
      if (this.stores.size > 0 && this.stores.has(sku)) return false;
      const n = this.bare.size;
      return this.bare.add(sku).size > n;
    }
    if (this.bare.size > 0 && this.bare.has(sku)) return false;
    let seen = this.stores.get(sku);
    if (seen === undefined) this.stores.set(sku, (seen = new Set()));
    const n = seen.size;
    return seen.add(store).size > n;
  }
}

/** A code as a key: a numeric text is its number (the service may send 1001 one time and "1001" the next). */
export function keyCode(v: unknown): unknown {
  return typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v;
}

/** A key field with nothing in it: absent, null or empty text. */
export const blankKey = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The key fields a row lacks (absent, null or empty text): its `sku`, and at store level its `store_id`. */
export function missingKeys(row: Record<string, unknown>, level: Level): ("sku" | "store_id")[] {
  const out: ("sku" | "store_id")[] = [];
  if (blankKey(row.sku)) out.push("sku");
  if (level === "store" && blankKey(row.store_id)) out.push("store_id");
  return out;
}

/**
 * Whether a row's `sku` (the SKU code; with filter=filterN the filter value the service sends in its place) is
 * the View by value; undefined when the question has no View by. Codes compare as keys do (1001 is "1001"), filter
 * values exactly (the spec: filter names are case sensitive).
 */
export function viewByTest(q: { filter?: Filter; viewby?: string }): ((sku: unknown) => boolean) | undefined {
  const { viewby } = q;
  if (viewby === undefined) return undefined;
  if (!q.filter || q.filter === "sku") {
    const want = keyCode(viewby);
    return (sku) => keyCode(sku) === want;
  }
  return (sku) => (typeof sku === "number" ? String(sku) : sku) === viewby;
}

/** Excel's largest number (either sign): a larger one cannot be stored in a cell. */
export const EXCEL_LARGEST = 9.99999999999999e307;
/** The smallest magnitude Excel keeps (the smallest normal double): one closer to 0, other than 0, becomes 0. */
const EXCEL_SMALLEST = 2.2250738585072014e-308;

/** A number Excel cannot store as it is: beyond its largest number, or closer to 0 than its smallest (not 0). */
export function excelCannotHold(v: number): boolean {
  return v > EXCEL_LARGEST || v < -EXCEL_LARGEST || (v < EXCEL_SMALLEST && v > -EXCEL_SMALLEST && v !== 0);
}

/** A figure of a row that Excel cannot hold: which field, and the value the service sent. */
export interface Unholdable {
  field: string;
  value: number;
}

/** The first of `fields` (metrics, the SKU and store codes) whose number in the row Excel cannot hold. */
export function unholdableIn(row: Record<string, unknown>, fields: readonly string[]): Unholdable | undefined {
  for (const field of fields) {
    const v = row[field];
    if (typeof v === "number" && excelCannotHold(v)) return { field, value: v };
  }
  return undefined;
}
