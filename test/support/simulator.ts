// A simulator on 127.0.0.1 for a test file: real HTTP, a fixed clock, fault controls on, and answers it already
// built sent again for the same question on the same day (dev/simulator/answerMemo.ts: a test file asks the same
// question many times, and building answers is most of what the simulator does).
import { startSimulator, type RunningSimulator } from "../../dev/simulator";

export const SIM_TODAY = "2026-11-23"; // a Monday
/** Distinctive, so a test can search every message and log for it. */
export const SIM_KEY = "sk-test-Zq8v1-SECRET";

export interface TestSimulator extends RunningSimulator {
  /** Make the next matching requests fail (see docs/simulator.md, "Test controls"). */
  inject(fault: Record<string, unknown>): Promise<void>;
  /** API requests received since the last reset, for one path or all. */
  count(path?: string): number;
  reset(): Promise<void>;
  /**
   * Once no API request has arrived for 150 ms: the requests a cancelled run had sent have reached the simulator, so
   * they cannot take the faults the next test injects (a fault is taken when its request arrives).
   */
  settled(): Promise<void>;
}

export async function startTestSimulator(
  opts: { today?: string; skus?: number; stores?: number } = {},
): Promise<TestSimulator> {
  const running = await startSimulator({
    port: 0,
    faults: true,
    rememberAnswers: true,
    apiKey: SIM_KEY,
    today: opts.today ?? SIM_TODAY,
    skus: opts.skus,
    stores: opts.stores,
  });
  const control = async (path: string, body?: unknown) => {
    const res = await fetch(`${running.url}/__simulator/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`simulator control ${path} failed: ${res.status} ${await res.text()}`);
  };
  return {
    ...running,
    inject: (fault) => control("faults", fault),
    count: (path) => running.simulator.requestCount(path),
    settled: async () => {
      for (let seen = -1, quiet = 0; quiet < 3;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const now = running.simulator.requestCount();
        quiet = now === seen ? quiet + 1 : 0;
        seen = now;
      }
    },
    reset: async () => {
      await control("reset");
      running.simulator.setToday(opts.today ?? SIM_TODAY);
    },
  };
}
