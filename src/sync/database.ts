// Which database a sync writes to, from its address: `duckdb:path/to/file.duckdb` (the default, sales-data.duckdb
// in the current folder; a path ending in .duckdb is one too, as the duckdb CLI and dlt take it) or
// `postgres://user@host:port/database`; opened as the engine that serves it. Each engine's driver is loaded when an
// address needs it: a sync into DuckDB does not load pg, nor one into PostgreSQL DuckDB.
import { statSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import type { SyncEngine } from "./engine";
import { SyncError } from "./errors";

export const DEFAULT_DATABASE = "duckdb:sales-data.duckdb";

export type DatabaseTarget =
  { kind: "duckdb"; path: string; label: string } | { kind: "postgres"; url: string; label: string };

/** The address as it may be shown: a password in it replaced by ***. */
function shownAddress(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, "$1***@");
}

function postgresTarget(text: string): DatabaseTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SyncError(
      `The database address ${shownAddress(text)} is not a URL of the form postgres://user@host:port/database.`,
    );
  }
  const database =
    decodeURIComponent(url.pathname.replace(/^\//, "")) || decodeURIComponent(url.username) || "postgres";
  const host = url.hostname || "localhost";
  return {
    kind: "postgres",
    url: text,
    label: `the PostgreSQL database "${database}" on ${host}:${url.port || "5432"}`,
  };
}

/**
 * Parses a database address (relative DuckDB paths from `cwd`); SyncError naming the forms it takes.
 * A seam: every form of address and its refusal is checked without starting the command (test/sync/parts.test.ts).
 * @public
 */
export function parseDatabase(text: string = DEFAULT_DATABASE, cwd = process.cwd()): DatabaseTarget {
  const address = text.trim();
  if (/^postgres(ql)?:\/\//i.test(address)) return postgresTarget(address);
  if (/\.duckdb$/i.test(address) && !/^duckdb:/i.test(address)) return duckDbTarget(resolve(cwd, address));
  if (/^duckdb:/i.test(address)) {
    const file = address
      .slice("duckdb:".length)
      .replace(/^\/\/(?=\/)/, "")
      .trim();
    // An address with no path is a mistake (an empty variable, a cut line), not a wish for the default file.
    if (file === "" || file === "//")
      throw new SyncError(
        `The database address ${JSON.stringify(text)} names no file: use duckdb:path/to/file.duckdb, or leave out ` +
          "--db (and SALES_DATA_DB) for duckdb:sales-data.duckdb in the current folder.",
      );
    return duckDbTarget(resolve(cwd, file));
  }
  throw new SyncError(
    `The database address ${JSON.stringify(shownAddress(address))} is not one the sync writes to: use ` +
      "duckdb:path/to/file (or a path ending in .duckdb; the default is duckdb:sales-data.duckdb, in the current " +
      "folder) or postgres://user@host:port/database.",
  );
}

const duckDbTarget = (path: string): DatabaseTarget => ({ kind: "duckdb", path, label: `the DuckDB file ${path}` });

/**
 * DuckDB makes a file that is not there, but not the folder it goes in: a folder that is missing (or is a file) is
 * named, with what to do, before DuckDB says only that it cannot open the file.
 */
function checkFolder(path: string): void {
  const folder = dirname(path);
  const found = statSync(folder, { throwIfNoEntry: false });
  if (found?.isDirectory()) return;
  const made = `so the DuckDB file ${basename(path)} cannot be made in it`;
  throw new SyncError(
    found
      ? `${folder} is a file, not a folder, ${made}: give --db a file in a folder.`
      : `The folder ${folder} does not exist, ${made}: create the folder, or give --db a file in a folder that exists.`,
  );
}

/** Opens the engine for an address (or a parsed target). */
export async function openDatabase(target: string | DatabaseTarget = DEFAULT_DATABASE): Promise<SyncEngine> {
  const t = typeof target === "string" ? parseDatabase(target) : target;
  // require, as src/runtime.ts does: the command runs as CommonJS through tsx, whose hooks do not reach import().
  if (t.kind === "duckdb") {
    checkFolder(t.path);
    const { openDuckDb } = require("./duckdb/connect") as typeof import("./duckdb/connect");
    return openDuckDb(t.path);
  }
  const { openPostgres } = require("./postgres/connect") as typeof import("./postgres/connect");
  return openPostgres(t.url, t.label);
}
