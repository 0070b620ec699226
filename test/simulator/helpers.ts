// Shared helpers for the simulator conformance tests: real HTTP against 127.0.0.1.
import { startSimulator, type RunningSimulator, type SimulatorOptions } from "../../dev/simulator/index";

export const TODAY = "2026-11-23"; // a Monday

export type Row = Record<string, string | number | null>;

export function start(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ port: 0, today: TODAY, faults: true, ...opts });
}

export interface Client {
  /** GET with `Authorization: Token <key>` unless `auth` says otherwise (null = no header). */
  get(
    path: string,
    params?: Record<string, string>,
    auth?: string | null,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** GET, expect the status, return the parsed body. */
  json<T = unknown>(path: string, params: Record<string, string>, status?: number): Promise<T>;
  /** /api/data expecting 200, rows parsed. */
  data(params: Record<string, string>): Promise<Row[]>;
  control(sub: string, body?: unknown): Promise<Response>;
}

export function client(sim: RunningSimulator): Client {
  const get: Client["get"] = (path, params = {}, auth, headers = {}) => {
    const qs = new URLSearchParams(params).toString();
    const h: Record<string, string> = { ...headers };
    if (auth !== null) h.Authorization = auth ?? `Token ${sim.apiKey}`;
    return fetch(`${sim.url}${path}${qs ? `?${qs}` : ""}`, { headers: h });
  };
  const json: Client["json"] = async (path, params, status = 200) => {
    const res = await get(path, params);
    const text = await res.text();
    if (res.status !== status)
      throw new Error(`expected ${status}, got ${res.status} for ${path}?${new URLSearchParams(params)}: ${text}`);
    return JSON.parse(text);
  };
  return {
    get,
    json,
    data: (params) => json<Row[]>("/api/data", params),
    control: (sub, body) =>
      fetch(`${sim.url}/__simulator/${sub}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

/** Expect a 400 (or other status) with a `{"detail": string}` JSON body; returns the detail. */
export async function expectError(res: Response, status = 400): Promise<string> {
  const text = await res.text();
  expect({ status: res.status, text }).toMatchObject({ status });
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { detail?: unknown };
  expect(Object.keys(body)).toEqual(["detail"]);
  expect(typeof body.detail).toBe("string");
  return body.detail as string;
}

export function sum(rows: Row[], field: string): number {
  return rows.reduce((s, r) => s + (r[field] as number), 0);
}

/** Day arithmetic on YYYY-MM-DD strings. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
