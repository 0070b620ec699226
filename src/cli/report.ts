// What the command prints: each table's outcome and what the rules said; `list` and `runs` as plain columns;
// the progress of reads (a bar on a terminal, plain lines otherwise), always on stderr so stdout stays the result.
import { MultiBar, Presets, type SingleBar } from "cli-progress";
import { plural } from "../core/words";
import type { RecordedRun, SyncedTable, SyncProgress, TableSyncResult } from "../sync";

export interface Out {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Each table's outcome, then what the answer check and the rules said, indented. */
export function resultLines(results: readonly TableSyncResult[]): string[] {
  return results.flatMap((r) => [r.message, ...r.warnings.map((w) => `  - ${w}`)]);
}

/** A moment as the command writes it: "2026-11-28 10:07:57 UTC". */
const when = (d: Date) =>
  d
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");

/** A count as the command writes it everywhere: "2,256". */
const count = (n: number) => n.toLocaleString("en-US");

export function listLines(tables: readonly SyncedTable[]): string[] {
  if (tables.length === 0) return ["Nothing is synced in this database yet."];
  return tables.map((t) => {
    const r = t.lastRun;
    const rows = t.rows === null ? "table dropped" : plural(t.rows, "row");
    const reason = r.reason ? ` (${r.reason})` : "";
    return `${t.table}: ${rows}; last run ended ${when(r.endedAt)}: ${r.outcome}${reason} [run #${r.id}]`;
  });
}

export function runLines(runs: readonly RecordedRun[]): string[] {
  if (runs.length === 0) return ["No runs recorded in this database yet."];
  return runs.map((r) => {
    // The dates the run rewrote (or held); a run that failed before its dates, or had none to re-read, wrote none.
    const window = r.window ? `${r.window.from} to ${r.window.to}` : "no dates written";
    const counts = `${count(r.deleted)} deleted, ${count(r.inserted)} inserted, ${count(r.changed)} changed`;
    return `#${r.id} ${when(r.startedAt)} ${r.table}: ${r.outcome}, ${window}, ${counts}${r.reason ? `: ${r.reason}` : ""}`;
  });
}

/** A run as --json prints it. */
export const runJson = (r: RecordedRun) => ({
  ...r,
  startedAt: r.startedAt.toISOString(),
  endedAt: r.endedAt.toISOString(),
});

/** Progress of the reads: a bar per table on a terminal, otherwise a line per chunk. */
export function progressReporter(
  stream: NodeJS.WriteStream,
  out: Out,
): {
  onProgress: (p: SyncProgress) => void;
  stop: () => void;
} {
  if (!stream.isTTY) {
    return {
      onProgress: (p) =>
        out.err(
          `${p.table}: read ${p.chunk} of ${p.chunks} chunks${p.rows ? `, ${p.rows.toLocaleString("en-US")} rows` : ""}`,
        ),
      stop: () => undefined,
    };
  }
  const bars = new MultiBar(
    { stream, format: "{table} [{bar}] {value}/{total} chunks, {rows} rows", hideCursor: true, clearOnComplete: false },
    Presets.shades_classic,
  );
  const byTable = new Map<string, SingleBar>();
  return {
    onProgress: (p) => {
      let bar = byTable.get(p.table);
      if (!bar) byTable.set(p.table, (bar = bars.create(p.chunks, 0, { table: p.table, rows: "0" })));
      bar.update(p.chunk, { table: p.table, rows: p.rows.toLocaleString("en-US") });
    },
    stop: () => bars.stop(),
  };
}
