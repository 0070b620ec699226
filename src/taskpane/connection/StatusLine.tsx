// The connection's status line: Connected, Key rejected, Service unreachable (with the likely cause), or Not tested.
import { PaneMessage } from "../PaneMessage";
import type { ConnectionOutcome } from "../operations";

export type Status = { kind: "not-tested" } | { kind: "testing" } | ConnectionOutcome;

const TEXT: Record<Status["kind"], string> = {
  "not-tested": "Not tested.",
  testing: "Testing…",
  connected: "Connected.",
  rejected: "Key rejected.",
  unreachable: "Service unreachable.",
  error: "Not connected.",
};

export function StatusLine({ status }: { status: Status }) {
  const intent =
    status.kind === "connected"
      ? "success"
      : status.kind === "not-tested" || status.kind === "testing"
        ? "info"
        : "error";
  return (
    <PaneMessage intent={intent} role="status" aria-live="polite">
      <strong>{TEXT[status.kind]}</strong> {"message" in status ? status.message : ""}
    </PaneMessage>
  );
}
