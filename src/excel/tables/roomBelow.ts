// Room for a table that grows at refresh. Over empty rows it just grows (as it always did). When the rows it
// grows over hold something (a note, a total under a weekly report), cells are inserted below it, in its columns
// only and as many rows as it grows by, so what is below moves down with the data, as Power Query's tables do and
// as Excel moves cells for Insert > Shift cells down: values, formulas (their references follow), formats, whole
// tables, merged areas and spills inside those columns. Cells beside the table stay where they are.
// What such an insert cannot move is named before anything is written: a merged area, a table or a spill that
// reaches past the table's columns, cells it would push off the sheet (findObstacles). Anything else Excel refuses
// (a legacy array formula, a pivot table: the API cannot see them beforehand) fails the insert in its own sync,
// before the commit, with Excel's words: nothing was changed then either.
import { a1, columnLetters, parseAddress } from "../addresses";
import { WorkbookError } from "../errors";
import { MAX_COLUMNS, MAX_ROWS, MAX_SYNC_CELLS } from "../excelRun";
import { belowTable, type OpenTable } from "./openTable";
import { isEmpty } from "./writeBlocks";
import { plural } from "../../core/words";

/** Spill probes (one cell each) per sync. */
const PROBES_PER_SYNC = 2_000;

/** Something below the table that cannot move down with its columns, in the words of the refusal. */
interface Obstacle {
  /** Sheet row where it starts (the first one found is named). */
  row: number;
  /** "The merged cells A41:C41 below the table are": the subject and its verb. */
  what: string;
  why: string;
  fix: string;
}

interface Span {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/**
 * The rows to insert below the table before its commit: 0 when it does not grow or the rows it grows over are
 * empty; else the whole growth, once nothing in the way was found (refused by name otherwise, nothing written).
 */
export async function roomBelow(
  context: Excel.RequestContext,
  open: OpenTable,
  tableName: string,
  finalRows: number,
): Promise<number> {
  const grow = finalRows - open.count;
  if (grow <= 0) return 0;
  if (await isEmpty(context, open.sheet, belowTable(open), open.left, grow, open.columns)) return 0;
  const found = await findObstacles(context, open, grow);
  if (found.length > 0) throw new WorkbookError("no-room", obstacleText(open, tableName, grow, found));
  return grow;
}

/**
 * Inserts `rows` rows of cells below the table in its columns, in a sync of its own before the commit: blank
 * cells under the table change nothing in it, so a failure after this leaves the table as it was with blank rows
 * under it, which the next refresh grows over.
 */
export async function makeRoom(
  context: Excel.RequestContext,
  open: OpenTable,
  tableName: string,
  rows: number,
): Promise<void> {
  if (rows === 0) return;
  const below = open.sheet.getRangeByIndexes(belowTable(open), open.left, rows, open.columns);
  below.insert("Down" as Excel.InsertShiftDirection);
  try {
    await context.sync();
  } catch (err) {
    const said = (err as { message?: unknown } | null)?.message;
    throw new WorkbookError(
      "no-room",
      `"${tableName}" needs ${plural(rows, "more row")}, but Excel could not move the cells below it down to make ` +
        `room${typeof said === "string" ? ` (${said.replace(/\.$/, "")})` : ""}. Nothing was changed; move what is ` +
        `below the table in columns ${columnsOf(open)} and refresh again.`,
    );
  }
}

const columnsOf = ({ left, columns }: OpenTable) => `${columnLetters(left)}:${columnLetters(left + columns - 1)}`;

/** Whether a block of cells has cells both inside the table's columns and beside them. */
const reachesPast = (s: Span, { left, columns }: OpenTable) =>
  s.col < left + columns && s.col + s.cols > left && (s.col < left || s.col + s.cols > left + columns);

const spanOf = (address: string): Span => parseAddress(address);
const where = (s: Span) => a1(s.row, s.col, s.rows, s.cols);

/** What below the table an insert in its columns cannot move: one look, then more only where one was hinted at. */
async function findObstacles(context: Excel.RequestContext, open: OpenTable, grow: number): Promise<Obstacle[]> {
  const { sheet, left, columns } = open;
  const below = belowTable(open);
  const moving = sheet.getRangeByIndexes(below, left, MAX_ROWS - below, columns);
  const merged = sheet.getRangeByIndexes(below, 0, MAX_ROWS - below, MAX_COLUMNS).getMergedAreasOrNullObject();
  merged.load("address");
  const touching = moving.getTables(false).load("items/name");
  const inside = moving.getTables(true).load("items/name");
  // A spill that reaches into those columns starts in them or left of them.
  const upTo = sheet.getRangeByIndexes(below, 0, MAX_ROWS - below, left + columns).load("hasSpill");
  const upToUsed = upTo.getUsedRangeOrNullObject(true).load("rowIndex,rowCount");
  await context.sync();
  const found: Obstacle[] = [];
  if (!merged.isNullObject) found.push(...mergedInTheWay(merged.address, open));
  const whole = new Set(inside.items.map((t) => t.name));
  const partly = touching.items.map((t) => t.name).filter((n) => !whole.has(n));
  found.push(...(await tablesInTheWay(context, open, partly)));
  // The rows the insert pushes past the sheet's last row must be empty (formats do not count here).
  if (!(await isEmpty(context, sheet, MAX_ROWS - grow, left, grow, columns))) {
    const last = { row: MAX_ROWS - grow, col: left, rows: grow, cols: columns };
    found.push({
      row: last.row,
      what: `The cells at the bottom of the sheet (${where(last)}) are`,
      why: "they would be pushed off its end",
      fix: "Clear or move them",
    });
  }
  if (upTo.hasSpill !== false && !upToUsed.isNullObject)
    found.push(...(await spillsInTheWay(context, open, below, upToUsed.rowIndex + upToUsed.rowCount)));
  return found.sort((a, b) => a.row - b.row);
}

/** Merged areas (RangeAreas.address: "Data!A41:C41, Data!F2:G2") that reach past the table's columns. */
function mergedInTheWay(address: string, open: OpenTable): Obstacle[] {
  const areas = address.match(/(?:'(?:[^']|'')*'|[^\s',!]+)!\$?[A-Z]+\$?\d+(?::\$?[A-Z]+\$?\d+)?/gi) ?? [];
  return areas
    .map(spanOf)
    .filter((s) => reachesPast(s, open))
    .map((s) => ({
      row: s.row,
      what: `The merged cells ${where(s)} below the table are`,
      why: "they reach past those columns, and Excel cannot move part of a merged area",
      fix: `Unmerge them, or move them out of columns ${columnsOf(open)}`,
    }));
}

/** Tables partly under the table's columns (overlapping the cells that move, not inside them), by address. */
async function tablesInTheWay(context: Excel.RequestContext, open: OpenTable, names: string[]): Promise<Obstacle[]> {
  if (names.length === 0) return [];
  const ranges = names.map((n) => context.workbook.tables.getItem(n).getRange().load("address"));
  await context.sync();
  return ranges.map((r, i) => ({
    row: spanOf(r.address).row,
    what: `The table "${names[i]}" (${where(spanOf(r.address))}) below it is`,
    why: "it reaches past those columns, and Excel cannot move part of a table",
    fix: `Move that table out of columns ${columnsOf(open)}, or entirely under them`,
  }));
}

/**
 * Spills that reach past the table's columns: the formulas from the row below the table to `end` (exclusive), in
 * the table's columns and left of them, read in blocks; each formula cell asked for the range it spills over.
 */
async function spillsInTheWay(
  context: Excel.RequestContext,
  open: OpenTable,
  below: number,
  end: number,
): Promise<Obstacle[]> {
  const width = open.left + open.columns;
  const step = Math.max(1, Math.floor(MAX_SYNC_CELLS / width));
  const cells: [number, number][] = [];
  for (let r = below; r < end; r += step) {
    const part = open.sheet.getRangeByIndexes(r, 0, Math.min(step, end - r), width).load("formulas");
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one block of cells per sync (payload limit)
    await context.sync();
    part.formulas.forEach((line, i) =>
      line.forEach((f, c) => typeof f === "string" && f.startsWith("=") && cells.push([r + i, c])),
    );
  }
  const found: Obstacle[] = [];
  for (let k = 0; k < cells.length; k += PROBES_PER_SYNC) {
    const chunk = cells.slice(k, k + PROBES_PER_SYNC);
    const spills = chunk.map(([r, c]) => open.sheet.getCell(r, c).getSpillingToRangeOrNullObject().load("address"));
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a bounded number of probes per sync
    await context.sync();
    spills.forEach((s, i) => {
      if (s.isNullObject || !reachesPast(spanOf(s.address), open)) return;
      const [r, c] = chunk[i];
      found.push({
        row: r,
        what: `The spilled range ${where(spanOf(s.address))} (the formula in ${a1(r, c, 1, 1)}) is`,
        why: "it reaches past those columns, so moving the cells in them would cut it apart",
        fix: `Move that formula so its results stay out of columns ${columnsOf(open)}`,
      });
    });
  }
  return found;
}

function obstacleText(open: OpenTable, tableName: string, grow: number, found: readonly Obstacle[]): string {
  const [first] = found;
  const more = found.length > 1 ? ` (and ${plural(found.length - 1, "more thing")} further down)` : "";
  return (
    `"${tableName}" needs ${plural(grow, "more row")}, so refresh moves the cells below it down, in its columns ` +
    `(${columnsOf(open)}) only. ${first.what} in the way${more}: ${first.why}. ${first.fix}, then refresh ` +
    "again. Nothing was changed."
  );
}
