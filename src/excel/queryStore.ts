// The queries behind the workbook's tables, saved in the workbook so they travel with the file and anyone
// with their own key can refresh them. Never the key: only what to ask the service for.
//
// Why workbook settings rather than a very hidden sheet: settings hold structured JSON without touching
// the grid (no used ranges, sheet indexes or cells a user's formula or macro could trip over), are
// invisible in the UI yet saved with the file, and are read and written in one call each.
import type { DataQuery } from "../core/query";
import type { ExcelRun } from "./run";

export const QUERY_SETTING = "SalesData.tables";

export interface ManagedTable {
  tableName: string;
  sheet: string;
  query: DataQuery;
  /** "Up to today": the query's `to` moves with the calendar. */
  rolling: boolean;
  createdAt: string;
  lastRefreshedAt: string;
  rows: number;
  /** The period column's header, found when the table was written. */
  periodColumn?: string;
  /** The window the last refresh rewrote. */
  lastWindow?: { from: string; to: string };
  /** The service's day of the last read: the next refresh reaches back seven days before it. */
  lastRead?: string;
}

interface Stored {
  version: 1;
  tables: ManagedTable[];
}

export async function listManagedTables(run: ExcelRun): Promise<ManagedTable[]> {
  return run(async (context) => {
    const setting = context.workbook.settings.getItemOrNullObject(QUERY_SETTING);
    setting.load("value");
    await context.sync();
    if (setting.isNullObject) return [];
    return parseStored(setting.value).tables;
  });
}

function parseStored(value: unknown): Stored {
  try {
    const parsed = (typeof value === "string" ? JSON.parse(value) : value) as Stored;
    return parsed && Array.isArray(parsed.tables) ? { version: 1, tables: parsed.tables } : { version: 1, tables: [] };
  } catch {
    return { version: 1, tables: [] };
  }
}

// The read-modify-write below takes two syncs: two updates at once (Get data saving a new table while a
// refresh saves another's record) would both read the old list and the later write would drop the other's
// change. The shared runtime has one instance of this module, so one queue here orders them all.
let updates: Promise<unknown> = Promise.resolve();

/** Applies `change` to the stored list in one read-modify-write; updates run one at a time, in call order. */
export function updateManagedTables(
  run: ExcelRun,
  change: (tables: ManagedTable[]) => ManagedTable[],
): Promise<ManagedTable[]> {
  const op = () => readModifyWrite(run, change);
  const result = updates.then(op, op);
  updates = result.catch(() => undefined);
  return result;
}

async function readModifyWrite(
  run: ExcelRun,
  change: (tables: ManagedTable[]) => ManagedTable[],
): Promise<ManagedTable[]> {
  return run(async (context) => {
    const settings = context.workbook.settings;
    const setting = settings.getItemOrNullObject(QUERY_SETTING);
    setting.load("value");
    await context.sync();
    const current = setting.isNullObject ? [] : parseStored(setting.value).tables;
    const next = change(current.map((t) => ({ ...t })));
    settings.add(QUERY_SETTING, JSON.stringify({ version: 1, tables: next } satisfies Stored));
    await context.sync();
    return next;
  });
}

export function saveManagedTable(run: ExcelRun, table: ManagedTable): Promise<ManagedTable[]> {
  return updateManagedTables(run, (tables) => [...tables.filter((t) => t.tableName !== table.tableName), table]);
}

/** "Stop managing": forgets the query; the table and its data stay. */
export function forgetManagedTable(run: ExcelRun, tableName: string): Promise<ManagedTable[]> {
  return updateManagedTables(run, (tables) => tables.filter((t) => t.tableName !== tableName));
}

export const ACTIONS_SETTING = "SalesData.actions";

/** Where the Actions table is and when it was last pulled. */
export interface ActionsRecord {
  tableName: string;
  pulledAt: string;
  retailers: string[];
}

export async function readActionsRecord(run: ExcelRun): Promise<ActionsRecord | undefined> {
  return run(async (context) => {
    const setting = context.workbook.settings.getItemOrNullObject(ACTIONS_SETTING);
    setting.load("value");
    await context.sync();
    if (setting.isNullObject) return undefined;
    try {
      return JSON.parse(String(setting.value)) as ActionsRecord;
    } catch {
      return undefined;
    }
  });
}

export async function saveActionsRecord(run: ExcelRun, record: ActionsRecord): Promise<void> {
  await run(async (context) => {
    context.workbook.settings.add(ACTIONS_SETTING, JSON.stringify(record));
    await context.sync();
  });
}
