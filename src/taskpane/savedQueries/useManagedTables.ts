// The managed tables' state: the list (read again after every action, and after a Refresh all run elsewhere),
// the refresh-on-open flag, what is running (a refresh with its progress and Cancel), and the last refresh's lines.
import { useCallback, useEffect, useRef, useState } from "react";
import type { RefreshProgress } from "../../refresh";
import { errorText } from "../messages";
import type { ManagedRow, RefreshLine, TableOperations } from "../operations";

/** The refresh lines to show, or how to make them of the lines shown. */
type Lines = RefreshLine[] | ((shown: RefreshLine[]) => RefreshLine[]);

/**
 * A refresh running in the pane: Refresh all's tables read and written ("starting" while the saved queries are
 * read), or the one table a card's Refresh refreshes; and Cancel.
 */
export interface RefreshRun {
  progress: RefreshProgress | { one: string } | "starting";
  /** Cancel was pressed: the table being written finishes, the rest are not started. */
  cancelling: boolean;
}

/** `onReport` is told whenever an action shows its lines or its error. */
export function useManagedTables(ops: TableOperations, version: number, onReport?: () => void) {
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

  /**
   * Runs one action (the list is busy meanwhile), shows its refresh lines if any (or, given a function, the lines
   * it makes of those shown), then reads the list again.
   */
  async function act(work: () => Promise<Lines | void>) {
    setBusy(true);
    setError(null);
    try {
      const result = await work();
      if (result) {
        setLines(result);
        onReport?.();
      }
    } catch (e) {
      setError(errorText(e));
      onReport?.();
    } finally {
      setBusy(false);
      reload();
    }
  }

  const refreshing = useRefreshRun(ops, act);
  return { rows, busy, lines, error, onOpen, toggleOnOpen, act, ...refreshing };
}

/** Refresh all, a card's Refresh and a held line's Refresh anyway, each through `act`, with their progress line and Cancel (Get data's kind). */
function useRefreshRun(ops: TableOperations, act: (work: () => Promise<Lines | void>) => Promise<void>) {
  const [run, setRun] = useState<RefreshRun | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function tracked<T>(start: RefreshRun["progress"], work: (signal: AbortSignal) => Promise<T>) {
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
    act(() => tracked({ one: tableName }, async (signal) => [await ops.refresh(tableName, signal)]));
  /**
   * "Refresh anyway" on a held line: that table written even though it loses the stored rows, or changes the
   * units, the line showed (no more: a refresh that would now remove more, or change another unit, is held again,
   * and its new line, with its own button, shows what); its new line in place.
   */
  const refreshAnyway = ({ tableName, refreshAnyway: shown }: RefreshLine) =>
    act(() =>
      tracked({ one: tableName }, async (signal) => {
        const line = await ops.refresh(tableName, signal, { anyway: shown ?? false });
        return (shown: RefreshLine[]) =>
          shown.some((l) => l.tableName === tableName)
            ? shown.map((l) => (l.tableName === tableName ? line : l))
            : [line];
      }),
    );
  function cancel() {
    abort.current?.abort();
    setRun((r) => r && { ...r, cancelling: true });
  }

  return { run, refreshAll, refreshOne, refreshAnyway, cancel };
}
