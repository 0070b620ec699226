// The managed tables' state: the list (read again after every action), the refresh-on-open flag, what is
// running, and the last refresh's lines.
import { useCallback, useEffect, useState } from "react";
import { errorText } from "../messages";
import type { ManagedRow, RefreshLine, TableOperations } from "../operations";

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

  return { rows, busy, lines, error, onOpen, toggleOnOpen, act };
}
