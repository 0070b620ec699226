// Saved queries: updates started at the same time are applied one after the other, none lost; every record
// read back is checked, and a damaged one is reported and kept, never cast, dropped or overwritten.
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import { UserError, errorText } from "../../src/core/errorText";
import {
  DamagedRecordError,
  findManagedTable,
  forgetManagedTable,
  readActionsRecord,
  readManagedTables,
  saveActionsRecord,
  saveManagedTable,
  updateManagedTables,
  type ManagedTable,
} from "../../src/excel/queryStore";
import { asQuery } from "../support/query";

/** The workbook settings the records live under, as saved workbooks hold them (a rename would orphan them). */
const QUERY_SETTING = "SalesData.tables";
const ACTIONS_SETTING = "SalesData.actions";

/** A table's saved query as the workbook keeps it (one retailer as its name), what every version has written. */
const STORED_QUERY = {
  level: "sku",
  retailer: "northmart",
  timeframe: "daily",
  metrics: ["revenue"],
  from: "2026-10-01",
  to: "2026-10-31",
};

/** A stored query parsed as the add-in reads it: its one retailer (or list) as the query's retailers. */
const fromStored = ({ retailer, ...query }: { retailer: unknown } & Record<string, unknown>) =>
  asQuery({ ...query, retailers: retailer });

/** A table's record as the workbook keeps it. */
const written = (tableName: string) => ({
  tableName,
  sheet: "Sheet1",
  query: STORED_QUERY,
  rolling: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  lastRefreshedAt: "2026-11-01T00:00:00.000Z",
  rows: 1,
});

/** The same record as it is read back: its query parsed, as every query is at its edge. */
const rec = (tableName: string): ManagedTable => ({
  ...written(tableName),
  query: fromStored(STORED_QUERY),
});

test("saving records at the same time keeps all of them", async () => {
  const host = createWorkbookHost();
  await Promise.all(["A", "B", "C", "D"].map((n) => saveManagedTable(host.run, rec(n))));
  expect((await readManagedTables(host.run)).tables.map((t) => t.tableName)).toEqual(["A", "B", "C", "D"]);
});

test("a failing update does not block the next", async () => {
  const host = createWorkbookHost();
  host.failSync(1, { code: "GeneralException" });
  await expect(saveManagedTable(host.run, rec("A"))).rejects.toBeDefined();
  await saveManagedTable(host.run, rec("B"));
  expect((await readManagedTables(host.run)).tables.map((t) => t.tableName)).toEqual(["B"]);
});

// ---- Records read back are checked: a damaged one is reported and kept, never cast, dropped or overwritten ----

/** Writes a setting by hand, as a user editing the file (or a corrupt save) would leave it. */
async function writeSetting(host: WorkbookHost, key: string, value: unknown): Promise<void> {
  await host.run(async (context) => {
    context.workbook.settings.add(key, value);
    await context.sync();
  });
}

/** The saved tables setting exactly as stored. */
const stored = (host: WorkbookHost) => host.snapshot().settings[QUERY_SETTING];
const storedTables = (host: WorkbookHost) => (JSON.parse(stored(host) as string) as { tables: unknown[] }).tables;

const damagedName = "Sales_northmart_SKU_weekly";
const damaged = { ...written(damagedName), query: { ...STORED_QUERY, timeframe: "fortnightly" } };
const damagedMessage = `The saved query of "${damagedName}" is damaged: timeframe must be daily, weekly or monthly. Get the data again to manage this table.`;

async function workbookWithOneDamaged(): Promise<WorkbookHost> {
  const host = createWorkbookHost();
  await writeSetting(
    host,
    QUERY_SETTING,
    JSON.stringify({ version: 1, tables: [written("A"), damaged, written("C")] }),
  );
  return host;
}

describe("a damaged table record among good ones", () => {
  test("the good ones stay usable and the damaged one is reported, naming the table and what is wrong", async () => {
    const host = await workbookWithOneDamaged();
    expect((await readManagedTables(host.run)).tables).toEqual([rec("A"), rec("C")]);
    const saved = await readManagedTables(host.run);
    expect(saved.tables.map((t) => t.tableName)).toEqual(["A", "C"]);
    expect(saved.damaged).toEqual([{ tableName: damagedName, message: damagedMessage, raw: damaged }]);
  });

  test("asking for the damaged table gives its message; the others are found as usual", async () => {
    const host = await workbookWithOneDamaged();
    const err = await findManagedTable(host.run, damagedName).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DamagedRecordError);
    expect(err).toBeInstanceOf(UserError);
    expect((err as DamagedRecordError).message).toBe(damagedMessage);
    expect((err as DamagedRecordError).tableName).toBe(damagedName);
    expect(errorText(err)).toBe(damagedMessage);
    expect(await findManagedTable(host.run, "A")).toEqual(rec("A"));
    expect(await findManagedTable(host.run, "Z")).toBeUndefined();
  });

  test("updates of the others keep the damaged record exactly as stored", async () => {
    const host = await workbookWithOneDamaged();
    await saveManagedTable(host.run, rec("D"));
    await updateManagedTables(host.run, (tables) => tables.map((t) => ({ ...t, rows: t.rows + 1 })));
    await forgetManagedTable(host.run, "A");
    const tables = storedTables(host);
    expect(tables).toContainEqual(damaged);
    expect(tables).toHaveLength(3);
    expect((await readManagedTables(host.run)).damaged).toEqual([
      { tableName: damagedName, message: damagedMessage, raw: damaged },
    ]);
    expect((await readManagedTables(host.run)).tables.map((t) => [t.tableName, t.rows])).toEqual([
      ["C", 2],
      ["D", 2],
    ]);
  });

  test("getting the table's data again replaces the damaged record", async () => {
    const host = await workbookWithOneDamaged();
    await saveManagedTable(host.run, rec(damagedName));
    expect(await readManagedTables(host.run)).toEqual({
      tables: [rec("A"), rec("C"), rec(damagedName)],
      damaged: [],
    });
  });

  test("stop managing removes the damaged record of that name only", async () => {
    const host = await workbookWithOneDamaged();
    await forgetManagedTable(host.run, damagedName);
    expect(await readManagedTables(host.run)).toEqual({ tables: [rec("A"), rec("C")], damaged: [] });
  });

  test("a record without a usable name is reported by its place and kept", async () => {
    const host = createWorkbookHost();
    const nameless = { ...written("X"), tableName: 42 };
    await writeSetting(host, QUERY_SETTING, JSON.stringify({ version: 1, tables: [written("A"), nameless] }));
    expect((await readManagedTables(host.run)).damaged).toEqual([
      {
        message:
          "Saved query 2 of 2 in this workbook is damaged: tableName must be text. It is kept as it is; the other tables are not affected.",
        raw: nameless,
      },
    ]);
    await saveManagedTable(host.run, rec("B"));
    expect(storedTables(host)).toEqual([written("A"), written("B"), nameless]);
  });

  test.each([
    ["rows", { rows: "12" }, "rows must be a whole number"],
    ["a missing field", { sheet: undefined }, "sheet is missing"],
    ["the query's level", { query: { ...STORED_QUERY, level: "region" } }, "level must be sku or store"],
    ["the query's dates", { query: { ...STORED_QUERY, from: "1 Oct 2026" } }, "from must be a date written YYYY-MM-DD"],
    ["the query's metrics", { query: { ...STORED_QUERY, metrics: [] } }, "metrics must name at least one metric"],
    [
      "the query itself",
      { query: "revenue" },
      "query must be an object of level, retailer, timeframe, metrics, from and to",
    ],
    ["the last window", { lastWindow: { from: "2026-10-01" } }, "lastWindow.to is missing"],
    // A query the add-in could not send is damaged too, in the words of the parser every query passes.
    [
      "the query's metric names",
      { query: { ...STORED_QUERY, metrics: ["revenue", "bogus"] } },
      '"bogus" is not a metric. Allowed at SKU level: revenue, units, average_price, availability, wastage, unit_ros, value_ros, ranged_stores, stores_selling, stores_with_stock',
    ],
    [
      "the query's dates in order",
      { query: { ...STORED_QUERY, from: "2026-11-01" } },
      "To (2026-10-31) is before From (2026-11-01). Swap them or pick a later To",
    ],
    [
      "the query's retailers",
      { query: { ...STORED_QUERY, retailer: ["northmart", "NorthMart"] } },
      "Each retailer may be listed once: northmart is listed more than once",
    ],
  ])("%s: the message says which field and what it must be", async (_what, patch, words) => {
    const host = createWorkbookHost();
    await writeSetting(host, QUERY_SETTING, JSON.stringify({ version: 1, tables: [{ ...written("T"), ...patch }] }));
    const [bad] = (await readManagedTables(host.run)).damaged;
    expect(bad.message).toBe(`The saved query of "T" is damaged: ${words}. Get the data again to manage this table.`);
  });

  test("a query as validation reads it (any case, spaces, metric lists) is not called damaged", async () => {
    const host = createWorkbookHost();
    const query = { ...STORED_QUERY, level: "SKU", timeframe: " Weekly", metrics: ["Revenue", " units"] };
    await writeSetting(host, QUERY_SETTING, JSON.stringify({ version: 1, tables: [{ ...written("T"), query }] }));
    expect(await readManagedTables(host.run)).toEqual({
      tables: [{ ...rec("T"), query: fromStored(query) }],
      damaged: [],
    });
  });

  test("a query is stored as it always was: one retailer as its name, several as their list, metrics as a list", async () => {
    const host = createWorkbookHost();
    const several = { ...rec("S"), query: asQuery({ ...rec("S").query, retailers: "northmart, freshway" }) };
    await saveManagedTable(host.run, rec("A"));
    await saveManagedTable(host.run, several);
    expect(storedTables(host)).toEqual([
      written("A"),
      { ...written("S"), query: { ...STORED_QUERY, retailer: ["northmart", "freshway"] } },
    ]);
    expect((await readManagedTables(host.run)).tables).toEqual([rec("A"), several]);
  });

  test("an older record's comma texts (retailers, metrics) are read as their lists", async () => {
    const host = createWorkbookHost();
    const query = { ...STORED_QUERY, retailer: "northmart, freshway", metrics: "revenue,units" };
    await writeSetting(host, QUERY_SETTING, JSON.stringify({ version: 1, tables: [{ ...written("T"), query }] }));
    const [t] = (await readManagedTables(host.run)).tables;
    expect([t.query.retailers, t.query.metrics]).toEqual([
      ["northmart", "freshway"],
      ["revenue", "units"],
    ]);
  });

  test("fields the add-in does not know (a later version's) are kept through an update", async () => {
    const host = createWorkbookHost();
    await writeSetting(
      host,
      QUERY_SETTING,
      JSON.stringify({ version: 1, tables: [{ ...written("A"), colour: "teal" }] }),
    );
    await updateManagedTables(host.run, (tables) => tables.map((t) => ({ ...t, rows: 5 })));
    expect(storedTables(host)).toEqual([{ ...written("A"), rows: 5, colour: "teal" }]);
  });

  test("a record saved without a version (as a value, not JSON text) is read", async () => {
    const host = createWorkbookHost();
    await writeSetting(host, QUERY_SETTING, { tables: [written("A")] });
    expect((await readManagedTables(host.run)).tables).toEqual([rec("A")]);
  });
});

describe("a saved tables setting that cannot be read as a whole", () => {
  test.each([
    [
      "not JSON",
      '{"version":1,"tables":[',
      "The saved queries of this workbook are damaged: it is not valid JSON. It is kept as it is; nothing was changed.",
    ],
    [
      "no list of tables",
      JSON.stringify({ version: 1, tables: "A" }),
      "The saved queries of this workbook are damaged: tables must be a list of table records. They are kept as they are; nothing was changed.",
    ],
    [
      "a newer version's format",
      JSON.stringify({ version: 2, tables: [] }),
      "The saved queries of this workbook were written by a newer version of the Sales Data add-in (format 2). Update the add-in to refresh or change them; nothing was changed.",
    ],
  ])("%s: every read and update says so, and nothing is overwritten", async (_what, value, message) => {
    const host = createWorkbookHost();
    await writeSetting(host, QUERY_SETTING, value);
    await expect(readManagedTables(host.run)).rejects.toThrow(new DamagedRecordError(message));
    await expect(saveManagedTable(host.run, rec("B"))).rejects.toThrow(message);
    await expect(forgetManagedTable(host.run, "A")).rejects.toThrow(message);
    expect(stored(host)).toBe(value);
    // The queue is not blocked: once the setting is repaired, updates work again.
    await writeSetting(host, QUERY_SETTING, JSON.stringify({ version: 1, tables: [] }));
    await saveManagedTable(host.run, rec("B"));
    expect((await readManagedTables(host.run)).tables).toEqual([rec("B")]);
  });
});

describe("the Actions record", () => {
  const actions = { tableName: "Sales_Actions", pulledAt: "2026-11-02T09:00:00.000Z", retailers: ["northmart"] };

  test("is read back checked", async () => {
    const host = createWorkbookHost();
    expect(await readActionsRecord(host.run)).toBeUndefined();
    await saveActionsRecord(host.run, actions);
    expect(await readActionsRecord(host.run)).toEqual(actions);
  });

  test("a damaged one is reported naming the table, kept until a new pull replaces it", async () => {
    const host = createWorkbookHost();
    const bad = JSON.stringify({ ...actions, retailers: "northmart" });
    await writeSetting(host, ACTIONS_SETTING, bad);
    const err = await readActionsRecord(host.run).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DamagedRecordError);
    expect((err as Error).message).toBe(
      'The saved record of the Actions table "Sales_Actions" is damaged: retailers must be a list of retailer names. Nothing was changed.',
    );
    expect(host.snapshot().settings[ACTIONS_SETTING]).toBe(bad);
    await saveActionsRecord(host.run, actions);
    expect(await readActionsRecord(host.run)).toEqual(actions);
  });

  test("one that is not JSON says so", async () => {
    const host = createWorkbookHost();
    await writeSetting(host, ACTIONS_SETTING, "{tableName:");
    await expect(readActionsRecord(host.run)).rejects.toThrow(
      "The saved record of the Actions table is damaged: it is not valid JSON. It is kept as it is; nothing was changed.",
    );
  });
});
