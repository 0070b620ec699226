// The request handler: CORS, test controls, request counting, injected faults, auth, routes.
// It routes on req.url only, so it works mounted under a prefix (express `app.use(prefix, h)`).
import type { IncomingMessage, ServerResponse } from "node:http";
import { AnswerMemo } from "./answerMemo";
import { checkAuth } from "./auth";
import { buildCatalog, type Catalog } from "./catalog";
import { applyCors, answerPreflight } from "./cors";
import { formatDay, parseDay, todayUtc, type Day } from "./dates";
import { badRequest, HttpError } from "./errors";
import { defaultFaultDetail, FaultQueue, parseFaults, type Fault } from "./faults";
import { DEFAULT_MAX_ROWS, PartedBody } from "./data";
import { API_PATHS, route, type ApiPath, type ApiResult, type RouteLimits } from "./routes";
import { ValueModel } from "./values";

export const DEFAULT_PORT = 4010;
export const DEFAULT_API_KEY = "demo";
export const CONTROL_PREFIX = "/__simulator";

export interface SimulatorOptions {
  today?: string;
  seed?: number;
  apiKey?: string;
  faults?: boolean;
  skus?: number;
  stores?: number;
  /** Adds a sixth retailer whose identifier, product, filter and some store names are 60+ characters. */
  longNames?: boolean;
  /** Sends an answer already built for the same question on the same day again instead of building it anew
   * (dev/simulator/answerMemo.ts): the test harness's simulators do; the benches do not, as they time it. */
  rememberAnswers?: boolean;
  /** The most rows one data answer may have (default 1,000,000, a guard for its memory); 0: no limit, as the service states none. */
  maxRows?: number;
}

export interface Simulator {
  handle(req: IncomingMessage, res: ServerResponse): void;
  today(): string;
  setToday(day: string): void;
  requestCount(path?: string): number;
  /** The most requests on `path` that were open at once (received, not yet answered) since the last reset. */
  maxInFlight(path: string): number;
  resetCounts(): void;
  readonly apiKey: string;
  readonly retailers: readonly string[];
}

/** "/api/test/" and "/api/test" are one path. */
function normalizePath(p: string): string {
  const t = p.replace(/\/+$/, "");
  return t === "" ? "/" : t;
}

function maxRowsOption(n: number | undefined): number {
  if (n === undefined) return DEFAULT_MAX_ROWS;
  if (!Number.isInteger(n) || n < 0) throw new Error(`maxRows must be a whole number, 0 for no limit; got ${n}.`);
  return n;
}

function parseToday(text: string): Day {
  const d = parseDay(text);
  if (d === null) throw new Error(`Invalid date '${text}': use YYYY-MM-DD.`);
  return d;
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: ApiResult["body"],
  headers: Record<string, string> = {},
): void {
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  if (body instanceof PartedBody) return sendParts(res, body);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

/**
 * A body sent part by part as each is built (chunked, with no length said), waiting for the client to take each and
 * giving the event loop a turn between parts, so other requests are answered meanwhile.
 */
function sendParts(res: ServerResponse, body: PartedBody): void {
  const parts = body.parts[Symbol.iterator]();
  const next = (): void => {
    if (res.destroyed) return; // the client went away: build no more
    let part: IteratorResult<Buffer>;
    try {
      part = parts.next();
    } catch (err) {
      console.error("simulator: internal error", err);
      res.destroy();
      return;
    }
    if (part.done) res.end();
    else if (res.write(part.value)) setImmediate(next);
    else res.once("drain", next);
  };
  next();
}

/** A body as one text, for faults that cut or replace it. */
const wholeBody = (body: ApiResult["body"]): string | Buffer => (body instanceof PartedBody ? body.whole() : body);

const detail = (text: string) => JSON.stringify({ detail: text });

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > 1_000_000) reject(badRequest("Control body too large."));
      else chunks.push(c);
    });
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8").trim();
      if (text === "") return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(badRequest("Control body is not valid JSON."));
      }
    });
    req.on("error", reject);
  });
}

class SimulatorImpl implements Simulator {
  readonly apiKey: string;
  readonly retailers: readonly string[];
  private readonly catalog: Catalog;
  private readonly model: ValueModel;
  private readonly faultsEnabled: boolean;
  private readonly faults = new FaultQueue();
  private readonly memo: AnswerMemo | undefined;
  private readonly limits: RouteLimits;
  private day: Day;
  private total = 0;
  private preflights = 0;
  private byPath = new Map<string, number>();
  /** Requests received and not yet answered, and the most of them at once, by path. */
  private open = new Map<string, number>();
  private peak = new Map<string, number>();

  constructor(opts: SimulatorOptions) {
    this.apiKey = opts.apiKey ?? DEFAULT_API_KEY;
    this.day = parseToday(opts.today ?? todayUtc());
    this.faultsEnabled = opts.faults === true;
    this.memo = opts.rememberAnswers ? new AnswerMemo() : undefined;
    this.limits = { maxRows: maxRowsOption(opts.maxRows) };
    this.catalog = buildCatalog({
      seed: opts.seed ?? 1,
      skus: opts.skus,
      stores: opts.stores,
      longNames: opts.longNames,
    });
    this.model = new ValueModel(this.catalog);
    this.retailers = this.catalog.retailers.map((r) => r.id);
    this.handle = this.handle.bind(this);
  }

  today(): string {
    return formatDay(this.day);
  }

  setToday(day: string): void {
    this.day = parseToday(day);
  }

  requestCount(path?: string): number {
    return path === undefined ? this.total : (this.byPath.get(normalizePath(path)) ?? 0);
  }

  maxInFlight(path: string): number {
    return this.peak.get(normalizePath(path)) ?? 0;
  }

  resetCounts(): void {
    this.total = 0;
    this.preflights = 0;
    this.byPath.clear();
    this.peak.clear();
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://simulator.invalid");
    } catch {
      return sendJson(res, 400, detail("Malformed request URL."));
    }
    const path = normalizePath(url.pathname);
    applyCors(req, res);

    if (path === CONTROL_PREFIX || path.startsWith(CONTROL_PREFIX + "/")) {
      // Test controls exist only when faults are enabled; otherwise the path is unknown.
      if (!this.faultsEnabled) return sendJson(res, 404, detail("Not found."));
      if (req.method === "OPTIONS") return answerPreflight(req, res, true);
      this.control(req, path.slice(CONTROL_PREFIX.length)).then(
        (body) => sendJson(res, 200, JSON.stringify(body)),
        (err: unknown) => this.sendError(res, err),
      );
      return;
    }

    if (!(API_PATHS as readonly string[]).includes(path)) return sendJson(res, 404, detail("Not found."));
    if (req.method === "OPTIONS") {
      this.preflights += 1;
      return answerPreflight(req, res, false);
    }
    this.total += 1;
    this.byPath.set(path, (this.byPath.get(path) ?? 0) + 1);
    const open = (this.open.get(path) ?? 0) + 1;
    this.open.set(path, open);
    this.peak.set(path, Math.max(open, this.peak.get(path) ?? 0));
    res.on("close", () => this.open.set(path, (this.open.get(path) ?? 1) - 1));

    const fault = this.faultsEnabled ? this.faults.take(path, url.searchParams.get("retailer")) : undefined;
    const answer = () => {
      if (fault?.drop) {
        req.socket.destroy();
        return;
      }
      let result: ApiResult;
      if (req.method !== "GET") {
        result = {
          status: 405,
          body: detail(`Method "${req.method}" not allowed.`),
          headers: { Allow: "GET, OPTIONS" },
        };
      } else {
        try {
          checkAuth(req, this.apiKey);
          const build = () => route(path as ApiPath, url.searchParams, this.catalog, this.model, this.day, this.limits);
          result = this.memo ? this.memo.answer(`${this.day} ${path}?${url.searchParams}`, build) : build();
        } catch (err) {
          result = this.errorResult(err);
        }
      }
      if (fault) this.sendFaulty(res, result, fault);
      else sendJson(res, result.status, result.body, result.headers);
    };
    if (fault?.delayMs) {
      const timer = setTimeout(answer, fault.delayMs);
      res.on("close", () => clearTimeout(timer)); // the client gave up (timeout, cancel): no answer to send
    } else answer();
  }

  private errorResult(err: unknown): ApiResult {
    if (err instanceof HttpError) return { status: err.status, body: detail(err.detail), headers: err.headers };
    console.error("simulator: internal error", err);
    return { status: 500, body: detail("Internal error in the simulator."), headers: {} };
  }

  private sendError(res: ServerResponse, err: unknown): void {
    const r = this.errorResult(err);
    sendJson(res, r.status, r.body, r.headers);
  }

  private sendFaulty(res: ServerResponse, result: ApiResult, fault: Fault): void {
    let status = result.status;
    let body = wholeBody(result.body);
    let headers = { ...result.headers };
    if (fault.status !== undefined) {
      headers = {}; // the injected error replaces the real answer, headers included
      status = fault.status;
      body = detail(fault.detail ?? defaultFaultDetail(fault.status));
    }
    if (fault.retryAfter !== undefined) headers["Retry-After"] = String(fault.retryAfter);
    if (fault.omittedHeader !== undefined) headers["X-Service-Omitted-Metrics"] = fault.omittedHeader;
    if (fault.body === "empty") body = "[]";
    if (fault.body === "malformed") {
      const buf = Buffer.from(body);
      body = Buffer.concat([buf.subarray(0, buf.length - 1), Buffer.from(",")]); // e.g. `[{...},` : cut where a broken serializer would stop
    }
    if (fault.body === "truncated") {
      const buf = Buffer.from(body);
      res.statusCode = status;
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader("Content-Length", buf.length); // promises the whole body ...
      res.write(buf.subarray(0, Math.floor(buf.length / 2)), () => res.destroy()); // ... and sends half
      return;
    }
    sendJson(res, status, body, headers);
  }

  private async control(req: IncomingMessage, sub: string): Promise<unknown> {
    const method = req.method ?? "GET";
    if (sub === "/clock") {
      if (method === "POST") {
        const body = (await readJson(req)) as { today?: unknown };
        if (typeof body.today !== "string" || parseDay(body.today) === null)
          throw badRequest(`Body must be {"today": "YYYY-MM-DD"}.`);
        this.setToday(body.today);
      }
      return { today: this.today() };
    }
    if (sub === "/faults") {
      if (method === "POST") this.faults.add(parseFaults(await readJson(req)));
      else if (method === "DELETE") this.faults.clear();
      return { faults: this.faults.pending() };
    }
    if (sub === "/requests") {
      const maxInFlight = Object.fromEntries(this.peak);
      return { total: this.total, byPath: Object.fromEntries(this.byPath), preflight: this.preflights, maxInFlight };
    }
    if (sub === "/reset" && method === "POST") {
      this.faults.clear();
      this.resetCounts();
      return { ok: true, today: this.today() };
    }
    throw new HttpError(404, "Not found.");
  }
}

export function createSimulator(opts: SimulatorOptions = {}): Simulator {
  return new SimulatorImpl(opts);
}
