// "Copy for sync" on a managed table's card: the table's saved query as a sync-file entry, the same JSON
// `sales-data sync` takes; synced into a real DuckDB file, the database table is the table the pane wrote (its
// columns, in order, and every row).
import { readTable } from "../../src/excel";
import { pullTable } from "../../src/refresh";
import { openDatabase, parseQueryOption, parseSyncFile, syncAll } from "../../src/sync";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { asQuery } from "../support/query";
import { SIM_TODAY } from "../support/simulator";
import { NEW_SHEET, refreshFixture } from "../refresh/support/fixture";
import { duckDbCase } from "../../dev/sync-engines";
import { dayOfSerial } from "../support/excelDays";

const f = refreshFixture({ skus: 4, stores: 3 });
const db = duckDbCase();
beforeAll(() => db.start());
afterAll(() => db.stop());

// Two retailers at store level, a filter and View by: every field the entry has to carry.
const QUERY = asQuery({
  level: "store",
  retailers: "northmart, pharmaplus",
  timeframe: "weekly",
  metrics: "revenue,units",
  from: "2026-09-07",
  to: SIM_TODAY,
  comparison: "year",
});

test("the entry is the table's saved query as the sync file takes it; a table no longer managed has none", async () => {
  const { write } = await pullTable(f.deps, QUERY, { ...NEW_SHEET, rolling: true });
  const ops = tableOperations(f.host.run, () => f.deps);
  const text = (await ops.syncEntryOf(write.tableName))!;
  const record = await f.record(write.tableName);
  expect(parseQueryOption(text)).toEqual({ table: write.tableName, rolling: true, query: record.query });
  expect(parseSyncFile(JSON.stringify({ tables: [JSON.parse(text)] })).entries).toEqual([
    { table: write.tableName, rolling: true, query: record.query },
  ]);
  expect(await ops.syncEntryOf("Sales_gone")).toBeUndefined();
});

test("synced, the entry gives the database the table the pane wrote: its columns and every row", async () => {
  const { write } = await pullTable(f.deps, QUERY, NEW_SHEET);
  const text = (await tableOperations(f.host.run, () => f.deps).syncEntryOf(write.tableName))!;
  const engine = await openDatabase(db.address());
  try {
    const [result] = await syncAll([parseQueryOption(text)], { engine, client: f.client, today: SIM_TODAY });
    expect(result.outcome).toBe("synced");
  } finally {
    await engine.close();
  }
  const workbook = await readTable(f.host.run, write.tableName);
  const stored = await db.query(`SELECT * FROM "${write.tableName}"`);
  expect(Object.keys(stored[0])).toEqual(workbook.headers);
  // The period a date, codes whole numbers, names text, figures and comparisons as the cells hold them.
  const asText = (v: unknown) => (v === null ? null : String(v));
  const fromWorkbook = workbook.values.map((r) => [dayOfSerial(r[0] as number), ...r.slice(1)].map(asText));
  const fromDatabase = stored.map((r) => Object.values(r).map(asText));
  const order = (rows: (string | null)[][]) => rows.map((r) => JSON.stringify(r)).sort();
  expect(fromWorkbook.length).toBeGreaterThan(100);
  expect(order(fromDatabase)).toEqual(order(fromWorkbook));
});
