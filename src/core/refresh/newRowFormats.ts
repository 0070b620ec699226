// The number formats of the rows a refresh adds to a table: each column's from the row above, as Excel's "format
// same as above" gives a row inserted in a list, so a column the user formatted (revenue as £#,##0) keeps it on
// the new rows. Written by the add-in itself: what Excel does to formats when Table.resize grows a table is not
// documented.
import type { Column, ColumnKind } from "../answer/tabulate";

/**
 * For each table column (`layout`: the service field's Column, or null for a user column): the format its new rows
 * get. A text column is always `own.text` (service text must land as text, never as a formula); any other column
 * takes the row above's format (`above`, the last body row before the table grows) when there is one; a service
 * column with none takes the add-in's own format for its kind, a user column is left as it is (null).
 */
export function newRowFormats(
  layout: readonly (Column | null)[],
  above: readonly string[],
  own: Readonly<Record<ColumnKind, string>>,
): (string | null)[] {
  return layout.map((c, i) => {
    if (c?.kind === "text") return own.text;
    const shown = above[i];
    if (typeof shown === "string" && shown !== "") return shown;
    return c ? own[c.kind] : null;
  });
}
