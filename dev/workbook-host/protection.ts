// Worksheet protection (ExcelApi 1.2; the password argument ExcelApi 1.7). Every cell counts as locked (Excel's
// default; unlocking cells is not modelled), so a protected sheet refuses every write to cells at sync with
// AccessDenied, Excel's code for it (see docs/workbook-host.md for the sources), except what the options allow.
import type { HostRequestContext, SyncIO } from "./context";
import { HostRichApiError, hostError, invalidArgument } from "./errors";
import { HostObject } from "./proxy-base";
import type { ProtectionOptions, SheetModel } from "./model-types";

/** What an operation needs from a protected sheet. */
export type ProtectedAction =
  | "contents" // values, formulas, clear, copyFrom, shifting locked cells: never allowed
  | "formatCells"
  | "formatRows"
  | "formatColumns"
  | "insertRows"
  | "insertColumns"
  | "autoFilter"
  | "pivotTables"
  // Sorting locked cells: never allowed, whatever allowSort says (Excel sorts only unlocked cells on a protected sheet).
  | "sort"
  | "structure"; // tables (add, resize, rows, columns, rename, style), pivot add/refresh: never allowed

const ALLOWED_BY: Partial<Record<ProtectedAction, keyof ProtectionOptions>> = {
  formatCells: "allowFormatCells",
  formatRows: "allowFormatRows",
  formatColumns: "allowFormatColumns",
  insertRows: "allowInsertRows",
  insertColumns: "allowInsertColumns",
  autoFilter: "allowAutoFilter",
  pivotTables: "allowPivotTables",
};

const DEFAULTS: ProtectionOptions = {
  allowAutoFilter: false,
  allowDeleteColumns: false,
  allowDeleteRows: false,
  allowEditObjects: false,
  allowEditScenarios: false,
  allowFormatCells: false,
  allowFormatColumns: false,
  allowFormatRows: false,
  allowInsertColumns: false,
  allowInsertHyperlinks: false,
  allowInsertRows: false,
  allowPivotTables: false,
  allowSort: false,
  selectionMode: "Normal",
};

/** Excel's AccessDenied, with its documented message and which sheet refused. */
export function accessDenied(sheet: SheetModel): HostRichApiError {
  return hostError(
    "AccessDenied",
    `You cannot perform the requested operation. (The worksheet "${sheet.name}" is protected.)`,
  );
}

/** Throws AccessDenied when the sheet is protected and its options do not allow `action`. */
export function checkWritable(sheet: SheetModel, action: ProtectedAction): void {
  const p = sheet.protection;
  if (!p) return;
  const option = ALLOWED_BY[action];
  if (option === undefined || !p.options[option]) throw accessDenied(sheet);
}

/** Worksheet.protection (ExcelApi 1.2). */
export class HostWorksheetProtection extends HostObject<SheetModel> {
  protected readonly _scalarProperties = ["protected", "options", "isPasswordProtected"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => SheetModel) {
    super(ctx, path, resolve, false, true);
  }

  protected _read(s: SheetModel, name: string, io: SyncIO): unknown {
    const p = s.protection;
    switch (name) {
      case "protected":
        return this._counted(io, p !== null);
      case "options":
        return this._counted(io, { ...(p?.options ?? DEFAULTS) });
      case "isPasswordProtected": // ExcelApiOnline 1.1
        return this._counted(io, !!p?.password);
    }
    return this._unknown(name);
  }

  get protected(): boolean {
    return this._get("protected");
  }
  get options(): Excel.WorksheetProtectionOptions {
    return this._get("options");
  }
  get isPasswordProtected(): boolean {
    return this._get("isPasswordProtected");
  }

  /** "Fails if the worksheet has already been protected" (Microsoft's reference): AccessDenied, as office-js #6784 shows. */
  protect(options?: Excel.WorksheetProtectionOptions, password?: string): void {
    this._call("protect", [options ?? null, password ?? null], (s) => {
      if (s.protection) throw accessDenied(s);
      if (options !== undefined && options !== null && typeof options !== "object")
        throw invalidArgument("Protection options must be an object.");
      s.protection = { options: { ...DEFAULTS, ...(options ?? {}) }, password: password || undefined };
    });
  }

  /**
   * A wrong or missing password fails with InvalidArgument (what the reference documents for pauseProtection's
   * wrong password). Unprotecting a sheet that is not protected fails with AccessDenied (Excel did, office-js
   * #6784; the reference is silent, so the host takes the less kind answer).
   */
  unprotect(password?: string): void {
    this._call("unprotect", [password ?? null], (s) => {
      if (!s.protection) throw accessDenied(s);
      if (s.protection.password !== undefined && s.protection.password !== password)
        throw invalidArgument("The password you supplied is incorrect.");
      s.protection = null;
    });
  }
}
