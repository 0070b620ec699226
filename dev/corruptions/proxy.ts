// The corrupting proxy: a real HTTP server on 127.0.0.1 in front of the service simulator (or
// any base URL). Every request goes through unchanged (any method, all headers, the body); only
// 200 JSON answers of the data path that a queued rule matches are rewritten with corruptRows,
// so they break the data contract while staying well-formed JSON. A queued redirect rule answers a
// 3xx instead (redirect.ts). Nothing is logged: the Authorization header is forwarded, never written
// anywhere else; requests() says only whether a request carried one.
import { createServer, request as httpRequest, Agent, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { checkCorruption, corruptRows, omittedHeaderAfter, type Corruption } from "./corrupt";
import { seededRandom } from "./answer-rows";
import { RedirectRules, type RedirectRule } from "./redirect";

/** The simulator's data path (src/api/client.ts DEFAULT_PATHS.data); a trailing slash is the same path. */
export const DATA_PATH = "/api/data";
const OMITTED = "x-service-omitted-metrics";

export interface ProxyRule {
  corruptions: Corruption[];
  /** Requests to corrupt (answers actually changed); default every matching one. */
  count?: number;
  /** Only data requests whose query has these values, e.g. { timeframe: "daily", type: "sku" }. */
  match?: Record<string, string>;
  /** Seed of the random choices; default the proxy's seed. */
  seed?: number;
}

/** A request the proxy received: never the Authorization header's value, only whether there was one. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  /** Its header names, in lower case. */
  headers: string[];
}

export interface CorruptingProxy {
  /** http://127.0.0.1:<port> (or the host asked for): use in place of the simulator's url (same paths). */
  url: string;
  /** Queue a rule. A request uses the first queued rule that matches; a rule with count is used up. */
  corrupt(rule: ProxyRule): void;
  /** Queue a redirect rule (redirect.ts): matching requests are answered with a 3xx, not forwarded. */
  redirect(rule: RedirectRule): void;
  /** Every request received since start or clear, in order (preflights included). */
  requests(): ReceivedRequest[];
  /** No more corruptions or redirects (plain forwarding); the corrupted() count and requests() restart. */
  clear(): void;
  /** Data answers actually changed since start or clear. */
  corrupted(): number;
  close(): Promise<void>;
}

interface QueuedRule {
  rule: ProxyRule;
  left: number; // Infinity without count
  used: number; // answers this rule changed: with the seed, picks the rng of the next one
}

/** The rng for a rule's n-th corrupted answer: the same seed and n give the same choices. */
function rngFor(seed: number, n: number): () => number {
  return seededRandom((seed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0);
}

function isDataPath(pathname: string): boolean {
  return (pathname.replace(/\/+$/, "") || "/") === DATA_PATH;
}

function matches(rule: ProxyRule, params: URLSearchParams): boolean {
  return Object.entries(rule.match ?? {}).every(([k, v]) => params.get(k) === v);
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? "identity").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return gunzipSync(body);
    case "deflate":
      return inflateSync(body);
    case "br":
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/** The rewritten answer, or null when the rule leaves it as it was (or it is not a JSON array). */
function rewrite(
  body: Buffer,
  headers: IncomingHttpHeaders,
  params: URLSearchParams,
  q: QueuedRule,
  seed: number,
): { text: string; omitted: string | undefined } | null {
  if (!/json/i.test(String(headers["content-type"] ?? ""))) return null;
  let rows: unknown;
  try {
    rows = JSON.parse(decode(body, headers["content-encoding"] as string | undefined).toString("utf8"));
  } catch {
    return null; // a malformed or truncated body (a simulator fault) goes through as it is
  }
  if (!Array.isArray(rows) || !rows.every((r) => r !== null && typeof r === "object" && !Array.isArray(r))) return null;
  const ctx = { params, rng: rngFor(q.rule.seed ?? seed, q.used) };
  let out = rows as Record<string, unknown>[];
  for (const c of q.rule.corruptions) out = corruptRows(out, c, ctx);
  const before = headers[OMITTED] as string | undefined;
  const omitted = omittedHeaderAfter(before, q.rule.corruptions);
  const text = JSON.stringify(out);
  if (omitted === before && text === JSON.stringify(rows)) return null;
  return { text, omitted };
}

/** Response headers to copy back, without the ones that no longer describe the body. */
function copyHeaders(headers: IncomingHttpHeaders, drop: string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || drop.includes(k) || k === "connection" || k === "keep-alive") continue;
    out[k] = v;
  }
  return out;
}

/** `host`: the address to listen on (default 127.0.0.1; any of 127/8 is this machine, another origin). */
export function startCorruptingProxy(
  target: string,
  opts: { seed?: number; host?: string } = {},
): Promise<CorruptingProxy> {
  const base = new URL(target);
  if (base.protocol !== "http:") throw new Error(`the corrupting proxy forwards to http:// only, got ${base.protocol}`);
  const prefix = base.pathname.replace(/\/+$/, "");
  const seed = opts.seed ?? 1;
  const agent = new Agent({ keepAlive: true });
  const host = opts.host ?? "127.0.0.1";
  let rules: QueuedRule[] = [];
  const redirects = new RedirectRules();
  let received: ReceivedRequest[] = [];
  let changed = 0;

  const server = createServer((req, res) => {
    received.push({ method: req.method ?? "GET", url: req.url ?? "/", headers: Object.keys(req.headers) });
    if (redirects.answer(req, res)) return;
    const url = new URL(req.url ?? "/", "http://proxy.invalid");
    const params = url.searchParams;
    const data = req.method === "GET" && isDataPath(url.pathname);
    const ruleFor = () => (data ? rules.find((q) => matches(q.rule, params)) : undefined);
    const headers: IncomingHttpHeaders = { ...req.headers, host: base.host };
    delete headers.connection;
    delete headers["keep-alive"];
    const hasBody = !["GET", "HEAD", "OPTIONS"].includes(req.method ?? "GET");
    const forward = (retried: boolean) => {
      const upstream = httpRequest(
        {
          host: base.hostname,
          port: base.port || 80,
          method: req.method,
          path: `${prefix}${req.url ?? "/"}`,
          headers,
          agent,
        },
        (up: IncomingMessage) => {
          if (!ruleFor() || up.statusCode !== 200) {
            res.writeHead(up.statusCode ?? 502, up.statusMessage, copyHeaders(up.headers, []));
            up.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          up.on("data", (c: Buffer) => chunks.push(c));
          up.on("error", () => res.destroy());
          up.on("end", () => {
            const body = Buffer.concat(chunks);
            // Picked again now: a concurrent answer may have used up the rule seen when the answer began.
            const rule = ruleFor();
            const out = rule ? rewrite(body, up.headers, params, rule, seed) : null;
            if (!rule || out === null) {
              res.writeHead(200, up.statusMessage, copyHeaders(up.headers, []));
              res.end(body);
              return;
            }
            changed++;
            rule.used++;
            if (--rule.left <= 0) rules = rules.filter((q) => q !== rule);
            const h = copyHeaders(up.headers, ["content-length", "content-encoding", "transfer-encoding", OMITTED]);
            if (out.omitted !== undefined) h["X-Service-Omitted-Metrics"] = out.omitted;
            h["content-length"] = String(Buffer.byteLength(out.text));
            res.writeHead(200, up.statusMessage, h);
            res.end(out.text);
          });
        },
      );
      upstream.on("error", (err: NodeJS.ErrnoException) => {
        // A kept-alive socket the target closed as it was reused: the request never reached it, so send it again.
        if (!retried && !hasBody && upstream.reusedSocket && err.code === "ECONNRESET") return forward(true);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const text = JSON.stringify({ detail: "corrupting proxy: the target did not answer" });
        res.writeHead(502, {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Length": Buffer.byteLength(text),
          // Said to the page as the service's own errors are, not hidden behind a CORS refusal.
          "Access-Control-Allow-Origin": req.headers.origin ?? "*",
        });
        res.end(text);
      });
      if (hasBody) req.pipe(upstream);
      else upstream.end();
    };
    forward(false);
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}`,
        corrupt(rule) {
          rule.corruptions.forEach(checkCorruption);
          const left = rule.count ?? Infinity;
          if (!(left > 0)) throw new RangeError(`count must be 1 or more, got ${String(rule.count)}`);
          rules.push({ rule: { ...rule, corruptions: [...rule.corruptions] }, left, used: 0 });
        },
        redirect: (rule) => redirects.add(rule),
        requests: () => received.map((r) => ({ ...r, headers: [...r.headers] })),
        clear() {
          rules = [];
          redirects.clear();
          received = [];
          changed = 0;
        },
        corrupted: () => changed,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            server.closeAllConnections();
            agent.destroy();
          }),
      });
    });
  });
}
