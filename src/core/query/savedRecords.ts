// The records the add-in keeps in the workbook's settings (the query behind each table it manages, and where
// the Actions table is), as zod schemas: the source of their types and the check of everything read back. A
// record that fails the check is named and described in words; nothing is cast. Pure: the Excel side is
// src/excel/queryStore.ts.
import { z } from "zod";
import { isIsoDate } from "../dates";
import { UserError } from "../errorText";
import { LEVELS, TIMEFRAMES } from "./metrics";
import { parseQuery, type Query } from "./query";

/** A field's message: "is missing" when absent, else "must be <what>" (read after the field's name). */
function must(what: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? "is missing" : `must be ${what}`) };
}

/** One of `values`, read as validation reads it (trimmed, any case); the stored text is kept as it is. */
function oneOf(values: readonly string[], what: string) {
  return z.string(must(what)).refine((v) => values.includes(v.trim().toLowerCase()), { error: `must be ${what}` });
}

const text = z.string(must("text")).refine((v) => v.trim() !== "", { error: "must not be empty" });
const optionalText = z.string(must("text")).nullish();
const day = z
  .string(must("a date written YYYY-MM-DD"))
  .refine((v) => isIsoDate(v.trim()), { error: "must be a date written YYYY-MM-DD" });
const timestamp = z
  .string(must("a date and time"))
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: "must be a date and time" });
/** One retailer as text, or (a table of several retailers) the list of them, in the table's order. */
const retailers = z
  .union([z.string(), z.array(z.string())], must("a retailer name or a list of retailer names"))
  .refine((v) => (Array.isArray(v) ? v : [v]).some((name) => name.trim() !== ""), {
    error: "must name at least one retailer",
  });
const metricNames = z
  .union([z.string(), z.array(z.string())], must("one or more metric names"))
  .refine((v) => (Array.isArray(v) ? v : v.split(",")).some((name) => name.trim() !== ""), {
    error: "must name at least one metric",
  });

/**
 * A saved query as it is stored: `retailer` one name, or (a table of several retailers) their list; metrics a
 * list (or, in older records, a comma text); any case and spaces around words. Its fields are checked here in the
 * words a damaged record has always had; the query itself is then parsed as every query is (query.ts), so a
 * query the add-in cannot send (an unknown metric, To before From) is damaged too, with the parser's words.
 */
const StoredQueryFields = z.object(
  {
    level: oneOf(LEVELS, "sku or store"),
    retailer: retailers,
    timeframe: oneOf(TIMEFRAMES, "daily, weekly or monthly"),
    metrics: metricNames,
    from: day,
    to: day,
    comparison: optionalText,
    filter: optionalText,
    viewby: optionalText,
  },
  must("an object of level, retailer, timeframe, metrics, from and to"),
);

const StoredQuerySchema = StoredQueryFields.transform(({ retailer, ...stored }, ctx): Query => {
  const parsed = parseQuery({ ...stored, retailers: retailer });
  if (parsed.ok) return parsed.query;
  // A sentence of its own (issueText says it without the field's name in front).
  for (const e of parsed.errors) ctx.addIssue({ code: "custom", message: e.message, params: { sentence: true } });
  return z.NEVER;
});

/** A saved query as the workbook keeps it (what an older add-in wrote, and reads). */
interface StoredQuery {
  level: string;
  retailer: string | string[];
  timeframe: string;
  metrics: string[];
  from: string;
  to: string;
  comparison?: string;
  filter?: string;
  viewby?: string;
}

/** The query as it is stored: one retailer as its name, several as their list (what the add-in has always written). */
function storedQuery(q: Query): StoredQuery {
  const { level, retailers, timeframe, metrics, from, to, comparison, filter, viewby } = q;
  return {
    level,
    retailer: retailers.length === 1 ? retailers[0] : [...retailers],
    timeframe,
    metrics: [...metrics],
    from,
    to,
    ...(comparison ? { comparison } : {}),
    ...(filter ? { filter } : {}),
    ...(viewby !== undefined ? { viewby } : {}),
  };
}

const ManagedTableFields = z.object(
  {
    tableName: text,
    sheet: text,
    /** Excel's Table.id: stable across renames, so the record follows the table (absent in older records). */
    tableId: z.string(must("text")).optional(),
    query: StoredQuerySchema,
    /** "Up to today": the query's `to` moves with the calendar. */
    rolling: z.boolean(must("true or false")),
    createdAt: timestamp,
    lastRefreshedAt: timestamp,
    rows: z.int(must("a whole number")).min(0, { error: "must be 0 or more" }),
    /** The period column's field (its header when the table was written; records of old may hold a header). */
    periodColumn: z.string(must("text")).optional(),
    /**
     * Which table column holds which service field: its TableColumn.id (stable across renames and moves), the
     * field, and the header when last written. Recorded by Get data; a record without it gets it at its next
     * refresh (headers matched as before). The table's other columns are the user's.
     */
    columns: z
      .array(
        z.object(
          { id: z.int(must("a whole number")), field: text, name: z.string(must("text")) },
          must("a column's id, field and name"),
        ),
        must("a list of table columns"),
      )
      .optional(),
    /** The window the last refresh rewrote. */
    lastWindow: z.object({ from: day, to: day }, must("a from and to date")).optional(),
    /** The service's day of the last read: the next refresh reaches back seven days before it. */
    lastRead: day.optional(),
    /**
     * Dates the table has no rows for, found by refresh (days the service no longer keeps, or returned nothing
     * for), each { from, to } with both days included; kept until a refresh gets rows for them.
     */
    gaps: z
      .array(z.object({ from: day, to: day }, must("a from and to date")), must("a list of date ranges"))
      .optional(),
    /**
     * Days read while still provisional that a refresh could no longer re-read (src/core/refresh/provisional.ts):
     * they stay as first read, and the table's card says so.
     */
    provisional: z
      .array(z.object({ from: day, to: day }, must("a from and to date")), must("a list of date ranges"))
      .optional(),
  },
  must("a table's record"),
);

/** A table the add-in manages: where it is, the query behind it (parsed), and what the last refresh did. */
export type ManagedTable = z.infer<typeof ManagedTableFields>;

/** A table's record as it is stored: its query in the stored form (storedQuery), every other field as it is. */
export function storedTable(t: ManagedTable): Omit<ManagedTable, "query"> & { query: StoredQuery } {
  return { ...t, query: storedQuery(t.query) };
}

/** The check of a saved table record. Fields it does not know (a later version's) are kept, not dropped. */
const ManagedTableSchema = ManagedTableFields.loose();

/** The setting that holds the records: { version: 1, tables: [...] } (older files may lack `version`). */
const SavedTablesSchema = z.looseObject(
  {
    version: z.literal(1, must("1")).optional(),
    tables: z.array(z.unknown(), must("a list of table records")),
  },
  must("a record with a list of tables"),
);

const ActionsRecordFields = z.object(
  {
    tableName: text,
    pulledAt: timestamp,
    retailers: z.array(text, must("a list of retailer names")),
  },
  must("a record"),
);

/** Where the Actions table is and when it was last pulled. */
export type ActionsRecord = z.infer<typeof ActionsRecordFields>;

/** The check of the Actions record. Unknown fields are kept. */
const ActionsRecordSchema = ActionsRecordFields.loose();

/** A saved record that failed its check, or a setting that cannot be read at all. */
export class DamagedRecordError extends UserError {
  override readonly name = "DamagedRecordError";
  constructor(
    message: string,
    /** The table the record is about, when the record still says. */
    readonly tableName?: string,
  ) {
    super(message);
  }
}

/** A saved table record that failed its check: kept in the workbook as it is, and reported. */
export interface DamagedTableRecord {
  /** The table's name when the record still gives one. */
  tableName?: string;
  /** What is wrong, for the person at the keyboard. */
  message: string;
  /** The record exactly as stored. */
  raw: unknown;
}

/** The saved table records of a workbook: the usable ones and the damaged ones, in stored order. */
export interface SavedTables {
  tables: ManagedTable[];
  damaged: DamagedTableRecord[];
}

/**
 * Reads the saved tables setting (JSON text, or the value itself). A damaged record among good ones does not
 * stop the others: it is returned in `damaged` with its words. A setting that cannot be read as a whole (not
 * JSON, no list of tables, another version's format) throws a DamagedRecordError: nothing in it is usable and
 * nothing may overwrite it.
 */
export function parseSavedTables(value: unknown): SavedTables {
  const parsed = fromJson(value, "The saved queries of this workbook are");
  const version = parsed && typeof parsed === "object" ? (parsed as { version?: unknown }).version : undefined;
  if (typeof version === "number" && version > 1) {
    throw new DamagedRecordError(
      `The saved queries of this workbook were written by a newer version of the Sales Data add-in (format ${version}). Update the add-in to refresh or change them; nothing was changed.`,
    );
  }
  const store = SavedTablesSchema.safeParse(parsed);
  if (!store.success) {
    throw new DamagedRecordError(
      `The saved queries of this workbook are damaged: ${issueText(store.error.issues[0], "they are not a record with a list of tables")}. They are kept as they are; nothing was changed.`,
    );
  }
  const saved: SavedTables = { tables: [], damaged: [] };
  store.data.tables.forEach((raw, i) => {
    const record = ManagedTableSchema.safeParse(raw);
    if (record.success) saved.tables.push(record.data);
    else saved.damaged.push(damagedTable(raw, i, store.data.tables.length, record.error.issues[0]));
  });
  return saved;
}

function damagedTable(raw: unknown, index: number, count: number, issue: z.core.$ZodIssue): DamagedTableRecord {
  const tableName = nameOf(raw);
  const what = issueText(issue, "it is not a table's record");
  if (tableName === undefined) {
    return {
      raw,
      message: `Saved query ${index + 1} of ${count} in this workbook is damaged: ${what}. It is kept as it is; the other tables are not affected.`,
    };
  }
  return {
    raw,
    tableName,
    message: `The saved query of "${tableName}" is damaged: ${what}. Get the data again to manage this table.`,
  };
}

/** The Actions record, or a DamagedRecordError naming its table and what is wrong. */
export function parseActionsRecord(value: unknown): ActionsRecord {
  const raw = fromJson(value, "The saved record of the Actions table is");
  const record = ActionsRecordSchema.safeParse(raw);
  if (record.success) return record.data;
  const tableName = nameOf(raw);
  const which = tableName === undefined ? "the Actions table" : `the Actions table "${tableName}"`;
  throw new DamagedRecordError(
    `The saved record of ${which} is damaged: ${issueText(record.error.issues[0], "it is not a record")}. Nothing was changed.`,
    tableName,
  );
}

/** The record's table name, when it still has a usable one. */
function nameOf(raw: unknown): string | undefined {
  const name = raw && typeof raw === "object" ? (raw as { tableName?: unknown }).tableName : undefined;
  return typeof name === "string" && name.trim() ? name : undefined;
}

/** The setting's value: JSON text (as the add-in writes it) or a value stored as it is. */
function fromJson(value: unknown, subject: string): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new DamagedRecordError(`${subject} damaged: it is not valid JSON. It is kept as it is; nothing was changed.`);
  }
}

/**
 * "timeframe must be daily, weekly or monthly": the field's path (without the leading "query"), then the words;
 * the query parser's sentence as it is ("To (...) is before From (...). Swap them ...").
 */
function issueText(issue: z.core.$ZodIssue, whole: string): string {
  if (issue.code === "custom" && issue.params?.sentence) return issue.message.replace(/\.$/, "");
  const path = issue.path.map(String);
  if (path[0] === "query" && path.length > 1) path.shift();
  return path.length ? `${path.join(".")} ${issue.message}` : whole;
}
