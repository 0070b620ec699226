// Opening a table the add-in manages: one sync loads its name, header, body, whole range and sheet. A missing
// table is refused in the caller's words before anything else is read or written.
import type { CriteriaLike, TableColumnRef } from "../../core/refresh/userColumns";
import { WorkbookError } from "../errors";

export interface OpenTable {
  table: Excel.Table;
  sheet: Excel.Worksheet;
  /** The body range (without the Total Row, when shown). */
  body: Excel.Range;
  name: string;
  sheetName: string;
  /** The whole table's address, e.g. "Sheet2!A1:F101". */
  address: string;
  headers: string[];
  /** Sheet row of the header and sheet column of the first column. */
  top: number;
  left: number;
  columns: number;
  /** Sheet row of the first body row, and the body's rows (without the Total Row, when shown). */
  bodyTop: number;
  count: number;
  /** The Total Row is shown: the table's last row, directly below the body. */
  totals: boolean;
  /** Number formats of the first body row (what each column is shown as); empty unless asked for. */
  formats: string[];
  /** Number formats of the last body row (what rows the table grows into take); empty unless asked for. */
  lastFormats: string[];
  /** Each column's TableColumn.id (ExcelApi 1.1) and header, in order; empty unless asked for. */
  columnRefs: TableColumnRef[];
  /** The AutoFilter's criteria by column (ExcelApi 1.9); empty unless asked for. */
  criteria: CriteriaLike[];
  /** The sort Excel remembers (`fields` empty: none); absent unless asked for. */
  sort?: RememberedSort;
}

/** The sort Excel remembers for a table (Table.sort, ExcelApi 1.2): what the user last sorted it by. */
export interface RememberedSort {
  fields: Excel.SortField[];
  matchCase: boolean;
  method: string;
}

/** A remembered sort to put back, when the table has one (none: `fields` empty). */
export const sortToKeep = (sort: RememberedSort | undefined): RememberedSort | undefined =>
  sort && sort.fields.length > 0 ? sort : undefined;

export interface OpenOptions {
  /** Also load the sort Excel remembers (same sync). */
  sort?: boolean;
  /** Also load the first body row's number formats (same sync). */
  formats?: boolean;
  /** Also load the last body row's number formats (same sync). */
  lastFormats?: boolean;
  /** Also load the columns' ids (same sync). */
  columns?: boolean;
  /** Also load the AutoFilter's criteria (same sync). */
  filter?: boolean;
}

/**
 * Opens `tableName`, or returns undefined when the workbook has no such table. Whatever the caller queued
 * before (e.g. a getItemOrNullObject) is resolved by the same sync.
 */
export async function findTable(
  context: Excel.RequestContext,
  tableName: string,
  opts: OpenOptions = {},
): Promise<OpenTable | undefined> {
  const table = context.workbook.tables.getItemOrNullObject(tableName);
  table.load("name,showTotals");
  const header = table.getHeaderRowRange();
  header.load("values");
  const whole = table.getRange();
  whole.load("rowIndex,columnIndex,columnCount,address");
  const body = table.getDataBodyRange();
  body.load("rowIndex,rowCount");
  const firstRow = opts.formats ? body.getRow(0) : undefined;
  firstRow?.load("numberFormat");
  const lastRow = opts.lastFormats ? body.getLastRow() : undefined;
  lastRow?.load("numberFormat");
  const columns = opts.columns ? table.columns.load("items/id,items/name") : undefined;
  const filter = opts.filter ? table.autoFilter.load("criteria") : undefined;
  const sort = opts.sort ? table.sort.load("fields,matchCase,method") : undefined;
  // eslint-disable-next-line office-addins/call-sync-before-read -- a navigation property, not a read
  const sheet = table.worksheet;
  sheet.load("name");
  try {
    await context.sync();
  } catch (err) {
    // Excel fails the whole batch when the table is gone (its ranges cannot be resolved). Only then is one
    // more round trip spent, to tell a missing table (in the caller's words) from any other failure.
    if (await isMissing(context, tableName)) return undefined;
    throw err;
  }
  if (table.isNullObject) return undefined;
  return {
    table,
    sheet,
    body,
    name: table.name,
    sheetName: sheet.name,
    address: whole.address,
    headers: header.values[0].map(String),
    top: whole.rowIndex,
    left: whole.columnIndex,
    columns: whole.columnCount,
    bodyTop: body.rowIndex,
    count: body.rowCount,
    totals: table.showTotals,
    formats: firstRow ? firstRow.numberFormat[0].map(String) : [],
    lastFormats: lastRow ? lastRow.numberFormat[0].map(String) : [],
    columnRefs: columns ? columns.items.map((c) => ({ id: c.id, name: c.name })) : [],
    criteria: filter ? (filter.criteria as CriteriaLike[]) : [],
    ...(sort ? { sort: { fields: sort.fields, matchCase: sort.matchCase, method: String(sort.method) } } : {}),
  };
}

/** Opens `tableName`; a missing table is refused with `missing` (what the caller tells the user). */
export async function openTable(
  context: Excel.RequestContext,
  tableName: string,
  missing: string,
  opts: OpenOptions = {},
): Promise<OpenTable> {
  const open = await findTable(context, tableName, opts);
  if (!open) throw new WorkbookError("not-found", missing);
  return open;
}

/**
 * The words for a table not found by its name when it is opened to be read or written. Refresh finds its table
 * by Table.id first (src/refresh/identity.ts, following renames), so there this means the table went in between;
 * the words stay general because readTable's callers name a table as they know it.
 */
export function tableGone(tableName: string): string {
  return `The table "${tableName}" is no longer in this workbook. It may have been renamed or deleted.`;
}

async function isMissing(context: Excel.RequestContext, tableName: string): Promise<boolean> {
  try {
    const probe = context.workbook.tables.getItemOrNullObject(tableName);
    await context.sync();
    return probe.isNullObject;
  } catch {
    return false; // the original failure is the one to report
  }
}

/** The first sheet row below the table: below its Total Row, when shown. */
export const belowTable = (open: OpenTable): number => open.bodyTop + open.count + (open.totals ? 1 : 0);
