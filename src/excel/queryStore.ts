// The queries behind the workbook's tables, saved in the workbook so they travel with the file and anyone
// with their own key can refresh them. Never the key: only what to ask the service for.
//
// Why workbook settings rather than a very hidden sheet: settings hold structured JSON without touching
// the grid (no used ranges, sheet indexes or cells a user's formula or macro could trip over), are
// invisible in the UI yet saved with the file, and are read and written in one call each.
//
// Everything read back is checked against the schemas in src/core/query/savedRecords.ts, never cast: a record's
// query is read into the parsed Query and written back in the form it has always been stored in. What a damaged
// record does (a hand-edited or corrupt setting):
// - One damaged table record among good ones: the good ones stay usable (readManagedTables().tables, refresh); the
//   damaged one is reported (readManagedTables, findManagedTable: a message naming the table and what is
//   wrong) and kept in the setting exactly as stored: updates write it back untouched. Only two things
//   remove it: a new record for the same table name (the table's data got again), or forgetting that name.
// - A setting that cannot be read as a whole (not JSON, no list of tables, a newer version's format): every
//   function here throws a DamagedRecordError and none writes, so nothing in it is overwritten.
// - A damaged Actions record: readActionsRecord throws a DamagedRecordError naming the table; a new pull's
//   saveActionsRecord replaces it.
import {
  parseActionsRecord,
  parseSavedTables,
  storedTable,
  DamagedRecordError,
  type ActionsRecord,
  type ManagedTable,
  type SavedTables,
} from "../core/query/savedRecords";
import type { ExcelRun } from "./excelRun";
import { Turns } from "../core/schedule/turns";
import { writtenSetting } from "./writtenStore";

export { DamagedRecordError } from "../core/query/savedRecords";
export type { ActionsRecord, DamagedTableRecord, ManagedTable, SavedTables } from "../core/query/savedRecords";

const QUERY_SETTING = "SalesData.tables";

/** A setting's stored value, or undefined when the workbook has none. */
async function settingValue(context: Excel.RequestContext, key: string): Promise<unknown> {
  const setting = context.workbook.settings.getItemOrNullObject(key);
  setting.load("value");
  await context.sync();
  return setting.isNullObject ? undefined : (setting.value as unknown);
}

function savedTables(value: unknown): SavedTables {
  return value === undefined ? { tables: [], damaged: [] } : parseSavedTables(value);
}

/** The saved table records: the usable ones and the damaged ones (each with its message). */
export function readManagedTables(run: ExcelRun): Promise<SavedTables> {
  return run(async (context) => savedTables(await settingValue(context, QUERY_SETTING)));
}

/** The record of one table; undefined when the table is not managed; a DamagedRecordError when it is damaged. */
export async function findManagedTable(run: ExcelRun, tableName: string): Promise<ManagedTable | undefined> {
  const { tables, damaged } = await readManagedTables(run);
  const found = tables.find((t) => t.tableName === tableName);
  if (found) return found;
  const bad = damaged.find((d) => d.tableName === tableName);
  if (bad) throw new DamagedRecordError(bad.message, tableName);
  return undefined;
}

// The read-modify-write below takes two syncs: two updates at once (Get data saving a new table while a
// refresh saves another's record) would both read the old list and the later write would drop the other's
// change. One queue per workbook connection (`run`) orders them: the shared runtime has one (officeRun). A
// co-author's add-in is another runtime with its own queue (tests give each session its own run): this queue
// cannot order their updates, and must not make one session wait for another's syncs.
const updates = new WeakMap<ExcelRun, Turns>();

/**
 * Applies `change` to the usable records in one read-modify-write; updates run one at a time, in call order.
 * Damaged records are written back as they were stored (see the top of this file).
 */
export function updateManagedTables(
  run: ExcelRun,
  change: (tables: ManagedTable[]) => ManagedTable[],
): Promise<ManagedTable[]> {
  return queued(run, () => readModifyWrite(run, change));
}

function queued<T>(run: ExcelRun, op: () => Promise<T>): Promise<T> {
  let turns = updates.get(run);
  if (!turns) updates.set(run, (turns = new Turns()));
  return turns.run(op);
}

async function readModifyWrite(
  run: ExcelRun,
  change: (tables: ManagedTable[]) => ManagedTable[],
  forget?: string,
  alsoWrite?: (context: Excel.RequestContext) => void,
): Promise<ManagedTable[]> {
  return run(async (context) => {
    const saved = savedTables(await settingValue(context, QUERY_SETTING));
    const next = change(saved.tables.map((t) => ({ ...t })));
    const names = new Set(next.map((t) => t.tableName));
    const kept = saved.damaged.filter(
      (d) => d.tableName === undefined || (d.tableName !== forget && !names.has(d.tableName)),
    );
    const stored = { version: 1, tables: [...next.map(storedTable), ...kept.map((d) => d.raw)] };
    context.workbook.settings.add(QUERY_SETTING, JSON.stringify(stored));
    // A table no longer managed takes its record of what the add-in wrote with it (writtenStore.ts).
    const gone = saved.tables.find((t) => t.tableName === forget)?.tableId;
    if (gone !== undefined) context.workbook.settings.getItemOrNullObject(writtenSetting(gone)).delete();
    alsoWrite?.(context);
    await context.sync();
    return next;
  });
}

/** Saves a new table's record; `alsoWrite`: another setting written in the same sync (what the add-in wrote into it). */
export function saveManagedTable(
  run: ExcelRun,
  table: ManagedTable,
  alsoWrite?: (context: Excel.RequestContext) => void,
): Promise<ManagedTable[]> {
  const change = (tables: ManagedTable[]) => [...tables.filter((t) => t.tableName !== table.tableName), table];
  return queued(run, () => readModifyWrite(run, change, undefined, alsoWrite));
}

/** "Stop managing": forgets the query (a damaged record of that name too); the table and its data stay. */
export function forgetManagedTable(run: ExcelRun, tableName: string): Promise<ManagedTable[]> {
  return queued(run, () =>
    readModifyWrite(run, (tables) => tables.filter((t) => t.tableName !== tableName), tableName),
  );
}

const ACTIONS_SETTING = "SalesData.actions";

/** The Actions record; undefined when there is none; a DamagedRecordError (naming the table) when damaged. */
export async function readActionsRecord(run: ExcelRun): Promise<ActionsRecord | undefined> {
  return run(async (context) => {
    const value = await settingValue(context, ACTIONS_SETTING);
    return value === undefined ? undefined : parseActionsRecord(value);
  });
}

export async function saveActionsRecord(run: ExcelRun, record: ActionsRecord): Promise<void> {
  await run(async (context) => {
    context.workbook.settings.add(ACTIONS_SETTING, JSON.stringify(record));
    await context.sync();
  });
}
