// Several retailers in one table: the per-retailer results merged into one table (a `retailer` column after the
// period), purely.
import { compareDays, type DayCells } from "../dates";
import type { DataRequest } from "../query/query";
import { KEY_COLUMNS, tabulate, type Cell, type Column, type Tabulated } from "./tabulate";

/** The header of the column that names each row's retailer, as the service lists it. */
export const RETAILER_COLUMN = "retailer";

export interface RetailerTableInput {
  retailer: string;
  rows: readonly Record<string, unknown>[];
  periodField: string | undefined;
  omittedMetrics: readonly string[];
  fields?: readonly string[];
}

export interface RetailerSummary {
  retailer: string;
  /** Rows of this retailer in the table. */
  rows: number;
  /** Metrics asked for that this retailer left out: its cells of these columns are empty. */
  omittedMetrics: string[];
}

export interface RetailersTable extends Tabulated {
  retailers: RetailerSummary[];
}

/**
 * One table from per-retailer results. The header is the single-retailer table's with `retailer` right after
 * the period column; metric columns are the union over retailers, in the query's metric order; a cell a
 * retailer has no column for stays empty (null), never filled from another retailer. Rows are ordered by
 * period, then by the retailers' given order, then as the service ordered them. Each retailer's cells are
 * exactly its own single-retailer tabulation's.
 */
export function tabulateRetailers(
  results: readonly RetailerTableInput[],
  query: Pick<DataRequest, "metrics" | "comparison">,
  dayCells: DayCells,
): RetailersTable {
  const singles = results.map((r) => tabulate(r, query, dayCells));
  const columns = unionColumns(singles, query.metrics);
  const index = new Map(columns.map((c, i) => [c.name, i]));
  const hasPeriod = columns[0]?.kind === "date";
  const retailerAt = hasPeriod ? 1 : 0;
  columns.splice(retailerAt, 0, { name: RETAILER_COLUMN, kind: "text" });
  const width = columns.length;
  const at = (name: string): number => {
    const i = index.get(name)!;
    return i >= retailerAt ? i + 1 : i;
  };

  const values: Cell[][] = [];
  singles.forEach((single, r) => {
    const targets = single.headers.map(at);
    for (const row of single.values) {
      const out: Cell[] = new Array<Cell>(width).fill(null);
      out[retailerAt] = results[r].retailer;
      for (let c = 0; c < targets.length; c++) out[targets[c]] = row[c];
      values.push(out);
    }
  });
  // Concatenated in retailer order, service order within each; a stable sort by period keeps both.
  if (hasPeriod) values.sort((a, b) => comparePeriods(a[0], b[0], dayCells));
  return {
    columns,
    headers: columns.map((c) => c.name),
    values,
    retailers: results.map((r, i) => ({
      retailer: r.retailer,
      rows: singles[i].values.length,
      omittedMetrics: [...r.omittedMetrics],
    })),
  };
}

/** The columns of every single table: period first, keys, metrics in the query's order, then the rest. */
function unionColumns(singles: readonly Tabulated[], metrics: readonly string[]): Column[] {
  const byName = new Map<string, Column>();
  const firstSeen: string[] = [];
  for (const single of singles) {
    for (const col of single.columns) {
      const known = byName.get(col.name);
      if (!known) {
        byName.set(col.name, { ...col });
        firstSeen.push(col.name);
      } else if (known.kind !== col.kind && (col.kind === "text" || col.kind === "date")) {
        known.kind = col.kind; // a code one retailer sends as text is text for all
      }
    }
  }
  const period = firstSeen.filter(
    (n) => byName.get(n)!.kind === "date" && singles.some((s) => s.columns[0]?.name === n),
  );
  const keys = KEY_COLUMNS.filter((k) => byName.has(k));
  const mets = metrics.filter((m) => byName.has(m));
  const placed = new Set([...period.slice(0, 1), ...keys, ...mets]);
  const rest = firstSeen.filter((n) => !placed.has(n));
  return [...period.slice(0, 1), ...keys, ...mets, ...rest].map((n) => byName.get(n)!);
}

/** Days in order, then any text a period cell kept (in text order), then empty cells. */
function comparePeriods(a: Cell, b: Cell, dayCells: DayCells): number {
  const da = dayCells.dayOf(a);
  const db = dayCells.dayOf(b);
  const rank = (v: Cell, day: string | null) => (day !== null ? 0 : v === null ? 2 : 1);
  const ra = rank(a, da);
  const rb = rank(b, db);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return compareDays(da!, db!);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}
