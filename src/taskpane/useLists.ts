// The service's own lists, fetched once per retailer through the session's client (which keeps them for
// the session) and reloaded on request.
import { useCallback, useEffect, useState } from "react";
import type { FiltersRecord, MetricsRecord } from "../api";
import type { Session } from "../session";
import { errorText } from "./messages";

export interface Lists {
  retailers: string[];
  metrics?: MetricsRecord[];
  filters?: FiltersRecord;
  error?: string;
  reload(): void;
}

export function useLists(session: Session, retailer: string, connectedVersion: number): Lists {
  const [retailers, setRetailers] = useState<string[]>([]);
  const [metrics, setMetrics] = useState<MetricsRecord[] | undefined>();
  const [filters, setFilters] = useState<FiltersRecord | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (!session.hasKey()) return;
    let live = true;
    session
      .client()
      .listRetailers()
      .then(
        (r) => live && (setRetailers(r), setError(undefined)),
        (e) => live && setError(errorText(e)),
      );
    return () => {
      live = false;
    };
  }, [session, connectedVersion, reloads]);

  useEffect(() => {
    setMetrics(undefined);
    setFilters(undefined);
    if (!session.hasKey() || !retailer || retailer.toLowerCase() === "all") return;
    let live = true;
    const client = session.client();
    Promise.all([client.listMetrics(retailer), client.listFilters(retailer)]).then(
      ([m, f]) => live && (setMetrics(m), setFilters(f), setError(undefined)),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [session, retailer, connectedVersion, reloads]);

  const reload = useCallback(() => {
    if (session.hasKey()) session.client().clearLists();
    setReloads((n) => n + 1);
  }, [session]);

  return { retailers, metrics, filters, error, reload };
}
