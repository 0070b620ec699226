// pipeline.*: parse + validate + answer check + tabulate of 100,000 SKU rows (what the client and fetchTable do), against a plain JSON.parse of the same
// payload measured side by side in the same run (goal: at most 2.0).
import { checkRows, findPeriodField } from "../../src/api/rows";
import { checkAnswer } from "../../src/core/answer/answerCheck";
import { tabulate } from "../../src/core/answer/tabulate";
import type { Report } from "./run";
import { median, simulatorPayload } from "./support";

const ROUNDS = 7;

export async function run(report: Report): Promise<void> {
  const text = await simulatorPayload(1000, {
    type: "sku",
    retailer: "northmart",
    timeframe: "weekly",
    metric: "revenue,units,average_price,availability",
    datefrom: "2024-11-25",
    dateto: "2026-11-22",
    comparison: "period",
  });
  const rowCount = (JSON.parse(text) as unknown[]).length;
  const query = {
    level: "sku" as const,
    retailer: "northmart",
    timeframe: "weekly" as const,
    metrics: ["revenue", "units", "average_price", "availability"] as const,
    from: "2024-11-25",
    to: "2026-11-22",
    comparison: "period" as const,
  };

  const parseTimes: number[] = [];
  const pipelineTimes: number[] = [];
  let cells = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    JSON.parse(text);
    parseTimes.push(performance.now() - t);

    t = performance.now();
    const rows = checkRows(JSON.parse(text));
    const periodField = findPeriodField(rows);
    const checked = checkAnswer({ ...query, metrics: [...query.metrics] }, { rows, periodField, omittedMetrics: [] });
    if (!checked.ok) throw new Error(checked.message);
    const table = tabulate(
      { rows: checked.rows, periodField, fields: checked.fields },
      { metrics: [...query.metrics], comparison: query.comparison },
    );
    pipelineTimes.push(performance.now() - t);
    cells = table.values.length * table.headers.length;
  }
  const pipeline = median(pipelineTimes);
  report("pipeline.rows", rowCount);
  report("pipeline.cells", cells);
  report("pipeline.payload_mb", text.length / 1e6);
  report("pipeline.ms", pipeline);
  report("pipeline.rows_per_s", Math.round(rowCount / (pipeline / 1000)));
  report("pipeline.vs_json_parse", pipeline / median(parseTimes));
}
