// refresh.user_scenarios_kept / _total: what people do around a managed table (issue 12, section 2; design
// notes, "What users do to the tables"), each point as one scenario, for a weekly SKU table and a daily store
// table, against the simulator (started in-process, over HTTP) and the in-memory workbook host.
//
// A scenario: Get data (rolling) into a new workbook, the user's `setup`, the service's clock moves (recent days
// revised, new periods), Refresh all, then `check`. A scenario is kept when `check` finds nothing: the service
// columns equal a fresh pull of the same query cell by cell (wherever the refresh writes; found by the recorded
// TableColumn.id, so under the user's header and in the user's order), and the user's part is as the point says.
// Each check returns what it found wrong, so a drop in the figure is explained by name (printed to stderr).
//
// Also used by the 60-day drift run (refresh.bench.ts): a calculated column, a pivot, and the service columns
// compared by header.
import { createWorkbookHost, type WorkbookHost } from "../workbook-host";
import { startSimulator, type RunningSimulator } from "../simulator";
import { createClient } from "../../src/api";
import { addDays, type IsoDate } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import type { Query } from "../../src/core/query/query";
import { readManagedTables, readTable } from "../../src/excel";
import { changesText } from "../../src/core/refresh/revisions";
import {
  pullTable,
  refreshAllTables,
  refreshTable,
  rowsText,
  type RefreshDeps,
  type RefreshOutcome,
  type RefreshSummary,
  type RefreshableTable,
} from "../../src/refresh";
import { asQuery } from "./support";

/** The calculated column every scenario table and drift table gets (a structured reference to two service columns). */
export const CALC = "=[@revenue]/[@units]";
export const CALC_HEADER = "per unit";

const TODAY: IsoDate = "2026-11-23"; // a Monday

interface Kind {
  label: "weekly SKU" | "daily store";
  query: Query;
  /** The service's today at the refresh: recent periods revised, new ones added. */
  next: IsoDate;
  /** What identifies a row with its period. */
  keys: string[];
}

const KINDS: Kind[] = [
  {
    label: "weekly SKU",
    query: asQuery({
      level: "sku",
      retailers: "northmart",
      timeframe: "weekly",
      metrics: "revenue,units",
      from: "2026-09-07",
      to: TODAY,
    }),
    next: "2026-12-02",
    keys: ["sku"],
  },
  {
    label: "daily store",
    query: asQuery({
      level: "store",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue,units",
      from: "2026-11-12",
      to: TODAY,
    }),
    next: "2026-11-25",
    keys: ["sku", "store_id"],
  },
];

interface World {
  host: WorkbookHost;
  deps: RefreshDeps;
  kind: Kind;
  /** The table Get data wrote. */
  name: string;
}

interface Refreshed {
  summary: RefreshSummary;
  /** The table's outcome (the workbook has one table). */
  outcome: RefreshOutcome;
  /** /api/data requests the refresh made. */
  fetched: number;
  /** The service's today at the refresh. */
  today: IsoDate;
}

interface Scenario<S> {
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
const scenario = <S>(s: Scenario<S>): Scenario<unknown> => s as Scenario<unknown>;

// ---- the workbook, as the user sees it ----

const letters = (i: number): string =>
  (i < 26 ? "" : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));
/** A1 address of a sheet cell (zero-based row and column). */
const cell = (sheet: string, row: number, col: number) => `'${sheet.replace(/'/g, "''")}'!${letters(col)}${row + 1}`;

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

type State = Awaited<ReturnType<typeof tableState>>;

/** The Total Row: on, directly under the body, its formulas (labels read as themselves). */
const totalRowOf = (host: WorkbookHost, name: string) =>
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

const act = (host: WorkbookHost, batch: (ctx: Excel.RequestContext) => void) =>
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
const sortOf = (host: WorkbookHost, name: string) =>
  host.run(async (ctx) => {
    const sort = ctx.workbook.tables.getItem(name).sort.load("fields,matchCase,method");
    await ctx.sync();
    return { fields: sort.fields, matchCase: sort.matchCase, method: sort.method };
  });

/** A fresh pull of `query`, sorted by `fields` as a user would sort it. */
async function freshPullSorted(deps: RefreshDeps, query: Query, fields: Excel.SortField[]): Promise<Fresh> {
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

async function recordOf(host: WorkbookHost, name: string): Promise<RefreshableTable | undefined> {
  return (await readManagedTables(host.run)).tables.find((t) => t.tableName === name) as RefreshableTable | undefined;
}

/**
 * The service columns of the table (each found by the TableColumn.id its record keeps) against a fresh pull of
 * `query`, from body row `from` of the table on.
 */
async function serviceProblems(w: World, name: string, query: Query, from = 0): Promise<string[]> {
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
const fresh = (w: World, r: Refreshed, name = w.name) => serviceProblems(w, name, { ...w.kind.query, to: r.today });

const refreshed = (r: Refreshed): string[] =>
  r.outcome.status === "refreshed" ? [] : [`status ${r.outcome.status}: ${r.outcome.error ?? ""}`];

const must = (ok: boolean, what: string): string[] => (ok ? [] : [what]);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A row's key: the period (first column) and the key fields, as headed in the state. */
const keysOf = (s: State, keys: string[]): string[] => {
  const at = [0, ...keys.map((k) => s.headers.indexOf(k))];
  return s.values.map((r) => JSON.stringify(at.map((i) => r[i])));
};

// ---- the user's rows inside the table (issue 38) ----

/** A row of a data answer as the service sends it. */
type ServiceRow = Record<string, unknown>;

/** The day of a row's period field (the value that reads as a timestamp). */
const dayOf = (row: ServiceRow): string | undefined => {
  for (const v of Object.values(row)) if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 10);
  return undefined;
};

/** `fetch` with the service's data answers changed by `change` (rows dropped). */
function changedFetch(change: (rows: ServiceRow[]) => ServiceRow[]): typeof fetch {
  return async (input, init) => {
    const answer = await fetch(input, init);
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    if (!answer.ok || !url.pathname.endsWith("/data")) return answer;
    const rows = change((await answer.json()) as ServiceRow[]);
    return new Response(JSON.stringify(rows), { status: answer.status, headers: answer.headers });
  };
}

/** The first period of the window a refresh after TODAY rewrites (7 days before the last read). */
const WINDOW: IsoDate = "2026-11-16";

/** A user's row like `like` (its period and store), SKU `sku`, revenue `revenue`: an adjustment. */
function userRow(headers: string[], like: unknown[], sku: string, revenue: number, day?: IsoDate): (string | number)[] {
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
function periodRows(values: unknown[][], day: IsoDate): { first: number; last: number } {
  const p = excelSerial(day);
  const first = values.findIndex((r) => r[0] === p);
  let last = first;
  while (values[last + 1]?.[0] === p) last++;
  return { first, last };
}

/** Inserts rows into the table at body index `at`, as Insert > Table Rows Above does. */
const insertRows = (w: World, at: number, rows: (string | number)[][]) =>
  act(w.host, (ctx) => void ctx.workbook.tables.getItem(w.name).rows.add(at, rows));

const isUsers = (s: State) => (row: unknown[]) => String(row[s.headers.indexOf("sku")]).startsWith("ADJ");

/** The service's rows of the table (the user's taken out) against a fresh pull. */
async function freshBesides(w: World, r: Refreshed): Promise<string[]> {
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
async function usersRows(w: World): Promise<[number, unknown[]][]> {
  const s = await tableState(w.host, w.name);
  return s.values.flatMap((row, i): [number, unknown[]][] => (isUsers(s)(row) ? [[i, row]] : []));
}

/** "ADJ, 16-22 Nov", at a store "ADJ / 1002, 16 Nov". */
const named = (sku: string, kind: Kind) =>
  new RegExp(`${sku}(?: / \\d+)?, ${kind.label === "weekly SKU" ? "16-22 Nov" : "16 Nov"}`);

const ROW_SCENARIOS: Scenario<unknown>[] = [
  scenario({
    name: "an adjustment row typed into a recent period: kept after that period's service rows, named, not removed nor revised",
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const { first } = periodRows(values, WINDOW);
      const row = userRow(headers, values[first], "ADJ", -512.34);
      await insertRows(w, first, [row]); // typed above the period's first row
      return row;
    },
    async check(w, row, r) {
      const mine = await usersRows(w);
      const s = await tableState(w.host, w.name);
      const at = mine[0]?.[0] ?? -1;
      return [
        ...refreshed(r),
        ...must(mine.length === 1 && same(mine[0][1], row), `the user's rows now ${JSON.stringify(mine)}`),
        ...must(
          s.values[at - 1]?.[0] === excelSerial(WINDOW) && (s.values[at + 1]?.[0] as number) > excelSerial(WINDOW),
          "not after its period's service rows",
        ),
        ...must(named("ADJ", w.kind).test(r.outcome.userRows?.text ?? ""), `said: ${r.outcome.userRows?.text}`),
        ...must(r.outcome.rowsRemoved === 0 && !r.outcome.losses, `${r.outcome.rowsRemoved} rows removed`),
        ...(await freshBesides(w, r)),
      ];
    },
  }),
  scenario({
    name: "an adjustment row before the window: left where it is, not named",
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const row = userRow(headers, values[0], "ADJ-OLD", -40);
      await insertRows(w, 1, [row]);
      return row;
    },
    async check(w, row, r) {
      const mine = await usersRows(w);
      return [
        ...refreshed(r),
        ...must(same(mine, [[1, row]]), `the user's rows now ${JSON.stringify(mine)}`),
        ...must(!r.outcome.userRows, `said: ${r.outcome.userRows?.text}`),
        ...(await freshBesides(w, r)),
      ];
    },
  }),
  scenario({
    name: "two rows of the user's in one period: both kept, in their order, after the period's rows",
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const { last } = periodRows(values, WINDOW);
      const rows = [userRow(headers, values[last], "ADJ", -10), userRow(headers, values[last], "ADJ", -20)];
      await insertRows(w, last + 1, rows);
      return rows;
    },
    async check(w, rows, r) {
      const mine = await usersRows(w);
      return [
        ...refreshed(r),
        ...must(
          same(
            mine.map(([, row]) => row),
            rows,
          ),
          `the user's rows now ${JSON.stringify(mine)}`,
        ),
        ...must(mine.length === 2 && mine[1][0] === mine[0][0] + 1, "not side by side"),
        ...must(r.outcome.userRows?.rows === 2, `said: ${r.outcome.userRows?.text}`),
        ...(await freshBesides(w, r)),
      ];
    },
  }),
  scenario({
    name: "a row of the user's with a service row's key: the service's, replaced, the key once",
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const { last } = periodRows(values, WINDOW);
      const sku = String(values[last][headers.indexOf("sku")]);
      await insertRows(w, last + 1, [userRow(headers, values[last], sku, -100)]);
    },
    async check(w, _, r) {
      return [
        ...refreshed(r),
        ...must(
          r.outcome.warnings.some((x) => x.startsWith("1 stored row repeated a row the service sends")),
          `warnings: ${r.outcome.warnings.join(" ")}`,
        ),
        ...must(!r.outcome.userRows && !r.outcome.losses, "kept as the user's, or lost"),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "a row of the user's in a period the service drops whole: held; refreshed anyway, it stays in its period",
    service: (rows) => rows.filter((row) => dayOf(row) !== WINDOW),
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const { last } = periodRows(values, WINDOW);
      const row = userRow(headers, values[last], "ADJ", -512.34);
      await insertRows(w, last + 1, [row]);
      return row;
    },
    async check(w, row, r) {
      const held = r.outcome.status === "kept" && !!r.outcome.losses?.held;
      const record = await recordOf(w.host, w.name);
      const anyway = record ? await refreshTable(w.deps, record, { anyway: true }) : undefined;
      const s = await tableState(w.host, w.name);
      const inPeriod = s.values.filter((x) => x[0] === excelSerial(WINDOW));
      return [
        ...must(held, `status ${r.outcome.status}, held ${r.outcome.losses?.held}`),
        ...must(anyway?.status === "refreshed", `refreshed anyway: ${anyway?.status} ${anyway?.error ?? ""}`),
        ...must(same(inPeriod, [row]), `that period now holds ${JSON.stringify(inPeriod)}`),
        ...must(named("ADJ", w.kind).test(anyway?.userRows?.text ?? ""), `said: ${anyway?.userRows?.text}`),
        ...(await freshBesides(w, r)),
      ];
    },
  }),
  scenario({
    name: "the service stops sending a SKU: its rows removed, named by key",
    service: (rows) => rows.filter((row) => !(String(row.sku) === "100006" && (dayOf(row) ?? "") >= WINDOW)),
    setup: async () => undefined,
    async check(w, _, r) {
      const text = r.outcome.losses?.text ?? "";
      return [
        ...refreshed(r),
        ...must(/removed from the table: 100006[ ,/]/.test(text), `losses: ${text}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "refreshed twice on one day: the second says no change, each metric by name",
    setup: async () => undefined,
    async check(w, _, r) {
      const again = (await refreshAllTables(w.deps)).outcomes[0];
      const said = rowsText(again);
      const changes = changesText(again.changes);
      return [
        ...refreshed(r),
        ...must(/^No change: \d+ rows re-read, all as before$/.test(said), `said: ${said}`),
        ...must(/^revenue, [^:]+: no change; units, [^:]+: no change$/.test(changes), `changes: ${changes}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "sorted by revenue, then filtered: refreshed, sorted and filtered again as the user left it",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const key = w.kind.keys[0];
      const shown = [...new Set(s.values.map((row) => String(row[s.headers.indexOf(key)])))].slice(0, 2);
      const fields = [{ key: s.headers.indexOf("revenue"), ascending: false }];
      await act(w.host, (ctx) => {
        const table = ctx.workbook.tables.getItem(w.name);
        table.sort.apply(fields);
        table.columns.getItem(key).filter.applyValuesFilter(shown);
      });
      return {
        shown,
        fields,
        remembered: await sortOf(w.host, w.name),
        criteria: (await tableState(w.host, w.name)).criteria,
      };
    },
    async check(w, f, r) {
      const s = await tableState(w.host, w.name);
      const want = await freshPullSorted(w.deps, { ...w.kind.query, to: r.today }, f.fields);
      const d = serviceDiff(s.values, want, (field) => s.headers.indexOf(field));
      const keyAt = s.headers.indexOf(w.kind.keys[0]);
      const wrong = s.values.filter((row, i) => s.hidden[i] === f.shown.includes(String(row[keyAt]))).length;
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(same(await sortOf(w.host, w.name), f.remembered), "the user's sort is not the one remembered"),
        ...must(s.criteria === f.criteria, `criteria now ${s.criteria}`),
        ...must(wrong === 0, `${wrong} rows shown or hidden against the filter`),
        ...must(d.cells === 0, `cells unlike a fresh pull sorted the same way: ${d.fields.join(", ")}`),
      ];
    },
  }),
  scenario({
    name: "hidden column, column width, frozen panes: as the user left them",
    async setup(w) {
      await act(w.host, (ctx) => {
        const table = ctx.workbook.tables.getItem(w.name);
        table.columns.getItem("units").getRange().columnHidden = true;
        table.columns.getItem("revenue").getRange().format.columnWidth = 90;
        // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read -- a navigation property, not a read
        const sheet = table.worksheet;
        sheet.freezePanes.freezeRows(1);
        sheet.freezePanes.freezeColumns(2);
      });
      const s = await tableState(w.host, w.name);
      const sheet = w.host.snapshot().sheets.find((x) => x.name === s.sheet)!;
      return {
        hidden: sheet.hiddenColumns,
        widths: sheet.columnWidths,
        frozen: [sheet.frozenRows, sheet.frozenColumns],
      };
    },
    async check(w, before, r) {
      const s = await tableState(w.host, w.name);
      const sheet = w.host.snapshot().sheets.find((x) => x.name === s.sheet)!;
      const now = {
        hidden: sheet.hiddenColumns,
        widths: sheet.columnWidths,
        frozen: [sheet.frozenRows, sheet.frozenColumns],
      };
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(same(now, before), `now ${JSON.stringify(now)}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "validation and a conditional format on revenue: kept, and on every new row",
    async setup(w) {
      await act(w.host, (ctx) => {
        const column = ctx.workbook.tables.getItem(w.name).columns.getItem("revenue").getDataBodyRange();
        column.dataValidation.rule = {
          decimal: { formula1: 0, operator: "GreaterThanOrEqualTo" },
        } as Excel.DataValidationRule;
        const cf = column.conditionalFormats.add("CellValue");
        cf.cellValue.rule = { formula1: "=1000", operator: "GreaterThan" };
        cf.cellValue.format.fill.color = "#FFC7CE";
      });
      return (await tableState(w.host, w.name)).values.length;
    },
    async check(w, rowsBefore, r) {
      const s = await tableState(w.host, w.name);
      const sheet = w.host.snapshot().sheets.find((x) => x.name === s.sheet)!;
      const col = letters(s.left + s.headers.indexOf("revenue"));
      const body = `${col}${s.top + 1}:${col}${s.top + s.values.length}`;
      return [
        ...refreshed(r),
        ...must(s.values.length > rowsBefore, "no rows added"),
        ...must(
          same(
            sheet.validations?.map((v) => v.address),
            [body],
          ),
          `validation on ${JSON.stringify(sheet.validations)}`,
        ),
        ...must(
          same(
            sheet.conditionalFormats?.map((f) => f.ranges),
            [body],
          ),
          `conditional format on ${JSON.stringify(sheet.conditionalFormats?.map((f) => f.ranges))}`,
        ),
        ...(await fresh(w, r)),
      ];
    },
  }),
];

// ---- the points ----

const SCENARIOS: Scenario<unknown>[] = [
  scenario({
    name: "calculated column: its formula in every row, replaced and added rows too",
    setup: (w) => addCalculatedColumn(w.host, w.name),
    async check(w, _, r) {
      const s = await tableState(w.host, w.name);
      const without = rowsWithoutFormula(s, CALC_HEADER, CALC);
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsReplaced > 0 && r.outcome.rowsAdded > 0, "no rows replaced and added"),
        ...must(without === 0, `${without} rows without the formula`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "typed notes: kept by row key",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const col = s.left + s.headers.length;
      const at = (i: number) => cell(s.sheet, s.top + i, col);
      const last = s.values.length - 1;
      w.host.typeCell(cell(s.sheet, s.headerRow, col), "note");
      w.host.typeCell(at(0), "first row: settled");
      w.host.typeCell(at(last - 12), "'=looks like a formula");
      w.host.typeCell(at(last - 1), 42);
      w.host.typeCell(at(last), "promo");
      const before = await tableState(w.host, w.name);
      const noteAt = before.headers.indexOf("note");
      return new Map(keysOf(before, w.kind.keys).map((k, i) => [k, before.formulas[i][noteAt]]));
    },
    async check(w, notes, r) {
      const s = await tableState(w.host, w.name);
      const noteAt = s.headers.indexOf("note");
      const keys = keysOf(s, w.kind.keys);
      const wrong = keys.filter((k, i) => s.formulas[i][noteAt] !== (notes.get(k) ?? "")).length;
      const typed = [...notes.values()].filter((v) => v !== "");
      const kept = s.formulas.map((row) => row[noteAt]).filter((v) => v !== "");
      return [
        ...refreshed(r),
        ...must(wrong === 0, `${wrong} rows whose note is not the one their key had`),
        ...must(
          same([...kept].sort(), [...typed].sort()),
          `notes ${JSON.stringify(typed)} became ${JSON.stringify(kept)}`,
        ),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "a note and a total typed under the table: moved down with it as it grows",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const under = s.top + s.values.length + 1; // one empty row between
      w.host.typeCell(cell(s.sheet, under, s.left + 1), "checked by Ann");
      w.host.typeCell(cell(s.sheet, under + 1, s.left + 1), `=SUM(${w.name}[revenue])`);
      return s.values.length;
    },
    async check(w, rowsBefore, r) {
      const s = await tableState(w.host, w.name);
      const under = s.top + s.values.length + 1;
      const cells = w.host.snapshot().sheets.find((x) => x.name === s.sheet)!.cells;
      const at = (row: number) => cells.find((c) => c.row === row && c.column === s.left + 1);
      return [
        ...refreshed(r),
        ...must(s.values.length > rowsBefore + 1, "the table did not grow over the note's row"),
        ...must(at(under)?.value === "checked by Ann", "the note is not one empty row under the table"),
        ...must(at(under + 1)?.formula === `=SUM(${w.name}[revenue])`, "the total is not under the note"),
        ...must(cells.filter((c) => c.value === "checked by Ann").length === 1, "the note is not there once"),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "renamed service header: still filled, under the user's header",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      w.host.typeCell(cell(s.sheet, s.headerRow, s.left + s.headers.indexOf("revenue")), "Revenue GBP");
      return (await tableState(w.host, w.name)).headers;
    },
    async check(w, headers, r) {
      const s = await tableState(w.host, w.name);
      return [
        ...refreshed(r),
        ...must(same(s.headers, headers), `headers ${JSON.stringify(s.headers)}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "moved service column: still filled where it is",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      w.host.moveTableColumn(w.name, s.headers.indexOf("units"), 1);
      const after = await tableState(w.host, w.name);
      return { headers: after.headers, ids: after.ids };
    },
    async check(w, before, r) {
      const s = await tableState(w.host, w.name);
      return [
        ...refreshed(r),
        ...must(same({ headers: s.headers, ids: s.ids }, before), `columns now ${JSON.stringify(s.headers)}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "active filter: in force afterwards, every row (hidden too) equal to the service",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const key = w.kind.keys[0];
      const shown = [...new Set(s.values.map((r) => String(r[s.headers.indexOf(key)])))].slice(0, 2);
      await act(w.host, (ctx) =>
        ctx.workbook.tables.getItem(w.name).columns.getItem(key).filter.applyValuesFilter(shown),
      );
      return { shown, criteria: (await tableState(w.host, w.name)).criteria };
    },
    async check(w, f, r) {
      const s = await tableState(w.host, w.name);
      const keyAt = s.headers.indexOf(w.kind.keys[0]);
      const wrong = s.values.filter((row, i) => s.hidden[i] === f.shown.includes(String(row[keyAt]))).length;
      return [
        ...refreshed(r),
        ...must(s.criteria === f.criteria, `criteria now ${s.criteria}`),
        ...must(
          s.hidden.some((h) => h),
          "no row hidden",
        ),
        ...must(wrong === 0, `${wrong} rows shown or hidden against the filter`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "pivot on the table: refreshed, its total the table's",
    setup: (w) => addPivot(w.host, w.name, "Report"),
    async check(w, _, r) {
      const s = await tableState(w.host, w.name);
      const table = columnTotal(s.values, s.headers.indexOf("revenue"));
      const pivot = await pivotTotal(w.host, "Report");
      return [
        ...refreshed(r),
        ...must(r.outcome.pivotsRefreshed === 1, `${r.outcome.pivotsRefreshed} pivots refreshed`),
        ...must(sameTotal(pivot, table), `pivot total ${pivot}, table total ${table}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "protected sheet: refused, nothing fetched, the table unchanged",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      await act(w.host, (ctx) => ctx.workbook.worksheets.getItem(s.sheet).protection.protect());
      return s;
    },
    async check(w, before, r) {
      const s = await tableState(w.host, w.name);
      return [
        ...must(r.outcome.status === "failed", `status ${r.outcome.status}`),
        ...must(
          (r.outcome.error ?? "").startsWith(
            `The sheet "${before.sheet}" is protected, so "${w.name}" cannot be refreshed`,
          ),
          `error: ${r.outcome.error}`,
        ),
        ...must(r.fetched === 0, `${r.fetched} data requests`),
        ...must(same(s, before), "the table changed"),
      ];
    },
  }),
  scenario({
    name: "renamed table: followed",
    setup: (w) => act(w.host, (ctx) => void (ctx.workbook.tables.getItem(w.name).name = "Finance_view")),
    async check(w, _, r) {
      return [
        ...refreshed(r),
        ...must(r.outcome.tableName === "Finance_view", `outcome names "${r.outcome.tableName}"`),
        ...(await fresh(w, r, "Finance_view")),
      ];
    },
  }),
  scenario({
    name: "renamed sheet: followed",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      await act(w.host, (ctx) => void (ctx.workbook.worksheets.getItem(s.sheet).name = "Finance"));
    },
    async check(w, _, r) {
      const record = await recordOf(w.host, w.name);
      return [
        ...refreshed(r),
        ...must(r.outcome.sheet === "Finance", `outcome names sheet "${r.outcome.sheet}"`),
        ...must(record?.sheet === "Finance", `record names sheet "${record?.sheet}"`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "deleted table: reported by name",
    setup: (w) => act(w.host, (ctx) => ctx.workbook.tables.getItem(w.name).delete()),
    async check(w, _, r) {
      return [
        ...must(r.outcome.status === "failed", `status ${r.outcome.status}`),
        ...must(
          (r.outcome.error ?? "").includes(`The table "${w.name}" is no longer in this workbook`),
          `error: ${r.outcome.error}`,
        ),
        ...must(r.fetched === 0, `${r.fetched} data requests`),
      ];
    },
  }),
  scenario({
    name: "deleted SKU column (a key): refused by name, nothing fetched or written",
    async setup(w) {
      await act(w.host, (ctx) => ctx.workbook.tables.getItem(w.name).columns.getItem("sku").delete());
      return JSON.stringify(w.host.snapshot().sheets);
    },
    async check(w, sheets, r) {
      return [
        ...must(r.outcome.status === "failed", `status ${r.outcome.status}`),
        ...must(
          (r.outcome.error ?? "").startsWith(`The column "sku" was deleted from "${w.name}". Refresh finds the rows`),
          `error: ${r.outcome.error}`,
        ),
        ...must(r.fetched === 0, `${r.fetched} data requests`),
        ...must(JSON.stringify(w.host.snapshot().sheets) === sheets, "the workbook's sheets changed"),
      ];
    },
  }),
  scenario({
    name: "deleted units column: the other columns refreshed, units named, Stop asking offered",
    setup: (w) => act(w.host, (ctx) => ctx.workbook.tables.getItem(w.name).columns.getItem("units").delete()),
    async check(w, _, r) {
      const s = await tableState(w.host, w.name);
      const want = await freshPull(w.deps, { ...w.kind.query, metrics: ["revenue"], to: r.today });
      const d = serviceDiff(s.values, want, (field) => s.headers.indexOf(field));
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(
          r.outcome.warnings.includes("units is no longer in the table; the other columns were refreshed."),
          `warnings: ${r.outcome.warnings.join(" ")}`,
        ),
        ...must(
          same(r.outcome.deletedMetrics, ["units"]),
          `deletedMetrics ${JSON.stringify(r.outcome.deletedMetrics)}`,
        ),
        ...must(same(s.headers, want.headers), `headers ${JSON.stringify(s.headers)}`),
        ...must(d.cells === 0, `cells unlike a fresh pull of revenue: ${d.fields.join(", ")}`),
      ];
    },
  }),
  scenario({
    name: "revenue formatted £#,##0 by the user: the new rows take it, units keeps the add-in's #,##0",
    async setup(w) {
      await act(w.host, (ctx) => {
        const column = ctx.workbook.tables.getItem(w.name).columns.getItem("revenue").getDataBodyRange();
        column.numberFormat = "£#,##0" as unknown as string[][];
        column.getCell(0, 0).numberFormat = [["0.0"]]; // one cell apart: no one format Excel would extend itself
      });
      return (await tableState(w.host, w.name)).values.length;
    },
    async check(w, rowsBefore, r) {
      const s = await tableState(w.host, w.name);
      const formats = await bodyFormats(w.host, w.name);
      const added = formats.slice(rowsBefore);
      const wrong = added.filter(
        (f) => f[s.headers.indexOf("revenue")] !== "£#,##0" || f[s.headers.indexOf("units")] !== "#,##0",
      ).length;
      return [
        ...refreshed(r),
        ...must(added.length > 0, "no rows added"),
        ...must(wrong === 0, `${wrong} new rows without the user's revenue format or the add-in's units format`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "Total Row on, with the user's label and an average: still on and last, both kept, new rows above it",
    async setup(w) {
      await act(w.host, (ctx) => {
        const table = ctx.workbook.tables.getItem(w.name);
        table.showTotals = true;
        table.getTotalRowRange().getCell(0, 0).values = [["All rows"]];
        table.columns.getItem("revenue").getTotalRowRange().formulas = [["=SUBTOTAL(101,[revenue])"]];
      });
      return (await totalRowOf(w.host, w.name)).formulas;
    },
    async check(w, formulas, r) {
      const t = await totalRowOf(w.host, w.name);
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(t.on && t.last, `Total Row on: ${t.on}, directly under the body: ${t.last}`),
        ...must(same(t.formulas, formulas), `Total Row now ${JSON.stringify(t.formulas)}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "sorted by revenue, largest first: refreshed in date order, sorted again as the user left it",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const fields = [{ key: s.headers.indexOf("revenue"), ascending: false }];
      await act(w.host, (ctx) => ctx.workbook.tables.getItem(w.name).sort.apply(fields));
      return { fields, remembered: await sortOf(w.host, w.name) };
    },
    async check(w, f, r) {
      const s = await tableState(w.host, w.name);
      const want = await freshPullSorted(w.deps, { ...w.kind.query, to: r.today }, f.fields);
      const d = serviceDiff(s.values, want, (field) => s.headers.indexOf(field));
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(same(await sortOf(w.host, w.name), f.remembered), "the user's sort is not the one remembered"),
        ...must(d.cells === 0, `cells unlike a fresh pull sorted the same way: ${d.fields.join(", ")}`),
      ];
    },
  }),
  scenario({
    name: "refreshed 20 days later: the days read while provisional that cannot be re-read, said once and kept on the card",
    only: "daily store",
    today: () => addDays(TODAY, 20),
    setup: (w) => tableState(w.host, w.name),
    async check(w, before, r) {
      const said =
        "16-22 Nov were read while still provisional and can no longer be re-read; they may differ from the " +
        "retailer's final figures by up to about 1%.";
      const record = await recordOf(w.host, w.name);
      const s = await tableState(w.host, w.name);
      const times = r.outcome.warnings.filter((x) => x.includes("provisional")).length;
      return [
        ...refreshed(r),
        ...must(times === 1 && r.outcome.warnings.includes(said), `warnings: ${r.outcome.warnings.join(" ")}`),
        ...must(
          same(record?.provisional, [{ from: "2026-11-16", to: "2026-11-22" }]),
          `record: ${JSON.stringify(record?.provisional)}`,
        ),
        ...must(same(s.formulas.slice(0, before.formulas.length), before.formulas), "older rows changed"),
      ];
    },
  }),
  scenario({
    name: "manual calculation: said in the summary",
    setup: (w) =>
      act(w.host, (ctx) => void (ctx.workbook.application.calculationMode = "Manual" as Excel.CalculationMode)),
    async check(w, _, r) {
      return [
        ...refreshed(r),
        ...must(/Calculation in this workbook is manual/.test(r.summary.message), `summary: ${r.summary.message}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "not refreshed for 40 days: the missing dates named, nothing older lost",
    only: "daily store",
    today: () => addDays(TODAY, 40),
    setup: (w) => tableState(w.host, w.name),
    async check(w, before, r) {
      const window = r.outcome.window;
      if (!window) return [`no window read: ${r.outcome.error ?? r.outcome.status}`];
      // The table ends on 22 Nov; the service keeps 14 days of store-level data, so 23 Nov to 18 Dec is gone.
      const gap = { from: "2026-11-23", to: "2026-12-18" };
      const s = await tableState(w.host, w.name);
      const kept = s.values.filter((row) => (row[0] as number) < excelSerial(window.from)).length;
      return [
        ...refreshed(r),
        ...must(window.from === addDays(r.today, -14), `window from ${window.from}`),
        ...must(same(r.outcome.gaps, [gap]), `gaps ${JSON.stringify(r.outcome.gaps)}`),
        ...must(
          /23 Nov to 18 Dec 2026/.test(`${r.outcome.warnings.join(" ")} ${r.summary.message}`),
          `warnings: ${r.outcome.warnings.join(" ")}`,
        ),
        ...must(same(s.formulas.slice(0, kept), before.formulas), "older rows changed"),
        ...(await serviceProblems(w, w.name, { ...w.kind.query, from: window.from, to: r.today }, kept)),
      ];
    },
  }),
  ...ROW_SCENARIOS,
];

/** One scenario for one kind of table, in a new workbook; what is wrong (nothing: kept). */
async function runOne(sim: RunningSimulator, sc: Scenario<unknown>, kind: Kind): Promise<string[]> {
  const client = createClient({ baseUrl: sim.url, apiKey: sim.apiKey, today: () => sim.simulator.today() });
  sim.simulator.setToday(TODAY);
  const host = createWorkbookHost();
  const deps: RefreshDeps = { run: host.run, client, today: () => sim.simulator.today() };
  // From the refresh on, the service's answers as the scenario has them (a fresh pull to compare with too).
  const changed = sc.service
    ? createClient({
        baseUrl: sim.url,
        apiKey: sim.apiKey,
        today: () => sim.simulator.today(),
        fetch: changedFetch(sc.service),
      })
    : undefined;
  const pulled = await pullTable(deps, kind.query, {
    destination: { kind: "new-sheet" },
    rolling: true,
    select: false,
  });
  const w: World = { host, deps, kind, name: pulled.write.tableName };
  const state = await sc.setup(w);
  if (changed) deps.client = changed;
  const today = sc.today?.(kind) ?? kind.next;
  sim.simulator.setToday(today);
  const requests = sim.simulator.requestCount("/api/data");
  const summary = await refreshAllTables(deps);
  const fetched = sim.simulator.requestCount("/api/data") - requests;
  if (summary.outcomes.length !== 1) return [`${summary.outcomes.length} outcomes`];
  return sc.check(w, state, { summary, outcome: summary.outcomes[0], fetched, today });
}

/**
 * Every scenario for each kind of table it is for. Scale: the simulator with 6 SKUs and 4 stores (the weekly
 * SKU table 72 rows, the daily store table 288), as in test/refresh.
 */
export async function userScenarios(): Promise<{ kept: number; total: number; failed: string[] }> {
  const sim = await startSimulator({ port: 0, today: TODAY, skus: 6, stores: 4 });
  const failed: string[] = [];
  let kept = 0;
  let total = 0;
  try {
    for (const kind of KINDS) {
      for (const sc of SCENARIOS) {
        if (sc.only && sc.only !== kind.label) continue;
        total++;
        let problems: string[];
        try {
          problems = await runOne(sim, sc, kind);
        } catch (err) {
          problems = [`threw: ${err instanceof Error ? err.message : String(err)}`];
        }
        if (problems.length === 0) kept++;
        else failed.push(`${kind.label} table, ${sc.name}: ${problems.join("; ")}`);
      }
    }
  } finally {
    await sim.close();
  }
  return { kept, total, failed };
}
