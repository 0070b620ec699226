// Requests that cover what the five base retailers serve (lists, actions, SKU and store data in every
// timeframe they list, by SKU and by filter, with a comparison), and a digest of their answers: the
// long-names option must leave every one of these bytes as it was.
import { createHash } from "node:crypto";

export const BASE_RETAILERS = ["northmart", "freshway", "budgetbox", "cornershop", "pharmaplus"];

type Probe = [path: string, params: Record<string, string>];

export function baseProbes(today: string): Probe[] {
  const week = { datefrom: "2026-11-09", dateto: "2026-11-22" };
  const month = { datefrom: "2026-08-01", dateto: "2026-10-31" };
  const days = { datefrom: "2026-11-16", dateto: today }; // provisional days: revisions too
  const probes: Probe[] = [["/api/list", { type: "retailers" }]];
  for (const retailer of BASE_RETAILERS) {
    probes.push(
      ["/api/list", { type: "metrics", retailer }],
      ["/api/list", { type: "filters", retailer }],
      ["/api/actions", { retailer }],
      ["/api/data", { type: "sku", retailer, timeframe: "weekly", metric: "revenue,units", ...week }],
      ["/api/data", { type: "sku", retailer, timeframe: "monthly", metric: "revenue", filter: "filter2", ...month }],
      ["/api/data", { type: "sku", retailer, timeframe: "daily", metric: "units", comparison: "period", ...days }],
      ["/api/data", { type: "store", retailer, timeframe: "weekly", metric: "revenue", filter: "filter4", ...week }],
      ["/api/data", { type: "store", retailer, timeframe: "daily", metric: "units,revenue", ...days }],
    );
  }
  return probes;
}

/** Each answer's status, omitted-metrics header and body, in order. */
export async function answersOf(url: string, apiKey: string, probes: Probe[]): Promise<string[]> {
  const out: string[] = [];
  for (const [path, params] of probes) {
    const res = await fetch(`${url}${path}?${new URLSearchParams(params)}`, {
      headers: { Authorization: `Token ${apiKey}` },
    });
    out.push(`${res.status} ${res.headers.get("x-service-omitted-metrics") ?? "-"} ${await res.text()}`);
  }
  return out;
}

export function digestOf(answers: string[]): string {
  return createHash("sha256").update(answers.join("\n")).digest("hex");
}
