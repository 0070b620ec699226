// A refresh's rows as its outcome tells them: replaced, added and removed, from what the write took out and put in.
// Pure.

/** What replaceTail (src/excel) reports: stored rows taken out of the window, fresh rows written, rows before it. */
export interface TailChange {
  removed: number;
  added: number;
  kept: number;
}

/** A refresh's rows, as the outcome tells them. */
export interface RowCounts {
  /** Stored rows of the window whose place a fresh row took. */
  rowsReplaced: number;
  /** Fresh rows beyond the stored rows of the window. */
  rowsAdded: number;
  /** Stored rows of the window left over (the service no longer returns them). */
  rowsRemoved: number;
  /** Rows of the table after the refresh. */
  rows: number;
}

export function rowCounts(change: TailChange): RowCounts {
  const replaced = Math.min(change.removed, change.added);
  return {
    rowsReplaced: replaced,
    rowsAdded: change.added - replaced,
    rowsRemoved: change.removed - replaced,
    rows: Math.max(change.kept + change.added, 0),
  };
}
