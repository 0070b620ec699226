// Names in SQL: every identifier quoted the engines' own way (double quotes, a quote inside doubled), never spliced
// as it comes; a name too long for an engine shortened the same way every time; a table spec checked before use.
import { createHash } from "node:crypto";
import { andList } from "../core/words";
import type { SyncTableSpec } from "./engine";
import { SyncError } from "./errors";

/** The sync's own tables: a query's table may not take these names. */
export const RUNS_TABLE = "sales_sync_runs";
export const REVISIONS_TABLE = "sales_revisions";
/** The temporary tables of a rewrite that keeps the user's columns (keptValues.ts): a query's table may not shadow them. */
export const KEPT_VALUES_TABLE = "sales_sync_kept_values";
export const NEW_ROWS_TABLE = "sales_sync_new_rows";

/** An identifier as SQL text: `a"b` is `"a""b"`. DuckDB and PostgreSQL quote alike. */
export const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const bytes = (text: string): number => Buffer.byteLength(text, "utf8");

/** A name in a message: quoted, and cut when very long (names come from the service). */
export const shownName = (name: string): string =>
  JSON.stringify(name.length > 200 ? `${name.slice(0, 197)}...` : name);

/**
 * A name that fits `maxBytes` (PostgreSQL keeps 63 bytes of a name and silently drops the rest): as it is when it
 * fits, otherwise its start (whole characters) and 8 hex digits of its SHA-256, so two long names stay apart and
 * the same name always gives the same table.
 */
export function fitName(name: string, maxBytes: number): string {
  if (bytes(name) <= maxBytes) return name;
  const hash = createHash("sha256").update(name, "utf8").digest("hex").slice(0, 8);
  let head = "";
  for (const ch of name) {
    if (bytes(head + ch) > maxBytes - 9) break;
    head += ch;
  }
  return `${head}_${hash}`;
}

function nameProblem(subject: string, name: string, maxBytes: number): string | null {
  if (name === "") return `${subject} is empty.`;
  if (name.includes("\u0000")) return `${subject} holds the character U+0000, which no database takes in a name.`;
  if (bytes(name) > maxBytes)
    return `${subject} is ${bytes(name)} bytes long; this database keeps names of up to ${maxBytes} bytes (UTF-8) exactly.`;
  return null;
}

/** Throws a SyncError naming what is wrong with a table spec; returns nothing when it can be created as asked. */
export function checkSpec(spec: SyncTableSpec, maxBytes: number): void {
  const problems: string[] = [];
  const tableProblem = nameProblem("Its name", spec.table, maxBytes);
  if (tableProblem) problems.push(tableProblem);
  if ([RUNS_TABLE, REVISIONS_TABLE, KEPT_VALUES_TABLE, NEW_ROWS_TABLE].includes(spec.table.toLowerCase()))
    problems.push("That is one of the sync's own tables; give the query's table another name.");
  if (spec.columns.length === 0) problems.push("It has no columns.");
  const seen = new Map<string, string>();
  for (const c of spec.columns) {
    const p = nameProblem(c.name === "" ? "A column name" : `The column name ${shownName(c.name)}`, c.name, maxBytes);
    if (p) problems.push(p);
    // DuckDB matches names whatever their case, so "Revenue" and "revenue" would be one column there.
    const other = seen.get(c.name.toLowerCase());
    if (other !== undefined)
      problems.push(
        `The columns ${shownName(other)} and ${shownName(c.name)} differ only in case; databases take them as one.`,
      );
    seen.set(c.name.toLowerCase(), c.name);
  }
  const names = new Set(spec.columns.map((c) => c.name));
  const period = spec.columns.find((c) => c.name === spec.period);
  if (!period) problems.push(`The period column ${shownName(spec.period)} is not one of its columns.`);
  else if (period.type !== "date")
    problems.push(`The period column ${shownName(spec.period)} is ${period.type}; it must be a date.`);
  if (!spec.key.includes(spec.period))
    problems.push(`The row key must include the period column ${shownName(spec.period)}.`);
  const strangers = spec.key.filter((k) => !names.has(k));
  if (strangers.length > 0)
    problems.push(`The row key names ${andList(strangers.map(shownName))}, not among its columns.`);
  if (new Set(spec.key).size !== spec.key.length) problems.push("The row key names a column twice.");
  if (problems.length > 0)
    throw new SyncError(`The table ${shownName(spec.table)} cannot be written. ${problems.join(" ")}`);
}
