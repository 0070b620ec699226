// The service's answer for a refresh window laid onto the stored table: each table column's service field (by
// the recorded TableColumn.id; an older record by header, userColumns.ts columnLayout), the answer's columns in
// the table's order, its rows in the window in period order, and what was left out in words. Pure: the second
// half of fetching a window (src/refresh fetches, src/api checks the answer against its question).
import type { DayCells } from "../dates";
import type { Column, ColumnKind } from "../answer/tabulate";
import {
  columnLayout,
  deletedColumns,
  deletedMetricsWarning,
  type ServiceColumn,
  type TableColumnRef,
} from "./userColumns";
import { earlyRowsWarning, extraColumnsWarning, missingColumnsWarning, noPeriodText } from "./warnings";
import { mapToHeader, periodIndexOf, windowRows, type TableShape } from "./tableLayout";
import { type RefreshWindow } from "./refreshWindow";
import type { DayWords } from "../words";

/** A window to read: the dates asked and where the stored rows are replaced from. */
export type ReadWindow = Extract<RefreshWindow, { kind: "window" }>;

/** The stored table's columns as the tail read found them, and what its saved record says of them. */
export interface StoredColumns {
  /** The table's columns now: TableColumn.id and header, in order. */
  columns: readonly TableColumnRef[];
  /** The column kind each column's number format shows (a stored column the answer lacks keeps its kind). */
  kinds: readonly (ColumnKind | undefined)[];
  /** Index of the period column in the table, and its header. */
  periodIndex: number;
  periodColumn: string;
  /** The record's service columns (absent in records saved before they were kept) and its period field. */
  recorded?: readonly ServiceColumn[];
  recordedPeriod?: string;
}

/** The answer as read and checked: its table (tabulated, in period order), its period field, the metrics asked. */
export interface AnswerTable {
  table: { columns: Column[]; values: TableShape["values"] };
  periodField?: string;
  metrics: readonly string[];
}

/** The answer laid onto the table, or refused (nothing can be written) with the warnings said before. */
export type LaidAnswer =
  | {
      kind: "laid";
      /** The window's rows, one column per service field, in the table's order. */
      data: TableShape;
      /** Index of the period in `data.columns`, and its field. */
      periodIndex: number;
      periodField: string;
      /** The table column of each data column (by TableColumn.id): what replaceTail writes to. */
      service: ServiceColumn[];
      /**
       * What the record keeps: the service columns now (their headers may have changed); undefined when an
       * older record (no columns) got an empty answer, whose columns cannot tell the key fields from the user's.
       */
      record: ServiceColumn[] | undefined;
      /** Metrics whose columns the user deleted: left out of the rows written (the record keeps them). */
      deleted?: string[];
      /** Columns the answer added or left out, rows it labelled before the window. */
      warnings: string[];
    }
  | { kind: "refused"; reason: string; warnings: string[] };

/**
 * The answer laid onto the table's service columns. Refused when the table's period column holds no field of the
 * answer, or the answer has rows without the table's period field: never a row without its period.
 */
export function layAnswer(
  stored: StoredColumns,
  answer: AnswerTable,
  win: ReadWindow,
  dayCells: DayCells,
  /** How the warnings write days and metrics (the surface's words); absent: the service's. */
  days?: DayWords,
): LaidAnswer {
  const fresh = answer.table;
  const layout = columnLayout({
    table: stored.columns,
    recorded: stored.recorded,
    fields: [...fresh.columns.map((c) => c.name), ...answer.metrics],
    periodField: answer.periodField ?? stored.recordedPeriod,
    periodIndex: stored.periodIndex,
  });
  const periodField = layout.fields[stored.periodIndex];
  if (periodField === null)
    return { kind: "refused", reason: noPeriodText(stored.periodColumn, win, days), warnings: [] };
  const at = layout.fields.flatMap((f, i) => (f === null ? [] : [i]));
  const mapped = mapToHeader(
    at.map((i) => layout.fields[i]!),
    fresh,
    at.map((i) => stored.kinds[i]),
  );
  // Metric columns the user deleted (readPeriodTail refused any other): left out, said, and kept in the record
  // (so the next refresh says it again) until the pane's "Stop asking" drops them from the query.
  const gone = stored.recorded ? deletedColumns(stored.columns, stored.recorded) : [];
  const deleted = gone.map((g) => g.field);
  const extra = mapped.extra.filter((f) => !deleted.includes(f));
  const warnings = [
    ...(deleted.length > 0 ? [deletedMetricsWarning(deleted, days)] : []),
    ...(extra.length > 0 ? [extraColumnsWarning(extra, days)] : []),
  ];
  if (mapped.missing.length > 0 && fresh.values.length > 0) {
    if (mapped.missing.includes(periodField))
      return { kind: "refused", reason: noPeriodText(periodField, win, days), warnings };
    warnings.push(missingColumnsWarning(mapped.missing, win.start, days));
  }
  const periodIndex = periodIndexOf(mapped.columns, periodField);
  const { values, early } = windowRows(mapped, periodIndex, win.start, dayCells);
  if (early > 0) warnings.push(earlyRowsWarning(early, win.start, days));
  // A layout worked out by header from zero rows lacks the key fields (tabulate leaves out what no row has):
  // saved, it would make the SKU and store columns the user's for good. Worked out again with the next rows.
  const record = stored.recorded || fresh.values.length > 0 ? [...layout.record, ...gone] : undefined;
  const data = { columns: mapped.columns, values };
  return {
    kind: "laid",
    data,
    periodIndex,
    periodField,
    service: layout.record,
    record,
    ...(deleted.length > 0 ? { deleted } : {}),
    warnings,
  };
}
