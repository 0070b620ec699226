// The tables this workbook pulls: what each asks for, when it was refreshed, and what to do with it; a refresh's
// progress with Cancel while it runs, and its lines after.
import { Button, Checkbox, ProgressBar, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { IsoDate } from "../../core/dates";
import { andList } from "../../core/words";
import { UserError } from "../../core/errorText";
import type { RefreshLine, TableOperations, TrendOperations } from "../operations";
import { PaneMessage } from "../PaneMessage";
import { paneMetric } from "../paneWords";
import { ManagedTableItem } from "./ManagedTableItem";
import { useManagedTables, type RefreshRun } from "./useManagedTables";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  header: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center", justifyContent: "space-between" },
  // "Refresh all" on one line at 320 px: the heading wraps instead.
  headerButton: { flexShrink: 0 },
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
  progress: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  progressRow: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center" },
  // Table names can be 80 characters without a space: they wrap anywhere, never widen the pane.
  wrap: { overflowWrap: "anywhere", minWidth: 0, flexGrow: 1 },
  // A held line: its words, then "Refresh anyway" under them at its own width (never cut at 320 px).
  held: {
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
    marginBottom: tokens.spacingVerticalXS,
  },
  // "Stop asking for revenue, units and ...": wraps inside the pane rather than being cut at 320 px.
  offer: { maxWidth: "100%", height: "auto", whiteSpace: "normal", overflowWrap: "anywhere", textAlign: "start" },
});

/**
 * Refresh all: "12 of 20 written, 6 reading" (", 1 failed"); a card's Refresh: "Refreshing 1 of 1: Sales_x";
 * after Cancel, what is being cancelled.
 */
function progressText({ progress: p, cancelling }: RefreshRun): string {
  if (p === "starting") return cancelling ? "Cancelling…" : "Reading the tables' saved queries…";
  if ("one" in p) return cancelling ? `Cancelling the refresh of ${p.one}…` : `Refreshing 1 of 1: ${p.one}`;
  if (cancelling)
    return `Cancelling: ${p.written} of ${p.total} written; the tables not written are left as they were…`;
  const failed = p.failed ? `, ${p.failed} failed` : "";
  return `${p.written} of ${p.total} written, ${p.reading} reading${failed}`;
}

/**
 * A table's refresh line: "Sales_x: rewrote ..."; a refresh held because it would remove stored rows says what
 * it would remove and offers "Refresh anyway" (that table written all the same, its new line in place); a table
 * whose metric columns the user deleted offers "Stop asking for units" (its saved query then matches the table).
 */
function RefreshLineItem({
  line: l,
  disabled,
  onRefreshAnyway,
  onStopAsking,
}: {
  line: RefreshLine;
  disabled: boolean;
  onRefreshAnyway: () => void;
  onStopAsking: () => void;
}) {
  const styles = useStyles();
  const text = (
    <div className={styles.wrap}>
      {l.tableName}: {l.text}
    </div>
  );
  if (!l.refreshAnyway && !l.stopAsking) return text;
  return (
    <div className={styles.held}>
      {text}
      {l.refreshAnyway && (
        <Button size="small" disabled={disabled} onClick={onRefreshAnyway} aria-label={`Refresh anyway ${l.tableName}`}>
          Refresh anyway
        </Button>
      )}
      {l.stopAsking && (
        <Button size="small" disabled={disabled} onClick={onStopAsking} className={styles.offer}>
          Stop asking for {andList(l.stopAsking.map(paneMetric))}
        </Button>
      )}
    </div>
  );
}

/** The lines shown with `line` in place of its table's. */
const replaceLine = (line: RefreshLine) => (shown: RefreshLine[]) =>
  shown.map((l) => (l.tableName === line.tableName ? line : l));

/**
 * "Copy for sync": the table's query as a sync-file entry on the clipboard, and a line saying where it goes. The
 * clipboard is the browser's (Excel's web view); a host that refuses it is said in words.
 */
async function copyForSync(ops: TableOperations, tableName: string): Promise<RefreshLine[]> {
  const entry = await ops.syncEntryOf(tableName);
  if (entry === undefined) return [{ tableName, ok: false, text: "This table is no longer managed." }];
  try {
    await navigator.clipboard.writeText(entry);
  } catch {
    throw new UserError(
      "Excel did not let the add-in write to the clipboard here, so nothing was copied. Try again in Excel on the web or a newer Excel.",
    );
  }
  return [
    {
      tableName,
      ok: true,
      text: 'its query was copied for sync. Paste it into the "tables" list of a sync file and run: npx sales-data sync <file>.',
    },
  ];
}

/** Where a refresh is, with Cancel: Get data's progress bar and Cancel, by table. */
function RefreshProgressLine({ run, onCancel }: { run: RefreshRun; onCancel: () => void }) {
  const styles = useStyles();
  const p = run.progress;
  // Tables ended of the total; moving (no value) while the saved queries are read and for a single table.
  const value = p === "starting" || "one" in p || p.total <= 1 ? undefined : (p.written + p.failed) / p.total;
  return (
    <div className={styles.progress}>
      <ProgressBar value={value} aria-label="Refreshing the tables" />
      <div className={styles.progressRow}>
        <Text size={200} className={styles.wrap} role="status">
          {progressText(run)}
        </Text>
        <Button size="small" onClick={onCancel} disabled={run.cancelling}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** What a table's latest refresh changed, for its card; undefined while its refresh line below says it already. */
function cardChanges(ops: TableOperations, lines: readonly RefreshLine[], tableName: string) {
  return lines.some((l) => l.tableName === tableName) ? undefined : ops.latestOutcome(tableName)?.changes;
}

interface SavedQueriesProps {
  ops: TableOperations & TrendOperations;
  version: number;
  today: IsoDate;
  connected: boolean;
  /** Loads the table's saved query into the builder; a failure is shown with this section's other errors. */
  onEdit: (tableName: string) => Promise<void>;
  /** Told when this section shows a refresh's lines or an error. */
  onReport?: () => void;
}

export function SavedQueries({ ops, version, today, connected, onEdit, onReport }: SavedQueriesProps) {
  const styles = useStyles();
  const { rows, busy, lines, error, onOpen, toggleOnOpen, act, run, refreshAll, refreshOne, refreshAnyway, cancel } =
    useManagedTables(ops, version, onReport);

  return (
    <section className={styles.section} aria-labelledby="saved-title">
      <div className={styles.header}>
        <Text as="h2" weight="semibold" size={400} id="saved-title">
          Tables in this workbook
        </Text>
        <Button
          size="small"
          appearance="primary"
          className={styles.headerButton}
          disabled={!connected || rows.length === 0 || busy}
          onClick={() => void refreshAll()}
        >
          Refresh all
        </Button>
      </div>
      {run && <RefreshProgressLine run={run} onCancel={cancel} />}
      <Checkbox
        checked={onOpen}
        onChange={(_, d) => void toggleOnOpen(!!d.checked)}
        label="Refresh when this workbook opens"
      />
      {rows.length === 0 && (
        <Text size={200}>No tables yet. Tables you get with the builder appear here, with their queries.</Text>
      )}
      <ul className={styles.list} aria-label="Managed tables">
        {rows.map((r, i) => (
          <ManagedTableItem
            key={`${i}:${r.tableName}`}
            row={r}
            today={today}
            connected={connected}
            busy={busy}
            onRefresh={() => void refreshOne(r.tableName)}
            onEdit={() => void act(() => onEdit(r.tableName))}
            onGoTo={() => void act(() => ops.goTo(r.tableName))}
            onCopyForSync={() => void act(() => copyForSync(ops, r.tableName))}
            onStopManaging={() => void act(() => ops.stopManaging(r.tableName))}
            loadTrend={() => ops.trendOf(r.tableName)}
            changes={cardChanges(ops, lines, r.tableName)}
          />
        ))}
      </ul>
      {busy && !run && <Text size={200}>Working…</Text>}
      {error && <PaneMessage intent="error">{error}</PaneMessage>}
      {lines.length > 0 && (
        <PaneMessage intent={lines.every((l) => l.ok) ? "success" : "warning"} role="status">
          {lines.map((l) => (
            <RefreshLineItem
              key={l.tableName}
              line={l}
              disabled={!connected || busy}
              onRefreshAnyway={() => void refreshAnyway(l)}
              onStopAsking={() =>
                void act(async () => replaceLine(await ops.stopAsking(l.tableName, l.stopAsking ?? [])))
              }
            />
          ))}
        </PaneMessage>
      )}
    </section>
  );
}
