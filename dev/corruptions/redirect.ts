// Redirect rules of the corrupting proxy: a service that has moved, or that sends its clients elsewhere. A request
// a queued rule matches is answered with a 3xx whose Location is the rule's address followed by the request's own
// path and query (as a moved service keeps them; with `strip`, the path less the prefix matched), instead of being
// forwarded.
import type { IncomingMessage, ServerResponse } from "node:http";

export interface RedirectRule {
  /** Where to: an origin, or an origin and a path prefix ("http://127.0.0.2:4567", "https://host/v2"). */
  to: string;
  /** 301, 302, 303, 307 or 308 (default 302). */
  status?: number;
  /** Requests to redirect; default every matching one. */
  count?: number;
  /** Only requests whose path (as the proxy receives it) starts with this, e.g. "/api/data". */
  path?: string;
  /** Leave `path` out of the Location: a service that moved from under it ({ path: "/old", to: origin }). */
  strip?: boolean;
}

interface QueuedRedirect {
  rule: RedirectRule;
  left: number;
}

const STATUSES = [301, 302, 303, 307, 308];

export class RedirectRules {
  private queued: QueuedRedirect[] = [];

  add(rule: RedirectRule): void {
    const to = new URL(rule.to); // throws on an address that is not one
    if (to.search || to.hash) throw new RangeError(`to is an origin and a path, without query: got ${rule.to}`);
    if (rule.status !== undefined && !STATUSES.includes(rule.status))
      throw new RangeError(`status must be one of ${STATUSES.join(", ")}, got ${rule.status}`);
    const left = rule.count ?? Infinity;
    if (!(left > 0)) throw new RangeError(`count must be 1 or more, got ${String(rule.count)}`);
    this.queued.push({ rule: { ...rule }, left });
  }

  clear(): void {
    this.queued = [];
  }

  /**
   * Answers `req` with the first matching rule's redirect (using it up by one) and returns true; false when no
   * rule matches. A preflight cannot be redirected (browsers refuse that), so one a rule matches is answered here,
   * allowing the origin and the Authorization header, as a redirecting service does; it uses nothing up.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const target = req.url ?? "/";
    const q = this.queued.find((r) => target.startsWith(r.rule.path ?? "/"));
    if (!q) return false;
    const cors = { "Access-Control-Allow-Origin": req.headers.origin ?? "*", Vary: "Origin" };
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        ...cors,
        "Access-Control-Allow-Methods": "GET, OPTIONS",
        "Access-Control-Allow-Headers": "Authorization, Accept",
      });
      res.end();
      return true;
    }
    if (--q.left <= 0) this.queued = this.queued.filter((r) => r !== q);
    const rest = q.rule.strip ? target.slice((q.rule.path ?? "").replace(/\/+$/, "").length) : target;
    const body = JSON.stringify({ detail: "Moved." });
    res.writeHead(q.rule.status ?? 302, {
      Location: `${q.rule.to.replace(/\/+$/, "")}${rest}`,
      // A browser follows a redirect of a cross-origin request only when the 3xx itself allows the origin.
      ...cors,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
    });
    res.end(body);
    return true;
  }
}
