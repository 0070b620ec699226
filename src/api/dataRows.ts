// Data rows: checked against DataRowSchema, and the period column found by its values.
// 100,000-row answers are common, so a tight typeof pass vouches for ordinary rows and only the rows it
// cannot vouch for go through zod, which then decides (and words the error). Same verdicts, a fraction
// of the time: see test/api/dataRows.test.ts for the property that the two agree.
import type { z } from "zod";
import { dayOfTimestamp } from "../core/dates";
import { isMetric } from "../core/query/metrics";
import { DataRowSchema, type DataRow } from "./schemas";

const TEXT_FIELDS = new Set(["sku_product_name", "store_name", "product_name"]);
const CODE_FIELDS = new Set(["sku", "store_id"]);

/** What a field's value must be for vouch to vouch for it: a metric's, a code's, a name's, or any plain value. */
const METRIC = 0;
const CODE = 1;
const TEXT = 2;
const PLAIN = 3;

function cellRule(key: string): number {
  if (isMetric(key)) return METRIC;
  if (CODE_FIELDS.has(key)) return CODE;
  if (TEXT_FIELDS.has(key)) return TEXT;
  return PLAIN;
}

/** Whether `v` keeps its field's rule (null always does); checked inline, a rule a number. */
function keeps(rule: number, v: unknown): boolean {
  if (v === null) return true;
  const t = typeof v;
  if (t === "number") return rule !== TEXT && Number.isFinite(v);
  if (t === "string") return rule !== METRIC;
  return rule === PLAIN && t === "boolean";
}

/**
 * Vouches for rows, remembering the last row's fields and their rules: rows of one answer mostly share their
 * fields in order, so a row costs a comparison of field names (no set lookups) and a check of each value.
 */
class Voucher {
  private fields: string[] = [];
  private rules: number[] = [];

  /** True when the row certainly satisfies DataRowSchema (false means: ask zod). */
  vouch(row: unknown): boolean {
    if (row === null || typeof row !== "object" || Array.isArray(row)) return false;
    const r = row as Record<string, unknown>;
    const { fields, rules } = this;
    let i = 0;
    for (const key in r) {
      if (key !== fields[i]) return this.learn(r);
      if (!keeps(rules[i], r[key])) return false;
      i++;
    }
    return i === fields.length || this.learn(r);
  }

  /** A row with other fields: its fields' rules become the ones remembered, then it is checked with them. */
  private learn(r: Record<string, unknown>): boolean {
    this.fields = Object.keys(r);
    this.rules = this.fields.map(cellRule);
    return this.fields.every((k, i) => keeps(this.rules[i], r[k]));
  }
}

/** A value as a person would name it in a message: `the text "12,5"`, `the number 12`, `a list`. */
function valueInWords(v: unknown): string {
  if (v === null) return "empty";
  if (typeof v === "string") {
    const shown = v.length > 40 ? `${v.slice(0, 40)}…` : v;
    return `the text ${JSON.stringify(shown)}`;
  }
  if (typeof v === "number") return `the number ${v}`;
  if (typeof v === "boolean") return `the value ${v}`;
  return Array.isArray(v) ? "a list" : "a group of fields";
}

/** What a field of a data row must be, in words (schemas.ts DataRowSchema). */
function allowedInWords(field: string): string {
  if (isMetric(field)) return "a number";
  if (CODE_FIELDS.has(field)) return "a number or text";
  if (TEXT_FIELDS.has(field)) return "text";
  return "a number, text, true or false";
}

/** A row the add-in cannot read: its number as a person counts (the first is 1), and what is wrong, in words. */
export class RowFormatError extends Error {
  constructor(
    /** The row's index in the answer (from 0); -1 for an answer that is not a list of rows. */
    readonly row: number,
    /** The field that is wrong; "" when the row itself is. */
    readonly field: string,
    detail: string,
  ) {
    super(row < 0 ? detail : `row ${(row + 1).toLocaleString("en-US")}: ${detail}`);
  }
}

/** The first wrong field of a row zod refused, said as `revenue is the text "12,5", not a number`. */
function rowInWords(row: unknown, issue: z.core.$ZodIssue): { field: string; detail: string } {
  if (row === null || typeof row !== "object" || Array.isArray(row))
    return { field: "", detail: `${valueInWords(row)}, not a row of fields` };
  const field = String(issue.path[0] ?? "");
  const value = (row as Record<string, unknown>)[field];
  return { field, detail: `${field} is ${valueInWords(value)}, not ${allowedInWords(field)}` };
}

/**
 * The rows as DataRow[], or a RowFormatError naming the first bad row and field; `firstRow` is the number of rows of
 * the answer before these (a batch of a streamed answer), for the message.
 */
export function checkRows(body: unknown, firstRow = 0): DataRow[] {
  if (!Array.isArray(body)) throw new RowFormatError(-1, "", `its answer is ${valueInWords(body)}, not a list of rows`);
  const voucher = new Voucher();
  for (let i = 0; i < body.length; i++) {
    if (voucher.vouch(body[i])) continue;
    const result = DataRowSchema.safeParse(body[i]);
    if (!result.success) {
      const { field, detail } = rowInWords(body[i], result.error.issues[0]);
      throw new RowFormatError(firstRow + i, field, detail);
    }
  }
  return body as DataRow[];
}

/**
 * Rows of an answer findPeriodField looks at: its first ones, so that an answer read as it arrives (the sync) finds
 * its period column as soon as it has them, as an answer read whole does.
 */
export const PERIOD_ROWS = 1000;

/**
 * The column that holds the period: the one whose values are ISO dates or timestamps in the most rows looked at
 * (of the answer's first PERIOD_ROWS rows, the first, middle and last; all of them when there are 50 or fewer), so
 * bad values do not hide the column: the answer check (src/core/answer/answerCheck.ts) then refuses each by its
 * row. The spec names it `week` for weekly rows only, so it is found by its values; `week` wins a tie.
 */
export function findPeriodField(answerRows: readonly DataRow[]): string | undefined {
  const rows = answerRows.length > PERIOD_ROWS ? answerRows.slice(0, PERIOD_ROWS) : answerRows;
  if (rows.length === 0) return undefined;
  const sample = rows.length > 50 ? [rows[0], rows[Math.floor(rows.length / 2)], rows[rows.length - 1]] : rows;
  const dated = new Map<string, number>();
  for (const r of sample)
    for (const k in r)
      if (typeof r[k] === "string" && dayOfTimestamp(r[k] as string)) dated.set(k, (dated.get(k) ?? 0) + 1);
  let best: string | undefined;
  for (const [k, n] of dated) {
    const top = best === undefined ? 0 : dated.get(best)!;
    if (n > top || (n === top && k === "week")) best = k;
  }
  return best;
}
