// The sync's pure parts: database addresses, names that fit an engine, COPY's text format, table specs, the
// in-process lock.
import { SyncError, type SyncTableSpec } from "../../src/sync";
import { parseDatabase } from "../../src/sync/database";
import { fitName, quoteName } from "../../src/sync/sqlNames";
import { checkSpec } from "../../src/sync/sqlNames";
import { BinaryRows } from "../../src/sync/postgres/session";
import { BlockWriter, queryTableOf } from "../../src/sync/queryTable";
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

  test("DuckDB: a path ending in .duckdb, without duckdb:, as the duckdb CLI and dlt take it", () => {
    expect(parseDatabase("data/sales.duckdb", "/work")).toEqual({
      kind: "duckdb",
      path: "/work/data/sales.duckdb",
      label: "the DuckDB file /work/data/sales.duckdb",
    });
    expect(parseDatabase(" /srv/Sales.DUCKDB ", "/work")).toMatchObject({ kind: "duckdb", path: "/srv/Sales.DUCKDB" });
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
        'The database address "mysql://root:***@db/sales" is not one the sync writes to: use duckdb:path/to/file ' +
          "(or a path ending in .duckdb; the default is duckdb:sales-data.duckdb, in the current folder) or " +
          "postgres://user@host:port/database.",
      ),
    );
    expect(() => parseDatabase("sales.db")).toThrow(SyncError);
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

// The header and trailer are checked by the server itself on every load (test/sync/engines.test.ts).
describe("COPY's binary format (PostgreSQL's manual, COPY, Binary Format)", () => {
  const hex = (b: Buffer) => b.toString("hex");

  test("a row: its field count, then each field's length (-1 for null) and value in network byte order", () => {
    const rows = new BinaryRows(["date", "text", "text", "bigint", "bigint", "double", "date"]);
    const row = ["2000-01-02", "é\t\\N", null, -1, 9_007_199_254_740_991, 1.5, "1999-12-31"];
    expect(hex(rows.rows(row, 0, 1))).toBe(
      [
        "0007",
        "00000004" + "00000001", // days since 2000-01-01
        "00000005" + "c3a9095c4e", // UTF-8, nothing escaped
        "ffffffff",
        "00000008" + "ffffffffffffffff",
        "00000008" + "001fffffffffffff",
        "00000008" + "3ff8000000000000",
        "00000004" + "ffffffff",
      ].join(""),
    );
  });

  test("rows from..to of cells laid end to end; text longer than the buffer grows it", () => {
    const rows = new BinaryRows(["bigint", "text"]);
    const long = "€".repeat(400_000); // 1.2 MB of UTF-8: more than the first buffer
    const bytes = rows.rows([1, "a", -9_007_199_254_740_991, long, 3, "c"], 1, 2);
    expect(bytes.length).toBe(2 + 12 + 4 + 1_200_000);
    expect(hex(bytes.subarray(0, 18))).toBe(
      "0002" + "00000008" + "ffe0000000000001" + hex(Buffer.from([0, 0x12, 0x4f, 0x80])),
    );
    expect(bytes.subarray(18).toString("utf8")).toBe(long);
    expect(hex(rows.rows([1, "a"], 0, 1))).toBe("0002" + "00000008" + "0000000000000001" + "00000001" + "61");
  });
});

describe("a block of an answer's rows (BlockWriter)", () => {
  const query = { retailers: ["northmart"], level: "store", comparison: undefined } as const;
  const table = queryTableOf(
    "t",
    { ...query, retailers: [...query.retailers] },
    { periodField: "week", metrics: ["revenue"], fields: ["store_id", "store_name", "sku", "product_name"] },
    63,
  );

  test("each row's cells as its own values, however its neighbours' repeat or are missing", () => {
    const writer = new BlockWriter(table);
    const row = (week: unknown, name: unknown, store: unknown, revenue: unknown) => ({
      week,
      store_id: 1,
      store_name: store,
      sku: 7,
      product_name: name,
      revenue,
    });
    writer.add(
      [
        row(undefined, undefined, "York", 1),
        row("2026-01-05T00:00:00Z", "Juice", "York", 2),
        row("2026-01-05T00:00:00Z", "Juice", undefined, 3),
        row("2026-01-12T00:00:00Z", null, 1002, 4),
        row(undefined, "Juice", "1002", 5),
      ],
      "northmart",
    );
    const { width, cells } = writer.take();
    const names = table.spec.columns.map((c) => c.name);
    const rows = Array.from({ length: cells.length / width }, (_, i) =>
      Object.fromEntries(names.map((n, j) => [n, cells[i * width + j]])),
    );
    expect(rows.map((r) => [r.week, r.product_name, r.store_name, r.revenue])).toEqual([
      [null, null, "York", 1],
      ["2026-01-05", "Juice", "York", 2],
      ["2026-01-05", "Juice", null, 3],
      ["2026-01-12", null, "1002", 4],
      [null, "Juice", "1002", 5],
    ]);
  });
});
