// The connection form's state: what is typed, the status line, and its buttons, which act through the
// pane's connection operations only.
import { useEffect, useState } from "react";
import { DEFAULT_PATHS, keyToSend, type EndpointPaths } from "../../api";
import { errorText } from "../messages";
import { connectionInputProblem, type ConnectionOperations } from "../operations";
import type { Status } from "./StatusLine";

/** A saved connection that could not be read is said, not silently replaced by an empty form. */
function damagedStatus(ops: ConnectionOperations): Status | undefined {
  const problem = ops.savedConnectionProblem();
  return problem ? { kind: "error", message: problem } : undefined;
}

export function useConnectionForm(ops: ConnectionOperations, onConnected: () => void) {
  const saved = ops.savedConnection();
  const [url, setUrl] = useState(saved?.baseUrl ?? "");
  const [key, setKey] = useState(saved?.apiKey ?? "");
  const [showKey, setShowKey] = useState(false);
  const [paths, setPaths] = useState<EndpointPaths>({ ...DEFAULT_PATHS, ...saved?.paths });
  const [status, setStatus] = useState<Status>(() => damagedStatus(ops) ?? { kind: "not-tested" });

  // The saved connection arrives after the first render (storage is asynchronous).
  useEffect(
    () =>
      ops.onConnectionChange((s) => {
        const damaged = damagedStatus(ops);
        if (damaged) setStatus((now) => (now.kind === "not-tested" ? damaged : now));
        if (!s) return;
        setUrl((u) => u || s.baseUrl);
        setKey((k) => k || s.apiKey);
        setPaths((p) => ({ ...p, ...s.paths }));
      }),
    [ops],
  );

  async function test(overrides?: { url: string; key: string }) {
    const settings = { baseUrl: (overrides?.url ?? url).trim(), apiKey: keyToSend(overrides?.key ?? key), paths };
    const problem = connectionInputProblem(settings);
    if (problem) return setStatus({ kind: "error", message: problem });
    setStatus({ kind: "testing" });
    let outcome: Status;
    try {
      outcome = await ops.testConnection(settings);
    } catch (e) {
      // Saving can fail too (storage blocked or full): the status line says so instead of staying on Testing….
      outcome = { kind: "error", message: errorText(e) };
    }
    setStatus(outcome);
    if (outcome.kind === "connected") onConnected();
  }

  async function forget() {
    try {
      await ops.forgetKey();
    } catch (e) {
      return setStatus({ kind: "error", message: errorText(e) });
    }
    setKey("");
    setShowKey(false);
    setStatus({ kind: "not-tested" });
  }

  return {
    saved,
    url,
    setUrl,
    key,
    setKey,
    showKey,
    toggleShowKey: () => setShowKey((v) => !v),
    paths,
    setPaths,
    status,
    test,
    forget,
  };
}
