// The pane's Get data as the Run panel calls it (dataOperations): a new sheet, not rolling, never cancelled.
import type { Query } from "../../../src/core/query/query";
import type { ExcelRun } from "../../../src/excel";
import type { RefreshDeps } from "../../../src/refresh";
import { dataOperations } from "../../../src/taskpane/operations/dataOperations";
import type { PullSummary } from "../../../src/taskpane/operations/types";

/** Get data of `query` into the workbook of `run`, with `deps` as the pane's; its summary. */
export function paneGetData(run: ExcelRun, deps: () => RefreshDeps, query: Query): Promise<PullSummary> {
  return dataOperations(run, deps).getData(query, {
    rolling: false,
    destination: "new-sheet",
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
}

/** What the pane's Get data of `query` was refused with (an Error saying so when it was not refused). */
export function paneGetDataError(run: ExcelRun, deps: () => RefreshDeps, query: Query): Promise<unknown> {
  return paneGetData(run, deps, query).then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
}
