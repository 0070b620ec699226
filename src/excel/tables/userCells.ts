// The user's columns beside a managed table's service columns, for a replacement of its tail (the decisions are
// src/core/refresh/userColumns.ts's): where each service field is now (by TableColumn.id), the keys and user cells of
// the rows taken out (read before the commit, one sync per block of rows), and the window as written, service
// cells and user cells in the table's column order.
import type { Column } from "../../core/answer/tabulate";
import {
  deletedColumns,
  deletedColumnsText,
  keyColumns,
  userCells,
  userCellsToRepair,
  type ServiceColumn,
  type UserCell,
  type UserCellsInput,
  type UserCellsPlan,
  type UserWrite,
} from "../../core/refresh/userColumns";
import type { Cell } from "../../core/answer/tabulate";
import { WorkbookError } from "../errors";
import type { KeptCells, WrittenRow } from "./keptRows";
import type { OpenTable } from "./openTable";
import { READ_BLOCK_CELLS, fitsOneRead, queueRowsRead, runs } from "./windowRead";
import type { Grid } from "./writeBlocks";
import { excelRowKey } from "../excelDays";

/** Where a replacement's columns go in the table. */
export interface Placement {
  /** For each data column: the index of the table column that holds it. */
  place: number[];
  /** The table columns that are the user's, in order. */
  user: number[];
  /** For each table column: the data column's Column (its kind sets the format), or null for a user column. */
  layout: (Column | null)[];
}

/**
 * The table column of each data column. With `service` (aligned with `columns`: the TableColumn.id of each
 * field's column): by id, refusing deleted ones by name; the other columns are the user's. Without: the table's
 * columns must be exactly `columns`, by header (a table the user does not add to, such as the Actions table).
 */
export function placeColumns(
  open: OpenTable,
  tableName: string,
  columns: readonly Column[],
  service?: readonly ServiceColumn[],
): Placement {
  let place: number[];
  if (service) {
    const gone = deletedColumns(open.columnRefs, service);
    if (gone.length > 0) throw new WorkbookError("changed", deletedColumnsText(tableName, gone));
    place = service.map((s) => open.columnRefs.findIndex((c) => c.id === s.id));
  } else {
    const expected = columns.map((c) => c.name);
    if (open.headers.length !== expected.length || open.headers.some((h, i) => h !== expected[i])) {
      throw new WorkbookError(
        "changed",
        `The columns of "${tableName}" were changed (${open.headers.join(", ")}). Nothing was written.`,
      );
    }
    place = columns.map((_, i) => i);
  }
  const layout: (Column | null)[] = Array.from({ length: open.columns }, () => null);
  place.forEach((t, k) => (layout[t] = columns[k]));
  const user = layout.flatMap((c, i) => (c === null ? [i] : []));
  return { place, user, layout };
}

type OldRow = { key: string | null; cells: UserCell[] };

/** Queues loads of the keys and user cells of body rows from .. from+n-1; the rows, to call after that sync. */
function queueOldRows(
  open: OpenTable,
  from: number,
  n: number,
  keyCols: readonly number[],
  user: readonly number[],
): () => OldRow[] {
  const keys = queueRowsRead(open, from, n, keyCols);
  const values = queueRowsRead(open, from, n, user);
  const formulas = queueRowsRead(open, from, n, user, "formulasR1C1");
  return () => {
    const [k, v, f] = [keys(), values(), formulas()];
    return k.map((row, i) => ({
      key: excelRowKey(row),
      cells: user.map((_, u) => ({ formula: f[i][u], value: v[i][u] })),
    }));
  };
}

/** The keys and user cells of body rows from .. count-1, read now in row blocks (one sync each). */
async function readOldRows(
  context: Excel.RequestContext,
  open: OpenTable,
  from: number,
  keyCols: readonly number[],
  user: readonly number[],
): Promise<OldRow[]> {
  const n = open.count - from;
  const step = Math.max(1, Math.floor(READ_BLOCK_CELLS / (keyCols.length + 2 * user.length)));
  const rows: OldRow[] = [];
  for (let done = 0; done < n; done += step) {
    const read = queueOldRows(open, from + done, Math.min(step, n - done), keyCols, user);
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block per sync (payload limit); most windows are one
    await context.sync();
    rows.push(...read());
  }
  return rows;
}

/** The user cells planned for a replacement, and what they were planned from (read again by queueUserRecheck). */
export interface PlannedUserCells {
  plan: UserCellsPlan;
  /** Body index of the first row read: the row before the window when there is one (`withBefore`). */
  from: number;
  withBefore: boolean;
  /** Table columns of the key fields, and the user's. */
  keyCols: number[];
  user: number[];
  /** The keys of the rows written, in order. */
  keys: (string | null)[];
  /** Some row's key is not where it was read (rows inserted or taken out in the window): its cells move. */
  moves: boolean;
}

function inputOf(p: Omit<PlannedUserCells, "plan" | "moves">, rows: readonly OldRow[]): UserCellsInput {
  return {
    columns: p.user.length,
    before: p.withBefore ? rows[0].cells : undefined,
    old: p.withBefore ? rows.slice(1) : rows,
    keys: p.keys,
  };
}

/**
 * What the user cells of the rows written become (src/core/refresh/userColumns.ts userCells), from the rows taken out
 * (from the cut-off) and the row before them. Undefined when the table has no user columns (nothing is read).
 */
export async function planUserCells(
  context: Excel.RequestContext,
  open: OpenTable,
  { user }: Placement,
  keyCols: readonly number[],
  /** The keys of the rows written, in order (fresh rows and kept rows of the user's). */
  keys: (string | null)[],
  cutAt: number,
): Promise<PlannedUserCells | undefined> {
  if (user.length === 0) return undefined;
  const from = Math.max(0, cutAt - 1);
  const rows = await readOldRows(context, open, from, keyCols, user);
  const p = { from, withBefore: from < cutAt, keyCols: [...keyCols], user, keys };
  const input = inputOf(p, rows);
  const moves = input.old.some((r, i) => i < keys.length && r.key !== keys[i]);
  return { ...p, plan: userCells(input), moves };
}

/**
 * Co-authoring: the plan moves user cells with their rows as they were read, a sync or more before the commit;
 * a co-author may have typed in them since. Queued on the commit's sync after its guard and before its writes,
 * the same cells are read again; afterwards, the user cells the commit left wrong (src/core/refresh/userColumns.ts
 * userCellsToRepair), as write blocks of the window, or an empty list. Not when no row moves (every user cell
 * stays on its row, with whatever was typed in it), nor when the read would not fit one sync (a big window:
 * there a note typed in a moving row during the refresh may stay where the row was).
 */
export function queueUserRecheck(open: OpenTable, p: PlannedUserCells): (() => UserWriteBlock[]) | undefined {
  if (!p.moves) return undefined;
  const n = open.count - p.from;
  if (!fitsOneRead(n, p.keyCols.length + 2 * p.user.length)) return undefined;
  const read = queueOldRows(open, p.from, n, p.keyCols, p.user);
  return () => {
    const fix = userCellsToRepair(p.plan, inputOf(p, read()));
    if (!fix) return [];
    const grid: Grid = fix.map((row) => {
      const out: Grid[number] = new Array<UserWrite>(open.columns).fill(null);
      p.user.forEach((t, u) => (out[t] = row[u]));
      return out;
    });
    return userWrites(grid, p.user);
  };
}

/** The table columns of the key fields (period first), by the data columns' places. */
export function keyColumnsOf(
  { place }: Placement,
  data: { columns: readonly Column[] },
  periodIndex: number,
): number[] {
  return keyColumns(data.columns, periodIndex).map((k) => place[k]);
}

/** The keys of the fresh rows, in order. */
export function freshKeys(data: { columns: readonly Column[]; values: readonly Cell[][] }, periodIndex: number) {
  const keyData = keyColumns(data.columns, periodIndex);
  return data.values.map((r) => excelRowKey(keyData.map((k) => r[k])));
}

/**
 * The window as written, in the table's columns: each fresh row's data cells in their table columns, each kept row
 * whole (keptRows.ts), and each user column's cell from the plan (kept rows: their own cells when there is none).
 */
export function windowGrid(
  grid: Grid,
  { place, user }: Placement,
  width: number,
  order: readonly WrittenRow[],
  kept: readonly KeptCells[],
  plan?: UserCellsPlan,
): Grid {
  const identity = user.length === 0 && kept.length === 0 && place.every((t, k) => t === k) && place.length === width;
  if (identity) return grid;
  return order.map((o, i) => {
    if ("kept" in o) {
      const out = [...kept[o.kept].cells];
      if (plan) user.forEach((t, u) => (out[t] = plan.cells[i][u]));
      return out;
    }
    const row = grid[o.fresh];
    const out: Grid[number] = new Array<string | number | boolean | null>(width).fill("");
    place.forEach((t, k) => (out[t] = row[k]));
    user.forEach((t, u) => (out[t] = plan ? plan.cells[i][u] : ""));
    return out;
  });
}

/** A write of user cells: rows `row` .. of the window, table columns `first` .. (a run of adjacent user columns). */
export interface UserWriteBlock {
  row: number;
  first: number;
  cells: Grid;
}

/**
 * The user cells a staged commit writes: per run of adjacent user columns, the rows from its first cell to
 * change to its last (null cells between are left as they are); a run with nothing to change is not written.
 */
export function userWrites(window: Grid, user: readonly number[]): UserWriteBlock[] {
  return runs(user).flatMap(([first, n]) => {
    const changes = (r: Grid[number]) => r.slice(first, first + n).some((c) => c !== null);
    const top = window.findIndex(changes);
    if (top < 0) return [];
    let end = window.length;
    while (!changes(window[end - 1])) end--;
    return [{ row: top, first, cells: window.slice(top, end).map((r) => r.slice(first, first + n)) }];
  });
}
