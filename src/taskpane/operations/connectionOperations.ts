// The connection's operations: the test that decides whether settings are saved, and Forget key.
import { createClient, keyToSend, SalesApiError } from "../../api";
import type { ConnectionSettings, Session } from "../../session";
import { checkServiceUrl, errorText } from "../messages";
import type { ConnectionOperations, ConnectionOutcome } from "./types";

const NO_KEY_ENTERED = "Enter your API key. An admin of your account creates keys in the service's dashboard.";

/** What is wrong with the typed URL and key before anything is sent, or null. */
export function connectionInputProblem(settings: ConnectionSettings): string | null {
  return checkServiceUrl(settings.baseUrl) ?? (settings.apiKey ? null : NO_KEY_ENTERED);
}

export function connectionOperations(session: Session): ConnectionOperations {
  return {
    savedConnection: () => session.connection(),
    savedConnectionProblem: () => session.loadProblem(),
    onConnectionChange: (listener) => session.onChange(listener),

    async testConnection(typed): Promise<ConnectionOutcome> {
      const settings = { ...typed, baseUrl: typed.baseUrl.trim(), apiKey: keyToSend(typed.apiKey) };
      const problem = connectionInputProblem(settings);
      if (problem) return { kind: "error", message: problem };
      try {
        // Tested before it is saved: a rejected key never replaces the one that works.
        await createClient(settings).testConnection();
        await session.save(settings);
        return { kind: "connected" };
      } catch (err) {
        const message = errorText(err);
        if (err instanceof SalesApiError && err.kind === "auth") return { kind: "rejected", message };
        if (err instanceof SalesApiError && (err.kind === "network" || err.kind === "timeout")) {
          // Kept for later only when nothing is saved yet: an untested URL never replaces a working connection.
          if (!session.connection()?.apiKey) await session.save(settings);
          return { kind: "unreachable", message };
        }
        return { kind: "error", message };
      }
    },

    forgetKey: () => session.forgetKey(),
  };
}
