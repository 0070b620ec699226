// A large retailer's answers stream into the engine batch by batch (src/sync/streamedRows.ts): a first answer too
// large to hold until its end (over 50,000 rows by default, 1,000 here, where the table's columns come from) tells
// the columns and is read again, and every row lands once, on a first sync and on a later one, on both engines; a
// refusal at the end of the answer read again leaves nothing behind.
import { createClient, type SalesClient } from "../../src/api";
import { RequestPool } from "../../src/api/pool";
import type { SyncEngine } from "../../src/sync";
import type { SyncEntry } from "../../src/sync/syncFile";
import { syncTable } from "../../src/sync/syncTable";
import { startAnswerProxy, type AnswerProxy } from "../refresh/support/answerProxy";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase, postgresCase, type EngineCase } from "../../dev/sync-engines";

let sim: TestSimulator;
let proxy: AnswerProxy;
let client: SalesClient;
/** The weeks asked, request by request (datefrom), as the proxy passed them on. */
let asked: string[] = [];

beforeAll(async () => {
  // 30 SKUs in 100 stores: about 2,300 rows a week at northmart (not every SKU is in every store).
  sim = await startTestSimulator({ skus: 30, stores: 100 });
  proxy = await startAnswerProxy(sim.url);
  client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => SIM_TODAY, retries: 0 });
}, 60_000);
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
beforeEach(() => {
  asked = [];
  proxy.change = (rows, params) => {
    asked.push(params.get("datefrom")!);
    return rows;
  };
});

/** The rows a first answer may hold before it is read again, lowered from the sync's 50,000. */
const HELD = 1_000;

const entry = (table: string, from: string): SyncEntry => ({
  table,
  rolling: false,
  query: asQuery({
    level: "store",
    retailers: "northmart",
    timeframe: "weekly",
    metrics: "revenue,units",
    from,
    to: "2026-11-22",
  }),
});

describe.each([duckDbCase(), postgresCase()])("$name", (db: EngineCase) => {
  let engine: SyncEngine;
  beforeAll(async () => {
    await db.start();
    engine = await db.open();
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    await db.stop();
  }, 60_000);

  const sync = (e: SyncEntry) =>
    syncTable(e, { engine, reader: { client, pool: new RequestPool() }, today: SIM_TODAY, heldRows: HELD });
  const rowsOf = async (table: string) =>
    (await db.query(`SELECT week, sku, store_id, revenue, units FROM "${table}" ORDER BY week, sku, store_id`)).map(
      (r) => JSON.stringify(r),
    );

  test("a first answer over the rows held is read again for its rows; each row lands once, as the service sent it", async () => {
    const big = await sync(entry("large first", "2026-11-09"));
    expect(big).toMatchObject({ outcome: "synced", first: true });
    // The first week tells the columns, then is read again: three requests for two weeks.
    expect(asked).toEqual(["2026-11-09", "2026-11-09", "2026-11-16"]);
    expect(big.inserted).toBeGreaterThan(2 * HELD);
    const [{ n, distinct }] = await db.query(
      `SELECT count(*) AS n, count(DISTINCT (week, sku, store_id)) AS distinct FROM "large first"`,
    );
    expect([Number(n), Number(distinct)]).toEqual([big.inserted, big.inserted]);
    // The rows the service sends for those weeks, read whole: as many, with the same total.
    const whole = await client.getData({ ...entry("", "2026-11-09").query, retailer: "northmart" });
    const [{ revenue }] = await db.query(`SELECT sum(revenue) AS revenue FROM "large first"`);
    const sent = whole.rows.reduce((t, r) => t + (r.revenue as number), 0);
    expect(whole.rows.length).toBe(big.inserted);
    expect(Math.abs(Number(revenue) - sent) / sent).toBeLessThan(1e-9);
  }, 120_000);

  test("a later sync streams its window into staging the same way, and a refusal at the end of the answer read again changes nothing", async () => {
    await sync(entry("large later", "2026-11-02"));
    const before = await rowsOf("large later");
    asked = [];
    let reads = 0;
    proxy.change = (rows, params) => {
      asked.push(params.get("datefrom")!);
      // The second read of the window's first week (the one that lands) ends with a key sent again.
      if (params.get("datefrom") === "2026-11-16" && ++reads === 2) return [...rows, { ...rows[0], revenue: 1 }];
      return rows;
    };
    const refused = await sync(entry("large later", "2026-11-02"));
    expect(refused).toMatchObject({ outcome: "failed" });
    expect(refused.message).toMatch(/sent the same row twice/);
    expect(asked.slice(0, 2)).toEqual(["2026-11-16", "2026-11-16"]);
    expect(await rowsOf("large later")).toEqual(before);
  }, 120_000);
});
