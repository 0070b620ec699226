// Two people refreshing one workbook (co-authoring in Excel on the web): the cases that
// test/refresh/coauthor.test.ts and coauthor.bench.ts run through the interleavings of their sync points, over
// HTTP against the simulator and in one in-memory workbook shared by two sessions (host.interleave), and the
// invariants checked after each.
//
// A case: Get data (rolling) two days (a week for the weekly table) before the simulator's today, a calculated
// column and a notes column beside the table; the clock moves on; then session 0 refreshes while session 1
// refreshes too, or does one thing a co-author does in the grid. After the interleaving: each refresh refreshed
// or was refused in words (tableChangedText) with nothing written; a refused one, run again, refreshes; then the
// table holds each key once, no key lost, its service columns equal a fresh pull, its calculated column in every
// row, each note on its row's key, the co-author's edit kept, no staging sheet left. Each check returns what it
// found wrong, so a case that fails is explained by name. The cases and their orders are here; preparing a case,
// running one interleaving and the checks are coauthorInterleaving.ts's.
import type { RunningSimulator } from "../simulator";
import { type PickTurn } from "../workbook-host";
import type { IsoDate } from "../../src/core/dates";
import type { Query } from "../../src/core/query/query";
import { type Fresh } from "./scenarioWorld";
import { asQuery } from "./support";

export const COAUTHOR_TODAY: IsoDate = "2026-11-23"; // a Monday
/** The day of the other simulator, for a co-author whose refresh reads the service a day later (other figures). */
export const COAUTHOR_LATER: IsoDate = "2026-11-24";

/**
 * The service: `now` (its clock set by each case: Get data, then COAUTHOR_TODAY) and `later`, a second simulator
 * at COAUTHOR_LATER, for "another refresh, a day later".
 */
export interface CoauthorService {
  now: RunningSimulator;
  later: RunningSimulator;
}

/** What a fresh pull of a kind's query writes, from either simulator. */
export interface FreshTables {
  now: Fresh;
  later: Fresh;
}

export interface CoauthorKind {
  label: "daily SKU" | "weekly SKU" | "daily store";
  query: Query;
  /** The period and the key fields, as headed. */
  keys: string[];
  /** The service's today at Get data: the refresh then re-reads revised periods and adds new ones. */
  pulledOn: IsoDate;
}

const base = { retailers: "northmart", metrics: "revenue,units" } as const;
export const COAUTHOR_KINDS: CoauthorKind[] = [
  {
    label: "daily SKU",
    query: asQuery({ ...base, level: "sku", timeframe: "daily", from: "2026-11-01", to: "2026-11-21" }),
    keys: ["date", "sku"],
    pulledOn: "2026-11-21",
  },
  {
    label: "weekly SKU",
    query: asQuery({ ...base, level: "sku", timeframe: "weekly", from: "2026-09-07", to: "2026-11-16" }),
    keys: ["week", "sku"],
    pulledOn: "2026-11-16",
  },
  {
    label: "daily store",
    query: asQuery({ ...base, level: "store", timeframe: "daily", from: "2026-11-11", to: "2026-11-21" }),
    keys: ["date", "store_id", "sku"],
    pulledOn: "2026-11-21",
  },
];

/** What session 1 does while session 0 refreshes. */
export type CoauthorEdit =
  | "another refresh"
  | "another refresh, a day later"
  | "a note typed in a recent row"
  | "a note typed in a row the refresh moves"
  | "a figure typed in a settled row"
  | "a column added beside the table";

export const COAUTHOR_EDITS: CoauthorEdit[] = [
  "another refresh",
  "another refresh, a day later",
  "a note typed in a recent row",
  "a note typed in a row the refresh moves",
  "a figure typed in a settled row",
  "a column added beside the table",
];

export interface CoauthorCase {
  kind: CoauthorKind;
  /** Small block limits: the window goes through a staging sheet in blocks (a sync each). */
  staged: boolean;
  edit: CoauthorEdit;
}

/** Every case: each kind, in one write and staged, with each edit (in that order). */
export const COAUTHOR_CASES: CoauthorCase[] = COAUTHOR_KINDS.flatMap((kind) =>
  [false, true].flatMap((staged) => COAUTHOR_EDITS.map((edit) => ({ kind, staged, edit }))),
);

export const caseLabel = (c: CoauthorCase): string => `${c.kind.label}${c.staged ? ", staged" : ""}, ${c.edit}`;

/** What the simulator's size is for these cases (small tables: each interleaving pulls and refreshes anew). */
export const COAUTHOR_SIMULATOR = { skus: 3, stores: 2 };

// ---- turns ----

/** Session `lead` takes `k` turns, then the other session all of its, then `lead` the rest. */
export function blockAt(lead: number, k: number): PickTurn {
  let given = 0;
  return (waiting) => {
    const other = waiting.find((s) => s !== lead);
    const chosen = waiting.includes(lead) && (given < k || other === undefined) ? lead : (other ?? waiting[0]);
    if (chosen === lead) given++;
    return chosen;
  };
}

/** A seeded random turn each time (mulberry32): the same seed, the same interleaving. */
export function seededTurns(seed: number): PickTurn {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (waiting) => waiting[Math.floor(random() * waiting.length)];
}

/** Whether session 1 refreshes too (else it types). */
export const refreshesToo = (edit: CoauthorEdit): boolean => edit.startsWith("another refresh");

/** Both simulators, small (COAUTHOR_SIMULATOR), on 127.0.0.1; the caller closes them (stopCoauthorService). */
export async function startCoauthorService(
  start: (opts: { today: IsoDate; skus: number; stores: number }) => Promise<RunningSimulator>,
): Promise<CoauthorService> {
  const now = await start({ today: COAUTHOR_TODAY, ...COAUTHOR_SIMULATOR });
  return { now, later: await start({ today: COAUTHOR_LATER, ...COAUTHOR_SIMULATOR }) };
}

export async function stopCoauthorService(service: CoauthorService): Promise<void> {
  await service.now.close();
  await service.later.close();
}
