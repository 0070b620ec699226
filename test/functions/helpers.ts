// A Session connected to the test simulator, and an engine on it, for the SALES function tests.
import { createClient, type SalesClient } from "../../src/api";
import { ConnectionStore } from "../../src/session";
import { FunctionsEngine, type FunctionsOptions } from "../../src/functions/functionEngine";
import { Session } from "../../src/session";
import { SIM_KEY, SIM_TODAY, type TestSimulator } from "../support/simulator";

export async function sessionFor(
  sim: TestSimulator | null,
  opts: { timeoutMs?: number; apiKey?: string; fetch?: typeof fetch } = {},
): Promise<Session> {
  const store = new ConnectionStore();
  if (sim) await store.save({ baseUrl: sim.url, apiKey: opts.apiKey ?? SIM_KEY });
  const session = new Session(store, { today: () => SIM_TODAY, timeoutMs: opts.timeoutMs, fetch: opts.fetch });
  await session.ready();
  return session;
}

export function engineFor(session: Session, opts: FunctionsOptions = {}): FunctionsEngine {
  return new FunctionsEngine(() => session, { today: () => SIM_TODAY, ...opts });
}

/** A separate client for "the client's answer for the same query" (its requests are not counted: reset after). */
export function referenceClient(sim: TestSimulator): SalesClient {
  return createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY });
}

/** What a spill should hold for a tabulated answer: header row, then values with null as "". */
export function expectedSpill(headers: string[] | null, values: unknown[][]): unknown[][] {
  const rows = values.map((r) => r.map((v) => (v === null || v === undefined ? "" : v)));
  return headers ? [headers, ...rows] : rows;
}

/** The settled error of a promise that must reject. */
export async function rejection(p: Promise<unknown>): Promise<{ code?: string; message: string; argument?: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string; argument?: string };
  }
  throw new Error("expected the call to fail");
}
