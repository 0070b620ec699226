// "A failure at any point of the write leaves either the old window or the new one, never a gap or
// duplicates, and the next refresh repairs it": every sync of a refresh fails in turn, before any of its
// actions and after each one (Excel applies the actions before a failing one and does not roll back). Each failure
// point runs on a copy of the case's prepared workbook (host.copy()).
import { createWorkbookHost, type WorkbookHost } from "../../dev/workbook-host";
import { addDays } from "../../src/core/dates";
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshTable, type RefreshDeps, type RefreshableTable } from "../../src/refresh";
import { SIM_TODAY } from "../support/simulator";
import { recordOf, refreshFixture } from "./support/fixture";

/** Every staging sheet's name starts with this (docs/refresh.md). */
const STAGING_SHEET = "SalesData_staging";

const f = refreshFixture({ skus: 3, stores: 3 });

const isBlankRow = (r: unknown[]) => r.every((v) => v === "");
/** The service's columns of a table pulled with `base`'s metrics (the user's columns are after them). */
const serviceCells = (rows: unknown[][]) => trimBlank(rows.map((r) => r.slice(0, 5)));
const trimBlank = (rows: unknown[][]) => {
  const out = [...rows];
  while (out.length > 0 && isBlankRow(out[out.length - 1])) out.pop();
  return out;
};

/**
 * expect(actual).toEqual(expected) for rows of cells, compared cell by cell with Object.is first (as toEqual
 * compares primitives) and through toEqual, for its diff, only when they differ: jest's deep equality over every
 * failure point's table was a fifth of this file's time.
 */
function expectRows(actual: unknown[][], expected: unknown[][]): void {
  const sameRow = (a: unknown[], b: unknown[]) => {
    if (a.length !== b.length) return false;
    for (let j = 0; j < a.length; j++) if (!Object.is(a[j], b[j])) return false;
    return true;
  };
  const same = actual.length === expected.length && actual.every((_, i) => sameRow(actual[i], expected[i]));
  if (!same) expect(actual).toEqual(expected);
}

interface Case {
  name: string;
  query: Query;
  /** Days the clock moves between the pull and the refresh. */
  days: number;
  limits?: { rows?: number; bytes?: number };
  /** Make the service send fewer rows than stored (the table shrinks). */
  dropSku?: boolean;
  /** The user's columns and a filter on the table before the refresh. */
  userColumns?: boolean;
}

const base = asQuery({
  level: "sku",
  retailers: "northmart",
  timeframe: "daily",
  metrics: "revenue,units",
  from: "2026-10-20",
  to: SIM_TODAY,
});

const cases: Case[] = [
  { name: "daily, grows by a day, one commit sync", query: base, days: 1 },
  { name: "daily, shrinks (a SKU disappeared at the service)", query: base, days: 0, dropSku: true },
  { name: "weekly, same size", query: { ...base, timeframe: "weekly", from: "2026-08-03" }, days: 2 },
  { name: "daily, staged through the hidden sheet in blocks", query: base, days: 2, limits: { rows: 4 } },
  { name: "daily, staged and shrinking", query: base, days: 0, limits: { rows: 4 }, dropSku: true },
  { name: "daily, growing, with user columns and a filter", query: base, days: 1, dropSku: true, userColumns: true },
  { name: "daily, staged, with user columns", query: base, days: 2, limits: { rows: 4 }, userColumns: true },
];

/** A calculated column and a notes column typed beside the table (notes in its last rows), a filter on sku. */
async function decorate(host: WorkbookHost, table: RefreshableTable): Promise<void> {
  const rows = (await readTable(host.run, table.tableName)).values.length;
  const at = (col: string, row: number) => `'${table.sheet}'!${col}${row}`;
  host.typeCell(at("F", 1), "per unit");
  host.typeCell(at("F", 2), "=[@revenue]/[@units]");
  host.typeCell(at("G", 1), "note");
  for (const r of [2, rows - 4, rows, rows + 1]) host.typeCell(at("G", r), `note ${r}`);
  await host.run(async (ctx) => {
    ctx.workbook.tables.getItem(table.tableName).columns.getItem("sku").filter.applyValuesFilter(["100001", "100003"]);
    await ctx.sync();
  });
}

interface Prepared {
  host: WorkbookHost;
  deps: RefreshDeps;
  table: RefreshableTable;
}

/** The case's table pulled (and decorated), the clock moved on: the workbook every failure point starts from. */
async function setup(c: Case): Promise<Prepared> {
  f.sim.simulator.setToday(SIM_TODAY);
  const host = createWorkbookHost();
  const deps: RefreshDeps = { ...f.deps, run: host.run, limits: c.limits };
  const { table } = await pullTable(deps, c.query, { destination: { kind: "new-sheet" }, rolling: true });
  if (c.userColumns) await decorate(host, table);
  f.sim.simulator.setToday(addDays(SIM_TODAY, c.days));
  if (c.dropSku) {
    const real = f.client;
    deps.client = {
      ...real,
      getData: async (q, o) => {
        const r = await real.getData(q, o);
        return { ...r, rows: r.rows.filter((row) => row.sku !== 100002) };
      },
    };
  }
  return { host, deps, table: await recordOf(host.run, table.tableName) };
}

/** A copy of the prepared workbook (host.copy()), its deps running on it. */
function copyOf(p: Prepared): Prepared {
  const host = p.host.copy();
  return { host, deps: { ...p.deps, run: host.run }, table: p.table };
}

describe.each(cases)("$name", (c) => {
  test("every sync, failed before and after each of its actions: old or new window, then repaired", async () => {
    // The reference: the table before, the table after a clean refresh, and the refresh's syncs.
    const prepared = await setup(c);
    const ref = copyOf(prepared);
    const old = (await readTable(ref.host.run, ref.table.tableName)).values;
    ref.host.stats.reset();
    const clean = await refreshTable(ref.deps, ref.table);
    expect(clean.status).toBe("refreshed");
    const log = ref.host.stats.syncLog.map((s) => s.actions);
    const expected = (await readTable(ref.host.run, ref.table.tableName)).values;
    expect(expected).not.toEqual(old);
    const keptRows = old.length - clean.rowsReplaced - clean.rowsRemoved;

    let points = 0;
    for (let k = 1; k <= log.length; k++) {
      for (let after = 0; after <= log[k - 1]; after++) {
        const { host, deps, table } = copyOf(prepared);
        host.failSync(k, { code: "GeneralException", afterActions: after });
        const failed = await refreshTable(deps, table);
        const now = trimBlank((await readTable(host.run, table.tableName)).values);
        if (failed.status === "refreshed") {
          // The failure hit after the commit (the saved record or the staging sheet's removal).
          expectRows(now, expected);
        } else {
          expect(failed.status).toBe("failed");
          expect(failed.error).toMatch(/GeneralException|Injected/);
          expectRows(now.slice(0, keptRows), old.slice(0, keptRows)); // nothing before the window lost
          // Staged with user columns, the service's cells are copied, then the user's written: between the two,
          // the service columns hold the new window and the user's their old cells (the next refresh completes it).
          const seen = c.userColumns && c.limits ? serviceCells : (rows: unknown[][]) => rows;
          expect([JSON.stringify(seen(old)), JSON.stringify(seen(expected))]).toContain(JSON.stringify(seen(now)));
        }
        // The next refresh repairs it, leaving no staging sheet behind.
        const again = await refreshTable(deps, await recordOf(host.run, table.tableName));
        expect(again.error).toBeUndefined();
        expectRows((await readTable(host.run, table.tableName)).values, expected);
        expect(host.snapshot().sheets.filter((s) => s.name.startsWith(STAGING_SHEET))).toEqual([]);
        points++;
      }
    }
    expect(points).toBeGreaterThan(log.length);
  }, 120_000);
});
