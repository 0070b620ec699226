// The pane's operations on the real parts: the session's client, refresh, the workbook layer and the stores.
import { tabulateActions } from "../core/actions";
import { todayIso } from "../core/dates";
import { summarizeQuery } from "../core/describe";
import { fromExcelSerial } from "../core/dates";
import { forgetManagedTable, listManagedTables, readActionsRecord, saveActionsRecord } from "../excel/queryStore";
import type { ExcelRun } from "../excel/run";
import { goToTable, writeFormulaAtSelection } from "../excel/selection";
import { readColumnEnds, readTable, replaceTail, writeTable } from "../excel/tables";
import { pullTable, refreshAll, refreshTable, type RefreshDeps, type RefreshOutcome } from "../refresh";
import { getRefreshOnOpen, setRefreshOnOpen } from "../excel/refreshSettings";
import type { Session } from "../session";
import { errorText } from "./messages";
import type { Operations, PullSummary, RefreshLine, TableOperations } from "./operations";

/** One line of the refresh summary, in the words the pane shows. */
export function refreshLine(o: RefreshOutcome): RefreshLine {
  const notes = [
    ...(o.omittedMetrics.length ? [`omitted by the retailer: ${o.omittedMetrics.join(", ")}`] : []),
    ...o.warnings,
  ];
  const tail = notes.length ? `; ${notes.join("; ")}` : "";
  switch (o.status) {
    case "refreshed":
      return {
        tableName: o.tableName,
        ok: true,
        text: `rewrote ${o.window?.from} to ${o.window?.to}: ${o.rowsReplaced} rows replaced, ${o.rowsAdded} added, ${o.rowsRemoved} removed${tail}`,
      };
    case "unchanged":
      return { tableName: o.tableName, ok: true, text: `nothing to refresh${tail || " (its figures are final)"}` };
    case "kept":
      return { tableName: o.tableName, ok: false, text: `kept as it was${tail}` };
    default:
      return { tableName: o.tableName, ok: false, text: o.error ?? o.status };
  }
}

export function paneOperations(
  run: ExcelRun,
  session: Session,
  hooks: {
    afterRefreshAll?: () => Promise<void> | void;
    setStartupBehavior?: (loadOnOpen: boolean) => Promise<void>;
  } = {},
): Operations & TableOperations {
  const { afterRefreshAll, setStartupBehavior } = hooks;
  const deps = (): RefreshDeps => ({
    run,
    client: session.client(),
    today: () => todayIso(),
    afterRefreshAll: afterRefreshAll ? async () => void (await afterRefreshAll()) : undefined,
  });

  return {
    async getData(query, opts): Promise<PullSummary> {
      const level = query.level === "store" ? "Store" : "SKU";
      const pulled = await pullTable(deps(), query, {
        name: `Sales ${query.retailer} ${level} ${query.timeframe}`,
        destination: opts.destination === "new-sheet" ? { kind: "new-sheet" } : { kind: "selection" },
        rolling: opts.rolling,
        signal: opts.signal,
        onProgress: opts.onProgress,
      });
      const { write, table } = pulled;
      // Rows are in period order: the first and last rows give the period covered.
      const ends = table.periodColumn ? await readColumnEnds(run, write.tableName, table.periodColumn) : undefined;
      const asDay = (v: unknown) => (typeof v === "number" ? fromExcelSerial(v) : undefined);
      return {
        tableName: write.tableName,
        sheet: write.sheet,
        rows: write.rows,
        periodFrom: asDay(ends?.first),
        periodTo: asDay(ends?.last),
        omittedMetrics: pulled.omittedMetrics,
        warnings: pulled.warnings,
        complete: write.complete,
      };
    },

    insertFormula: (formula) => writeFormulaAtSelection(run, formula),

    async listManaged() {
      const tables = await listManagedTables(run);
      return tables.map((t) => ({
        tableName: t.tableName,
        sheet: t.sheet,
        summary: summarizeQuery(t.query, t.rolling),
        lastRefreshedAt: t.lastRefreshedAt,
        rows: t.rows,
        window: t.lastWindow,
      }));
    },

    async refresh(tableName, signal): Promise<RefreshLine> {
      try {
        const managed = (await listManagedTables(run)).find((t) => t.tableName === tableName);
        if (!managed) return { tableName, ok: false, text: "This table is no longer managed." };
        return refreshLine(await refreshTable(deps(), managed, { signal }));
      } catch (e) {
        return { tableName, ok: false, text: errorText(e) };
      }
    },

    async refreshAll(signal) {
      const summary = await refreshAll(deps(), { signal });
      return summary.outcomes.map(refreshLine);
    },

    goTo: (tableName) => goToTable(run, tableName),
    stopManaging: async (tableName) => void (await forgetManagedTable(run, tableName)),

    async queryOf(tableName) {
      const t = (await listManagedTables(run)).find((m) => m.tableName === tableName);
      return t && { query: t.query, rolling: t.rolling };
    },

    async pullActions(retailers) {
      const client = session.client();
      const records = (await Promise.all(retailers.map((r) => client.getActions(r)))).flat();
      const table = tabulateActions(records);
      const previous = await readActionsRecord(run);
      const existing = previous && (await readTable(run, previous.tableName).catch(() => undefined));
      let tableName: string;
      if (existing && previous) {
        // The service returns the current week only: the new pull replaces the table's rows, not the table.
        await replaceTail(run, previous.tableName, {
          periodColumn: "alert_date",
          cutoff: Number.NEGATIVE_INFINITY,
          data: table,
        });
        tableName = previous.tableName;
      } else {
        tableName = (
          await writeTable(run, table, {
            name: "Sales Actions",
            destination: { kind: "new-sheet", sheetName: "Actions" },
          })
        ).tableName;
      }
      const pulledAt = new Date().toISOString();
      await saveActionsRecord(run, { tableName, pulledAt, retailers });
      return { tableName, rows: records.length, pulledAt };
    },

    lastActionsPull: async () => (await readActionsRecord(run))?.pulledAt,

    getRefreshOnOpen: () => getRefreshOnOpen(run),
    async setRefreshOnOpen(on) {
      // Office must load the add-in with the workbook for the refresh to run; the flag says the workbook wants it.
      await setStartupBehavior?.(on);
      await setRefreshOnOpen(run, on);
    },
  };
}
