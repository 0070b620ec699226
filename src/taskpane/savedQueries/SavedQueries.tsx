// The tables this workbook pulls: what each asks for, when it was refreshed, and what to do with it.
import { Button, Checkbox, MessageBar, MessageBarBody, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { IsoDate } from "../../core/dates";
import type { TableOperations } from "../operations";
import { ManagedTableItem } from "./ManagedTableItem";
import { useManagedTables } from "./useManagedTables";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  header: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center", justifyContent: "space-between" },
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
});

export function SavedQueries({
  ops,
  version,
  today,
  connected,
  onEdit,
}: {
  ops: TableOperations;
  version: number;
  today: IsoDate;
  connected: boolean;
  /** Loads the table's saved query into the builder; a failure is shown with this section's other errors. */
  onEdit: (tableName: string) => Promise<void>;
}) {
  const styles = useStyles();
  const { rows, busy, lines, error, onOpen, toggleOnOpen, act } = useManagedTables(ops, version);

  return (
    <section className={styles.section} aria-labelledby="saved-title">
      <div className={styles.header}>
        <Text as="h2" weight="semibold" size={400} id="saved-title">
          Tables in this workbook
        </Text>
        <Button
          size="small"
          appearance="primary"
          disabled={!connected || rows.length === 0 || busy}
          onClick={() => void act(() => ops.refreshAll())}
        >
          Refresh all
        </Button>
      </div>
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
            onRefresh={() => void act(async () => [await ops.refresh(r.tableName)])}
            onEdit={() => void act(() => onEdit(r.tableName))}
            onGoTo={() => void act(() => ops.goTo(r.tableName))}
            onStopManaging={() => void act(() => ops.stopManaging(r.tableName))}
          />
        ))}
      </ul>
      {busy && <Text size={200}>Working…</Text>}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {lines.length > 0 && (
        <MessageBar intent={lines.every((l) => l.ok) ? "success" : "warning"} role="status">
          <MessageBarBody>
            {lines.map((l) => (
              <div key={l.tableName}>
                {l.tableName}: {l.text}
              </div>
            ))}
          </MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
