// DuckDB's SQL where it differs from PostgreSQL's: its type names, names matched whatever their case, epoch_ms, the
// catalog of temporary tables, the run log's ids from a sequence; and where its work runs in the sync's own
// memory: no primary key index, windows joined in slices, staging in a table of the file.
import { quoteName } from "../sqlNames";
import type { Dialect } from "../sql";

export const DUCKDB: Dialect = {
  name: "DuckDB",
  types: { date: "DATE", text: "VARCHAR", bigint: "BIGINT", double: "DOUBLE" },
  schemaTypes: { date: "DATE", text: "VARCHAR", bigint: "BIGINT", double: "DOUBLE" },
  foldsCase: true,
  epochMs: (column) => `epoch_ms(${column})`,
  // DuckDB keeps long names whole; this bound only keeps them sensible.
  maxNameBytes: 1024,
  temporary: (name) => `temp.main.${quoteName(name)}`,
  // DuckDB has no identity columns (a sequence is a column's default).
  overriding: "",
  runId: "BIGINT PRIMARY KEY DEFAULT nextval('sales_sync_run_ids')",
  // The file is set up once per process that opens it (connect.ts), so no lock against a race is needed.
  logSetup: ["CREATE SEQUENCE IF NOT EXISTS sales_sync_run_ids START 1"],
  declaresKey: false,
  joinsInChunks: true,
  // A temporary table of DuckDB's is held in memory; a table of the file is compressed and written out as it fills.
  swapsChangedRows: false,
  stagesInTemporary: false,
  rowId: "rowid",
  nextRunId: "SELECT nextval('sales_sync_run_ids') AS id",
};
