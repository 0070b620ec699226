// What a user scenario (userScenarios.ts) stands on: its shape (the kind of table, the world it runs in, what the
// refresh returned, setup and check), the table as the user sees it (its state, totals, formats, a pivot), the
// service's columns against a fresh pull, the service's answers changed, and the user's rows inside the table.
// Also used by the co-authoring cases (coauthorCases.ts) and the 60-day drift run (refresh.bench.ts).
import { createWorkbookHost, type WorkbookHost } from "../workbook-host";
import { type IsoDate } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import type { Query } from "../../src/core/query/query";
import { readManagedTables, readTable } from "../../src/excel";
import {
  pullTable,
  type RefreshDeps,
  type RefreshOutcome,
  type RefreshSummary,
  type RefreshableTable,
} from "../../src/refresh";

/** The calculated column every scenario table and drift table gets (a structured reference to two service columns). */
export const CALC = "=[@revenue]/[@units]";
export const CALC_HEADER = "per unit";

/** The service's today at Get data (the scenarios' refresh is later: the kind's next day, or their own). */
export const TODAY: IsoDate = "2026-11-23"; // a Monday

export interface Kind {
  label: "weekly SKU" | "daily store";
  query: Query;
  /** The service's today at the refresh: recent periods revised, new ones added. */
  next: IsoDate;
  /** What identifies a row with its period. */
  keys: string[];
}

export interface World {
  host: WorkbookHost;
  deps: RefreshDeps;
  kind: Kind;
  /** The table Get data wrote. */
  name: string;
}

export interface Refreshed {
  summary: RefreshSummary;
  /** The table's outcome (the workbook has one table). */
  outcome: RefreshOutcome;
  /** /api/data requests the refresh made. */
  fetched: number;
  /** The service's today at the refresh. */
  today: IsoDate;
}

export interface Scenario<S> {
  name: string;
  /** Only for this kind of table. */
  only?: Kind["label"];
  /** The service's today at the refresh (default: the kind's next day). */
  today?: (kind: Kind) => IsoDate;
  /** What the service does to its answers from the refresh on (drops rows): each data answer's rows. */
  service?: (rows: ServiceRow[]) => ServiceRow[];
  /** What the user does after Get data; returns what the check needs. */
  setup(w: World): Promise<S>;
  /** What is wrong after the refresh (nothing: kept). */
  check(w: World, s: S, r: Refreshed): Promise<string[]>;
}

/** A scenario with its own state type, in a list of scenarios. */
export const scenario = <S>(s: Scenario<S>): Scenario<unknown> => s as Scenario<unknown>;

// ---- the workbook, as the user sees it ----

export const letters = (i: number): string =>
  (i < 26 ? "" : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));
/** A1 address of a sheet cell (zero-based row and column). */
export const cell = (sheet: string, row: number, col: number) =>
  `'${sheet.replace(/'/g, "''")}'!${letters(col)}${row + 1}`;

/** A table's columns (ids, headers), body values and formulas, position, filter and which body rows are hidden. */
export async function tableState(host: WorkbookHost, name: string) {
  const t = await host.run(async (ctx) => {
    const table = ctx.workbook.tables.getItem(name);
    const cols = table.columns.load("items/id,items/name");
    const range = table.getRange().load("rowIndex,columnIndex");
    const body = table.getDataBodyRange().load("values,formulas,rowIndex");
    const filter = table.autoFilter.load("criteria");
    const sheet = table.worksheet.load("name");
    await ctx.sync();
    return {
      ids: cols.items.map((c) => c.id),
      headers: cols.items.map((c) => c.name),
      values: body.values as unknown[][],
      formulas: body.formulas as unknown[][],
      headerRow: range.rowIndex,
      left: range.columnIndex,
      top: body.rowIndex,
      criteria: JSON.stringify(filter.criteria),
      sheet: sheet.name,
    };
  });
  const hiddenRows = host.snapshot().sheets.find((s) => s.name === t.sheet)!.hiddenRows;
  return { ...t, hidden: t.values.map((_, i) => hiddenRows.includes(t.top + i)) };
}

export type State = Awaited<ReturnType<typeof tableState>>;

/** The Total Row: on, directly under the body, its formulas (labels read as themselves). */
export const totalRowOf = (host: WorkbookHost, name: string) =>
  host.run(async (ctx) => {
    const table = ctx.workbook.tables.getItem(name).load("showTotals");
    const body = table.getDataBodyRange().load("rowIndex,rowCount");
    await ctx.sync();
    if (!table.showTotals) return { on: false, last: false, formulas: [] as unknown[][] };
    const total = table.getTotalRowRange().load("rowIndex,formulas");
    await ctx.sync();
    return { on: true, last: total.rowIndex === body.rowIndex + body.rowCount, formulas: total.formulas };
  });

/** Each body row's number formats. */
export const bodyFormats = (host: WorkbookHost, name: string): Promise<string[][]> =>
  host.run(async (ctx) => {
    const body = ctx.workbook.tables.getItem(name).getDataBodyRange().load("numberFormat");
    await ctx.sync();
    return body.numberFormat as string[][];
  });

export const act = (host: WorkbookHost, batch: (ctx: Excel.RequestContext) => void) =>
  host.run(async (ctx) => {
    batch(ctx);
    await ctx.sync();
  });

/** A user types a header right of the table and the formula into its first data row: a calculated column. */
export async function addCalculatedColumn(host: WorkbookHost, name: string): Promise<void> {
  const s = await tableState(host, name);
  const col = s.left + s.headers.length;
  host.typeCell(cell(s.sheet, s.headerRow, col), CALC_HEADER);
  host.typeCell(cell(s.sheet, s.headerRow + 1, col), CALC);
}

/** A pivot on the table, on a sheet of its own, summing revenue. */
export async function addPivot(host: WorkbookHost, name: string, pivotName: string): Promise<void> {
  await act(host, (ctx) => {
    ctx.workbook.worksheets.add(pivotName);
    const pivot = ctx.workbook.worksheets
      .getItem(pivotName)
      .pivotTables.add(pivotName, ctx.workbook.tables.getItem(name), `'${pivotName}'!A1`);
    pivot.dataHierarchies.add(pivot.hierarchies.getItem("revenue"));
  });
}

/** The pivot's data cells, summed (its one data field, no row field: the grand total). */
export function pivotTotal(host: WorkbookHost, pivotName: string): Promise<number> {
  return host.run(async (ctx) => {
    const r = ctx.workbook.pivotTables.getItem(pivotName).layout.getDataBodyRange().load("values");
    await ctx.sync();
    return r.values.flat().reduce((a: number, v) => a + (typeof v === "number" ? v : 0), 0);
  });
}

/** The sum of a column's numbers. */
export const columnTotal = (values: unknown[][], at: number): number =>
  values.reduce((a: number, r) => a + (typeof r[at] === "number" ? r[at] : 0), 0);

export const sameTotal = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** Body rows whose cell in the column headed `header` does not hold `formula` (the column missing: every row). */
export function rowsWithoutFormula(s: { headers: string[]; formulas: unknown[][] }, header: string, formula: string) {
  const at = s.headers.indexOf(header);
  return at < 0 ? s.formulas.length : s.formulas.filter((r) => r[at] !== formula).length;
}

// ---- the service's columns against a fresh pull ----

export interface Fresh {
  headers: string[];
  values: unknown[][];
}

/** What a fresh pull of `query` writes into a workbook of its own. */
export async function freshPull(deps: RefreshDeps, query: Query): Promise<Fresh> {
  const h = createWorkbookHost();
  const r = await pullTable({ ...deps, run: h.run }, query, {
    destination: { kind: "new-sheet" },
    rolling: false,
    select: false,
  });
  return readTable(h.run, r.write.tableName);
}

/** The sort Excel remembers for a table. */
export const sortOf = (host: WorkbookHost, name: string) =>
  host.run(async (ctx) => {
    const sort = ctx.workbook.tables.getItem(name).sort.load("fields,matchCase,method");
    await ctx.sync();
    return { fields: sort.fields, matchCase: sort.matchCase, method: sort.method };
  });

/** A fresh pull of `query`, sorted by `fields` as a user would sort it. */
export async function freshPullSorted(deps: RefreshDeps, query: Query, fields: Excel.SortField[]): Promise<Fresh> {
  const h = createWorkbookHost();
  const r = await pullTable({ ...deps, run: h.run }, query, {
    destination: { kind: "new-sheet" },
    rolling: false,
    select: false,
  });
  await act(h, (ctx) => ctx.workbook.tables.getItem(r.write.tableName).sort.apply(fields));
  return readTable(h.run, r.write.tableName);
}

/**
 * Cells of the fresh pull's columns that the stored table does not hold, column by column (a column found by
 * `at`, -1 when it is not there: all its cells), over the rows of both (a missing or extra row counts).
 */
export function serviceDiff(
  stored: unknown[][],
  fresh: Fresh,
  at: (field: string) => number,
): { cells: number; fields: string[] } {
  let cells = 0;
  const fields: string[] = [];
  const rows = Math.max(stored.length, fresh.values.length);
  fresh.headers.forEach((field, k) => {
    const j = at(field);
    let n = 0;
    for (let i = 0; i < rows; i++) {
      const want = fresh.values[i]?.[k];
      if (j < 0 || want !== stored[i]?.[j]) n++;
    }
    if (n > 0) fields.push(`${field} (${n})`);
    cells += n;
  });
  return { cells, fields };
}

export async function recordOf(host: WorkbookHost, name: string): Promise<RefreshableTable | undefined> {
  return (await readManagedTables(host.run)).tables.find((t) => t.tableName === name) as RefreshableTable | undefined;
}

/**
 * The service columns of the table (each found by the TableColumn.id its record keeps) against a fresh pull of
 * `query`, from body row `from` of the table on.
 */
export async function serviceProblems(w: World, name: string, query: Query, from = 0): Promise<string[]> {
  const record = await recordOf(w.host, name);
  if (!record) return [`no saved query for "${name}"`];
  if (!record.columns) return [`the saved query of "${name}" keeps no column ids`];
  const s = await tableState(w.host, name);
  const fresh = await freshPull(w.deps, query);
  const byField = new Map(record.columns.map((c) => [c.field, s.ids.indexOf(c.id)]));
  const d = serviceDiff(s.values.slice(from), fresh, (f) => byField.get(f) ?? -1);
  return d.cells === 0 ? [] : [`service cells unlike a fresh pull: ${d.fields.join(", ")}`];
}

/** The refreshed table's service columns equal a fresh pull of its query up to the refresh's today. */
export const fresh = (w: World, r: Refreshed, name = w.name) =>
  serviceProblems(w, name, { ...w.kind.query, to: r.today });

export const refreshed = (r: Refreshed): string[] =>
  r.outcome.status === "refreshed" ? [] : [`status ${r.outcome.status}: ${r.outcome.error ?? ""}`];

export const must = (ok: boolean, what: string): string[] => (ok ? [] : [what]);

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A row's key: the period (first column) and the key fields, as headed in the state. */
export const keysOf = (s: State, keys: string[]): string[] => {
  const at = [0, ...keys.map((k) => s.headers.indexOf(k))];
  return s.values.map((r) => JSON.stringify(at.map((i) => r[i])));
};

// ---- the user's rows inside the table ----

/** A row of a data answer as the service sends it. */
export type ServiceRow = Record<string, unknown>;

/** The day of a row's period field (the value that reads as a timestamp). */
export const dayOf = (row: ServiceRow): string | undefined => {
  for (const v of Object.values(row)) if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 10);
  return undefined;
};

/** `fetch` with the service's data answers changed by `change` (rows dropped). */
export function changedFetch(change: (rows: ServiceRow[]) => ServiceRow[]): typeof fetch {
  return async (input, init) => {
    const answer = await fetch(input, init);
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    if (!answer.ok || !url.pathname.endsWith("/data")) return answer;
    const rows = change((await answer.json()) as ServiceRow[]);
    return new Response(JSON.stringify(rows), { status: answer.status, headers: answer.headers });
  };
}

/** The first period of the window a refresh after TODAY rewrites (7 days before the last read). */
export const WINDOW: IsoDate = "2026-11-16";

/** A user's row like `like` (its period and store), SKU `sku`, revenue `revenue`: an adjustment. */
export function userRow(
  headers: string[],
  like: unknown[],
  sku: string,
  revenue: number,
  day?: IsoDate,
): (string | number)[] {
  return headers.map((h, k) => {
    if (h === "sku") return sku;
    if (h === "revenue") return revenue;
    if (h === "units") return 0;
    if (k === 0) return day ? excelSerial(day) : (like[k] as number);
    if (h === "store_id") return like[k] as number;
    return typeof like[k] === "string" ? "Adjustment" : "";
  });
}

/** Body index of the first and last rows of the period that starts on `day`. */
export function periodRows(values: unknown[][], day: IsoDate): { first: number; last: number } {
  const p = excelSerial(day);
  const first = values.findIndex((r) => r[0] === p);
  let last = first;
  while (values[last + 1]?.[0] === p) last++;
  return { first, last };
}

/** Inserts rows into the table at body index `at`, as Insert > Table Rows Above does. */
export const insertRows = (w: World, at: number, rows: (string | number)[][]) =>
  act(w.host, (ctx) => void ctx.workbook.tables.getItem(w.name).rows.add(at, rows));

const isUsers = (s: State) => (row: unknown[]) => String(row[s.headers.indexOf("sku")]).startsWith("ADJ");

/** The service's rows of the table (the user's taken out) against a fresh pull. */
export async function freshBesides(w: World, r: Refreshed): Promise<string[]> {
  const record = await recordOf(w.host, w.name);
  if (!record?.columns) return ["no saved query with column ids"];
  const s = await tableState(w.host, w.name);
  const want = await freshPull(w.deps, { ...w.kind.query, to: r.today });
  const byField = new Map(record.columns.map((c) => [c.field, s.ids.indexOf(c.id)]));
  const d = serviceDiff(
    s.values.filter((row) => !isUsers(s)(row)),
    want,
    (f) => byField.get(f) ?? -1,
  );
  return d.cells === 0 ? [] : [`service cells unlike a fresh pull: ${d.fields.join(", ")}`];
}

/** The user's rows of the table, as they stand: [body index, row]. */
export async function usersRows(w: World): Promise<[number, unknown[]][]> {
  const s = await tableState(w.host, w.name);
  return s.values.flatMap((row, i): [number, unknown[]][] => (isUsers(s)(row) ? [[i, row]] : []));
}

/** "ADJ, 16-22 Nov", at a store "ADJ / 1002, 16 Nov". */
export const named = (sku: string, kind: Kind) =>
  new RegExp(`${sku}(?: / \\d+)?, ${kind.label === "weekly SKU" ? "16-22 Nov" : "16 Nov"}`);
