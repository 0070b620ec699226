// Reading some columns of a run of a table's body rows (what a refresh takes out of the window, for the
// summary of what it changed): queued into a sync the caller makes anyway when small, in row blocks otherwise.
import type { OpenTable } from "./openTable";

/** Cells read in one sync (the period scan's blocks, the old window's): numbers, so well under the 5 MB response limit. */
export const READ_BLOCK_CELLS = 100_000;

/** Runs of adjacent columns (one range each): [2, 3, 4, 7] -> [[2, 3], [7, 1]] as [first, count]. */
export function runs(cols: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const c of cols) {
    const last = out[out.length - 1];
    if (last && last[0] + last[1] === c) last[1]++;
    else out.push([c, 1]);
  }
  return out;
}

/** What a read loads of each cell: its value, or its formula in R1C1 notation (a constant when it holds no formula). */
export type CellProperty = "values" | "formulasR1C1";

/**
 * Queues loads of body rows `from` .. `from + n - 1`, columns `cols` (indexes in the table, in any order), on
 * the caller's next sync. Actions run in the order they are queued, so loads queued before writes in the same
 * sync read the cells as they were. Returns the rows (cells in the order of `cols`), to call after that sync.
 */
export function queueRowsRead(
  open: OpenTable,
  from: number,
  n: number,
  cols: readonly number[],
  property: CellProperty = "values",
): () => unknown[][] {
  if (n <= 0 || cols.length === 0) return () => Array.from({ length: Math.max(n, 0) }, () => []);
  const sorted = [...new Set(cols)].sort((a, b) => a - b);
  const ranges = runs(sorted).map(([first, count]) => {
    const range = open.sheet.getRangeByIndexes(open.bodyTop + from, open.left + first, n, count);
    if (property === "values") range.load("values");
    else range.load("formulasR1C1");
    return { first, count, range };
  });
  return () => {
    const at = new Map<number, { range: Excel.Range; offset: number }>();
    for (const r of ranges) for (let k = 0; k < r.count; k++) at.set(r.first + k, { range: r.range, offset: k });
    return Array.from({ length: n }, (_, i) =>
      cols.map((c) => {
        const hit = at.get(c)!;
        return hit.range[property][i][hit.offset] as unknown;
      }),
    );
  };
}

/** Whether reading `n` rows of `cols` columns fits one sync's share (READ_BLOCK_CELLS). */
export const fitsOneRead = (n: number, cols: number): boolean => n * cols <= READ_BLOCK_CELLS;

/** Body rows `from` .. `from + n - 1`, columns `cols`, read now in row blocks of at most READ_BLOCK_CELLS cells. */
export async function readRowsInBlocks(
  context: Excel.RequestContext,
  open: OpenTable,
  from: number,
  n: number,
  cols: readonly number[],
): Promise<unknown[][]> {
  const step = Math.max(1, Math.floor(READ_BLOCK_CELLS / Math.max(1, cols.length)));
  const rows: unknown[][] = [];
  for (let done = 0; done < n; done += step) {
    const read = queueRowsRead(open, from + done, Math.min(step, n - done), cols);
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block per sync (payload limit)
    await context.sync();
    rows.push(...read());
  }
  return rows;
}
