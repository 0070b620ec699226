// The refusal of an answer too large for Excel (src/core/query/sizeAdvice.ts): the rows and the room in the reader's
// grouping, and as what would fit only what would change something for this query.
import { parseQuery, type Query } from "../../src/core/query/query";
import { periodsBefore, tooLargeText, type AnswerSize } from "../../src/core/query/sizeAdvice";
import { dateStyle } from "../../src/core/words";

const GB = dateStyle("en-GB").count;
const DE = dateStyle("de-DE").count;
const TODAY = "2026-11-30";
const NEW_SHEET = { rows: 1_048_575, where: "on a new sheet" };

/** The service's parameter names: none may be read in a message for people. */
const PARAMETERS = /\b(type|retailer|timeframe|metric|datefrom|dateto|comparison|filter|viewby)\b/;

function query(fields: Record<string, unknown>): Query {
  const parsed = parseQuery({ level: "store", retailers: "northmart", metrics: "revenue,units", ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return parsed.query;
}

const size = (rows: number, perPeriod: number, projected = true): AnswerSize => ({
  rows,
  projected,
  perPeriod,
  retailers: [{ retailer: "northmart", rows }],
});

test("14 days of a large brand's store data: about the rows, the room, a day at a time, View by or a sync", () => {
  const q = query({ timeframe: "daily", from: "2026-11-16", to: "2026-11-29" });
  const text = tooLargeText(q, size(8_044_904, 574_636), NEW_SHEET, TODAY, GB);
  expect(text).toBe(
    "This query would give about 8,044,904 rows; Excel has room for 1,048,575 on a new sheet. What fits: up to 1 day " +
      "in From and To, monthly data (about 574,636 rows), one SKU in View by, or Copy for sync below, to put all of it " +
      "in a database. Nothing was written.",
  );
  expect(text).not.toMatch(PARAMETERS);
  // Weekly would give 3 weeks of the stores' rows (16 Nov is a Monday, 29 Nov a Sunday: 2 weeks), over the room.
  expect(periodsBefore(q.from, q.to, "weekly", TODAY)).toBe(2);
  expect(text).not.toContain("weekly");
});

test("a weekly query of four retailers: no weekly, no fewer weeks than one; fewer retailers, View by, a sync", () => {
  const q = query({
    retailers: "northmart,freshway,cornershop,pharmaplus",
    timeframe: "weekly",
    from: "2026-11-16",
    to: "2026-11-22",
  });
  const text = tooLargeText(q, size(1_054_807, 1_054_807, false), NEW_SHEET, TODAY, GB);
  expect(text).toBe(
    "This query gives 1,054,807 rows; Excel has room for 1,048,575 on a new sheet. What fits: fewer retailers, one " +
      "SKU in View by, or Copy for sync below, to put all of it in a database. Nothing was written.",
  );
  expect(text).not.toMatch(/weekly|week|month/);
});

test("View by set: not offered again; monthly: no longer timeframe; numbers grouped the reader's way", () => {
  const q = query({ timeframe: "monthly", from: "2024-01-01", to: "2026-10-31", viewby: "100001", filter: "sku" });
  const text = tooLargeText(
    q,
    size(2_100_000, 61_765),
    { rows: 1_048_000, where: "below the selected cell" },
    TODAY,
    DE,
  );
  expect(text).toBe(
    "This query would give about 2.100.000 rows; Excel has room for 1.048.000 below the selected cell. What fits: up " +
      "to 16 months in From and To or Copy for sync below, to put all of it in a database. Nothing was written.",
  );
  expect(text).not.toContain("View by");
});

test("a filter's value in View by, and a weekly timeframe offered only when its rows fit", () => {
  const q = query({ level: "sku", timeframe: "daily", from: "2026-06-01", to: "2026-11-29", filter: "filter2" });
  // 182 days of 6,000 rows: 26 weeks of them fit.
  const text = tooLargeText(q, size(1_092_000, 6_000), NEW_SHEET, TODAY, GB);
  expect(text).toContain("up to 174 days in From and To, weekly data (about 156,000 rows), one value in View by");
});

test("a read stopped at the room before its size could be projected says only that it is more", () => {
  const q = query({ timeframe: "weekly", from: "2026-11-02", to: "2026-11-29" });
  const text = tooLargeText(
    q,
    { ...size(4_509, 4_509), atLeast: true },
    { rows: 576, where: "below the selected cell" },
    TODAY,
    GB,
  );
  expect(text).toMatch(
    /^This query would give more than 4,509 rows; Excel has room for 576 below the selected cell\. /,
  );
});
