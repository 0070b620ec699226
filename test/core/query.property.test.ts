// The edge parser (src/core/query/query.ts parseQuery), field by field: every way a person, a formula, a saved
// record or a file may write a good query is read into the one Query, normalised; a query with one bad field is
// refused on that field only, with its kind of problem and its words; and whatever it is handed, it either gives
// a query that holds the type's promises or says on which field it is not one.
import fc from "fast-check";
import { daysBetween, isIsoDate } from "../../src/core/dates";
import {
  COMPARISONS,
  FILTERS,
  LEVEL_METRICS,
  LEVELS,
  METRICS,
  TIMEFRAMES,
  isMetric,
  type Level,
} from "../../src/core/query/metrics";
import { parseQuery, type IssueCode, type Query, type QueryField } from "../../src/core/query/query";
import type { LooseQuery } from "../support/query";

const FIELDS: QueryField[] = [
  "level",
  "retailer",
  "timeframe",
  "metrics",
  "from",
  "to",
  "comparison",
  "filter",
  "viewby",
];
const CODES: IssueCode[] = ["missing", "not-allowed", "format", "range", "requires", "not-served", "unknown-field"];

// ---- how people write things ----

const spaces = fc.constantFrom("", " ", "  ", "\t");
const padded = (text: fc.Arbitrary<string>) => fc.tuple(spaces, text, spaces).map(([a, t, b]) => a + t + b);
const anyCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((up) => [...word].map((ch, i) => (up[i] ? ch.toUpperCase() : ch)).join(""));
/** A word of the spec as a person may type it: any case, spaces around. */
const written = (word: string) => padded(anyCase(word));
/** Nothing given: the forms an empty optional arrives in. */
const blank = fc.constantFrom<unknown>(undefined, null, "", "  ");

/** A list as text ("a, b") or as a list, whose items may themselves be comma lists or blank cells. */
function listWritten(items: readonly string[]): fc.Arbitrary<unknown> {
  const sep = fc.tuple(spaces, spaces).map(([a, b]) => `${a},${b}`);
  return fc.oneof(
    fc
      .array(sep, { minLength: items.length, maxLength: items.length })
      .map((seps) => items.map((item, i) => (i === 0 ? item : seps[i] + item)).join("")),
    fc.tuple(spaces, spaces).map(([a, b]) => items.map((item) => a + item + b)),
    fc.constant(items.flatMap((item) => [item, ""])),
    fc.constant([items.slice(0, 1).join(","), items.slice(1).join(",")].filter((part) => part !== "")),
  );
}

const NAMES = ["northmart", "freshway", "pharmaplus", "Budget Box", "shop-7"];

interface Written {
  /** The query as handed to the parser. */
  loose: LooseQuery;
  /** The query it must be read as. */
  expected: Query;
}

const day = fc
  .integer({ min: -800, max: 400 })
  .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));

function goodFor(level: Level): fc.Arbitrary<Written> {
  const retailers = fc.oneof(
    fc
      .shuffledSubarray(NAMES, { minLength: 1, maxLength: 3 })
      .chain((names) => listWritten(names).map((w) => ({ names, w }))),
    // "all" (the Sales Summary) at SKU level only, in any case, alone.
    ...(level === "sku" ? [written("all").map((w) => ({ names: ["all"], w: w as unknown }))] : []),
  );
  const metrics = fc.shuffledSubarray([...LEVEL_METRICS[level]], { minLength: 1, maxLength: 4 }).chain((names) =>
    // Any case; a name given twice is read once.
    fc
      .tuple(fc.array(fc.constantFrom(...names), { maxLength: 2 }), fc.constant(names))
      .chain(([again, ns]) => fc.tuple(...[...ns, ...again].map((n) => anyCase(n))))
      .chain((cased) => listWritten(cased))
      .map((w) => ({ names, w })),
  );
  const optional = <T extends string>(values: readonly T[]) =>
    fc.oneof(
      blank.map((w) => ({ value: undefined as T | undefined, w })),
      fc.constantFrom(...values).chain((v) => written(v).map((w) => ({ value: v as T | undefined, w: w as unknown }))),
    );
  // View by needs a filter; a filter value is kept as given (a SKU code, a brand with spaces).
  const filtering = fc.oneof(
    fc.record({ filter: optional(FILTERS), viewby: blank.map((w) => ({ value: undefined, w })) }),
    fc.record({
      filter: fc.constantFrom(...FILTERS).chain((v) => written(v).map((w) => ({ value: v, w }))),
      viewby: fc.constantFrom("100001", "Sunvale", " Sun vale ", "ÄÖ & co").map((v) => ({ value: v, w: v })),
    }),
  );
  return fc
    .record({
      level: written(level),
      timeframe: fc.constantFrom(...TIMEFRAMES).chain((v) => written(v).map((w) => ({ value: v, w }))),
      retailers,
      metrics,
      from: day,
      span: fc.integer({ min: 0, max: 400 }),
      pad: fc.tuple(spaces, spaces),
      comparison: optional(COMPARISONS),
      filtering,
    })
    .map((g) => {
      const to = new Date(Date.parse(`${g.from}T00:00:00Z`) + g.span * 86_400_000).toISOString().slice(0, 10);
      const loose: LooseQuery = {
        level: g.level,
        retailers: g.retailers.w,
        timeframe: g.timeframe.w,
        metrics: g.metrics.w,
        from: g.pad[0] + g.from,
        to: to + g.pad[1],
        comparison: g.comparison.w,
        filter: g.filtering.filter.w,
        viewby: g.filtering.viewby.w,
      };
      const expected: Query = {
        level,
        retailers: g.retailers.names,
        timeframe: g.timeframe.value,
        metrics: g.metrics.names,
        from: g.from,
        to,
        ...(g.comparison.value ? { comparison: g.comparison.value } : {}),
        ...(g.filtering.filter.value ? { filter: g.filtering.filter.value } : {}),
        ...(g.filtering.viewby.value !== undefined ? { viewby: g.filtering.viewby.value } : {}),
      };
      return { loose, expected };
    });
}

const good = fc.constantFrom(...LEVELS).chain(goodFor);

describe("parseQuery accepts what people write and normalises it", () => {
  test("every field, in any of its written forms, is read into the one Query", () => {
    fc.assert(
      fc.property(good, ({ loose, expected }) => {
        expect(parseQuery(loose)).toEqual({ ok: true, query: expected });
      }),
    );
  });

  test("a parsed query reads as itself (the parser is idempotent), and an optional not given is not there", () => {
    fc.assert(
      fc.property(good, ({ loose }) => {
        const once = parseQuery(loose);
        if (!once.ok) throw new Error("a good query was refused");
        expect(parseQuery(once.query)).toEqual(once);
        for (const [key, value] of Object.entries(once.query)) expect([key, value]).not.toEqual([key, undefined]);
      }),
    );
  });
});

// ---- one bad field ----

interface Bad {
  what: string;
  /** Laid over a good query: the bad field (and what it needs from the others to be bad on its own). */
  patch: LooseQuery;
  field: QueryField;
  code: IssueCode;
  words: RegExp;
}

/** Anything but one of `values` (in any case and spacing); for an optional field, anything but blank too. */
const notA = (values: readonly string[], optional = false) =>
  fc.oneof(
    fc.string({ maxLength: 12 }).filter((s) => !values.includes(s.trim().toLowerCase()) && !(optional && !s.trim())),
    fc.constantFrom<unknown>(7, true, ["sku"], ...(optional ? [] : [undefined, null])),
  );

const bads: [string, fc.Arbitrary<Bad>][] = [
  [
    "level",
    notA(LEVELS).map((level) => ({
      what: "level",
      patch: { level },
      field: "level",
      code: "not-allowed",
      words: /^Level must be "sku" or "store", not ".*"\.$/s,
    })),
  ],
  [
    "timeframe",
    notA(TIMEFRAMES).map((timeframe) => ({
      what: "timeframe",
      patch: { timeframe },
      field: "timeframe",
      code: "not-allowed",
      words: /^Timeframe must be one of daily, weekly, monthly, not ".*"\.$/s,
    })),
  ],
  [
    "no retailer",
    fc.constantFrom<unknown>(undefined, null, "", " , ", [], [" ", ""], [[""]]).map((retailers) => ({
      what: "no retailer",
      patch: { retailers },
      field: "retailer",
      code: "missing",
      words: /^Retailer is missing\. Choose one of the retailers your key can read\.$/,
    })),
  ],
  [
    '"all" beside another retailer',
    fc.tuple(written("all"), fc.constantFrom(...NAMES)).map(([all, other]) => ({
      what: '"all" beside another retailer',
      patch: { retailers: [other, all] },
      field: "retailer",
      code: "not-allowed",
      words: /^"all" \(Sales Summary\) cannot be combined with other retailers\./,
    })),
  ],
  [
    "a retailer twice",
    fc.tuple(fc.constantFrom(...NAMES), spaces).map(([name, pad]) => ({
      what: "a retailer twice",
      patch: { retailers: `${name}, ${pad}${name.toUpperCase()}` },
      field: "retailer",
      code: "not-allowed",
      words: new RegExp(`^Each retailer may be listed once: ${name.toLowerCase()} is listed more than once\\.$`),
    })),
  ],
  [
    '"all" at store level',
    written("all").map((all) => ({
      what: '"all" at store level',
      patch: { level: "store", retailers: all, metrics: "revenue" },
      field: "retailer",
      code: "not-allowed",
      words: /^"all" \(Sales Summary\) exists at SKU level only\./,
    })),
  ],
  [
    "no metric",
    fc.constantFrom<unknown>(undefined, null, "", " , ", [], [" "]).map((metrics) => ({
      what: "no metric",
      patch: { metrics },
      field: "metrics",
      code: "missing",
      words: /^Metrics is empty\. Give one or more of: revenue, units, /,
    })),
  ],
  [
    "a name that is no metric",
    fc
      .stringMatching(/^[a-z_]{1,10}$/)
      .filter((n) => !isMetric(n))
      .map((name) => ({
        what: "a name that is no metric",
        patch: { metrics: ["revenue", name] },
        field: "metrics",
        code: "not-allowed",
        words: new RegExp(`^"${name}" is not a metric\\. Allowed at (SKU|store) level: revenue, units, `),
      })),
  ],
  [
    "metrics not separated by commas",
    fc.constantFrom("revenue;units", "revenue units", "revenue|units").map((metrics) => ({
      what: "metrics not separated by commas",
      patch: { metrics },
      field: "metrics",
      code: "format",
      words: /is not a metric\. Separate names with commas only\. Allowed at /,
    })),
  ],
  [
    "a metric the level does not have",
    fc.constantFrom(...METRICS.filter((m) => !LEVEL_METRICS.store.includes(m))).map((metric) => ({
      what: "a metric the level does not have",
      patch: { level: "store", retailers: "northmart", metrics: ["revenue", metric] },
      field: "metrics",
      code: "not-allowed",
      words: new RegExp(`^${metric} is not available at store level\\. Allowed: revenue, units, average_price, stock`),
    })),
  ],
  ...(["from", "to"] as const).map((field): [string, fc.Arbitrary<Bad>] => [
    `not a day (${field})`,
    fc
      .oneof(
        fc.string({ maxLength: 12 }).filter((s) => !isIsoDate(s.trim())),
        fc.constantFrom<unknown>("2026-02-29", "2026-13-01", "2026-1-5", 46000, null, undefined),
      )
      .map((value) => ({
        what: `not a day (${field})`,
        patch: { [field]: value },
        field,
        code: "format" as const,
        words: new RegExp(`^${field === "from" ? "From" : "To"} must be a real date as YYYY-MM-DD, not ".*"\\.$`, "s"),
      })),
  ]),
  [
    "To before From",
    fc.tuple(day, fc.integer({ min: 1, max: 400 })).map(([to, back]) => {
      const from = new Date(Date.parse(`${to}T00:00:00Z`) + back * 86_400_000).toISOString().slice(0, 10);
      return {
        what: "To before From",
        patch: { from, to },
        field: "to" as const,
        code: "range" as const,
        words: new RegExp(`^To \\(${to}\\) is before From \\(${from}\\)\\. Swap them or pick a later To\\.$`),
      };
    }),
  ],
  [
    "comparison",
    notA(COMPARISONS, true).map((comparison) => ({
      what: "comparison",
      patch: { comparison },
      field: "comparison",
      code: "not-allowed",
      words: /^Comparison must be "period", "year" or empty, not ".*"\.$/s,
    })),
  ],
  [
    "filter",
    notA(FILTERS, true).map((filter) => ({
      what: "filter",
      patch: { filter, viewby: undefined },
      field: "filter",
      code: "not-allowed",
      words: /^Filter must be one of sku, filter1, filter2, filter3, filter4, filter5, not ".*"\.$/s,
    })),
  ],
  [
    "View by without a filter",
    fc.constantFrom<unknown>("100001", "Sunvale", 100001).map((viewby) => ({
      what: "View by without a filter",
      patch: { filter: undefined, viewby },
      field: "viewby",
      code: "requires",
      words: /^View by needs a filter: set Filter to "sku"/,
    })),
  ],
];

describe("parseQuery refuses one bad field on that field, saying what is allowed", () => {
  test.each(bads)("%s", (_what, badCase) => {
    fc.assert(
      fc.property(good, badCase, ({ loose }, bad) => {
        // Blank cells left out: a patch's blank stands for the field not given.
        const parsed = parseQuery({ ...loose, ...bad.patch });
        if (parsed.ok) throw new Error(`${bad.what} was accepted: ${JSON.stringify(bad.patch)}`);
        expect(parsed.errors.map((e) => [e.field, e.code])).toEqual([[bad.field, bad.code]]);
        expect(parsed.errors[0].message).toMatch(bad.words);
      }),
    );
  });
});

// ---- a field it does not take ----

/** A field's name misspelt as people do: a letter dropped, doubled, or swapped with the next. */
function misspelt(key: string, at: number, how: "drop" | "double" | "swap"): string {
  const i = at % key.length;
  if (how === "drop") return key.slice(0, i) + key.slice(i + 1);
  if (how === "double") return key.slice(0, i + 1) + key.slice(i);
  const j = at % (key.length - 1);
  return key.slice(0, j) + key[j + 1] + key[j] + key.slice(j + 2);
}

describe("parseQuery names a field it does not take, and the field it was probably meant to be", () => {
  test("a misspelt field is refused as misspelt, its value read as the field meant (no other problem said)", () => {
    const cases = good.chain(({ loose }) =>
      fc
        .record({
          key: fc.constantFrom(...(Object.keys(loose) as (keyof LooseQuery)[]).filter((k) => loose[k] !== undefined)),
          at: fc.nat(),
          how: fc.constantFrom("drop" as const, "double" as const, "swap" as const),
        })
        .map(({ key, at, how }) => ({ loose, key, wrong: misspelt(key, at, how) }))
        .filter(({ key, wrong }) => wrong !== key),
    );
    fc.assert(
      fc.property(cases, ({ loose, key, wrong }) => {
        const parsed = parseQuery({ ...loose, [key]: undefined, [wrong]: loose[key] });
        if (parsed.ok) throw new Error(`"${wrong}" was taken`);
        expect(parsed.errors.map((e) => [e.field, e.code, e.unknown])).toEqual([
          [key === "retailers" ? "retailer" : key, "unknown-field", { key: wrong, meant: key }],
        ]);
        expect(parsed.errors[0].message).toBe(
          `"${wrong}" is not a field of a query. Did you mean "${key}"? A query's fields: level, retailers, ` +
            "timeframe, metrics, from, to, comparison, filter, viewby.",
        );
      }),
    );
  });

  test("a field near none is named with every field a query takes, beside the query's other problems", () => {
    const parsed = parseQuery({
      level: "sku",
      retailers: "northmart",
      metrics: "units",
      from: "2026-01-05",
      to: "x",
      store_code: 5,
    });
    expect(parsed.ok ? [] : parsed.errors.map((e) => [e.field, e.code, e.message])).toEqual([
      [
        "timeframe",
        "unknown-field",
        '"store_code" is not a field of a query. A query\'s fields: level, retailers, timeframe, metrics, from, to, comparison, filter, viewby.',
      ],
      ["timeframe", "not-allowed", 'Timeframe must be one of daily, weekly, monthly, not "".'],
      ["to", "format", 'To must be a real date as YYYY-MM-DD, not "x".'],
    ]);
  });
});

// ---- anything at all ----

const junk = fc.oneof(fc.anything(), fc.string(), fc.constantFrom(...METRICS, ...LEVELS, "all", "2026-01-05"));
const anyInput = fc.oneof(
  fc.anything(),
  fc.record(
    {
      level: junk,
      retailers: fc.oneof(junk, fc.array(junk, { maxLength: 3 })),
      timeframe: junk,
      metrics: fc.oneof(junk, fc.array(junk, { maxLength: 3 })),
      from: junk,
      to: junk,
      comparison: junk,
      filter: junk,
      viewby: junk,
    },
    { requiredKeys: [] },
  ),
  good.chain(({ loose }) =>
    fc.record({ key: fc.constantFrom(...Object.keys(loose)), value: junk }).map(({ key, value }) => ({
      ...loose,
      [key]: value,
    })),
  ),
);

test("whatever it is handed: a query that keeps the type's promises, or every problem on a named field", () => {
  fc.assert(
    fc.property(anyInput, (input) => {
      const parsed = parseQuery(input);
      if (!parsed.ok) {
        expect(parsed.errors.length).toBeGreaterThan(0);
        for (const e of parsed.errors) {
          expect(FIELDS).toContain(e.field);
          expect(CODES).toContain(e.code);
          expect(e.message.length).toBeGreaterThan(10);
        }
        return;
      }
      const q = parsed.query;
      expect(LEVELS).toContain(q.level);
      expect(TIMEFRAMES).toContain(q.timeframe);
      expect(q.retailers.length).toBeGreaterThan(0);
      for (const r of q.retailers) expect(r).toBe(r.trim());
      expect(new Set(q.retailers.map((r) => r.toLowerCase())).size).toBe(q.retailers.length);
      if (q.retailers.includes("all")) expect([q.retailers, q.level]).toEqual([["all"], "sku"]);
      expect(q.metrics.length).toBeGreaterThan(0);
      for (const m of q.metrics) expect(LEVEL_METRICS[q.level]).toContain(m);
      expect(isIsoDate(q.from) && isIsoDate(q.to) && daysBetween(q.from, q.to) >= 0).toBe(true);
      if (q.comparison !== undefined) expect(COMPARISONS).toContain(q.comparison);
      if (q.filter !== undefined) expect(FILTERS).toContain(q.filter);
      if (q.viewby !== undefined) expect(q.filter).toBeDefined();
    }),
    { numRuns: 300 },
  );
});
