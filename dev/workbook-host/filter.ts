// Table AutoFilter: Table.autoFilter (ExcelApi 1.9), TableColumn.filter, Table.clearFilters/reapplyFilters
// (ExcelApi 1.2). Applying criteria hides the data rows that do not match (sheet.filteredRows); nothing is
// re-evaluated until the filter is applied again (reapply), as in Excel: rows written or added later keep
// whatever hidden state their sheet row had. Criteria modelled: "Values" (text lists) and "Custom" (">100",
// "=a*", "<>", two criteria with And/Or); the other kinds fail with NotImplemented.
import type { Cell } from "./cells";
import type { HostRequestContext, SyncIO } from "./context";
import { hostError, invalidArgument, itemNotFound } from "./errors";
import { checkWritable } from "./protection";
import { HostObject } from "./proxy-base";
import { HostRange, checkSameContext, resolveRangeArg } from "./range";
import { bodyRect, dataRowCount } from "./tables";
import type { TableModel } from "./model-types";

export type Criteria = Excel.FilterCriteria;

/** What an unfiltered column reads; applying it back fails (Excel's empty criteria do too, office-js #1226). */
const NO_CRITERIA: Criteria = { filterOn: "Custom" };

function cellText(cell: Cell | undefined): string {
  if (cell === undefined) return "";
  return typeof cell.value === "boolean" ? (cell.value ? "TRUE" : "FALSE") : String(cell.value);
}

function wildcard(pattern: string): RegExp {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${body}$`, "i");
}

/** One custom criterion (">100", "<=5", "<>x", "=a*", "abc", "=" for blanks, "<>" for non-blanks). */
function customMatch(cell: Cell | undefined, criterion: string): boolean {
  const m = /^(>=|<=|<>|>|<|=)?(.*)$/s.exec(criterion)!;
  const op = m[1] ?? "=";
  const operand = m[2];
  const text = cellText(cell);
  if (operand === "") return op === "=" ? text === "" : op === "<>" ? text !== "" : false;
  const n = Number(operand);
  const numeric = operand.trim() !== "" && Number.isFinite(n);
  const v = cell?.value;
  if (numeric && typeof v === "number" && cell?.formula === undefined) {
    return { "=": v === n, "<>": v !== n, ">": v > n, "<": v < n, ">=": v >= n, "<=": v <= n }[op]!;
  }
  if (op === "=") return wildcard(operand).test(text);
  if (op === "<>") return !wildcard(operand).test(text);
  if (numeric || typeof v !== "string" || text === "") return false; // text vs number: no order match
  const cmp = text.localeCompare(operand, undefined, { sensitivity: "accent" });
  return { ">": cmp > 0, "<": cmp < 0, ">=": cmp >= 0, "<=": cmp <= 0 }[op]!;
}

/** Checks criteria as Excel's apply would take them; throws for what the host does not model. */
export function checkCriteria(c: Criteria): Criteria {
  if (!c || typeof c !== "object") throw invalidArgument("Filter criteria must be an object.");
  if (c.filterOn === "Values") {
    if (!Array.isArray(c.values) || c.values.length === 0) throw invalidArgument("A values filter needs values.");
    if (c.values.some((v) => typeof v !== "string"))
      throw hostError("NotImplemented", "Date filters (FilterDatetime) are not modelled by the host.");
  } else if (c.filterOn === "Custom") {
    if (typeof c.criterion1 !== "string" || c.criterion1 === "")
      throw invalidArgument("A custom filter needs criterion1.");
    if (c.operator !== undefined && c.operator !== "And" && c.operator !== "Or")
      throw invalidArgument(`Unknown filter operator "${c.operator}".`);
  } else throw hostError("NotImplemented", `Filtering on "${c.filterOn}" is not modelled by the host.`);
  return JSON.parse(JSON.stringify(c)) as Criteria;
}

export function criteriaMatch(cell: Cell | undefined, c: Criteria): boolean {
  if (c.filterOn === "Values") {
    const text = cellText(cell).toLowerCase();
    return (c.values as string[]).some((v) => v.toLowerCase() === text);
  }
  const first = customMatch(cell, c.criterion1!);
  if (c.criterion2 === undefined || c.criterion2 === "") return first;
  const second = customMatch(cell, c.criterion2);
  return c.operator === "Or" ? first || second : first && second;
}

/** Hides the data rows that do not match every column's criteria and shows the ones that do. */
export function evaluateFilter(t: TableModel): void {
  if (dataRowCount(t) === 0) return;
  const body = bodyRect(t);
  for (let r = body.r0; r <= body.r1; r++) {
    let visible = true;
    t.filter.criteria.forEach((c, i) => {
      if (c && visible) visible = criteriaMatch(t.sheet.grid.get(r, t.rect.c0 + i), c);
    });
    if (visible) t.sheet.filteredRows.delete(r);
    else t.sheet.filteredRows.add(r);
  }
}

/** Removes every criterion and shows the rows the filter hid. */
export function clearFilter(t: TableModel): void {
  t.filter.criteria = [];
  const body = bodyRect(t);
  for (let r = body.r0; r <= body.r1; r++) t.sheet.filteredRows.delete(r);
}

function setColumnCriteria(t: TableModel, index: number, c: Criteria | null): void {
  const cols = t.rect.c1 - t.rect.c0 + 1;
  if (!Number.isInteger(index) || index < 0 || index >= cols) throw invalidArgument(`No column ${index} to filter.`);
  while (t.filter.criteria.length < cols) t.filter.criteria.push(null);
  t.filter.criteria[index] = c === null ? null : checkCriteria(c);
  t.filter.enabled = true;
  evaluateFilter(t);
}

function readCriteria(t: TableModel, index: number): Criteria {
  const c = t.filter.criteria[index];
  return JSON.parse(JSON.stringify(c ?? NO_CRITERIA)) as Criteria;
}

/** Table.autoFilter (ExcelApi 1.9). */
export class HostAutoFilter extends HostObject<TableModel> {
  protected readonly _scalarProperties = ["enabled", "isDataFiltered", "criteria"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => TableModel) {
    super(ctx, path, resolve, false, true);
  }

  protected _read(t: TableModel, name: string, io: SyncIO): unknown {
    switch (name) {
      case "enabled":
        return this._counted(io, t.filter.enabled);
      case "isDataFiltered":
        return this._counted(
          io,
          t.filter.criteria.some((c) => c !== null),
        );
      case "criteria":
        return this._counted(
          io,
          Array.from({ length: t.rect.c1 - t.rect.c0 + 1 }, (_, i) => readCriteria(t, i)),
        );
    }
    return this._unknown(name);
  }

  get enabled(): boolean {
    return this._get("enabled");
  }
  get isDataFiltered(): boolean {
    return this._get("isDataFiltered");
  }
  get criteria(): Excel.FilterCriteria[] {
    return this._get("criteria");
  }

  /** `range` must be the table's range (the filter of a table covers the table). */
  apply(range: HostRange | string, columnIndex?: number, criteria?: Excel.FilterCriteria): void {
    checkSameContext(this.context, range);
    const label = range instanceof HostRange ? range._path : range;
    this._call("apply", [label, columnIndex ?? null, criteria ?? null], (t) => {
      checkWritable(t.sheet, "autoFilter");
      const r = resolveRangeArg(this.context, range, t.sheet);
      const same = r.sheet === t.sheet && JSON.stringify(r.rect) === JSON.stringify(t.rect);
      if (!same) throw invalidArgument("A table's AutoFilter applies to the table's range.");
      t.filter.enabled = true;
      if (columnIndex === undefined || columnIndex === null) return;
      if (!criteria) throw invalidArgument("A column index needs criteria.");
      setColumnCriteria(t, columnIndex, criteria);
    });
  }

  clearCriteria(): void {
    this._call("clearCriteria", [], (t) => {
      checkWritable(t.sheet, "autoFilter");
      clearFilter(t);
    });
  }

  /** ExcelApi 1.14. */
  clearColumnCriteria(columnIndex: number): void {
    this._call("clearColumnCriteria", [columnIndex], (t) => {
      checkWritable(t.sheet, "autoFilter");
      setColumnCriteria(t, columnIndex, null);
    });
  }

  /** Evaluates the criteria again over the current values. */
  reapply(): void {
    this._call("reapply", [], (t) => {
      checkWritable(t.sheet, "autoFilter");
      evaluateFilter(t);
    });
  }

  /** Turns the AutoFilter off (the filter buttons go): criteria cleared, hidden rows shown. */
  remove(): void {
    this._call("remove", [], (t) => {
      checkWritable(t.sheet, "structure");
      clearFilter(t);
      t.filter.enabled = false;
    });
  }

  getRange(): HostRange {
    return new HostRange(this.context, `${this._path}.getRange()`, () => {
      const t = this._target()!;
      return { sheet: t.sheet, rect: t.rect };
    });
  }

  getRangeOrNullObject(): HostRange {
    return new HostRange(
      this.context,
      `${this._path}.getRangeOrNullObject()`,
      () => {
        const t = this._target()!;
        return t.filter.enabled ? { sheet: t.sheet, rect: t.rect } : null;
      },
      true,
    );
  }
}

interface ColumnRef {
  table: TableModel;
  index: number;
}

/** TableColumn.filter (ExcelApi 1.2): the same criteria, one column. */
export class HostFilter extends HostObject<ColumnRef> {
  protected readonly _scalarProperties = ["criteria"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => ColumnRef | null) {
    super(ctx, path, resolve, false, false);
  }

  protected _read(ref: ColumnRef, name: string, io: SyncIO): unknown {
    if (name === "criteria") return this._counted(io, readCriteria(ref.table, ref.index));
    return this._unknown(name);
  }

  get criteria(): Excel.FilterCriteria {
    return this._get("criteria");
  }

  private _apply(method: string, args: unknown[], criteria: Criteria | null): void {
    this._call(method, args, (ref) => {
      if (ref.table.deleted) throw itemNotFound("The table no longer exists.");
      checkWritable(ref.table.sheet, "autoFilter");
      setColumnCriteria(ref.table, ref.index, criteria);
    });
  }

  apply(criteria: Excel.FilterCriteria): void {
    this._apply("apply", [criteria], criteria);
  }

  applyValuesFilter(values: Array<string | Excel.FilterDatetime>): void {
    this._apply("applyValuesFilter", [values], { filterOn: "Values", values });
  }

  applyCustomFilter(criteria1: string, criteria2?: string, oper?: Excel.FilterOperator | "And" | "Or"): void {
    const c: Criteria = { filterOn: "Custom", criterion1: criteria1 };
    if (criteria2 !== undefined) c.criterion2 = criteria2;
    if (oper !== undefined) c.operator = oper;
    this._apply("applyCustomFilter", [criteria1, criteria2 ?? null, oper ?? null], c);
  }

  clear(): void {
    this._apply("clear", [], null);
  }
}
