// DuckDB's SQL where it differs from PostgreSQL's: its type names, names matched whatever their case, epoch_ms, the
// catalog of temporary tables.
import { quoteName } from "../names";
import type { Dialect } from "../tables";

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
};
