// The sync file (and `--query`): JSON checked with zod, its queries parsed by the one query parser every edge uses
// (src/core/query/query.ts), each problem named by its field and its line. The one place a sync's input is read.
import { z } from "zod";
import { parseQuery, type Query, type QueryField } from "../core/query/query";
import { syncTableNameOf } from "../core/query/tableName";
import { SyncError } from "./errors";
import { jsonErrorLine, jsonLines, type JsonPath } from "./jsonLines";

/** One query of a sync file: the table it writes, the query, and whether its dates run up to today. */
export interface SyncEntry {
  table: string;
  query: Query;
  /** "Up to today": the query's `to` moves with the calendar (as the pane's checkbox). */
  rolling: boolean;
}

/** The service's endpoint paths, when they are not the simulator's (as in the pane's connection settings). */
export interface ServicePaths {
  test?: string;
  list?: string;
  data?: string;
  actions?: string;
}

export interface SyncFile {
  /** The service's address, when the file gives it (else --service-url or SALES_DATA_URL). */
  serviceUrl?: string;
  paths?: ServicePaths;
  entries: SyncEntry[];
}

/** A query's field, as a sync file spells it: the parser's "retailer" is the file's "retailers". */
const FILE_FIELD: Partial<Record<QueryField, string>> = { retailer: "retailers" };

const text = (what: string) =>
  z.string({ error: `must be ${what}` }).refine((v) => v.trim() !== "", "must not be empty");

const ENTRY_FIELDS = ["table", "rolling", "query"];

/** An entry: its table (default: the name the pane gives the query's table), "Up to today", the query. */
const EntrySchema = z
  .looseObject(
    { table: z.unknown().optional(), rolling: z.unknown().optional(), query: z.unknown().optional() },
    { error: "must be an object of table, rolling and query" },
  )
  .transform((e, ctx): SyncEntry => {
    // Said with the query's own problems, so that every problem of the entry is named at once.
    let wrong = false;
    const say = (path: string, message: string) => {
      wrong = true;
      ctx.addIssue({ code: "custom", path: [path], message });
    };
    for (const key of Object.keys(e).filter((k) => !ENTRY_FIELDS.includes(k)))
      say(key, "is not a field an entry takes (table, rolling, query)");
    if (e.table !== undefined && (typeof e.table !== "string" || e.table.trim() === ""))
      say("table", "must be a table name (text, not empty)");
    if (e.rolling !== undefined && typeof e.rolling !== "boolean") say("rolling", "must be true or false");
    // A saved record's "retailer" reads as "retailers", so a query copied from either form is taken.
    const raw = e.query as Record<string, unknown> | undefined;
    const query =
      raw && typeof raw === "object" && !("retailers" in raw) && "retailer" in raw
        ? { ...raw, retailers: raw.retailer, retailer: undefined }
        : raw;
    if (query === undefined) {
      ctx.addIssue({ code: "custom", path: ["query"], message: "is missing: give the query to sync" });
      return z.NEVER;
    }
    const parsed = parseQuery(query);
    if (!parsed.ok || wrong) {
      for (const issue of parsed.ok ? [] : parsed.errors)
        ctx.addIssue({
          code: "custom",
          path: ["query", FILE_FIELD[issue.field] ?? issue.field],
          message: issue.message,
        });
      return z.NEVER;
    }
    return {
      table: typeof e.table === "string" ? e.table.trim() : syncTableNameOf(parsed.query),
      query: parsed.query,
      rolling: !!e.rolling,
    };
  });

const path = text("a path starting with /").refine((v) => v.startsWith("/"), "must start with /");

const FileSchema = z.strictObject(
  {
    serviceUrl: text("the service's address (text)").optional(),
    paths: z
      .strictObject(
        { test: path.optional(), list: path.optional(), data: path.optional(), actions: path.optional() },
        { error: "must be an object of test, list, data and actions paths" },
      )
      .optional(),
    tables: z
      .array(EntrySchema, { error: "must be a list of queries to sync" })
      .min(1, "is empty: give at least one query to sync"),
  },
  { error: "must be an object with a list of tables to sync" },
);

/** A path as a reader finds it: tables[2].query.metrics. */
function pathText(p: JsonPath): string {
  return p.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("") || "the file";
}

/** Where an issue is: an unknown key's own line, else its value's. */
function issuePath(issue: z.core.$ZodIssue): JsonPath {
  const path = issue.path as (string | number)[];
  return issue.code === "unrecognized_keys" ? [...path, issue.keys[0]] : path;
}

/** zod's own words for a key it does not know, said as the rest are. */
function issueWords(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return "is not a field it takes";
  return issue.message.replace(/\.$/, "");
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const where = jsonErrorLine(text, message);
    throw new SyncError(
      `${source} is not JSON${where ? ` (line ${where.line}, column ${where.column})` : ""}: ${message}. Nothing was synced.`,
    );
  }
}

/** The problems of a parse, each "line N, field: what is wrong", in the file's order, in one SyncError. */
function refused(source: string, text: string, issues: readonly z.core.$ZodIssue[]): SyncError {
  const lineOf = jsonLines(text);
  const said = issues
    .map((issue) => {
      const p = issuePath(issue);
      const words = issueWords(issue);
      const field = pathText(p);
      // The query parser's messages are sentences of their own; zod's are said after the field's name.
      return { line: lineOf(p), body: /^[A-Z"]/.test(words) ? `${field}: ${words}` : `${field} ${words}` };
    })
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .slice(0, 8)
    .map(({ line, body }) => (line !== undefined ? `line ${line}, ${body}` : body));
  const more = issues.length > 8 ? ` (and ${issues.length - 8} more)` : "";
  return new SyncError(`${source} cannot be synced: ${said.join("; ")}${more}. Nothing was synced.`);
}

/** Checks there are no two entries for one table (databases match names whatever their case). */
function checkTables(entries: readonly SyncEntry[], source: string): void {
  const seen = new Map<string, number>();
  entries.forEach((e, i) => {
    const before = seen.get(e.table.toLowerCase());
    if (before !== undefined)
      throw new SyncError(
        `${source} cannot be synced: tables[${before}] and tables[${i}] both write the table ${JSON.stringify(e.table)}. ` +
          'Give one of them a "table" of its own. Nothing was synced.',
      );
    seen.set(e.table.toLowerCase(), i);
  });
}

/** A sync file's text, checked: its service address and paths, and each entry's table and query. */
export function parseSyncFile(text: string, source = "The sync file"): SyncFile {
  const parsed = FileSchema.safeParse(parseJson(text, source));
  if (!parsed.success) throw refused(source, text, parsed.error.issues);
  const { serviceUrl, paths, tables } = parsed.data;
  checkTables(tables, source);
  return { ...(serviceUrl ? { serviceUrl } : {}), ...(paths ? { paths } : {}), entries: tables };
}

/** `--query`'s JSON: one entry ({ table, rolling, query }) or a query alone. */
export function parseQueryOption(text: string): SyncEntry {
  const source = "The --query JSON";
  const raw = parseJson(text, source);
  const entry = raw && typeof raw === "object" && !Array.isArray(raw) && "query" in raw ? raw : { query: raw };
  const parsed = EntrySchema.safeParse(entry);
  if (parsed.success) return parsed.data;
  // A query alone: its fields are named without the "query." in front.
  const alone = entry !== raw;
  const issues = alone
    ? parsed.error.issues.map((i) => ({ ...i, path: i.path[0] === "query" ? i.path.slice(1) : i.path }))
    : parsed.error.issues;
  throw refused(source, text, issues);
}
