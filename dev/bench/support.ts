// Shared by the benchmarks: a median, a data answer of the simulator as raw JSON text, the simulator in a child
// process (so its answers are generated off the measured client's thread), and queries written as people write them.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { parseQuery, type Query } from "../../src/core/query/query";
import { startSimulator } from "../simulator";

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** A query as people write it (comma lists, any case), parsed as the pane or a formula parses it; throws if bad. */
export function asQuery(loose: Partial<Record<keyof Query, unknown>>): Query {
  const parsed = parseQuery(loose);
  if (!parsed.ok) throw new Error(`not a query: ${parsed.errors.map((e) => e.message).join(" ")}`);
  return parsed.query;
}

/** The text of one /api/data answer from a scaled simulator (fixed clock, so runs compare). */
export async function simulatorPayload(skus: number, params: Record<string, string>): Promise<string> {
  const sim = await startSimulator({ port: 0, today: "2026-11-23", skus });
  try {
    const res = await fetch(`${sim.url}/api/data?${new URLSearchParams(params)}`, {
      headers: { Authorization: `Token ${sim.apiKey}` },
    });
    if (!res.ok) throw new Error(`simulator answered ${res.status}: ${await res.text()}`);
    return await res.text();
  } finally {
    await sim.close();
  }
}

export interface SimulatorProcess {
  url: string;
  apiKey: string;
  /** Requests the simulator has answered on `path` (e.g. "/api/data") since it started or was last reset. */
  requestCount(path: string): Promise<number>;
  /** Sets the request counts back to zero (and clears injected faults). */
  resetCounts(): Promise<void>;
  /** The most requests on `path` open at once (received, not yet answered) since it started or was last reset. */
  maxInFlight(path: string): Promise<number>;
  /** Every answer on `path` waits `ms` first, as a real service's answers take time (until the next reset). */
  latency(path: string, ms: number): Promise<void>;
  /** Queues one fault (docs/simulator.md, "Test controls"); it goes before those queued after it. */
  fault(fault: Record<string, unknown>): Promise<void>;
  /** Stops the child; waits for it to exit (SIGKILL after a few seconds). */
  close(): Promise<void>;
}

const REPO = join(__dirname, "..", "..");
const START_TIMEOUT_MS = 30_000;

/**
 * The simulator's CLI (`dev/simulator/cli.ts`) in a child Node process on a free port, with its test
 * controls on (`--faults`), which give the request counts under /__simulator. The caller must close() it.
 */
export async function startSimulatorProcess(opts: {
  today: string;
  skus: number;
  stores?: number;
  /** The simulator's row limit (`--max-rows`; 0 for none, a service that states no limit). */
  maxRows?: number;
}): Promise<SimulatorProcess> {
  const apiKey = "bench";
  const args = ["--port", "0", "--today", opts.today, "--skus", String(opts.skus), "--api-key", apiKey, "--faults"];
  if (opts.stores !== undefined) args.push("--stores", String(opts.stores));
  if (opts.maxRows !== undefined) args.push("--max-rows", String(opts.maxRows));
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO, "dev/simulator/cli.ts"), ...args], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((done) => {
    child.once("exit", () => done());
    child.once("error", () => done()); // e.g. could not be spawned: there is nothing to wait for
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
    process.stderr.write(d);
  });
  const close = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };

  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(
        () => reject(new Error(`simulator process: no URL within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`simulator process exited (${signal ?? `code ${code}`}) before listening: ${stderr.trim()}`));
      });
    });
  } catch (err) {
    await close();
    throw err;
  }

  const control = async (sub: string, method = "GET", body?: unknown): Promise<unknown> => {
    const res = await fetch(`${url}/__simulator${sub}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
    });
    if (!res.ok) throw new Error(`simulator /__simulator${sub}: HTTP ${res.status}: ${await res.text()}`);
    return res.json();
  };
  return {
    url,
    apiKey,
    requestCount: async (path) => {
      const body = (await control("/requests")) as { byPath: Record<string, number> };
      return body.byPath[path] ?? 0;
    },
    resetCounts: async () => {
      await control("/reset", "POST");
    },
    maxInFlight: async (path) => {
      const body = (await control("/requests")) as { maxInFlight: Record<string, number> };
      return body.maxInFlight[path] ?? 0;
    },
    latency: async (path, ms) => {
      await control("/faults", "POST", { path, delayMs: ms, count: 1_000_000 });
    },
    fault: async (fault) => {
      await control("/faults", "POST", fault);
    },
    close,
  };
}
