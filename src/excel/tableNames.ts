// Names the layer gives to what it creates: table names (unique in the workbook) and sheet names.

// The table name rule is the query's (src/core/query/tableName.ts): the sync names its database tables alike.
export { tableNameBase } from "../core/query/tableName";

/** The first of base, base_2, base_3, ... not taken (Excel compares names case-insensitively). */
export function uniqueName(base: string, taken: Iterable<string>, maxLength = 255): string {
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  for (let i = 1; ; i++) {
    const suffix = i === 1 ? "" : `_${i}`;
    const name = base.slice(0, maxLength - suffix.length) + suffix;
    if (!used.has(name.toLowerCase())) return name;
  }
}

/** A valid sheet name (31 characters, none of []:*?/\, not blank, not starting or ending with '). */
export function sheetNameBase(text: string): string {
  const cleaned = text
    .replace(/[[\]:*?/\\]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^'+|'+$/g, "");
  return (cleaned || "Sales data").slice(0, 31).trim();
}

export function uniqueSheetName(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  for (let i = 1; ; i++) {
    const suffix = i === 1 ? "" : ` (${i})`;
    const name = base.slice(0, 31 - suffix.length).trim() + suffix;
    if (!used.has(name.toLowerCase())) return name;
  }
}
