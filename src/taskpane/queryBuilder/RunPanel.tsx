// Get data and Insert formula, the progress bar with Cancel while a table is written, and what came of it.
import { Button, ProgressBar, Text } from "@fluentui/react-components";
import type { PullSummary } from "../operations";
import { PaneMessage } from "../PaneMessage";
import { useBuilderStyles } from "./styles";
import type { QueryRun } from "./useQueryRun";

export function RunPanel({
  run,
  connected,
  onGetData,
  onInsertFormula,
}: {
  run: QueryRun;
  connected: boolean;
  onGetData: () => void;
  onInsertFormula: () => void;
}) {
  const styles = useBuilderStyles();
  const { busy, result } = run;
  return (
    <>
      <div className={styles.row}>
        <Button appearance="primary" onClick={onGetData} disabled={!connected || !!busy}>
          Get data
        </Button>
        <Button onClick={onInsertFormula} disabled={!!busy}>
          Insert formula
        </Button>
      </div>
      {busy && (
        <div className={styles.section}>
          <ProgressBar value={busy.total ? busy.done / busy.total : undefined} aria-label="Writing the table" />
          <div className={styles.row}>
            <Text size={200}>
              {busy.total
                ? `Written ${busy.done.toLocaleString()} of ${busy.total.toLocaleString()} rows`
                : "Reading from the service…"}
            </Text>
            <Button size="small" onClick={run.cancel}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {result?.error && <PaneMessage intent="error">{result.error}</PaneMessage>}
      {result?.info && <PaneMessage intent="success">{result.info}</PaneMessage>}
      {result?.summary && <PullSummaryBar summary={result.summary} />}
    </>
  );
}

/**
 * What Get data says it did, a line each: the rows written and where; for several retailers, each one's rows and
 * the metrics it omitted ("northmart: 26 rows · pharmaplus: 26 rows, omitted availability."), or for one, the
 * metrics the retailer omitted; then the warnings. A cancelled pull names only what was omitted: its
 * per-retailer rows were not all written.
 * A rule of this module's interface, tested on its own (test/taskpane/multiRetailerOperations.test.ts).
 * @public
 */
export function pullSummaryLines(summary: PullSummary): string[] {
  const covered = summary.periodFrom ? ` covering ${summary.periodFrom} to ${summary.periodTo}` : "";
  const lines = [
    `${summary.complete ? "Wrote" : "Cancelled after"} ${summary.rows.toLocaleString()} rows to ${summary.tableName} on ${summary.sheet}${covered}.`,
  ];
  const rows = (n: number) => `${n.toLocaleString()} ${n === 1 ? "row" : "rows"}`;
  if (summary.retailers) {
    if (summary.complete)
      lines.push(
        summary.retailers
          .map(
            (r) =>
              `${r.retailer}: ${rows(r.rows)}${r.omittedMetrics.length ? `, omitted ${r.omittedMetrics.join(", ")}` : ""}`,
          )
          .join(" · ") + ".",
      );
    else
      for (const r of summary.retailers)
        if (r.omittedMetrics.length) lines.push(`Omitted by ${r.retailer}: ${r.omittedMetrics.join(", ")}.`);
  } else if (summary.omittedMetrics.length > 0)
    lines.push(`Omitted by the retailer: ${summary.omittedMetrics.join(", ")}.`);
  return [...lines, ...summary.warnings];
}

function PullSummaryBar({ summary }: { summary: PullSummary }) {
  return (
    <PaneMessage intent={summary.complete ? "success" : "warning"} role="status">
      {pullSummaryLines(summary).map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </PaneMessage>
  );
}
