// Failures of the workbook layer, worded for the person at the keyboard.

export type WorkbookErrorKind = "too-large" | "no-room" | "not-found" | "changed" | "cancelled";

export class WorkbookError extends Error {
  override readonly name = "WorkbookError";
  constructor(
    readonly kind: WorkbookErrorKind,
    message: string,
  ) {
    super(message);
  }
}
