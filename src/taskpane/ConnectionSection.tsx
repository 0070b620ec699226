// Connection: service URL, API key (masked), endpoint paths, Test connection, Forget key, status line.
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { EyeOffRegular, EyeRegular } from "@fluentui/react-icons";
import { useEffect, useState } from "react";
import { createClient, DEFAULT_PATHS, SalesApiError, type EndpointPaths } from "../api";
import { checkServiceUrl, errorText } from "./messages";
import type { PaneServices } from "./services";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  paths: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
});

type Status =
  | { kind: "not-tested" }
  | { kind: "testing" }
  | { kind: "connected" }
  | { kind: "rejected"; message: string }
  | { kind: "unreachable"; message: string }
  | { kind: "error"; message: string };

const PATH_LABELS: [keyof EndpointPaths, string][] = [
  ["test", "Connection test path"],
  ["list", "List path"],
  ["data", "Data path"],
  ["actions", "Actions path"],
];

export function ConnectionSection({ services, onConnected }: { services: PaneServices; onConnected: () => void }) {
  const styles = useStyles();
  const { session, simulator } = services;
  const saved = session.connection();
  const [url, setUrl] = useState(saved?.baseUrl ?? "");
  const [key, setKey] = useState(saved?.apiKey ?? "");
  const [showKey, setShowKey] = useState(false);
  const [paths, setPaths] = useState<EndpointPaths>({ ...DEFAULT_PATHS, ...saved?.paths });
  const [status, setStatus] = useState<Status>({ kind: "not-tested" });
  const urlProblem = url ? checkServiceUrl(url) : null;

  // The saved connection arrives after the first render (storage is asynchronous).
  useEffect(
    () =>
      session.onChange((s) => {
        if (!s) return;
        setUrl((u) => u || s.baseUrl);
        setKey((k) => k || s.apiKey);
        setPaths((p) => ({ ...p, ...s.paths }));
      }),
    [session],
  );

  async function test(overrides?: { url: string; key: string }) {
    const baseUrl = (overrides?.url ?? url).trim();
    const apiKey = (overrides?.key ?? key).trim();
    const problem = checkServiceUrl(baseUrl);
    if (problem) return setStatus({ kind: "error", message: problem });
    if (!apiKey)
      return setStatus({
        kind: "error",
        message: "Enter your API key. An admin of your account creates keys in the service's dashboard.",
      });
    setStatus({ kind: "testing" });
    try {
      // Tested before it is saved: a rejected key never replaces the one that works.
      await createClient({ baseUrl, apiKey, paths }).testConnection();
      await session.save({ baseUrl, apiKey, paths });
      setStatus({ kind: "connected" });
      onConnected();
    } catch (err) {
      const message = errorText(err);
      if (err instanceof SalesApiError && err.kind === "auth") setStatus({ kind: "rejected", message });
      else if (err instanceof SalesApiError && (err.kind === "network" || err.kind === "timeout")) {
        // Kept for later only when nothing is saved yet: an untested URL never replaces a working connection.
        if (!session.connection()?.apiKey) await session.save({ baseUrl, apiKey, paths });
        setStatus({ kind: "unreachable", message });
      } else setStatus({ kind: "error", message });
    }
  }

  async function forget() {
    await session.forgetKey();
    setKey("");
    setShowKey(false);
    setStatus({ kind: "not-tested" });
  }

  function useSimulator() {
    if (!simulator) return;
    setUrl(simulator.url);
    setKey(simulator.apiKey);
    void test({ url: simulator.url, key: simulator.apiKey });
  }

  return (
    <section className={styles.section} aria-labelledby="connection-title">
      <Text as="h2" weight="semibold" size={400} id="connection-title">
        Connection
      </Text>
      {simulator && !saved?.apiKey && status.kind !== "connected" && (
        <MessageBar intent="info">
          <MessageBarBody>
            No service yet? This development build includes a simulator with demo data.{" "}
            <Button size="small" appearance="primary" onClick={useSimulator}>
              Use the simulator
            </Button>
          </MessageBarBody>
        </MessageBar>
      )}
      <Field
        label="Service URL"
        validationMessage={urlProblem ?? undefined}
        validationState={urlProblem ? "error" : "none"}
      >
        <Input value={url} onChange={(_, d) => setUrl(d.value)} placeholder="https://sales.example.com" type="url" />
      </Field>
      <Field label="API key" hint="Kept for you on this device only, never in the workbook.">
        <Input
          value={key}
          onChange={(_, d) => setKey(d.value)}
          type={showKey ? "text" : "password"}
          autoComplete="off"
          contentAfter={
            <Button
              appearance="transparent"
              size="small"
              icon={showKey ? <EyeOffRegular /> : <EyeRegular />}
              aria-label={showKey ? "Hide API key" : "Show API key"}
              aria-pressed={showKey}
              onClick={() => setShowKey((v) => !v)}
            />
          }
        />
      </Field>
      <Accordion collapsible>
        <AccordionItem value="paths">
          <AccordionHeader size="small">Endpoint paths</AccordionHeader>
          <AccordionPanel className={styles.paths}>
            {PATH_LABELS.map(([id, label]) => (
              <Field key={id} label={label} size="small">
                <Input size="small" value={paths[id]} onChange={(_, d) => setPaths((p) => ({ ...p, [id]: d.value }))} />
              </Field>
            ))}
            <Button size="small" onClick={() => setPaths(DEFAULT_PATHS)}>
              Reset paths
            </Button>
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => void test()} disabled={status.kind === "testing"}>
          Test connection
        </Button>
        <Button onClick={() => void forget()}>Forget key</Button>
      </div>
      <StatusLine status={status} />
    </section>
  );
}

function StatusLine({ status }: { status: Status }) {
  const text: Record<Status["kind"], string> = {
    "not-tested": "Not tested.",
    testing: "Testing…",
    connected: "Connected.",
    rejected: "Key rejected.",
    unreachable: "Service unreachable.",
    error: "Not connected.",
  };
  const intent =
    status.kind === "connected"
      ? "success"
      : status.kind === "not-tested" || status.kind === "testing"
        ? "info"
        : "error";
  return (
    <MessageBar intent={intent} role="status" aria-live="polite">
      <MessageBarBody>
        <strong>{text[status.kind]}</strong> {"message" in status ? status.message : ""}
      </MessageBarBody>
    </MessageBar>
  );
}
