// Injected faults for tests: the next N matching API requests fail in a chosen way.
// Only reachable when the simulator runs with faults enabled.
import { badRequest } from "./errors";

export interface FaultSpec {
  /** How many matching requests this fault applies to (default 1). */
  count?: number;
  /** Applies to requests whose path starts with this (e.g. "/api/data"); default every API path. */
  path?: string;
  /** Applies only to requests whose `retailer` parameter is this (e.g. one retailer of a several-retailer read). */
  retailer?: string;
  /** Answer with this status and a `{"detail": ...}` body. */
  status?: number;
  /** Sent as `Retry-After`: seconds (a number), or text as it is (an HTTP date such as
   *  "Wed, 25 Nov 2026 10:00:00 GMT", or a value a client cannot read). */
  retryAfter?: number | string;
  /** Detail text of the error body. */
  detail?: string;
  /** Wait this long before answering (combined with anything else, or alone for a slow success). */
  delayMs?: number;
  /** "malformed": the real body with its last character replaced (not valid JSON);
   *  "truncated": the headers promise the full length, half the body is sent, then the socket closes;
   *  "empty": `[]` with the real status and headers (a retailer's connection with nothing for those dates). */
  body?: "malformed" | "truncated" | "empty";
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Send this as X-Service-Omitted-Metrics in place of the real one (the rows unchanged): a service that
   *  names omitted metrics in another case, or names one that is not a metric. */
  omittedHeader?: string;
}

export interface Fault extends Required<Pick<FaultSpec, "count">>, Omit<FaultSpec, "count"> {}

const KEYS = new Set([
  "count",
  "path",
  "retailer",
  "status",
  "retryAfter",
  "detail",
  "delayMs",
  "body",
  "drop",
  "omittedHeader",
]);

/** Validates a control request body: one fault object or an array of them. */
export function parseFaults(json: unknown): Fault[] {
  const list = Array.isArray(json) ? json : [json];
  return list.map((f): Fault => {
    if (typeof f !== "object" || f === null)
      throw badRequest('A fault is a JSON object, e.g. {"status": 503, "count": 2}.');
    const o = f as Record<string, unknown>;
    for (const k of Object.keys(o))
      if (!KEYS.has(k)) throw badRequest(`Unknown fault field '${k}': allowed are ${[...KEYS].join(", ")}.`);
    const int = (k: string, min: number, max: number): number | undefined => {
      if (o[k] === undefined) return undefined;
      const v = o[k];
      if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max)
        throw badRequest(`Fault field '${k}' must be an integer from ${min} to ${max}.`);
      return v;
    };
    const count = int("count", 1, 1_000_000) ?? 1;
    const status = int("status", 100, 599);
    const retryAfter = typeof o.retryAfter === "string" ? headerText(o.retryAfter) : int("retryAfter", 0, 86_400);
    const delayMs = int("delayMs", 0, 120_000);
    if (o.path !== undefined && typeof o.path !== "string") throw badRequest("Fault field 'path' must be a string.");
    if (o.retailer !== undefined && typeof o.retailer !== "string")
      throw badRequest("Fault field 'retailer' must be a string.");
    if (o.detail !== undefined && typeof o.detail !== "string")
      throw badRequest("Fault field 'detail' must be a string.");
    if (o.body !== undefined && o.body !== "malformed" && o.body !== "truncated" && o.body !== "empty")
      throw badRequest("Fault field 'body' must be 'malformed', 'truncated' or 'empty'.");
    if (o.drop !== undefined && typeof o.drop !== "boolean")
      throw badRequest("Fault field 'drop' must be true or false.");
    if (o.omittedHeader !== undefined && typeof o.omittedHeader !== "string")
      throw badRequest("Fault field 'omittedHeader' must be a string.");
    if (
      status === undefined &&
      delayMs === undefined &&
      o.body === undefined &&
      o.drop !== true &&
      retryAfter === undefined &&
      o.omittedHeader === undefined
    ) {
      throw badRequest("A fault needs at least one of status, retryAfter, delayMs, body, drop or omittedHeader.");
    }
    return {
      count,
      path: o.path as string | undefined,
      retailer: o.retailer as string | undefined,
      status: status ?? (retryAfter !== undefined ? 429 : undefined),
      retryAfter,
      detail: o.detail as string | undefined,
      delayMs,
      body: o.body as Fault["body"],
      drop: o.drop as boolean | undefined,
      omittedHeader: o.omittedHeader as string | undefined,
    };
  });
}

/** Text for a response header: one line, printable, not empty. */
function headerText(v: string): string {
  if (!/^[\x20-\x7e]{1,200}$/.test(v))
    throw badRequest("Fault field 'retryAfter' as text must be 1 to 200 printable ASCII characters on one line.");
  return v;
}

export class FaultQueue {
  private faults: Fault[] = [];

  add(faults: Fault[]): void {
    this.faults.push(...faults);
  }

  /** The first queued fault that matches, used up by one; undefined when none. */
  take(path: string, retailer?: string | null): Fault | undefined {
    const i = this.faults.findIndex(
      (f) => (f.path === undefined || path.startsWith(f.path)) && (f.retailer === undefined || f.retailer === retailer),
    );
    if (i < 0) return undefined;
    const f = this.faults[i];
    f.count -= 1;
    if (f.count <= 0) this.faults.splice(i, 1);
    return f;
  }

  pending(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }
}

export function defaultFaultDetail(status: number): string {
  if (status === 429) return "Request was throttled (simulated fault).";
  if (status === 401) return "Invalid token (simulated fault).";
  return `Simulated fault: HTTP ${status}.`;
}
