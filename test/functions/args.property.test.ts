// Arguments as people write them: property tests over every accepted form, and errors that name the argument,
// each through the call that reads it (SALES.VALUE's date, SALES.SKU's metrics and headers).
import fc from "fast-check";
import {
  ArgumentError,
  parseTableArgs,
  parseValueArgs,
  parseFilterField,
  parseMetricsListArgs,
  listRetailerArg,
} from "../../src/core/query/args";
import { format } from "date-fns";
import { addDays, addPeriods } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import { LEVEL_METRICS } from "../../src/core/query/metrics";
import { requestsOf, type Query } from "../../src/core/query/query";
import { validateForRetailers } from "../../src/core/query/retailers";
import { validateRequest } from "../../src/core/query/validate";
import { asQuery, request, type LooseQuery } from "../support/query";

const TODAY = "2026-11-23";

/** What the shared rules make of a loose query: parsed at its edge, validated for each retailer (metrics as sent). */
function checkedQuery(loose: LooseQuery): Query {
  const q = asQuery(loose);
  const v = validateForRetailers(q, { today: TODAY, metricsLists: new Map() });
  if (!v.ok) throw new Error(`refused: ${v.errors.map((e) => e.message).join(" ")}`);
  return { ...q, metrics: v.queries[0].metrics };
}

const day = fc
  .date({ min: new Date(1900, 2, 1), max: new Date(9997, 11, 31), noInvalidDate: true })
  .map((d) => format(d, "yyyy-MM-dd"));

/** A day up to the service's today: a From after it is refused (nothing comes back from there). */
const dayUpToToday = fc
  .date({ min: new Date(1900, 2, 1), max: new Date(2026, 10, 23), noInvalidDate: true })
  .map((d) => format(d, "yyyy-MM-dd"));

const spaces = fc.constantFrom("", " ", "  ", "\t");
const randomCase = (s: string) =>
  fc
    .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
    .map((flags) => [...s].map((ch, i) => (flags[i] ? ch.toUpperCase() : ch)).join(""));

/** A date argument as SALES.VALUE reads it (its `date`), on the service's today `today`. */
const dateArg = (raw: unknown, today = TODAY) =>
  parseValueArgs({ retailer: "northmart", metric: "revenue", sku: 100001, date: raw }, today).date;

/** A SALES.SKU call of northmart's revenue over two months, with `args` in place of its own. */
const skuCall = (args: Record<string, unknown>) =>
  parseTableArgs(
    "sku",
    { retailer: "northmart", metrics: "revenue", from: "2026-01-05", to: "2026-03-01", ...args },
    TODAY,
  );

function thrown(f: () => unknown): ArgumentError {
  try {
    f();
  } catch (e) {
    if (e instanceof ArgumentError) return e;
    throw e;
  }
  throw new Error("expected an ArgumentError");
}

describe("dates", () => {
  test("a date serial (with or without a time of day, alone or as a one-cell range) is its day", () => {
    fc.assert(
      fc.property(day, fc.double({ min: 0, max: 0.999, noNaN: true }), fc.boolean(), (d, time, asRange) => {
        const serial = excelSerial(d) + time;
        expect(dateArg(asRange ? [[serial]] : serial)).toBe(d);
      }),
    );
  });

  test('"YYYY-MM-DD" text, with spaces around, is that day', () => {
    fc.assert(fc.property(day, spaces, spaces, (d, a, b) => expect(dateArg(`${a}${d}${b}`)).toBe(d)));
  });

  test('relative forms: "-7d", "+3d", "-4w", "-12m", "-1y", "today", "today-2w", any case and spacing', () => {
    const unitDays = { d: 1, w: 7 } as const;
    fc.assert(
      fc.property(
        fc.constantFrom("-", "+"),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom("d", "w", "m", "y"),
        fc.boolean(),
        spaces,
        (sign, big, unit, prefix, sp) => {
          const n = unit === "y" ? big % 100 : big; // relative forms reach about 100 years
          fc.assert(
            fc.property(randomCase(`${prefix ? "today" : ""}${sp}${sign}${sp}${n}${sp}${unit}`), (text) => {
              const k = sign === "-" ? -n : n;
              const expected =
                unit === "d" || unit === "w"
                  ? addDays(TODAY, k * unitDays[unit])
                  : addPeriods(TODAY, "monthly", unit === "m" ? k : 12 * k);
              expect(dateArg(text)).toBe(expected);
            }),
            { numRuns: 3 },
          );
        },
      ),
      { numRuns: 200 },
    );
    expect(dateArg("today")).toBe(TODAY);
    expect(dateArg(" TODAY ")).toBe(TODAY);
    expect(dateArg("-7d")).toBe("2026-11-16");
    expect(dateArg("-4w")).toBe("2026-10-26");
    expect(dateArg("-12m")).toBe("2025-11-23");
    expect(dateArg("-1m", "2026-03-31")).toBe("2026-02-28"); // clipped to the month's end
    expect(thrown(() => dateArg("-101y")).message).toMatch(/^date: "-101y" is not a date/); // about 100 years at most
    expect(skuCall({ from: "-4w", to: "today" }).query).toMatchObject({ from: "2026-10-26", to: TODAY });
  });

  test("anything else is refused with #VALUE!-style errors naming the argument and listing the forms", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        let result: string | undefined;
        try {
          result = dateArg(text);
        } catch (e) {
          expect(e).toBeInstanceOf(ArgumentError);
          expect((e as ArgumentError).argument).toBe("date");
          expect((e as ArgumentError).message).toMatch(/^date: /);
          expect((e as ArgumentError).message).toContain('"YYYY-MM-DD"');
          expect((e as ArgumentError).message).toContain('"-7d"');
          return;
        }
        expect(result).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }),
    );
    for (const bad of ["2026-02-30", "yesterday", "7d", "-7x", "05/01/2026", true, 0, -5, 1e9, [[1, 2]]]) {
      const e = thrown(() => dateArg(bad));
      expect(e.argument).toBe("date");
    }
    expect(thrown(() => skuCall({ from: undefined })).message).toMatch(/^from: is missing/);
    expect(thrown(() => skuCall({ from: "" })).message).toMatch(/^from: is missing/);
    expect(thrown(() => dateArg("")).message).toMatch(/^date: is missing/);
  });
});

describe("metrics", () => {
  /** SALES.SKU's metrics as its `metrics` argument reads them. */
  const metricsArg = (raw: unknown) => skuCall({ metrics: raw }).query.metrics;
  const metricName = fc.constantFrom(...LEVEL_METRICS.sku);

  test("a comma list in any case and spacing, or a range with empty cells, gives the names in order, once each", () => {
    fc.assert(
      fc.property(
        fc.array(metricName, { minLength: 1, maxLength: 6 }),
        fc.array(spaces, { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (names, pads, width, upper) => {
          const shown = names.map((n, i) => `${pads[i]}${upper && i % 2 ? n.toUpperCase() : n}${pads[i + 6]}`);
          const expected = [...new Set(names)];
          // as one text
          expect(metricsArg(shown.join(","))).toEqual(expected);
          // as a range: one name per cell, padded with empty cells ("" and null), `width` columns
          const cells: unknown[] = shown.flatMap((n, i) => (i % 2 ? [n, ""] : [n, null]));
          const range: unknown[][] = [];
          for (let i = 0; i < cells.length; i += width) {
            const row = cells.slice(i, i + width);
            while (row.length < width) row.push("");
            range.push(row);
          }
          expect(metricsArg(range)).toEqual(expected);
          // a range whose cells hold lists
          expect(metricsArg([[shown.slice(0, 2).join(",")], [shown.slice(2).join(", ")]])).toEqual(expected);
        },
      ),
    );
  });

  test("numbers or booleans in the range are refused, naming the argument", () => {
    expect(thrown(() => metricsArg([["revenue"], [42]])).message).toMatch(/^metrics: expected metric names/);
    expect(thrown(() => metricsArg([[true]])).argument).toBe("metrics");
    expect(
      thrown(() => parseValueArgs({ retailer: "northmart", metric: [[true]], sku: 1, date: TODAY }, TODAY)).message,
    ).toMatch(/^metric: expected metric names/);
  });
});

describe("booleans (headers)", () => {
  test("TRUE/FALSE, 1/0, their text, yes/no and empty (the default)", () => {
    const cases: [unknown, boolean][] = [
      [true, true],
      [false, false],
      [1, true],
      [0, false],
      [2, true],
      ["TRUE", true],
      ["false", false],
      [" True ", true],
      ["1", true],
      ["0", false],
      ["yes", true],
      ["NO", false],
      [[[false]], false],
    ];
    for (const [raw, expected] of cases) expect([raw, skuCall({ headers: raw }).headers]).toEqual([raw, expected]);
    for (const empty of [undefined, null, "", "  ", [[""]]]) expect(skuCall({ headers: empty }).headers).toBe(true);
  });

  test("anything else names the argument", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !["true", "false", "yes", "no", "1", "0", ""].includes(s.trim().toLowerCase())),
        (s) => expect(thrown(() => skuCall({ headers: s })).message).toMatch(/^headers: must be TRUE or FALSE/),
      ),
    );
  });
});

describe("whole calls", () => {
  const retailer = fc.constantFrom("northmart", "freshway", "all");
  const timeframe = fc.constantFrom(undefined, "", "daily", "Weekly", "MONTHLY");

  test("SALES.SKU arguments give exactly what the shared validation gives for the same query", () => {
    fc.assert(
      fc.property(
        retailer,
        fc.array(fc.constantFrom("revenue", "units", "availability"), { minLength: 1, maxLength: 3 }),
        dayUpToToday,
        fc.integer({ min: 0, max: 400 }),
        timeframe,
        fc.constantFrom(undefined, "", "period", "year"),
        fc.constantFrom(undefined, true, false, 0, "FALSE"),
        (r, ms, from, span, tf, comparison, headers) => {
          const to = addDays(from, span);
          const call = parseTableArgs(
            "sku",
            {
              retailer: r,
              metrics: [[ms.join(", ")]],
              from: excelSerial(from),
              to,
              timeframe: tf,
              comparison,
              headers,
            },
            TODAY,
          );
          const expected = checkedQuery({
            level: "sku",
            retailers: r,
            metrics: ms,
            from,
            to,
            timeframe: tf || "weekly",
            comparison,
          });
          expect(call.query).toEqual(expected);
          expect(call.headers).toBe(headers === undefined ? true : headers === true);
        },
      ),
    );
  });

  test("each bad argument is named", () => {
    const good = { retailer: "northmart", metrics: [["revenue"]], from: "2026-01-05", to: "2026-03-01" };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ retailer: "" }, "retailer", /Retailer is missing/],
      [{ metrics: [["revenue"], ["bogus"]] }, "metrics", /"bogus" is not a metric/],
      [{ metrics: "" }, "metrics", /Metrics is empty/],
      [{ from: "soon" }, "from", /^from: "soon" is not a date/],
      [{ to: "2025-01-01" }, "to", /^To \(1 Jan 2025\) is before From \(5 Jan 2026\)\./],
      [{ from: "+1d", to: "+7d" }, "from", /^from: The service's today is 23 Nov 2026: the data stops there\.$/],
      [{ timeframe: "hourly" }, "timeframe", /Timeframe must be one of daily, weekly, monthly/],
      [{ comparison: "month" }, "comparison", /Comparison must be "period", "year" or empty/],
      [{ filter: "filter9" }, "filter", /Filter must be one of/],
      [{ viewby: 100001 }, "viewby", /View by needs a filter/],
      [{ headers: "maybe" }, "headers", /^headers: must be TRUE or FALSE/],
    ];
    for (const [change, argument, message] of cases) {
      const e = thrown(() => parseTableArgs("sku", { ...good, ...change }, TODAY));
      expect([argument, e.argument]).toEqual([argument, argument]);
      expect(e.message).toMatch(message);
    }
    const store = thrown(() => parseTableArgs("store", { ...good, retailer: "all" }, TODAY));
    expect(store.argument).toBe("retailer");
    const old = thrown(() => parseTableArgs("store", { ...good, timeframe: "daily" }, TODAY));
    expect(old.argument).toBe("from");
    expect(old.message).toContain("the earliest From is 9 Nov 2026");
  });

  test("SALES.VALUE: one metric, a SKU, a date; the validation's fields are renamed to its arguments", () => {
    const good = { retailer: "northmart", metric: "Revenue", sku: 100001, date: "2026-01-07" };
    expect(parseValueArgs(good, TODAY)).toEqual({
      retailer: "northmart",
      metric: "revenue",
      sku: "100001",
      date: "2026-01-07",
      timeframe: "weekly",
    });
    expect(parseValueArgs({ ...good, sku: " 100002 ", timeframe: "Daily", date: "-1d" }, TODAY)).toMatchObject({
      sku: "100002",
      timeframe: "daily",
      date: "2026-11-22",
    });
    expect(thrown(() => parseValueArgs({ ...good, metric: "revenue,units" }, TODAY)).message).toMatch(
      /^metric: give one metric name/,
    );
    expect(thrown(() => parseValueArgs({ ...good, metric: "" }, TODAY)).argument).toBe("metric");
    expect(thrown(() => parseValueArgs({ ...good, metric: "stock" }, TODAY)).message).toMatch(
      /^metric: stock is not available at SKU level/,
    );
    expect(thrown(() => parseValueArgs({ ...good, sku: "" }, TODAY)).message).toMatch(/^sku: is missing/);
    expect(thrown(() => parseValueArgs({ ...good, date: "2026-13-01" }, TODAY)).argument).toBe("date");
    expect(thrown(() => parseValueArgs({ ...good, timeframe: "yearly" }, TODAY)).argument).toBe("timeframe");
    expect(thrown(() => parseValueArgs({ ...good, retailer: undefined }, TODAY)).argument).toBe("retailer");
  });

  test("SALES.VALUE reads one retailer per cell: two (a list or a range) are refused with its own rule", () => {
    const good = { metric: "revenue", sku: 100001, date: "2026-01-07" };
    const e = thrown(() => parseValueArgs({ ...good, retailer: "northmart, freshway" }, TODAY));
    expect([e.argument, e.message]).toEqual([
      "retailer",
      "retailer: SALES.VALUE reads one retailer per cell, not 2 (northmart, freshway). Use SALES.SKU for several retailers in one table.",
    ]);
    expect(thrown(() => parseValueArgs({ ...good, retailer: [["northmart"], ["freshway"]] }, TODAY)).argument).toBe(
      "retailer",
    );
    expect(parseValueArgs({ ...good, retailer: [["northmart,"]] }, TODAY).retailer).toBe("northmart");
  });

  test("list arguments", () => {
    expect(parseMetricsListArgs(undefined, "")).toEqual({ level: "sku", timeframe: "weekly" });
    expect(parseMetricsListArgs("STORE", "Daily")).toEqual({ level: "store", timeframe: "daily" });
    expect(thrown(() => parseMetricsListArgs("shelf", undefined)).message).toBe(
      'level: must be "sku" or "store", not "shelf".',
    );
    expect(parseFilterField("skuproductname")).toBe("skuProductName");
    expect(parseFilterField(undefined)).toBe("sku");
    expect(thrown(() => parseFilterField("brand")).argument).toBe("field");
    expect(thrown(() => listRetailerArg("All")).message).toMatch(/^retailer: lists are per retailer/);
    expect(thrown(() => listRetailerArg(undefined)).argument).toBe("retailer");
  });
});

describe("several retailers (SALES.SKU / SALES.STORE)", () => {
  const POOL = ["northmart", "freshway", "pharmaplus", "budgetbox"];
  const good = { metrics: "revenue,units", from: "2026-01-05", to: "2026-03-01" };
  /** The retailers as a user may write them: a comma list with any spacing, a column or a row with empty cells. */
  const written = (names: string[]) =>
    fc.oneof(
      fc.tuple(spaces, spaces).map(([a, b]) => names.map((n) => `${a}${n}${b}`).join(",")),
      fc
        .array(fc.constantFrom<unknown>("", null, " "), { minLength: names.length, maxLength: names.length })
        .map((blanks) => names.flatMap((n, i) => [[` ${n}`], [blanks[i]]])),
      fc.constant([[...names, ""]]),
    );

  test("any form of a list gives each retailer the shared validation's query, in the order given", () => {
    const lists = fc.shuffledSubarray(POOL, { minLength: 2, maxLength: POOL.length });
    fc.assert(
      fc.property(
        lists.chain((names) => fc.tuple(fc.constant(names), written(names))),
        fc.constantFrom("sku" as const, "store" as const),
        ([names, retailer], level) => {
          const call = parseTableArgs(level, { ...good, retailer }, TODAY);
          const expected = names.map((r) =>
            validateRequest(request({ level, timeframe: "weekly", ...good, retailer: r }), { today: TODAY }),
          );
          expect(call.queries).toEqual(expected.map((v) => (v.ok ? v.query : v)));
          const { retailer: _first, ...shared } = call.queries[0];
          expect(call.query).toEqual({ ...shared, retailers: names });
        },
      ),
    );
  });

  test("one retailer, in any form, is exactly today's single-retailer call", () => {
    fc.assert(
      fc.property(fc.constantFrom(...POOL, "all"), spaces, (r, pad) => {
        const single = parseTableArgs("sku", { ...good, retailer: r }, TODAY);
        expect(requestsOf(single.query)).toEqual(single.queries);
        expect(single.query.retailers).toEqual([r]);
        for (const form of [`${pad}${r}${pad}`, [[r]], [[""], [r], [null]], `${r},`])
          expect(parseTableArgs("sku", { ...good, retailer: form }, TODAY)).toEqual(single);
      }),
    );
  });

  test("a bad list names the retailer argument and what is allowed", () => {
    const cases: [unknown, RegExp][] = [
      ["all, northmart", /^retailer: "all" \(Sales Summary\) cannot be combined with other retailers/],
      [[["northmart"], ["freshway"], ["NorthMart"]], /^retailer: Each retailer may be listed once: northmart/],
      [[[""], [null], [" "]], /^Retailer is missing/],
      [",", /^Retailer is missing/],
      [[["northmart", false]], /^retailer: expected retailer names, not FALSE/],
    ];
    for (const [retailer, message] of cases) {
      const e = thrown(() => parseTableArgs("sku", { ...good, retailer }, TODAY));
      expect([retailer, e.argument]).toEqual([retailer, "retailer"]);
      expect(e.message).toMatch(message);
    }
    // A rule every retailer breaks is said once, on its own argument.
    const daily = thrown(() =>
      parseTableArgs("store", { ...good, retailer: "northmart,freshway", timeframe: "daily" }, TODAY),
    );
    expect(daily.argument).toBe("from");
    expect(daily.message.match(/14 days/g)).toHaveLength(1);
    expect(
      thrown(() => parseTableArgs("sku", { ...good, retailer: "northmart,freshway", metrics: "" }, TODAY)).argument,
    ).toBe("metrics");
  });
});
