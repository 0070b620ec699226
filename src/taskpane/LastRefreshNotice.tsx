// The notice at the top of the pane: what the last Refresh all from the ribbon, or the one when the workbook
// opened, did. Those run while the pane is hidden or not yet open, so their report waits in the session; the
// pane's own Refresh all shows its lines in the tables section instead (never twice).
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
  type MessageBarIntent,
} from "@fluentui/react-components";
import { DismissRegular } from "@fluentui/react-icons";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { RefreshAllReport } from "../session";
import type { TableOperations } from "./operations";
import { dateStyle, type DateStyle } from "../core/words";
import { useDateStyle } from "./dateStyle";

const useStyles = makeStyles({
  // Service text and table names of 80 characters without a space wrap anywhere, never widening the pane.
  body: { overflowWrap: "anywhere", minWidth: 0 },
  details: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
});

const FROM: Record<RefreshAllReport["source"], string> = {
  ribbon: "Refresh all from the ribbon",
  open: "Refresh all when the workbook opened",
  pane: "Refresh all",
};

/** When it ran, in the pane's date style: the time today, the date and time before today. */
function whenText(iso: string, now: Date, style: DateStyle): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : style.momentNear(at, now);
}

export interface RefreshNoticeContent {
  intent: MessageBarIntent;
  /** "Refresh all from the ribbon, 10:32:" */
  title: string;
  /** The summary: "2 of 3 tables refreshed, 1 failed." then each table's changes and warnings. */
  message: string;
  /** Each table that failed or was not refreshed: "Sales_x: reason", then its warnings. */
  details: string[];
}

/**
 * The notice's words for a report: success when it went well; an error when no table was refreshed.
 * A seam: the words and colour for each kind of report and day, checked without rendering the notice on
 * a live store and clock (test/taskpane/lastRefreshNotice.test.ts).
 * @public
 */
export function refreshNoticeContent(
  report: RefreshAllReport,
  now: Date = new Date(),
  style: DateStyle = dateStyle(),
): RefreshNoticeContent {
  const notDone = report.outcomes.filter((o) => o.status === "failed" || o.status === "cancelled");
  const someDone = report.outcomes.some((o) => o.status !== "failed" && o.status !== "cancelled");
  const kept = report.outcomes.some((o) => o.status === "kept");
  const intent: MessageBarIntent = report.ok ? (kept ? "warning" : "success") : someDone ? "warning" : "error";
  return {
    intent,
    title: `${FROM[report.source]}, ${whenText(report.at, now, style)}:`,
    message: report.message,
    details: notDone.flatMap((o) => [`${o.tableName}: ${o.error ?? o.status}`, ...o.warnings]),
  };
}

/** The last ribbon or on-open Refresh all's report, until dismissed or replaced by the next Refresh all. */
export function LastRefreshNotice({ ops }: { ops: TableOperations }) {
  const styles = useStyles();
  const style = useDateStyle();
  const report = useSyncExternalStore(ops.onRefreshRecorded, ops.lastRefreshAll);
  const shown = report && report.source !== "pane" && !report.dismissed ? report : undefined;
  const ref = useRef<HTMLDivElement>(null);

  // A failed run opens the pane on this notice: bring the pane's top into view and the notice into focus, so a
  // screen reader reads it. A run that went well is only announced (role status), the focus left where it is.
  useEffect(() => {
    if (!shown || shown.ok) return;
    const bringIntoView = () => {
      ref.current?.closest("main")?.scrollIntoView({ block: "start" });
      ref.current?.focus({ preventScroll: true });
    };
    bringIntoView();
    // In Excel the pane may still be hidden (the shared runtime keeps it mounted): once more when it shows.
    const onShown = () => {
      if (document.visibilityState !== "visible") return;
      document.removeEventListener("visibilitychange", onShown);
      bringIntoView();
    };
    document.addEventListener("visibilitychange", onShown);
    return () => document.removeEventListener("visibilitychange", onShown);
  }, [shown]);

  if (!shown) return null;
  const content = refreshNoticeContent(shown, new Date(), style);
  return (
    <MessageBar
      ref={ref}
      tabIndex={-1}
      intent={content.intent}
      layout="multiline"
      role={shown.ok ? "status" : "alert"}
      aria-label="Last Refresh all"
    >
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>{content.title}</MessageBarTitle> {content.message}
        {content.details.length > 0 && (
          <ul className={styles.details}>
            {content.details.map((d, i) => (
              <li key={i}>{d}</li>
            ))}
          </ul>
        )}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            aria-label="Dismiss"
            icon={<DismissRegular />}
            onClick={() => ops.dismissRefreshAll(shown)}
          />
        }
      />
    </MessageBar>
  );
}
