// The managed tables' operations: list, refresh (one or all), go to, stop managing, Edit's saved query, Copy for
// sync's entry, the
// workbook's refresh-on-open flag, and what the session's refresh log keeps (the last Refresh all, each table's
// latest outcome).
import { metricLabel } from "../../core/query/metrics";
import { summarizeQuery } from "../../core/query/describe";
import { syncEntryJson } from "../../core/query/syncEntry";
import {
  findManagedTable,
  forgetManagedTable,
  readManagedTables,
  updateManagedTables,
  type ManagedTable,
} from "../../excel/queryStore";
import { andList, dateStyle, midSentence, type DateStyle } from "../../core/words";
import { getRefreshOnOpen, setRefreshOnOpen } from "../../excel/refreshSettings";
import type { ExcelRun } from "../../excel/excelRun";
import { goToTable } from "../../excel/selection";
import {
  followTables,
  joinNotes,
  refreshAllTables,
  pivotsLineText,
  refreshAnywayOf,
  refreshTable,
  rowsText,
  tableDeletedText,
  type RefreshDeps,
  type RefreshOutcome,
} from "../../refresh";
import { RefreshLog, refreshAllReport } from "../../session";
import { errorText } from "../messages";
import { changesWords, paneMetric } from "../paneWords";
import type { ManagedRow, RefreshLine, TableOperations } from "./types";

/**
 * One line of the refresh summary, in the words the pane shows (days in the user's style, metrics by their plain
 * names): the rows, what the revision did to each metric ("Revenue, 16/11/2026 to 23/11/2026: 40,666.81 to
 * 40,807.05, +0.34%"), metrics omitted, warnings (missing dates among them).
 * A table with missing dates is not "ok" (the pane shows the lines as a warning). A refresh held because it would
 * remove stored rows, or because a metric's figures changed unit, says so and carries what it showed in
 * `refreshAnyway` (what the pane's button accepts).
 * A seam: the pane's line for each kind of refresh outcome, checked on the outcomes the refresh tests
 * make (test/refresh/revisions, gaps; test/taskpane/trendOperations) without running the pane's operations for each.
 * @public
 */
export function refreshLine(o: RefreshOutcome, style: DateStyle): RefreshLine {
  const line = lineOf(o, style);
  // A column deleted is something to act on: shown as a warning, with the offer.
  return o.deletedMetrics ? { ...line, ok: false, stopAsking: o.deletedMetrics } : line;
}

function lineOf(o: RefreshOutcome, style: DateStyle): RefreshLine {
  const revised = changesWords(o.changes, style);
  const notes = [...(revised ? [revised] : []), ...omittedText(o), ...o.warnings];
  const tail = notes.length ? `; ${midSentence(joinNotes(notes))}` : "";
  switch (o.status) {
    case "refreshed":
      return {
        tableName: o.tableName,
        ok: o.gaps.length === 0,
        text: `${rowsText(o, style.range)}${pivotsLineText(o) ? `; ${pivotsLineText(o)}` : ""}${tail}`,
      };
    case "unchanged":
      return {
        tableName: o.tableName,
        ok: o.gaps.length === 0,
        text: `nothing to refresh${tail || " (its figures are final)"}`,
      };
    case "kept":
      if (refreshAnywayOf(o)) return heldLine(o, notes);
      return { tableName: o.tableName, ok: false, text: `kept as it was${tail}` };
    default:
      return { tableName: o.tableName, ok: false, text: o.error ?? o.status };
  }
}

/**
 * A refresh the losses rule or a unit change held: what held it first (what it would remove, the metrics whose
 * unit changed; their words already say the table was left as it was), then the other notes; the pane's
 * "Refresh anyway" button stands for the words that point to it, and accepts what was shown (no more).
 */
function heldLine(o: RefreshOutcome, notes: string[]): RefreshLine {
  const holds = [o.losses, o.unitChange].filter((h) => h?.held).map((h) => h!);
  const others = notes.filter((n) => !holds.some((h) => h.text === n));
  return {
    tableName: o.tableName,
    ok: false,
    refreshAnyway: refreshAnywayOf(o),
    text: joinNotes([...holds.map((h) => h.said), ...others]),
  };
}

/** Metrics by the names the pane's metric dropdown shows: "Availability", "Unit rate of sale (unit_ros)". */
const named = (metrics: readonly string[]): string[] => metrics.map(paneMetric);

/** "omitted by the retailer: Availability", or per retailer for a table of several ("omitted by pharmaplus: Availability"). */
function omittedText(o: RefreshOutcome): string[] {
  if (o.retailers)
    return o.retailers
      .filter((r) => r.omittedMetrics.length > 0)
      .map((r) => `omitted by ${r.retailer}: ${named(r.omittedMetrics).join(", ")}`);
  return o.omittedMetrics.length ? [`omitted by the retailer: ${named(o.omittedMetrics).join(", ")}`] : [];
}

/**
 * The saved query of `tableName` without `metrics` (their columns deleted from the table), and its record without
 * those columns: the next refresh asks for the others only, and says nothing more about them.
 */
async function stopAsking(run: ExcelRun, tableName: string, metrics: readonly string[]): Promise<RefreshLine> {
  const t = await findManagedTable(run, tableName);
  if (!t) return { tableName, ok: false, text: "This table is no longer managed." };
  const left = t.query.metrics.filter((m) => !metrics.includes(m));
  if (left.length === 0)
    return {
      tableName,
      ok: false,
      text: `${andList(named(metrics))}: the query must ask for at least one metric; get the data again instead.`,
    };
  await updateManagedTables(run, (tables) =>
    tables.map((r) =>
      r.tableName === tableName
        ? {
            ...r,
            query: { ...r.query, metrics: left },
            columns: r.columns?.filter((c) => !metrics.includes(c.field)),
          }
        : r,
    ),
  );
  return {
    tableName,
    ok: true,
    text: `stopped asking for ${andList(named(metrics))}; its saved query now asks for ${andList(named(left))}.`,
  };
}

function managedRow(t: ManagedTable, style: DateStyle): ManagedRow {
  return {
    tableName: t.tableName,
    sheet: t.sheet,
    summary: summarizeQuery(t.query, t.rolling, { day: style.day, metric: metricLabel }),
    lastRefreshedAt: t.lastRefreshedAt,
    rows: t.rows,
    // The days the last refresh re-read; a table only got has none (its record's window is the whole query).
    window: t.lastRefreshedAt !== t.createdAt ? t.lastWindow : undefined,
    gaps: t.gaps,
    provisional: t.provisional,
  };
}

/** A saved query that cannot be refreshed: what is wrong, and (by its name) Stop managing. */
function problemRow(tableName: string, problem: string): ManagedRow {
  return { tableName, sheet: "", summary: "", lastRefreshedAt: "", rows: 0, problem };
}

interface TableOperationsOptions {
  /** Office.addin.setStartupBehavior, for "Refresh when this workbook opens". */
  setStartupBehavior?: (loadOnOpen: boolean) => Promise<void>;
  /** The session's log (the ribbon and the refresh on open record there too); a log of its own when absent. */
  refreshes?: RefreshLog;
  /** The pane's date style (the user's locale); the runtime's own when absent. */
  style?: DateStyle;
}

export function tableOperations(
  run: ExcelRun,
  deps: () => RefreshDeps,
  { setStartupBehavior, refreshes = new RefreshLog(), style = dateStyle() }: TableOperationsOptions = {},
): TableOperations {
  return {
    async listManaged() {
      const { tables, damaged } = await readManagedTables(run);
      // Under the tables' current names (renames are followed by Table.id); a deleted table says so.
      const rows: ManagedRow[] = (await followTables(run, tables)).map(({ table: t, identity }) =>
        identity ? managedRow(t, style) : problemRow(t.tableName, tableDeletedText(t.tableName)),
      );
      // A damaged saved query is listed with what is wrong, so it can be forgotten or pulled again.
      for (const d of damaged) rows.push(problemRow(d.tableName ?? "", d.message));
      return rows;
    },

    async refresh(tableName, signal, { anyway } = {}): Promise<RefreshLine> {
      try {
        const managed = await findManagedTable(run, tableName);
        if (!managed) return { tableName, ok: false, text: "This table is no longer managed." };
        const outcome = await refreshTable(deps(), managed, { signal, anyway });
        refreshes.recordOutcome(outcome); // the session's deps record it too; a log of its own needs it here
        return refreshLine(outcome, style);
      } catch (e) {
        return { tableName, ok: false, text: errorText(e) };
      }
    },

    async refreshAll({ signal, onProgress } = {}) {
      try {
        const summary = await refreshAllTables(deps(), { signal, onProgress });
        refreshes.recordRefreshAll(refreshAllReport("pane", summary));
        return summary.outcomes.map((o) => refreshLine(o, style));
      } catch (e) {
        refreshes.recordRefreshAll(refreshAllReport("pane", { message: `Refresh all failed. ${errorText(e)}` }));
        throw e;
      }
    },

    latestOutcome: (tableName) => refreshes.latestOutcome(tableName),
    lastRefreshAll: () => refreshes.lastRefreshAll(),
    onRefreshRecorded: (listener) => refreshes.onChange(listener),
    dismissRefreshAll: (report) => refreshes.dismiss(report),

    goTo: (tableName) => goToTable(run, tableName),
    stopManaging: async (tableName) => void (await forgetManagedTable(run, tableName)),
    stopAsking: (tableName, metrics) => stopAsking(run, tableName, metrics),

    async queryOf(tableName) {
      const t = await findManagedTable(run, tableName);
      return t && { query: t.query, rolling: t.rolling };
    },

    async syncEntryOf(tableName) {
      const t = await findManagedTable(run, tableName);
      return t && syncEntryJson(t.tableName, t.query, t.rolling);
    },

    getRefreshOnOpen: () => getRefreshOnOpen(run),
    async setRefreshOnOpen(on) {
      // Office must load the add-in with the workbook for the refresh to run; the flag says the workbook wants it.
      await setStartupBehavior?.(on);
      await setRefreshOnOpen(run, on);
    },
  };
}
