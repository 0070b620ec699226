// The real command as processes a scheduler starts: one killed with SIGKILL (kill -9) in the middle of a first
// sync's bulk insert (its first chunk in the open transaction, the next one on its way) leaves the table as it was,
// and the next sync completes; two syncs of one table at once never double a row (DuckDB: the second is refused
// with the file's lock, exit 1; PostgreSQL: the second waits for the table's lock, then rewrites the window).
import { spawn } from "node:child_process";
import { addDays } from "../../src/core/dates";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase, postgresCase, type EngineCase } from "../../dev/sync-engines";
import { BIN, salesData } from "./support/command";

let sim: TestSimulator;
beforeAll(async () => void (sim = await startTestSimulator({ stores: 3 })), 60_000);
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const ENTRY = (table: string) =>
  JSON.stringify({
    table,
    query: {
      level: "sku",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue,units",
      from: addDays(SIM_TODAY, -200),
      to: SIM_TODAY,
    },
  });

describe.each([duckDbCase(), postgresCase()])("$name", (db: EngineCase) => {
  beforeAll(() => db.start(), 120_000);
  afterAll(() => db.stop(), 60_000);

  const env = () => ({ SALES_DATA_API_KEY: SIM_KEY, SALES_DATA_URL: sim.url, SALES_DATA_TODAY: SIM_TODAY });
  const sync = (table: string) => salesData(["sync", "--query", ENTRY(table), "--db", db.address()], env());
  const count = async (table: string) => {
    const tables = await db.query(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1",
      [table],
    );
    if (Number(tables[0].n) === 0) return null;
    return Number((await db.query(`SELECT count(*) AS n FROM "${table}"`))[0].n);
  };

  test("killed with SIGKILL during a first sync's bulk insert: the table is as before, the next sync completes", async () => {
    // The first period and the first chunk answer at once; the last chunk waits 30 s: the process is then in the
    // middle of its bulk insert, two chunks in its open transaction.
    await sim.inject({ path: "/api/data", delayMs: 1, count: 2 });
    await sim.inject({ path: "/api/data", delayMs: 30_000, count: 5 });
    const child = spawn(process.execPath, [BIN, "sync", "--query", ENTRY("Killed"), "--db", db.address()], {
      env: { PATH: process.env.PATH ?? "", ...env() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        if (/Killed: read 2 of 3 chunks/.test(stderr)) setTimeout(resolve, 1000);
      });
      child.once("exit", () => reject(new Error(`the sync ended before its first chunk: ${stderr}`)));
    });
    child.kill("SIGKILL");
    await exited;
    expect(await count("Killed")).toBeNull(); // a first sync creates its table in its transaction
    await sim.reset();
    const next = await sync("Killed");
    expect(next.code).toBe(0);
    expect(next.stdout).toMatch(/^Synced "Killed" for the first time: [\d,]+ rows/);
    expect(await count("Killed")).toBe(Number(/([\d,]+) rows/.exec(next.stdout)![1].replace(/,/g, "")));
  }, 120_000);

  test("two syncs of one table at once: nothing doubled", async () => {
    expect((await sync("Twice")).code).toBe(0);
    const rows = await count("Twice");
    // The next day's syncs, the first one slowed by the service, the second started once the first's request is
    // at the service (its database open, its read waiting 3 s).
    const later = { ...env(), SALES_DATA_TODAY: addDays(SIM_TODAY, 1) };
    sim.simulator.setToday(addDays(SIM_TODAY, 1));
    await sim.inject({ path: "/api/data", delayMs: 3000, count: 1 });
    const sent = sim.count("/api/data");
    const first = salesData(["sync", "--query", ENTRY("Twice"), "--db", db.address()], later);
    while (sim.count("/api/data") === sent) await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await salesData(["sync", "--query", ENTRY("Twice"), "--db", db.address()], later);
    const one = await first;
    if (db.name === "DuckDB") {
      expect([one.code, second.code].sort()).toEqual([0, 1]);
      const refused = one.code === 1 ? one : second;
      expect(refused.stderr).toMatch(/^The DuckDB file .+ is open in another process \(PID \d+\): another sync/);
    } else {
      expect([one.code, second.code]).toEqual([0, 0]);
    }
    // The table equals a fresh full sync of that day, and every row key is there once.
    expect((await salesData(["sync", "--query", ENTRY("Twice fresh"), "--db", db.address()], later)).code).toBe(0);
    expect(await count("Twice")).toBe(await count("Twice fresh"));
    expect(await count("Twice")).toBeGreaterThan(Number(rows));
    const keys = await db.query(`SELECT count(*) AS n FROM (SELECT DISTINCT "date", sku FROM "Twice") k`);
    expect(Number(keys[0].n)).toBe(await count("Twice"));
  }, 120_000);
});
