// HTTP for the client: ky does the retries (429 honouring Retry-After, 502/503/504, network errors;
// exponential backoff with jitter, bounded attempts), except a 429 to a request sent through a request pool
// (pool.ts), which is the pool's to wait for and send again. This module adds the deadline (requestDeadline.ts: one
// budget until the answer begins, then one per wait for its next bytes, joined to the callers' cancel with
// AbortSignal.any), cancellation, sharing of identical
// requests in flight, redirects within the Service URL's origin only (redirects.ts), the wait a 429 asks for
// (retryAfter.ts), and the mapping of every failure to a SalesApiError.
// ky stays at 1.x: ky 2 needs Node 22 and this project supports Node 20 (package.json engines).
import ky, { HTTPError } from "ky";
import { SalesApiError, brokeOffText, redact, serviceWords, stalledText, timeoutText } from "./errors";
import { BodyBrokeOff, JsonBodyError, jsonText, readJsonBody, type BodyText, type RoomForMore } from "./jsonBody";
import { getWithinOrigin } from "./redirects";
import { RequestDeadline } from "./requestDeadline";
import { RETRY_AFTER_STATUSES, rateLimitError, retryDecision } from "./retryAfter";
import type { SurfaceWords } from "./surfaceWords";

export interface HttpOptions {
  baseUrl: string;
  apiKey: string;
  /** Overall budget per request, retries included. Desktop Excel drops custom-function calls after ~60 s. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** Longest Retry-After the client waits for; a longer one fails at once with a rate-limit error. */
  maxRetryAfterMs: number;
  fetch?: typeof fetch;
  /** How an answer's bytes become text (jsonBody.ts's default: TextDecoder). */
  text?: BodyText;
  /** What the messages tell people to check, in their surface's words. */
  words: SurfaceWords;
}

/** How a streamed body is parsed: its batches' size (default jsonBody's), and who is told how far it got. */
export interface BodyParsing {
  /** Told, as the body is parsed, the bytes parsed so far and the whole body's, when the answer says (Content-Length). */
  onBytes?: (read: number, total: number | undefined) => void;
  batchBytes?: number;
}

/** `"pool"`: a 429 fails at once, for the request pool to slow the whole run (docs/client.md, "Request pool"). */
export type RateLimitHandling = "retry" | "pool";

export interface JsonResponse {
  body: unknown;
  headers: Headers;
}

interface InFlight {
  promise: Promise<JsonResponse>;
  controller: AbortController;
  users: number;
}

export class Http {
  private readonly inFlight = new Map<string, InFlight>();
  private readonly ky: Record<RateLimitHandling, typeof ky>;

  constructor(private readonly opts: HttpOptions) {
    const create = (statusCodes: number[]) =>
      ky.create({
        fetch: opts.fetch,
        timeout: false, // the overall deadline below covers every attempt
        headers: { Authorization: `Token ${opts.apiKey}`, Accept: "application/json" },
        retry: {
          limit: opts.retries,
          methods: ["get"],
          statusCodes,
          afterStatusCodes: [413, ...RETRY_AFTER_STATUSES],
          maxRetryAfter: opts.maxRetryAfterMs,
          backoffLimit: 4000,
          jitter: true,
          // A wait longer than the cap fails at once with a rate-limit message rather than holding a cell on #BUSY!.
          shouldRetry: ({ error }) => retryDecision(error, opts.maxRetryAfterMs),
        },
      });
    // Under a pool, ky waiting out a 429 inside one slot would let the other slots go on sending.
    this.ky = { retry: create([408, 429, 502, 503, 504]), pool: create([408, 502, 503, 504]) };
  }

  url(path: string, params: Record<string, string> = {}): string {
    const base = this.opts.baseUrl.replace(/\/+$/, "");
    const query = new URLSearchParams(params).toString();
    return `${base}${path.startsWith("/") ? path : `/${path}`}${query ? `?${query}` : ""}`;
  }

  /**
   * GET and parse JSON. Identical GETs in flight at the same time share one HTTP call (with the same handling
   * of a 429). `rateLimit` "pool": a 429 is not retried here but fails at once, for the request pool.
   */
  getJson(
    path: string,
    params: Record<string, string> = {},
    signal?: AbortSignal,
    rateLimit: RateLimitHandling = "retry",
  ): Promise<JsonResponse> {
    const url = this.url(path, params);
    if (signal?.aborted) return Promise.reject(cancelled());
    const key = `${rateLimit} ${url}`;
    let shared = this.inFlight.get(key);
    if (!shared) {
      const controller = new AbortController();
      const entry: InFlight = { controller, users: 0, promise: this.fetchJson(url, controller, rateLimit) };
      const forget = () => this.inFlight.get(key) === entry && this.inFlight.delete(key);
      entry.promise.then(forget, forget);
      this.inFlight.set(key, entry);
      shared = entry;
    }
    return this.follow(key, shared, signal);
  }

  /**
   * GET and parse JSON as the body arrives, an array's elements given to `onItems` batch by batch (none kept: the
   * body comes back as an empty array); anything else whole. Never shared with another caller (each has its own
   * `onItems`); an error thrown by `onItems` ends the request and is rethrown as it is. The body is read on once
   * what `onItems` gave back (RoomForMore) has settled.
   */
  getJsonStreamed(
    path: string,
    params: Record<string, string>,
    signal: AbortSignal | undefined,
    rateLimit: RateLimitHandling,
    onItems: (items: unknown[]) => RoomForMore,
    parsing: BodyParsing = {},
  ): Promise<JsonResponse> {
    if (signal?.aborted) return Promise.reject(cancelled());
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    // What `onItems` threw is the caller's own error: it comes back as it is, not as a failure of the request.
    let thrown: { error: unknown } | undefined;
    const handed = (items: unknown[]): RoomForMore => {
      try {
        return onItems(items);
      } catch (error) {
        thrown = { error };
        throw error;
      }
    };
    return this.fetchJson(this.url(path, params), controller, rateLimit, handed, parsing)
      .catch((error: unknown) => Promise.reject(thrown ? thrown.error : error))
      .finally(() => signal?.removeEventListener("abort", onAbort));
  }

  /** One caller's view of a shared request: it can cancel itself without cancelling the others. */
  private follow(key: string, shared: InFlight, signal?: AbortSignal): Promise<JsonResponse> {
    shared.users++;
    if (!signal) return shared.promise;
    return new Promise<JsonResponse>((resolve, reject) => {
      const onAbort = () => {
        if (--shared.users === 0) {
          // Gone at once, so that an identical request made right now starts afresh instead of joining this one.
          if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
          shared.controller.abort();
        }
        reject(cancelled());
      };
      signal.addEventListener("abort", onAbort, { once: true });
      shared.promise.then(
        (v) => {
          signal.removeEventListener("abort", onAbort);
          resolve(v);
        },
        (e) => {
          signal.removeEventListener("abort", onAbort);
          reject(e);
        },
      );
    });
  }

  /**
   * One request under the overall deadline, which covers every attempt, every wait between attempts and the
   * body; `controller` is aborted when every caller has cancelled. Every failure comes out as a SalesApiError.
   */
  private fetchJson(
    url: string,
    controller: AbortController,
    rateLimit: RateLimitHandling,
    onItems?: (items: unknown[]) => RoomForMore,
    parsing?: BodyParsing,
  ): Promise<JsonResponse> {
    const deadline = new RequestDeadline(this.opts.timeoutMs);
    const signal = AbortSignal.any([controller.signal, deadline.signal]);
    const read = this.readJson(url, signal, this.ky[rateLimit], onItems, {
      ...parsing,
      onRead: () => deadline.renew(),
    });
    return untilAborted(signal, read)
      .catch((err: unknown) => {
        throw this.toSalesApiError(err, signal, deadline);
      })
      .finally(() => deadline.stop());
  }

  /** ky's attempts, then the body as JSON. An HTTP status becomes its SalesApiError here; the rest outside. */
  private async readJson(
    url: string,
    signal: AbortSignal,
    http: typeof ky,
    onItems?: (items: unknown[]) => RoomForMore,
    { onBytes, batchBytes, onRead }: BodyParsing & { onRead?: () => void } = {},
  ): Promise<JsonResponse> {
    let response: Response;
    try {
      const attempt = (at: string, redirect: RequestRedirect) => http.get(at, { signal, redirect });
      response = await getWithinOrigin(url, this.opts, attempt, signal);
    } catch (err) {
      throw err instanceof HTTPError && !signal.aborted ? await this.fromStatus(err) : err;
    }
    // Parsed as the bytes arrive (jsonBody.ts): a 17 MB answer's text is never held whole. A runtime whose fetch
    // gives no body stream reads the text whole, as before.
    const length = Number(response.headers.get("Content-Length") ?? NaN);
    const total = Number.isFinite(length) && length > 0 ? length : undefined;
    try {
      const parsed = onBytes && ((bytes: number) => onBytes(bytes, total));
      const body = response.body
        ? await readJsonBody(response.body, { batchBytes, onItems, onParsed: parsed, onRead, text: this.opts.text })
        : handedOn(jsonText(await wholeText(response)), onItems);
      return { body, headers: response.headers };
    } catch (err) {
      // The headers came, so the service was reached: a body that stops is its answer breaking off, not an
      // address that cannot be reached (a cancel or the deadline stays what it is).
      if (err instanceof BodyBrokeOff && !signal.aborted) throw this.brokeOff(err, total, response);
      if (err instanceof BodyBrokeOff) throw err.reason;
      if (!(err instanceof JsonBodyError)) throw err;
      throw new SalesApiError(
        "format",
        `The service's answer is not valid JSON (${err.message}). Try again; if it persists, check the endpoint paths.`,
        { status: response.status },
      );
    }
  }

  private toSalesApiError(err: unknown, signal: AbortSignal, deadline: RequestDeadline): SalesApiError {
    if (err instanceof SalesApiError) return err;
    if (signal.aborted) {
      if (isTimeout(signal.reason))
        return new SalesApiError("timeout", (deadline.stalled ? stalledText : timeoutText)(this.opts.timeoutMs));
      return cancelled();
    }
    const e = err as Error;
    if (e?.name === "AbortError") return cancelled();
    return this.networkError(e);
  }

  private async fromStatus(err: HTTPError): Promise<SalesApiError> {
    const { status } = err.response;
    const words = serviceWords(await err.response.text().catch(() => ""));
    const said = words ? redact(words, this.opts.apiKey) : undefined;
    const details = { status, serviceMessage: said };
    // The service's words end in a full stop of their own, or are given one.
    const saidText = said ? `: ${said}${/[.!?]$/.test(said) ? "" : "."}` : ".";
    if (status === 401) {
      return new SalesApiError("auth", `The service rejected the API key. ${this.opts.words.checkKey}`, details);
    }
    if (status === 403) {
      return new SalesApiError(
        "auth",
        `The service refused access${saidText} A key reads only its own account's retailer connections.`,
        details,
      );
    }
    if (status === 404) {
      return new SalesApiError(
        "not-found",
        `The service found nothing at this address (${safeAddress(err.request.url)})${saidText} ` +
          `Check ${this.opts.words.serviceUrl} and ${this.opts.words.paths}.`,
        details,
      );
    }
    if (status === 429) return rateLimitError(err.response.headers, details);
    if (status >= 500) {
      return new SalesApiError(
        "service",
        `The service had a problem (HTTP ${status}). Try again in a few minutes.`,
        details,
      );
    }
    return new SalesApiError("request", `The service refused the request (HTTP ${status})${saidText}`, details);
  }

  private brokeOff(err: BodyBrokeOff, length: number | undefined, response: Response): SalesApiError {
    // A compressed answer's length counts other bytes than those read (a browser may hide its Content-Encoding
    // from another origin): the length is said only when it is of the bytes read and more than they are.
    const encoded = /^(?!identity$)./i.test(response.headers.get("Content-Encoding")?.trim() ?? "");
    const total =
      !encoded && err.bytes !== undefined && length !== undefined && length > err.bytes ? length : undefined;
    const text = brokeOffText({
      where: safeAddress(this.opts.baseUrl),
      bytes: err.bytes,
      total,
      code: causeCode(err.reason),
      words: this.opts.words,
    });
    return new SalesApiError("broken-off", text, { status: response.status });
  }

  private networkError(e: Error): SalesApiError {
    const where = safeAddress(this.opts.baseUrl);
    const check = `Check ${this.opts.words.serviceUrl} and your connection.`;
    const inBrowser = typeof window !== "undefined" && typeof window.location !== "undefined";
    if (inBrowser) {
      // Browsers hide the cause of a failed fetch; a CORS refusal and an unreachable host look the same.
      return new SalesApiError(
        "network",
        `Could not reach the service at ${where}. ${check} If both are right, the service must allow requests from this add-in's origin (${window.location.origin}): ask its administrator.`,
      );
    }
    const cause = causeCode(e);
    if (cause && UNTRUSTED_CERTIFICATE.has(cause)) return untrustedCertificate(where, cause);
    return new SalesApiError(
      "network",
      `Could not reach the service at ${where}${cause ? ` (${cause})` : ""}. ${check}`,
    );
  }
}

/** Node's code for why a request failed (its fetch's `cause`, e.g. UND_ERR_SOCKET); browsers give none. */
function causeCode(e: unknown): string | undefined {
  const code = (e as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** A body read whole (a fetch without body streams): a failure while reading it is the answer breaking off. */
function wholeText(response: Response): Promise<string> {
  return response.text().catch((reason: unknown) => {
    throw new BodyBrokeOff(undefined, reason);
  });
}

/** A body read whole, handed on as a streamed one would be: an array's elements to `onItems`, the array emptied. */
function handedOn(body: unknown, onItems?: (items: unknown[]) => RoomForMore): unknown {
  if (!onItems || !Array.isArray(body)) return body;
  // Read whole already: nothing more to hold back.
  if (body.length > 0) void onItems(body);
  return [];
}

/**
 * `work`'s outcome, or a rejection with the signal's reason as soon as it aborts (the deadline, or every caller
 * cancelled), so a fetch that does not notice the abort never holds the request. The listener goes when `work`
 * settles; a late failure of `work` is handled here, never unhandled.
 */
function untilAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** AbortSignal.timeout's reason: a DOMException named TimeoutError (WHATWG DOM). */
function isTimeout(reason: unknown): boolean {
  return (reason as { name?: unknown } | undefined)?.name === "TimeoutError";
}

function cancelled(): SalesApiError {
  return new SalesApiError("cancelled", "The request was cancelled.");
}

/** The Service URL as it may be shown: scheme, host and path (never a user name, password or query). */
function safeAddress(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return baseUrl;
  }
}

/** Node's codes for a certificate it does not trust (the server was reached; its certificate was not accepted). */
const UNTRUSTED_CERTIFICATE = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
]);

/** Node only (the command): what was reached, why it was refused, and the two ways on. */
function untrustedCertificate(where: string, code: string): SalesApiError {
  const local = /^https:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(where);
  return new SalesApiError(
    "network",
    `The service at ${where} answered, but its certificate is not trusted on this machine (${code}). ` +
      "If you trust it, give Node the certificate of the authority that signed it: set NODE_EXTRA_CA_CERTS to that file." +
      (local
        ? " The simulator of npm start also answers over http at the address npm start prints for the command."
        : ""),
  );
}
