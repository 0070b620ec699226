// pipeline.*: parse + validate + answer check + tabulate of 100,000 SKU rows (what the client and fetchTable do), against a plain JSON.parse of the same
// payload measured side by side in the same run, rounds alternating (goal: at most 1.5). The code is timed as it
// ships: bundled (pipelineCode.ts, by esbuild, as webpack bundles the pane), not through tsx.
import { join } from "node:path";
import { buildSync } from "esbuild";
import type * as Pipeline from "./pipelineCode";
import type { Report } from "./run";
import { median, simulatorPayload } from "./support";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

/** pipelineCode.ts as one bundle beside the project's node_modules, loaded. */
function bundled(): typeof Pipeline {
  const out = join(__dirname, "..", "..", "node_modules", ".cache", "sales-data-bench", "pipeline.cjs");
  buildSync({
    entryPoints: [join(__dirname, "pipelineCode.ts")],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    logLevel: "silent",
  });
  return require(out) as typeof Pipeline;
}

const ROUNDS = 7;

export async function run(report: Report): Promise<void> {
  const { checkRows, findPeriodField, checkAnswer, tabulate } = bundled();
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
  const steps: Record<string, number[]> = {};
  let cells = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    JSON.parse(text);
    parseTimes.push(performance.now() - t);

    t = performance.now();
    const step = (name: string) => (steps[name] ??= []).push(-t + (t = performance.now()));
    const body = JSON.parse(text) as unknown;
    step("parse");
    const rows = checkRows(body);
    const periodField = findPeriodField(rows);
    step("rows");
    const checked = checkAnswer({ ...query, metrics: [...query.metrics] }, { rows, periodField, omittedMetrics: [] });
    if (!checked.ok) throw new Error(checked.message);
    step("answer check");
    const table = tabulate(
      { rows: checked.rows, periodField, fields: checked.fields },
      { metrics: [...query.metrics], comparison: query.comparison },
      EXCEL_DAY_CELLS,
    );
    step("tabulate");
    pipelineTimes.push(
      steps.parse.at(-1)! + steps.rows.at(-1)! + steps["answer check"].at(-1)! + steps.tabulate.at(-1)!,
    );
    cells = table.values.length * table.headers.length;
  }
  const pipeline = median(pipelineTimes);
  const shown = Object.entries(steps).map(([name, ms]) => `${name} ${median(ms).toFixed(0)} ms`);
  console.error(
    `# pipeline: JSON.parse alone ${median(parseTimes).toFixed(0)} ms; the pipeline's steps (medians): ${shown.join(", ")}`,
  );
  report("pipeline.rows", rowCount, { above: 0 });
  report("pipeline.cells", cells, { above: 0 });
  report("pipeline.payload_mb", text.length / 1e6);
  report("pipeline.ms", pipeline);
  report("pipeline.rows_per_s", Math.round(rowCount / (pipeline / 1000)));
  report("pipeline.vs_json_parse", pipeline / median(parseTimes));
}
