// Every failure told in words for the person at the keyboard, by one function. Owns: UserError (the base of
// every error whose message is already written for people), errorText and plainText. Imports nothing.

/** An error whose message is already user text (what happened, what to do next): shown as it is. */
export class UserError extends Error {}

/** How the caller tells the failures that are not UserErrors. */
export interface ErrorFraming {
  /** An Excel (RichApi) failure: `code` is Excel's error code when it gave one. */
  excel?: (code: string | undefined, message: string) => string;
  /** Anything else (a bug, a browser failure): its message, or String(err). */
  other?: (message: string) => string;
}

const DEFAULT_FRAMING: Required<ErrorFraming> = {
  excel: (code) =>
    `Excel could not complete the change (${code ?? "error"}). Nothing else was changed; try again, or write to a new sheet.`,
  other: () => "Something went wrong. Try again; if it keeps happening, reload the add-in.",
};

/** Excel's errors carry a code (OfficeExtension.Error, name "RichApi.Error"). */
function excelFailure(err: unknown): { code?: string; message: string } | undefined {
  const e = err as { name?: unknown; code?: unknown; message?: unknown } | null | undefined;
  if (!e || typeof e !== "object") return undefined;
  const code = typeof e.code === "string" ? e.code : undefined;
  if (e.name !== "RichApi.Error" && code === undefined) return undefined;
  return { code, message: typeof e.message === "string" ? e.message : "" };
}

/** An unknown failure as user text: a UserError's own message, else the caller's framing of it. */
export function errorText(err: unknown, framing: ErrorFraming = {}): string {
  if (err instanceof UserError) return err.message;
  const excel = excelFailure(err);
  if (excel) return (framing.excel ?? DEFAULT_FRAMING.excel)(excel.code, excel.message);
  return (framing.other ?? DEFAULT_FRAMING.other)(err instanceof Error ? err.message : plainText(err));
}

/** String(value), for values that cannot say it themselves (an object without a prototype) too. */
export function plainText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
