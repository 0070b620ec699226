// Rows as the sync carries them to an engine: one array of values laid end to end, row after row, instead of an
// array per row. A week of a large retailer is 120,000 rows; an array per row costs about twice the memory of its
// values, and every array is one more object for the garbage collector to trace.
import type { RowBlock, SyncCell, SyncRow } from "./engine";

// The type is the engine interface's (engine.ts, which rows reach engines through); here for the modules that
// build and take apart blocks.
export type { RowBlock };

export const isBlock = (chunk: readonly SyncRow[] | RowBlock): chunk is RowBlock => !Array.isArray(chunk);

/** A block of rows that all have `width` values (the caller has checked). */
export function blockOf(rows: readonly SyncRow[], width: number): RowBlock {
  const cells = new Array<SyncCell>(rows.length * width);
  let at = 0;
  for (const row of rows) for (let j = 0; j < width; j++) cells[at++] = row[j];
  return { width, length: rows.length, cells };
}

/**
 * Empties a block its loader has written. The generators a block passes through (the read, the checks, the stage
 * announcements) each still hold it while they wait for the next one, which is when the next answer is parsed:
 * emptied, a written week's values go in the collection that answer sets off instead of living through it.
 */
export function letGo(block: RowBlock): void {
  block.cells = [];
  block.length = 0;
}
