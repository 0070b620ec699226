// Answers checked as they stream (src/api/streamedRead.ts, src/sync/chunkRows.ts), over real HTTP from the simulator
// through a proxy that spoils one row of a large answer: the answer check still applies to every row. An answer of
// several megabytes whose last row is spoiled (a period that cannot be placed, a figure sent as text, a key sent
// again) is refused whole, though the rows before it had already been handed on as they were parsed; a sync into
// DuckDB or PostgreSQL that reads it fails, and nothing is written: a first sync makes no table, a later one leaves
// the table as it was.
import { createClient, type SalesClient } from "../../src/api";
import { RequestPool } from "../../src/api/pool";
import { type SyncEngine } from "../../src/sync";
import type { SyncEntry } from "../../src/sync/syncFile";
import { syncTable } from "../../src/sync/syncTable";
import { startAnswerProxy, type AnswerProxy, type ServiceRow } from "../refresh/support/answerProxy";
import { asQuery, request } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase, postgresCase, type EngineCase } from "../../dev/sync-engines";

// Each test reads a 5 MB answer at least twice (7 to 9 s here); on a machine busy with other jobs, four times that.
jest.setTimeout(120_000);

let sim: TestSimulator;
let proxy: AnswerProxy;
let client: SalesClient;

beforeAll(async () => {
  // 60 SKUs in 100 stores: about 4,700 rows (0.9 MB) a week.
  sim = await startTestSimulator({ skus: 60, stores: 100 });
  proxy = await startAnswerProxy(sim.url);
  client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => SIM_TODAY, retries: 0 });
}, 60_000);
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
beforeEach(() => {
  proxy.change = null;
});

/**
 * Ways to spoil the last row of an answer, the words that refuse it, and where: at the row itself (its batch does
 * not go on), or only at the end of the answer (a key sent twice: every row has gone on by then).
 */
const SPOILED: [string, (rows: ServiceRow[]) => ServiceRow[], RegExp, "row" | "end"][] = [
  [
    "a period that cannot be placed on a day",
    (rows) => [...rows.slice(0, -1), { ...rows.at(-1), week: "week 47" }],
    /has week "week 47", which cannot be placed on a day.*Nothing was written\./,
    "row",
  ],
  [
    "a figure sent as text",
    (rows) => [...rows.slice(0, -1), { ...rows.at(-1), units: "12 units" }],
    /cannot read: row [\d,]+: units is the text "12 units", not a number\. Nothing was written\./,
    "row",
  ],
  [
    "the first row's key sent again",
    (rows) => [...rows.slice(0, -1), { ...rows[0], revenue: 1 }],
    /sent the same row twice .*which one is right cannot be known.*Nothing was written\./,
    "end",
  ],
];

/** The last row of the answers for `from` on spoiled (or every answer's, with no `from`). */
const spoil = (how: (rows: ServiceRow[]) => ServiceRow[], from?: string) =>
  (proxy.change = (rows, params) => (from === undefined || params.get("datefrom") === from ? how(rows) : rows));

describe("the client's streamed read", () => {
  const sixWeeks = request({
    level: "store",
    retailer: "northmart",
    timeframe: "weekly",
    metrics: "revenue,units",
    from: "2026-10-05",
    to: "2026-11-15",
  });
  // The answer's rows, read whole before any test spoils it: each test stands on its own.
  let rows = 0;
  beforeAll(async () => {
    rows = (await client.getData(sixWeeks)).rows.length;
  });

  test("hands on every row the check keeps, as getData returns them, with the same verdict", async () => {
    const whole = await client.getData(sixWeeks);
    let batches = 0;
    const streamed: unknown[] = [];
    const result = await client.streamData(sixWeeks, (batch) => {
      batches++;
      streamed.push(...batch);
    });
    expect(whole.rows).toHaveLength(rows);
    expect(rows).toBeGreaterThan(25_000);
    expect(batches).toBeGreaterThan(3); // about 5 MB, in batches of about a megabyte
    expect(streamed).toEqual(whole.rows);
    expect({ ...result, rows: whole.rows }).toEqual(whole);
  });

  test.each(SPOILED)(
    "an answer whose last row has %s is refused whole, after its first rows went on",
    async (_, how, words, at) => {
      spoil(how);
      let handed = 0;
      const read = client.streamData(sixWeeks, (batch) => {
        handed += batch.length;
      });
      await expect(read).rejects.toMatchObject({ kind: "format", message: expect.stringMatching(words) });
      // The rows of every batch before the spoiled row's went on as they were parsed; that batch's did not.
      if (at === "row") expect([handed > rows / 2, handed < rows]).toEqual([true, true]);
      else expect(handed).toBe(rows);
      await expect(client.getData(sixWeeks)).rejects.toMatchObject({ message: expect.stringMatching(words) });
    },
  );
});

describe.each([duckDbCase(), postgresCase()])("a sync into $name", (db: EngineCase) => {
  let engine: SyncEngine;
  beforeAll(async () => {
    await db.start();
    engine = await db.open();
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    await db.stop();
  }, 60_000);

  /** Eight weeks: the first alone, then the other seven (about 33,000 rows) in one request. */
  const entry = (table: string): SyncEntry => ({
    table,
    rolling: false,
    query: asQuery({
      level: "store",
      retailers: "northmart",
      timeframe: "weekly",
      metrics: "revenue,units",
      from: "2026-09-28",
      to: "2026-11-22",
    }),
  });
  const sync = (table: string) =>
    syncTable(entry(table), { engine, reader: { client, pool: new RequestPool() }, today: SIM_TODAY });
  const tableRows = async (table: string) =>
    (await db.query(`SELECT count(*) AS n, sum(revenue) AS revenue FROM "${table}"`)).map((r) => JSON.stringify(r));
  const exists = async (table: string) =>
    (await db.query(`SELECT table_name FROM information_schema.tables WHERE table_name = $1`, [table])).length > 0;

  // One refused at its row, one at the end of the answer (the client's reads above take every kind).
  test.each(SPOILED.slice(1))(
    "with %s at the end of a large answer: a first sync makes no table, a later one changes nothing",
    async (what, how, words) => {
      const table = `spoiled ${what}`;
      spoil(how, "2026-10-05"); // the second request's answer
      const first = await sync(table);
      expect(first.outcome).toBe("failed");
      expect(first.message).toMatch(words);
      expect(await exists(table)).toBe(false);

      proxy.change = null;
      expect((await sync(table)).outcome).toBe("synced");
      const before = await tableRows(table);
      spoil(how); // the later sync re-reads the last weeks in one answer
      const later = await sync(table);
      expect(later.outcome).toBe("failed");
      expect(later.message).toMatch(words);
      expect(await tableRows(table)).toEqual(before);
    },
  );
});
