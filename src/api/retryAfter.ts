// How long a 429 (or 503) asks the add-in to wait, read exactly as ky 1.x reads it (the first of Retry-After,
// RateLimit-Reset, X-RateLimit-Retry-After, X-RateLimit-Reset, X-Rate-Limit-Reset; a number is seconds, or a Unix
// time when it is 2024 or later; anything else an HTTP date, RFC 9110), so that the add-in's decision to wait and
// ky's wait agree. Where ky would guess (a value it cannot read: it waits the whole cap; a time already past: it
// retries at once), the add-in backs off as for any other retry.
import { HTTPError } from "ky";
import { SalesApiError, type SalesApiErrorDetails } from "./errors";
import { localTimeText } from "../core/words";

/** The statuses ky retries and reads a wait for (the client's retry statusCodes and afterStatusCodes both). */
export const RETRY_AFTER_STATUSES = [429, 503];

const WAIT_HEADERS = [
  "Retry-After",
  "RateLimit-Reset",
  "X-RateLimit-Retry-After",
  "X-RateLimit-Reset",
  "X-Rate-Limit-Reset",
];
/** ky's threshold: a number of milliseconds past this is a Unix time, not a wait. */
const UNIX_TIME_FROM = Date.parse("2024-01-01");

export interface AskedWait {
  /** Milliseconds from `now` (negative when the time named is past). */
  ms: number;
  /** When the service accepts the next request, in epoch milliseconds. */
  at: number;
  /** Given as a time (an HTTP date or a Unix time), not as seconds. */
  clock: boolean;
}

/** The wait the answer's headers ask for, or undefined when they ask none or it cannot be read. */
function askedWait(headers: Headers, now: number = Date.now()): AskedWait | undefined {
  const value = WAIT_HEADERS.map((h) => headers.get(h)).find((v) => v !== null);
  if (!value) return undefined;
  const n = Number(value) * 1000;
  if (Number.isNaN(n)) {
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : { ms: at - now, at, clock: true };
  }
  if (!Number.isFinite(n)) return undefined;
  return n >= UNIX_TIME_FROM ? { ms: n - now, at: n, clock: true } : { ms: n, at: now + n, clock: false };
}

/**
 * ky's shouldRetry: false (fail at once) for a wait beyond the cap, true (ky's backoff) for a time already past or
 * a value that cannot be read, undefined (ky's own rules: its wait is the one read here) otherwise.
 */
export function retryDecision(error: unknown, maxWaitMs: number, now: number = Date.now()): boolean | undefined {
  if (!(error instanceof HTTPError) || !RETRY_AFTER_STATUSES.includes(error.response.status)) return undefined;
  const headers = error.response.headers;
  if (!WAIT_HEADERS.some((h) => headers.get(h))) return undefined;
  const wait = askedWait(headers, now);
  if (!wait || (wait.clock && wait.ms <= 0)) return true;
  return wait.ms > maxWaitMs ? false : undefined;
}

/** A wait of whole seconds as a person says it: "30 seconds", "a minute", "2 minutes", "an hour", "1 hour 30 minutes". */
function waitInWords(seconds: number): string {
  const unit = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);
  if (seconds < 60) return unit(seconds, "a second", "seconds");
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), "a minute", "minutes");
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.ceil((seconds - hours * 3600) / 60);
  const h = unit(hours, "an hour", "hours");
  return minutes === 0 ? h : `${hours} ${hours === 1 ? "hour" : "hours"} ${unit(minutes, "1 minute", "minutes")}`;
}

/** The 429 as a SalesApiError: the time (or the seconds) the service asked to wait, and that wait for code. */
export function rateLimitError(
  headers: Headers,
  details: SalesApiErrorDetails,
  now: number = Date.now(),
): SalesApiError {
  const wait = askedWait(headers, now);
  if (!wait || wait.ms <= 0) {
    return new SalesApiError("rate-limit", "The service is limiting requests. Try again in a minute.", details);
  }
  const retry = { ...details, retryAfter: Math.ceil(wait.ms / 1000), retryAt: wait.at };
  if (!wait.clock) {
    const span = waitInWords(retry.retryAfter);
    const message = `The service is limiting requests and asks to wait ${span}. Try again in ${span}.`;
    return new SalesApiError("rate-limit", message, retry);
  }
  // Said to the minute, rounded up: the service refuses until the second it named.
  const until = localTimeText(new Date(Math.ceil(wait.at / 60_000) * 60_000), new Date(now));
  const message = `The service is limiting requests and asks to wait until ${until}. Try again then.`;
  return new SalesApiError("rate-limit", message, retry);
}
