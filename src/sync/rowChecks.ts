// Each row checked against its table before an engine is given it: a value of the wrong type, a key left empty or
// a period before the window stops the load with a message naming the row, the column and what it takes.
import { isIsoDate, type IsoDate } from "../core/dates";
import { andList } from "../core/words";
import { blockOf, isBlock, type RowBlock } from "./rowBlock";
import type { SyncCell, SyncColumn, SyncRowChunks, SyncTableSpec } from "./engine";
import { SyncError } from "./errors";
import { shownName } from "./sqlNames";

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

/** A check of rows, one at a time: the row's values are cells[at] to cells[at + width - 1]. */
export type RowCheck = (cells: ArrayLike<SyncCell>, at: number) => void;

/**
 * A check of rows for one load, throwing a SyncError at the first wrong row (numbered from 1 across chunks): each
 * value's type, no empty key, and (for a window) no period before `from`. `width` is the table's; `widthOf`
 * says a row of another width.
 */
export function rowCheck(
  spec: SyncTableSpec,
  from?: IsoDate,
): RowCheck & { readonly width: number; widthOf(row: unknown): void } {
  const width = spec.columns.length;
  const keyAt = spec.key.map((k) => spec.columns.findIndex((c) => c.name === k));
  const periodAt = spec.columns.findIndex((c) => c.name === spec.period);
  const knownDates = new Set<string>();
  let n = 0;
  const fail = (what: string, row = n): never => {
    throw new SyncError(
      `Row ${row.toLocaleString("en-US")} for table ${shownName(spec.table)}: ${what}. Nothing was changed.`,
    );
  };
  const check = (cells: ArrayLike<SyncCell>, at: number) => {
    n++;
    for (let i = 0; i < width; i++) {
      const problem = cellProblem(cells[at + i], spec.columns[i], knownDates);
      if (problem) fail(`${shownName(spec.columns[i].name)} ${problem}`);
    }
    for (const i of keyAt)
      if (cells[at + i] === null)
        fail(`${shownName(spec.columns[i].name)} is empty, and it is part of the row key (${andList(spec.key)})`);
    if (from !== undefined && (cells[at + periodAt] as string) < from)
      fail(
        `${shownName(spec.period)} is ${String(cells[at + periodAt])}, before the window being rewritten (from ${from})`,
      );
  };
  return Object.assign(check, {
    width,
    widthOf(row: unknown) {
      if (!Array.isArray(row) || row.length !== width)
        fail(`it has ${Array.isArray(row) ? row.length : "no"} values where the table has ${width} columns`, n + 1);
    },
  });
}

/** The chunks as blocks of rows, each row checked on the way (an array of rows also for its width). */
export async function* checkedChunks(
  chunks: SyncRowChunks,
  check: ReturnType<typeof rowCheck>,
): AsyncIterable<RowBlock> {
  const { width } = check;
  for await (const chunk of chunks) {
    if (isBlock(chunk)) {
      if (chunk.length > 0 && chunk.width !== width) check.widthOf(chunk.cells.slice(0, chunk.width));
      for (let i = 0; i < chunk.length; i++) check(chunk.cells, i * width);
      yield chunk;
    } else {
      for (const row of chunk) {
        check.widthOf(row);
        check(row, 0);
      }
      yield blockOf(chunk, width);
    }
  }
}
