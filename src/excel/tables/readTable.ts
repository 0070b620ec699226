// Reading a table back: all of it (in blocks), the tail of its period column (what refresh places its window
// from), or the two ends of one column.
import {
  deletedColumns,
  deletedColumnsText,
  refusedDeletions,
  type ServiceColumn,
  type TableColumnRef,
} from "../../core/refresh/userColumns";
import { NUMBER_FORMATS } from "../formats";
import { WorkbookError } from "../errors";
import { MAX_SYNC_CELLS, type ExcelRun } from "../excelRun";
import type { IsoDate } from "../../core/dates";
import { excelSerial } from "../excelDays";
import { dateOrdered } from "../../core/refresh/dateOrder";
import { findTable, openTable, tableGone, sortToKeep, type OpenTable, type RememberedSort } from "./openTable";
import { scanPeriodsBack } from "./periodScan";

export interface PeriodTail {
  tableName: string;
  sheet: string;
  headers: string[];
  /** Number formats of the first body row (what each column is shown as). */
  formats: string[];
  /** The header of the period column read. */
  periodColumn: string;
  /** Index of the period column in the table. */
  periodIndex: number;
  /** The table's columns now: TableColumn.id and header, in order. */
  columns: TableColumnRef[];
  /** Body rows of the table. */
  count: number;
  /** Index (in the body) of the first period value returned. */
  offset: number;
  /** Period values of body rows offset .. count-1. */
  periods: unknown[];
  /** The `alsoRead` column's values of the same rows (a table of several retailers: each row's retailer). */
  also?: unknown[];
  /**
   * The sort Excel remembers, when the user sorted the table: then `periods` (from the first row) and `also` are
   * as they will read once the table is sorted into date order (tableSort.ts), which refresh does in its turn.
   */
  sort?: RememberedSort;
}

export interface TableContents {
  name: string;
  sheet: string;
  address: string;
  headers: string[];
  values: unknown[][];
  formats: string[];
}

/**
 * How far back (an Excel serial, what readPeriodTail's `until` takes) a tail read reaches from the window's anchor
 * (src/core/refresh/refreshWindow.ts anchorOf): far enough to find the stored period containing it and a row before
 * the window.
 */
export const tailReach = (anchor: IsoDate): number => excelSerial(anchor) - 40;

/**
 * Reads the table's header, its columns' ids and the tail of its period column, from the last row back to the
 * first row whose period is a number below `until` (or the table's start): what a refresh needs to place its
 * window, without reading the whole table. One column, 100,000 cells per sync.
 */
export async function readPeriodTail(
  run: ExcelRun,
  tableName: string,
  /**
   * The period column: with `service`, the field it holds; without, its header (when absent or not found, the
   * first column shown as a date).
   */
  periodColumn: string | undefined,
  until: number,
  /** The saved record's service columns (by TableColumn.id): a deleted one is refused, by name, before anything else. */
  service?: readonly ServiceColumn[],
  /** A service field whose column is read for the same rows as the periods (found by id, else by header). */
  alsoRead?: string,
  /** The metrics asked: a deleted column of one of them is left out by the refresh, not refused. */
  metrics: readonly string[] = [],
): Promise<PeriodTail> {
  return run(async (context) => {
    const opts = { formats: true, columns: true, sort: true };
    const open = await openTable(context, tableName, tableGone(tableName), opts);
    const { headers, formats, columnRefs } = open;
    let pc: number;
    if (service) {
      const gone = refusedDeletions(deletedColumns(columnRefs, service), metrics);
      if (gone.length > 0) throw new WorkbookError("changed", deletedColumnsText(tableName, gone));
      const id = service.find((s) => s.field === periodColumn)?.id;
      pc = columnRefs.findIndex((c) => c.id === id);
    } else {
      pc = periodColumn === undefined ? -1 : headers.indexOf(periodColumn);
      if (pc < 0) pc = formats.indexOf(NUMBER_FORMATS.date);
    }
    if (pc < 0)
      throw new WorkbookError(
        "changed",
        `The table "${tableName}" has no date column (${periodColumn ?? "period"}), so it cannot be refreshed. Nothing was written.`,
      );
    const ac = alsoRead === undefined ? -1 : columnOf(alsoRead, headers, columnRefs, service);
    const sort = sortToKeep(open.sort);
    // A sorted table is refreshed in date order: its whole period column, as that sort will leave it.
    const { offset, values, also } = sort
      ? await inDateOrder(context, open, pc, ac)
      : await scanWithAlso(context, open, tableName, { pc, ac, until });
    return {
      tableName: open.name,
      sheet: open.sheetName,
      headers,
      formats,
      periodColumn: headers[pc],
      periodIndex: pc,
      columns: columnRefs,
      count: open.count,
      offset,
      periods: values,
      ...(also ? { also } : {}),
      ...(sort ? { sort } : {}),
    };
  });
}

interface ColumnRows {
  offset: number;
  values: unknown[];
  also?: unknown[];
}

/** The period column's tail from the last row back (refused out of date order), and the `ac` column's beside it. */
async function scanWithAlso(
  context: Excel.RequestContext,
  open: OpenTable,
  tableName: string,
  { pc, ac, until }: { pc: number; ac: number; until: number },
): Promise<ColumnRows> {
  const { offset, values } = await scanPeriodsBack(context, open, tableName, pc, until);
  const also = ac < 0 ? undefined : await readColumnRows(context, open, ac, offset);
  return { offset, values, ...(also ? { also } : {}) };
}

/** The whole period column (and the `ac` column) as a sort into date order will leave them (dateOrdered). */
async function inDateOrder(
  context: Excel.RequestContext,
  open: OpenTable,
  pc: number,
  ac: number,
): Promise<ColumnRows> {
  const periods = await readColumnRows(context, open, pc, 0);
  const beside = ac < 0 ? undefined : await readColumnRows(context, open, ac, 0);
  const ordered = dateOrdered(periods, beside);
  return { offset: 0, values: ordered.periods, ...(ordered.also ? { also: ordered.also } : {}) };
}

/** The column of a service field: by its recorded id, or (an older record) by header. -1 when not there. */
export function columnOf(
  field: string,
  headers: readonly string[],
  refs: readonly TableColumnRef[],
  service: readonly ServiceColumn[] | undefined,
): number {
  const id = service?.find((s) => s.field === field)?.id;
  return id === undefined ? headers.indexOf(field) : refs.findIndex((c) => c.id === id);
}

/** One column's body values from row `from` to the end, in blocks (one sync each; most tails are one). */
export async function readColumnRows(
  context: Excel.RequestContext,
  open: OpenTable,
  column: number,
  from: number,
): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let r = from; r < open.count; r += MAX_SYNC_CELLS) {
    const part = open.sheet.getRangeByIndexes(
      open.bodyTop + r,
      open.left + column,
      Math.min(MAX_SYNC_CELLS, open.count - r),
      1,
    );
    part.load("values");
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block per sync (payload limit)
    await context.sync();
    for (const row of part.values) out.push(row[0]);
  }
  return out;
}

/** Reads a whole table (header, body values, the first row's formats), in blocks. */
export async function readTable(run: ExcelRun, tableName: string): Promise<TableContents> {
  return run(async (context) => {
    const open = await openTable(context, tableName, `The table "${tableName}" is not in this workbook.`, {
      formats: true,
    });
    const { sheet, bodyTop, left, columns: cols, count } = open;
    const step = Math.max(1, Math.floor(MAX_SYNC_CELLS / cols));
    const values: unknown[][] = [];
    for (let r = 0; r < count; r += step) {
      const part = sheet.getRangeByIndexes(bodyTop + r, left, Math.min(step, count - r), cols);
      part.load("values");
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block per sync (payload limit)
      await context.sync();
      for (const row of part.values) values.push(row);
    }
    return {
      name: open.name,
      sheet: open.sheetName,
      address: open.address,
      headers: open.headers,
      values,
      formats: open.formats,
    };
  });
}

/** The first and last values of a table's column (for a period column: the period covered). */
export async function readColumnEnds(
  run: ExcelRun,
  tableName: string,
  column: string,
): Promise<{ first: unknown; last: unknown } | undefined> {
  return run(async (context) => {
    const open = await findTable(context, tableName);
    if (!open) return undefined;
    const c = open.headers.indexOf(column);
    if (c < 0 || open.count === 0) return undefined;
    const first = open.body.getCell(0, c);
    const last = open.body.getCell(open.count - 1, c);
    first.load("values");
    last.load("values");
    await context.sync();
    return { first: first.values[0][0], last: last.values[0][0] };
  });
}
