// The user's rows inside a refresh's window (the plan decides which, and where they go: src/core/refresh/userRows.ts):
// read whole before the commit (one sync, only when there are some), then written whole at their place in the
// window, in the commit's one write, beside the service's rows. Their formulas stay formulas (R1C1), their text
// stays text.
import type { Column } from "../../core/answer/tabulate";
import type { KeptRow } from "../../core/refresh/userRows";
import { cellInput } from "../../core/refresh/userColumns";
import { excelRowKey } from "../excelDays";
import type { OpenTable } from "./openTable";
import type { Grid } from "./writeBlocks";

/** A kept row as read: each table column's input (what writing it through formulasR1C1 keeps as it is), and its key. */
export interface KeptCells {
  at: number;
  cells: Grid[number];
  key: string | null;
}

/**
 * Reads the kept rows (body rows cutAt + row) whole, in one sync; `layout`: the placement's (userCells.ts), each
 * table column's data column or null; `keyCols`: the key columns, period first.
 */
export async function readKeptRows(
  context: Excel.RequestContext,
  open: OpenTable,
  cutAt: number,
  keep: readonly KeptRow[],
  { layout }: { layout: readonly (Column | null)[] },
  keyCols: readonly number[],
): Promise<KeptCells[]> {
  const ranges = keep.map((k) =>
    open.sheet.getRangeByIndexes(open.bodyTop + cutAt + k.row, open.left, 1, open.columns).load("values,formulasR1C1"),
  );
  await context.sync();
  return ranges.map((r, j) => {
    const values = r.values[0] as unknown[];
    const formulas = r.formulasR1C1[0] as unknown[];
    const cells = values.map((value, t) => {
      const formula = formulas[t];
      const isFormula = typeof formula === "string" && formula.startsWith("=") && formula !== value;
      // A text column is formatted Text (@) before the write, so its text goes as it is.
      if (layout[t]?.kind === "text" && !isFormula) return value === null || value === undefined ? "" : String(value);
      return cellInput({ formula, value });
    });
    return { at: keep[j].at, cells, key: excelRowKey(keyCols.map((c) => values[c])) };
  });
}

/** What each row of the window written is: the k-th fresh row, or the j-th kept row, in order. */
export type WrittenRow = { fresh: number } | { kept: number };

/** The window's rows in order: the kept rows at their places, the fresh rows around them in their order. */
export function writtenOrder(fresh: number, kept: readonly KeptCells[]): WrittenRow[] {
  const out: WrittenRow[] = [];
  const at = new Map(kept.map((k, j) => [k.at, j]));
  let f = 0;
  for (let i = 0; i < fresh + kept.length; i++) {
    const j = at.get(i);
    out.push(j === undefined ? { fresh: f++ } : { kept: j });
  }
  return out;
}
