// The `longNames` option: a sixth retailer whose names run to 60+ characters, serving lists, data,
// actions and revisions like the others, while the five base retailers serve the same bytes as without it.
import { LONG_NAME_RETAILER, type RunningSimulator } from "../../dev/simulator/index";
import { addDays, client, start, TODAY, type Client, type Row } from "./helpers";
import { answersOf, BASE_RETAILERS, baseProbes, digestOf } from "./probes";

const LONG = 60;
const R = LONG_NAME_RETAILER;

let plain: RunningSimulator;
let long: RunningSimulator;
let c: Client;
beforeAll(async () => {
  [plain, long] = await Promise.all([start(), start({ longNames: true })]);
  c = client(long);
});
afterAll(() => Promise.all([plain.close(), long.close()]));

type MetricsRecord = Record<
  "sku_metrics" | "store_metrics" | "sku_metrics_daily" | "store_metrics_daily",
  string[] | null
>;
type Filters = Record<string, string[]>;
const longOnes = (xs: string[]) => xs.filter((x) => x.length >= LONG);

describe("the long-names retailer", () => {
  test("is listed, with an identifier of 60+ characters fit for a URL query and an Excel table name", async () => {
    const list = await c.json<string[]>("/api/list", { type: "retailers" });
    expect(list).toEqual(["all", ...BASE_RETAILERS, R]);
    expect(R.length).toBeGreaterThanOrEqual(LONG);
    expect(R).toMatch(/^[a-z][a-z0-9_]*$/);
    // What the add-in names its table: letters, digits and underscores, at most 255 characters.
    expect(`Sales_${R}_SKU_weekly`).toMatch(/^[A-Za-z_][A-Za-z0-9_]{0,254}$/);
  });

  test("has a full metrics record: SKU and store, weekly/monthly and daily", async () => {
    const [rec] = await c.json<(MetricsRecord & { retailer: string })[]>("/api/list", { type: "metrics", retailer: R });
    expect(rec.retailer).toBe(R);
    for (const key of ["sku_metrics", "store_metrics", "sku_metrics_daily", "store_metrics_daily"] as const)
      expect(rec[key]?.length).toBeGreaterThan(0);
  });

  test("lists product names and values of every filter of 60+ characters beside short ones", async () => {
    const filters = await c.json<Filters>("/api/list", { type: "filters", retailer: R });
    for (const key of ["skuProductName", "filter1", "filter2", "filter3", "filter4", "filter5"]) {
      expect(longOnes(filters[key]).length).toBeGreaterThanOrEqual(2);
      expect(filters[key].some((v) => v.length < 40)).toBe(true);
    }
    expect(longOnes(filters.skuProductName).length).toBeGreaterThanOrEqual(3);
    expect(filters.sku).toHaveLength(filters.skuProductName.length);
  });

  test("answers SKU and store data in every timeframe it lists, with the long names in the rows", async () => {
    const [rec] = await c.json<MetricsRecord[]>("/api/list", { type: "metrics", retailer: R });
    const days = { datefrom: "2026-11-16", dateto: "2026-11-22" };
    const cases: [string, string, string[], Record<string, string>][] = [
      ["sku", "weekly", rec.sku_metrics!, { datefrom: "2026-11-02", dateto: "2026-11-22" }],
      ["sku", "monthly", rec.sku_metrics!, { datefrom: "2026-08-01", dateto: "2026-10-31" }],
      ["sku", "daily", rec.sku_metrics_daily!, days],
      ["store", "weekly", rec.store_metrics!, { datefrom: "2026-11-09", dateto: "2026-11-22" }],
      ["store", "monthly", rec.store_metrics!, { datefrom: "2026-10-01", dateto: "2026-10-31" }],
      ["store", "daily", rec.store_metrics_daily!, days],
    ];
    for (const [type, timeframe, metrics, dates] of cases) {
      const rows = await c.data({ type, retailer: R, timeframe, metric: metrics.join(","), ...dates });
      expect(rows.length).toBeGreaterThan(0);
      for (const m of metrics) expect(rows.some((r) => typeof r[m] === "number")).toBe(true);
      const names = rows.map((r) => String(r.sku_product_name ?? r.product_name));
      expect(longOnes(names).length).toBeGreaterThan(0);
      if (type === "store") expect(longOnes(rows.map((r) => String(r.store_name))).length).toBeGreaterThan(0);
    }
  });

  test("groups data by a long filter value asked for with viewby", async () => {
    const filters = await c.json<Filters>("/api/list", { type: "filters", retailer: R });
    const value = longOnes(filters.filter1)[0];
    const q = { retailer: R, timeframe: "weekly", metric: "units", datefrom: "2026-11-16", dateto: "2026-11-22" };
    const rows = await c.data({ ...q, type: "sku", filter: "filter1", viewby: value });
    expect(rows.map((r) => r.sku)).toEqual([value]);
    const bySku = await c.data({ ...q, type: "sku" });
    const members = bySku.filter((r) => String(r.sku_product_name).includes(value));
    expect(rows[0].units).toBe(members.reduce((s, r) => s + (r.units as number), 0));
  });

  test("has actions naming its long products and stores, with long descriptions", async () => {
    const actions = await c.json<Record<string, string | number>[]>("/api/actions", { retailer: R });
    expect(actions.length).toBeGreaterThanOrEqual(6);
    expect(actions.every((a) => a.retailer === R)).toBe(true);
    const long = actions.filter(
      (a) => String(a.sku_description).length >= LONG && String(a.store_description).length >= LONG,
    );
    expect(long.length).toBeGreaterThanOrEqual(2);
    expect(actions.every((a) => String(a.action_description).length >= 2 * LONG)).toBe(true);
  });

  test("is revised like the others: provisional days change with the clock, final days do not", async () => {
    const read = async (today: string, day: string) => {
      long.simulator.setToday(today);
      return c.data({ type: "sku", retailer: R, timeframe: "daily", metric: "units", datefrom: day, dateto: day });
    };
    try {
      const sunday = "2026-11-22";
      const [age1, age2, final, later]: Row[][] = [
        await read(addDays(sunday, 1), sunday),
        await read(addDays(sunday, 2), sunday),
        await read(addDays(sunday, 8), sunday),
        await read(addDays(sunday, 20), sunday),
      ];
      expect(age1).not.toEqual(age2);
      expect(age1).not.toEqual(final);
      expect(later).toEqual(final);
    } finally {
      long.simulator.setToday(TODAY);
    }
  });
});

describe("the five base retailers", () => {
  // The plain simulator's answers to baseProbes, asked once for both tests below (building them is most of
  // this file's time).
  let plainAnswers: Promise<string[]> | undefined;
  const withoutOption = () => (plainAnswers ??= answersOf(plain.url, plain.apiKey, baseProbes(TODAY)));

  test("serve the same bytes with the option on as without it", async () => {
    const probes = baseProbes(TODAY).slice(1); // all but the retailers list, which gains one
    const [without, withLong] = await Promise.all([withoutOption(), answersOf(long.url, long.apiKey, probes)]);
    expect(withLong).toEqual(without.slice(1));
  });

  test("serve the same bytes as before the option existed, when it is off", async () => {
    // Digest of baseProbes' answers from the simulator as it was before `longNames`: change it only
    // when the demo data is meant to change.
    expect(digestOf(await withoutOption())).toBe("2bada182c9fdc5ed2eedeba8e6ca5927980dd3ed57fc1ce531cc35f366447d96");
  });

  test("do not range the long-names retailer's own products", async () => {
    const filters = await c.json<Filters>("/api/list", { type: "filters", retailer: R });
    const own = filters.sku.filter((_, i) => filters.skuProductName[i].length >= LONG);
    for (const retailer of BASE_RETAILERS) {
      const theirs = await c.json<Filters>("/api/list", { type: "filters", retailer });
      expect(theirs.sku.filter((s) => own.includes(s))).toEqual([]);
    }
  });
});
