// The user's columns beside a managed table's service columns, for a replacement of its tail (the decisions are
// src/core/userColumns.ts's): where each service field is now (by TableColumn.id), the keys and user cells of
// the rows taken out (read before the commit, one sync per block of rows), and the window as written, service
// cells and user cells in the table's column order.
import type { Column } from "../../core/tabulate";
import {
  deletedColumns,
  deletedColumnsText,
  keyColumns,
  rowKey,
  userCells,
  type ServiceColumn,
  type UserCell,
  type UserCellsPlan,
} from "../../core/userColumns";
import type { Cell } from "../../core/tabulate";
import { WorkbookError } from "../errors";
import type { OpenTable } from "./openTable";
import { READ_BLOCK_CELLS, queueRowsRead, runs } from "./windowRead";
import type { Grid } from "./writeBlocks";

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

/** The keys and user cells of body rows from .. count-1, read now in row blocks (one sync each). */
async function readOldRows(
  context: Excel.RequestContext,
  open: OpenTable,
  from: number,
  keyCols: readonly number[],
  user: readonly number[],
): Promise<{ key: string | null; cells: UserCell[] }[]> {
  const n = open.count - from;
  const step = Math.max(1, Math.floor(READ_BLOCK_CELLS / (keyCols.length + 2 * user.length)));
  const rows: { key: string | null; cells: UserCell[] }[] = [];
  for (let done = 0; done < n; done += step) {
    const m = Math.min(step, n - done);
    const keys = queueRowsRead(open, from + done, m, keyCols);
    const values = queueRowsRead(open, from + done, m, user);
    const formulas = queueRowsRead(open, from + done, m, user, "formulasR1C1");
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block per sync (payload limit); most windows are one
    await context.sync();
    const [k, v, f] = [keys(), values(), formulas()];
    for (let i = 0; i < m; i++)
      rows.push({ key: rowKey(k[i]), cells: user.map((_, u) => ({ formula: f[i][u], value: v[i][u] })) });
  }
  return rows;
}

/**
 * What the user cells of the rows written become (src/core/userColumns.ts userCells), from the rows taken out
 * (from the cut-off) and the row before them. Undefined when the table has no user columns (nothing is read).
 */
export async function planUserCells(
  context: Excel.RequestContext,
  open: OpenTable,
  { place, user }: Placement,
  data: { columns: readonly Column[]; values: readonly Cell[][] },
  periodIndex: number,
  cutAt: number,
): Promise<UserCellsPlan | undefined> {
  if (user.length === 0) return undefined;
  const keyData = keyColumns(data.columns, periodIndex);
  const from = Math.max(0, cutAt - 1);
  const rows = await readOldRows(
    context,
    open,
    from,
    keyData.map((k) => place[k]),
    user,
  );
  const withBefore = from < cutAt;
  return userCells({
    columns: user.length,
    before: withBefore ? rows[0].cells : undefined,
    old: withBefore ? rows.slice(1) : rows,
    keys: data.values.map((r) => rowKey(keyData.map((k) => r[k]))),
  });
}

/** The rows as written: each data column's cells in its table column, each user column's from the plan. */
export function tableGrid(grid: Grid, { place, user }: Placement, width: number, plan?: UserCellsPlan): Grid {
  const identity = user.length === 0 && place.every((t, k) => t === k) && place.length === width;
  if (identity) return grid;
  return grid.map((row, i) => {
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
