// A managed table holds the service's columns and the user's (docs/architecture.md, Decision 15):
// which table columns hold the service's fields (recorded by TableColumn.id when the table was written, so a
// renamed or moved column is still found), the key of a row, what each user cell of the rows a refresh writes
// becomes (kept by key, a calculated column's formula, or empty), and whether an AutoFilter can stay in force.
// Pure; src/excel reads and writes the cells, src/refresh wires them. See docs/refresh.md.
import { RETAILER_COLUMN } from "../answer/retailersTable";
import type { Column } from "../answer/tabulate";
import { dayNumber, isIsoDate, type DayCells, type IsoDate } from "../dates";
import { keyHash, keyHashOn } from "./writtenKeys";
import { andList, metricIn, type DayWords } from "../words";

/** A table column as Excel tells it: TableColumn.id (stable across renames and moves) and its header now. */
export interface TableColumnRef {
  id: number;
  name: string;
}

/** What the saved record keeps for each service field: the id of the table column holding it, and its header then. */
export interface ServiceColumn {
  id: number;
  field: string;
  /** The header when the table was last written (to name a deleted column in words). */
  name: string;
}

/** Recorded service columns whose table column is gone (deleted by the user). */
export function deletedColumns(table: readonly TableColumnRef[], recorded: readonly ServiceColumn[]): ServiceColumn[] {
  const ids = new Set(table.map((c) => c.id));
  return recorded.filter((r) => !ids.has(r.id));
}

const quoted = (names: readonly string[]): string => andList(names.map((n) => `"${n}"`));

/**
 * The deleted service columns a refresh cannot do without: all but the metrics asked (`metrics`), whose columns
 * it leaves out (deletedMetricsWarning). The date, retailer, SKU and store tell the rows apart, and their names
 * describe them: the rows rewritten would have none.
 */
export function refusedDeletions(gone: readonly ServiceColumn[], metrics: readonly string[]): ServiceColumn[] {
  return gone.filter((g) => !metrics.includes(g.field));
}

/** Words for a refresh refused because service columns it cannot do without were deleted (refusedDeletions). */
export function deletedColumnsText(tableName: string, gone: readonly ServiceColumn[]): string {
  const names = gone.map((g) => (g.name === g.field ? g.name : `${g.name} (the service's ${g.field})`));
  const what = gone.length === 1 ? `The column ${quoted(names)} was` : `The columns ${quoted(names)} were`;
  return (
    `${what} deleted from "${tableName}". Refresh finds the rows it replaces by their date, retailer, SKU and ` +
    "store, and fills in what describes them, so it cannot refresh the table without " +
    `${gone.length === 1 ? "it" : "them"}. Nothing was written. Undo the deletion if you can; otherwise get the ` +
    "data again as a new table."
  );
}

/** Metrics whose columns the user deleted: left out, the other columns refreshed (the pane offers Stop asking). */
export const deletedMetricsWarning = (fields: readonly string[], days?: DayWords): string =>
  `${andList(fields.map((f) => metricIn(days, f)))} ${fields.length === 1 ? "is" : "are"} no longer in the table; the other columns were refreshed.`;

export interface LayoutInput {
  /** The table's columns now, in order. */
  table: readonly TableColumnRef[];
  /** The saved record's service columns (absent in records saved before they were kept). */
  recorded?: readonly ServiceColumn[];
  /**
   * For a record without them: the fields a table of this query holds (what the service sent now, the metrics
   * asked, the key fields), matched to headers as before ids were kept (exactly, then in any case).
   */
  fields: readonly string[];
  /** For a record without them: the period field and the table column read as the period (by header or date format). */
  periodField?: string;
  periodIndex?: number;
}

export interface ColumnLayout {
  /** For each table column, in order: the service field it holds, or null for a user column. */
  fields: (string | null)[];
  /** What the record keeps from now on: each service column (table order), with its header now. */
  record: ServiceColumn[];
}

/** Two headers Excel holds as the same (a table's headers are unique case-insensitively). */
export const sameHeader = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Which table column holds which service field. With a record: by id (deleted ones must have been refused
 * first: deletedColumns); every other column is the user's. Without (an older record, upgraded now): the
 * period column as read, then headers matched to `fields`, exactly and then in any case; the rest are the user's.
 */
export function columnLayout(input: LayoutInput): ColumnLayout {
  const { table } = input;
  let fields: (string | null)[];
  if (input.recorded) {
    const byId = new Map(input.recorded.map((r) => [r.id, r.field]));
    fields = table.map((c) => byId.get(c.id) ?? null);
  } else {
    fields = table.map(() => null);
    const wanted = new Set(input.fields);
    const p = input.periodIndex;
    if (input.periodField !== undefined && p !== undefined && p >= 0 && p < table.length) {
      fields[p] = input.periodField;
      wanted.delete(input.periodField);
    }
    for (const match of [(a: string, b: string) => a === b, sameHeader]) {
      table.forEach((c, i) => {
        if (fields[i] !== null) return;
        const hit = [...wanted].find((f) => match(c.name, f));
        if (hit === undefined) return;
        fields[i] = hit;
        wanted.delete(hit);
      });
    }
  }
  const record = table.flatMap((c, i) => (fields[i] === null ? [] : [{ id: c.id, field: fields[i]!, name: c.name }]));
  return { fields, record };
}

/**
 * Fields that identify a row with its period: the retailer (a table of several), the SKU (or filter value,
 * which the service sends as sku) and the store.
 */
const KEY_FIELDS = [RETAILER_COLUMN, "sku", "store_id"];

/**
 * Indexes (in `columns`) of what identifies a row: the period first, then the SKU and store codes; a table
 * with neither: every code and text column. Empty when there is no period column.
 */
export function keyColumns(columns: readonly Column[], periodIndex: number): number[] {
  if (periodIndex < 0) return [];
  const keys = columns.flatMap((c, i) => (KEY_FIELDS.includes(c.name) ? [i] : []));
  const rest =
    keys.length > 0
      ? keys
      : columns.flatMap((c, i) => (i !== periodIndex && (c.kind === "code" || c.kind === "text") ? [i] : []));
  return [periodIndex, ...rest];
}

/** What a key's period cell holds when the store's cell is not a day but holds something (a date typed as text). */
const NOT_A_DAY: unique symbol = Symbol("not a day");

/**
 * A row's key cells as the rules read them (keyColumns: the period first): its period as the day the store's cell
 * holds (`dayCells`); an empty cell as it is; anything else in it (a date typed as text, "total") NOT_A_DAY, so no
 * text is ever taken for a day, whatever the store.
 */
export function keyCellsOf(cells: readonly unknown[], dayCells: DayCells): unknown[] {
  const out = cells.slice();
  const v = cells[0];
  out[0] = dayCells.dayOf(v) ?? (v === "" || v === null || v === undefined ? v : NOT_A_DAY);
  return out;
}

/**
 * The day in a row key: its day count from 1899-12-30, as the written-keys record (writtenKeys.ts) has hashed
 * keys since its version 1, so a record saved in a workbook still names the rows it wrote.
 */
const KEY_DAY_ZERO = 25_569; // the count of 1970-01-01

/**
 * A row's key from its key cells (keyCellsOf: the period a day, first); null when the period is not a day (a
 * blank row, a date typed as text). Codes are compared as text: a SKU read back from a cell as 100002 and sent by
 * the service as "100002" is the same row (its user cells stay with it, and refresh counts it replaced,
 * src/core/refresh/losses.ts). rowKeyHash hashes this same text without making it: the two change together.
 */
export function rowKey(cells: readonly unknown[]): string | null {
  const day = cells[0];
  if (!isIsoDate(day)) return null;
  const codes = cells.slice(1).map((v) => (v === null || v === undefined ? "" : String(v)));
  return JSON.stringify([dayNumber(day) + KEY_DAY_ZERO, ...codes]);
}

/** Text JSON.stringify writes between quotes as it is (no escapes). */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * keyHash(rowKey(...)) of a row whose period is `day` and whose other key cells are `row`'s `codes`, without making
 * the key's text: a period of a large brand's stores is 575,000 keys, only counted and summed by their hashes.
 */
export function rowKeyHash(day: IsoDate, row: readonly unknown[], codes: readonly number[]): number {
  let h = keyHashOn(keyHash("["), String(dayNumber(day) + KEY_DAY_ZERO));
  for (const k of codes) {
    const v = row[k];
    const code = v === null || v === undefined ? "" : String(v);
    h = NEEDS_ESCAPE.test(code)
      ? keyHashOn(keyHashOn(h, ","), JSON.stringify(code))
      : keyHashOn(keyHashOn(keyHashOn(h, ',"'), code), '"');
  }
  return keyHashOn(h, "]");
}

/** A user cell as read: its formula in R1C1 notation (`formulasR1C1`: the constant itself when not a formula) and its value. */
export interface UserCell {
  formula: unknown;
  value: unknown;
}

/** What a user cell of a written row gets: null leaves it as it is; anything else is written to `formulasR1C1`. */
export type UserWrite = string | number | boolean | null;

/** A formula, as opposed to a text that reads like one (Excel's `formulas` drops a text's apostrophe). */
const isFormula = (c: UserCell | undefined): boolean =>
  !!c && typeof c.formula === "string" && c.formula.startsWith("=") && c.formula !== c.value;

const isEmptyCell = (c: UserCell | undefined): boolean =>
  !c || ((c.value === "" || c.value === null || c.value === undefined) && !isFormula(c));

/** Text that Excel would read as something else when entered (a formula, number, boolean, date or time). */
const REREAD = [
  /^[=+\-@']/,
  /^\s*[-+]?(\d[\d,]*\.?\d*|\.\d+)(e[-+]?\d+)?\s*%?\s*$/i,
  /^\s*(true|false)\s*$/i,
  /^\s*\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?\s*$/,
  /^\s*\d{1,2}:\d{2}/,
];

/**
 * What writing a user cell elsewhere takes to keep it as it is: its R1C1 formula, or its constant (text kept text).
 */
export function cellInput(c: UserCell | undefined): string | number | boolean {
  if (!c || isEmptyCell(c)) return "";
  if (isFormula(c)) return c.formula as string;
  const v = c.value;
  if (typeof v === "number" || typeof v === "boolean") return v;
  const s = String(v);
  return REREAD.some((re) => re.test(s)) ? `'${s}` : s;
}

export interface UserCellsInput {
  /** How many user columns. */
  columns: number;
  /** The user cells of the row just before the window, when there is one (a calculated column's formula is learnt there too). */
  before?: readonly UserCell[];
  /** The rows the window takes out, in table order: each row's key and its user cells. */
  old: readonly { key: string | null; cells: readonly UserCell[] }[];
  /** The keys of the rows written, in order; row i takes the place of old row i where there is one. */
  keys: readonly (string | null)[];
}

export interface UserCellsPlan {
  /** For each row written, for each user column: what to write (null: the cell stays as it is). */
  cells: UserWrite[][];
  /** Per user column: its calculated formula (R1C1), or null when it is not a calculated column. */
  calculated: (string | null)[];
}

/**
 * A calculated column: every non-empty cell of the row before the window and of the old window's rows (blank
 * rows left out) holds the same formula, and at least one does.
 */
function calculatedFormula(input: UserCellsInput, u: number): string | null {
  const cells = [input.before?.[u], ...input.old.filter((r) => r.key !== null).map((r) => r.cells[u])];
  let formula: string | null = null;
  for (const c of cells) {
    if (isEmptyCell(c)) continue;
    if (!isFormula(c) || (formula !== null && c!.formula !== formula)) return null;
    formula = c!.formula as string;
  }
  return formula;
}

/** Old rows by key, in table order: the k-th written row with a key gets the k-th old row with that key. */
function sourcesByKey(input: UserCellsInput): (number | null)[] {
  const queues = new Map<string, number[]>();
  input.old.forEach((r, j) => {
    if (r.key === null) return;
    const q = queues.get(r.key);
    if (q) q.push(j);
    else queues.set(r.key, [j]);
  });
  return input.keys.map((k) => (k === null ? null : (queues.get(k)?.shift() ?? null)));
}

/**
 * The user cells of the rows a refresh writes. A row whose key the old window held keeps that row's cells
 * (written, formulas as formulas, when it moved); a row new by key gets each calculated column's formula and
 * leaves the other user columns empty. In a calculated column an empty cell of a kept row gets the formula too
 * (Excel would have filled it). A cell that already holds what it should (its own row's cell, a calculated
 * formula where the row before held it too, an empty cell staying empty) is left as it is (null): what a
 * refresh sends is only what changes, so rows shifted by one key (a SKU missing on a day) do not rewrite a
 * whole calculated column.
 */
export function userCells(input: UserCellsInput): UserCellsPlan {
  const calculated = Array.from({ length: input.columns }, (_, u) => calculatedFormula(input, u));
  const sources = sourcesByKey(input);
  const cells = input.keys.map((_, i) => {
    const j = sources[i];
    return calculated.map((formula, u): UserWrite => {
      const src = j === null ? undefined : input.old[j].cells[u];
      // What the cell written holds now: the old row in its place, or nothing (below the old window).
      const here = i < input.old.length ? cellInput(input.old[i].cells[u]) : "";
      const want = formula !== null && isEmptyCell(src) ? formula : j === null ? "" : cellInput(src);
      return want === here ? null : want;
    });
  });
  return { cells, calculated };
}

/**
 * Co-authoring: a commit wrote the user cells of `written`, planned from cells read earlier; `now` is what the
 * same cells held just before the commit wrote (read in its own sync). A co-author may have typed in between:
 * each cell the commit left different from what a plan made from `now` wants, with what it wants; null where the
 * cell is right. Null when every cell is right.
 */
export function userCellsToRepair(written: UserCellsPlan, now: UserCellsInput): UserWrite[][] | null {
  const wanted = userCells(now).cells;
  let any = false;
  const cells = wanted.map((row, i) =>
    row.map((want, u): UserWrite => {
      const here = i < now.old.length ? cellInput(now.old[i].cells[u]) : "";
      const right = want ?? here;
      if ((written.cells[i][u] ?? here) === right) return null;
      any = true;
      return right;
    }),
  );
  return any ? cells : null;
}

/** What a refresh does about the table's AutoFilter. */
export type FilterPlan =
  /** No criteria in force: nothing to do. */
  | { kind: "none" }
  /** Criteria in force: they stay; after the write they are applied again so rewritten and new rows are filtered like the rest. */
  | { kind: "reapply" }
  /** A filter refresh cannot carry over: refused before anything is written. */
  | { kind: "refuse"; message: string };

/** A column's filter criteria as Excel reads them (`FilterCriteria`: only what is decided on here). */
export interface CriteriaLike {
  filterOn?: string;
  criterion1?: string;
  values?: readonly unknown[];
  color?: string;
  icon?: unknown;
  dynamicCriteria?: string;
}

/** Criteria that pick rows by how their cells look: the rows a refresh writes do not carry the look of the rows they replace. */
const BY_LOOK: Record<string, string> = { CellColor: "cell colour", FontColor: "font colour", Icon: "icon" };

function inForce(c: CriteriaLike | null | undefined): boolean {
  if (!c || !c.filterOn) return false;
  if (c.filterOn === "Custom") return !!c.criterion1;
  if (c.filterOn === "Values") return (c.values?.length ?? 0) > 0;
  return true;
}

/**
 * Whether the table's filter can stay in force through a refresh. Writes reach hidden rows, so the filter is
 * never cleared: its criteria stay as the user set them and are applied again after the write. A filter by cell
 * colour, font colour or icon is refused: those follow the cells' formats, which stay where the old rows were.
 */
export function filterPlan(
  tableName: string,
  headers: readonly string[],
  criteria: readonly (CriteriaLike | null | undefined)[],
): FilterPlan {
  const active = criteria.flatMap((c, i) => (inForce(c) ? [i] : []));
  const look = active.find((i) => BY_LOOK[criteria[i]!.filterOn!] !== undefined);
  if (look !== undefined) {
    const header = headers[look] ?? `column ${look + 1}`;
    return {
      kind: "refuse",
      message:
        `"${tableName}" is filtered by ${BY_LOOK[criteria[look]!.filterOn!]} on "${header}", which refresh cannot keep: ` +
        "the rows it rewrites do not carry the colours and icons of the rows they replace. Clear that filter (the " +
        `filter button of "${header}" > Clear Filter From "${header}"), refresh, then filter again. Nothing was written.`,
    };
  }
  return active.length > 0 ? { kind: "reapply" } : { kind: "none" };
}
