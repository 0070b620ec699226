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

export { serviceUrlProblem as checkServiceUrl } from "../core/serviceUrl";
