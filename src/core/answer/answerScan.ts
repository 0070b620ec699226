// The answer check's one pass over the rows (src/core/answer/answerCheck.ts decides on what it found), fed as the rows
// come: a whole answer at once (the pane, refresh, the functions), or an answer a batch at a time as its body is
// parsed (the sync), with the same verdict either way (test/core/answerCheck.property.test.ts). It holds what the
// verdict needs (each distinct period's keys, counts, the first row of each kind of trouble), never the rows.
import {
  addKey,
  blankKey,
  excelCannotHold,
  keyCode,
  missingKeys,
  overlaps,
  sameFields,
  unholdableIn,
  viewByTest,
  type DayKeys,
  type Unholdable,
} from "./answerRows";
import { missingKeyText, unholdableText, unplacedText } from "./answerWords";
import type { AnswerQuestion, AnswerRule } from "./answerCheck";
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
  /** Fields that are no period, level field or metric asked: comparison columns maybe (with a comparison only). */
  private readonly expected: Set<string> | null;
  private lastFields: string[] = [];
  private others: string[] = [];

  constructor(
    private readonly q: AnswerQuestion,
    readonly periodField: string,
  ) {
    this.isViewBy = viewByTest(q);
    this.found.empty = q.metrics.map(() => 0);
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
    const metrics = q.metrics;
    const atStores = q.level === "store";
    for (let i = start; i < end; i++) {
      if (this.refusal) return [];
      const row = rows[i];
      const value = row[periodField];
      let slot = this.slots.get(value);
      if (slot === undefined) slot = this.slotOf(value);
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
      if (!addKey(slot.keys, sku, store) && !f.twice) f.twice = { row, day: slot.day };
      if (!sameFields(row, this.lastFields)) this.learn(row);
      // Figures Excel cannot hold, in the loop that counts nulls: one look at each figure of 100,000s of rows.
      for (let m = 0; m < metrics.length; m++) {
        const v = row[metrics[m]];
        if (v === null || v === undefined) f.empty[m]++;
        else if (typeof v === "number" && excelCannotHold(v)) return this.unholdable(row, slot.day, metrics);
      }
      if ((typeof sku === "number" && excelCannotHold(sku)) || (typeof store === "number" && excelCannotHold(store)))
        return this.unholdable(row, slot.day, CODES);
      if (this.others.length > 0) this.other(row, slot.day);
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

  /** A kept row with fields not met before: they join the fields present, and the other fields are found again. */
  private learn(row: Record<string, unknown>): void {
    this.lastFields = Object.keys(row);
    for (const k of this.lastFields) this.found.present.add(k);
    const { expected } = this;
    this.others = expected ? this.lastFields.filter((k) => !expected.has(k)) : [];
  }

  /** A kept row's other fields: which hold text, and the first row whose figure in each Excel cannot hold. */
  private other(row: Record<string, unknown>, day: IsoDate): void {
    const f = this.found;
    for (const field of this.others) {
      const v = row[field];
      if (v === null || v === undefined) continue;
      if (typeof v !== "number") f.notNumeric.add(field);
      else if ((excelCannotHold(v) || excelCannotHold(v / COMPARISON_SCALE)) && !f.unholdable.has(field))
        f.unholdable.set(field, { at: f.kept, row, day });
    }
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
    if (day !== null && keys === undefined) this.byDay.set(day, (keys = new Map()));
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
