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
  // The server keeps the key's index up in its own process while the sync reads the next answer; a key added after
  // the load is work the sync would then wait for (tables.ts).
  keyAfterFirstLoad: false,
};
