// The sync bench's processes: the real command (bin/sales-data.cjs) and the floor's parts, each a process of its own
// whose time is taken from its start to its exit and whose peak RSS is its own (peakRss.cjs).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const REPO = join(__dirname, "..", "..");

/** A process of `node args`; its stdout and seconds, once it has exited 0 (else an error with what it said). */
export function finished(args: string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; seconds: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  let stdout = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve, reject) =>
    child.once("exit", (code) => {
      const seconds = (performance.now() - t0) / 1000;
      if (code === 0) resolve({ stdout, seconds });
      else reject(new Error(`${args.join(" ")} ended with ${code}: ${stdout}`));
    }),
  );
}

export interface CommandSync {
  /** The sync file entry, as --query takes it; or `file`, a sync file's path. */
  entry?: unknown;
  file?: string;
  /** The database address (--db). */
  address: string;
  /** The service's address, key and today. */
  url: string;
  apiKey: string;
  today: string;
  /** A file the peak is written to. */
  peakFile: string;
}

/**
 * `sales-data sync` of one entry (or a sync file's) in a process of its own: its seconds, its own peak RSS (MB) and
 * the rows it inserted (every table's).
 */
export async function commandSync(s: CommandSync): Promise<{ seconds: number; peakMb: number; inserted: number }> {
  const args = ["--require", join(__dirname, "peakRss.cjs"), join(REPO, "bin", "sales-data.cjs")];
  const what = s.file !== undefined ? [s.file] : ["--query", JSON.stringify(s.entry)];
  const { stdout, seconds } = await finished([...args, "sync", ...what, "--db", s.address, "--json"], {
    ...process.env,
    SALES_DATA_API_KEY: s.apiKey,
    SALES_DATA_URL: s.url,
    SALES_DATA_TODAY: s.today,
    PEAK_RSS_FILE: s.peakFile,
  });
  const { tables } = JSON.parse(stdout) as { tables: { outcome: string; inserted: number; message: string }[] };
  for (const r of tables) if (r.outcome !== "synced") throw new Error(`the sync ended ${r.outcome}: ${r.message}`);
  const inserted = tables.reduce((n, r) => n + r.inserted, 0);
  return { seconds, peakMb: Number(readFileSync(s.peakFile, "utf8")) / 1024, inserted };
}
