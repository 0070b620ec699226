// Redirects are followed within the Service URL's origin only (same scheme, host and port), so the API key, sent
// with every request, goes nowhere else and never in plain text after https. Each request is sent with
// `redirect: "manual"`: where the runtime shows the redirect's Location (Node's fetch), the next hop is checked
// before anything is sent to it. A browser hides it (an "opaqueredirect" answer, no Location); there the request
// is sent again with `redirect: "follow"`, the browser drops the key on a hop to another origin and blocks https to
// http (Fetch spec, mixed content), and the answer's `url` is checked before it is used. Whatever the fetch did,
// an answer from another origin is never used.
import { HTTPError } from "ky";
import { serviceUrlProblem } from "../core/query/serviceUrl";
import { SalesApiError, redact } from "./errors";
import type { SurfaceWords } from "./surfaceWords";

/** Same-origin hops followed before giving up (browsers allow 20; a service needs one or two). */
const MAX_REDIRECTS = 5;

/** One GET with ky's attempts; rejects with ky's HTTPError for an answer that is not ok (a 3xx included). */
export type RedirectAttempt = (url: string, redirect: RequestRedirect) => Promise<Response>;

export interface RedirectRules {
  baseUrl: string;
  apiKey: string;
  /** Where the Service URL and the endpoint paths are set, in the surface's words. */
  words: Pick<SurfaceWords, "serviceUrl" | "paths" | "sender">;
}

/** GET `url`, following redirects within the Service URL's origin; refusing, in words, any other. */
export async function getWithinOrigin(
  url: string,
  rules: RedirectRules,
  attempt: RedirectAttempt,
  signal: AbortSignal,
): Promise<Response> {
  const origin = new URL(rules.baseUrl).origin;
  let at = url;
  for (let hops = 0; ; hops++) {
    try {
      return landedWithin(await attempt(at, "manual"), url, rules);
    } catch (err) {
      if (!(err instanceof HTTPError) || signal.aborted) throw err;
      const response = landedWithin(err.response, url, rules);
      if (response.type === "opaqueredirect") return followHidden(at, url, rules, attempt, signal);
      const next = locationOf(response, at);
      if (!next) throw err;
      void response.body?.cancel().catch(() => undefined); // the 3xx's body is not read: free the connection
      if (next.origin !== origin) throw refusal(rules, url, next, response.status);
      if (hops === MAX_REDIRECTS) {
        throw new SalesApiError(
          "redirect",
          `The service redirected more than ${MAX_REDIRECTS} times (last to ${addressText(next, rules.apiKey)}). Check ${rules.words.serviceUrl} and ${rules.words.paths}.`,
          { status: response.status },
        );
      }
      at = next.href; // as given: the Location carries its own query, as a browser would follow it
    }
  }
}

/** The browser's way: it follows and enforces its rules; the answer is used only if it came from the origin. */
async function followHidden(
  at: string,
  asked: string,
  rules: RedirectRules,
  attempt: RedirectAttempt,
  signal: AbortSignal,
): Promise<Response> {
  try {
    return landedWithin(await attempt(at, "follow"), asked, rules);
  } catch (err) {
    if (err instanceof HTTPError) {
      landedWithin(err.response, asked, rules);
      throw err;
    }
    if (signal.aborted || !(err instanceof TypeError)) throw err;
    // The browser refused the hop (https to http, or an origin that does not allow the add-in) and says no more.
    throw new SalesApiError(
      "redirect",
      `The service at ${new URL(rules.baseUrl).origin} redirected the request and the browser would not follow (to plain http, or to a site that does not allow this add-in). Open the Service URL in a browser to see where it leads, and set that address as the Service URL if you trust it.`,
    );
  }
}

/** The answer, when it came from the Service URL's origin; a refusal naming where it came from otherwise. */
function landedWithin(response: Response, asked: string, rules: RedirectRules): Response {
  if (!response.url) return response;
  const landed = new URL(response.url);
  if (landed.origin === new URL(rules.baseUrl).origin) return response;
  void response.body?.cancel().catch(() => undefined);
  throw refusal(rules, asked, landed);
}

/** Where a 3xx points, resolved against the URL that answered it; undefined when it is not a redirect. */
function locationOf(response: Response, from: string): URL | undefined {
  const location = response.headers.get("Location");
  if (response.status < 300 || response.status > 399 || !location) return undefined;
  try {
    return new URL(location, from);
  } catch {
    return undefined;
  }
}

/**
 * The refusal of a redirect to another origin, naming the address (origin and path: never the query, which holds
 * the request's parameters) and, when the add-in would take it, the Service URL that address means.
 */
function refusal(rules: RedirectRules, asked: string, target: URL, status?: number): SalesApiError {
  const where = addressText(target, rules.apiKey);
  const base = redact(serviceUrlAt(rules.baseUrl, asked, target), rules.apiKey);
  const message = serviceUrlProblem(base)
    ? `The service redirected to ${where}; ${rules.words.sender} refused it, as it sends your API key over https only (http only to localhost and 127.0.0.1).`
    : `The service redirected to ${where}; set ${base} as ${rules.words.serviceUrl} if you trust it.`;
  return new SalesApiError("redirect", message, { status });
}

/** The Service URL a redirect means: the target less the endpoint path the request added, or its origin. */
function serviceUrlAt(baseUrl: string, asked: string, target: URL): string {
  const trim = (path: string) => path.replace(/\/+$/, "");
  const basePath = trim(new URL(baseUrl).pathname);
  const askedPath = new URL(asked).pathname;
  const endpoint = askedPath.startsWith(basePath) ? trim(askedPath.slice(basePath.length)) : "";
  const path = trim(target.pathname);
  const prefix = endpoint && path.endsWith(endpoint) ? path.slice(0, path.length - endpoint.length) : "";
  return `${target.protocol}//${target.host}${prefix}`;
}

function addressText(url: URL, apiKey: string): string {
  const path = url.pathname.length > 120 ? `${url.pathname.slice(0, 120)}…` : url.pathname;
  return redact(`${url.protocol}//${url.host}${path}`, apiKey);
}
