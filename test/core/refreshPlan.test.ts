// The plan of a refresh (src/core/refresh/plan.ts) on plain values, as any store of a table's rows would call it:
// from the answer alone (kept on an empty answer, which stored cells to compare), then from the stored cells
// (held by the losses rule, or what is written and said), then what the revision changed.
import { EXCEL_DAY_CELLS, excelSerial } from "../../src/excel/excelDays";
import { ISO_DAY_CELLS } from "../../src/core/dates";
import { dateStyle, styleDays } from "../../src/core/words";
import type { Column } from "../../src/core/answer/tabulate";
import { planFromAnswer, planFromStored, revisionOf, type PlanInput } from "../../src/core/refresh/plan";
import { REFRESH_ANYWAY } from "../../src/core/refresh/lossesText";
import { dayOfSerial } from "../support/excelDays";

const W1 = excelSerial("2026-11-09"); // a Monday: the week before the window
const W2 = excelSerial("2026-11-16"); // the window's week
const COLUMNS: Column[] = [
  { name: "week", kind: "date" },
  { name: "sku", kind: "code" },
  { name: "revenue", kind: "decimal" },
];

/** A weekly SKU table of 5 rows (SKUs 1 and 2 in W1; 1, 2 and 3 in W2), re-read from W2 on; the answer's rows. */
function input(values: (string | number | null)[][], over: Partial<PlanInput> = {}): PlanInput {
  return {
    tableName: "Sales_weekly",
    when: { today: "2026-11-24", lastRead: "2026-11-23", level: "sku", timeframe: "weekly" },
    window: { kind: "window", from: "2026-11-16", to: "2026-11-24", start: "2026-11-16" },
    tail: { count: 5, offset: 0, periods: [W1, W1, W2, W2, W2], dayCells: EXCEL_DAY_CELLS },
    several: false,
    answer: {
      data: { columns: COLUMNS, values },
      periodIndex: 0,
    },
    gaps: [],
    ...over,
  };
}

const STORED = [
  [W2, 1, 10],
  [W2, 2, 20],
  [W2, 3, 30],
];

test("from the answer alone: an empty answer where the window holds rows keeps the table, in words", () => {
  expect(planFromAnswer(input([]))).toEqual({
    kind: "keep",
    warnings: [
      "The service returned no rows for 2026-11-16 to 2026-11-24, where the table has 3 rows. They were kept, not deleted. Check the retailer's connection in the service, then refresh again.",
    ],
  });
});

test("from the answer alone: the stored cells to compare are the window's rows, by key then metric", () => {
  // A window of nine rows or more in its settled periods is read alone.
  const wide = { count: 12, offset: 0, periods: [W1, W1, W1, ...Array<number>(9).fill(W2)], dayCells: EXCEL_DAY_CELLS };
  expect(planFromAnswer(input([[W2, "1", 11]], { tail: wide }))).toEqual({
    kind: "compare",
    cells: { from: 3, fields: ["week", "sku", "revenue"], settled: 0 },
  });
  // A narrow window (three rows of a week complete at the last read): the settled week before it is read too, for
  // the unit check's level (its last three settled periods; the tail holds one).
  expect(planFromAnswer(input([[W2, "1", 11]]))).toEqual({
    kind: "compare",
    cells: { from: 0, fields: ["week", "sku", "revenue"], settled: 2 },
  });
  const W0 = excelSerial("2026-11-02");
  const older = {
    count: 9,
    offset: 2,
    periods: [W0 - 14, W0 - 7, W0 - 7, W0, W1, W1, W2],
    dayCells: EXCEL_DAY_CELLS,
  };
  expect(planFromAnswer(input([[W2, "1", 11]], { tail: older }))).toEqual({
    kind: "compare",
    cells: { from: 3, fields: ["week", "sku", "revenue"], settled: 5 },
  });
  // No stored row in the window: nothing to read.
  const tail = { count: 2, offset: 0, periods: [W1, W1], dayCells: EXCEL_DAY_CELLS };
  expect(planFromAnswer(input([[W2, "1", 11]], { tail }))).toEqual({ kind: "compare" });
});

test("from the answer alone: a table of several retailers without its retailer column is refused by name", () => {
  expect(planFromAnswer(input([[W2, "1", 11]], { several: true }))).toEqual({
    kind: "refused",
    reason:
      'The table "Sales_weekly" has no retailer column, so refresh cannot tell whose rows are whose. Nothing was written; get the data again as a new table.',
  });
});

test("from the stored cells: an answer that would remove more stored rows than it writes holds the refresh", () => {
  const plan = planFromStored(input([[W2, "1", 11]]), { window: STORED });
  expect(plan.kind).toBe("refused");
  expect(plan.kind === "refused" && plan.holds.losses).toMatchObject({ rows: 2, held: true, wholePeriods: [] });
  expect(plan.kind === "refused" && plan.holds.warnings[0]).toMatch(/it would write only 1 row\./);
  expect(plan.kind === "refused" && plan.holds.warnings[0].endsWith(REFRESH_ANYWAY)).toBe(true);
});

test("from the stored cells: accepted with Refresh anyway, the write is planned with its counts and words", () => {
  const plan = planFromStored(input([[W2, "1", null]]), { window: STORED }, true);
  expect(plan).toMatchObject({
    kind: "write",
    comparison: { replaced: 1, added: 0, removed: 2 },
    expect: { cutAt: 2, count: 5 },
    readBefore: ["revenue"],
    blanked: [{ metric: "revenue", rows: 1, periods: ["2026-11-16"] }],
    gaps: [],
  });
  expect(plan.kind === "write" && plan.holds.losses?.held).toBe(false);
  expect(plan.kind === "write" && plan.holds.warnings[0]).toMatch(/^The service no longer sends 2 stored rows/);
  expect(plan.kind === "write" && plan.warnings).toEqual([
    "The service sent no value where the table had figures: revenue in 1 row (16-22 Nov). Those cells are empty now.",
  ]);
});

test("from the stored cells: a week the answer skips is a gap the record keeps and a warning names", () => {
  const plan = planFromStored(
    input([[excelSerial("2026-11-23"), "1", 5]], {
      tail: { count: 2, offset: 0, periods: [W1, W1], dayCells: EXCEL_DAY_CELLS },
    }),
    { window: [] },
  );
  expect(plan).toMatchObject({ kind: "write", gaps: [{ from: "2026-11-16", to: "2026-11-22" }] });
  expect(plan.kind === "write" && plan.warnings).toEqual([
    "The service returned no rows for 16 Nov to 22 Nov; that week is missing from the table.",
  ]);
});

test("the words a plan says write days as the surface asks: the pane's date style, or the service's by default", () => {
  const gap = (days?: ReturnType<typeof styleDays>) =>
    planFromStored(
      input([[excelSerial("2026-11-23"), "1", 5]], {
        tail: { count: 2, offset: 0, periods: [W1, W1], dayCells: EXCEL_DAY_CELLS },
        when: { ...input([]).when, ...(days ? { days } : {}) },
      }),
      { window: [] },
    );
  const said = (p: ReturnType<typeof gap>) => (p.kind === "write" ? p.warnings : []);
  expect(said(gap(styleDays(dateStyle("en-GB"))))).toEqual([
    "The service returned no rows for 16/11/2026 to 22/11/2026; that week is missing from the table.",
  ]);
  expect(said(gap())).toEqual([
    "The service returned no rows for 16 Nov to 22 Nov; that week is missing from the table.",
  ]);
});

test("after the write: the revision of each metric over the re-read week, old cells against the rows written", () => {
  const changes = revisionOf(input([[W2, "1", 11]]), { periods: [W2, W2, W2], values: [[10], [20], [30]] });
  expect(changes).toEqual([expect.objectContaining({ metric: "revenue", before: 60, after: 11, change: -49 })]);
});

test("a store that holds its days as their text (a database) gets the same plan as Excel's serials", () => {
  const iso = (cells: readonly (string | number | null)[]) =>
    cells.map((v, i) => (i === 0 && typeof v === "number" ? dayOfSerial(v) : v));
  const asText = (values: (string | number | null)[][], over: Partial<PlanInput> = {}): PlanInput => {
    const serial = input(values, over);
    return {
      ...serial,
      tail: {
        ...serial.tail,
        periods: serial.tail.periods.map((p) => dayOfSerial(p as number)),
        dayCells: ISO_DAY_CELLS,
      },
      answer: { ...serial.answer, data: { ...serial.answer.data, values: values.map(iso) } },
    };
  };
  for (const values of [
    [],
    [[W2, "1", 11]],
    [[W2, "1", null]],
    [
      [W2, "1", 10],
      [W2, "2", 20],
      [W2, "3", 31],
    ],
  ]) {
    expect(planFromAnswer(asText(values))).toEqual(planFromAnswer(input(values)));
    for (const anyway of [false, true])
      expect(planFromStored(asText(values), { window: STORED.map(iso) }, anyway)).toEqual(
        planFromStored(input(values), { window: STORED }, anyway),
      );
  }
  const before = { values: [[10], [20], [30]] };
  expect(revisionOf(asText([[W2, "1", 11]]), { ...before, periods: STORED.map((r) => dayOfSerial(r[0])) })).toEqual(
    revisionOf(input([[W2, "1", 11]]), { ...before, periods: [W2, W2, W2] }),
  );
  // A day typed as text in Excel is no day there: its row has no date.
  const typed = planFromStored(
    input([
      [W2, "1", 10],
      [W2, "2", 20],
      [W2, "3", 30],
    ]),
    {
      window: [...STORED, ["2026-11-16", 4, 40]],
    },
  );
  expect(typed.kind === "write" && typed.comparison).toMatchObject({ replaced: 3, removed: 1, undated: 1 });
});
