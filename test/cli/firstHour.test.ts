// An operator's first hour with `sales-data sync`: the simulator as `npm start` serves it, reached with
// the URL and key its banner prints; a certificate the command does not trust, named as such with what to do; a
// wrong key in the command's own words (its variable and option, never the pane); a sync that reads no rows or asks
// for dates after the service's today held (exit 2: no rows is not success); two queries never sharing one table
// unnoticed (refused before anything is read); progress that counts a later sync's rows; list and runs in one
// style. The real command as a child process, the real dev server and simulator, a real DuckDB file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { banner, startDevServer, type RunningDevServer } from "../../dev/dev-server";
import { addDays } from "../../src/core/dates";
import { startAnswerProxy, type AnswerProxy } from "../refresh/support/answerProxy";
import { BUILD, freePort, sharedBuildCache } from "../support/devServer";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { salesData, type CommandResult } from "./support/command";

jest.setTimeout(120_000);

const WEEKLY = {
  level: "sku",
  retailers: "northmart",
  timeframe: "weekly",
  metrics: "revenue,units",
  from: "2026-09-01", // a Tuesday: the week of 31 Aug is the query's first row
  to: "2026-11-22",
};

let dir: string;
let sim: TestSimulator;
let proxy: AnswerProxy;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sales-first-hour-"));
  sim = await startTestSimulator();
  proxy = await startAnswerProxy(sim.url);
}, 60_000);
afterAll(async () => {
  await proxy.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => (proxy.change = null));

/** The command against the test simulator (through the proxy) on SIM_TODAY, into this file's DuckDB file. */
function sync(args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return salesData([...args, "--db", `duckdb:${join(dir, "sales.duckdb")}`], {
    SALES_DATA_API_KEY: SIM_KEY,
    SALES_DATA_URL: proxy.url,
    SALES_DATA_TODAY: SIM_TODAY,
    ...env,
  });
}
const query = (q: object, table?: string) => ["sync", "--query", JSON.stringify(table ? { table, query: q } : q)];

describe("the simulator npm start serves", () => {
  let server: RunningDevServer;
  beforeAll(async () => {
    server = await startDevServer({
      ...BUILD,
      cacheDirectory: await sharedBuildCache(),
      port: await freePort(),
      commandPort: 0,
      selfSigned: true,
      quiet: true,
      liveReload: false,
      compress: false,
      simulator: { today: SIM_TODAY },
    });
  }, 240_000);
  afterAll(() => server.close());

  test("the banner's URL and key, exported as printed, sync a first table", async () => {
    const printed = banner(server, "manifest.xml");
    const exported = /export (SALES_DATA_URL=\S+) (SALES_DATA_API_KEY=\S+)( SALES_DATA_TODAY=\S+)?/.exec(printed);
    expect(exported).not.toBeNull();
    const env = Object.fromEntries(
      exported!
        .slice(1)
        .filter(Boolean)
        .map((v) => v.trim().split("=") as [string, string]),
    );
    expect(env.SALES_DATA_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/simulator$/);
    const result = await salesData(
      [...query(WEEKLY, "from npm start"), "--db", `duckdb:${join(dir, "start.duckdb")}`],
      { SALES_DATA_TODAY: SIM_TODAY, ...env },
    );
    expect([result.code, result.stdout]).toEqual([
      0,
      expect.stringMatching(/^Synced "from npm start" for the first time: \d+ rows from 2026-08-31 to 2026-11-22\.\n$/),
    ]);
  });

  test("its address without /simulator: the whole address is said once, with what to check, not the retailer", async () => {
    const base = server.commandUrl!.replace(/\/simulator$/, "");
    const result = await salesData([...query(WEEKLY, "no mount"), "--db", `duckdb:${join(dir, "start.duckdb")}`], {
      SALES_DATA_API_KEY: server.simulator!.apiKey,
      SALES_DATA_URL: base,
      SALES_DATA_TODAY: SIM_TODAY,
    });
    expect([result.code, result.stdout]).toEqual([
      1,
      // The run asks the connection test first (its key checked), so that is the address found empty.
      `Failed "no mount": The service found nothing at this address (${base}/api/test): The simulator is at ` +
        `${server.commandUrl}. Check the service address (--service-url, "serviceUrl" in the sync file, or ` +
        'SALES_DATA_URL) and the endpoint paths (--data-path and --list-path, or "paths" in the sync file). ' +
        "Nothing was changed.\n",
    ]);
  });

  test("its https address: the certificate is named as not trusted, with what to do", async () => {
    const result = await salesData([...query(WEEKLY, "over https"), "--db", `duckdb:${join(dir, "start.duckdb")}`], {
      SALES_DATA_API_KEY: server.simulator!.apiKey,
      SALES_DATA_URL: `${server.origin}/simulator`,
      SALES_DATA_TODAY: SIM_TODAY,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `Failed "over https": The service at ${server.origin}/simulator answered, but its certificate is not trusted on this machine (DEPTH_ZERO_SELF_SIGNED_CERT). ` +
        "If you trust it, give Node the certificate of the authority that signed it: set NODE_EXTRA_CA_CERTS to that file. " +
        "The simulator of npm start also answers over http at the address npm start prints for the command. Nothing was changed.",
    );
    expect(result.stdout).not.toMatch(/Could not reach/);
  });
});

test("a wrong key is said in the command's words: its variable and option, never the pane", async () => {
  const result = await sync(query(WEEKLY, "wrong key"), { SALES_DATA_API_KEY: "not-the-key" });
  expect(result.code).toBe(1);
  expect(result.stdout).toContain(
    "The service rejected the API key. Check the key in SALES_DATA_API_KEY (or in the file --key-file names), or ask your account admin for a new one.",
  );
  expect(result.stdout + result.stderr).not.toMatch(/pane/i);
  expect(result.stdout + result.stderr).not.toContain("not-the-key");
});

test("a first sync that reads no rows makes no table and is held (exit 2); so are dates after the service's today", async () => {
  proxy.change = () => [];
  const empty = await sync(query(WEEKLY, "no rows"));
  expect(empty.code).toBe(2);
  expect(empty.stdout).toBe(
    'Held "no rows": The service has no rows for 2026-08-31 to 2026-11-22. Nothing was written, and the table was not made: check the query\'s retailer, View by and dates, then sync again.\n',
  );
  proxy.change = null;
  const sent = sim.count("/api/data");
  const future = await sync(query({ ...WEEKLY, from: "2027-01-04", to: "2027-02-28" }, "future"));
  expect(future.code).toBe(2);
  expect(future.stdout).toContain(
    `Held "future": The query asks for 2027-01-04 to 2027-02-28, after the service's today (${SIM_TODAY}): the service has no data for those dates yet.`,
  );
  expect(sim.count("/api/data")).toBe(sent); // nothing was asked
  // Partly in the future: synced up to today, and said.
  const partly = await sync(query({ ...WEEKLY, to: "2027-02-28" }, "partly"));
  expect(partly.code).toBe(0);
  expect(partly.stdout).toContain(`Synced "partly" for the first time`);
  expect(partly.stdout).toContain(`from 2026-08-31 to ${SIM_TODAY}.`);
  expect(partly.stdout).toContain(
    `The service's data runs to its today, ${SIM_TODAY}: the dates after it (to 2027-02-28) were not asked.`,
  );
  const list = await salesData(["list", "--db", `duckdb:${join(dir, "sales.duckdb")}`], {});
  expect(list.stdout).not.toMatch(/no rows|future/);
  const runs = await salesData(["runs", "--table", "no rows", "--db", `duckdb:${join(dir, "sales.duckdb")}`], {});
  expect(runs.stdout).toMatch(/^#\d+ \S+ \S+ UTC no rows: held, 2026-08-31 to 2026-11-22, 0 deleted/);
});

test("two queries never share a table: different queries default to different names, and a table another query wrote is refused before anything is read", async () => {
  const revenue = await sync(query({ ...WEEKLY, metrics: "revenue" }));
  const both = await sync(query(WEEKLY));
  expect([revenue.code, both.code]).toEqual([0, 0]);
  expect(revenue.stdout).toMatch(/^Synced "Sales_northmart_SKU_weekly_revenue" for the first time/);
  expect(both.stdout).toMatch(/^Synced "Sales_northmart_SKU_weekly_revenue_units" for the first time/);

  const sent = sim.count("/api/data");
  const refused = await sync(query({ ...WEEKLY, metrics: "revenue" }, "Sales_northmart_SKU_weekly_revenue_units"));
  expect(refused.code).toBe(1);
  expect(refused.stdout).toBe(
    'Failed "Sales_northmart_SKU_weekly_revenue_units": The table "Sales_northmart_SKU_weekly_revenue_units" holds "units", ' +
      'which this query does not ask for: another query writes it. Give this query a table of its own ("table" in the sync file, or in --query), ' +
      'or, if this query no longer asks for "units", drop that column from the table. Nothing was read, and nothing was changed.\n',
  );
  expect(sim.count("/api/data")).toBe(sent);
});

test("a later sync's progress counts the rows it read; list and runs write counts and runs alike", async () => {
  const daily = { ...WEEKLY, timeframe: "daily", from: "2026-06-01", to: SIM_TODAY };
  expect((await sync(query(daily, "daily"))).code).toBe(0);
  const later = await sync(query(daily, "daily"), { SALES_DATA_TODAY: addDays(SIM_TODAY, 1) });
  expect(later.code).toBe(0);
  // Not a terminal: a line per chunk, with the rows read so far.
  expect(later.stderr).toMatch(/^daily: read (\d+) of \1 chunks, [1-9]\d* rows$/m);
  const db = ["--db", `duckdb:${join(dir, "sales.duckdb")}`];
  const list = await salesData(["list", ...db], {});
  const line = list.stdout.split("\n").find((l) => l.startsWith("daily:"))!;
  expect(line).toMatch(/^daily: \d{1,3}(,\d{3})+ rows; last run ended \S+ \S+ UTC: synced \[run #\d+\]$/);
  const runs = await salesData(["runs", "--table", "daily", ...db], {});
  expect(runs.stdout.split("\n")[1]).toMatch(
    /^#\d+ \S+ \S+ UTC daily: synced, \S+ to \S+, 0 deleted, \d{1,3}(,\d{3})+ inserted/,
  );
});
