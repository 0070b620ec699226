// Mistakes the command once took for success, or named without a line or in words not its own (DuckDB's, the
// service's): a misspelt field in a sync file or in --query (named with its line, the field meant and the fields
// allowed, exit 1, nothing sent); a sync file that ends a list with a comma; a --db path ending in .duckdb (taken
// as DuckDB) and one in a folder that does not exist (named, with what to do); a retailer the key does not read
// (by the query's field, with those it reads); a sync file or key file that is not there (named with the folder
// looked in); `runs` of a run that wrote no dates; an answer that broke off part-way (said as one, not as a service
// that cannot be reached). The real command as a child process, the simulator over HTTP,
// a DuckDB file in a temporary folder.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { salesData, type CommandResult } from "./support/command";

jest.setTimeout(60_000);

const QUERY_FIELDS = "level, retailers, timeframe, metrics, from, to, comparison, filter, viewby";

const WEEKLY = {
  level: "sku",
  retailers: "northmart",
  timeframe: "weekly",
  metrics: "revenue,units",
  from: "2026-09-07",
  to: "2026-11-22",
};

let dir: string;
let sim: TestSimulator;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sales-mistakes-"));
  sim = await startTestSimulator({ stores: 4 });
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The command against the simulator, in this file's folder, with what it sent to the service. */
async function run(args: string[], env: Record<string, string> = {}): Promise<CommandResult & { sent: number }> {
  const before = sim.count();
  const result = await salesData(
    args,
    { SALES_DATA_API_KEY: SIM_KEY, SALES_DATA_URL: sim.url, SALES_DATA_TODAY: SIM_TODAY, ...env },
    dir,
  );
  return { ...result, sent: sim.count() - before };
}

/** A sync file here, its text as given. */
function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

const db = (name: string) => ["--db", `duckdb:${join(dir, name)}`];

describe("a field the sync file or --query does not take", () => {
  test("a misspelt field is named at its line, with the field meant and the fields allowed; exit 1, nothing sent", async () => {
    const name = file(
      "misspelt.json",
      JSON.stringify({ tables: [{ rollng: true, query: { ...WEEKLY, comparisn: "year" } }] }, null, 2),
    );
    const r = await run(["sync", name, ...db("misspelt.duckdb")]);
    expect([r.code, r.stdout, r.sent]).toEqual([1, "", 0]);
    expect(r.stderr.trim()).toBe(
      `The sync file ${name} cannot be synced: line 4, tables[0].rollng is not a field an entry takes: did you mean ` +
        '"rolling"? It takes table, rolling, query; line 12, tables[0].query.comparisn is not a field a query takes: ' +
        `did you mean "comparison"? It takes ${QUERY_FIELDS}. Nothing was synced.`,
    );
    expect(existsSync(join(dir, "misspelt.duckdb"))).toBe(false);
  });

  test("a required field misspelt is said once, as misspelt, at its own line (not as missing, at the query's)", async () => {
    const { metrics, ...rest } = WEEKLY;
    const text = JSON.stringify({ tables: [{ query: { ...rest, metircs: metrics } }] }, null, 2);
    const r = await run(["sync", file("metircs.json", text), ...db("metircs.duckdb")]);
    expect([r.code, r.sent]).toEqual([1, 0]);
    expect(r.stderr.trim()).toBe(
      "The sync file metircs.json cannot be synced: line 10, tables[0].query.metircs is not a field a query takes: " +
        `did you mean "metrics"? It takes ${QUERY_FIELDS}. Nothing was synced.`,
    );
  });

  test("in --query, on one line: named in --query, with no line; its value is still checked as the field meant", async () => {
    const { timeframe, ...rest } = WEEKLY;
    const r = await run(["sync", "--query", JSON.stringify({ ...rest, timefrme: timeframe }), ...db("q.duckdb")]);
    expect([r.code, r.sent]).toEqual([1, 0]);
    expect(r.stderr.trim()).toBe(
      `The query in --query cannot be synced: timefrme is not a field a query takes: did you mean "timeframe"? ` +
        `It takes ${QUERY_FIELDS}. Nothing was synced.`,
    );
    const wrong = await run(["sync", "--query", JSON.stringify({ ...rest, timefrme: "wekly" }), ...db("q.duckdb")]);
    expect(wrong.stderr).toContain('; timefrme: Timeframe must be one of daily, weekly, monthly, not "wekly".');
  });

  test("a field near none, and the file's own fields: named with every field allowed", async () => {
    const text = `{\n  "tabels": [],\n  "paths": { "lst": "/api/list" },\n  "tables": [{ "query": ${JSON.stringify({ ...WEEKLY, store: 1 })} }]\n}`;
    const r = await run(["sync", file("fields.json", text), ...db("fields.duckdb")]);
    expect([r.code, r.sent]).toEqual([1, 0]);
    expect(r.stderr.trim()).toBe(
      "The sync file fields.json cannot be synced: line 2, tabels is not a field a sync file takes: it takes " +
        'serviceUrl, paths, tables; line 3, paths.lst is not a field "paths" takes: did you mean "list"? It takes ' +
        "test, list, data, actions; line 4, tables[0].query.store is not a field a query takes: it takes " +
        `${QUERY_FIELDS}. Nothing was synced.`,
    );
  });
});

test("a sync file that ends a list with a comma is named with its line and column; exit 1, nothing sent", async () => {
  const text = `{\n  "tables": [\n    { "query": ${JSON.stringify(WEEKLY)} },\n  ]\n}\n`;
  const r = await run(["sync", file("comma.json", text), ...db("comma.duckdb")]);
  expect([r.code, r.sent, r.stderr.trim()]).toEqual([
    1,
    0,
    `The sync file comma.json is not JSON (line 3, column ${text.split("\n")[2].length}): a comma after the last ` +
      'item: JSON takes none before "]". Nothing was synced.',
  ]);
  expect(existsSync(join(dir, "comma.duckdb"))).toBe(false);
});

describe("--db", () => {
  test("a path ending in .duckdb is a DuckDB file, as duckdb:path is", async () => {
    const r = await run(["sync", "--query", JSON.stringify(WEEKLY), "--db", "plain.duckdb"]);
    expect([r.code, r.stdout]).toEqual([
      0,
      expect.stringMatching(/^Synced "Sales_northmart_SKU_weekly_revenue_units" /),
    ]);
    expect(existsSync(join(dir, "plain.duckdb"))).toBe(true);
    const list = await run(["list", "--db", join(dir, "plain.duckdb")]);
    expect([list.code, list.stdout]).toEqual([0, expect.stringMatching(/^Sales_northmart_SKU_weekly_revenue_units: /)]);
  });

  test("a file in a folder that does not exist: the folder is named, to be made; nothing sent, nothing made", async () => {
    const missing = join(dir, "no-such-folder");
    const r = await run(["sync", "--query", JSON.stringify(WEEKLY), "--db", join(missing, "sales.duckdb")]);
    expect([r.code, r.stdout, r.sent]).toEqual([1, "", 0]);
    expect(r.stderr.trim()).toBe(
      `The folder ${missing} does not exist, so the DuckDB file sales.duckdb cannot be made in it: create the ` +
        "folder, or give --db a file in a folder that exists.",
    );
    expect(existsSync(missing)).toBe(false);
  });
});

describe("the command's own words", () => {
  test("a retailer the key does not read: named by the query's retailers, with the one meant and those it reads", async () => {
    const r = await run(["sync", "--query", JSON.stringify({ ...WEEKLY, retailers: "nortmart" }), ...db("r.duckdb")]);
    expect(r.code).toBe(1);
    expect(r.stdout.trim()).toBe(
      'Failed "Sales_nortmart_SKU_weekly_revenue_units": "nortmart" (in the query\'s "retailers") is not a retailer ' +
        'your key can read: did you mean "northmart"? Your key can read northmart, freshway, budgetbox, cornershop ' +
        "and pharmaplus. Nothing was changed.",
    );
    const several = await run([
      "sync",
      "--query",
      JSON.stringify({ ...WEEKLY, retailers: ["northmart", "acme"] }),
      ...db("r.duckdb"),
    ]);
    expect(several.stdout).toContain(
      ': "acme" (in the query\'s "retailers") is not a retailer your key can read. Your key can read northmart,',
    );
    expect(r.stdout + several.stdout).not.toMatch(/HTTP 400|parameter 'retailer'/);
  });

  test("an answer that breaks off part-way: said as reached and cut, in the command's words; exit 1", async () => {
    // The simulator promises the whole length, sends half, then closes the socket.
    await sim.inject({ path: "/api/data", body: "truncated", count: 1 });
    const r = await run(["sync", "--query", JSON.stringify(WEEKLY), ...db("cut.duckdb")]);
    expect(r.code).toBe(1);
    expect(r.stdout.trim()).toMatch(
      new RegExp(
        `^Failed "Sales_northmart_SKU_weekly_revenue_units": The service at ${sim.url} answered, but its answer ` +
          "broke off part-way \\(after [\\d,]+ bytes of the [\\d,]+ bytes it announced; UND_ERR_SOCKET\\)\\. Try again; if it " +
          'keeps breaking off, ask for fewer days in the query \\("from" and "to"\\): a shorter answer is less likely ' +
          "to be cut\\. Nothing was changed\\.$",
      ),
    );
    expect(r.stdout + r.stderr).not.toMatch(/Could not reach|From and To/);
  });

  test("a sync file that is not there is named with the folder looked in", async () => {
    const missing = await run(["sync", "nofile.json", ...db("f.duckdb")]);
    expect([missing.code, missing.stderr.trim()]).toEqual([
      1,
      `The sync file nofile.json does not exist in ${dir}: check its name, and the folder the command is run in. ` +
        "Nothing was synced.",
    ]);
  });

  test("a key file that is not there is named the same way", async () => {
    const r = await run(["sync", "--query", JSON.stringify(WEEKLY), "--key-file", join("keys", "sales.key")]);
    expect([r.code, r.sent, r.stderr.trim()]).toEqual([
      1,
      0,
      `The key file ${join("keys", "sales.key")} does not exist in ${join(dir, "keys")}: check its name, and the folder ` +
        "the command is run in. Nothing was synced.",
    ]);
  });

  test("runs: a run that wrote no dates says so, in words, not as a window", async () => {
    await run(["sync", "--query", JSON.stringify({ ...WEEKLY, retailers: "acme" }), ...db("runs.duckdb")]);
    const runs = await run(["runs", ...db("runs.duckdb")]);
    expect(runs.stdout).toMatch(
      /^#\d+ \S+ \S+ UTC Sales_acme_SKU_weekly_revenue_units: failed, no dates written, 0 deleted, 0 inserted, 0 changed: "acme"/,
    );
    expect(runs.stdout).not.toContain("window");
  });
});
