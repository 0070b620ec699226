// Each row checked against its table before an engine is given it: a value of the wrong type, a key left empty or
// a period before the window stops the load with a message naming the row, the column and what it takes.
import { isIsoDate, type IsoDate } from "../core/dates";
import { andList } from "../core/words";
import type { SyncCell, SyncColumn, SyncRow, SyncRowChunks, SyncTableSpec } from "./engine";
import { SyncError } from "./errors";
import { shownName } from "./names";

const TAKES: Record<SyncColumn["type"], string> = {
  date: "a date (YYYY-MM-DD)",
  text: "text",
  bigint: "whole numbers from -9,007,199,254,740,991 to 9,007,199,254,740,991",
  double: "numbers",
};

/** A value in a message: as JSON, cut when long (values come from the service). */
const shownValue = (v: unknown): string => {
  const text = typeof v === "string" ? JSON.stringify(v) : String(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/** U+0000, which PostgreSQL cannot store in text, and a lone UTF-16 half, which no UTF-8 database can. */
// eslint-disable-next-line no-control-regex -- U+0000 is the character looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

function cellProblem(v: SyncCell, column: SyncColumn, knownDates: Set<string>): string | null {
  if (v === null) return null;
  switch (column.type) {
    case "text":
      if (typeof v !== "string") return `holds ${shownValue(v)}; its column takes ${TAKES.text}`;
      return UNSTORABLE.test(v) ? "holds U+0000 or half of a UTF-16 pair, which a database cannot store in text" : null;
    case "double":
      return typeof v === "number" && Number.isFinite(v)
        ? null
        : `holds ${shownValue(v)}; its column takes ${TAKES.double}`;
    case "bigint":
      return Number.isSafeInteger(v) ? null : `holds ${shownValue(v)}; its column takes ${TAKES.bigint}`;
    case "date":
      if (typeof v === "string" && knownDates.has(v)) return null;
      if (!isIsoDate(v)) return `holds ${shownValue(v)}; its column takes ${TAKES.date}`;
      knownDates.add(v);
      return null;
  }
}

/**
 * A check of rows for one load, throwing a SyncError at the first wrong row (numbered from 1 across chunks): the
 * width, each value's type, no empty key, and (for a window) no period before `from`.
 */
export function rowCheck(spec: SyncTableSpec, from?: IsoDate): (row: SyncRow) => void {
  const width = spec.columns.length;
  const keyAt = spec.key.map((k) => spec.columns.findIndex((c) => c.name === k));
  const periodAt = spec.columns.findIndex((c) => c.name === spec.period);
  const knownDates = new Set<string>();
  let n = 0;
  const fail = (what: string) => {
    throw new SyncError(
      `Row ${n.toLocaleString("en-US")} for table ${shownName(spec.table)}: ${what}. Nothing was changed.`,
    );
  };
  return (row) => {
    n++;
    if (!Array.isArray(row) || row.length !== width)
      fail(`it has ${Array.isArray(row) ? row.length : "no"} values where the table has ${width} columns`);
    for (let i = 0; i < width; i++) {
      const problem = cellProblem(row[i], spec.columns[i], knownDates);
      if (problem) fail(`${shownName(spec.columns[i].name)} ${problem}`);
    }
    for (const i of keyAt)
      if (row[i] === null)
        fail(`${shownName(spec.columns[i].name)} is empty, and it is part of the row key (${andList(spec.key)})`);
    if (from !== undefined && (row[periodAt] as string) < from)
      fail(`${shownName(spec.period)} is ${String(row[periodAt])}, before the window being rewritten (from ${from})`);
  };
}

/** The chunks as they come, each row checked on the way. */
export async function* checkedChunks(
  chunks: SyncRowChunks,
  check: (row: SyncRow) => void,
): AsyncIterable<readonly SyncRow[]> {
  for await (const chunk of chunks) {
    for (const row of chunk) check(row);
    yield chunk;
  }
}
