// The actions' operations: this week's actions, insights and alerts into the one Actions table.
import { tabulateActions } from "../../core/answer/actions";
import { DamagedRecordError, readActionsRecord, saveActionsRecord, type ActionsRecord } from "../../excel/queryStore";
import type { ExcelRun } from "../../excel/excelRun";
import { readTable, replaceTail, writeTable } from "../../excel/tables";
import type { Session } from "../../session";
import type { ActionOperations } from "./types";
import { EXCEL_DAY_CELLS } from "../../excel/excelDays";

/** The last pull's record; a damaged one is set aside (a new Actions table is written, the old one stays). */
async function previousPull(run: ExcelRun): Promise<{ previous?: ActionsRecord; note?: string }> {
  try {
    return { previous: await readActionsRecord(run) };
  } catch (err) {
    if (!(err instanceof DamagedRecordError)) throw err;
    return { note: `${err.message} A new Actions table was written; the old one was left as it was.` };
  }
}

export function actionOperations(run: ExcelRun, session: Session): ActionOperations {
  return {
    async pullActions(retailers) {
      const client = session.client();
      const records = (await Promise.all(retailers.map((r) => client.getActions(r)))).flat();
      const table = tabulateActions(records, EXCEL_DAY_CELLS);
      const { previous, note } = await previousPull(run);
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
      return { tableName, rows: records.length, pulledAt, ...(note ? { note } : {}) };
    },

    lastActionsPull: async () => (await readActionsRecord(run))?.pulledAt,
  };
}
