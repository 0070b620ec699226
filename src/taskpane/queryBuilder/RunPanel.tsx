// Get data and Insert formula (disabled, with one line saying why, until the form can be sent), the progress bar
// with Cancel while a table is written, and what came of it.
import { Button, ProgressBar, Text } from "@fluentui/react-components";
import type { DateStyle } from "../../core/words";
import { useDateStyle } from "../dateStyle";
import { paneMetric } from "../paneWords";
import type { PullSummary } from "../operations";
import { PaneMessage } from "../PaneMessage";
import { useBuilderStyles } from "./styles";
import { CopyForSync } from "./CopyForSync";
import { useProgress, type QueryRun, type RunProgress } from "./useQueryRun";

export function RunPanel({
  run,
  connected,
  ready,
  notReady,
  onGetData,
  onInsertFormula,
}: {
  run: QueryRun;
  connected: boolean;
  /** The form can be sent. */
  ready: boolean;
  /** Why it cannot yet, in one line. */
  notReady?: string;
  onGetData: () => void;
  onInsertFormula: () => void;
}) {
  const styles = useBuilderStyles();
  const style = useDateStyle();
  const { busy, result } = run;
  return (
    <>
      <div className={styles.row}>
        <Button
          appearance="primary"
          onClick={onGetData}
          disabled={!connected || !ready || !!busy}
          aria-describedby={notReady ? "get-data-not-ready" : undefined}
        >
          Get data
        </Button>
        <Button onClick={onInsertFormula} disabled={!ready || !!busy}>
          Insert formula
        </Button>
      </div>
      {notReady && !busy && (
        <Text size={200} id="get-data-not-ready" className={styles.notReady}>
          {notReady}
        </Text>
      )}
      {busy && <ProgressLine run={run} cancelling={busy.cancelling} />}
      {result?.error && <PaneMessage intent="error">{result.error}</PaneMessage>}
      {result?.tooLarge && <CopyForSync {...result.tooLarge} />}
      {result?.info && <PaneMessage intent="success">{result.info}</PaneMessage>}
      {result?.summary && <PullSummaryBar summary={result.summary} style={style} />}
    </>
  );
}

/** The bar, the line of rows read or written, and Cancel; it alone draws again as the rows come. */
function ProgressLine({ run, cancelling }: { run: QueryRun; cancelling: boolean }) {
  const styles = useBuilderStyles();
  const style = useDateStyle();
  const p = useProgress(run.progress) ?? { phase: "reading", rows: 0 };
  return (
    <div className={styles.section}>
      <ProgressBar value={cancelling ? undefined : progressValue(p)} aria-label="Getting the data" />
      <div className={styles.row}>
        <Text size={200} role="status">
          {cancelling ? "Cancelling…" : progressText(p, style)}
        </Text>
        <Button size="small" onClick={run.cancel} disabled={cancelling}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** The bar's share done: moving (no value) until the rows are projected. */
function progressValue(p: RunProgress): number | undefined {
  if (p.phase === "writing") return p.total ? p.done / p.total : undefined;
  return p.projected ? Math.min(1, p.rows / p.projected) : undefined;
}

/** "Read 120,000 of about 574,636 rows", then "Written 40,000 of 574,636 rows", counts grouped the user's way. */
function progressText(p: RunProgress, style: Pick<DateStyle, "count">): string {
  const rows = (n: number) => (n === 1 ? "row" : "rows");
  if (p.phase === "writing") return `Written ${style.count(p.done)} of ${style.count(p.total)} ${rows(p.total)}`;
  if (p.rows === 0) return "Reading from the service…";
  const about = p.projected ? Math.max(p.projected, p.rows) : p.rows;
  const of = p.projected ? ` of about ${style.count(about)}` : "";
  return `Read ${style.count(p.rows)}${of} ${rows(about)}…`;
}

/**
 * What Get data says it did, a line each: the data rows written and where, and the days the table covers (the
 * range its card says too, in the pane's date style); for several retailers, each one's rows and the metrics it
 * omitted ("northmart: 26 rows · pharmaplus: 26 rows, omitted availability."), or for one, the metrics the retailer
 * omitted; then the warnings. A cancelled pull names only what was omitted: its per-retailer rows were not all
 * written.
 * A seam: Get data's lines for each kind of pull summary, checked on the summaries the pull tests make
 * (test/refresh/answer-rules, test/taskpane/multiRetailerOperations) without rendering the panel for each.
 * @public
 */
export function pullSummaryLines(summary: PullSummary, style: Pick<DateStyle, "range">): string[] {
  const covered = summary.covered ? ` covering ${style.range(summary.covered)}` : "";
  const rows = (n: number) => `${n.toLocaleString()} ${n === 1 ? "row" : "rows"}`;
  const lines = [
    `${summary.complete ? "Wrote" : "Cancelled after"} ${rows(summary.rows)} to ${summary.tableName} on sheet ${summary.sheet}${covered}.`,
  ];
  // Metrics by the names the pane's metric dropdown shows.
  const named = (ms: readonly string[]) => ms.map(paneMetric).join(", ");
  if (summary.retailers) {
    if (summary.complete)
      lines.push(
        summary.retailers
          .map(
            (r) =>
              `${r.retailer}: ${rows(r.rows)}${r.omittedMetrics.length ? `, omitted ${named(r.omittedMetrics)}` : ""}`,
          )
          .join(" · ") + ".",
      );
    else
      for (const r of summary.retailers)
        if (r.omittedMetrics.length) lines.push(`Omitted by ${r.retailer}: ${named(r.omittedMetrics)}.`);
  } else if (summary.omittedMetrics.length > 0)
    lines.push(`Omitted by the retailer: ${named(summary.omittedMetrics)}.`);
  return [...lines, ...summary.warnings];
}

function PullSummaryBar({ summary, style }: { summary: PullSummary; style: DateStyle }) {
  return (
    <PaneMessage intent={summary.complete ? "success" : "warning"} role="status">
      {pullSummaryLines(summary, style).map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </PaneMessage>
  );
}
