// The tables this workbook pulls: what each asks for, when it was refreshed, and what to do with it.
import { Button, Checkbox, MessageBar, MessageBarBody, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useCallback, useEffect, useState } from "react";
import { errorText } from "./messages";
import type { ManagedRow, RefreshLine, TableOperations } from "./operations";

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
  item: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
  },
  actions: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
});

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function SavedQueries({
  ops,
  version,
  connected,
  onEdit,
}: {
  ops: TableOperations;
  version: number;
  connected: boolean;
  onEdit: (tableName: string) => void;
}) {
  const styles = useStyles();
  const [rows, setRows] = useState<ManagedRow[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [lines, setLines] = useState<RefreshLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [onOpen, setOnOpen] = useState(false);

  useEffect(() => {
    void ops.getRefreshOnOpen().then(setOnOpen, () => undefined);
  }, [ops, version]);

  async function toggleOnOpen(on: boolean) {
    setError(null);
    try {
      await ops.setRefreshOnOpen(on);
      setOnOpen(on);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    ops.listManaged().then(
      (r) => live && (setRows(r), setError(null)),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [ops, version, reloads]);

  async function act(label: string, work: () => Promise<RefreshLine[] | void>) {
    setBusy(label);
    setError(null);
    try {
      const result = await work();
      if (result) setLines(result);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
      reload();
    }
  }

  return (
    <section className={styles.section} aria-labelledby="saved-title">
      <div className={styles.header}>
        <Text as="h2" weight="semibold" size={400} id="saved-title">
          Tables in this workbook
        </Text>
        <Button
          size="small"
          appearance="primary"
          disabled={!connected || rows.length === 0 || !!busy}
          onClick={() => void act("all", () => ops.refreshAll())}
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
        {rows.map((r) => (
          <li key={r.tableName} className={styles.item} aria-label={r.tableName}>
            <Text weight="semibold">{r.tableName}</Text>
            <Text size={200}>{r.summary}</Text>
            <Text size={200}>
              {r.rows.toLocaleString()} rows on {r.sheet} · last refreshed {when(r.lastRefreshedAt)}
              {r.window ? ` · window ${r.window.from} to ${r.window.to}` : ""}
            </Text>
            <div className={styles.actions}>
              <Button
                size="small"
                disabled={!connected || !!busy}
                onClick={() => void act(r.tableName, async () => [await ops.refresh(r.tableName)])}
                aria-label={`Refresh ${r.tableName}`}
              >
                Refresh
              </Button>
              <Button
                size="small"
                disabled={!!busy}
                onClick={() => onEdit(r.tableName)}
                aria-label={`Edit ${r.tableName}`}
              >
                Edit
              </Button>
              <Button
                size="small"
                disabled={!!busy}
                onClick={() => void act("goto", () => ops.goTo(r.tableName))}
                aria-label={`Go to ${r.tableName}`}
              >
                Go to
              </Button>
              <Button
                size="small"
                disabled={!!busy}
                onClick={() => void act("stop", () => ops.stopManaging(r.tableName))}
                aria-label={`Stop managing ${r.tableName}`}
              >
                Stop managing
              </Button>
            </div>
          </li>
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
