// The managed tables' state: the list (read again after every action, and after a Refresh all run elsewhere),
// the refresh-on-open flag, what is running (a refresh with its progress and Cancel), and the last refresh's lines.
import { useCallback, useEffect, useRef, useState } from "react";
import type { RefreshProgress } from "../../refresh";
import { errorText } from "../messages";
import type { ManagedRow, RefreshLine, TableOperations } from "../operations";

/** A refresh running in the pane: the table it is at ("starting" while the saved queries are read), and Cancel. */
export interface RefreshRun {
  progress: RefreshProgress | "starting";
  /** Cancel was pressed: the table being written finishes, the rest are not started. */
  cancelling: boolean;
}

export function useManagedTables(ops: TableOperations, version: number) {
  const [rows, setRows] = useState<ManagedRow[]>([]);
  const [busy, setBusy] = useState(false);
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
  // A Refresh all run elsewhere (the ribbon, on open) changed the tables: read the list again.
  useEffect(() => {
    // By its outcomes: a dismissal copies the report, and a table's own outcome leaves it as it is.
    let seen = ops.lastRefreshAll()?.outcomes;
    return ops.onRefreshRecorded(() => {
      const now = ops.lastRefreshAll()?.outcomes;
      if (now !== seen) reload();
      seen = now;
    });
  }, [ops, reload]);
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

  /** Runs one action (the list is busy meanwhile), shows its refresh lines if any, then reads the list again. */
  async function act(work: () => Promise<RefreshLine[] | void>) {
    setBusy(true);
    setError(null);
    try {
      const result = await work();
      if (result) setLines(result);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
      reload();
    }
  }

  const refreshing = useRefreshRun(ops, act);
  return { rows, busy, lines, error, onOpen, toggleOnOpen, act, ...refreshing };
}

/** Refresh all and a card's Refresh, each through `act`, with their progress line and Cancel (Get data's kind). */
function useRefreshRun(ops: TableOperations, act: (work: () => Promise<RefreshLine[] | void>) => Promise<void>) {
  const [run, setRun] = useState<RefreshRun | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function tracked(start: RefreshRun["progress"], work: (signal: AbortSignal) => Promise<RefreshLine[]>) {
    const controller = new AbortController();
    abort.current = controller;
    setRun({ progress: start, cancelling: false });
    try {
      return await work(controller.signal);
    } finally {
      abort.current = null;
      setRun(null);
    }
  }

  const refreshAll = () =>
    act(() =>
      tracked("starting", (signal) =>
        ops.refreshAll({ signal, onProgress: (progress) => setRun((r) => r && { ...r, progress }) }),
      ),
    );
  const refreshOne = (tableName: string) =>
    act(() => tracked({ index: 1, total: 1, tableName }, async (signal) => [await ops.refresh(tableName, signal)]));
  function cancel() {
    abort.current?.abort();
    setRun((r) => r && { ...r, cancelling: true });
  }

  return { run, refreshAll, refreshOne, cancel };
}
