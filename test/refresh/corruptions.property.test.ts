// Property tests of the answer check's promise, over real HTTP: the simulator's answers corrupted at random by the
// corrupting proxy (dev/corruptions), then pulled or refreshed into the in-memory workbook, for daily, weekly and
// monthly tables. Whatever the corruption: no key appears twice in the table, no row lies outside the query (nor
// outside its View by), no stored row disappears without being reported, what was omitted is metrics only, and
// every refusal leaves the workbook as it was. Issue 21's kinds are drawn too.
import fc from "fast-check";
import { startCorruptingProxy, type Corruption, type CorruptingProxy } from "../../dev/corruptions";
import { createWorkbookHost } from "../../dev/workbook-host";
import { createClient, type SalesClient } from "../../src/api";
import { addDays, addPeriods, type IsoDate } from "../../src/core/dates";
import { isMetric, type Timeframe } from "../../src/core/query/metrics";
import type { Query } from "../../src/core/query/query";
import { readManagedTables, readTable, type ExcelRun } from "../../src/excel";
import { pullTable, refreshTable, type RefreshDeps } from "../../src/refresh";
import { runs as propertyRuns } from "../support/properties";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { dayOfSerial } from "../support/excelDays";

const WEEKLY = asQuery({
  level: "sku",
  retailers: "northmart",
  timeframe: "weekly",
  metrics: "revenue,units",
  from: "2026-06-01",
  to: SIM_TODAY,
});
const QUERIES: Record<string, Query> = {
  daily: { ...WEEKLY, timeframe: "daily", from: "2026-10-01" },
  weekly: WEEKLY,
  monthly: { ...WEEKLY, timeframe: "monthly", from: "2025-12-01" },
  // Four requests of 8 weeks each (store level is read in small parts): every part corrupted on its own.
  "store weekly": { ...WEEKLY, level: "store" },
  "weekly with a comparison": { ...WEEKLY, comparison: "period" },
  // Issue 21: a View by answer, where rows of other SKUs must be left out.
  "daily by one SKU": { ...WEEKLY, timeframe: "daily", from: "2026-10-01", filter: "sku", viewby: "100001" },
};

const corruption: fc.Arbitrary<Corruption> = fc.oneof(
  fc.record({
    kind: fc.constant("outside" as const),
    rows: fc.integer({ min: 1, max: 3 }),
    side: fc.constantFrom("before" as const, "after" as const),
  }),
  fc.record({ kind: fc.constant("repeat-key" as const), rows: fc.integer({ min: 1, max: 2 }) }),
  fc.constant({ kind: "respace" as const }),
  fc.record({ kind: fc.constant("offset" as const), hours: fc.integer({ min: -12, max: 14 }).filter((h) => h !== 0) }),
  fc.record({ kind: fc.constant("unplaceable" as const), rows: fc.integer({ min: 1, max: 2 }) }),
  fc.record({
    kind: fc.constant("null-values" as const),
    rows: fc.integer({ min: 1, max: 5 }),
    metric: fc.constantFrom("revenue", "units"),
  }),
  fc.record({ kind: fc.constant("drop-column" as const), column: fc.constantFrom("revenue", "units") }),
  fc.record({ kind: fc.constant("add-column" as const), column: fc.constant("region"), value: fc.constant("north") }),
  // Issue 21.
  fc.record({
    kind: fc.constant("other-viewby" as const),
    rows: fc.integer({ min: 1, max: 5 }),
    codes: fc.integer({ min: 1, max: 2 }),
  }),
  fc.record({
    kind: fc.constant("missing-key" as const),
    rows: fc.integer({ min: 1, max: 2 }),
    field: fc.constantFrom("sku" as const, "store_id" as const),
    as: fc.constantFrom("removed" as const, "null" as const, "empty" as const),
  }),
  fc.record({
    kind: fc.constant("unstorable" as const),
    rows: fc.integer({ min: 1, max: 2 }),
    value: fc.constantFrom(1e308, -1e308, 5e-324),
    field: fc.constantFrom("revenue", "units"),
  }),
  fc.record(
    {
      kind: fc.constant("omitted-header" as const),
      separator: fc.constantFrom("space" as const, "semicolon" as const, "mixed" as const),
      unknown: fc.constant("foo"),
    },
    { requiredKeys: ["kind", "separator"] },
  ),
);

let sim: TestSimulator;
let proxy: CorruptingProxy;
let client: SalesClient;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 4, stores: 2 });
  proxy = await startCorruptingProxy(sim.url);
  client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => sim.simulator.today(), retries: 0 });
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
afterEach(() => {
  proxy.clear();
  sim.simulator.setToday(SIM_TODAY);
});

interface TableRead {
  keys: string[];
  days: IsoDate[];
  skus: unknown[];
  values: unknown[][];
}

/** The table's row keys (period, SKU, store) and period days. */
async function tableRows(run: ExcelRun, name: string): Promise<TableRead> {
  const t = await readTable(run, name);
  const pi = t.headers.findIndex((h) => h === "date" || h === "week" || h === "month");
  const keyAt = ["sku", "store_id"].map((k) => t.headers.indexOf(k)).filter((i) => i >= 0);
  return {
    keys: t.values.map((r) => JSON.stringify([r[pi], ...keyAt.map((i) => r[i])])),
    days: t.values.map((r) => dayOfSerial(r[pi] as number)),
    skus: t.values.map((r) => r[t.headers.indexOf("sku")]),
    values: t.values,
  };
}

function inQuery(day: IsoDate, tf: Timeframe, from: IsoDate, to: IsoDate): boolean {
  return day <= to && (tf === "daily" ? day >= from : addPeriods(day, tf, 1) > from);
}

function holdsTableInvariants(read: TableRead, query: Query, to: IsoDate): void {
  expect(new Set(read.keys).size).toBe(read.keys.length);
  for (const d of read.days) expect(inQuery(d, query.timeframe, query.from, to)).toBe(true);
  if (query.viewby !== undefined && query.viewby !== null)
    for (const sku of read.skus) expect(String(sku)).toBe(query.viewby);
}

// 8 runs of each of the 12 properties still find a rule broken on purpose (README, "Test run time"); test:deep: 20.
const runs = { ...propertyRuns(20, 8), endOnFailure: true };

/** Kinds the rules refuse (or, at refresh, hold): the others must be used and reported, never refused. */
const REFUSED = new Set<Corruption["kind"]>(["repeat-key", "respace", "unplaceable", "missing-key", "unstorable"]);
const refusable = (cs: readonly Corruption[]) => cs.some((c) => REFUSED.has(c.kind));

describe.each(Object.keys(QUERIES))("%s tables, answers corrupted at random", (name) => {
  const query = QUERIES[name];

  test("a pull is refused with the workbook as it was, or writes each key once, inside the query, and says what it left out", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(corruption, { minLength: 1, maxLength: 2 }),
        fc.integer(),
        async (corruptions, seed) => {
          proxy.clear();
          proxy.corrupt({ corruptions, seed });
          const host = createWorkbookHost();
          const deps: RefreshDeps = { run: host.run, client, today: () => sim.simulator.today() };
          const before = host.snapshot();
          let pulled;
          try {
            pulled = await pullTable(deps, query, { destination: { kind: "new-sheet" }, rolling: true });
          } catch (err) {
            expect(String((err as Error).message)).toMatch(/Nothing was written/);
            expect(refusable(corruptions)).toBe(true);
            expect(host.snapshot()).toEqual(before);
            return;
          }
          holdsTableInvariants(await tableRows(host.run, pulled.write.tableName), query, query.to);
          expect(pulled.omittedMetrics.every(isMetric)).toBe(true);
          // What a corruption left out or emptied is said.
          const said = [...pulled.warnings, ...pulled.omittedMetrics].join(" ");
          const moved = corruptions.some((o) => o.kind === "outside"); // copies moved outside are counted there
          if (query.viewby && !moved && corruptions.some((c) => c.kind === "other-viewby"))
            expect(said).toMatch(/rows? of (another SKU|other SKUs) than View by 100001 \(/);
          if (corruptions.some((c) => c.kind === "omitted-header" && c.unknown))
            expect(said).toContain('named "foo" among the metrics it left out');
          for (const c of corruptions) {
            if (c.kind === "outside") expect(said).toMatch(/outside/);
            if (c.kind === "drop-column") expect(said).toContain(c.column);
            // Nulls of a metric another corruption drops altogether are not nulls any more: it is omitted.
            const dropped = (m?: string) => corruptions.some((d) => d.kind === "drop-column" && d.column === m);
            if (c.kind === "null-values" && !dropped(c.metric))
              expect(said).toMatch(new RegExp(`no figure for [^;]*\\b${c.metric} in \\d+ rows?`));
            if (c.kind === "add-column") expect(said).toContain(c.column);
          }
        },
      ),
      runs,
    );
  });

  test("a refresh is refused or held with the table as it was, or keeps each key once, inside the query, and reports every stored row it removes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(corruption, { minLength: 1, maxLength: 2 }),
        fc.integer(),
        fc.integer({ min: 1, max: 3 }),
        async (corruptions, seed, days) => {
          proxy.clear();
          sim.simulator.setToday(SIM_TODAY);
          const host = createWorkbookHost();
          const deps: RefreshDeps = { run: host.run, client, today: () => sim.simulator.today() };
          const pulled = await pullTable(deps, query, { destination: { kind: "new-sheet" }, rolling: true });
          const name = pulled.write.tableName;
          sim.simulator.setToday(addDays(SIM_TODAY, days));
          proxy.corrupt({ corruptions, seed });
          const stored = await tableRows(host.run, name);
          const before = host.snapshot();
          const record = (await readManagedTables(host.run)).tables.find((t) => t.tableName === name)!;
          const o = await refreshTable(deps, record);
          if (o.status === "failed" || o.status === "kept") {
            expect(host.snapshot()).toEqual(before);
            // Refused: only what the rules refuse. Held: also rows left out (outside their dates), as losses.
            if (o.status === "failed") expect(refusable(corruptions)).toBe(true);
            else expect(refusable(corruptions) || corruptions.some((c) => c.kind === "outside")).toBe(true);
            if (o.status === "failed")
              expect(o.error).toMatch(/Nothing was written|nothing was written|left as it was/);
            return;
          }
          const after = await tableRows(host.run, name);
          holdsTableInvariants(after, query, sim.simulator.today());
          expect(o.omittedMetrics.every(isMetric)).toBe(true);
          const gone = new Set(after.keys);
          const vanished = stored.keys.filter((k) => !gone.has(k));
          expect(o.losses?.rows ?? 0).toBe(vanished.length);
          if (vanished.length > 0) expect(o.warnings.join(" ")).toMatch(/removed|no longer sends/);
        },
      ),
      runs,
    );
  });
});
