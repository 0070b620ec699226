// The connection's status line: Connected, Key rejected, Service unreachable (with the likely cause), Testing…;
// nothing before the first test (an untested connection is not a problem to say).
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
  const intent = status.kind === "connected" ? "success" : status.kind === "testing" ? "info" : "error";
  // The live region is there from the start (empty before the first test), so what it says later is announced.
  return (
    <div role="status" aria-live="polite">
      {status.kind !== "not-tested" && (
        <PaneMessage intent={intent}>
          <strong>{TEXT[status.kind]}</strong> {"message" in status ? status.message : ""}
        </PaneMessage>
      )}
    </div>
  );
}
