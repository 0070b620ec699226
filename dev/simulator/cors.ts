// CORS as a browser-facing service needs it: the add-in runs in a browser page on another
// origin and sends an Authorization header, so every request is preflighted.
import type { IncomingMessage, ServerResponse } from "node:http";

export const EXPOSED_HEADERS = "X-Service-Omitted-Metrics, Retry-After";

/** Headers every response carries. */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader("Access-Control-Allow-Origin", origin ?? "*");
  if (origin) res.setHeader("Vary", "Origin");
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
}

/** Answers a preflight (OPTIONS) request. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, control: boolean): void {
  res.statusCode = 204;
  res.setHeader("Access-Control-Allow-Methods", control ? "GET, POST, OPTIONS" : "GET, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type");
  res.setHeader("Access-Control-Max-Age", "600");
  res.setHeader("Content-Length", "0");
  res.end();
}
