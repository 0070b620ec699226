// Whether tables' writes interleaved: Refresh all writes one table at a time, each table's writing
// syncs one after the other, never another table's between them (the syncs' tablesWritten), and its Excel.run
// batches one at a time, never one's syncs between another's (the syncs' run).
import type { SyncRecord } from "./payload";

/**
 * The tables (of `tables`, by name in any case; default every table written) whose writing syncs are not
 * contiguous: written, then another table written, then written again; or written in one sync with another.
 * [] when every table's writes were one run of syncs. Syncs that wrote none of them do not break a run.
 */
export function interleavedWrites(log: readonly SyncRecord[], tables?: readonly string[]): string[] {
  const watched = tables && new Set(tables.map((t) => t.toLowerCase()));
  const interleaved = new Set<string>();
  const ended = new Set<string>();
  let current: string | undefined;
  for (const sync of log) {
    const names = [...new Set(sync.tablesWritten.map((t) => t.toLowerCase()))].filter(
      (t) => !watched || watched.has(t),
    );
    if (names.length > 1) names.forEach((t) => interleaved.add(t));
    for (const name of names) {
      if (name === current) continue;
      if (ended.has(name)) interleaved.add(name);
      if (current) ended.add(current);
      current = name;
    }
  }
  return [...interleaved];
}

/**
 * The Excel.run batches (SyncRecord.run) whose syncs are not contiguous: another batch synced between two of
 * theirs. [] when the batches ran one at a time.
 */
export function interleavedRuns(log: readonly SyncRecord[]): number[] {
  const interleaved = new Set<number>();
  const ended = new Set<number>();
  let current: number | undefined;
  for (const { run } of log) {
    if (run === current) continue;
    if (ended.has(run)) interleaved.add(run);
    if (current !== undefined) ended.add(current);
    current = run;
  }
  return [...interleaved];
}
