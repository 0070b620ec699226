// Connection: service URL, API key (masked), endpoint paths, Test connection, Forget key, status line.
import { Button, Field, Input, Text, makeStyles, tokens } from "@fluentui/react-components";
import { checkServiceUrl } from "../messages";
import { PaneMessage } from "../PaneMessage";
import type { ConnectionOperations } from "../operations";
import type { PaneServices } from "../paneServices";
import { ApiKeyField } from "./ApiKeyField";
import { EndpointPathsField } from "./EndpointPathsField";
import { StatusLine } from "./StatusLine";
import { useConnectionForm } from "./useConnectionForm";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

export function ConnectionSection({
  ops,
  simulator,
  unreachable,
  onConnected,
}: {
  ops: ConnectionOperations;
  simulator?: PaneServices["simulator"];
  /** The service could not be reached reading its lists: said here, the one place a connection's state is said. */
  unreachable?: string;
  onConnected: () => void;
}) {
  const styles = useStyles();
  const c = useConnectionForm(ops, onConnected);
  // What the status line says: the test's outcome, unless the lists found the service unreachable since.
  const status =
    unreachable && (c.status.kind === "not-tested" || c.status.kind === "connected")
      ? { kind: "unreachable" as const, message: unreachable }
      : c.status;
  const urlProblem = c.url ? checkServiceUrl(c.url) : null;

  function useSimulator() {
    if (!simulator) return;
    c.setUrl(simulator.url);
    c.setKey(simulator.apiKey);
    void c.test({ url: simulator.url, key: simulator.apiKey });
  }

  return (
    <section className={styles.section} aria-labelledby="connection-title">
      <Text as="h2" weight="semibold" size={400} id="connection-title">
        Connection
      </Text>
      {simulator && !c.saved?.apiKey && c.status.kind !== "connected" && (
        <PaneMessage intent="info">
          No service yet? This development build includes a simulator with demo data.{" "}
          <Button size="small" appearance="primary" onClick={useSimulator}>
            Use the simulator
          </Button>
        </PaneMessage>
      )}
      <Field
        label="Service URL"
        validationMessage={urlProblem ?? undefined}
        validationState={urlProblem ? "error" : "none"}
      >
        <Input
          value={c.url}
          onChange={(_, d) => c.setUrl(d.value)}
          placeholder="https://sales.example.com"
          type="url"
          title={c.url || undefined} // a long address is shortened in the field: whole on hover
        />
      </Field>
      <ApiKeyField value={c.key} onChange={c.setKey} shown={c.showKey} onToggleShown={c.toggleShowKey} />
      <EndpointPathsField paths={c.paths} setPaths={c.setPaths} />
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => void c.test()} disabled={c.status.kind === "testing"}>
          Test connection
        </Button>
        <Button onClick={() => void c.forget()}>Forget key</Button>
      </div>
      <StatusLine status={status} />
    </section>
  );
}
