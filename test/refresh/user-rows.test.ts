// What the user typed inside the table stays: their own rows in the window (a finance user's adjustment,
// SKU ADJ, revenue -512.34, in the week of 16 Nov), kept where the user left them and never counted as the
// service's; a row with a service row's key is the service's; rows the service no longer sends are named by key; a
// refresh that changes nothing says so. For a weekly SKU table and a daily store table, through the pane's refresh
// (tableOperations), with the service revising the window and adding periods, against the simulator and the host.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import { addDays, addPeriods, periodStart, type IsoDate } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import type { Timeframe } from "../../src/core/query/metrics";
import { rangeText } from "../../src/core/words";
import type { Query } from "../../src/core/query/query";
import { createClient } from "../../src/api";
import { readTable } from "../../src/excel";
import { pullTable, refreshTable } from "../../src/refresh";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY } from "../support/simulator";
import { dayOf, startAnswerProxy, type AnswerProxy } from "./support/answerProxy";
import { NEW_SHEET, WEEKLY, recordOf, refreshFixture } from "./support/fixture";

const fx = refreshFixture();

let proxy: AnswerProxy;
beforeAll(async () => (proxy = await startAnswerProxy(fx.sim.url)));
afterAll(() => proxy.close());
beforeEach(() => {
  proxy.change = null;
  fx.deps.client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => fx.sim.simulator.today() });
});

/** The first period of the window a refresh after SIM_TODAY rewrites (7 days before the last read: Monday 16 Nov). */
const WINDOW = "2026-11-16";

const KINDS: [string, Query, string, string][] = [
  ["weekly SKU", WEEKLY, "2026-12-02", "16-22 Nov"],
  [
    "daily store",
    asQuery({
      level: "store",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue,units",
      from: "2026-11-12",
      to: SIM_TODAY,
    }),
    "2026-11-25",
    "16 Nov",
  ],
];

const pull = async (q: Query, host: WorkbookHost = fx.host) =>
  (await pullTable({ ...fx.deps, run: host.run }, q, { ...NEW_SHEET, rolling: true })).write.tableName;

const act = (batch: (ctx: Excel.RequestContext) => void, host: WorkbookHost = fx.host) =>
  host.run(async (ctx) => {
    batch(ctx);
    await ctx.sync();
  });

const pane = (host: WorkbookHost = fx.host) => tableOperations(host.run, () => ({ ...fx.deps, run: host.run }));

/** A row of the user's like `like` (its period and store), with `sku` and revenue: the adjustment. */
function userRow(headers: string[], like: unknown[], sku: string, revenue: number): (string | number)[] {
  return headers.map((h, k) => {
    if (h === "sku") return sku;
    if (h === "revenue") return revenue;
    if (h === "units") return 0;
    if (k === 0 || h === "store_id") return like[k] as number;
    return typeof like[k] === "string" ? "Adjustment" : "";
  });
}

/** Inserts `rows` into the table at body index `at` (Insert > Table Rows Above, as a person would). */
const insertRows = (name: string, at: number, rows: (string | number)[][], host: WorkbookHost = fx.host) =>
  act((ctx) => void ctx.workbook.tables.getItem(name).rows.add(at, rows), host);

/** The user's row by key in a line: "ADJ, 16-22 Nov", at a store "ADJ / 1002, 16 Nov". */
const adjText = (sku: string, period: string) => `${sku}(?: / \\d+)?, ${period}`;
const has = (text: string, pattern: string) => expect(text).toMatch(new RegExp(pattern));

/** The table's rows that are not the user's (SKU not ADJ...). */
const serviceRows = (rows: unknown[][], sku: number) => rows.filter((r) => !String(r[sku]).startsWith("ADJ"));

const lastDay = (p: IsoDate, tf: Timeframe) => (tf === "daily" ? p : addDays(addPeriods(p, tf, 1), -1));

/** Body index of the first and last rows of `day`'s period. */
function periodRows(values: unknown[][], day: string): { first: number; last: number } {
  const p = excelSerial(day);
  const first = values.findIndex((r) => r[0] === p);
  let last = first;
  while (values[last + 1]?.[0] === p) last++;
  return { first, last };
}

describe.each(KINDS)("%s table", (_, query, next, week) => {
  test("an adjustment row in the window is kept after its period's service rows, named, not a loss nor a revision", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const sku = headers.indexOf("sku");
    const { first } = periodRows(values, WINDOW);
    const adj = userRow(headers, values[first], "ADJ", -512.34);
    await insertRows(name, first, [adj]); // typed above the period's first row
    // The same table without the adjustment, refreshed the same way: what the user's table must say besides it.
    const control = createWorkbookHost();
    const controlName = await pull(query, control);
    fx.sim.simulator.setToday(next);
    const line = await pane().refresh(name);
    const controlLine = await pane(control).refresh(controlName);
    has(line.text, `; kept your row ${adjText("ADJ", week)};`);
    expect(line.text).not.toMatch(/no longer sends/);
    expect(line.text.replace(new RegExp(`; kept your row ${adjText("ADJ", week)}`), "")).toBe(controlLine.text);
    const after = (await readTable(fx.host.run, name)).values;
    expect(serviceRows(after, sku)).toEqual(await fx.freshPull({ ...query, to: next }));
    // In its period, after the service's rows of that period, as the user typed it.
    const at = after.findIndex((r) => r[sku] === "ADJ");
    expect(after[at]).toEqual(adj);
    expect(after[at - 1][0]).toBe(excelSerial(WINDOW));
    expect(after[at + 1][0]).toBeGreaterThan(excelSerial(WINDOW));
  });

  test("an adjustment row before the window is left as it is; two of yours in one period are both kept, in order", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const sku = headers.indexOf("sku");
    const early = 0; // the table's first row: long before the window
    await insertRows(name, early + 1, [userRow(headers, values[early], "ADJ-OLD", -40)]);
    const { last } = periodRows((await readTable(fx.host.run, name)).values, WINDOW);
    const two = [userRow(headers, values[0], "ADJ", -10), userRow(headers, values[0], "ADJ", -20)].map((r) => {
      r[0] = excelSerial(WINDOW);
      return r;
    });
    await insertRows(name, last + 1, two);
    fx.sim.simulator.setToday(next);
    const line = await pane().refresh(name);
    has(line.text, `kept your 2 rows ${adjText("ADJ", week)}; ${adjText("ADJ", week)}`);
    expect(line.text).not.toContain("ADJ-OLD");
    const after = (await readTable(fx.host.run, name)).values;
    expect(after[early + 1][sku]).toBe("ADJ-OLD");
    const mine = after.flatMap((r, i) => (r[sku] === "ADJ" ? [[i, r[headers.indexOf("revenue")]]] : []));
    expect(mine.map(([, rev]) => rev)).toEqual([-10, -20]);
    expect(mine[1][0]).toBe((mine[0][0] as number) + 1);
    expect(serviceRows(after, sku)).toEqual(await fx.freshPull({ ...query, to: next }));
  });

  test("a row of yours with the key of a service row is the service's: replaced, the key kept once, said", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const sku = headers.indexOf("sku");
    const { last } = periodRows(values, WINDOW);
    const copy = userRow(headers, values[last], String(values[last][sku]), -100);
    await insertRows(name, last + 1, [copy]);
    fx.sim.simulator.setToday(next);
    const line = await pane().refresh(name);
    expect(line.text).toContain(`1 stored row repeated a row the service sends (`);
    expect(line.text).not.toMatch(/kept your row|no longer sends/);
    expect((await readTable(fx.host.run, name)).values).toEqual(await fx.freshPull({ ...query, to: next }));
  });

  test("a row of yours in a period the service drops whole: held; refreshed anyway, your row stays in its period", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const sku = headers.indexOf("sku");
    const { last } = periodRows(values, WINDOW);
    await insertRows(name, last + 1, [userRow(headers, values[last], "ADJ", -512.34)]);
    fx.sim.simulator.setToday(next);
    proxy.change = (rows) => rows.filter((r) => dayOf(r) !== WINDOW); // nothing for that period
    const held = await pane().refresh(name);
    expect(held.refreshAnyway).toBeDefined();
    expect(held.text).toMatch(/nothing at all for that (day|week)/);
    const anyway = await pane().refresh(name, undefined, { anyway: held.refreshAnyway });
    has(anyway.text, `kept your row ${adjText("ADJ", week)}`);
    const after = (await readTable(fx.host.run, name)).values;
    expect(after.filter((r) => r[0] === excelSerial(WINDOW)).map((r) => r[sku])).toEqual(["ADJ"]);
    expect(serviceRows(after, sku)).toEqual(await fx.freshPull({ ...query, to: next }));
  });

  test("rows the service no longer sends are named by key, five and then how many more", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    const sku = headers.indexOf("sku");
    const gone = String(values[values.length - 1][sku]);
    fx.sim.simulator.setToday(next);
    proxy.change = (rows) => rows.filter((r) => String(r.sku) !== gone || (dayOf(r) ?? "") < WINDOW);
    const line = await pane().refresh(name);
    const removed = (await readTable(fx.host.run, name)).values.length;
    expect(removed).toBeGreaterThan(0);
    has(line.text, `(it was|they were) removed from the table: ${gone}(, | / )`);
    const named = /removed from the table: (.*?)(?: and (\d+) more)?[.;]/.exec(line.text)!;
    expect(named[1].split("; ").length).toBeLessThanOrEqual(5);
  });

  test("refreshed twice on one day: the second says no change, each metric by name", async () => {
    const name = await pull(query);
    fx.sim.simulator.setToday(next);
    await pane().refresh(name);
    const again = await pane().refresh(name);
    expect(again.text).toMatch(
      /^No change: \d+ rows re-read, all as before; Revenue, [^:]+: no change; Units, [^:]+: no change$/,
    );
  });

  test("a table from before the record: its first refresh takes every row as the add-in's and records; then yours are kept", async () => {
    const name = await pull(query);
    const { headers, values } = await readTable(fx.host.run, name);
    // As an earlier version left it: no record of what it wrote.
    const id = (await fx.record(name)).tableId!;
    await act((ctx) => ctx.workbook.settings.getItem(`SalesData.written.${id}`).delete());
    const { last } = periodRows(values, WINDOW);
    await insertRows(name, last + 1, [userRow(headers, values[last], "ADJ", -1)]);
    fx.sim.simulator.setToday(next);
    const first = await pane().refresh(name);
    has(first.text, `removed from the table: ${adjText("ADJ", week)}\\.`);
    expect(fx.host.snapshot().settings[`SalesData.written.${id}`]).toBeDefined();
    // A row of yours in the period the next refresh rewrites first (the one of 7 days before this read).
    const now = (await readTable(fx.host.run, name)).values;
    const period = periodStart(addDays(next, -7), query.timeframe);
    const { last: end } = periodRows(now, period);
    await insertRows(name, end + 1, [userRow(headers, now[end], "ADJ", -2)]);
    const second = await pane().refresh(name);
    has(
      second.text,
      `kept your row ${adjText("ADJ", rangeText({ from: period, to: lastDay(period, query.timeframe) }, next, true))}`,
    );
  });
});

test("every sync of a refresh with a row of yours failed in turn: the old window or the new, yours kept; then complete", async () => {
  const [, query, next] = KINDS[0];
  const adj = async (host: WorkbookHost) => {
    const deps = { ...fx.deps, run: host.run };
    fx.sim.simulator.setToday(SIM_TODAY);
    const name = await pull(query, host);
    const { headers, values } = await readTable(host.run, name);
    const { last } = periodRows(values, WINDOW);
    await insertRows(name, last + 1, [userRow(headers, values[last], "ADJ", -512.34)], host);
    fx.sim.simulator.setToday(next);
    return { deps, name, sku: headers.indexOf("sku") };
  };
  const ref = createWorkbookHost();
  const r = await adj(ref);
  const old = (await readTable(ref.run, r.name)).values;
  const refRecord = await recordOf(ref.run, r.name);
  ref.stats.reset();
  expect((await refreshTable(r.deps, refRecord)).status).toBe("refreshed");
  const syncs = ref.stats.syncLog.length;
  const fresh = (await readTable(ref.run, r.name)).values;
  const blankless = (rows: unknown[][]) => rows.filter((row) => row.some((v) => v !== ""));
  for (let k = 1; k <= syncs; k++) {
    for (const afterActions of [0, 1, 3]) {
      const host = createWorkbookHost();
      const t = await adj(host);
      const record = await recordOf(host.run, t.name);
      host.failSync(k, { code: "GeneralException", afterActions });
      await refreshTable(t.deps, record);
      const now = blankless((await readTable(host.run, t.name)).values);
      expect([JSON.stringify(old), JSON.stringify(fresh)]).toContain(JSON.stringify(now));
      // The next refresh completes it, the row of yours kept (the record agrees with whichever window is there).
      const again = await refreshTable(t.deps, await recordOf(host.run, t.name));
      expect(again.error).toBeUndefined();
      expect((await readTable(host.run, t.name)).values).toEqual(fresh);
    }
  }
}, 180_000);
