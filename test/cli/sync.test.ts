// `sales-data sync` end to end, as a scheduler runs it: the real command as a child process, the simulator over
// HTTP (through a proxy that takes rows out of answers or scales them), and both real databases (a DuckDB file,
// an embedded PostgreSQL server). First sync, daily syncs over simulated days that end equal to a fresh full
// sync, revisions recorded, held syncs (losses, a unit change) and --anyway, exit codes, the key nowhere. Each
// command is a process of its own (as a scheduler starts it), so the data is small and the days few: two later
// days already move the window, revise figures and age store-level daily rows past the service's 14 days.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays } from "../../src/core/dates";
import { startAnswerProxy, dayOf, type AnswerProxy, type ServiceRow } from "../refresh/support/answerProxy";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase, postgresCase, type EngineCase } from "../../dev/sync-engines";
import { salesData, type CommandResult } from "./support/command";

let sim: TestSimulator;
let proxy: AnswerProxy;
/** Everything every command printed: searched for the key at the end. */
const printed: string[] = [];

beforeAll(async () => {
  sim = await startTestSimulator({ stores: 6 });
  proxy = await startAnswerProxy(sim.url);
}, 60_000);
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
beforeEach(() => (proxy.change = null));

const WEEKLY = {
  table: "Sales_northmart_SKU_weekly",
  rolling: true,
  query: {
    level: "sku",
    retailers: ["northmart"],
    timeframe: "weekly",
    metrics: ["revenue", "units"],
    from: "2026-08-03",
    to: SIM_TODAY,
  },
};
const STORE_DAILY = {
  table: "Store daily",
  rolling: true,
  query: {
    level: "store",
    retailers: ["northmart", "pharmaplus"],
    timeframe: "daily",
    metrics: "revenue,units",
    from: addDays(SIM_TODAY, -13),
    to: SIM_TODAY,
  },
};
const SKU_DAILY = (table: string) => ({
  table,
  rolling: true,
  query: {
    level: "sku",
    retailers: "northmart",
    timeframe: "daily",
    metrics: ["revenue", "units"],
    from: addDays(SIM_TODAY, -30),
    to: SIM_TODAY,
  },
});

describe.each([duckDbCase(), postgresCase()])("$name", (db: EngineCase) => {
  beforeAll(() => db.start(), 120_000);
  afterAll(() => db.stop(), 60_000);

  /** The command on `day` (the simulator's clock moved there too), against this database. */
  async function run(day: string, args: string[]): Promise<CommandResult> {
    sim.simulator.setToday(day);
    const result = await salesData([...args, "--db", db.address()], {
      SALES_DATA_API_KEY: SIM_KEY,
      SALES_DATA_URL: proxy.url,
      SALES_DATA_TODAY: day,
    });
    printed.push(result.stdout, result.stderr);
    return result;
  }

  const syncFile = (name: string, content: unknown) => {
    const path = join(require("node:os").tmpdir(), `sales-sync-${db.name}-${name}-${process.pid}.json`);
    writeFileSync(path, JSON.stringify(content, null, 2));
    return path;
  };

  const rowsOf = async (table: string, where = "") =>
    (await db.query(`SELECT * FROM "${table.replace(/"/g, '""')}" ${where}`)).map((r) => JSON.stringify(r)).sort();

  test("a first sync, then daily syncs over three days: each table equals a fresh full sync, revisions recorded", async () => {
    const file = syncFile("daily", { tables: [WEEKLY, STORE_DAILY] });
    const first = await run(SIM_TODAY, ["sync", file]);
    expect(first.stderr).toContain("chunks");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Synced "Sales_northmart_SKU_weekly" for the first time`);
    expect(first.stdout).toContain(`Synced "Store daily" for the first time`);
    let day = SIM_TODAY;
    for (let i = 1; i <= 2; i++) {
      day = addDays(SIM_TODAY, i);
      const later = await run(day, ["sync", file, "--json"]);
      expect(later.code).toBe(0);
      const outcome = JSON.parse(later.stdout) as { exitCode: number; tables: { outcome: string; first: boolean }[] };
      expect(outcome.exitCode).toBe(0);
      expect(outcome.tables.map((t) => [t.outcome, t.first])).toEqual([
        ["synced", false],
        ["synced", false],
      ]);
    }
    // A fresh full sync of the same queries on the last day, into tables of their own. Store daily data older
    // than 14 days is gone from the service: the synced table keeps it, and equals the fresh one from there on.
    const freshFrom = addDays(day, -14);
    const fresh = syncFile("fresh", {
      tables: [
        { ...WEEKLY, table: "fresh weekly" },
        { ...STORE_DAILY, table: "fresh store daily", query: { ...STORE_DAILY.query, from: freshFrom } },
      ],
    });
    expect((await run(day, ["sync", fresh])).code).toBe(0);
    expect(await rowsOf("Sales_northmart_SKU_weekly")).toEqual(await rowsOf("fresh weekly"));
    expect(await rowsOf("Store daily", `WHERE "date" >= '${freshFrom}'`)).toEqual(await rowsOf("fresh store daily"));
    expect((await rowsOf("Store daily", `WHERE "date" < '${freshFrom}'`)).length).toBeGreaterThan(0);

    const runs = await db.query(
      `SELECT table_name, outcome, rows_changed FROM sales_sync_runs
        WHERE table_name IN ('Sales_northmart_SKU_weekly', 'Store daily') ORDER BY run_id`,
    );
    expect(runs.map((r) => r.outcome)).toEqual(Array(6).fill("synced"));
    // The simulator revises the last days of daily store data: those figures are recorded, one row each.
    const changed = runs.reduce((n, r) => n + Number(r.rows_changed), 0);
    const revisions = await db.query(
      `SELECT count(*) AS n FROM sales_revisions WHERE table_name IN ('Sales_northmart_SKU_weekly', 'Store daily')`,
    );
    expect(changed).toBeGreaterThan(0);
    expect(Number(revisions[0].n)).toBe(changed);
  }, 240_000);

  test("a sync that would lose stored rows is held (exit 2, nothing written) until --anyway", async () => {
    const entry = SKU_DAILY("Losses");
    expect((await run(SIM_TODAY, ["sync", "--query", JSON.stringify(entry)])).code).toBe(0);
    const before = await rowsOf("Losses");
    const gone = addDays(SIM_TODAY, -3);
    proxy.change = (rows: ServiceRow[]) => rows.filter((r) => dayOf(r) !== gone);
    const held = await run(addDays(SIM_TODAY, 1), ["sync", "--query", JSON.stringify(entry)]);
    expect(held.code).toBe(2);
    expect(held.stdout).toContain(
      `Held "Losses": The service no longer sends 48 stored rows (20 Nov: 48): nothing at all for that day. The table was left as it was.`,
    );
    expect(held.stdout).toContain("Nothing was written; run the sync again with --anyway to accept it.");
    expect(await rowsOf("Losses")).toEqual(before);
    const [last] = await db.query(
      `SELECT outcome, reason FROM sales_sync_runs WHERE table_name = 'Losses' ORDER BY run_id DESC LIMIT 1`,
    );
    expect(last.outcome).toBe("held");

    const anyway = await run(addDays(SIM_TODAY, 1), ["sync", "--query", JSON.stringify(entry), "--anyway"]);
    expect(anyway.code).toBe(0);
    expect(await rowsOf("Losses", `WHERE "date" = '${gone}'`)).toEqual([]);
  }, 120_000);

  test("a unit change at the source is held until --anyway", async () => {
    const entry = SKU_DAILY("Units");
    expect((await run(SIM_TODAY, ["sync", "--query", JSON.stringify(entry)])).code).toBe(0);
    proxy.change = (rows: ServiceRow[]) => rows.map((r) => ({ ...r, revenue: (r.revenue as number) * 100 }));
    const held = await run(addDays(SIM_TODAY, 1), ["sync", "--query", JSON.stringify(entry)]);
    expect(held.code).toBe(2);
    expect(held.stdout).toContain("100 times");
    const anyway = await run(addDays(SIM_TODAY, 1), ["sync", "--query", JSON.stringify(entry), "--anyway"]);
    expect(anyway.code).toBe(0);
  }, 120_000);

  test("columns an analyst adds are kept with their values, and the summary names them once, plain and --json", async () => {
    const entry = JSON.stringify(SKU_DAILY("Analyst"));
    expect((await run(SIM_TODAY, ["sync", "--query", entry])).code).toBe(0);
    await db.query(`ALTER TABLE "Analyst" ADD COLUMN category TEXT`);
    await db.query(`ALTER TABLE "Analyst" ADD COLUMN note TEXT`);
    await db.query(`UPDATE "Analyst" SET category = 'Shelf ' || CAST(sku AS TEXT), note = 'checked'`);
    const checked = await rowsOf("Analyst", "WHERE note = 'checked'");
    const kept = '; kept your columns "category" and "note"';

    const plain = await run(addDays(SIM_TODAY, 1), ["sync", "--query", entry]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(
      /^Synced "Analyst": \S+ to \S+ rewritten \([^)]+\); kept your columns "category" and "note"\./,
    );
    expect(plain.stdout.split(kept)).toHaveLength(2);
    const json = await run(addDays(SIM_TODAY, 2), ["sync", "--query", entry, "--json"]);
    const outcome = JSON.parse(json.stdout) as { exitCode: number; tables: { outcome: string; message: string }[] };
    expect([json.code, outcome.exitCode, outcome.tables[0].outcome]).toEqual([0, 0, "synced"]);
    expect(outcome.tables[0].message.split(kept)).toHaveLength(2);
    expect(json.stdout.split(JSON.stringify(kept).slice(1, -1))).toHaveLength(2); // said in the message alone
    // Every row the analyst marked is there with its values (the last days rewritten twice); the new days' are empty.
    const marked = (await rowsOf("Analyst", "WHERE note = 'checked'")).map((r) => JSON.parse(r));
    expect(marked).toHaveLength(checked.length);
    expect(marked.every((r) => r.category === `Shelf ${r.sku}`)).toBe(true);
    expect(await rowsOf("Analyst", "WHERE note IS NULL AND category IS NULL")).toHaveLength(2 * 48);
  }, 120_000);

  test("a service that keeps answering 429: bounded retries, said with what to do, exit 1, nothing written", async () => {
    const entry = JSON.stringify(SKU_DAILY("Limited"));
    const said =
      'Failed "Limited": The service kept answering 429 (too many requests): the sync sent the request 6 times, ' +
      "slowing down and waiting between tries, then stopped. Run the sync again later, or schedule it at a quieter hour. " +
      "Nothing was changed.";
    const lastRun = async () =>
      (
        await db.query(`SELECT outcome, reason FROM sales_sync_runs WHERE table_name = 'Limited' ORDER BY run_id DESC`)
      )[0];
    // A first sync: every request answered 429 (Retry-After: 0.1 s, as ky reads a fraction) for longer than the sync
    // tries.
    await sim.inject({ path: "/api/data", retryAfter: "0.1", count: 100 });
    const sent = sim.count("/api/data");
    const first = await run(SIM_TODAY, ["sync", "--query", entry]);
    expect([first.code, first.stdout.trim()]).toEqual([1, said]);
    expect(sim.count("/api/data") - sent).toBe(6);
    const tables = await db.query("SELECT table_name FROM information_schema.tables WHERE table_name = 'Limited'");
    expect(tables).toEqual([]);
    expect(await lastRun()).toEqual({
      outcome: "failed",
      reason: said.slice('Failed "Limited": '.length, -" Nothing was changed.".length),
    });
    await sim.reset();

    // A later sync, the same: the table is as it was.
    expect((await run(SIM_TODAY, ["sync", "--query", entry])).code).toBe(0);
    const before = await rowsOf("Limited");
    await sim.inject({ path: "/api/data", retryAfter: "0.1", count: 100 });
    const later = await run(addDays(SIM_TODAY, 1), ["sync", "--query", entry, "--json"]);
    const outcome = JSON.parse(later.stdout) as { exitCode: number; tables: { outcome: string; message: string }[] };
    expect([later.code, outcome.exitCode, outcome.tables[0].outcome, outcome.tables[0].message]).toEqual([
      1,
      1,
      "failed",
      said,
    ]);
    expect(await rowsOf("Limited")).toEqual(before);
    expect((await lastRun()).outcome).toBe("failed");
    await sim.reset();
  }, 120_000);

  test("hostile service text lands as it is, in a table whose name is hostile too", async () => {
    const hostile = ['=HYPERLINK("http://x")', "'); DROP TABLE sales_sync_runs; --", 'a"b', "<b>x</b>", "Ünïcödé ☃"];
    proxy.change = (rows: ServiceRow[]) =>
      rows.map((r, i) => ({ ...r, sku_product_name: hostile[i % hostile.length] }));
    const table = `x"; DROP TABLE sales_revisions; --`;
    const result = await run(SIM_TODAY, ["sync", "--query", JSON.stringify({ ...WEEKLY, table })]);
    expect(result.code).toBe(0);
    const names = new Set(
      (await db.query(`SELECT sku_product_name FROM "${table.replace(/"/g, '""')}"`)).map((r) => r.sku_product_name),
    );
    expect([...names].sort()).toEqual([...hostile].sort());
    expect((await db.query("SELECT count(*) AS n FROM sales_revisions")).length).toBe(1);
  }, 120_000);

  test("list and runs say what is synced, as text and as JSON", async () => {
    const list = await run(SIM_TODAY, ["list", "--json"]);
    expect(list.code).toBe(0);
    const tables = JSON.parse(list.stdout) as { table: string; rows: number }[];
    expect(tables.map((t) => t.table)).toContain("Sales_northmart_SKU_weekly");
    const runs = await run(SIM_TODAY, ["runs", "--table", "Losses"]);
    expect(runs.code).toBe(0);
    expect(runs.stdout).toMatch(/Losses: held, /);
  }, 60_000);

  test("the key is nowhere: not in any table, not in what the command printed, not in the server's log", async () => {
    const tables = await db.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
    );
    expect(tables.length).toBeGreaterThan(4);
    for (const { table_name } of tables) {
      const rows = await db.query(`SELECT * FROM "${String(table_name).replace(/"/g, '""')}"`);
      expect(JSON.stringify(rows)).not.toContain(SIM_KEY);
    }
    expect(printed.join("\n")).not.toContain(SIM_KEY);
    if (db.server) expect(db.server().log()).not.toContain(SIM_KEY);
  });
});
