// Errors shaped like the ones office-js raises (`OfficeExtension.Error`): name "RichApi.Error",
// a string `code` from Excel.ErrorCodes / OfficeExtension.ErrorCodes, a message and debugInfo.
// The class is ours: under Node there is no global OfficeExtension to instantiate.

export type HostErrorCode =
  | "InvalidArgument"
  | "ItemNotFound"
  | "ItemAlreadyExists"
  | "PropertyNotLoaded"
  | "ValueNotLoaded"
  | "RequestPayloadSizeLimitExceeded"
  | "ResponsePayloadSizeLimitExceeded"
  | "InvalidOperation"
  | "InsertDeleteConflict"
  | "NonBlankCellOffSheet"
  | "GeneralException"
  | "InvalidRequestContext"
  | "RunMustReturnPromise"
  | "NotImplemented"
  | (string & {});

export interface HostDebugInfo {
  code: string;
  message: string;
  errorLocation?: string;
  statement?: string;
}

export class HostRichApiError extends Error {
  override readonly name = "RichApi.Error";
  readonly code: string;
  readonly debugInfo: HostDebugInfo;
  readonly traceMessages: string[] = [];
  readonly innerError: HostRichApiError | null = null;
  readonly httpStatusCode: number;

  constructor(code: HostErrorCode, message: string, errorLocation?: string, statement?: string) {
    super(message);
    this.code = code;
    this.debugInfo = { code, message, errorLocation, statement };
    this.httpStatusCode = code === "GeneralException" ? 500 : 400;
  }
}

export function hostError(code: HostErrorCode, message: string): HostRichApiError {
  return new HostRichApiError(code, message);
}

export const invalidArgument = (msg: string) => hostError("InvalidArgument", msg);
export const itemNotFound = (msg: string) => hostError("ItemNotFound", msg);
export const itemAlreadyExists = (msg: string) => hostError("ItemAlreadyExists", msg);
export const invalidOperation = (msg: string) => hostError("InvalidOperation", msg);
export const insertDeleteConflict = (msg: string) => hostError("InsertDeleteConflict", msg);

export function isHostError(e: unknown): e is HostRichApiError {
  return e instanceof HostRichApiError;
}
