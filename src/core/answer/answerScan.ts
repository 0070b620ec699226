// The answer check's one pass over the rows (src/core/answer/answerCheck.ts decides on what it found), fed as the rows
// come: a whole answer at once (the pane, refresh, the functions), or an answer a batch at a time as its body is
// parsed (the sync), with the same verdict either way (test/core/answerCheck.property.test.ts). It holds what the
// verdict needs (each distinct period's keys, counts, the first row of each kind of trouble), never the rows.
import {
  blankKey,
  excelCannotHold,
  keyCode,
  missingKeys,
  overlaps,
  unholdableIn,
  viewByTest,
  DayKeys,
  type Unholdable,
} from "./answerRows";
import { missingKeyText, unholdableText, unplacedText } from "./answerWords";
import type { AnswerQuestion, AnswerRule } from "./answerQuestion";
import { dayOfTimestamp, type IsoDate } from "../dates";
import { COMPARISON_SCALE } from "./tabulate";

/** The dates a row must meet: those of the request that returned it. */
export interface RequestDates {
  from: IsoDate;
  to: IsoDate;
}

/** The first row that refuses the whole answer: the rule, and why in words. */
export interface ScanRefusal {
  rule: AnswerRule;
  why: string;
}

/** What the pass found, for the verdict. */
export interface ScanFound {
  /** Rows kept (inside their request's dates, of the View by value). */
  kept: number;
  /** Days of the rows left out for their dates, and how many rows that was. */
  outside: { rows: number; days: Set<IsoDate> };
  /** Rows left out for their SKU (or filter value), and those values as keys (keyCode), in the order met. */
  notViewBy: { rows: number; values: Set<unknown> };
  /** Kept rows per day. */
  rowsOn: Map<IsoDate, number>;
  /** Fields of the kept rows, in the order first seen. */
  present: Set<string>;
  /** Per asked metric: kept rows whose value is null or absent. */
  empty: number[];
  /** The first kept row whose key an earlier kept row has. */
  twice?: { row: Record<string, unknown>; day: IsoDate };
  /** With a comparison: the other fields (not the period, the level's fields or a metric asked) that hold text. */
  notNumeric: Set<string>;
  /** With a comparison: per other field, the first kept row whose figure in it Excel cannot hold (as sent or /100). */
  unholdable: Map<string, { at: number; row: Record<string, unknown>; day: IsoDate }>;
}

/** A distinct period value of the answer: its day, that day's keys, whether it fits `dates`, kept rows. */
interface PeriodSlot {
  day: IsoDate;
  keys: DayKeys;
  dates: RequestDates | null;
  fits: boolean;
  rows: number;
}

/** A field's role in a row: no figure to look at, or another field (a comparison maybe); else a metric's index. */
const NO_ROLE = -1;
const OTHER = -2;

/** The codes a cell holds as numbers when the service sends them so. */
const CODES = ["sku", "store_id"];

/** The fields a row of each level may hold besides its period, metrics and comparisons (the spec's rows). */
export const LEVEL_FIELDS = {
  sku: ["sku", "sku_product_name"],
  store: ["store_id", "store_name", "sku", "product_name"],
};

/**
 * One pass over an answer's rows, in order (answers run to 100,000s of rows): each distinct period placed once, on
 * its UTC day, and a row kept when its period meets the dates of the request that returned it and its SKU (or
 * filter value) is the View by one; a kept row must have its key and figures Excel can hold, and its key is looked
 * up in its day's keys; fields and nulls counted. Refused at the first row whose period cannot be placed, or the
 * first kept row without its key or with a figure Excel cannot hold: `refusal` is set and later rows are not read.
 */
export class AnswerScan {
  refusal?: ScanRefusal;
  private readonly slots = new Map<unknown, PeriodSlot | null>();
  private readonly byDay = new Map<IsoDate, DayKeys>();
  private readonly found: ScanFound = {
    kept: 0,
    outside: { rows: 0, days: new Set() },
    notViewBy: { rows: 0, values: new Set() },
    rowsOn: new Map(),
    present: new Set(),
    empty: [],
    notNumeric: new Set(),
    unholdable: new Map(),
  };
  private readonly isViewBy: ((sku: unknown) => boolean) | undefined;
  /** The period, the level's fields and the metrics asked; other fields are comparisons maybe (with a comparison). */
  private readonly expected: Set<string> | null;
  /** The fields of the last row read, in order, and each one's role: a metric's index, OTHER, or NO_ROLE. */
  private layout: string[] = [];
  private roles: number[] = [];
  /** The metrics asked that the layout lacks, a bit each. */
  private absent = 0;
  private lastValue: unknown = undefined;
  private lastSlot: PeriodSlot | null | undefined = undefined;

  constructor(
    private readonly q: AnswerQuestion,
    readonly periodField: string,
  ) {
    this.isViewBy = viewByTest(q);
    this.found.empty = q.metrics.map(() => 0);
    // A row with no fields (the layout looked for at first) has none of the metrics.
    this.absent = q.metrics.length <= 30 ? 2 ** q.metrics.length - 1 : 0;
    this.expected = q.comparison ? new Set([periodField, ...LEVEL_FIELDS[q.level], ...q.metrics]) : null;
  }

  /**
   * Rows of the request with `dates`, `start` to `end`, after those already added: the rows kept, or null when
   * every one of them was (the caller has them). Once refused, nothing more is read (and [] is returned).
   */
  add(rows: readonly Record<string, unknown>[], dates: RequestDates, start = 0, end = rows.length) {
    let kept: Record<string, unknown>[] | null = null;
    const f = this.found;
    const { q, periodField, isViewBy } = this;
    const atStores = q.level === "store";
    for (let i = start; i < end; i++) {
      if (this.refusal) return [];
      const row = rows[i];
      const value = row[periodField];
      // Rows come period by period: the last row's slot first, then the map (a period's text is a new string in
      // every row, and hashing it was much of the pass).
      let slot = value === this.lastValue ? this.lastSlot : this.slots.get(value);
      if (slot === undefined) slot = this.slotOf(value);
      this.lastValue = value;
      this.lastSlot = slot;
      if (slot === null) return this.refuse("period", unplacedText(periodField, value, row, q));
      if (slot.dates !== dates) {
        slot.fits = overlaps(slot.day, { ...q, ...dates });
        slot.dates = dates;
      }
      if (!slot.fits) {
        kept ??= rows.slice(start, i) as Record<string, unknown>[];
        f.outside.rows++;
        f.outside.days.add(slot.day);
        continue;
      }
      const { sku, store_id: store } = row; // read once: every rule below looks at them
      if (blankKey(sku) || (atStores && blankKey(store)))
        return this.refuse("key-field", missingKeyText(row, slot.day, q, missingKeys(row, q.level)));
      if (isViewBy && !isViewBy(sku)) {
        kept ??= rows.slice(start, i) as Record<string, unknown>[];
        f.notViewBy.rows++;
        f.notViewBy.values.add(keyCode(sku));
        continue;
      }
      if (kept) kept.push(row);
      slot.rows++;
      if (!slot.keys.add(sku, store) && !f.twice) f.twice = { row, day: slot.day };
      if (!this.figures(row, slot.day)) return [];
      if ((typeof sku === "number" && excelCannotHold(sku)) || (typeof store === "number" && excelCannotHold(store)))
        return this.unholdable(row, slot.day, CODES);
      f.kept++;
    }
    return kept;
  }

  /** What the pass found (after the last row). */
  end(): ScanFound {
    const { rowsOn } = this.found;
    for (const slot of this.slots.values())
      if (slot && slot.rows > 0) rowsOn.set(slot.day, (rowsOn.get(slot.day) ?? 0) + slot.rows);
    return this.found;
  }

  /**
   * A kept row's figures: nulls of the metrics asked counted, the first figure Excel cannot hold refusing the answer,
   * the other fields noted (with a comparison). Rows of one answer mostly share their fields in order: such a row is
   * read in one pass over its fields in its own order (for...in reads them straight from the object, where a field
   * named by a variable is a slow lookup); a row with other fields is read field by field, and its fields become the
   * order looked for. False when refused.
   */
  private figures(row: Record<string, unknown>, day: IsoDate): boolean {
    const { layout, roles } = this;
    let empty = 0; // the metrics found empty, a bit each: counted only once the row is known to be in the layout
    let j = 0;
    for (const k in row) {
      if (k !== layout[j]) {
        j = -1;
        break;
      }
      const role = roles[j++];
      if (role === NO_ROLE) continue;
      const v = row[k];
      if (role === OTHER) this.other(k, v, row, day);
      else if (v === null || v === undefined) empty |= 1 << role;
      else if (typeof v === "number" && excelCannotHold(v)) {
        this.unholdable(row, day, this.q.metrics);
        return false;
      }
    }
    if (j !== layout.length) return this.learn(row, day);
    const { empty: counts } = this.found;
    empty |= this.absent;
    for (let m = 0; empty !== 0; m++, empty >>>= 1) if (empty & 1) counts[m]++;
    return true;
  }

  /** A row with fields not met before: they join the fields present and become the layout looked for; read alone. */
  private learn(row: Record<string, unknown>, day: IsoDate): boolean {
    this.layout = Object.keys(row);
    for (const k of this.layout) this.found.present.add(k);
    const { expected, q } = this;
    const metrics: readonly string[] = q.metrics;
    // More metrics than bits: every row is read field by field.
    const byBits = metrics.length <= 30;
    this.roles = this.layout.map((k) => {
      const m = byBits ? metrics.indexOf(k) : -1;
      return m >= 0 ? m : expected && !expected.has(k) ? OTHER : NO_ROLE;
    });
    this.absent = 0;
    metrics.forEach((m, i) => {
      if (byBits && !this.layout.includes(m)) this.absent |= 1 << i;
    });
    if (!byBits) this.layout = [];
    const f = this.found;
    for (let m = 0; m < metrics.length; m++) {
      const v = row[metrics[m]];
      if (v === null || v === undefined) f.empty[m]++;
      else if (typeof v === "number" && excelCannotHold(v)) {
        this.unholdable(row, day, metrics);
        return false;
      }
    }
    if (expected) for (const k of Object.keys(row)) if (!expected.has(k)) this.other(k, row[k], row, day);
    return true;
  }

  /** A kept row's other field: whether it holds text, and the first row whose figure in it Excel cannot hold. */
  private other(field: string, v: unknown, row: Record<string, unknown>, day: IsoDate): void {
    if (v === null || v === undefined) return;
    const f = this.found;
    if (typeof v !== "number") f.notNumeric.add(field);
    else if ((excelCannotHold(v) || excelCannotHold(v / COMPARISON_SCALE)) && !f.unholdable.has(field))
      f.unholdable.set(field, { at: f.kept, row, day });
  }

  private refuse(rule: AnswerRule, why: string): [] {
    this.refusal = { rule, why };
    return [];
  }

  /** The refusal of a row with a figure Excel cannot hold, the first of `fields` (the row is known to have one). */
  private unholdable(row: Record<string, unknown>, day: IsoDate, fields: readonly string[]): [] {
    return this.refuse("figure", unholdableText(row, day, this.q, unholdableIn(row, fields)!));
  }

  /** The slot of a period value met for the first time: placed on its UTC day (null when it cannot be), kept. */
  private slotOf(value: unknown): PeriodSlot | null {
    const day = typeof value === "string" ? dayOfTimestamp(value) : null;
    let keys = day === null ? undefined : this.byDay.get(day);
    if (day !== null && keys === undefined) this.byDay.set(day, (keys = new DayKeys()));
    const slot = day === null ? null : { day, keys: keys!, dates: null, fits: false, rows: 0 };
    this.slots.set(value, slot);
    return slot;
  }
}

/** The first kept row whose figure in one of `comparisons` Excel cannot hold, and that figure; in row order. */
export function unholdableComparison(
  found: ScanFound,
  comparisons: readonly string[],
): { row: Record<string, unknown>; day: IsoDate; figure: Unholdable } | undefined {
  let first: { at: number; row: Record<string, unknown>; day: IsoDate } | undefined;
  for (const c of comparisons) {
    const bad = found.unholdable.get(c);
    if (bad && (!first || bad.at < first.at)) first = bad;
  }
  if (!first) return undefined;
  for (const field of comparisons) {
    const v = first.row[field];
    if (typeof v === "number" && (excelCannotHold(v) || excelCannotHold(v / COMPARISON_SCALE)))
      return { row: first.row, day: first.day, figure: { field, value: v } };
  }
  return undefined;
}
