// An answer too large for the room Excel has where it would go: what a read that stopped knows of its size, and the
// words that say so with what would fit instead, only what would change something for this query (no weekly data
// for a weekly query, no View by where one is set, fewer days only when some would fit). Pure.
import { addDays, addPeriods, daysBetween, periodStart, type IsoDate } from "../dates";
import { UserError } from "../errorText";
import type { Timeframe } from "./metrics";
import type { Query } from "./query";

/** What is known of an answer's size when a read stops for it. */
export interface AnswerSize {
  /** Its rows (its retailers together): counted, or projected from what was read. */
  rows: number;
  /** `rows` is projected, not counted. */
  projected: boolean;
  /** Only that the answer has more than `rows` rows is known (no projection could be made). */
  atLeast?: boolean;
  /** Rows a period holds (all retailers), by which other dates and timeframes are projected. */
  perPeriod: number;
  /** Each retailer's rows, in the query's order. */
  retailers: { retailer: string; rows: number }[];
}

/** A read stopped because its answer cannot fit the rows it was given: its size, before any words. */
export class AnswerTooLarge extends Error {
  override readonly name = "AnswerTooLarge";
  constructor(readonly size: AnswerSize) {
    super(`The answer has ${size.projected ? "about " : ""}${size.rows} rows, more than the read may take.`);
  }
}

/** The refusal as the person reads it (tooLargeText), with the query it is about: the pane offers Copy for sync. */
export class TooLargeForExcel extends UserError {
  override readonly name = "TooLargeForExcel";
  constructor(
    message: string,
    readonly query: Query,
  ) {
    super(message);
  }
}

const LONGER: Record<Timeframe, Timeframe[]> = { daily: ["weekly", "monthly"], weekly: ["monthly"], monthly: [] };
const UNIT: Record<Timeframe, string> = { daily: "day", weekly: "week", monthly: "month" };

/** The periods of `timeframe` over `from` to `to` that can hold data (those that start before `today`). */
export function periodsBefore(from: IsoDate, to: IsoDate, timeframe: Timeframe, today: IsoDate): number {
  const last = daysBetween(to, addDays(today, -1)) < 0 ? addDays(today, -1) : to;
  let n = 0;
  for (let p = periodStart(from, timeframe); daysBetween(p, last) >= 0; p = addPeriods(p, timeframe, 1)) n++;
  return n;
}

/** How the numbers of a message are written: the reader's grouping (8,044,904 in en-GB, 8.044.904 in de-DE). */
export type CountText = (n: number) => string;

export interface Room {
  /** Rows Excel has room for where the table would go (below its header). */
  rows: number;
  /** Where that is, as the sentence says it: "on a new sheet", "below the selected cell". */
  where: string;
}

/**
 * The refusal in words: the rows (about, when projected), the room, and what would fit instead. "This query would
 * give about 8,044,904 rows; Excel has room for 1,048,575 on a new sheet. What fits: up to 1 day in From and To,
 * one SKU in View by, or Copy for sync below, to put all of it in a database. Nothing was written."
 */
export function tooLargeText(query: Query, size: AnswerSize, room: Room, today: IsoDate, count: CountText): string {
  const head = size.atLeast
    ? `This query would give more than ${count(size.rows)} rows`
    : size.projected
      ? `This query would give about ${count(size.rows)} rows`
      : `This query gives ${count(size.rows)} rows`;
  const fits = whatFits(query, size, room.rows, today, count);
  return `${head}; Excel has room for ${count(room.rows)} ${room.where}. What fits: ${orList(fits)}. Nothing was written.`;
}

/** What would change the answer enough to fit, for this query: each as a phrase. Copy for sync always comes last. */
function whatFits(query: Query, size: AnswerSize, room: number, today: IsoDate, count: CountText): string[] {
  const out: string[] = [];
  const { from, to, timeframe } = query;
  const perPeriod = Math.max(1, size.perPeriod);
  const periods = periodsBefore(from, to, timeframe, today);
  const fewer = Math.floor(room / perPeriod);
  if (fewer >= 1 && fewer < periods)
    out.push(`up to ${count(fewer)} ${UNIT[timeframe]}${fewer === 1 ? "" : "s"} in From and To`);
  const longer = LONGER[timeframe].find((t) => perPeriod * periodsBefore(from, to, t, today) <= room);
  if (longer) {
    const rows = perPeriod * periodsBefore(from, to, longer, today);
    out.push(`${longer} data (about ${count(rows)} rows)`);
  }
  if (query.retailers.length > 1) out.push("fewer retailers");
  if (query.viewby === undefined)
    out.push(query.filter === undefined || query.filter === "sku" ? "one SKU in View by" : "one value in View by");
  out.push("Copy for sync below, to put all of it in a database");
  return out;
}

/** "a or b", "a, b, or c": the last of several after a comma, as its phrases hold commas of their own. */
function orList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(" or ");
  return `${items.slice(0, -1).join(", ")}, or ${items.at(-1)}`;
}
