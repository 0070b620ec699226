// A window's rows as a database tells them to the fold (windowFold.ts) where it counted them instead of pairing
// them: a period's rows re-read exactly as stored, and a new period's rows, summed where they are held
// (src/sync/unchangedRows.ts).

/** Rows of one period, and retailer in a table of several, counted and summed by the store that holds them. */
export interface CountedRows {
  /** Key cells with the period's day first and, in a table of several retailers, the retailer at its place. */
  keys: readonly unknown[];
  rows: number;
  /** Per metric: the figures' sum, and the rows whose cell is empty. */
  sums: readonly number[];
  blanks: readonly number[];
}

/**
 * Rows that the answer sends exactly as stored (every metric and other cell): the fold needs their counts, never the
 * rows.
 */
export interface UnchangedRows extends CountedRows {
  /** Per metric: the rows whose figure is a non-zero number. */
  nonZero: readonly number[];
}
