// PostgreSQL's SQL where it differs from DuckDB's: its type names, names matched exactly, extract(epoch ...), the
// schema of temporary tables, NAMEDATALEN, the run log's ids an identity.
import { quoteName } from "../sqlNames";
import type { Dialect } from "../sql";

export const POSTGRES: Dialect = {
  name: "PostgreSQL",
  types: { date: "DATE", text: "TEXT", bigint: "BIGINT", double: "DOUBLE PRECISION" },
  schemaTypes: { date: "date", text: "text", bigint: "bigint", double: "double precision" },
  foldsCase: false,
  epochMs: (column) => `(extract(epoch FROM ${column}) * 1000)::BIGINT`,
  // NAMEDATALEN - 1: PostgreSQL cuts longer names without an error.
  maxNameBytes: 63,
  temporary: (name) => `pg_temp.${quoteName(name)}`,
  overriding: "OVERRIDING SYSTEM VALUE",
  runId: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
  // Two syncs starting at once would otherwise race to create the same tables (the lock ends with the transaction).
  logSetup: ["SELECT pg_advisory_xact_lock(hashtextextended('sales-data sync: setup', 0))"],
  declaresKey: true,
  joinsInChunks: false,
  swapsChangedRows: true,
  stagesInTemporary: true,
  rowId: "CAST(ctid AS TEXT)",
  nextRunId: "SELECT nextval(pg_get_serial_sequence('sales_sync_runs', 'run_id')) AS id",
};
