// The query builder's operations: Get data (a managed table) and Insert formula.
import { EXCEL_DAY_CELLS } from "../../excel/excelDays";
import { coveredRange } from "../../core/query/describe";
import { tableTitleOf } from "../../core/query/tableName";
import type { ExcelRun } from "../../excel/excelRun";
import { writeFormulaAtSelection } from "../../excel/selection";
import { readColumnEnds } from "../../excel/tables";
import { pullTable, type RefreshDeps } from "../../refresh";
import type { Operations, PullSummary } from "./types";

export function dataOperations(run: ExcelRun, deps: () => RefreshDeps): Operations {
  return {
    async getData(query, opts): Promise<PullSummary> {
      const pulled = await pullTable(deps(), query, {
        // "Sales northmart freshway SKU weekly": the workbook layer makes it a table name.
        name: tableTitleOf(query),
        destination: opts.destination === "new-sheet" ? { kind: "new-sheet" } : { kind: "selection" },
        rolling: opts.rolling,
        signal: opts.signal,
        onRead: opts.onRead,
        onProgress: opts.onProgress,
      });
      const { write, table } = pulled;
      // Rows are in period order: the first and last rows give the periods the table covers, inside the days asked.
      const ends = table.periodColumn ? await readColumnEnds(run, write.tableName, table.periodColumn) : undefined;
      const asDay = (v: unknown) => EXCEL_DAY_CELLS.dayOf(v) ?? undefined;
      const [first, last] = [asDay(ends?.first), asDay(ends?.last)];
      const asked = { from: table.query.from, to: table.query.to };
      return {
        tableName: write.tableName,
        sheet: write.sheet,
        rows: write.rows,
        covered: first && last ? coveredRange({ first, last }, table.query.timeframe, asked) : undefined,
        omittedMetrics: pulled.omittedMetrics,
        ...(pulled.retailers ? { retailers: pulled.retailers } : {}),
        warnings: pulled.warnings,
        complete: write.complete,
      };
    },

    insertFormula: (formula) => writeFormulaAtSelection(run, formula),
  };
}
