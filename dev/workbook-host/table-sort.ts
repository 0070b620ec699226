// Table.sort (Excel.TableSort, ExcelApi 1.2): `apply(fields, matchCase?, method?)` sorts the table's body rows and
// remembers the sort; `fields`, `matchCase`, `method` read the sort last applied; `clear()` forgets it without
// moving a row ("it clears the state of the header buttons"); `reapply()` sorts the current rows again by it.
// What a sort does, as Excel does it:
// - it moves whole body rows of the table (every column; cells outside the table stay): values, formulas, number
//   formats, text prefixes. A moved formula is treated as copied: its relative row references shift by the distance
//   moved, absolute ones stay, one pushed off the sheet becomes #REF! (Microsoft KB 40401); formulas elsewhere that
//   point into the table are not rewritten (they now see whatever row is there);
// - rows hidden (by a filter or by hand) are not moved: the visible rows are sorted among the visible positions
//   ("hidden rows are not moved when you sort rows", Microsoft's "Sort data in a range or table");
// - order (Excel's documented default sort order): numbers, then text (case-insensitively), then FALSE, TRUE, then
//   errors (all equal; every formula cell here, since the host computes none); blank cells last in both directions;
//   descending reverses all but the blanks; the sort is stable (ties keep their order);
// - the remembered sort follows its columns by TableColumn.id: moved, it still sorts that column (`key` reads the
//   new position); deleted, its condition is gone. Nothing sorts rows again by itself: rows written, added or
//   resized into stay where they are until `reapply()` (or another `apply`). A rename changes nothing.
// Refused with NotImplemented: sorting on cell colour, font colour or icons, `color`, `icon`, `subField` (rich
// values), `matchCase: true` and `method: "StrokeCount"` (Excel's orders for them are not modelled).
import type { Cell } from "./cells";
import type { HostRequestContext, SyncIO } from "./context";
import { hostError, invalidArgument, invalidOperation } from "./errors";
import { checkWritable } from "./protection";
import { HostObject } from "./proxy-base";
import { formulaMovedRows } from "./r1c1";
import { bodyRect, dataRowCount } from "./tables";
import type { DataOption, SortState, TableModel } from "./model-types";

/** Excel keeps at most 64 sort conditions (OOXML sortState: sortCondition maxOccurs 64). */
const MAX_FIELDS = 64;
const collator = new Intl.Collator("en", { sensitivity: "accent" });

function notModelled(what: string): never {
  throw hostError("NotImplemented", `${what} is not modelled by the workbook host.`);
}

/** Checks `apply`'s arguments against the table and returns the sort to remember. */
export function checkSort(t: TableModel, fields: unknown, matchCase: unknown, method: unknown): SortState {
  if (!Array.isArray(fields) || fields.length === 0) throw invalidArgument("Sort fields must be a non-empty array.");
  if (fields.length > MAX_FIELDS) throw invalidArgument(`A sort takes at most ${MAX_FIELDS} fields.`);
  if (matchCase !== undefined && matchCase !== null && typeof matchCase !== "boolean")
    throw invalidArgument("matchCase must be a boolean.");
  if (matchCase === true) notModelled("A case-sensitive sort (matchCase: true)");
  if (method !== undefined && method !== null && method !== "PinYin" && method !== "StrokeCount")
    throw invalidArgument(`Unknown sort method "${String(method)}"; allowed: "PinYin", "StrokeCount".`);
  if (method === "StrokeCount") notModelled('The "StrokeCount" sort method');
  const cols = t.rect.c1 - t.rect.c0 + 1;
  const seen = new Set<number>();
  const out = (fields as Excel.SortField[]).map((f) => {
    if (!f || typeof f !== "object") throw invalidArgument("Each sort field must be an object.");
    if (!Number.isInteger(f.key) || f.key < 0 || f.key >= cols)
      throw invalidArgument(`Sort key ${String(f.key)} is not a column of the table (0 to ${cols - 1}).`);
    if (seen.has(f.key)) throw invalidArgument(`Column ${f.key} is sorted on more than once.`);
    seen.add(f.key);
    if (f.sortOn !== undefined && f.sortOn !== "Value") {
      if (["CellColor", "FontColor", "Icon"].includes(f.sortOn)) notModelled(`Sorting on "${f.sortOn}"`);
      throw invalidArgument(`Unknown sortOn "${String(f.sortOn)}".`);
    }
    if (f.color !== undefined) notModelled("A sort field's color");
    if (f.icon !== undefined) notModelled("A sort field's icon");
    if (f.subField !== undefined) notModelled("A sort field's subField (rich values)");
    if (f.ascending !== undefined && typeof f.ascending !== "boolean")
      throw invalidArgument("A sort field's ascending must be a boolean.");
    const dataOption = f.dataOption ?? "Normal";
    if (dataOption !== "Normal" && dataOption !== "TextAsNumber")
      throw invalidArgument(`Unknown dataOption "${String(dataOption)}"; allowed: "Normal", "TextAsNumber".`);
    return { columnId: t.columnIds[f.key], ascending: f.ascending ?? true, dataOption: dataOption as DataOption };
  });
  return { fields: out, matchCase: false, method: (method as SortState["method"]) ?? "PinYin" };
}

/** The remembered sort's conditions on columns the table still has, with their current position. */
function liveFields(t: TableModel): (SortState["fields"][number] & { index: number })[] {
  return (t.sort?.fields ?? [])
    .map((f) => ({ ...f, index: t.columnIds.indexOf(f.columnId) }))
    .filter((f) => f.index >= 0);
}

/** What TableSort.fields reads: the remembered conditions at their columns' current positions. */
export function sortFields(t: TableModel): (Excel.SortField & { ascending: boolean })[] {
  return liveFields(t).map((f) => ({
    key: f.index,
    ascending: f.ascending,
    sortOn: "Value",
    dataOption: f.dataOption,
  }));
}

/** A cell's place in Excel's order: rank (number, text, logical, error, blank) and what compares within it. */
interface Key {
  rank: 0 | 1 | 2 | 3 | 4;
  n: number;
  s: string;
}

function keyOf(cell: Cell | undefined, dataOption: DataOption): Key {
  if (cell === undefined || (cell.value === "" && cell.formula === undefined)) return { rank: 4, n: 0, s: "" };
  if (cell.formula !== undefined) return { rank: 3, n: 0, s: "" };
  const v = cell.value;
  if (typeof v === "number") return { rank: 0, n: v, s: "" };
  if (typeof v === "boolean") return { rank: 2, n: v ? 1 : 0, s: "" };
  const asNumber = dataOption === "TextAsNumber" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(asNumber) ? { rank: 0, n: asNumber, s: "" } : { rank: 1, n: 0, s: v };
}

function compareKeys(a: Key, b: Key, ascending: boolean): number {
  if (a.rank === 4 || b.rank === 4) return a.rank === b.rank ? 0 : a.rank === 4 ? 1 : -1; // blanks last, always
  const cmp = a.rank !== b.rank ? a.rank - b.rank : a.rank === 1 ? collator.compare(a.s, b.s) : a.n - b.n;
  return ascending ? cmp : -cmp;
}

/** Sorts the table's visible body rows by its remembered sort (see the top of this file). */
export function sortRows(t: TableModel): void {
  const fields = liveFields(t);
  if (fields.length === 0 || dataRowCount(t) === 0) return;
  const { sheet } = t;
  const body = bodyRect(t);
  const cols = body.c1 - body.c0 + 1;
  const rows: number[] = [];
  for (let r = body.r0; r <= body.r1; r++) if (!sheet.hiddenRows.has(r) && !sheet.filteredRows.has(r)) rows.push(r);
  const cells = rows.map((r) => Array.from({ length: cols }, (_, i) => sheet.grid.get(r, body.c0 + i)));
  const keys = cells.map((row) => fields.map((f) => keyOf(row[f.index], f.dataOption)));
  const order = rows.map((_, i) => i);
  order.sort((a, b) => {
    for (let k = 0; k < fields.length; k++) {
      const cmp = compareKeys(keys[a][k], keys[b][k], fields[k].ascending);
      if (cmp !== 0) return cmp;
    }
    return a - b; // stable
  });
  order.forEach((from, k) => {
    const to = rows[k];
    if (rows[from] === to) return;
    cells[from].forEach((cell, i) => {
      const moved = cell && { ...cell, formula: cell.formula && formulaMovedRows(cell.formula, rows[from], to) };
      sheet.grid.put(to, body.c0 + i, moved ?? null);
    });
  });
}

/** Table.sort (ExcelApi 1.2). */
export class HostTableSort extends HostObject<TableModel> {
  protected readonly _scalarProperties = ["fields", "matchCase", "method"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => TableModel) {
    super(ctx, path, resolve, false, true);
  }

  protected _read(t: TableModel, name: string, io: SyncIO): unknown {
    switch (name) {
      case "fields":
        return this._counted(io, sortFields(t));
      case "matchCase":
        return this._counted(io, t.sort?.matchCase ?? false);
      case "method":
        return this._counted(io, t.sort?.method ?? "PinYin");
    }
    return this._unknown(name);
  }

  get fields(): Excel.SortField[] {
    return this._get("fields");
  }
  get matchCase(): boolean {
    return this._get("matchCase");
  }
  get method(): Excel.SortMethod | "PinYin" | "StrokeCount" {
    return this._get("method");
  }

  apply(fields: Excel.SortField[], matchCase?: boolean, method?: Excel.SortMethod | "PinYin" | "StrokeCount"): void {
    this._call("apply", [fields, matchCase ?? null, method ?? null], (t) => {
      const state = checkSort(t, fields, matchCase, method);
      checkWritable(t.sheet, "sort");
      t.sort = state;
      sortRows(t);
    });
  }

  clear(): void {
    this._call("clear", [], (t) => {
      checkWritable(t.sheet, "sort");
      t.sort = null;
    });
  }

  /**
   * Sorts the current rows again by the remembered sort. With none (never sorted, cleared, or its columns deleted)
   * it fails with InvalidOperation: the reference is silent, and Excel crashed on a reapply after clear()
   * (office-js #25), so the host refuses (the least kind answer: check `fields` first).
   */
  reapply(): void {
    this._call("reapply", [], (t) => {
      if (liveFields(t).length === 0) throw invalidOperation(`Table "${t.name}" has no sort to reapply.`);
      checkWritable(t.sheet, "sort");
      sortRows(t);
    });
  }
}
