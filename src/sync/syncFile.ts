// The sync file (and `--query`): JSON checked with zod, its queries parsed by the one query parser every edge uses
// (src/core/query/query.ts), each problem named by its field and its line. The one place a sync's input is read.
import { z } from "zod";
import { parseQuery, QUERY_FIELDS, type Query, type QueryField } from "../core/query/query";
import { syncTableNameOf } from "../core/query/tableName";
import { nearestWord } from "../core/words";
import { SyncError } from "./errors";
import { jsonLines, jsonProblem, type JsonPath } from "./jsonLines";

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
const FILE_FIELDS = ["serviceUrl", "paths", "tables"];
const PATH_FIELDS = ["test", "list", "data", "actions"];

/**
 * A field nothing takes, said after its name: the field it was probably meant to be, when one is near enough and
 * not given as well, and every field `what` takes. The meant field rides on the issue, so that its own problem
 * (missing, because it was misspelt) is not said as well.
 */
function unknownField(key: string, fields: readonly string[], what: string, given: object): Misspelt {
  const near = nearestWord(key, fields);
  const meant = near.close && (given as Record<string, unknown>)[near.word] === undefined ? near.word : undefined;
  const takes = `${meant ? `did you mean "${meant}"? It` : "it"} takes ${fields.join(", ")}`;
  return { message: `is not a field ${what} takes: ${takes}`, ...(meant ? { meant } : {}) };
}

interface Misspelt {
  message: string;
  meant?: string;
}

/** An entry: its table (default: the name the pane gives the query's table), "Up to today", the query. */
const EntrySchema = z
  .looseObject(
    { table: z.unknown().optional(), rolling: z.unknown().optional(), query: z.unknown().optional() },
    { error: "must be an object of table, rolling and query" },
  )
  .transform((e, ctx): SyncEntry => {
    // Said with the query's own problems, so that every problem of the entry is named at once.
    let wrong = false;
    const say = (path: string, message: string, meant?: string) => {
      wrong = true;
      ctx.addIssue({ code: "custom", path: [path], message, params: meant ? { meant } : undefined });
    };
    for (const key of Object.keys(e).filter((k) => !ENTRY_FIELDS.includes(k))) {
      const { message, meant } = unknownField(key, ENTRY_FIELDS, "an entry", e);
      say(key, message, meant);
    }
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
      const errors = parsed.ok ? [] : parsed.errors;
      // A misspelt field's value is checked as the field it was meant to be, and said at the misspelling's line.
      const misspelt = new Map(errors.flatMap((e) => (e.unknown?.meant ? [[e.field, e.unknown.key]] : [])));
      for (const issue of errors) {
        // A field the query does not take is said at its own line, as the entry's are.
        const unknown = issue.unknown && unknownField(issue.unknown.key, QUERY_FIELDS, "a query", query);
        const key = issue.unknown?.key ?? misspelt.get(issue.field) ?? FILE_FIELD[issue.field] ?? issue.field;
        ctx.addIssue({
          code: "custom",
          path: ["query", key],
          message: unknown?.message ?? issue.message,
          params: unknown?.meant ? { meant: unknown.meant } : undefined,
        });
      }
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

/** A problem of the file: where it is, what is wrong there, and the field an unknown one was meant to be. */
interface Problem {
  path: JsonPath;
  words: string;
  meant?: JsonPath;
}

/** Each issue as a problem; zod's own, for keys the file's objects do not take, one per key as the entries' are. */
function problemsOf(issues: readonly z.core.$ZodIssue[], value: unknown): Problem[] {
  return issues.flatMap((issue): Problem[] => {
    const path = issue.path as (string | number)[];
    if (issue.code === "unrecognized_keys") {
      const [fields, what] = path.length === 0 ? [FILE_FIELDS, "a sync file"] : [PATH_FIELDS, '"paths"'];
      return issue.keys.map((key) => {
        const { message, meant } = unknownField(key, fields, what, asObject(valueAt(value, path)));
        return { path: [...path, key], words: message, ...(meant ? { meant: [...path, meant] } : {}) };
      });
    }
    const meant = issue.code === "custom" ? (issue.params?.meant as string | undefined) : undefined;
    return [
      {
        path,
        words: issue.message.replace(/\.$/, ""),
        ...(meant ? { meant: [...path.slice(0, -1), meant] } : {}),
      },
    ];
  });
}

const asObject = (v: unknown): object => (v !== null && typeof v === "object" ? v : {});

/** The JSON's value at `path`, undefined where there is none. */
function valueAt(value: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined),
    value,
  );
}

/** A text of one line (a --query's) is told by column alone; a file by line and column. */
function parseJson(text: string, source: string, lines = true): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const problem = jsonProblem(text);
    const where = !problem
      ? ""
      : lines
        ? ` (line ${problem.line}, column ${problem.column})`
        : ` (column ${problem.column})`;
    const words = problem?.words ?? (error instanceof Error ? error.message : String(error)).replace(/\.$/, "");
    throw new SyncError(`${source} is not JSON${where}: ${words}. Nothing was synced.`);
  }
}

/**
 * The problems of a parse, each "line N, field: what is wrong", in the file's order, in one SyncError; without
 * `lines` (a --query on one line), each by its field alone. A field left out because it was misspelt is said once,
 * as misspelt.
 */
function refused(
  source: string,
  text: string,
  value: unknown,
  issues: readonly z.core.$ZodIssue[],
  lines = true,
): SyncError {
  const lineOf = lines ? jsonLines(text) : () => undefined;
  const problems = problemsOf(issues, value);
  const misspelt = new Set(
    problems.flatMap((p) => (p.meant && valueAt(value, p.meant) === undefined ? [JSON.stringify(p.meant)] : [])),
  );
  const said = problems
    .filter((p) => !misspelt.has(JSON.stringify(p.path)))
    .map(({ path, words }) => {
      const field = pathText(path);
      // The query parser's messages are sentences of their own; the others are said after the field's name.
      return { line: lineOf(path), body: /^[A-Z"]/.test(words) ? `${field}: ${words}` : `${field} ${words}` };
    })
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const shown = said.slice(0, 8).map(({ line, body }) => (line !== undefined ? `line ${line}, ${body}` : body));
  const more = said.length > 8 ? ` (and ${said.length - 8} more)` : "";
  return new SyncError(`${source} cannot be synced: ${shown.join("; ")}${more}. Nothing was synced.`);
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
  // A byte-order mark (some Windows editors write one) is no part of the JSON.
  const json = text.replace(/^\uFEFF/, "");
  const value = parseJson(json, source);
  const parsed = FileSchema.safeParse(value);
  if (!parsed.success) throw refused(source, json, value, parsed.error.issues);
  const { serviceUrl, paths, tables } = parsed.data;
  checkTables(tables, source);
  return { ...(serviceUrl ? { serviceUrl } : {}), ...(paths ? { paths } : {}), entries: tables };
}

/** `--query`'s JSON: one entry ({ table, rolling, query }) or a query alone. */
export function parseQueryOption(text: string): SyncEntry {
  const source = "The query in --query";
  const lines = text.trim().includes("\n");
  const raw = parseJson(text, source, lines);
  const entry = raw && typeof raw === "object" && !Array.isArray(raw) && "query" in raw ? raw : { query: raw };
  const parsed = EntrySchema.safeParse(entry);
  if (parsed.success) return parsed.data;
  // A query alone: its fields are named without the "query." in front.
  const alone = entry !== raw;
  const issues = alone
    ? parsed.error.issues.map((i) => ({ ...i, path: i.path[0] === "query" ? i.path.slice(1) : i.path }))
    : parsed.error.issues;
  throw refused(source, text, raw, issues, lines);
}
