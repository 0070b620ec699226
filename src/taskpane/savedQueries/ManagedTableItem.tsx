// One managed table: its name, query summary, rows and sheet, last refresh and the days it re-read (said once: here,
// or in the trend's legend when the chart marks them), the dates it is missing, the trend of its first metric with
// the last refresh's change (unless the section's refresh line says it), and Refresh, Edit, Go to, Copy for sync
// and Stop managing.
import { Button, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import type { DateRange, IsoDate } from "../../core/dates";
import type { CardTrend } from "../operations/trendOperations";
import type { MetricChange } from "../../core/refresh/revisions";
import type { ManagedRow } from "../operations";
import { TrendChart, marksRereadDays } from "./TrendChart";
import { provisionalText } from "../../core/refresh/provisional";
import type { DateStyle } from "../../core/words";
import { useDateStyle } from "../dateStyle";

const useStyles = makeStyles({
  item: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
  },
  actions: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
  // Missing dates can be a long list: wrapped, never clipped, at the pane's 320 px.
  missing: { color: tokens.colorPaletteDarkOrangeForeground1, overflowWrap: "anywhere" },
});

/** A moment in the pane's date style, in the reader's time zone: "28/11/2026, 10:07". */
function when(iso: string, style: DateStyle): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : style.moment(d);
}

export function ManagedTableItem({
  row: r,
  today,
  connected,
  busy,
  onRefresh,
  onEdit,
  onGoTo,
  onCopyForSync,
  onStopManaging,
  loadTrend,
  changes,
}: {
  row: ManagedRow;
  /** The service's today (the session's), for how missing dates are worded. */
  today: IsoDate;
  connected: boolean;
  busy: boolean;
  onRefresh: () => void;
  onEdit: () => void;
  onGoTo: () => void;
  /** Copies the table's query as a sync-file entry (`sales-data sync`). */
  onCopyForSync: () => void;
  onStopManaging: () => void;
  /** Reads the table's trend from the workbook (one sync); undefined when it cannot be read. */
  loadTrend: () => Promise<CardTrend | undefined>;
  /**
   * What the table's latest refresh in this session changed, per metric (the trend shows its metric's); undefined
   * while the section's refresh line for the table says it.
   */
  changes?: readonly MetricChange[];
}) {
  const styles = useStyles();
  const style = useDateStyle();
  // Read again whenever a refresh changed the table (its last refresh time or its rows).
  const trend = useTrend(loadTrend, r.problem === undefined ? `${r.lastRefreshedAt}|${r.rows}` : undefined);
  if (r.problem !== undefined) return <ProblemItem row={r} busy={busy} onStopManaging={onStopManaging} />;
  return (
    <li className={styles.item} aria-label={r.tableName}>
      <Text weight="semibold">{r.tableName}</Text>
      <Text size={200}>{r.summary}</Text>
      <Text size={200}>
        {r.rows.toLocaleString()} {r.rows === 1 ? "row" : "rows"} on sheet {r.sheet} · last refreshed{" "}
        {when(r.lastRefreshedAt, style)}
        {r.window && !(trend && marksRereadDays(trend)) ? ` · days re-read: ${style.range(r.window)}` : ""}
      </Text>
      {r.gaps && r.gaps.length > 0 && (
        <Text size={200} className={styles.missing}>
          Missing: {r.gaps.map((g) => style.range(g)).join("; ")}
        </Text>
      )}
      {r.provisional?.map((p) => (
        <Text key={p.from} size={200} className={styles.missing}>
          {provisionalText(p as DateRange, today)}
        </Text>
      ))}
      {trend && <TrendChart trend={trend} change={changes?.find((c) => c.metric === trend.metric)} />}
      <div className={styles.actions}>
        <Button size="small" disabled={!connected || busy} onClick={onRefresh} aria-label={`Refresh ${r.tableName}`}>
          Refresh
        </Button>
        <Button size="small" disabled={busy} onClick={onEdit} aria-label={`Edit ${r.tableName}`}>
          Edit
        </Button>
        <Button size="small" disabled={busy} onClick={onGoTo} aria-label={`Go to ${r.tableName}`}>
          Go to
        </Button>
        <Button size="small" disabled={busy} onClick={onCopyForSync} aria-label={`Copy for sync ${r.tableName}`}>
          Copy for sync
        </Button>
        <Button size="small" disabled={busy} onClick={onStopManaging} aria-label={`Stop managing ${r.tableName}`}>
          Stop managing
        </Button>
      </div>
    </li>
  );
}

/** The card's trend, read when the card shows and again when `version` changes; undefined until it arrives. */
function useTrend(load: () => Promise<CardTrend | undefined>, version: string | undefined): CardTrend | undefined {
  const [trend, setTrend] = useState<CardTrend | undefined>(undefined);
  useEffect(() => {
    if (version === undefined) return;
    let live = true;
    load().then(
      (t) => live && setTrend(t),
      () => live && setTrend(undefined),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure on each render; the table's version says when to read again.
  }, [version]);
  return trend;
}

/** A saved query that cannot be refreshed (damaged, table deleted): what is wrong, and Stop managing. */
function ProblemItem({ row: r, busy, onStopManaging }: { row: ManagedRow; busy: boolean; onStopManaging: () => void }) {
  const styles = useStyles();
  const name = r.tableName || "A saved query without a table name";
  return (
    <li className={styles.item} aria-label={name}>
      <Text weight="semibold">{name}</Text>
      <Text size={200} style={{ color: tokens.colorPaletteRedForeground1 }}>
        {r.problem}
      </Text>
      {r.tableName && (
        <div className={styles.actions}>
          <Button size="small" disabled={busy} onClick={onStopManaging} aria-label={`Stop managing ${r.tableName}`}>
            Stop managing
          </Button>
        </div>
      )}
    </li>
  );
}
