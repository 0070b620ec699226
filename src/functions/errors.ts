// What a SALES function shows when it cannot give a result. Excel shows a custom function's message only for
// #VALUE! and #N/A, so those are the two codes: #VALUE! for a bad argument (the message names it), #N/A for
// everything else (no key, the service, the network, a result too big for a formula).
import { isSalesApiError, timeoutText } from "../api/errors";
import { ArgumentError, argumentMessage } from "../core/query/args";
import { plainText } from "../core/errorText";

type FunctionErrorCode = "#VALUE!" | "#N/A";

export class FunctionError extends Error {
  override readonly name = "FunctionError";
  constructor(
    readonly code: FunctionErrorCode,
    message: string,
    /** For #VALUE!: the argument at fault. */
    readonly argument?: string,
  ) {
    super(message);
  }
}

/** #N/A for a call or request that the deadline (withDeadline) ended: the client's own words for its timeout. */
export function timeoutError(ms: number): FunctionError {
  return new FunctionError("#N/A", timeoutText(ms));
}

/**
 * Any failure as a FunctionError. `fields` renames validation fields to the function's argument names
 * (SALES.VALUE calls its metric "metric" and its date "date").
 */
export function toFunctionError(err: unknown, fields: Record<string, string> = {}): FunctionError {
  if (err instanceof FunctionError) return err;
  if (err instanceof ArgumentError) return new FunctionError("#VALUE!", err.message, err.argument);
  if (isSalesApiError(err)) {
    if (err.kind === "validation") {
      const argument = err.field ? (fields[err.field] ?? err.field) : undefined;
      return new FunctionError("#VALUE!", argument ? argumentMessage(argument, err.message) : err.message, argument);
    }
    if (err.kind === "cancelled")
      return new FunctionError("#N/A", "The request was cancelled. Recalculate to try again.");
    return new FunctionError("#N/A", err.message);
  }
  return new FunctionError("#N/A", unexpectedText(err));
}

const cannotCompute = (message: string) => `Sales Data could not compute this: ${message}`;

/**
 * A failure nobody worded for a cell (an Excel error, a WorkbookError, a bug, a thrown non-Error): "Sales Data
 * could not compute this: " and its message, or its text (an object without a prototype too).
 */
function unexpectedText(err: unknown): string {
  return cannotCompute(err instanceof Error ? err.message : plainText(err));
}

/**
 * What a custom function rejects with: Excel's CustomFunctions.Error where the runtime defines it (so the cell
 * shows #VALUE! or #N/A with the message), else the FunctionError itself (tests, the preview).
 */
export function toExcelError(err: FunctionError): FunctionError | CustomFunctions.Error {
  if (typeof CustomFunctions !== "undefined" && CustomFunctions.Error) {
    const code =
      err.code === "#VALUE!" ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
    return new CustomFunctions.Error(code, err.message);
  }
  return err;
}
