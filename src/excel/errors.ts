// Failures of the workbook layer, worded for the person at the keyboard.
import { UserError } from "../core/errorText";

export type WorkbookErrorKind = "too-large" | "no-room" | "not-found" | "changed" | "cancelled" | "protected";

export class WorkbookError extends UserError {
  override readonly name = "WorkbookError";
  constructor(
    readonly kind: WorkbookErrorKind,
    message: string,
  ) {
    super(message);
  }
}
