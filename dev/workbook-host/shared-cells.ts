// What a large write of the grid (grid.ts) is made of: the cells it makes shared for equal entries, and its work in
// steps (a slice of rows each), so that the sync taking them gives the page turns between (context.ts).
import { enterValue, type Cell } from "./cells";

const { isInteger } = Number;

/** Rows a write's step covers: about a millisecond of work. */
export const STEP_ROWS = 2000;

/** A generator's work done at once, its result returned. */
export function allSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Most entries one write remembers for sharing: a column of distinct figures is not worth a map. */
const SHARED_MAX = 50_000;

/**
 * The cells of one write, shared for equal entries: the cell an entry makes depends on it and on the format of
 * the cell it replaces only (enterValue), so a text or whole number entered over the same format makes one cell.
 */
export class SharedCells {
  private readonly byFormat = new Map<string | undefined, Map<unknown, Cell | null>>();
  private size = 0;

  enter(v: unknown, current: Cell | undefined): Cell | null | undefined {
    const t = typeof v;
    if (t !== "string" && !(t === "number" && isInteger(v))) return enterValue(v, current);
    const format = current === undefined ? undefined : current.format;
    let cells = this.byFormat.get(format);
    if (cells === undefined) this.byFormat.set(format, (cells = new Map()));
    const known = cells.get(v);
    if (known !== undefined) return known;
    const next = enterValue(v, current);
    if (next !== undefined && this.size < SHARED_MAX) {
      cells.set(v, next);
      this.size++;
    }
    return next;
  }
}
