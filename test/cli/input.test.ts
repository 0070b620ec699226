// What the command refuses before it reads anything, each with a message naming what is wrong and what it takes:
// a sync file's problems by field and line, a key given as an argument, no key, no service address. Exit code 1,
// nothing synced. The file's parsing is tested on its own; the command itself as a child process.
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { parseQueryOption, parseSyncFile, SyncError } from "../../src/sync";
import { jsonProblem } from "../../src/sync/jsonLines";
import { SIM_KEY } from "../support/simulator";
import { salesData } from "./support/command";

const dir = mkdtempSync(join(tmpdir(), "sales-cli-"));

const FILE = `{
  "tables": [
    {
      "table": "Weekly",
      "query": {
        "level": "sku",
        "retailers": ["northmart"],
        "timeframe": "weekly",
        "metrics": ["revenue", "revenu"],
        "from": "2026-08-03",
        "to": "2026-11-23"
      }
    },
    {
      "rolling": "yes",
      "query": { "level": "store", "retailers": "all", "timeframe": "weekly", "metrics": "revenue", "from": "2026-08-03", "to": "2026-11-23" },
      "extra": 1
    }
  ]
}`;

test("a sync file's problems are named by field and line, all at once", () => {
  expect(() => parseSyncFile(FILE)).toThrow(
    'The sync file cannot be synced: line 9, tables[0].query.metrics: "revenu" is not a metric. Allowed at SKU level: ' +
      "revenue, units, average_price, availability, wastage, unit_ros, value_ros, ranged_stores, stores_selling, " +
      "stores_with_stock; line 15, tables[1].rolling must be true or false; line 16, tables[1].query.retailers: " +
      '"all" (Sales Summary) exists at SKU level only. Choose one retailer for store-level data; line 17, ' +
      "tables[1].extra is not a field an entry takes: it takes table, rolling, query. Nothing was synced.",
  );
});

test("a file that is not JSON is named with its line and column; two entries for one table are refused", () => {
  expect(() => parseSyncFile('{\n  "tables": [],\n}', "The sync file s.json")).toThrow(
    new SyncError(
      'The sync file s.json is not JSON (line 2, column 15): a comma after the last field: JSON takes none before "}". ' +
        "Nothing was synced.",
    ),
  );
  const entry = {
    query: {
      level: "sku",
      retailers: "northmart",
      timeframe: "weekly",
      metrics: "units",
      from: "2026-08-03",
      to: "2026-11-23",
    },
  };
  expect(() =>
    parseSyncFile(JSON.stringify({ tables: [entry, { ...entry, table: "sales_northmart_sku_weekly_units" }] })),
  ).toThrow(
    'The sync file cannot be synced: tables[0] and tables[1] both write the table "sales_northmart_sku_weekly_units". ' +
      'Give one of them a "table" of its own. Nothing was synced.',
  );
});

test.each([
  ['{\n  "tables": [1, 2,]\n}', "line 2, column 18", 'a comma after the last item: JSON takes none before "]"'],
  ['{"tables": [1 2]}', "column 15", 'a comma or "]" must come after the item, not "2"'],
  ["{'tables': []}", "column 2", `a field name in double quotes must come here, not "'"`],
  ["{tables: []}", "column 2", 'a field name in double quotes must come here, not "t"'],
  ['{"tables" []}', "column 11", 'a colon must follow the field name, not "["'],
  [
    '{"tables": [True]}',
    "column 13",
    'a value (text in double quotes, a number, true, false, null, {...} or [...]) must come here, not "T"',
  ],
  ['{"tables": ["a\nb"]}', "line 1, column 15", "a line break or tab inside quotes: write it as \\n or \\t"],
  ['{"tables": ["a', "column 13", 'the text ends inside quotes: a closing " is missing'],
  ['{"tables": []', "column 14", 'a comma or "}" must come after the field, not the end of the text'],
  ['{"tables": []} {}', "column 16", 'more text after the end of the JSON, from "{"'],
  [
    "",
    "column 1",
    "a value (text in double quotes, a number, true, false, null, {...} or [...]) must come here, not the end of the text",
  ],
])("a text that is not JSON is named at its first mistake: %j", (text, where, words) => {
  expect(() => parseQueryOption(text)).toThrow(
    new SyncError(`The query in --query is not JSON (${where}): ${words}. Nothing was synced.`),
  );
});

test("a byte-order mark before the JSON (some Windows editors write one) is no mistake", () => {
  const query = {
    level: "sku",
    retailers: "northmart",
    timeframe: "weekly",
    metrics: "units",
    from: "2026-08-03",
    to: "2026-11-23",
  };
  expect(
    parseSyncFile(`\uFEFF${JSON.stringify({ tables: [{ table: "T", query }] })}`).entries.map((e) => e.table),
  ).toEqual(["T"]);
});

test("the mistake finder agrees with JSON.parse: it finds none in JSON, and one wherever JSON.parse refuses", () => {
  fc.assert(
    fc.property(fc.json(), fc.nat(), fc.constantFrom("drop", "comma", "quote"), (json, at, how) => {
      expect(jsonProblem(json)).toBeUndefined();
      const i = at % (json.length + 1);
      const broken =
        how === "drop"
          ? json.slice(0, i) + json.slice(i + 1)
          : json.slice(0, i) + (how === "comma" ? "," : "'") + json.slice(i);
      let parses = true;
      try {
        JSON.parse(broken);
      } catch {
        parses = false;
      }
      expect([broken, jsonProblem(broken) === undefined]).toEqual([broken, parses]);
    }),
    { numRuns: 500 },
  );
});

test("--query takes an entry or a query alone; a query alone's fields are named without query. in front", () => {
  const q = {
    level: "sku",
    retailer: "northmart",
    timeframe: "weekly",
    metrics: "units",
    from: "2026-08-03",
    to: "2026-11-23",
  };
  expect(parseQueryOption(JSON.stringify(q))).toEqual({
    table: "Sales_northmart_SKU_weekly_units",
    rolling: false,
    query: {
      level: "sku",
      retailers: ["northmart"],
      timeframe: "weekly",
      metrics: ["units"],
      from: "2026-08-03",
      to: "2026-11-23",
    },
  });
  expect(() => parseQueryOption(JSON.stringify({ ...q, to: "2026-02-30" }))).toThrow(
    'The query in --query cannot be synced: to: To must be a real date as YYYY-MM-DD, not "2026-02-30". Nothing was synced.',
  );
});

describe("the command", () => {
  const file = join(dir, "sync.json");
  writeFileSync(file, FILE);
  const env = { SALES_DATA_URL: "http://127.0.0.1:9", SALES_DATA_TODAY: "2026-11-23" };

  test("refuses a key given as an argument, without printing it", async () => {
    const r = await salesData(["sync", file, "--key", SIM_KEY, "--db", `duckdb:${join(dir, "a.duckdb")}`], env, dir);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      "No API key: set SALES_DATA_API_KEY, or give --key-file with the path of a file that holds the key. " +
        "The key is never taken as an argument (it would show in the process list).",
    );
    expect(r.stdout + r.stderr).not.toContain(SIM_KEY);
  }, 60_000);

  test("says the sync file's problems with exit code 1, before it needs a key", async () => {
    const r = await salesData(["sync", file], env, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`The sync file ${file} cannot be synced: line 9, tables[0].query.metrics:`);
  }, 60_000);

  test("reads the key from --key-file; an empty one is named", async () => {
    const empty = join(dir, "empty.key");
    writeFileSync(empty, "\n");
    const q = JSON.stringify({
      level: "sku",
      retailers: "northmart",
      timeframe: "weekly",
      metrics: "units",
      from: "2026-08-03",
      to: "2026-11-23",
    });
    const r = await salesData(["sync", "--query", q, "--key-file", empty], env, dir);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(`The key file ${empty} is empty. Nothing was synced.`);
  }, 60_000);

  test("refuses a DuckDB address with no path, from --db or SALES_DATA_DB, and makes no file", async () => {
    const q = JSON.stringify({
      level: "sku",
      retailers: "northmart",
      timeframe: "weekly",
      metrics: "units",
      from: "2026-08-03",
      to: "2026-11-23",
    });
    const folder = mkdtempSync(join(dir, "no-path-"));
    const said = (address: string) =>
      `The database address ${JSON.stringify(address)} names no file: use duckdb:path/to/file.duckdb, or leave out ` +
      "--db (and SALES_DATA_DB) for duckdb:sales-data.duckdb in the current folder.";
    const sync = await salesData(
      ["sync", "--query", q, "--db", "duckdb:"],
      { ...env, SALES_DATA_API_KEY: SIM_KEY },
      folder,
    );
    expect([sync.code, sync.stderr.trim(), sync.stdout]).toEqual([1, said("duckdb:"), ""]);
    const list = await salesData(["list"], { SALES_DATA_DB: "duckdb:  " }, folder);
    expect([list.code, list.stderr.trim()]).toEqual([1, said("duckdb:  ")]);
    expect(readdirSync(folder)).toEqual([]);
  }, 60_000);
});
