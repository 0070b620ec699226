// refresh.*: the proof, as figures, on the simulator's clock and the in-memory workbook host.
//
// Scale (to stay within ~3 minutes on a 2-core machine): the simulator runs with 8 SKUs and 6 stores per
// retailer-size unit (northmart: 6 stores), so a daily SKU table has 8 rows a day and a weekly store table
// 48 rows a week. The 500,000-row table is 1,000 SKUs x 500 days (date, sku, name, revenue, units).
//
// - refresh.drift_cells_after_60_days: a daily and a weekly SKU table and a weekly store table, pulled, then
//   the clock moves one day at a time for 60 days with a refresh each day (run 1), and again with the weekly
//   tables refreshed on Mondays only (run 2); at the end each table is compared cell by cell with a fresh full
//   pull of its query. Each table has what a user builds on it: a calculated column (=[@revenue]/[@units]) and
//   a pivot summing revenue. The service columns are compared by header with the fresh pull's; a row without
//   the calculated column's formula and a pivot whose total is not its table's count as drift cells too. The
//   figure is the sum over both runs (goal 0).
// - refresh.append_only_drift_cells: run 1 again, on plain tables, where each refresh only appends new periods.
// - refresh.cells_written_vs_window: cells whose values or formulas the host wrote during the refresh of the
//   500,000-row daily table, divided by the cells of the window it rewrote (goal at most 1.2);
//   refresh.cells_and_formats_written_vs_window counts number-format writes too.
// - refresh.bytes_vs_window: bytes sent to Excel for that refresh (every sync's request) divided by the JSON
//   bytes of the window's rows.
// - refresh.failure_points_survived / _total: each sync of a refresh failed in turn, before and after each of
//   its actions, for a growing, a shrinking and a staged (multi-sync) refresh, one with a note below the table
//   and two with a row of the user's in the window (the record of the keys written goes with the rows in the
//   commit); survived = no row before the window lost, the table holds the old or the new window (the user's row
//   in both), and a re-run gives the exact expected table (the user's row kept in its place).
// - refresh.user_scenarios_kept / _total: what people do around a table (userScenarios.ts), one scenario per
//   point for a weekly SKU and a daily store table; each scenario not kept is named on stderr.
import { createWorkbookHost, type WorkbookHost } from "../workbook-host";
import { startSimulator } from "../simulator";
import { createClient, type SalesClient } from "../../src/api";
import { addDays, type IsoDate } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import type { Query } from "../../src/core/query/query";
import { periodEnd, type WindowRule } from "../../src/core/refresh/refreshWindow";
import { readManagedTables, readTable } from "../../src/excel";
import {
  pullTable,
  refreshTable,
  type RefreshDeps,
  type RefreshOutcome,
  type RefreshableTable,
} from "../../src/refresh";
import { readForRefresh } from "../../src/refresh/readForRefresh";
import { refreshOutcome } from "../../src/refresh/refreshOutcome";
import { writeForRefresh } from "../../src/refresh/writeForRefresh";
import type { Report } from "./run";
import { asQuery } from "./support";
import {
  addCalculatedColumn,
  addPivot,
  CALC,
  CALC_HEADER,
  columnTotal,
  pivotTotal,
  rowsWithoutFormula,
  sameTotal,
  serviceDiff,
  tableState,
} from "./scenarioWorld";
import { userScenarios } from "./userScenarios";

const START = "2026-09-01"; // a Tuesday
const DAYS = 60;

async function records(run: WorkbookHost["run"]): Promise<RefreshableTable[]> {
  return (await readManagedTables(run)).tables as RefreshableTable[];
}

/** The contrast: a refresh that only appends the periods after the last stored one and never rewrites a stored row. */
const appendOnly: WindowRule = ({ storedPeriods, timeframe, from: queryFrom, to: queryTo, rolling, today }) => {
  // Stored periods are ISO days ("2026-09-01"), which sort as text.
  let last: IsoDate | null = null;
  for (const p of storedPeriods) if (p !== null && (last === null || p > last)) last = p;
  const from = last === null ? queryFrom : periodEnd(last, timeframe);
  const to = rolling ? today : queryTo;
  return from > to
    ? { kind: "nothing", reason: "No new periods yet.", start: from, to }
    : { kind: "window", from, to, start: from };
};

/**
 * A refresh over the append-only window: the refresh's own steps (fetch and check, the plan, the safe rewrite, the
 * record), the window worked out by `appendOnly` instead of refreshWindow.
 */
async function refreshAppendOnly(deps: RefreshDeps, t: RefreshableTable): Promise<RefreshOutcome> {
  return refreshOutcome(await writeForRefresh(deps, await readForRefresh(deps, t, {}, appendOnly)));
}

function diffCells(a: unknown[][], b: unknown[][]): number {
  let n = 0;
  const rows = Math.max(a.length, b.length);
  for (let i = 0; i < rows; i++) {
    const x = a[i] ?? [];
    const y = b[i] ?? [];
    const cols = Math.max(x.length, y.length);
    for (let j = 0; j < cols; j++) if (x[j] !== y[j]) n++;
  }
  return n;
}

async function driftRun(
  client: SalesClient,
  setToday: (d: string) => void,
  today: () => string,
  mode: { appendOnly: boolean; weeklyOnMondays: boolean; plain?: boolean },
): Promise<number> {
  setToday(START);
  const host = createWorkbookHost();
  const deps: RefreshDeps = { run: host.run, client, today };
  const queries: Query[] = [
    asQuery({
      level: "sku",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue,units,availability",
      from: "2026-06-01",
      to: START,
    }),
    asQuery({
      level: "sku",
      retailers: "northmart",
      timeframe: "weekly",
      metrics: "revenue,units,unit_ros",
      from: "2026-03-02",
      to: START,
    }),
    asQuery({
      level: "store",
      retailers: "northmart",
      timeframe: "weekly",
      metrics: "revenue,units,stock",
      from: "2026-06-01",
      to: START,
    }),
  ];
  // What a user builds on each table (unless `plain`): a calculated column and a pivot summing revenue.
  const pivots = new Map<string, string>();
  for (const [i, q] of queries.entries()) {
    const { write } = await pullTable(deps, q, { destination: { kind: "new-sheet" }, rolling: true, select: false });
    if (mode.plain) continue;
    await addCalculatedColumn(host, write.tableName);
    pivots.set(write.tableName, `Pivot${i + 1}`);
    await addPivot(host, write.tableName, `Pivot${i + 1}`);
  }
  for (let d = 1; d <= DAYS; d++) {
    const day = addDays(START, d);
    setToday(day);
    const monday = new Date(`${day}T00:00:00Z`).getUTCDay() === 1;
    for (const t of await records(host.run)) {
      if (mode.weeklyOnMondays && String(t.query.timeframe) === "weekly" && !monday) continue;
      const o = mode.appendOnly ? await refreshAppendOnly(deps, t) : await refreshTable(deps, t);
      if (o.status === "failed") throw new Error(`${t.tableName} on ${day}: ${o.error}`);
    }
  }
  // Weekly tables refreshed on Mondays only are compared as of their last refresh day. The service columns are
  // compared by header with the fresh pull's; a row without the calculated column's formula counts as a drift
  // cell, and so does a pivot whose total is not its table's.
  let drift = 0;
  for (const t of await records(host.run)) {
    const stored = await tableState(host, t.tableName);
    const fresh = createWorkbookHost();
    const asOf = today();
    let lastRefreshDay = asOf;
    if (mode.weeklyOnMondays && String(t.query.timeframe) === "weekly") {
      while (new Date(`${lastRefreshDay}T00:00:00Z`).getUTCDay() !== 1) lastRefreshDay = addDays(lastRefreshDay, -1);
    }
    setToday(lastRefreshDay);
    const pull = await pullTable(
      { ...deps, run: fresh.run },
      { ...t.query, to: lastRefreshDay },
      {
        destination: { kind: "new-sheet" },
        rolling: false,
        select: false,
      },
    );
    setToday(asOf);
    const freshTable = await readTable(fresh.run, pull.write.tableName);
    drift += serviceDiff(stored.values, freshTable, (h) => stored.headers.indexOf(h)).cells;
    const pivot = pivots.get(t.tableName);
    if (mode.plain) continue;
    drift += rowsWithoutFormula(stored, CALC_HEADER, CALC);
    const revenue = columnTotal(stored.values, stored.headers.indexOf("revenue"));
    if (!pivot || !sameTotal(await pivotTotal(host, pivot), revenue)) drift++;
  }
  return drift;
}

/** The last `rows` rows of a table, as values. */
async function windowValues(host: WorkbookHost, tableName: string, rows: number): Promise<unknown[][]> {
  return host.run(async (ctx) => {
    const body = ctx.workbook.tables.getItem(tableName).getDataBodyRange().load("rowCount");
    await ctx.sync();
    const tail = body
      .getRow(body.rowCount - rows)
      .getResizedRange(rows - 1, 0)
      .load("values");
    await ctx.sync();
    return tail.values;
  });
}

async function cellsWrittenVsWindow(): Promise<{ ratio: number; withFormats: number; bytes: number; rows: number }> {
  const sim = await startSimulator({ port: 0, today: "2026-11-23", skus: 1000 });
  try {
    const client = createClient({
      baseUrl: sim.url,
      apiKey: sim.apiKey,
      today: () => sim.simulator.today(),
      timeoutMs: 120_000,
    });
    const host = createWorkbookHost();
    const deps: RefreshDeps = { run: host.run, client, today: () => sim.simulator.today() };
    const from = addDays("2026-11-23", -500);
    const { table } = await pullTable(
      deps,
      asQuery({
        level: "sku",
        retailers: "northmart",
        timeframe: "daily",
        metrics: "revenue,units",
        from,
        to: "2026-11-22",
      }),
      { destination: { kind: "new-sheet" }, rolling: true, select: false },
    );
    sim.simulator.setToday("2026-11-24");
    const rec = (await records(host.run)).find((t) => t.tableName === table.tableName)!;
    host.stats.reset();
    const o = await refreshTable(deps, rec);
    if (o.status !== "refreshed") throw new Error(`refresh of the 500k table: ${o.error ?? o.status}`);
    const windowRows = o.rowsReplaced + o.rowsAdded;
    const cols = await host.run(async (ctx) => {
      const columns = ctx.workbook.tables.getItem(table.tableName).columns;
      columns.load("count");
      await ctx.sync();
      return columns.count;
    });
    const windowCells = windowRows * cols;
    // The window's rows as the service's JSON would carry them: what a refresh must at least move to Excel.
    const windowJsonBytes = Buffer.byteLength(JSON.stringify(await windowValues(host, table.tableName, windowRows)));
    return {
      ratio: host.stats.valueCellsWritten / windowCells,
      withFormats: host.stats.cellsWritten / windowCells,
      bytes: host.stats.totalRequestBytes / windowJsonBytes,
      rows: table.rows,
    };
  } finally {
    await sim.close();
  }
}

const NOTE_BELOW = "checked by Ann";

/** The cell two rows under the table's last row, in its second column ("Sheet!B40"). */
async function belowTable(host: WorkbookHost, name: string): Promise<string> {
  const { address } = await readTable(host.run, name);
  const [, sheet, col, last] = /^(.*)!\$?[A-Z]+\$?\d+:\$?([A-Z]+)\$?(\d+)$/.exec(address)!;
  return `${sheet}!${col === "A" ? "A" : "B"}${Number(last) + 2}`;
}

/** The note is in the workbook once, below the table (moved down with it, never written over). */
async function noteBelow(host: WorkbookHost, name: string): Promise<boolean> {
  const { address, sheet } = await readTable(host.run, name);
  const last = Number(/(\d+)$/.exec(address)![1]);
  const notes = host
    .snapshot()
    .sheets.flatMap((s) => s.cells.filter((c) => c.value === NOTE_BELOW && s.name === sheet));
  return notes.length === 1 && notes[0].row >= last;
}

/** A finance user's adjustment row (SKU ADJ), inserted after the rows of the period starting on `day`. */
async function typeAdjustment(host: WorkbookHost, name: string, day: string): Promise<void> {
  const { headers, values } = await readTable(host.run, name);
  const p = excelSerial(day);
  const last = values.map((r) => r[0]).lastIndexOf(p);
  const row = values[last].map((v, k) =>
    headers[k] === "sku" ? "ADJ" : headers[k] === "revenue" ? -512.34 : headers[k] === "units" ? 0 : v,
  ) as (string | number)[];
  await host.run(async (ctx) => {
    ctx.workbook.tables.getItem(name).rows.add(last + 1, [row]);
    await ctx.sync();
  });
}

async function failurePoints(client: SalesClient, setToday: (d: string) => void, today: () => string) {
  const base = asQuery({
    level: "sku",
    retailers: "northmart",
    timeframe: "daily",
    metrics: "revenue,units",
    from: "2026-10-20",
    to: "2026-11-23",
  });
  const cases: {
    query: Query;
    days: number;
    limits?: { rows: number };
    drop?: boolean;
    below?: boolean;
    user?: boolean;
  }[] = [
    { query: base, days: 1 },
    { query: base, days: 0, drop: true },
    { query: { ...base, timeframe: "weekly", from: "2026-08-03" }, days: 2 },
    { query: base, days: 2, limits: { rows: 4 } },
    // A note typed under the table, in the rows it grows over: cells are inserted below it first (roomBelow.ts).
    { query: base, days: 1, below: true },
    // A row of the user's in the window (kept, and the record of the keys written goes in the commit with the rows).
    { query: base, days: 1, user: true },
    { query: { ...base, timeframe: "weekly", from: "2026-08-03" }, days: 2, user: true, drop: true },
  ];
  let survived = 0;
  let total = 0;
  for (const c of cases) {
    const setup = async () => {
      setToday("2026-11-23");
      const host = createWorkbookHost();
      const deps: RefreshDeps = { run: host.run, client, today, limits: c.limits };
      const { table } = await pullTable(deps, c.query, {
        destination: { kind: "new-sheet" },
        rolling: true,
        select: false,
      });
      if (c.below) host.typeCell(await belowTable(host, table.tableName), NOTE_BELOW);
      if (c.user) await typeAdjustment(host, table.tableName, "2026-11-16");
      setToday(addDays("2026-11-23", c.days));
      if (c.drop)
        deps.client = {
          ...client,
          getData: async (q, o) => {
            const r = await client.getData(q, o);
            return { ...r, rows: r.rows.filter((row) => row.sku !== 100002) };
          },
        };
      const rec = (await records(host.run)).find((t) => t.tableName === table.tableName)!;
      return { host, deps, rec };
    };
    const ref = await setup();
    const old = (await readTable(ref.host.run, ref.rec.tableName)).values;
    ref.host.stats.reset();
    const clean = await refreshTable(ref.deps, ref.rec);
    const actions = ref.host.stats.syncLog.map((s) => s.actions);
    const expected = (await readTable(ref.host.run, ref.rec.tableName)).values;
    // Rows before the window: the user's rows kept in it are not among them.
    const kept = old.length - clean.rowsReplaced - clean.rowsRemoved - (clean.userRows?.rows ?? 0);
    for (let k = 1; k <= actions.length; k++) {
      for (let after = 0; after <= actions[k - 1]; after++) {
        total++;
        const { host, deps, rec } = await setup();
        host.failSync(k, { code: "GeneralException", afterActions: after });
        await refreshTable(deps, rec);
        const now = (await readTable(host.run, rec.tableName)).values;
        while (now.length > 0 && now[now.length - 1].every((v) => v === "")) now.pop();
        const keptOk = diffCells(now.slice(0, kept), old.slice(0, kept)) === 0;
        const whole = diffCells(now, old) === 0 || diffCells(now, expected) === 0;
        const again = (await records(host.run)).find((t) => t.tableName === rec.tableName)!;
        await refreshTable(deps, again);
        const repaired = diffCells((await readTable(host.run, rec.tableName)).values, expected) === 0;
        const noteOk = !c.below || (await noteBelow(host, rec.tableName));
        if (keptOk && whole && repaired && noteOk) survived++;
      }
    }
  }
  return { survived, total };
}

export async function run(report: Report): Promise<void> {
  const sim = await startSimulator({ port: 0, today: START, skus: 8, stores: 6 });
  try {
    const client = createClient({ baseUrl: sim.url, apiKey: sim.apiKey, today: () => sim.simulator.today() });
    const setToday = (d: string) => sim.simulator.setToday(d);
    const today = () => sim.simulator.today();
    const t = performance.now();
    const daily = await driftRun(client, setToday, today, { appendOnly: false, weeklyOnMondays: false });
    const mondays = await driftRun(client, setToday, today, { appendOnly: false, weeklyOnMondays: true });
    report("refresh.drift_cells_after_60_days", daily + mondays);
    report("refresh.drift_run_s", (performance.now() - t) / 1000);
    // The contrast: the drift of refreshes that never rewrite recent days. At 0, the drift of 0 above shows nothing.
    report(
      "refresh.append_only_drift_cells",
      await driftRun(client, setToday, today, { appendOnly: true, weeklyOnMondays: false, plain: true }),
      { above: 0 },
    );
    const fp = await failurePoints(client, setToday, today);
    report("refresh.failure_points_survived", fp.survived, { equals: fp.total });
    report("refresh.failure_points_total", fp.total, { above: 0 });
  } finally {
    await sim.close();
  }
  const cw = await cellsWrittenVsWindow();
  report("refresh.big_table_rows", cw.rows, { above: 0 });
  report("refresh.cells_written_vs_window", cw.ratio);
  report("refresh.cells_and_formats_written_vs_window", cw.withFormats);
  report("refresh.bytes_vs_window", cw.bytes);
  const us = await userScenarios();
  for (const f of us.failed) console.error(`user scenario not kept: ${f}`);
  report("refresh.user_scenarios_kept", us.kept, { equals: us.total });
  report("refresh.user_scenarios_total", us.total, { above: 0 });
}
