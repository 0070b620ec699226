// The shared rules a query meets before anything is sent, as the pane, the client and the SALES functions meet
// them: parsed at the edge (src/core/query/query.ts parseQuery), then validated against the service's today and
// the retailer's metrics list (src/core/query/validate.ts validateRequest). The parser's own properties, field by
// field, are in query.property.test.ts.
import fc from "fast-check";
import { addDays, isIsoDate } from "../../src/core/dates";
import { LEVEL_METRICS, METRICS, NEVER_DAILY, type MetricsAvailability } from "../../src/core/query/metrics";
import { dataParams, parseQuery, requestsOf, type IssueCode } from "../../src/core/query/query";
import { splitMetrics } from "../../src/core/query/queryFields";
import { toAfterToday, validateRequest, type Validation } from "../../src/core/query/validate";
import type { LooseQuery } from "../support/query";

const TODAY = "2026-11-23";
/** A query as people write it: one retailer. */
type OneRetailer = Omit<LooseQuery, "retailers"> & { retailer?: unknown };
const base: OneRetailer = {
  level: "sku",
  retailer: "northmart",
  timeframe: "weekly",
  metrics: "revenue,units",
  from: "2026-10-05",
  to: "2026-11-01",
};

/** The query parsed at its edge, then validated for its one retailer: the parser's problems, or validation's verdict. */
function validateDataQuery(
  { retailer, ...loose }: OneRetailer,
  ctx: { today: string; metricsList?: MetricsAvailability[] },
): Validation {
  const parsed = parseQuery({ ...loose, retailers: retailer });
  if (!parsed.ok) return { ok: false, errors: parsed.errors, warnings: [] };
  const [request, ...more] = requestsOf(parsed.query);
  if (more.length > 0) throw new Error("one retailer only here");
  return validateRequest(request, ctx);
}

function errorsOf(q: Partial<OneRetailer>, ctx: { metricsList?: MetricsAvailability[] } = {}) {
  const v = validateDataQuery({ ...base, ...q }, { today: TODAY, ...ctx });
  return v.ok ? [] : v.errors;
}

describe("parsed, then validated: each rule, with a message naming the argument and what is allowed", () => {
  test("a good query is normalised", () => {
    const v = validateDataQuery(
      {
        ...base,
        level: " SKU ",
        timeframe: "Weekly",
        metrics: ["Revenue, units", "revenue"],
        comparison: "",
        filter: null,
      },
      { today: TODAY },
    );
    expect(v).toEqual({
      ok: true,
      warnings: [],
      query: {
        level: "sku",
        retailer: "northmart",
        timeframe: "weekly",
        metrics: ["revenue", "units"],
        from: "2026-10-05",
        to: "2026-11-01",
      },
    });
  });

  test.each([
    [{ level: "region" }, "level", "not-allowed", 'Level must be "sku" or "store"'],
    [{ timeframe: "hourly" }, "timeframe", "not-allowed", "Timeframe must be one of daily, weekly, monthly"],
    [{ retailer: " " }, "retailer", "missing", "Retailer is missing"],
    [
      { level: "store", retailer: "all", metrics: "revenue" },
      "retailer",
      "not-allowed",
      '"all" (Sales Summary) exists at SKU level only',
    ],
    [{ metrics: "" }, "metrics", "missing", "Metrics is empty. Give one or more of: revenue, units"],
    [
      { metrics: "revenue;units" },
      "metrics",
      "format",
      '"revenue;units" is not a metric. Separate names with commas only.',
    ],
    [{ metrics: "revenue,bogus" }, "metrics", "not-allowed", '"bogus" is not a metric. Allowed at SKU level:'],
    [{ metrics: "stock" }, "metrics", "not-allowed", "stock is not available at SKU level. Allowed: revenue, units"],
    [
      { timeframe: "daily", metrics: "unit_ros,ranged_stores" },
      "metrics",
      "not-served",
      "unit_ros, ranged_stores are never available daily",
    ],
    [{ from: "2026-02-30" }, "from", "format", 'From must be a real date as YYYY-MM-DD, not "2026-02-30"'],
    [{ to: "01/11/2026" }, "to", "format", "To must be a real date as YYYY-MM-DD"],
    [{ from: "2026-11-02", to: "2026-11-01" }, "to", "range", "To (2026-11-01) is before From (2026-11-02)"],
    [
      { level: "store", timeframe: "daily", metrics: "revenue", from: "2026-11-08", to: "2026-11-20" },
      "from",
      "range",
      "the earliest From is 2026-11-09",
    ],
    [
      { from: "2026-11-24", to: "2026-11-30" },
      "from",
      "future",
      "The service's today is 2026-11-23: the data stops there.",
    ],
    [{ comparison: "month" }, "comparison", "not-allowed", 'Comparison must be "period", "year" or empty'],
    [{ filter: "filter9" }, "filter", "not-allowed", "Filter must be one of sku, filter1"],
    [{ viewby: "100001" }, "viewby", "requires", "View by needs a filter"],
  ] as [Partial<OneRetailer>, string, IssueCode, string][])("%j is refused on %s (%s)", (q, field, code, text) => {
    const errors = errorsOf(q);
    expect(errors.map((e) => e.field)).toContain(field);
    expect(errors.find((e) => e.field === field)?.message).toContain(text);
    expect(errors.find((e) => e.field === field)?.code).toBe(code);
  });

  test("store daily from exactly the earliest allowed day is accepted", () => {
    expect(
      errorsOf({ level: "store", timeframe: "daily", metrics: "revenue", from: "2026-11-09", to: "2026-11-22" }),
    ).toEqual([]);
  });

  test("the service's today: a From on it is accepted, after it refused; a To after it is said only by the surface", () => {
    expect(errorsOf({ from: TODAY, to: TODAY })).toEqual([]);
    expect(errorsOf({ from: "2026-11-02", to: "2026-12-31" })).toEqual([]);
    expect(errorsOf({ from: "2026-11-24", to: "2026-11-24" }).map((e) => [e.field, e.code])).toEqual([
      ["from", "future"],
    ]);
    // The warning a surface gives before sending, in its own style of a day; none when From says it already.
    const day = (d: string) => `<${d}>`;
    expect(toAfterToday({ from: "2026-11-02", to: "2026-11-24" }, { today: TODAY, day })).toEqual({
      field: "to",
      code: "future",
      message: "The service's today is <2026-11-23>: the data stops there.",
    });
    expect(toAfterToday({ from: "2026-11-02", to: TODAY }, { today: TODAY })).toBeUndefined();
    expect(toAfterToday({ from: "2026-11-24", to: "2026-11-30" }, { today: TODAY })).toBeUndefined();
  });

  test("messages name days in the surface's style", () => {
    const day = (d: string) => `<${d}>`;
    const parsed = parseQuery(
      { ...base, retailer: undefined, retailers: "northmart", from: "2026-11-02", to: "2026-11-01" },
      { day },
    );
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.message)).toEqual([
      "To (<2026-11-01>) is before From (<2026-11-02>). Swap them or pick a later To.",
    ]);
    const store = parseQuery({
      ...base,
      retailer: undefined,
      retailers: "northmart",
      level: "store",
      timeframe: "daily",
      metrics: "revenue",
      from: "2026-11-01",
      to: "2026-11-20",
    });
    const v = store.ok ? validateRequest(requestsOf(store.query)[0], { today: TODAY, day }) : undefined;
    expect(v?.ok ? [] : v?.errors.map((e) => e.message)).toEqual([
      "Store-level daily data is kept for 14 days only: the earliest From is <2026-11-09>. Use weekly store data for older dates.",
    ]);
  });

  test("metrics never served daily are dropped with a warning when others remain", () => {
    const v = validateDataQuery({ ...base, timeframe: "daily", metrics: "revenue,unit_ros" }, { today: TODAY });
    expect(v.ok && v.query.metrics).toEqual(["revenue"]);
    expect(v.warnings[0].message).toBe("Left out unit_ros: never available daily.");
    expect(v.warnings[0].code).toBe("not-served");
  });

  const freshway: MetricsAvailability = {
    retailer: "freshway",
    sku_metrics: ["revenue", "units"],
    store_metrics: null,
    sku_metrics_daily: null,
    store_metrics_daily: null,
  };

  test("with the metrics list known: a null level/timeframe is refused, unserved metrics are announced", () => {
    expect(errorsOf({ retailer: "freshway", timeframe: "daily" }, { metricsList: [freshway] })[0]).toEqual({
      field: "timeframe",
      code: "not-served",
      message: "freshway has no daily data at SKU level. Available: weekly, monthly.",
    });
    expect(
      errorsOf({ retailer: "freshway", level: "store", metrics: "revenue" }, { metricsList: [freshway] })[0].message,
    ).toContain("It has no store level data at all.");
    expect(
      errorsOf({ retailer: "freshway", metrics: "availability" }, { metricsList: [freshway] })[0].message,
    ).toContain("serves none of availability");
    expect(errorsOf({ retailer: "freshway", metrics: "availability" }, { metricsList: [freshway] })[0].code).toBe(
      "not-served",
    );
    const v = validateDataQuery(
      { ...base, retailer: "freshway", metrics: "revenue,availability" },
      { today: TODAY, metricsList: [freshway] },
    );
    expect(v.ok).toBe(true);
    expect(v.warnings[0].message).toContain("does not serve availability");
    expect(v.warnings[0].code).toBe("not-served");
  });
});

describe("parsed, then validated: properties", () => {
  const ISSUE_CODES: IssueCode[] = ["missing", "not-allowed", "format", "range", "requires", "not-served", "future"];
  // Mostly well-formed values, with enough junk mixed in that both verdicts are reached often.
  const metricText = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...METRICS).map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...METRICS).map((m) => ` ${m.toUpperCase()} `) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  // Mostly before the service's today, some days after it (a From there is refused).
  const day = fc.integer({ min: -800, max: 20 }).map((n) => addDays(TODAY, n));
  const some = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 6, arbitrary: good }, { weight: 1, arbitrary: bad });
  const range = fc
    .tuple(day, fc.integer({ min: -3, max: 120 }))
    .map(([from, len]) => ({ from, to: addDays(from, len) }));
  const fields = fc.record({
    level: some(fc.constantFrom("sku", "store", "SKU", " Store "), fc.constantFrom("shop", "")),
    retailer: some(fc.constantFrom("northmart", "all", "ALL", " pharmaplus "), fc.constant("")),
    timeframe: some(fc.constantFrom("daily", "weekly", "monthly", "Monthly"), fc.constant("yearly")),
    metrics: fc.oneof(
      fc.array(metricText, { maxLength: 4 }),
      fc.array(metricText, { maxLength: 4 }).map((a) => a.join(",")),
    ),
    range: some(
      range,
      fc.record({ from: fc.string({ maxLength: 10 }), to: fc.constantFrom("2026-13-01", "", "2026-11-01") }),
    ),
    comparison: some(fc.constantFrom(undefined, "", "period", "year"), fc.constant("week")),
    filter: some(fc.constantFrom(undefined, null, "sku", "filter3", "Filter5"), fc.constant("brand")),
    viewby: some(fc.constantFrom(undefined, "", "100001", "Sunvale"), fc.constant("  ")),
  });
  const query: fc.Arbitrary<OneRetailer> = fields.map(({ range: r, ...rest }) => ({ ...rest, ...r }));

  test("an accepted query yields a clean metric parameter and real dates in order", () => {
    let accepted = 0;
    fc.assert(
      fc.property(query, (q) => {
        const v = validateDataQuery(q, { today: TODAY });
        if (!v.ok) return;
        accepted++;
        const params = dataParams(v.query);
        expect(params.metric).toMatch(/^[a-z_]+(,[a-z_]+)*$/);
        expect(isIsoDate(params.datefrom)).toBe(true);
        expect(isIsoDate(params.dateto)).toBe(true);
        expect(params.datefrom <= params.dateto).toBe(true);
        for (const m of v.query.metrics) expect(LEVEL_METRICS[v.query.level]).toContain(m);
        if (v.query.timeframe === "daily") for (const m of v.query.metrics) expect(NEVER_DAILY).not.toContain(m);
        if (v.query.level === "store") expect(v.query.retailer.toLowerCase()).not.toBe("all");
        if (v.query.level === "store" && v.query.timeframe === "daily")
          expect(v.query.from >= addDays(TODAY, -14)).toBe(true);
        if (v.query.viewby !== undefined) expect(v.query.filter).toBeDefined();
        expect(v.query.from <= TODAY).toBe(true); // nothing comes back from after the service's today
      }),
      // Seeded: only about one query in eighteen is accepted, so an unseeded run can fall short of the guard below
      // (it did once in CI, with exactly 100).
      { numRuns: 2000, seed: 15 },
    );
    expect(accepted).toBeGreaterThan(100); // the generator must reach the accepting side too
  });

  test("a rejected query always says why, on a named argument", () => {
    fc.assert(
      fc.property(query, (q) => {
        const v = validateDataQuery(q, { today: TODAY });
        if (v.ok) return;
        expect(v.errors.length).toBeGreaterThan(0);
        for (const e of v.errors) {
          expect([
            "level",
            "retailer",
            "timeframe",
            "metrics",
            "from",
            "to",
            "comparison",
            "filter",
            "viewby",
          ]).toContain(e.field);
          expect(ISSUE_CODES).toContain(e.code);
          expect(e.message.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('"missing" is the code of exactly the messages that say a required value is missing or empty', () => {
    // The pane holds these back until the first "Get data"; it reads the code, never the wording.
    let missing = 0;
    fc.assert(
      fc.property(query, (q) => {
        const v = validateDataQuery(q, { today: TODAY });
        if (v.ok) return;
        for (const e of v.errors) {
          expect(e.code === "missing").toBe(/is missing|is empty/.test(e.message));
          if (e.code === "missing") missing++;
        }
      }),
      { numRuns: 2000 },
    );
    expect(missing).toBeGreaterThan(0);
  });

  test("splitMetrics is idempotent and yields unique, trimmed, lower-case names", () => {
    fc.assert(
      fc.property(fc.array(metricText, { maxLength: 6 }), (parts) => {
        const once = splitMetrics(parts);
        expect(splitMetrics(once)).toEqual(once);
        expect(new Set(once).size).toBe(once.length);
        for (const n of once) expect(n).toBe(n.trim().toLowerCase());
      }),
    );
  });
});
