// One interleaving of a co-authoring case (coauthorCases.ts): the case's workbook prepared once (Get data, the
// user's calculated column and notes, the edit's preparation), each interleaving run on a copy of it by two
// sessions (host.interleave), then the invariants checked after it and after a refused refresh is run again.
import type { RunningSimulator } from "../simulator";
import { createWorkbookHost, type PickTurn, type SessionTask, type WorkbookHost } from "../workbook-host";
import { createClient } from "../../src/api";
import type { IsoDate } from "../../src/core/dates";
import { readManagedTables } from "../../src/excel";
import { tableChangedText } from "../../src/excel/tables";
import { pullTable, type RefreshDeps, type RefreshOutcome, type RefreshableTable } from "../../src/refresh";
import { refreshTableInTurn } from "../../src/refresh/refreshTable";
import {
  CALC,
  CALC_HEADER,
  addCalculatedColumn,
  freshPull,
  serviceDiff,
  tableState,
  type Fresh,
} from "./scenarioWorld";
import {
  COAUTHOR_LATER,
  COAUTHOR_TODAY,
  blockAt,
  caseLabel,
  refreshesToo,
  type CoauthorCase,
  type CoauthorKind,
  type CoauthorService,
  type FreshTables,
} from "./coauthorCases";

/** Every staging sheet's name starts with this (docs/refresh.md). */
const STAGING_SHEET = "SalesData_staging";

// ---- the workbook ----

const letters = (i: number): string =>
  (i < 26 ? "" : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));
const cellAt = (sheet: string, row: number, col: number) => `'${sheet.replace(/'/g, "''")}'!${letters(col)}${row + 1}`;

type State = Awaited<ReturnType<typeof tableState>>;

const keysOf = (s: State, keys: readonly string[]): string[] => {
  const at = keys.map((k) => s.headers.indexOf(k));
  return s.values.map((r) => JSON.stringify(at.map((i) => r[i])));
};

/** A case's workbook as Get data and the user's work left it, and what was typed: each interleaving's start. */
export interface PreparedCase {
  service: CoauthorService;
  c: CoauthorCase;
  host: WorkbookHost;
  name: string;
  before: State;
  /** The notes the user's column holds, by row key (the typed one added when the edit types one). */
  notes: Map<string, string>;
  /** What session 1 types, for the edits that type: in the row of `key` (found when typing), column `col`. */
  typed?: { key: string; col: number; input: string | number; header: string };
}

/** A session's deps: its own run, client (no shared cache) and session id; the service `now` unless told. */
function depsOf(
  w: Pick<World, "service" | "c">,
  run: RefreshDeps["run"],
  sessionId: string,
  sim = w.service.now,
): RefreshDeps {
  const client = createClient({ baseUrl: sim.url, apiKey: sim.apiKey, today: () => sim.simulator.today() });
  const limits = w.c.staged ? { rows: 4 } : undefined;
  return { run, client, today: () => sim.simulator.today(), limits, sessionId };
}

type World = PreparedCase;

/**
 * Get data on the kind's day, the user's two columns and notes, the edit's preparation; the clock to today. Done
 * once a case: each interleaving runs on a copy of the workbook (host.copy()).
 */
export async function prepareCase(service: CoauthorService, c: CoauthorCase): Promise<PreparedCase> {
  const sim = service.now;
  sim.simulator.setToday(c.kind.pulledOn);
  const host = createWorkbookHost();
  const pulled = await pullTable(depsOf({ service, c }, host.run, "prep0"), c.kind.query, {
    destination: { kind: "new-sheet" },
    rolling: true,
    select: false,
  });
  const name = pulled.write.tableName;
  await addCalculatedColumn(host, name);
  let s = await tableState(host, name);
  const noteCol = s.left + s.headers.length;
  host.typeCell(cellAt(s.sheet, s.headerRow, noteCol), "note");
  const moved = s.values.length - 2; // a recent row (in every kind's window)
  if (c.edit === "a note typed in a row the refresh moves") {
    // A row deleted a little above: the refresh adds it back, so the rows below it move down by one.
    await host.run(async (ctx) => {
      ctx.workbook.worksheets
        .getItem(s.sheet)
        .getRangeByIndexes(s.top + moved - 1, s.left, 1, noteCol - s.left + 1)
        .delete("Up" as Excel.DeleteShiftDirection);
      await ctx.sync();
    });
  }
  s = await tableState(host, name);
  // A second note on the last row; when rows move, above the row deleted instead, so that only what session 1
  // types moves (the plan as read then writes no user cell, yet the rows under the note typed move).
  const last = s.values.length - 1 - (c.edit === "a note typed in a row the refresh moves" ? 3 : 0);
  host.typeCell(cellAt(s.sheet, s.top, noteCol), "settled note");
  host.typeCell(cellAt(s.sheet, s.top + last, noteCol), "a recent note");
  sim.simulator.setToday(COAUTHOR_TODAY);
  const before = await tableState(host, name);
  const keys = keysOf(before, c.kind.keys);
  const notes = new Map([
    [keys[0], "settled note"],
    [keys[last], "a recent note"],
  ]);
  const w: World = { service, c, host, name, before, notes };
  w.typed = typedBy(w, keys, noteCol);
  if (w.typed?.header === "note") notes.set(w.typed.key, String(w.typed.input));
  return w;
}

/** What session 1 types, for the edits that type one cell. */
function typedBy(w: World, keys: string[], noteCol: number): World["typed"] {
  const row = keys[keys.length - 2];
  switch (w.c.edit) {
    case "a note typed in a recent row":
    case "a note typed in a row the refresh moves":
      return { key: row, col: noteCol, input: "typed meanwhile", header: "note" };
    case "a figure typed in a settled row":
      return {
        key: keys[0],
        col: w.before.left + w.before.headers.indexOf("revenue"),
        input: 12345,
        header: "revenue",
      };
    case "a column added beside the table":
      return { key: "", col: noteCol + 1, input: "margin", header: "margin" };
    default:
      return undefined;
  }
}

/** Session 1 types, as a person does: into the row of the key where it is now (a refresh may have moved it). */
function typeNow(w: World): void {
  const { key, col, input } = w.typed!;
  const s = w.before;
  let row = s.headerRow;
  if (key !== "") {
    const at = w.c.kind.keys.map((k) => s.left + s.headers.indexOf(k));
    row = w.host
      .sheetValues(s.sheet)
      .findIndex((r, i) => i > s.headerRow && JSON.stringify(at.map((c) => r[c])) === key);
  }
  w.host.typeCell(cellAt(s.sheet, row, col), input);
}

// ---- one interleaving ----

const REFUSED = "refused";
const HELD = "held";

/**
 * A refresh's outcome: "refreshed"; REFUSED (the table changed while it ran: in words, nothing written); HELD (the
 * losses rule: the co-author's refresh a day later left rows this one's answer would remove, nothing written); or
 * what else it was.
 */
function verdict(o: RefreshOutcome, name: string): string {
  if (o.status === "refreshed") return o.status;
  if (o.status === "failed" && o.error === tableChangedText(name)) return REFUSED;
  if (o.status === "kept" && o.losses?.held) return HELD;
  return `${o.status}: ${o.error ?? o.warnings.join(" ")}`;
}

/**
 * Runs one interleaving of the case (pick: whose turn) in a copy of its prepared workbook; returns what is wrong
 * (nothing: every invariant held), the turns taken and each refresh's verdict.
 */
export async function runInterleaving(
  prepared: PreparedCase,
  fresh: FreshTables,
  pick: PickTurn,
): Promise<{ problems: string[]; turns: number[]; verdicts: string[] }> {
  const w: World = { ...prepared, host: prepared.host.copy() };
  const { service, c } = w;
  const sims = [service.now, c.edit === "another refresh, a day later" ? service.later : service.now];
  const refreshBy = async (i: number, run: RefreshDeps["run"]) =>
    refreshTableInTurn(depsOf(w, run, `sess${i}`, sims[i]), await recordOf(w, run), {});
  const other: SessionTask<RefreshOutcome | undefined> = refreshesToo(c.edit)
    ? (s) => refreshBy(1, s.run)
    : async (s) => void (await s.act(() => typeNow(w)));
  const { results, turns } = await w.host.interleave([(s) => refreshBy(0, s.run), other], pick);
  const verdicts = results.flatMap((r, i) => {
    if (r.status === "rejected") return [`session ${i} threw ${String(r.reason)}`];
    return r.value === undefined ? [] : [verdict(r.value, w.name)];
  });
  const allowed = c.edit === "another refresh, a day later" ? ["refreshed", REFUSED, HELD] : ["refreshed", REFUSED];
  const problems = verdicts.flatMap((v, i) => (allowed.includes(v) ? [] : [`session ${i}: ${v}`]));
  if (verdicts.every((v) => v === REFUSED)) problems.push(...(await nothingWritten(w)));
  else problems.push(...(await invariants(w, fresh, "after the interleaving")));
  const refused = verdicts.indexOf(REFUSED);
  if (refused >= 0) {
    // Refused: its user refreshes again, which must refresh (or, a day behind the table, be held).
    const again = verdict(await refreshBy(refused, w.host.run), w.name);
    if (again !== "refreshed" && !(again === HELD && allowed.includes(HELD)))
      problems.push(`refreshed again: ${again}`);
    problems.push(...(await invariants(w, fresh, "refreshed again")));
  }
  return { problems, turns, verdicts };
}

/** The table's saved record as a session reads it when its refresh starts (through its own run). */
async function recordOf(w: World, run = w.host.run): Promise<RefreshableTable> {
  return (await readManagedTables(run)).tables.find((t) => t.tableName === w.name)!;
}

/** A refused refresh wrote nothing: the table as it was, but for what session 1 typed. */
async function nothingWritten(w: World): Promise<string[]> {
  const s = await tableState(w.host, w.name);
  const width = w.before.headers.length;
  const now = s.formulas.map((r) => r.slice(0, width));
  const typedRow = w.typed?.header === "note" ? keysOf(w.before, w.c.kind.keys).indexOf(w.typed.key) : -1;
  const was = w.before.formulas.map((r, i) =>
    i === typedRow ? r.map((v, k) => (w.before.headers[k] === "note" ? w.typed!.input : v)) : r,
  );
  return JSON.stringify(now) === JSON.stringify(was) ? [] : ["refused, yet the table changed"];
}

/**
 * The service's cells against a fresh pull (the settled figure session 1 typed aside, which must be there): what
 * differs, per field; "" when nothing does.
 */
function unlike(s: State, fresh: Fresh, typedFigure: boolean): string {
  const values = s.values.map((r) => [...r]);
  const at = s.headers.indexOf("revenue");
  if (typedFigure && values[0][at] === 12345) values[0][at] = fresh.values[0]?.[fresh.headers.indexOf("revenue")];
  const diff = serviceDiff(values, fresh, (f) => s.headers.indexOf(f));
  return diff.cells === 0 ? "" : diff.fields.join(", ");
}

/** The invariants of a table both sessions are done with: the service's rows of one answer, the user's cells. */
async function invariants(w: World, fresh: FreshTables, when: string): Promise<string[]> {
  const s = await tableState(w.host, w.name);
  const keys = keysOf(s, w.c.kind.keys);
  const problems: string[] = [];
  const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
  if (twice.length > 0) problems.push(`keys twice: ${twice.slice(0, 3).join(", ")}`);
  const figure = w.c.edit === "a figure typed in a settled row";
  // Every row of one answer, never a mix: today's, or the later one's when the co-author's refresh went last.
  const [now, later] = [unlike(s, fresh.now, figure), unlike(s, fresh.later, figure)];
  if (now !== "" && later !== "") {
    const lost = keysOf({ ...s, ...fresh.now }, w.c.kind.keys).filter((k) => !keys.includes(k));
    if (lost.length > 0) problems.push(`${lost.length} rows lost, e.g. ${lost[0]}`);
    problems.push(`service cells unlike a fresh pull: ${now}`);
  }
  if (figure && s.values[0][s.headers.indexOf("revenue")] !== 12345) problems.push("the typed figure is gone");
  problems.push(...userPart(w, s, keys));
  // Nothing left below the table (rows a shrinking write left out of it, say).
  const below = w.host.sheetValues(s.sheet).length - (s.top + s.values.length);
  if (below > 0) problems.push(`${below} rows of cells below the table`);
  const staging = w.host.snapshot().sheets.filter((sh) => sh.name.startsWith(STAGING_SHEET));
  if (staging.length > 0) problems.push(`staging sheets left: ${staging.map((sh) => sh.name).join(", ")}`);
  const lastRead = (await recordOf(w)).lastRead;
  if (lastRead !== COAUTHOR_TODAY && lastRead !== COAUTHOR_LATER) problems.push(`the record's last read: ${lastRead}`);
  return problems.map((p) => `${when}: ${p}`);
}

/** The user's part: the calculated column's formula in every row, each note on its row, the column added. */
function userPart(w: World, s: State, keys: string[]): string[] {
  const problems: string[] = [];
  const calc = s.headers.indexOf(CALC_HEADER);
  const noFormula = s.formulas.filter((r) => r[calc] !== CALC).length;
  if (calc < 0 || noFormula > 0) problems.push(`${noFormula} rows without the calculated column's formula`);
  const note = s.headers.indexOf("note");
  for (const [key, text] of w.notes) {
    const at = keys.indexOf(key);
    if (at < 0 || s.values[at][note] !== text) problems.push(`note "${text}" not on its row ${key}`);
  }
  const notes = s.values.filter((r) => r[note] !== "").length;
  if (notes !== w.notes.size) problems.push(`${notes} notes, ${w.notes.size} typed`);
  if (w.c.edit === "a column added beside the table" && !s.headers.includes("margin"))
    problems.push("the column added beside the table is gone");
  return problems;
}

/** The tables a fresh pull of the kind's query writes today and a day later (what a refreshed table must equal). */
export async function freshTablesOf(service: CoauthorService, kind: CoauthorKind): Promise<FreshTables> {
  service.now.simulator.setToday(COAUTHOR_TODAY);
  const w = { service, c: { kind, staged: false, edit: "another refresh" as const } };
  const pull = (sim: RunningSimulator, to: IsoDate) =>
    freshPull(depsOf(w, createWorkbookHost().run, "fresh", sim), { ...kind.query, to });
  return { now: await pull(service.now, COAUTHOR_TODAY), later: await pull(service.later, COAUTHOR_LATER) };
}

/** The turns a refresh of the case takes with nobody else about (session 1 after it). */
export async function soloTurns(prepared: PreparedCase, fresh: FreshTables): Promise<number> {
  const { problems, turns } = await runInterleaving(prepared, fresh, blockAt(0, Infinity));
  if (problems.length > 0) throw new Error(`${caseLabel(prepared.c)}, one after the other: ${problems.join("; ")}`);
  return turns.filter((t) => t === 0).length;
}
