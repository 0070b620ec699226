// Columns an analyst adds to a synced table (a category, a note, a figure of their own) are theirs: on both real
// engines, every rewrite keeps them, each row's values by its key (the window's rows included, whatever their type),
// a new row gets NULL or the column's default, and the summary names them; a failed rewrite leaves them as they
// were, with no temporary table behind. A column of the sync's own dropped, or one of the user's that a new row
// could not fill, is named with what to do, and nothing is written. Then ten daily syncs of a query through the
// simulator over HTTP, the analyst's text and numeric columns filled in as rows arrive.
import { createClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { syncAll, type SyncEngine, type SyncRow, type SyncTableSpec } from "../../src/sync";
import { SyncError } from "../../src/sync/errors";
import { REWRITE_STAGES, rewriteWindow } from "../../src/sync/rewrite";
import type { SyncEntry } from "../../src/sync/syncFile";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import {
  chunked,
  duckDbCase,
  mondays,
  postgresCase,
  storedRows,
  storeWeekly,
  weekRows,
  type EngineCase,
} from "../../dev/sync-engines";

const WEEKS = mondays("2026-09-07", 8);
const WINDOW = { from: WEEKS[6], to: "2026-10-31" };
const QUERY = JSON.stringify({ level: "store", retailer: "northmart", timeframe: "weekly" });
const KEY = ["week", "retailer", "sku", "store_id"];

let sim: TestSimulator;
beforeAll(async () => void (sim = await startTestSimulator({ skus: 6, stores: 3 })), 60_000);
afterAll(() => sim.close());

let tables = 0;

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

  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

  /** Eight weeks written by a first rewrite. */
  async function seeded(): Promise<{ spec: SyncTableSpec; rows: SyncRow[] }> {
    const spec = storeWeekly(`Sales_user_columns_${++tables}`);
    const rows = weekRows(WEEKS);
    await rewriteWindow(engine, { spec, window: { from: WEEKS[0], to: WINDOW.to }, rows: [rows], query: QUERY });
    return { spec, rows };
  }

  /** Every row's key and the given columns, in key order, as the database gives them. */
  const valuesOf = async (table: string, columns: readonly string[]) =>
    (
      await db.query(
        `SELECT ${[...KEY, ...columns].map(quoted).join(", ")} FROM ${quoted(table)} ORDER BY ${KEY.map(quoted).join(", ")}`,
      )
    ).map((r) => JSON.stringify(r));
  const keyOf = (row: string) => JSON.stringify(KEY.map((k) => (JSON.parse(row) as Record<string, unknown>)[k]));

  /** Temporary tables of a rewrite left in any session (PostgreSQL's catalog shows every session's). */
  const leftBehind = async () =>
    db.name === "PostgreSQL"
      ? (
          await db.query(
            "SELECT relname FROM pg_class WHERE relname IN ('sales_sync_kept_values', 'sales_sync_new_rows')",
          )
        ).length
      : 0;

  const USER_COLUMNS = ["category", "note", "amount", "ratio", "due", "checked", "count", "source"];

  /** The analyst's columns, one of each type, filled on every row (some left NULL, some text hostile). */
  async function withUserColumns(table: string): Promise<void> {
    const t = quoted(table);
    for (const column of [
      "category TEXT",
      "note TEXT",
      "amount NUMERIC(18,4)",
      "ratio DOUBLE PRECISION",
      "due DATE",
      "checked BOOLEAN",
      '"count" INTEGER',
      "source TEXT DEFAULT 'from the sync'",
    ])
      await db.query(`ALTER TABLE ${t} ADD COLUMN ${column}`);
    await db.query(
      `UPDATE ${t} SET category = 'Cat ' || CAST(sku AS TEXT) || ' O''Brien "x"; DROP TABLE y; -- 北京',
         note = CASE WHEN store_id = 101 THEN '' ELSE NULL END,
         amount = CAST(sku AS NUMERIC(18,4)) * 1000000 + 0.1234,
         ratio = CAST(store_id AS DOUBLE PRECISION) / 3,
         due = week + 3,
         checked = (store_id = 101),
         "count" = CAST(sku % 1000 AS INTEGER) * -1,
         source = 'typed by hand'`,
    );
  }

  test("the user's columns of every type keep their values through a rewrite, by key; new rows get NULL or the default", async () => {
    const { spec, rows } = await seeded();
    await withUserColumns(spec.table);
    const before = await valuesOf(spec.table, USER_COLUMNS);
    // The window again with revised figures: one key gone, a third store new.
    const fresh = weekRows(WEEKS.slice(6), 3, 3, 1).filter((r) => !(r[2] === 5_000_003 && r[4] === 102));
    const result = await rewriteWindow(engine, { spec, window: WINDOW, rows: chunked(fresh, 5), query: QUERY });
    // 10 rows replaced with both figures revised, 2 rows gone with theirs: 24 figures.
    expect(result).toEqual({
      run: expect.any(Number),
      deleted: 12,
      inserted: 16,
      changed: 24,
      userColumns: USER_COLUMNS,
    });

    expect(await storedRows(engine, spec)).toEqual([...rows.slice(0, 36), ...[...fresh].sort(byKey)]);
    const after = await valuesOf(spec.table, USER_COLUMNS);
    const had = new Map(before.map((r) => [keyOf(r), r]));
    for (const row of after) {
      const values = JSON.parse(row) as Record<string, unknown>;
      if (had.has(keyOf(row))) expect(row).toBe(had.get(keyOf(row)));
      else expect(USER_COLUMNS.map((c) => values[c])).toEqual([...Array(7).fill(null), "from the sync"]);
    }
    // 36 settled rows and 10 of the window's kept their values; the key the answer no longer has is gone; the new
    // store's 6 rows came in.
    expect(after.filter((r) => had.has(keyOf(r)))).toHaveLength(46);
    expect(after).toHaveLength(52);
    expect(await leftBehind()).toBe(0);
  });

  test("a failure at any stage leaves the table and the user's values as they were; the next rewrite completes", async () => {
    const { spec } = await seeded();
    await withUserColumns(spec.table);
    const user = await valuesOf(spec.table, USER_COLUMNS);
    const before = await valuesOf(spec.table, ["revenue", ...USER_COLUMNS]);
    for (const stage of REWRITE_STAGES.later.filter((s) => s !== "committed")) {
      const failure = new SyncError(`Injected at ${stage}.`);
      const attempt = rewriteWindow(engine, {
        spec,
        window: WINDOW,
        rows: chunked(weekRows(WEEKS.slice(6), 3, 3, 2), 4),
        query: QUERY,
        onStage: (s) => {
          if (s === stage) throw failure;
        },
      });
      await expect(attempt).rejects.toBe(failure);
      expect(await valuesOf(spec.table, ["revenue", ...USER_COLUMNS])).toEqual(before);
      expect(await leftBehind()).toBe(0);
    }
    await rewriteWindow(engine, { spec, window: WINDOW, rows: [weekRows(WEEKS.slice(6), 3, 2, 2)], query: QUERY });
    expect(await valuesOf(spec.table, ["revenue", ...USER_COLUMNS])).not.toEqual(before);
    expect(await valuesOf(spec.table, USER_COLUMNS)).toEqual(user);
    expect(await leftBehind()).toBe(0);
  });

  const sqlType = (type: "double" | "text") =>
    db.name === "DuckDB"
      ? { double: "DOUBLE", text: "VARCHAR" }[type]
      : { double: "DOUBLE PRECISION", text: "TEXT" }[type];
  const around =
    "Or rename or drop the table, and the next sync writes a new one from the query's start; or give the query a " +
    "table name of its own.";

  test("a column of the sync's own dropped is named with what to do, nothing written; done as said, the sync goes on", async () => {
    const { spec, rows } = await seeded();
    const t = quoted(spec.table);
    // DuckDB alters no column of a table with an index; the sync makes none there (its key is a constraint).
    await db.query(`ALTER TABLE ${t} DROP COLUMN revenue`);
    const before = await valuesOf(spec.table, ["units"]);
    const add = `ALTER TABLE ${t} ADD COLUMN "revenue" ${sqlType("double")}`;
    const attempt = rewriteWindow(engine, {
      spec,
      window: WINDOW,
      rows: [weekRows(WEEKS.slice(6), 3, 2, 1)],
      query: QUERY,
    });
    await expect(attempt).rejects.toThrow(
      new SyncError(
        `The table ${t} in ${engine.label} cannot be synced: it has no column "revenue", which the query writes. ` +
          `Nothing was changed. Add "revenue" with ${add}. ${around}`,
      ),
    );
    expect(await valuesOf(spec.table, ["units"])).toEqual(before);

    await db.query(add); // now the last column, where the query has it before "units": found by name
    const result = await rewriteWindow(engine, {
      spec,
      window: WINDOW,
      rows: [weekRows(WEEKS.slice(6), 3, 2, 1)],
      query: QUERY,
    });
    expect(result.userColumns).toEqual([]);
    const settled = rows.slice(0, 36).map((r) => [...r.slice(0, 5), null, r[6]]);
    expect(await storedRows(engine, spec)).toEqual([...settled, ...weekRows(WEEKS.slice(6), 3, 2, 1)]);
  });

  test("a column of the sync's own of another type is named with the statement that mends it", async () => {
    const { spec } = await seeded();
    const t = quoted(spec.table);
    await db.query(`ALTER TABLE ${t} ALTER COLUMN product_name TYPE INTEGER USING length(product_name)`);
    const [integer, text] = db.name === "DuckDB" ? ["INTEGER", "VARCHAR"] : ["integer", "text"];
    const change = `ALTER TABLE ${t} ALTER COLUMN "product_name" TYPE ${sqlType("text")} USING "product_name"::${sqlType("text")}`;
    await expect(rewriteWindow(engine, { spec, window: WINDOW, rows: [], query: QUERY })).rejects.toThrow(
      new SyncError(
        `The table ${t} in ${engine.label} cannot be synced: its column "product_name" is ${integer} where the query ` +
          `writes ${text}. Nothing was changed. Change "product_name" to ${text} with ${change}. ${around}`,
      ),
    );
    await db.query(change);
    await rewriteWindow(engine, { spec, window: WINDOW, rows: [weekRows(WEEKS.slice(6))], query: QUERY });
    expect((await storedRows(engine, spec)).slice(36)).toEqual(weekRows(WEEKS.slice(6)));
  });

  test("a column of the user's that is NOT NULL with no default is refused by name, before anything is written", async () => {
    const { spec } = await seeded();
    const t = quoted(spec.table);
    await db.query(`ALTER TABLE ${t} ADD COLUMN "Owner" TEXT`);
    await db.query(`UPDATE ${t} SET "Owner" = 'finance'`);
    await db.query(`ALTER TABLE ${t} ALTER COLUMN "Owner" SET NOT NULL`);
    const before = await valuesOf(spec.table, ["revenue", "Owner"]);
    const alter = `ALTER TABLE ${t} ALTER COLUMN "Owner"`;
    await expect(
      rewriteWindow(engine, { spec, window: WINDOW, rows: [weekRows(WEEKS.slice(6), 3, 3)], query: QUERY }),
    ).rejects.toThrow(
      new SyncError(
        `The table ${t} in ${engine.label} cannot be synced: your column "Owner" is NOT NULL with no default, so the ` +
          `rows a sync adds could not be stored. Nothing was changed. Let "Owner" be empty with ${alter} DROP NOT ` +
          `NULL, or give it a default with ${alter} SET DEFAULT <value>. ${around}`,
      ),
    );
    expect(await valuesOf(spec.table, ["revenue", "Owner"])).toEqual(before);
    await db.query(`${alter} SET DEFAULT 'nobody yet'`);
    await rewriteWindow(engine, { spec, window: WINDOW, rows: [weekRows(WEEKS.slice(6), 3, 3)], query: QUERY });
    const owners = await db.query(`SELECT "Owner" AS o, count(*) AS n FROM ${t} GROUP BY "Owner" ORDER BY "Owner"`);
    expect(owners.map((r) => [r.o, Number(r.n)])).toEqual([
      ["finance", 48],
      ["nobody yet", 6],
    ]);
  });

  test("an analyst's text and numeric columns keep their values through ten daily syncs, the window's rows included", async () => {
    const table = "Analyst's daily";
    const t = quoted(table);
    const entry: SyncEntry = {
      table,
      rolling: true,
      query: asQuery({
        level: "sku",
        retailers: "northmart",
        timeframe: "daily",
        metrics: "revenue,units",
        from: addDays(SIM_TODAY, -20),
        to: SIM_TODAY,
      }),
    };
    const sync = async (day: string) => {
      sim.simulator.setToday(day);
      const client = createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => day });
      return (await syncAll([entry], { engine, client, today: day }))[0];
    };
    expect((await sync(SIM_TODAY)).message).toMatch(/^Synced "Analyst's daily" for the first time: \d+ rows/);
    await db.query(`ALTER TABLE ${t} ADD COLUMN category TEXT`);
    await db.query(`ALTER TABLE ${t} ADD COLUMN margin NUMERIC(12,2)`);
    // What the analyst types for a row, from its key; filled in as rows arrive.
    const category = `'Shelf ' || CAST(sku AS TEXT) || ', ' || CAST("date" AS TEXT) || ': O''Brien''s "pick" 北京'`;
    const margin = "CAST(sku % 97 AS NUMERIC(12,2)) + 0.25";
    const fill = () => db.query(`UPDATE ${t} SET category = ${category}, margin = ${margin} WHERE category IS NULL`);
    const count = async (where: string) => Number((await db.query(`SELECT count(*) AS n FROM ${t} ${where}`))[0].n);
    const wrong = `WHERE (category IS DISTINCT FROM ${category} OR margin IS DISTINCT FROM ${margin})`;
    const empty = "WHERE (category IS NULL AND margin IS NULL)";
    await fill();
    for (let i = 1; i <= 10; i++) {
      const [rows, last] = [await count(""), await db.query(`SELECT max("date") AS d FROM ${t}`)];
      const r = await sync(addDays(SIM_TODAY, i));
      expect([r.outcome, r.first]).toEqual(["synced", false]);
      expect(r.deleted).toBeGreaterThan(0); // the window's rows were deleted and written again
      expect(r.message.split('; kept your columns "category" and "margin"')).toHaveLength(2);
      // Every row that was there has the analyst's values; the new day's rows alone are empty.
      const added = (await count("")) - rows;
      expect(added).toBeGreaterThan(0);
      expect(await count(empty)).toBe(added);
      expect(await count(`${wrong} AND NOT (${empty.slice("WHERE ".length)})`)).toBe(0);
      const [{ n }] = await db.query(`SELECT count(*) AS n FROM ${t} ${empty} AND "date" <= $1`, [last[0].d]);
      expect(Number(n)).toBe(0);
      await fill();
    }
    expect(await count(wrong)).toBe(0);

    // The analyst drops a column of the sync's: the next sync fails, naming it, and the table stays as it is.
    await db.query(`ALTER TABLE ${t} DROP COLUMN units`);
    const rows = await count("");
    const r = await sync(addDays(SIM_TODAY, 11));
    expect(r.outcome).toBe("failed");
    expect(r.message).toBe(
      `Failed ${t}: The table ${t} in ${engine.label} cannot be synced: it has no column "units", which the query ` +
        `writes. Nothing was changed. Add "units" with ALTER TABLE ${t} ADD COLUMN "units" ${sqlType("double")}. ` +
        around,
    );
    expect([await count(""), await count(wrong)]).toEqual([rows, 0]);
    const [run] = await engine.runs({ table, limit: 1 });
    expect([run.outcome, run.reason]).toEqual(["failed", r.message.slice(`Failed ${t}: `.length)]);
  });
});

describe("PostgreSQL's identity and computed columns of the user's", () => {
  const db = postgresCase();
  let engine: SyncEngine;
  beforeAll(async () => {
    await db.start();
    engine = await db.open();
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    await db.stop();
  }, 60_000);

  test("an identity keeps each row's number and numbers new rows; a computed column is computed for every row", async () => {
    const spec = storeWeekly("Sales_identity");
    await rewriteWindow(engine, {
      spec,
      window: { from: WEEKS[0], to: WINDOW.to },
      rows: [weekRows(WEEKS)],
      query: QUERY,
    });
    await db.query(`ALTER TABLE "Sales_identity" ADD COLUMN line BIGINT GENERATED ALWAYS AS IDENTITY`);
    await db.query(
      `ALTER TABLE "Sales_identity" ADD COLUMN price DOUBLE PRECISION GENERATED ALWAYS AS (revenue / units) STORED`,
    );
    const lines = async () =>
      new Map(
        (await db.query(`SELECT week::TEXT AS w, sku, store_id, line FROM "Sales_identity"`)).map((r) => [
          `${r.w} ${r.sku} ${r.store_id}`,
          Number(r.line),
        ]),
      );
    const before = await lines();
    const result = await rewriteWindow(engine, {
      spec,
      window: WINDOW,
      rows: [weekRows(WEEKS.slice(6), 3, 3, 1)],
      query: QUERY,
    });
    expect(result.userColumns).toEqual(["line", "price"]);
    const after = await lines();
    expect([...after].filter(([k]) => before.has(k))).toEqual([...before]);
    expect(
      [...after]
        .filter(([k]) => !before.has(k))
        .map(([, line]) => line)
        .sort(),
    ).toEqual([49, 50, 51, 52, 53, 54]);
    const wrong = await db.query(
      `SELECT count(*) AS n FROM "Sales_identity" WHERE price IS DISTINCT FROM revenue / units`,
    );
    expect(Number(wrong[0].n)).toBe(0);
  });
});

/** Rows of storeWeekly in key order (week, retailer, sku, store). */
function byKey(a: SyncRow, b: SyncRow): number {
  for (const i of [0, 1, 2, 4])
    if (a[i] !== b[i]) return (a[i] as string | number) < (b[i] as string | number) ? -1 : 1;
  return 0;
}
