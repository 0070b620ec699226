// Every failure of the client is a SalesApiError: a kind for code to branch on and a message for the person
// at the keyboard (what happened, what to do next). Messages never contain the API key.
import { UserError } from "../core/errorText";
import { andList, nearestWord } from "../core/words";
import type { SurfaceWords } from "./surfaceWords";

export type SalesApiErrorKind =
  | "validation"
  | "auth"
  | "request"
  | "redirect"
  | "not-found"
  | "rate-limit"
  | "service"
  | "network"
  | "broken-off"
  | "timeout"
  | "format"
  | "cancelled";

export interface SalesApiErrorDetails {
  status?: number;
  /** The service's own words, for a 400 (from {"detail": ...}, a field-error object or plain text). */
  serviceMessage?: string;
  /** Seconds the service asked to wait, from its answer (429). */
  retryAfter?: number;
  /** When the service accepts the next request, in epoch milliseconds (429): what a later request waits for. */
  retryAt?: number;
  /** For validation errors: the query field at fault. */
  field?: string;
}

export class SalesApiError extends UserError {
  override readonly name = "SalesApiError";
  readonly status?: number;
  readonly serviceMessage?: string;
  readonly retryAfter?: number;
  readonly retryAt?: number;
  readonly field?: string;

  constructor(
    readonly kind: SalesApiErrorKind,
    message: string,
    details: SalesApiErrorDetails = {},
  ) {
    super(message);
    this.status = details.status;
    this.serviceMessage = details.serviceMessage;
    this.retryAfter = details.retryAfter;
    this.retryAt = details.retryAt;
    this.field = details.field;
  }
}

/**
 * A retailer the key does not read, by the field that names it (`field`, the surface's words), with the retailer it
 * was probably meant to be and every one the key reads (`listed`, the service's retailers list).
 */
export function notReadable(
  retailer: string,
  listed: readonly string[],
  field: string,
  status?: number,
): SalesApiError {
  // "all" is the Sales Summary of the others, not one more retailer to choose.
  const reached = listed.filter((r) => r !== "all");
  const near = reached.length > 0 ? nearestWord(retailer, reached) : undefined;
  return new SalesApiError(
    "validation",
    `${JSON.stringify(retailer)} (in ${field}) is not a retailer your key can read` +
      (near?.close ? `: did you mean "${near.word}"?` : ".") +
      (reached.length > 0 ? ` Your key can read ${andList(reached)}.` : " Your key can read no retailer yet."),
    { status, field: "retailer" },
  );
}

/** The words for a request the deadline ended, shared by the client and the SALES functions' own deadline. */
/** An answer that began and then sent nothing for the whole budget. */
export function stalledText(ms: number): string {
  return `The service's answer stopped coming part-way: nothing arrived for ${Math.round(ms / 1000)} s. Try again, or ask for a shorter date range.`;
}

export function timeoutText(ms: number): string {
  return `The service did not answer within ${Math.round(ms / 1000)} s. Try again, or ask for a shorter date range.`;
}

/** A size as a person reads it: "9,870 bytes", "412 KB", "17.3 MB". */
function sizeText(bytes: number): string {
  if (bytes < 10_000) return `${bytes.toLocaleString("en-US")} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * The words for an answer that broke off after its headers came: the service was reached, and how far its answer
 * got (of the length it announced, when it did), with Node's cause code where the current style shows one.
 */
export function brokeOffText(at: {
  where: string;
  bytes: number | undefined;
  total: number | undefined;
  code: string | undefined;
  words: SurfaceWords;
}): string {
  // A browser may hand on none of the bytes that came before the break: "none of ... arrived", not "after 0 bytes".
  const none = at.bytes === 0;
  const of = at.total === undefined ? "" : ` of the ${sizeText(at.total)} it announced`;
  const got =
    at.bytes === undefined || (none && at.total === undefined)
      ? undefined
      : none
        ? `none${of} arrived`
        : `after ${sizeText(at.bytes)}${of}`;
  const said = [got, at.code].filter((part) => part !== undefined).join("; ");
  return (
    `The service at ${at.where} answered, but its answer broke off${none ? "" : " part-way"}${said ? ` (${said})` : ""}. ` +
    `Try again; if it keeps breaking off, ask for ${at.words.fewerDays}: a shorter answer is less likely to be cut.`
  );
}

export function isSalesApiError(err: unknown): err is SalesApiError {
  return err instanceof SalesApiError;
}

/** The service's words from an error body: {"detail": "..."}, {"field": ["msg", ...]}, or plain text. */
export function serviceWords(body: string): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  }
  if (typeof parsed === "string") return parsed;
  if (parsed && typeof parsed === "object") {
    const obj = parsed as Record<string, unknown>;
    if (typeof obj.detail === "string") return obj.detail;
    if (typeof obj.message === "string") return obj.message;
    if (typeof obj.error === "string") return obj.error;
    const parts = Object.entries(obj).map(([field, v]) => {
      const msgs = Array.isArray(v) ? v.map(String).join(" ") : typeof v === "object" ? JSON.stringify(v) : String(v);
      return field === "non_field_errors" ? msgs : `${field}: ${msgs}`;
    });
    return parts.length ? parts.join("; ") : undefined;
  }
  return String(parsed);
}

/** Removes a secret from any text before it is shown or logged (belt and braces: we never put it in). */
export function redact(text: string, secret: string | undefined): string {
  return secret && secret.length >= 4 ? text.split(secret).join("[API key]") : text;
}
