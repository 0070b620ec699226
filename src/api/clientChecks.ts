// The client's checks of what it is given and what it gets back, before and after a request: a query's problems as
// one error, a list's retailer, the service address, and a list answer's shape (zod), each in the user's words.
import type { z } from "zod";
import { SalesApiError } from "./errors";
import { serviceUrlProblem } from "../core/query/serviceUrl";

/** A query refused before anything was sent: every problem in one message, the first one's field. */
export const validationError = (errors: readonly { field: string; message: string }[]): SalesApiError =>
  new SalesApiError("validation", errors.map((e) => e.message).join(" "), { field: errors[0].field });

export function listKey(type: string, params: Record<string, string>): string {
  return `${type}?${new URLSearchParams(params).toString()}`;
}

export function listRetailer(retailer: string): string {
  const r = String(retailer ?? "").trim();
  if (!r)
    throw new SalesApiError("validation", "Retailer is missing. Choose one of the retailers your key can read.", {
      field: "retailer",
    });
  if (r.toLowerCase() === "all") {
    throw new SalesApiError(
      "validation",
      `Lists are per retailer: "all" (Sales Summary) is valid only for SKU data. Choose one retailer.`,
      { field: "retailer" },
    );
  }
  return r;
}

export function checkBaseUrl(baseUrl: string): void {
  const problem = serviceUrlProblem(baseUrl);
  if (problem) throw new SalesApiError("validation", problem, { field: "baseUrl" });
}

export function parse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length
    ? ` at ${issue.path.map((p) => (typeof p === "number" ? `item ${p + 1}` : `"${String(p)}"`)).join(", ")}`
    : "";
  throw new SalesApiError("format", `The service's ${what} is not in the expected shape${where}: ${issue.message}.`);
}
