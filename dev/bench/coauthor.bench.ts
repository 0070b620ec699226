// coauthor.interleavings_total / coauthor.interleavings_kept: two people refreshing one
// workbook. A fixed, seeded set of interleavings of two sessions' sync points (dev/bench/coauthorCases.ts: the
// simulator in-process over HTTP, one in-memory workbook shared by two sessions) for daily SKU, weekly SKU and
// daily store tables, in one write and staged: two refreshes on the same day (4 seeded orders), two a day apart
// (2), and each thing a co-author types (a note in a recent row, a note in a row the refresh moves, a figure in a
// settled row, a column beside the table) at a seeded turn among the refresh's syncs. Kept: every invariant of
// coauthorCases.ts held (no key twice, no row lost, one answer's rows, the user's cells on their rows, the edit
// kept, a refused refresh refused in words with nothing written and refreshed when run again). An interleaving
// not kept is printed to stderr with its turns.
import { startSimulator } from "../simulator";
import {
  COAUTHOR_CASES,
  blockAt,
  caseLabel,
  refreshesToo,
  seededTurns,
  startCoauthorService,
  stopCoauthorService,
  type CoauthorKind,
  type FreshTables,
} from "./coauthorCases";
import { freshTablesOf, prepareCase, runInterleaving, soloTurns } from "./coauthorInterleaving";
import type { Report } from "./run";

/** Orders per case: seeded mixes for two refreshes; for a person's action, seeded turns among the refresh's. */
const ORDERS: Record<string, number> = { "another refresh": 4, "another refresh, a day later": 2 };

export async function run(report: Report): Promise<void> {
  const service = await startCoauthorService((opts) => startSimulator({ port: 0, ...opts }));
  const freshOf = new Map<CoauthorKind, FreshTables>();
  let total = 0;
  let kept = 0;
  try {
    for (const c of COAUTHOR_CASES) {
      const fresh = freshOf.get(c.kind) ?? (await freshTablesOf(service, c.kind));
      freshOf.set(c.kind, fresh);
      const prepared = await prepareCase(service, c);
      const n = refreshesToo(c.edit) ? 0 : await soloTurns(prepared, fresh);
      for (let seed = 1; seed <= (ORDERS[c.edit] ?? 1); seed++) {
        // A person's action: after a seeded number of the refresh's turns (0 .. all of them).
        const pick = refreshesToo(c.edit)
          ? seededTurns(seed)
          : blockAt(0, Math.floor(seededUnit(seed + total) * (n + 1)));
        total++;
        const r = await runInterleaving(prepared, fresh, pick);
        if (r.problems.length === 0) kept++;
        else process.stderr.write(`coauthor: ${caseLabel(c)}, turns ${r.turns.join("")}: ${r.problems.join("; ")}\n`);
      }
    }
  } finally {
    await stopCoauthorService(service);
  }
  report("coauthor.interleavings_total", total, { above: 0 });
  report("coauthor.interleavings_kept", kept, { equals: total });
}

/** A number in [0, 1) from a seed (the first draw of seededTurns' generator over two choices). */
function seededUnit(seed: number): number {
  const pick = seededTurns(seed);
  let draws = 0;
  // Eight coin flips from the seeded generator make the fraction.
  for (let i = 0; i < 8; i++) draws = draws * 2 + pick([0, 1], i);
  return draws / 256;
}
