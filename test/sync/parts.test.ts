// The sync's pure parts: database addresses, names that fit an engine, COPY's text format, table specs, the
// in-process lock.
import { SyncError, type SyncTableSpec } from "../../src/sync";
import { parseDatabase } from "../../src/sync/database";
import { fitName, quoteName } from "../../src/sync/sqlNames";
import { checkSpec } from "../../src/sync/sqlNames";
import { copyLine } from "../../src/sync/postgres/session";
import { storeWeekly } from "../../dev/sync-engines";

describe("database addresses", () => {
  test("DuckDB: the default file in the current folder, relative and absolute paths", () => {
    expect(parseDatabase(undefined, "/work/reports")).toEqual({
      kind: "duckdb",
      path: "/work/reports/sales-data.duckdb",
      label: "the DuckDB file /work/reports/sales-data.duckdb",
    });
    expect(parseDatabase("duckdb:data/sales.duckdb", "/work")).toMatchObject({ path: "/work/data/sales.duckdb" });
    expect(parseDatabase("duckdb:/srv/sales.duckdb", "/work")).toMatchObject({ path: "/srv/sales.duckdb" });
  });

  test.each(["duckdb:", "duckdb://", "duckdb:   ", " DUCKDB: "])(
    "DuckDB with no path (%j) is refused, naming the address given and the form to use",
    (address) => {
      expect(() => parseDatabase(address, "/work")).toThrow(
        new SyncError(
          `The database address ${JSON.stringify(address)} names no file: use duckdb:path/to/file.duckdb, or leave ` +
            "out --db (and SALES_DATA_DB) for duckdb:sales-data.duckdb in the current folder.",
        ),
      );
    },
  );

  test("PostgreSQL: the label names database, host and port, never the password", () => {
    const t = parseDatabase("postgres://finance:s3cret-pw@db.internal:5433/sales");
    expect(t).toEqual({
      kind: "postgres",
      url: "postgres://finance:s3cret-pw@db.internal:5433/sales",
      label: 'the PostgreSQL database "sales" on db.internal:5433',
    });
    expect(parseDatabase("postgresql://finance@db.internal")).toMatchObject({
      label: 'the PostgreSQL database "finance" on db.internal:5432',
    });
  });

  test("any other address is refused with the forms it takes, a password in it hidden", () => {
    expect(() => parseDatabase("mysql://root:hunter2@db/sales")).toThrow(
      new SyncError(
        'The database address "mysql://root:***@db/sales" is not one the sync writes to: use duckdb:path/to/file.duckdb ' +
          "(the default is duckdb:sales-data.duckdb, in the current folder) or postgres://user@host:port/database.",
      ),
    );
    expect(() => parseDatabase("sales.duckdb")).toThrow(SyncError);
  });
});

describe("names", () => {
  test("quoted the engines' way: a double quote doubled, nothing else touched", () => {
    expect(quoteName('Sales_"; DROP TABLE x; --')).toBe('"Sales_""; DROP TABLE x; --"');
    expect(quoteName("北京 🍎")).toBe('"北京 🍎"');
  });

  test("fitName keeps a name that fits and shortens one that does not, by whole characters, the same way every time", () => {
    expect(fitName("Sales_northmart_sku_weekly", 63)).toBe("Sales_northmart_sku_weekly");
    const long = `Sales_${"北".repeat(30)}_weekly`;
    const fitted = fitName(long, 63);
    expect(Buffer.byteLength(fitted)).toBeLessThanOrEqual(63);
    expect(fitted).toMatch(/^Sales_北+_[0-9a-f]{8}$/);
    expect(fitName(long, 63)).toBe(fitted);
    expect(fitName(`${long}x`, 63)).not.toBe(fitted);
  });

  test("a spec that cannot be created says every problem at once", () => {
    const spec: SyncTableSpec = {
      ...storeWeekly("sales_sync_runs"),
      columns: [...storeWeekly("t").columns, { name: "Revenue", type: "double" }],
      key: ["retailer", "sku", "nope"],
      period: "retailer",
    };
    expect(() => checkSpec(spec, 63)).toThrow(
      "The table \"sales_sync_runs\" cannot be written. That is one of the sync's own tables; give the query's table " +
        'another name. The columns "revenue" and "Revenue" differ only in case; databases take them as one. The period ' +
        'column "retailer" is text; it must be a date. The row key names "nope", not among its columns.',
    );
    // A rewrite that keeps the user's columns makes temporary tables of these names: a table may not shadow them.
    for (const name of ["sales_sync_kept_values", "Sales_Sync_New_Rows"])
      expect(() => checkSpec(storeWeekly(name), 63)).toThrow(
        `The table "${name}" cannot be written. That is one of the sync's own tables; give the query's table another name.`,
      );
  });
});

test("COPY's text format: tab between values, \\N for null, backslash, tab and line breaks escaped", () => {
  expect(copyLine(["2026-01-05", "a\tb\nc\rd\\e", "\\N", "", null, 1.5, -9007199254740991])).toBe(
    "2026-01-05\ta\\tb\\nc\\rd\\\\e\t\\\\N\t\t\\N\t1.5\t-9007199254740991\n",
  );
});
