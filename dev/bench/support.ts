// Shared by the benchmarks: a median, and a data answer of the simulator as raw JSON text.
import { startSimulator } from "../simulator";

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

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
