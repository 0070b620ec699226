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

function PullSummaryBar({ summary }: { summary: PullSummary }) {
  const covered = summary.periodFrom ? ` covering ${summary.periodFrom} to ${summary.periodTo}` : "";
  return (
    <PaneMessage intent={summary.complete ? "success" : "warning"} role="status">
      <div>
        {summary.complete ? "Wrote" : "Cancelled after"} {summary.rows.toLocaleString()} rows to {summary.tableName} on{" "}
        {summary.sheet}
        {covered}.
      </div>
      {summary.omittedMetrics.length > 0 && <div>Omitted by the retailer: {summary.omittedMetrics.join(", ")}.</div>}
      {summary.warnings.map((w) => (
        <div key={w}>{w}</div>
      ))}
    </PaneMessage>
  );
}
