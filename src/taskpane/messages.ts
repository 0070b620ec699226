// Every error the pane shows: the message written for people, never a stack trace or raw exception.
import { SalesApiError } from "../api";
import { WorkbookError } from "../excel/errors";

export function errorText(err: unknown): string {
  if (err instanceof SalesApiError || err instanceof WorkbookError) return err.message;
  const e = err as { name?: string; code?: string; message?: string } | undefined;
  if (e?.name === "RichApi.Error" || e?.code) {
    return `Excel could not complete the change (${e.code ?? "error"}). Nothing else was changed; try again, or write to a new sheet.`;
  }
  return "Something went wrong. Try again; if it keeps happening, reload the add-in.";
}

/** A URL the pane may send the key to: https, or http on this machine only. */
export function checkServiceUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return "Enter the service's address, e.g. https://sales.example.com.";
  }
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  if (url.protocol === "https:" || (local && url.protocol === "http:")) return null;
  return "The Service URL must start with https:// (http:// is allowed only for localhost and 127.0.0.1).";
}
