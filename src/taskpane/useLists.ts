// The service's own lists, fetched once per retailer through the session's client (which keeps them for
// the session) and reloaded on request. With several retailers chosen, each one's metrics list is kept apart
// (each is validated against its own) and View by offers the union of their filters lists.
import { useCallback, useEffect, useMemo, useState } from "react";
import { SalesApiError, type FiltersRecord, type MetricsRecord } from "../api";
import { FILTER_FIELDS } from "../core/query/args";
import type { Session } from "../session";
import { errorText } from "./messages";

export interface Lists {
  retailers: string[];
  /** Each chosen retailer's metrics list, once loaded (none for `all`). */
  metrics: ReadonlyMap<string, MetricsRecord[]>;
  /** The chosen retailers' filters lists: each field's values, the first retailer's first, then what the others
   * add. Undefined until one has loaded. */
  filters?: FiltersRecord;
  /** Why a list could not be read, when the service answered (said in Get data). */
  error?: string;
  /** The service could not be reached: said once, by Connection's status line (never again in Get data). */
  unreachable?: string;
  reload(): void;
}

/** A failure to read a list: unreachable (network, timeout) or anything else. */
interface ListsFailure {
  message: string;
  unreachable: boolean;
}

const failureOf = (e: unknown): ListsFailure => ({
  message: errorText(e),
  unreachable: e instanceof SalesApiError && (e.kind === "network" || e.kind === "timeout"),
});

interface RetailerLists {
  metrics: MetricsRecord[];
  filters: FiltersRecord;
}

export function useLists(session: Session, chosen: readonly string[], connectedVersion: number): Lists {
  const [retailers, setRetailers] = useState<string[]>([]);
  // Every retailer read so far in this connection (the client keeps them too): adding a second retailer does
  // not blank the first one's lists while the second's arrive.
  const [loaded, setLoaded] = useState<ReadonlyMap<string, RetailerLists>>(new Map());
  const [error, setError] = useState<ListsFailure | undefined>();
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (!session.hasKey()) return;
    let live = true;
    session
      .client()
      .listRetailers()
      .then(
        (r) => live && (setRetailers(r), setError(undefined)),
        (e) => live && setError(failureOf(e)),
      );
    return () => {
      live = false;
    };
  }, [session, connectedVersion, reloads]);

  // A new connection or "Reload lists" forgets what was read.
  useEffect(() => setLoaded(new Map()), [connectedVersion, reloads]);

  const key = chosen.join("\n");
  useEffect(() => {
    const wanted = key.split("\n").filter((r) => r !== "" && r.toLowerCase() !== "all");
    if (!session.hasKey() || wanted.length === 0) return;
    let live = true;
    const client = session.client();
    for (const retailer of wanted)
      Promise.all([client.listMetrics(retailer), client.listFilters(retailer)]).then(
        ([metrics, filters]) => {
          if (!live) return;
          setLoaded((before) => (before.has(retailer) ? before : new Map(before).set(retailer, { metrics, filters })));
          setError(undefined);
        },
        (e) => live && setError(failureOf(e)),
      );
    return () => {
      live = false;
    };
  }, [session, key, connectedVersion, reloads]);

  const { metrics, filters } = useMemo(() => {
    const names = key.split("\n").filter((r) => loaded.has(r));
    const byRetailer = new Map(names.map((r) => [r, loaded.get(r)!.metrics]));
    return { metrics: byRetailer, filters: unionFilters(names.map((r) => loaded.get(r)!.filters)) };
  }, [key, loaded]);

  const reload = useCallback(() => {
    if (session.hasKey()) session.client().clearLists();
    setReloads((n) => n + 1);
  }, [session]);

  return {
    retailers,
    metrics,
    filters,
    error: error && !error.unreachable ? error.message : undefined,
    unreachable: error?.unreachable ? error.message : undefined,
    reload,
  };
}

/** One filters record: each field's values in the first list's order, then the values the others add. */
function unionFilters(lists: readonly FiltersRecord[]): FiltersRecord | undefined {
  if (lists.length <= 1) return lists[0];
  const union = { ...lists[0] };
  for (const field of FILTER_FIELDS) union[field] = [...new Set(lists.flatMap((l) => l[field]))];
  return union;
}
