// Review fixes: a sorted table and a Total Row are refused, a pull that fails part way is saved and completes
// on refresh, operations at the same time are serialized, an empty answer is refused, and service text lands as
// text even after a user reformatted a text column.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import { createClient, type DataResult, type SalesClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import type { DataQuery } from "../../src/core/query";
import { listManagedTables, readTable } from "../../src/excel";
import { pullTable, refreshAll, refreshTable, type RefreshDeps, type RefreshableTable } from "../../src/refresh";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";

let sim: TestSimulator;
let client: SalesClient;
let host: WorkbookHost;
let deps: RefreshDeps;

beforeAll(async () => {
  sim = await startTestSimulator({ skus: 6, stores: 4 });
  client = createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => sim.simulator.today() });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.simulator.setToday(SIM_TODAY);
  host = createWorkbookHost();
  deps = { run: host.run, client, today: () => sim.simulator.today() };
});

const daily: DataQuery = {
  level: "sku",
  retailer: "northmart",
  timeframe: "daily",
  metrics: "revenue,units",
  from: "2026-10-01",
  to: SIM_TODAY,
};
const newSheet = { destination: { kind: "new-sheet" as const }, rolling: false };

async function record(name: string): Promise<RefreshableTable> {
  return (await listManagedTables(host.run)).find((t) => t.tableName === name) as RefreshableTable;
}

async function freshPull(query: DataQuery): Promise<unknown[][]> {
  const h = createWorkbookHost();
  const r = await pullTable({ ...deps, run: h.run }, query, newSheet);
  return (await readTable(h.run, r.write.tableName)).values;
}

function setBody(tableName: string, values: unknown[][]): Promise<void> {
  return host.run(async (context) => {
    context.workbook.tables.getItem(tableName).getDataBodyRange().values = values as string[][];
    await context.sync();
  });
}

describe("a table no longer in date order", () => {
  test("sorted newest first: refresh refuses, says how to fix it, and changes nothing", async () => {
    const { write } = await pullTable(deps, daily, { ...newSheet, rolling: true });
    const rows = (await readTable(host.run, write.tableName)).values;
    await setBody(write.tableName, [...rows].reverse());
    sim.simulator.setToday(addDays(SIM_TODAY, 1));
    const before = host.snapshot();
    const o = await refreshTable(deps, await record(write.tableName));
    expect(o.status).toBe("failed");
    expect(o.error).toMatch(
      new RegExp(`Sort "${write.tableName}" by \\S+ oldest to newest, then refresh\\. Nothing was written\\.`),
    );
    expect(host.snapshot()).toEqual(before);
  });

  test("sorted by another column (only the last rows out of order) is refused too", async () => {
    const { write } = await pullTable(deps, daily, newSheet);
    const rows = (await readTable(host.run, write.tableName)).values;
    const moved = [...rows.slice(0, -2), rows[rows.length - 1], rows[0]]; // an old row moved to the end
    await setBody(write.tableName, moved);
    const before = host.snapshot();
    const o = await refreshTable(deps, await record(write.tableName));
    expect(o.error).toMatch(/no longer in date order/);
    expect(host.snapshot()).toEqual(before);
  });
});

test("a table showing its Total Row is refused with what to do; nothing changes", async () => {
  const { write } = await pullTable(deps, daily, { ...newSheet, rolling: true });
  const before = await readTable(host.run, write.tableName);
  await host.run(async (context) => {
    context.workbook.tables.getItem(write.tableName).showTotals = true;
    await context.sync();
  });
  // The body does not include the Total Row.
  expect((await readTable(host.run, write.tableName)).values).toEqual(before.values);
  sim.simulator.setToday(addDays(SIM_TODAY, 1));
  const snap = host.snapshot();
  const o = await refreshTable(deps, await record(write.tableName));
  expect(o.status).toBe("failed");
  expect(o.error).toBe(
    `Turn off the Total Row of "${write.tableName}" (Table Design > Total Row), refresh, then turn it back on. Nothing was written.`,
  );
  expect(host.snapshot()).toEqual(snap);
});

describe("a pull that Excel fails part way", () => {
  test.each([0, 1, 3, 6])(
    "keeps the whole rows written, saves the record, warns, and a refresh completes it (failure after %i actions)",
    async (afterActions) => {
      const small = { ...deps, limits: { rows: 10 } };
      host.failSync(4, { code: "GeneralException", afterActions }); // 1 names, 2 table + 10 rows, 3 rows 11-20, 4 fails
      const r = await pullTable(small, daily, newSheet);
      expect(r.write.complete).toBe(false);
      expect(r.write.rows).toBe(20);
      expect(r.write.error).toMatch(/GeneralException/);
      expect(r.warnings.join(" ")).toMatch(
        /^Wrote 20 of \d+ rows before Excel failed \(.*\)\. Refresh the table to complete it\.$/,
      );
      const table = await readTable(host.run, r.write.tableName);
      expect(table.values).toHaveLength(20);
      expect(await record(r.write.tableName)).toEqual(expect.objectContaining({ rows: 20 }));
      const o = await refreshTable(small, await record(r.write.tableName));
      expect(o.error).toBeUndefined();
      expect((await readTable(host.run, r.write.tableName)).values).toEqual(await freshPull(daily));
    },
  );
});

describe("operations at the same time", () => {
  test("a pull and a refresh started together both keep their records and the table is consistent", async () => {
    const a = await pullTable(deps, daily, { ...newSheet, rolling: true });
    sim.simulator.setToday(addDays(SIM_TODAY, 2));
    const weekly = { ...daily, timeframe: "weekly", from: "2026-09-07", to: addDays(SIM_TODAY, 2) };
    const recA = await record(a.write.tableName);
    const [b, o, all] = await Promise.all([
      pullTable(deps, weekly, newSheet),
      refreshTable(deps, recA),
      refreshAll(deps),
    ]);
    expect(o.error).toBeUndefined();
    expect(all.failed).toBe(0);
    const names = (await listManagedTables(host.run)).map((t) => t.tableName).sort();
    expect(names).toEqual([a.write.tableName, b.write.tableName].sort());
    const today = sim.simulator.today();
    expect((await readTable(host.run, a.write.tableName)).values).toEqual(await freshPull({ ...daily, to: today }));
    expect((await readTable(host.run, b.write.tableName)).values).toEqual(await freshPull(weekly));
  });
});

test("an empty answer is refused before anything is written", async () => {
  const empty: SalesClient = {
    ...client,
    getData: async (q: DataQuery) => ({ ...(await client.getData(q)), rows: [] }),
  };
  const before = host.snapshot();
  await expect(pullTable({ ...deps, client: empty }, daily, newSheet)).rejects.toThrow(
    `The service has no rows for northmart, sku, daily, 2026-10-01 to ${SIM_TODAY}. Nothing was written; check the dates and View by.`,
  );
  expect(host.snapshot()).toEqual(before);
});

test("service text lands as text on refresh even after the user set its column to General", async () => {
  let textField: string | undefined;
  const tricky: SalesClient = {
    ...client,
    getData: async (q: DataQuery, opts?: { signal?: AbortSignal }): Promise<DataResult> => {
      const res = await client.getData(q, opts);
      textField ??= Object.keys(res.rows[0]).find(
        (k) => k !== res.periodField && typeof res.rows[0][k] === "string" && Number.isNaN(Number(res.rows[0][k])),
      );
      return { ...res, rows: res.rows.map((r, i) => ({ ...r, [textField!]: i % 2 ? "+Vita" : "=SUM(1)" })) };
    },
  };
  const d = { ...deps, client: tricky };
  const { write } = await pullTable(d, daily, { ...newSheet, rolling: true });
  expect(textField).toBeDefined();
  const table = await readTable(host.run, write.tableName);
  const col = table.headers.findIndex((h) => h.toLowerCase() === textField!.toLowerCase());
  expect(col).toBeGreaterThanOrEqual(0);
  await host.run(async (context) => {
    context.workbook.tables.getItem(write.tableName).columns.getItemAt(col).getDataBodyRange().numberFormat =
      "General" as unknown as string[][];
    await context.sync();
  });
  sim.simulator.setToday(addDays(SIM_TODAY, 1));
  const o = await refreshTable(d, await record(write.tableName));
  expect(o.status).toBe("refreshed");
  const cells = host.snapshot().sheets.flatMap((s) => s.cells);
  expect(cells.filter((c) => c.formula !== undefined)).toEqual([]);
  const after = await readTable(host.run, write.tableName);
  expect(new Set(after.values.map((r) => r[col]))).toEqual(new Set(["=SUM(1)", "+Vita"]));
});
