// A sync process killed (SIGKILL, as kill -9) at every stage of a window rewrite leaves the table as it was once
// the database is opened again, and the next rewrite completes; a first sync killed at every stage leaves no table
// (never part of one), so the next sync is a first sync again; two sync processes on one table never double a row.
import { openDatabase, type SyncRow } from "../../src/sync";
import { SyncLockedError } from "../../src/sync/errors";
import { REWRITE_STAGES } from "../../src/sync/rewrite";
import { startSyncChild } from "../../dev/sync-child";
import {
  duckDbCase,
  mondays,
  postgresCase,
  storedRows,
  storeWeekly,
  weekRows,
  type EngineCase,
} from "../../dev/sync-engines";

const WEEKS = mondays("2026-09-07", 8);
/** Every stage before COMMIT: of a later rewrite (staging, swap, revisions), and of a first sync. */
const KILL_POINTS = REWRITE_STAGES.later.filter((s) => s !== "committed");
const FIRST_KILL_POINTS = REWRITE_STAGES.first.filter((s) => s !== "committed");

let tables = 0;

describe.each([duckDbCase(), postgresCase()])("$name", (db: EngineCase) => {
  beforeAll(() => db.start(), 120_000);
  afterAll(() => db.stop(), 60_000);

  /** A table of eight weeks, written and closed (a DuckDB file is then free for another process). */
  async function seeded(): Promise<{ table: string; rows: SyncRow[] }> {
    const table = `Sales_crash_${++tables}`;
    const engine = await db.open();
    const writer = await engine.begin(storeWeekly(table));
    await writer.insert([weekRows(WEEKS)]);
    await writer.commit();
    await engine.close();
    return { table, rows: weekRows(WEEKS) };
  }

  async function periodsOf(table: string) {
    const engine = await db.open();
    try {
      return await engine.storedPeriods(table);
    } finally {
      await engine.close();
    }
  }

  async function rowsOf(table: string): Promise<SyncRow[]> {
    const engine = await db.open();
    try {
      return await storedRows(engine, storeWeekly(table));
    } finally {
      await engine.close();
    }
  }

  const revised = (version: number) => [...weekRows(WEEKS.slice(0, 6)), ...weekRows(WEEKS.slice(6), 3, 2, version)];

  test.each(KILL_POINTS)(
    "killed at %s: the table is as before after restart, and the next rewrite completes",
    async (stage) => {
      const { table, rows } = await seeded();
      const child = startSyncChild({ address: db.address(), table, version: 1, stopAt: stage });
      await child.reached(stage);
      await child.kill();
      expect(await rowsOf(table)).toEqual(rows);

      const next = startSyncChild({ address: db.address(), table, version: 2 });
      expect((await next.ended).output).toContain("DONE");
      expect(await rowsOf(table)).toEqual(revised(2));
    },
    60_000,
  );

  test.each(FIRST_KILL_POINTS)(
    "a first sync killed at %s: no table after restart, and the next sync is a first sync again that completes",
    async (stage) => {
      const table = `Sales_first_${++tables}`;
      const child = startSyncChild({ address: db.address(), table, version: 1, first: true, stopAt: stage });
      await child.reached(stage);
      await child.kill();
      // The table is made in the first sync's transaction: killed before COMMIT, there is none, not part of one.
      // No stored periods is what makes syncTable's next run a first sync.
      expect(await periodsOf(table)).toBeNull();

      const next = startSyncChild({ address: db.address(), table, version: 2, first: true });
      expect((await next.ended).output).toContain("DONE");
      expect(await rowsOf(table)).toEqual(weekRows(WEEKS, 3, 2, 2));
    },
    60_000,
  );

  test("a first sync killed right after COMMIT: the whole table is there after restart", async () => {
    const table = `Sales_first_${++tables}`;
    const child = startSyncChild({ address: db.address(), table, version: 3, first: true, stopAt: "committed" });
    await child.reached("committed");
    await child.kill();
    expect(await rowsOf(table)).toEqual(weekRows(WEEKS, 3, 2, 3));
  }, 60_000);

  test("killed right after COMMIT: the new window is there after restart", async () => {
    const { table } = await seeded();
    const child = startSyncChild({ address: db.address(), table, version: 3, stopAt: "committed" });
    await child.reached("committed");
    await child.kill();
    expect(await rowsOf(table)).toEqual(revised(3));
  }, 60_000);

  test("two sync processes on one table: one is refused or waits, nothing is doubled", async () => {
    const { table } = await seeded();
    const first = startSyncChild({ address: db.address(), table, version: 4, stopAt: "inserted" });
    await first.reached("inserted");
    if (db.name === "DuckDB") {
      const refused = db.open();
      await expect(refused).rejects.toThrow(SyncLockedError);
      await expect(refused).rejects.toThrow(
        `The DuckDB file ${db.address().slice("duckdb:".length)} is open in another process (PID ${first.pid}): another ` +
          "sync, or a program that holds it open. A DuckDB file takes one writing process at a time, so this sync " +
          "did not start and nothing was changed. Run it again when that process has finished.",
      );
      first.proceed();
      expect((await first.ended).output).toContain("DONE");
      expect(await rowsOf(table)).toEqual(revised(4));
      return;
    }
    const impatient = startSyncChild({ address: db.address(), table, version: 5, lockWaitMs: 0 });
    const said = await impatient.ended;
    expect(said.code).toBe(1);
    expect(said.output).toContain(
      `FAILED Another sync is writing the table "${table}" in the PostgreSQL database ` +
        `"${new URL(db.address()).pathname.slice(1)}" on 127.0.0.1:${db.server!().port}; this one stopped. ` +
        "Nothing was changed.",
    );
    const patient = startSyncChild({ address: db.address(), table, version: 6, lockWaitMs: 30_000 });
    await waitFor(
      async () => (await db.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).length === 1,
    );
    first.proceed();
    expect((await first.ended).output).toContain("DONE");
    expect((await patient.ended).output).toContain("DONE");
    expect(await rowsOf(table)).toEqual(revised(6));
  }, 60_000);

  test("the database opens again after a killed sync and lists the runs that committed", async () => {
    const engine = await openDatabase(db.address());
    try {
      const synced = (await engine.runs({ limit: 1000 })).filter((r) => r.outcome === "synced");
      const later = synced.filter((r) => r.table.startsWith("Sales_crash_"));
      // the rewrite after each kill, the one killed after COMMIT, the two that waited their turn
      expect(later.length).toBe(KILL_POINTS.length + (db.name === "DuckDB" ? 2 : 3));
      expect(later.every((r) => r.inserted === 12 && r.deleted === 12)).toBe(true);
      // the first sync after each kill, the one killed after COMMIT
      const first = synced.filter((r) => r.table.startsWith("Sales_first_"));
      expect(first.length).toBe(FIRST_KILL_POINTS.length + 1);
      expect(first.every((r) => r.inserted === 48 && r.deleted === 0)).toBe(true);
    } finally {
      await engine.close();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("waited 20 s in vain");
    await new Promise((r) => setTimeout(r, 100));
  }
}
