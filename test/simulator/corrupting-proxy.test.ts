// The corrupting proxy (dev/corruptions) over real HTTP in front of the simulator: each kind of
// corruption really breaks the rule it names, other requests pass through untouched, rules are
// used up, and a seed reproduces an answer. Plus corruptRows alone on simulator rows.
import {
  corruptRows,
  seededRandom,
  startCorruptingProxy,
  type CorruptingProxy,
  type Corruption,
} from "../../dev/corruptions";
import { SIM_KEY, startTestSimulator, type TestSimulator } from "../support/simulator";

type Row = Record<string, unknown>;

let sim: TestSimulator;
let proxy: CorruptingProxy;
beforeAll(async () => {
  sim = await startTestSimulator();
  proxy = await startCorruptingProxy(sim.url, { seed: 42 });
});
afterAll(async () => {
  await proxy?.close();
  await sim?.close();
});
beforeEach(() => proxy.clear());

const AUTH = { Authorization: `Token ${SIM_KEY}` };
// Today is Monday 2026-11-23; these ranges are whole periods before it.
const WEEKLY = {
  type: "sku",
  retailer: "northmart",
  timeframe: "weekly",
  metric: "revenue,units",
  datefrom: "2026-09-28",
  dateto: "2026-11-22",
  filter: "filter2", // one row per category and week: a small answer
};
const DAILY = { ...WEEKLY, timeframe: "daily", datefrom: "2026-11-02", dateto: "2026-11-22" };
const MONTHLY = { ...WEEKLY, timeframe: "monthly", datefrom: "2026-05-01", dateto: "2026-10-31" };
const STORE = {
  type: "store",
  retailer: "cornershop",
  timeframe: "weekly",
  metric: "revenue,units",
  datefrom: "2026-11-02",
  dateto: "2026-11-15",
  filter: "sku",
  viewby: "100001",
};
const FIELD: Record<string, string> = { daily: "date", weekly: "week", monthly: "month" };

function get(base: string, path: string, params: Record<string, string> = {}, headers: Record<string, string> = AUTH) {
  const qs = new URLSearchParams(params).toString();
  return fetch(`${base}${path}${qs ? `?${qs}` : ""}`, { headers });
}
async function rows(base: string, params: Record<string, string>): Promise<Row[]> {
  const res = await get(base, "/api/data", params);
  expect(res.status).toBe(200);
  return (await res.json()) as Row[];
}
/** The same query straight from the simulator and through the proxy after queuing the corruption. */
async function corrupted(params: Record<string, string>, ...corruptions: Corruption[]) {
  const plain = await rows(sim.url, params);
  proxy.corrupt({ corruptions, count: 1 });
  const bad = await rows(proxy.url, params);
  expect(proxy.corrupted()).toBe(1);
  return { plain, bad, field: FIELD[params.timeframe] };
}
const day = (s: unknown) => Date.parse(String(s)) / 86_400_000;
const isDate = (s: unknown) => typeof s === "string" && /^\d{4}-\d{2}-\d{2}T00:00:00Z$/.test(s);
const keyOf = (r: Row, field: string) => JSON.stringify([r[field], r.sku, r.store_id]);

describe("passing through", () => {
  test("test, list, wrong key, preflight and data without a rule: the simulator's bytes, status and headers", async () => {
    proxy.corrupt({ corruptions: [{ kind: "respace" }] }); // data only: never touches the others
    for (const [path, params] of [
      ["/api/test/", {}],
      ["/api/list", { type: "retailers" }],
      ["/api/list", { type: "metrics", retailer: "northmart" }],
      ["/api/actions", { retailer: "northmart" }],
    ] as const) {
      const [a, b] = await Promise.all([get(sim.url, path, params), get(proxy.url, path, params)]);
      expect(b.status).toBe(a.status);
      expect(await b.text()).toBe(await a.text());
      expect(b.headers.get("access-control-allow-origin")).toBe("*");
    }
    const wrong = await get(proxy.url, "/api/data", WEEKLY, { Authorization: "Token nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/Token/);
    expect(await wrong.text()).not.toContain("nope");
    const pre = await fetch(`${proxy.url}/api/data`, {
      method: "OPTIONS",
      headers: { Origin: "https://localhost:3000", "Access-Control-Request-Headers": "authorization" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(proxy.corrupted()).toBe(0);
    proxy.clear();
    const [a, b] = await Promise.all([get(sim.url, "/api/data", WEEKLY), get(proxy.url, "/api/data", WEEKLY)]);
    expect(await b.text()).toBe(await a.text());
    expect(b.headers.get("content-length")).toBe(a.headers.get("content-length"));
  });

  test("a 400 and a non-matching rule pass through; a POST to the test controls is forwarded with its body", async () => {
    proxy.corrupt({ corruptions: [{ kind: "respace" }], match: { timeframe: "daily" } });
    const bad = await get(proxy.url, "/api/data", { ...WEEKLY, metric: "nonsense" });
    expect(bad.status).toBe(400);
    expect(await rows(proxy.url, WEEKLY)).toEqual(await rows(sim.url, WEEKLY));
    expect(proxy.corrupted()).toBe(0);
    const res = await fetch(`${proxy.url}/__simulator/clock`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ today: "2026-11-23" }),
    });
    expect(await res.json()).toEqual({ today: "2026-11-23" });
  });

  test("an empty answer is not counted as corrupted and does not use the rule up", async () => {
    proxy.corrupt({ corruptions: [{ kind: "unplaceable", rows: 1 }], count: 1 });
    expect(await rows(proxy.url, { ...WEEKLY, filter: "sku", viewby: "999999" })).toEqual([]);
    expect(proxy.corrupted()).toBe(0);
    expect((await rows(proxy.url, WEEKLY)).some((r) => !isDate(r.week))).toBe(true);
    expect(proxy.corrupted()).toBe(1);
  });
});

describe("each corruption breaks the rule it names", () => {
  test.each([
    ["daily", DAILY],
    ["weekly", WEEKLY],
    ["monthly", MONTHLY],
  ])("outside, %s: exactly n rows one period before / after the dates, keys otherwise unique", async (_tf, q) => {
    const lo = day(`${q.datefrom}T00:00:00Z`);
    const hi = day(`${q.dateto}T00:00:00Z`);
    for (const side of ["before", "after"] as const) {
      const { plain, bad, field } = await corrupted(q, { kind: "outside", rows: 3, side });
      proxy.clear();
      expect(bad).toHaveLength(plain.length);
      expect(plain.every((r) => day(r[field]) >= lo - 31 && day(r[field]) <= hi)).toBe(true);
      const out = bad.filter((r) => (side === "before" ? day(r[field]) < day(plain[0][field]) : day(r[field]) > hi));
      expect(out).toHaveLength(3);
      expect(out.every((r) => isDate(r[field]))).toBe(true);
      const expected =
        q.timeframe === "daily"
          ? side === "before"
            ? "2026-11-01T00:00:00Z"
            : "2026-11-23T00:00:00Z"
          : q.timeframe === "weekly"
            ? side === "before"
              ? "2026-09-21T00:00:00Z"
              : "2026-11-23T00:00:00Z"
            : side === "before"
              ? "2026-04-01T00:00:00Z"
              : "2026-11-01T00:00:00Z";
      expect(out.map((r) => r[field])).toEqual([expected, expected, expected]);
      expect(new Set(bad.map((r) => keyOf(r, field))).size).toBe(bad.length);
    }
  });

  test("repeat-key: n more rows, each a key already present with other metric values", async () => {
    const { plain, bad, field } = await corrupted(STORE, { kind: "repeat-key", rows: 2 });
    expect(bad.slice(0, plain.length)).toEqual(plain);
    const extra = bad.slice(plain.length);
    expect(extra).toHaveLength(2);
    for (const r of extra) {
      const twin = plain.find((p) => keyOf(p, field) === keyOf(r, field));
      expect(twin).toBeDefined();
      expect(r.revenue).not.toBe(twin?.revenue);
      expect(r.units).not.toBe(twin?.units);
      expect(Number.isInteger(r.units)).toBe(true);
    }
    expect(new Set(bad.map((r) => keyOf(r, field))).size).toBe(plain.length);
  });

  test("respace daily: only one weekday is left, periods a week apart", async () => {
    const { plain, bad, field } = await corrupted(DAILY, { kind: "respace" });
    expect(bad.length).toBeLessThan(plain.length);
    expect(new Set(bad.map((r) => new Date(String(r[field])).getUTCDay())).size).toBe(1);
    const days = [...new Set(bad.map((r) => day(r[field])))].sort((a, b) => a - b);
    expect(days).toHaveLength(3);
    expect(days[1] - days[0]).toBe(7);
  });

  test("respace weekly: periods one day apart; monthly: periods 7 days apart", async () => {
    for (const [q, step] of [
      [WEEKLY, 1],
      [MONTHLY, 7],
    ] as const) {
      const { plain, bad, field } = await corrupted(q, { kind: "respace" });
      proxy.clear();
      expect(bad).toHaveLength(plain.length);
      const days = [...new Set(bad.map((r) => day(r[field])))].sort((a, b) => a - b);
      expect(days.length).toBeGreaterThan(2);
      expect(days.slice(1).map((d, i) => d - days[i])).toEqual(days.slice(1).map(() => step));
      expect(bad[0][field]).toBe(plain[0][field]);
      expect(bad.every((r) => isDate(r[field]))).toBe(true);
    }
  });

  test.each([-1, 5.5, 14, -12])("offset %p: every period carries the offset and is the same instant", async (hours) => {
    const { plain, bad, field } = await corrupted(DAILY, { kind: "offset", hours });
    const suffix = `${hours < 0 ? "-" : "+"}${String(Math.trunc(Math.abs(hours))).padStart(2, "0")}:${
      Math.abs(hours) % 1 ? "30" : "00"
    }`;
    expect(bad).toHaveLength(plain.length);
    bad.forEach((r, i) => {
      expect(String(r[field]).endsWith(suffix)).toBe(true);
      expect(new Date(String(r[field])).toISOString()).toBe(new Date(String(plain[i][field])).toISOString());
    });
    if (hours === -1) expect(bad[0][field]).toBe("2026-11-01T23:00:00-01:00");
  });

  test("unplaceable: exactly n periods are not dates", async () => {
    const { plain, bad, field } = await corrupted(WEEKLY, { kind: "unplaceable", rows: 4 });
    expect(bad).toHaveLength(plain.length);
    const broken = bad.filter((r) => !isDate(r[field]));
    expect(broken).toHaveLength(4);
    for (const r of broken) expect(["2026-13-45", "week 3", ""]).toContain(r[field]);
  });

  test("null-values: exactly n rows get null for the metric given, else for an asked one", async () => {
    const given = await corrupted(WEEKLY, { kind: "null-values", rows: 3, metric: "units" });
    expect(given.bad.filter((r) => r.units === null)).toHaveLength(3);
    expect(given.bad.every((r) => r.revenue !== null)).toBe(true);
    proxy.clear();
    const random = await corrupted(STORE, { kind: "null-values", rows: 2 });
    const nulls = random.bad.flatMap((r) => ["revenue", "units"].filter((m) => r[m] === null));
    expect(nulls).toHaveLength(2);
    expect(new Set(nulls).size).toBe(1);
  });

  test("drop-column: the field is gone and, by default, the omitted-metrics header says nothing", async () => {
    // freshway cannot serve stores_selling: the simulator names it in the header.
    const q = { ...WEEKLY, retailer: "freshway", metric: "revenue,units,stores_selling" };
    const direct = await get(sim.url, "/api/data", q);
    expect(direct.headers.get("x-service-omitted-metrics")).toBe("stores_selling");
    for (const column of ["units", "stores_selling"]) {
      proxy.clear();
      proxy.corrupt({ corruptions: [{ kind: "drop-column", column }] });
      const res = await get(proxy.url, "/api/data", q);
      expect(res.headers.get("x-service-omitted-metrics") ?? "").not.toContain(column);
      const body = (await res.json()) as Row[];
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((r) => !(column in r) && "revenue" in r)).toBe(true);
      expect(proxy.corrupted()).toBe(1);
    }
    proxy.clear();
    proxy.corrupt({ corruptions: [{ kind: "drop-column", column: "units", header: true }] });
    const honest = await get(proxy.url, "/api/data", q);
    expect(honest.headers.get("x-service-omitted-metrics")).toBe("stores_selling,units");
    expect(Number(honest.headers.get("content-length"))).toBe(Buffer.byteLength(await honest.text()));
  });

  test("scale: the metric given times the factor in every row, the other metric and the keys as they were", async () => {
    const { plain, bad } = await corrupted(WEEKLY, { kind: "scale", factor: 100, metric: "revenue" });
    expect(bad).toHaveLength(plain.length);
    expect(plain.some((r) => typeof r.revenue === "number" && !Number.isInteger(r.revenue))).toBe(true); // pence
    bad.forEach((r, i) => {
      const p = plain[i];
      // Exactly the figure times 100, without binary noise (12.34 x 100 is 1234).
      expect(r).toEqual({
        ...p,
        revenue: typeof p.revenue === "number" ? Number((p.revenue * 100).toFixed(6)) : p.revenue,
      });
    });
  });

  test("scale in n rows, every metric: exactly n rows changed (holding figures), each metric divided, seeded", async () => {
    const { plain, bad, field } = await corrupted(DAILY, { kind: "scale", factor: 0.01, rows: 3 });
    expect(bad).toHaveLength(plain.length);
    const changed = bad.filter((r, i) => JSON.stringify(r) !== JSON.stringify(plain[i]));
    expect(changed).toHaveLength(3);
    for (const r of changed) {
      const p = plain.find((q) => keyOf(q, field) === keyOf(r, field))!;
      for (const m of ["revenue", "units"]) expect(r[m]).toBeCloseTo((p[m] as number) / 100, 10);
      expect(r.revenue).not.toBe(0);
    }
    // The same seed picks the same rows.
    const params = new URLSearchParams(DAILY);
    const once = corruptRows(plain, { kind: "scale", factor: 0.01, rows: 3 }, { params, rng: seededRandom(9) });
    expect(corruptRows(plain, { kind: "scale", factor: 0.01, rows: 3 }, { params, rng: seededRandom(9) })).toEqual(
      once,
    );
  });

  test("add-column: a field nobody asked for in every row", async () => {
    const { plain, bad } = await corrupted(WEEKLY, { kind: "add-column", column: "margin", value: 0.25 });
    expect(bad).toEqual(plain.map((r) => ({ ...r, margin: 0.25 })));
  });
});

describe("each corruption of View by, keys, figures and headers breaks the rule it names", () => {
  const VIEW_BY = { ...DAILY, filter: "sku", viewby: "100001" };

  test("other-viewby: n copies, each right after its row, with another SKU code; no key repeats", async () => {
    const { plain, bad, field } = await corrupted(VIEW_BY, { kind: "other-viewby", rows: 5 });
    expect(plain.every((r) => r.sku === 100001)).toBe(true);
    expect(bad).toHaveLength(plain.length + 5);
    expect(bad.filter((r) => r.sku === 100001)).toEqual(plain);
    const copies = bad.filter((r) => r.sku !== 100001);
    expect(new Set(copies.map((r) => r.sku))).toEqual(new Set([100002]));
    // Each copy follows the row it copies: same period and figures, only the code differs.
    bad.forEach((r, i) => {
      if (r.sku !== 100001) expect({ ...r, sku: 100001 }).toEqual(bad[i - 1]);
    });
    expect(new Set(bad.map((r) => keyOf(r, field))).size).toBe(bad.length);
  });

  test("other-viewby: codes in turn; with a product filter, other filter values (text)", async () => {
    const two = await corrupted(VIEW_BY, { kind: "other-viewby", rows: 4, codes: 2 });
    const codes = two.bad.filter((r) => r.sku !== 100001).map((r) => r.sku);
    expect(codes.sort()).toEqual([100002, 100002, 100003, 100003]);
    proxy.clear();
    const value = (await rows(sim.url, WEEKLY))[0].sku as string;
    const { plain, bad, field } = await corrupted({ ...WEEKLY, viewby: value }, { kind: "other-viewby", rows: 3 });
    expect(plain.every((r) => r.sku === value)).toBe(true);
    expect(bad.filter((r) => r.sku !== value).map((r) => r.sku)).toEqual([
      `${value} (other 1)`,
      `${value} (other 1)`,
      `${value} (other 1)`,
    ]);
    expect(new Set(bad.map((r) => keyOf(r, field))).size).toBe(bad.length);
  });

  test.each([
    ["sku null (the default)", undefined, undefined, (r: Row) => r.sku === null],
    ["sku empty", "sku" as const, "empty" as const, (r: Row) => r.sku === ""],
    ["store_id removed", "store_id" as const, "removed" as const, (r: Row) => !("store_id" in r)],
  ])("missing-key, %s: exactly n rows lose the key, nothing else changes", async (_, field, as, lost) => {
    const { plain, bad } = await corrupted(STORE, { kind: "missing-key", rows: 3, field, as });
    expect(bad).toHaveLength(plain.length);
    const changed = bad.filter((r, i) => JSON.stringify(r) !== JSON.stringify(plain[i]));
    expect(changed).toHaveLength(3);
    expect(changed.every(lost)).toBe(true);
    const key = field ?? "sku";
    bad.forEach((r, i) => expect({ ...r, [key]: plain[i][key] }).toEqual({ ...plain[i] }));
  });

  test.each([1e308, -1e308, 5e-324])(
    "unstorable %p: exactly n figures become it, exactly, over HTTP",
    async (value) => {
      const { plain, bad } = await corrupted(WEEKLY, { kind: "unstorable", rows: 2, value, field: "units" });
      expect(bad.filter((r) => r.units === value)).toHaveLength(2);
      expect(bad.filter((r, i) => r.units !== plain[i].units)).toHaveLength(2);
      expect(bad.map((r) => r.revenue)).toEqual(plain.map((r) => r.revenue));
    },
  );

  test("unstorable without a field: one asked metric; a key field when named", async () => {
    const random = await corrupted(STORE, { kind: "unstorable", rows: 1, value: 1e308 });
    expect(random.bad.flatMap((r) => ["revenue", "units"].filter((m) => r[m] === 1e308))).toHaveLength(1);
    proxy.clear();
    const key = await corrupted(STORE, { kind: "unstorable", rows: 1, value: -1e308, field: "store_id" });
    expect(key.bad.filter((r) => r.store_id === -1e308)).toHaveLength(1);
  });

  describe("omitted-header", () => {
    // pharmaplus serves neither availability nor wastage: the simulator names both, comma-separated.
    const Q = { ...WEEKLY, retailer: "pharmaplus", metric: "revenue,availability,wastage", filter: "sku" };
    const header = async (c: Corruption) => {
      proxy.clear();
      proxy.corrupt({ corruptions: [c], count: 1 });
      const res = await get(proxy.url, "/api/data", Q);
      const body = await res.text();
      expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(body));
      return { value: res.headers.get("x-service-omitted-metrics"), body };
    };

    test.each([
      ["space" as const, undefined, "availability wastage"],
      ["semicolon" as const, undefined, "availability;wastage"],
      ["mixed" as const, undefined, "availability; wastage"],
      ["mixed" as const, "foo", "availability; wastage foo"],
      ["semicolon" as const, "<b>x</b>", "availability;wastage;<b>x</b>"],
    ])("%s, unknown %p: the header %p, the rows as the simulator sent them", async (separator, unknown, expected) => {
      const direct = await get(sim.url, "/api/data", Q);
      expect(direct.headers.get("x-service-omitted-metrics")).toBe("availability,wastage");
      const { value, body } = await header({ kind: "omitted-header", separator, unknown });
      expect(value).toBe(expected);
      expect(body).toBe(await direct.text());
      expect(proxy.corrupted()).toBe(1);
    });

    test("one name and nothing added: nothing changes, the rule is not used up; no header and a name: the name", async () => {
      proxy.corrupt({ corruptions: [{ kind: "omitted-header", separator: "space" }], count: 1 });
      await rows(proxy.url, { ...Q, metric: "revenue,wastage" });
      expect(proxy.corrupted()).toBe(0);
      proxy.clear();
      proxy.corrupt({ corruptions: [{ kind: "omitted-header", separator: "space", unknown: "foo" }], count: 1 });
      const res = await get(proxy.url, "/api/data", WEEKLY);
      expect(res.headers.get("x-service-omitted-metrics")).toBe("foo");
    });
  });

  test("bad shapes are refused when queued", () => {
    expect(() => proxy.corrupt({ corruptions: [{ kind: "other-viewby", rows: 1, codes: 0 }] })).toThrow(/codes/);
    expect(() => proxy.corrupt({ corruptions: [{ kind: "unstorable", rows: 1, value: Infinity }] })).toThrow(/finite/);
    expect(() => proxy.corrupt({ corruptions: [{ kind: "missing-key", rows: 1, field: "week" as "sku" }] })).toThrow(
      /field/,
    );
    expect(() => proxy.corrupt({ corruptions: [{ kind: "omitted-header", separator: "tab" as "space" }] })).toThrow(
      /separator/,
    );
    expect(() =>
      proxy.corrupt({ corruptions: [{ kind: "omitted-header", separator: "space", unknown: "a b" }] }),
    ).toThrow(/unknown/);
  });
});

describe("rules", () => {
  test("count is used up, rules apply in order, match picks requests, clear stops everything", async () => {
    proxy.corrupt({ corruptions: [{ kind: "add-column", column: "a", value: 1 }], count: 2 });
    proxy.corrupt({ corruptions: [{ kind: "add-column", column: "b", value: 2 }], count: 1 });
    proxy.corrupt({ corruptions: [{ kind: "add-column", column: "d", value: 3 }], match: { timeframe: "daily" } });
    const cols = async (q: Record<string, string>) => Object.keys((await rows(proxy.url, q))[0]);
    expect(await cols(WEEKLY)).toContain("a");
    expect(await cols(WEEKLY)).toContain("a");
    expect(await cols(WEEKLY)).toContain("b");
    expect(await cols(WEEKLY)).toEqual(Object.keys((await rows(sim.url, WEEKLY))[0]));
    expect(await cols(DAILY)).toContain("d");
    expect(await cols(DAILY)).toContain("d"); // no count: every matching request
    expect(proxy.corrupted()).toBe(5);
    proxy.clear();
    expect(proxy.corrupted()).toBe(0);
    expect(await cols(DAILY)).not.toContain("d");
  });

  test("the same seed gives the same answer; another seed another", async () => {
    const rule = (seed: number) => ({
      corruptions: [
        { kind: "outside", rows: 2, side: "after" },
        { kind: "repeat-key", rows: 2 },
        { kind: "null-values", rows: 3 },
      ] as Corruption[],
      count: 1,
      seed,
    });
    const text = async (seed: number) => {
      proxy.corrupt(rule(seed));
      return (await get(proxy.url, "/api/data", WEEKLY)).text();
    };
    const a = await text(7);
    expect(await text(7)).toBe(a);
    expect(await text(8)).not.toBe(a);
    const other = await startCorruptingProxy(sim.url, { seed: 5 });
    try {
      proxy.corrupt({ ...rule(0), seed: undefined });
      other.corrupt({ ...rule(0), seed: undefined });
      expect(await (await get(proxy.url, "/api/data", WEEKLY)).text()).not.toBe(
        await (await get(other.url, "/api/data", WEEKLY)).text(),
      );
    } finally {
      await other.close();
    }
  });

  test("a bad corruption is refused when queued", () => {
    expect(() => proxy.corrupt({ corruptions: [{ kind: "offset", hours: 0 }] })).toThrow(/hours/);
    expect(() => proxy.corrupt({ corruptions: [{ kind: "offset", hours: 15 }] })).toThrow(/hours/);
    expect(() => proxy.corrupt({ corruptions: [{ kind: "unplaceable", rows: -1 }] })).toThrow(/rows/);
    for (const factor of [1, 0, -100, Number.NaN, Infinity])
      expect(() => proxy.corrupt({ corruptions: [{ kind: "scale", factor }] })).toThrow(/factor/);
    expect(() => proxy.corrupt({ corruptions: [{ kind: "scale", factor: 100, rows: 1.5 }] })).toThrow(/rows/);
    expect(() => proxy.corrupt({ corruptions: [], count: 0 })).toThrow(/count/);
  });
});

describe("corruptRows alone", () => {
  test("pure and seeded on simulator rows; no rows give []", async () => {
    const plain = await rows(sim.url, STORE);
    const frozen = JSON.stringify(plain);
    const params = new URLSearchParams(STORE);
    const all: Corruption[] = [
      { kind: "outside", rows: 1, side: "before" },
      { kind: "repeat-key", rows: 1 },
      { kind: "respace" },
      { kind: "offset", hours: 3 },
      { kind: "unplaceable", rows: 1 },
      { kind: "null-values", rows: 1 },
      { kind: "drop-column", column: "units" },
      { kind: "add-column", column: "x", value: null },
      { kind: "scale", factor: 1000 },
      { kind: "scale", factor: 0.01, metric: "units", rows: 1 },
      { kind: "other-viewby", rows: 2, codes: 2 },
      { kind: "missing-key", rows: 1, field: "store_id" },
      { kind: "unstorable", rows: 1, value: 5e-324 },
    ];
    for (const c of all) {
      const a = corruptRows(plain, c, { params, rng: seededRandom(3) });
      const b = corruptRows(plain, c, { params, rng: seededRandom(3) });
      expect(a).toEqual(b);
      expect(a).not.toEqual(plain);
      expect(a).not.toBe(plain);
      expect(JSON.stringify(plain)).toBe(frozen);
      expect(corruptRows([], c, { params, rng: seededRandom(3) })).toEqual([]);
    }
    // The period field is found by its values when the query does not name the timeframe.
    const moved = corruptRows(
      plain,
      { kind: "offset", hours: -3 },
      { params: new URLSearchParams(), rng: Math.random },
    );
    expect(moved.every((r) => String(r.week).endsWith("-03:00"))).toBe(true);
  });

  test("seededRandom is deterministic and in [0, 1)", () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
  });
});
