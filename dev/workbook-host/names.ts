// Excel's naming rules for worksheets, tables and defined names.
import { MAX_COLUMNS, columnIndex } from "./addresses";
import { invalidArgument } from "./errors";

/** Sheet names: 1..31 chars, none of []:*?/\ , no leading/trailing apostrophe, not "History". */
export function checkSheetName(name: unknown): string {
  if (typeof name !== "string" || name.length === 0 || name.length > 31) {
    throw invalidArgument(`A worksheet name must be 1 to 31 characters long (got ${JSON.stringify(name)}).`);
  }
  if (/[[\]:*?/\\]/.test(name))
    throw invalidArgument(`A worksheet name cannot contain any of []:*?/\\ (got "${name}").`);
  if (name.startsWith("'") || name.endsWith("'"))
    throw invalidArgument("A worksheet name cannot begin or end with an apostrophe.");
  if (name.toLowerCase() === "history") throw invalidArgument('"History" is a reserved worksheet name.');
  return name;
}

/** True when the text could be read as a cell reference (A1 or R1C1 style). */
function looksLikeReference(name: string): boolean {
  const a1 = /^([A-Za-z]{1,3})([0-9]+)$/.exec(name);
  if (a1 && columnIndex(a1[1]) < MAX_COLUMNS) return true;
  return /^[Rr][0-9]*[Cc][0-9]*$/.test(name) || /^[Rr][0-9]+$/.test(name) || /^[Cc][0-9]+$/.test(name);
}

/**
 * Table and defined names: start with a letter, "_" or "\", then letters, digits, "_" or ".";
 * at most 255 chars; not "C"/"R"; not a cell reference.
 */
export function checkDefinedName(name: unknown, what: "table" | "name"): string {
  const ok =
    typeof name === "string" &&
    name.length > 0 &&
    name.length <= 255 &&
    /^[\p{L}_\\][\p{L}\p{N}_.\\]*$/u.test(name) &&
    !/^[CcRr]$/.test(name) &&
    !looksLikeReference(name);
  if (!ok)
    throw invalidArgument(`${JSON.stringify(name)} is not a valid ${what === "table" ? "table" : "defined"} name.`);
  return name;
}

export const sameName = (a: string, b: string) => a.toLocaleUpperCase() === b.toLocaleUpperCase();
