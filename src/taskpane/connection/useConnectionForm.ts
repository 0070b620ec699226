// The connection form's state: what is typed, the status line, and its buttons, which act through the
// pane's connection operations only.
import { useEffect, useState } from "react";
import { DEFAULT_PATHS, type EndpointPaths } from "../../api";
import { connectionInputProblem, type ConnectionOperations } from "../operations";
import type { Status } from "./StatusLine";

export function useConnectionForm(ops: ConnectionOperations, onConnected: () => void) {
  const saved = ops.savedConnection();
  const [url, setUrl] = useState(saved?.baseUrl ?? "");
  const [key, setKey] = useState(saved?.apiKey ?? "");
  const [showKey, setShowKey] = useState(false);
  const [paths, setPaths] = useState<EndpointPaths>({ ...DEFAULT_PATHS, ...saved?.paths });
  const [status, setStatus] = useState<Status>({ kind: "not-tested" });

  // The saved connection arrives after the first render (storage is asynchronous).
  useEffect(
    () =>
      ops.onConnectionChange((s) => {
        if (!s) return;
        setUrl((u) => u || s.baseUrl);
        setKey((k) => k || s.apiKey);
        setPaths((p) => ({ ...p, ...s.paths }));
      }),
    [ops],
  );

  async function test(overrides?: { url: string; key: string }) {
    const settings = { baseUrl: (overrides?.url ?? url).trim(), apiKey: (overrides?.key ?? key).trim(), paths };
    const problem = connectionInputProblem(settings);
    if (problem) return setStatus({ kind: "error", message: problem });
    setStatus({ kind: "testing" });
    const outcome = await ops.testConnection(settings);
    setStatus(outcome);
    if (outcome.kind === "connected") onConnected();
  }

  async function forget() {
    await ops.forgetKey();
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
