// excel.*: writing 200,000 tabulated rows as a table into the in-memory workbook host (which enforces Excel's
// payload rules), measured side by side with tabulating the same rows in the same run.
// - excel.write_200k_rows_syncs: syncs writeTable needed (blocks of whole rows);
// - excel.max_sync_bytes: the largest request of those syncs (must stay under 5,000,000);
// - excel.write_vs_tabulate: time to write the rows into the host divided by the time to tabulate them.
import { createWorkbookHost } from "../workbook-host";
import { checkRows, findPeriodField } from "../../src/api/dataRows";
import { tabulate } from "../../src/core/answer/tabulate";
import { writeTable } from "../../src/excel";
import type { Report } from "./run";
import { median, simulatorPayload } from "./support";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

const ROUNDS = 3;

export async function run(report: Report): Promise<void> {
  const text = await simulatorPayload(2000, {
    type: "sku",
    retailer: "northmart",
    timeframe: "weekly",
    metric: "revenue,units,average_price",
    datefrom: "2024-12-23",
    dateto: "2026-11-22",
  });
  const rows = checkRows(JSON.parse(text));
  const tabulateTimes: number[] = [];
  const writeTimes: number[] = [];
  let syncs = 0;
  let maxBytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    const table = tabulate(
      { rows, periodField: findPeriodField(rows) },
      { metrics: ["revenue", "units", "average_price"] },
      EXCEL_DAY_CELLS,
    );
    tabulateTimes.push(performance.now() - t);
    const host = createWorkbookHost();
    t = performance.now();
    await writeTable(host.run, table, { name: "Bench", destination: { kind: "new-sheet" } });
    writeTimes.push(performance.now() - t);
    syncs = host.stats.syncs;
    maxBytes = host.stats.maxRequestBytes;
  }
  report("excel.write_rows", rows.length, { above: 0 });
  report("excel.write_200k_rows_syncs", syncs);
  report("excel.max_sync_bytes", maxBytes);
  report("excel.write_ms", median(writeTimes));
  report("excel.write_vs_tabulate", median(writeTimes) / median(tabulateTimes));
}
