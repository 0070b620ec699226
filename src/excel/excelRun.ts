// Every function here takes the `run` it works through: Excel.run in the add-in, the in-memory
// workbook host in tests and the preview. Same shape, so the code cannot tell them apart.
export type ExcelRun = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/** The real thing, for the add-in at run time. */
export const officeRun: ExcelRun = (batch) => Excel.run(batch);

/** Excel on the web rejects requests over 5 MB; keep each sync well under it. */
export const MAX_SYNC_BYTES = 4_000_000;
/** Cells per sync, so no single sync carries millions of cells. */
export const MAX_SYNC_CELLS = 250_000;
/** Row blocks: start around 5k to 20k rows (docs/architecture.md, Decision 16). */
export const MAX_BLOCK_ROWS = 20_000;
/** Excel's grid. */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;
